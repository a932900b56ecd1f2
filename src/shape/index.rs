//! How many indices an element of a static or mixed layout takes: `t[[i, j]]`
//! on a tensor of rank 2, and a wrong number does not compile.

use crate::shape::axes::{Axis, Len, Position};
use crate::shape::list::Layout;

/// A layout whose elements are addressed by `K` indices (its rank is `K`).
#[diagnostic::on_unimplemented(
    message = "a tensor of layout `{Self}` is not indexed by {K} indices",
    label = "give one index per dimension of the layout"
)]
pub trait IndexCount<const K: usize>: Layout {}
#[diagnostic::do_not_recommend]
impl<S: Layout, const K: usize> IndexCount<K> for S
where
    Axis<K>: Position,
    S::List: Len<P = <Axis<K> as Position>::P>,
{
}
