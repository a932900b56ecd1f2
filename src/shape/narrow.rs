//! The layouts of views of static and mixed layouts: narrowing an axis to a
//! range known at compile time gives a static size (and a range past the
//! end does not compile), a range known only at run time gives a `Dyn`
//! dimension.

use core::ops::Add;

use typenum::{Const, IsLessOrEqual, Sum, ToUInt, True, U, U1};

use crate::shape::axes::{Axis, GetAt, Position, SetAt};
use crate::shape::dim::{Big, D, D1, Dyn};
use crate::shape::list::Layout;
use crate::shape::mixed::ToLayout;

/// A dimension that holds the positions `START..START + LEN`. Static sizes
/// up to 1024 are checked by the compiler; `Big` sizes and `Dyn` when the
/// program runs.
#[diagnostic::on_unimplemented(
    message = "cannot narrow the dimension `{Self}` to {LEN} positions from {START}: start + length exceeds its size",
    label = "start + length must be at most the dimension's size",
    note = "an axis with a name cannot be narrowed at compile time; use the runtime `narrow`"
)]
pub trait HoldsRange<const START: usize, const LEN: usize> {}
#[diagnostic::do_not_recommend]
impl<const N: usize, const START: usize, const LEN: usize> HoldsRange<START, LEN> for D<N>
where
    Const<N>: ToUInt,
    Const<START>: ToUInt,
    Const<LEN>: ToUInt,
    U<START>: Add<U<LEN>>,
    Sum<U<START>, U<LEN>>: IsLessOrEqual<U<N>, Output = True>,
{
}
#[diagnostic::do_not_recommend]
impl<const START: usize, const LEN: usize> HoldsRange<START, LEN> for D1
where
    Const<START>: ToUInt,
    Const<LEN>: ToUInt,
    U<START>: Add<U<LEN>>,
    Sum<U<START>, U<LEN>>: IsLessOrEqual<U1, Output = True>,
{
}
// Checked when the program runs (typenum's numbers stop at 1024).
#[diagnostic::do_not_recommend]
impl<const N: usize, const START: usize, const LEN: usize> HoldsRange<START, LEN> for Big<N> {}
#[diagnostic::do_not_recommend]
impl<const START: usize, const LEN: usize> HoldsRange<START, LEN> for Dyn {}

/// A layout whose axis `K` can be narrowed to `LEN` positions from
/// `START`, the new dimension being `X` (`dim!(LEN)`, which the
/// [`narrow!`](crate::narrow!) macro writes).
pub trait NarrowStatic<const K: usize, const START: usize, const LEN: usize, X>: Layout {
    /// The result layout.
    type Out: Layout;
}
impl<S: Layout, const K: usize, const START: usize, const LEN: usize, X>
    NarrowStatic<K, START, LEN, X> for S
where
    Axis<K>: Position,
    S::List: GetAt<<Axis<K> as Position>::P> + SetAt<<Axis<K> as Position>::P, X>,
    <S::List as GetAt<<Axis<K> as Position>::P>>::Out: HoldsRange<START, LEN>,
    <S::List as SetAt<<Axis<K> as Position>::P, X>>::Out: ToLayout,
{
    type Out = <<S::List as SetAt<<Axis<K> as Position>::P, X>>::Out as ToLayout>::Out;
}
/// The layout of `S` with axis `K` narrowed to the static dimension `X`.
pub type NarrowedStatic<S, const K: usize, const START: usize, const LEN: usize, X> =
    <S as NarrowStatic<K, START, LEN, X>>::Out;

/// A layout whose axis `K` can be narrowed at run time: the axis becomes `Dyn`.
#[diagnostic::on_unimplemented(
    message = "cannot narrow axis {K} of a tensor of layout `{Self}`: past its rank",
    label = "the axis must be less than the rank"
)]
pub trait NarrowDyn<const K: usize>: Layout {
    /// The result layout.
    type Out: Layout;
}
#[diagnostic::do_not_recommend]
impl<S: Layout, const K: usize> NarrowDyn<K> for S
where
    Axis<K>: Position,
    S::List: SetAt<<Axis<K> as Position>::P, Dyn>,
    <S::List as SetAt<<Axis<K> as Position>::P, Dyn>>::Out: ToLayout,
{
    type Out = <<S::List as SetAt<<Axis<K> as Position>::P, Dyn>>::Out as ToLayout>::Out;
}
/// The layout of `S` with axis `K` of a runtime size.
pub type NarrowedDyn<S, const K: usize> = <S as NarrowDyn<K>>::Out;
