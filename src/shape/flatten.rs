//! The layout of `flatten()` on static and mixed layouts: one dimension,
//! the element count. A static shape whose count is at most 1024 gives
//! the static `shape![N]`; a count above 1024, or a layout with a `Big` or
//! `Dyn` size, gives `shape![Dyn]` (see [`product`](crate::shape::product)).
//! Rank 0 gives `shape![1]`.
//!
//! | operation | bound | result layout |
//! |---|---|---|
//! | `flatten()` | `S: Flatten` | `Flattened<S>` |
//!
//! ```
//! use shaped::shape::flatten::Flattened;
//! use shaped::{shape, Dyn, Tensor};
//! let t = Tensor::<i32, shape![2, 3]>::arange();
//! let f: Tensor<i32, Flattened<shape![2, 3]>> = t.flatten();
//! let same: Tensor<i32, shape![6]> = f;
//! assert_eq!(same.as_slice(), &[0, 1, 2, 3, 4, 5]);
//! let big: Tensor<i32, shape![Dyn]> = Tensor::<i32, shape![40, 30]>::zeros().flatten();
//! assert_eq!(big.numel(), 1200);
//! ```

use crate::shape::list::{Cons, Layout, Nil};
use crate::shape::mixed::ToLayout;
use crate::shape::product::CountDim;
use crate::shape::reshape::ElementCount;

/// A layout whose elements flatten into one dimension the compiler can
/// name: every static and mixed layout.
#[diagnostic::on_unimplemented(
    message = "cannot flatten a tensor of layout `{Self}` into a layout the compiler knows",
    note = "generic code names this bound: `S: Flatten`, with the result layout `Flattened<S>`"
)]
pub trait Flatten: Layout {
    /// The result layout: `shape![N]` or `shape![Dyn]`.
    type Out: Layout;
}
impl<S: Layout> Flatten for S
where
    S::List: ElementCount,
    <S::List as ElementCount>::Count: CountDim,
    Cons<<<S::List as ElementCount>::Count as CountDim>::Out, Nil>: ToLayout,
{
    type Out = <Cons<<<S::List as ElementCount>::Count as CountDim>::Out, Nil> as ToLayout>::Out;
}

/// The layout of `flatten()` of a tensor of layout `S`.
pub type Flattened<S> = <S as Flatten>::Out;
