//! The layouts of views of static and mixed layouts: narrowing an axis to a
//! range known at compile time gives a static size (and a range past the
//! end does not compile), a single index known at compile time drops the
//! axis (and one past the end does not compile), a range known only at run
//! time gives a `Dyn` dimension. The axis may be `Axis<K>`,
//! [`AxisFromEnd<K>`](crate::AxisFromEnd) or a dimension name, and a named
//! dimension keeps its name.

use core::ops::Add;

use typenum::{Const, IsLess, IsLessOrEqual, Sum, ToUInt, True, U, U1};

use crate::shape::axes::{AxisOf, GetAt, Nat, SetAt};
use crate::shape::dim::{Big, D, D1, Dyn};
use crate::shape::list::{Cons, Layout};
use crate::shape::mixed::Mixed;
use crate::shape::mixed::ToLayout;
use crate::shape::names::Named;
use crate::shape::toolkit::ReduceAxes;

/// A dimension that holds the positions `START..START + LEN`. Static sizes
/// up to 1024 are checked by the compiler; `Big` sizes and `Dyn` when the
/// program runs.
#[diagnostic::on_unimplemented(
    message = "cannot narrow the dimension `{Self}` to {LEN} positions from {START}: start + length exceeds its size",
    label = "start + length must be at most the dimension's size"
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
// A named dimension: its size decides.
#[diagnostic::do_not_recommend]
impl<Nm, X: HoldsRange<START, LEN>, const START: usize, const LEN: usize> HoldsRange<START, LEN>
    for Named<Nm, X>
{
}

/// A dimension that has the position `I`: checked by the compiler for
/// static sizes up to 1024, when the program runs for `Big` and `Dyn`.
#[diagnostic::on_unimplemented(
    message = "index {I} is out of bounds for the dimension `{Self}`",
    label = "the index must be less than the dimension's size"
)]
pub trait HoldsIndex<const I: usize> {}
#[diagnostic::do_not_recommend]
impl<const N: usize, const I: usize> HoldsIndex<I> for D<N>
where
    Const<N>: ToUInt,
    Const<I>: ToUInt,
    U<I>: IsLess<U<N>, Output = True>,
{
}
#[diagnostic::do_not_recommend]
impl<const I: usize> HoldsIndex<I> for D1
where
    Const<I>: ToUInt,
    U<I>: IsLess<U1, Output = True>,
{
}
#[diagnostic::do_not_recommend]
impl<const N: usize, const I: usize> HoldsIndex<I> for Big<N> {}
#[diagnostic::do_not_recommend]
impl<const I: usize> HoldsIndex<I> for Dyn {}
#[diagnostic::do_not_recommend]
impl<Nm, X: HoldsIndex<I>, const I: usize> HoldsIndex<I> for Named<Nm, X> {}

/// A dimension given the size `X`, keeping its name if it has one (and
/// `X` is static, see [`NamedAs`]).
pub trait Resize<X> {
    /// The new dimension.
    type Out;
}
impl<X> Resize<X> for D1 {
    type Out = X;
}
impl<X, const N: usize> Resize<X> for D<N> {
    type Out = X;
}
impl<X, const N: usize> Resize<X> for Big<N> {
    type Out = X;
}
impl<X> Resize<X> for Dyn {
    type Out = X;
}
impl<X: NamedAs<Nm>, Nm, Y> Resize<X> for Named<Nm, Y> {
    type Out = X::Out;
}

/// A dimension given the name `Nm`: static sizes take it, `Dyn` cannot
/// carry a name in a layout and stays unnamed (its view keeps the name
/// at run time).
pub trait NamedAs<Nm> {
    /// The dimension.
    type Out;
}
impl<Nm> NamedAs<Nm> for D1 {
    type Out = Named<Nm, D1>;
}
impl<Nm, const N: usize> NamedAs<Nm> for D<N> {
    type Out = Named<Nm, D<N>>;
}
impl<Nm, const N: usize> NamedAs<Nm> for Big<N> {
    type Out = Named<Nm, Big<N>>;
}
impl<Nm> NamedAs<Nm> for Dyn {
    type Out = Dyn;
}

/// The dimension at the axis `A` of the layout `S`.
type DimAt<S, A> = <<S as Layout>::List as GetAt<<A as AxisOf<<S as Layout>::List>>::P>>::Out;
/// The list of `S` with the dimension at `A` resized to `X`.
type ResizedList<S, A, X> = <<S as Layout>::List as SetAt<
    <A as AxisOf<<S as Layout>::List>>::P,
    <DimAt<S, A> as Resize<X>>::Out,
>>::Out;

