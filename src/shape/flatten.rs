//! The layout of `flatten()` on static and mixed layouts: one dimension,
//! the element count. A static shape whose count is at most 1024 gives
//! the static `shape![N]`; a count above 1024, or a layout with a `Big` or
//! `Dyn` size, gives `shape![Dyn]` (see [`product`](crate::shape::product)).
//! Rank 0 gives `shape![1]`.
//!
//! | operation | bound | result layout |
//! |---|---|---|
//! | `flatten()` | `S: Flatten` | `Flattened<S>` |
//! | `flatten_dims(Axis::<A>, Axis::<B>)` | `S: FlattenDims<A, B>` | `FlattenedDims<S, A, B>` |
//!
//! `flatten_dims(Axis::<A>, Axis::<B>)` (PyTorch's `flatten(start_dim,
//! end_dim)`) merges axes `A` to `B` into one dimension the same way, the
//! others keeping their sizes and names; an axis out of range, or `A`
//! after `B`, does not compile.
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

use typenum::{B1, Const, IsLessOrEqual, LeEq, ToUInt, U};

use crate::shape::axes::{Axis, AxisOf, Minus, Position, Succ, Z};
use crate::shape::diagnostic::Mismatch;
use crate::shape::list::{Cons, Layout, Nil};
use crate::shape::mixed::ToLayout;
use crate::shape::product::CountDim;
use crate::shape::reshape::{CountTimes, ElementCount, Unknown};

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

/// The element count of the first `N + 1` dimensions of the list `Self`
/// (a typenum number, or [`Unknown`] with
/// a `Big` or `Dyn` size), and the dimensions after them.
pub trait TakeCount<N> {
    /// The count.
    type Count;
    /// The dimensions after the counted ones.
    type Rest;
}
impl<H, T> TakeCount<Z> for Cons<H, T>
where
    Cons<H, Nil>: ElementCount,
{
    type Count = <Cons<H, Nil> as ElementCount>::Count;
    type Rest = T;
}
impl<H, T: TakeCount<N>, N> TakeCount<Succ<N>> for Cons<H, T>
where
    Cons<H, Nil>: ElementCount,
    <Cons<H, Nil> as ElementCount>::Count: CountTimes<T::Count>,
{
    type Count = <<Cons<H, Nil> as ElementCount>::Count as CountTimes<T::Count>>::Out;
    type Rest = T::Rest;
}
// Past the end: `AxisOf` has already refused the axis, with the message
// that says so; these impls keep rustc from adding a second error.
impl<N> TakeCount<N> for Nil {
    type Count = Unknown;
    type Rest = Nil;
}

/// The list `Self` with the `N + 1` dimensions from position `P` merged
/// into one, of their product ([`CountDim`]).
pub trait MergeAt<P, N> {
    /// The list.
    type Out;
}
impl<L: TakeCount<N>, N> MergeAt<Z, N> for L
where
    L::Count: CountDim,
{
    type Out = Cons<<L::Count as CountDim>::Out, L::Rest>;
}
impl<H, T: MergeAt<P, N>, P, N> MergeAt<Succ<P>, N> for Cons<H, T> {
    type Out = Cons<H, T::Out>;
}
impl<P, N> MergeAt<Succ<P>, N> for Nil {
    type Out = Nil;
}

/// Two axes `Axis<S>`, `Axis<E>` with `S <= E`: `F` is typenum's
/// `S <= E` (`B1` or `B0`), and `B0` asks for [`StartAfterEnd`], whose
/// message names both axes.
pub trait InOrder<F> {}
impl<X> InOrder<B1> for X {}
// The failing bound names `F`: while `F` is not yet worked out it is
// undecided rather than false, so rustc keeps this impl and reports its
// message (a bound false whatever `F` is would drop the impl, and rustc
// would report the other one's `B1` as a type mismatch).
impl<const S: usize, const E: usize, F: Mismatch> InOrder<F> for (Axis<S>, Axis<E>) where
    (): StartAfterEnd<S, E, F>
{
}

/// Never implemented: `flatten_dims` from axis `S` to axis `E < S`.
#[diagnostic::on_unimplemented(
    message = "cannot flatten from axis {S} to axis {E}: the start axis comes after the end axis",
    label = "`flatten_dims(start, end)` needs start <= end (PyTorch: start_dim cannot come after end_dim)"
)]
pub trait StartAfterEnd<const S: usize, const E: usize, F> {}
/// Not a bit: `F` is never this. Its impl keeps [`StartAfterEnd`] from
/// being false before rustc knows the axes (they are inferred from the
/// arguments), which would make it drop the impl that reports the error.
pub enum NotABit {}
impl<const S: usize, const E: usize> StartAfterEnd<S, E, NotABit> for () {}

/// A layout whose axes `A` to `B` (both included, `Axis<A>` and
/// `Axis<B>`) merge into one: both axes of it, `A` not after `B`.
#[diagnostic::on_unimplemented(
    message = "cannot flatten the axes {A} to {B} of a tensor of layout `{Self}`",
    label = "both must be axes of the tensor, the first not after the second",
    note = "generic code names this bound: `S: FlattenDims<A, B>`, with the result layout `FlattenedDims<S, A, B>`"
)]
pub trait FlattenDims<const A: usize, const B: usize>: Layout {
    /// The result layout.
    type Out: Layout;
    /// The positions of the two axes.
    const AXES: (usize, usize);
}
// No `do_not_recommend`: for a concrete layout rustc follows the rule down
// to the check that fails (an axis, or their order), with its message.
per_layout_kind!(impl[const A: usize, const B: usize] FlattenDims<A, B> as FlattenDimsRule<A, B> { type Out; const AXES: (usize, usize); });

/// [`FlattenDims`] for every layout.
pub trait FlattenDimsRule<const A: usize, const B: usize> {
    /// See [`FlattenDims::Out`].
    type Out: Layout;
    /// See [`FlattenDims::AXES`].
    const AXES: (usize, usize);
}
/// The merged list of `L` from position `P` to position `Q`.
type Merged<L, P, Q> = <L as MergeAt<P, <Q as Minus<P>>::Out>>::Out;
/// The position of `Axis<K>`.
type Pos<const K: usize> = <Axis<K> as Position>::P;
// `Axis<K>: AxisOf` checks each axis (its error names it and the rank);
// the positions are `Axis<K>`'s own, known whether or not that holds, so
// that the order check names the two axes in decimal.
impl<S: Layout, const A: usize, const B: usize> FlattenDimsRule<A, B> for S
where
    Axis<A>: AxisOf<S::List> + Position,
    Axis<B>: AxisOf<S::List> + Position,
    Const<A>: ToUInt,
    Const<B>: ToUInt,
    U<A>: IsLessOrEqual<U<B>>,
    (Axis<A>, Axis<B>): InOrder<LeEq<U<A>, U<B>>>,
    Pos<B>: Minus<Pos<A>>,
    S::List: MergeAt<Pos<A>, <Pos<B> as Minus<Pos<A>>>::Out>,
    Merged<S::List, Pos<A>, Pos<B>>: ToLayout,
{
    type Out = <Merged<S::List, Pos<A>, Pos<B>> as ToLayout>::Out;
    const AXES: (usize, usize) = (A, B);
}

/// `S` with its axes `A` to `B` merged into one.
pub type FlattenedDims<S, const A: usize, const B: usize> = <S as FlattenDims<A, B>>::Out;