/// A layout whose axis `A` can be narrowed to `LEN` positions from
/// `START`, the new dimension being `X` (`dim!(LEN)`, which the
/// [`narrow!`](crate::narrow!) and [`slice!`](crate::slice!) macros write)
/// with the axis's name: the bound of `narrow!` and of a literal range in
/// `slice!` for generic code, with the result layout
/// [`NarrowedStatic<S, A, START, LEN, dim!(LEN)>`](NarrowedStatic).
///
/// ```
/// use shaped::shape::narrow::{NarrowStatic, NarrowedStatic};
/// use shaped::{dim, narrow, shape, AxisFromEnd, Dyn, Tensor};
/// // The homogeneous coordinate of each point: the last column.
/// fn last<S: NarrowStatic<AxisFromEnd<1>, 3, 1, dim!(1)>>(
///     h: &Tensor<f64, S>,
/// ) -> Tensor<f64, NarrowedStatic<S, AxisFromEnd<1>, 3, 1, dim!(1)>> {
///     narrow!(h.view(), AxisFromEnd::<1>, 3..4).to_owned()
/// }
/// let h = Tensor::<f64, shape![Dyn, 4]>::from_fn_sized(&[2], |k| k as f64);
/// let w: Tensor<f64, shape![Dyn, 1]> = last(&h);
/// assert_eq!(w.to_vec(), vec![3.0, 7.0]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot narrow the axis `{A}` of a tensor of layout `{Self}` to {LEN} positions from {START}",
    label = "the axis must be an axis of the tensor, holding positions {START}..{START} + {LEN}",
    note = "generic code names this bound: `S: NarrowStatic<A, START, LEN, dim!(LEN)>`, with the result layout `NarrowedStatic<S, A, START, LEN, dim!(LEN)>`"
)]
pub trait NarrowStatic<A, const START: usize, const LEN: usize, X>: Layout {
    /// The result layout.
    type Out: Layout;
    /// The axis's position.
    const AXIS: usize;
}
// One impl per kind of layout, not a blanket one: a type parameter `S`
// matches none, so generic code is told the bound `S: NarrowStatic<..>`,
// while a concrete layout is followed down to the check that fails (an
// axis it lacks, a range past the end of the dimension).
impl<H, T, A, const START: usize, const LEN: usize, X> NarrowStatic<A, START, LEN, X> for Cons<H, T>
where
    Cons<H, T>: NarrowRule<A, START, LEN, X>,
{
    type Out = <Self as NarrowRule<A, START, LEN, X>>::Out;
    const AXIS: usize = <Self as NarrowRule<A, START, LEN, X>>::AXIS;
}
impl<L, A, const START: usize, const LEN: usize, X> NarrowStatic<A, START, LEN, X> for Mixed<L>
where
    Mixed<L>: NarrowRule<A, START, LEN, X>,
{
    type Out = <Self as NarrowRule<A, START, LEN, X>>::Out;
    const AXIS: usize = <Self as NarrowRule<A, START, LEN, X>>::AXIS;
}
/// [`NarrowStatic`] for every layout.
pub trait NarrowRule<A, const START: usize, const LEN: usize, X>: Layout {
    /// See [`NarrowStatic::Out`].
    type Out: Layout;
    /// See [`NarrowStatic::AXIS`].
    const AXIS: usize;
}
impl<S: Layout, A, const START: usize, const LEN: usize, X> NarrowRule<A, START, LEN, X> for S
where
    A: AxisOf<S::List>,
    S::List: GetAt<A::P> + SetAt<A::P, <DimAt<S, A> as Resize<X>>::Out>,
    DimAt<S, A>: HoldsRange<START, LEN> + Resize<X>,
    ResizedList<S, A, X>: ToLayout,
{
    type Out = <ResizedList<S, A, X> as ToLayout>::Out;
    const AXIS: usize = <A::P as Nat>::N;
}
/// The layout of `S` with axis `A` narrowed to the static dimension `X`.
pub type NarrowedStatic<S, A, const START: usize, const LEN: usize, X> =
    <S as NarrowStatic<A, START, LEN, X>>::Out;

/// A layout whose axis `A` has the position `I`, known at compile time;
/// the result of indexing it drops the axis.
pub trait IndexStatic<A, const I: usize>: ReduceAxes<A> {
    /// The axis's position.
    const AXIS: usize;
}
impl<S, A, const I: usize> IndexStatic<A, I> for S
where
    S: ReduceAxes<A>,
    A: AxisOf<S::List>,
    S::List: GetAt<A::P>,
    DimAt<S, A>: HoldsIndex<I>,
{
    const AXIS: usize = <A::P as Nat>::N;
}

/// A layout whose axis `A` can be narrowed at run time: the axis becomes
/// `Dyn` (keeping its name).
#[diagnostic::on_unimplemented(
    message = "cannot narrow the axis `{A}` of a tensor of layout `{Self}`",
    label = "the axis must be an axis of the tensor"
)]
pub trait NarrowDyn<A>: Layout {
    /// The result layout.
    type Out: Layout;
    /// The axis's position.
    const AXIS: usize;
}
#[diagnostic::do_not_recommend]
impl<S: Layout, A> NarrowDyn<A> for S
where
    A: AxisOf<S::List>,
    S::List: GetAt<A::P> + SetAt<A::P, <DimAt<S, A> as Resize<Dyn>>::Out>,
    DimAt<S, A>: Resize<Dyn>,
    ResizedList<S, A, Dyn>: ToLayout,
{
    type Out = <ResizedList<S, A, Dyn> as ToLayout>::Out;
    const AXIS: usize = <A::P as Nat>::N;
}
/// The layout of `S` with axis `A` of a runtime size.
pub type NarrowedDyn<S, A> = <S as NarrowDyn<A>>::Out;
