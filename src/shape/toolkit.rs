//! The public bounds of the toolkit on static and mixed layouts: one trait
//! per operation family, with the result layout as an alias, for generic
//! code to name in a `where` clause.
//!
//! | operation | bound | result layout |
//! |---|---|---|
//! | reductions over the axes `X` | `S: ReduceAxes<X>` | `KeepDims<S, X>`, `DropDims<S, X>` |
//! | `unsqueeze(Axis::<K>)` | `S: Unsqueeze<K>` | `Unsqueezed<S, K>` |
//! | `squeeze(Axis::<K>)` | `S: Squeeze<K>` | `Squeezed<S, K>` |
//! | `squeeze(a)`, any one axis `a` | `S: SqueezeAxis<A>` | `SqueezedAxis<S, A>` |
//! | `transpose(Axis::<A>, Axis::<B>)` | `S: Transpose<A, B>` | `Transposed<S, A, B>` |
//! | `transpose(a, b)`, any two axes | `S: TransposeAxes<A, B>` | `TransposedAxes<S, A, B>` |
//! | `permute((a, b, ..))` | `S: Permute<P>` | `Permuted<S, P>` |
//!
//! An axis is `Axis<K>` (from the left), [`AxisFromEnd<K>`](crate::AxisFromEnd)
//! (from the right, 1 is the last) or a dimension name declared with
//! [`dim_names!`](crate::dim_names!), resolved to its position at compile
//! time ([`crate::shape::axes::AxisOf`]); `Squeeze<K>` and
//! `Transpose<A, B>` are the `Axis` cases of `SqueezeAxis` and
//! `TransposeAxes`.
//!
//! Each works on the layout's list of dimensions ([`Layout::List`]) and
//! turns the resulting list back into a layout ([`ToLayout`]): a list
//! without a `Dyn` dimension is a static shape, so reducing the only `Dyn`
//! axis of `shape![Dyn, 3]` with `keepdim` gives the static `shape![1, 3]`.
//!
//! ```
//! use shaped::shape::toolkit::{KeepDims, ReduceAxes};
//! use shaped::{shape, Axis, Dyn, Layout, Tensor};
//!
//! fn centre<S>(x: &Tensor<f32, S>) -> Tensor<f32, S>
//! where
//!     S: ReduceAxes<Axis<0>> + shaped::BroadcastWith<KeepDims<S, Axis<0>>, Output = S>,
//! {
//!     let m: Tensor<f32, KeepDims<S, Axis<0>>> = x.mean_keepdim(Axis::<0>);
//!     x - &m
//! }
//! let x = Tensor::<f32, shape![Dyn, 2]>::from_vec(vec![1.0, 2.0, 3.0, 6.0], &[2]).unwrap();
//! assert_eq!(centre(&x).to_vec(), vec![-1.0, -2.0, 1.0, 2.0]);
//! ```

use crate::shape::axes::Axis;
use crate::shape::axes::{
    Axes, AxisOf, DropReduced, GetAt, InsertAt, KeepReduced, Nat, Permutation, Position, RemoveAt,
    SetAt, SqueezeIfFound,
};
use crate::shape::dim::D1;
use crate::shape::list::{Cons, Layout, Nil};
use crate::shape::mixed::Mixed;
use crate::shape::mixed::ToLayout;

/// A layout that can be reduced over the axes `X`: `Axis<K>`,
/// [`AxisFromEnd<K>`](crate::AxisFromEnd), a dimension name, or a tuple of
/// them; each axis in range and listed once.
#[diagnostic::on_unimplemented(
    message = "cannot reduce a tensor of layout `{Self}` over `{X}`",
    label = "the reduced axes must be axes of the tensor, each listed once",
    note = "generic code names this bound: `S: ReduceAxes<X>`, with the result layouts `KeepDims<S, X>` and `DropDims<S, X>`"
)]
pub trait ReduceAxes<X>: Layout {
    /// The result layout with the reduced axes kept as size 1.
    type Keep: Layout;
    /// The result layout without the reduced axes.
    type Drop: Layout;
    /// Bit `k` set for each reduced axis `k`.
    const MASK: u64;
}
// One impl per kind of layout, not a blanket one: a type parameter `S`
// matches none, so generic code is told the bound `S: ReduceAxes<X>` to
// write (and no internal trait), while a concrete shape is followed down to
// the one check that fails (an axis past the rank, listed twice, or a name
// the shape lacks), whose message says which.
impl<X: ReduceIn<Nil>> ReduceAxes<X> for Nil {
    type Keep = X::Keep;
    type Drop = X::Drop;
    const MASK: u64 = X::MASK;
}
impl<H, T, X: ReduceIn<Cons<H, T>>> ReduceAxes<X> for Cons<H, T>
where
    Cons<H, T>: Layout,
{
    type Keep = X::Keep;
    type Drop = X::Drop;
    const MASK: u64 = X::MASK;
}
impl<H, T, X: ReduceIn<Cons<H, T>>> ReduceAxes<X> for Mixed<Cons<H, T>>
where
    Mixed<Cons<H, T>>: Layout,
{
    type Keep = X::Keep;
    type Drop = X::Drop;
    const MASK: u64 = X::MASK;
}

/// The reduction of the list `L` over the axes `Self`: what [`ReduceAxes`]
/// computes, once for every kind of layout.
pub trait ReduceIn<L> {
    /// See [`ReduceAxes::Keep`].
    type Keep: Layout;
    /// See [`ReduceAxes::Drop`].
    type Drop: Layout;
    /// See [`ReduceAxes::MASK`].
    const MASK: u64;
}
impl<L, X: Axes<L>> ReduceIn<L> for X
where
    X::Marked: KeepReduced + DropReduced,
    <X::Marked as KeepReduced>::Out: ToLayout,
    <X::Marked as DropReduced>::Out: ToLayout,
{
    type Keep = <<X::Marked as KeepReduced>::Out as ToLayout>::Out;
    type Drop = <<X::Marked as DropReduced>::Out as ToLayout>::Out;
    const MASK: u64 = X::MASK;
}

mod probe {
    /// An axis set no one can name or pass.
    pub struct Unnameable;
    /// Another one.
    pub struct AlsoUnnameable;
}
// With only the impls above, a type parameter `S` matches no impl at all,
// and rustc's method lookup, which runs before the axes' type is known,
// rejects `x.mean_keepdim(..)` outright ("the method exists but its trait
// bounds were not satisfied: `S: ReduceAxes<_>`"). These two impls, for
// axis sets that cannot be written, keep the lookup open (two, so that
// rustc does not infer the axes from a lone impl), and the error is this
// trait's own message with the axes filled in.
macro_rules! probe {
    ($($t:ident),*) => {$(
        impl<S: Layout> ReduceAxes<probe::$t> for S {
            type Keep = S;
            type Drop = S;
            const MASK: u64 = 0;
        }
    )*};
}
probe!(Unnameable, AlsoUnnameable);

/// The layout of a reduction of `S` over `X` keeping the reduced axes as size 1.
pub type KeepDims<S, X> = <S as ReduceAxes<X>>::Keep;
/// The layout of a reduction of `S` over `X` dropping the reduced axes.
pub type DropDims<S, X> = <S as ReduceAxes<X>>::Drop;

/// A layout into which a size-1 axis can be inserted at position `K`
/// (`0..=rank`).
#[diagnostic::on_unimplemented(
    message = "cannot insert an axis at position {K} of a tensor of layout `{Self}`: past its rank",
    label = "the new axis must be at most the rank",
    note = "generic code names this bound: `S: Unsqueeze<K>`, with the result layout `Unsqueezed<S, K>`"
)]
pub trait Unsqueeze<const K: usize>: Layout {
    /// The result layout.
    type Out: Layout;
}
per_layout_kind!(#[diagnostic::do_not_recommend] impl[const K: usize] Unsqueeze<K> as UnsqueezeRule<K> { type Out; });
/// [`Unsqueeze`] for every layout.
#[diagnostic::on_unimplemented(
    message = "cannot insert an axis at position {K} of a tensor of layout `{Self}`: past its rank",
    label = "the new axis must be at most the rank",
    note = "generic code names this bound: `S: Unsqueeze<K>`, with the result layout `Unsqueezed<S, K>`"
)]
pub trait UnsqueezeRule<const K: usize> {
    /// See [`Unsqueeze::Out`].
    type Out: Layout;
}
#[diagnostic::do_not_recommend]
impl<S: Layout, const K: usize> UnsqueezeRule<K> for S
where
    Axis<K>: Position,
    S::List: InsertAt<<Axis<K> as Position>::P, D1>,
    <S::List as InsertAt<<Axis<K> as Position>::P, D1>>::Out: ToLayout,
{
    type Out = <<S::List as InsertAt<<Axis<K> as Position>::P, D1>>::Out as ToLayout>::Out;
}
/// `S` with a size-1 axis inserted at `K`.
pub type Unsqueezed<S, const K: usize> = <S as Unsqueeze<K>>::Out;

/// A layout whose axis `A` (`Axis<K>`, [`AxisFromEnd<K>`](crate::AxisFromEnd)
/// or a dimension name) can be squeezed: static size 1, or `Dyn` (checked
/// when the program runs). Unlike the other bounds here, rustc reports the
/// dimension behind it, so that the error names the size that is not 1.
pub trait SqueezeAxis<A>: Layout {
    /// The result layout.
    type Out: Layout;
    /// The position of the axis.
    const AXIS: usize;
}
per_layout_kind!(impl[A] SqueezeAxis<A> as SqueezeRule<A> { type Out; const AXIS: usize; });
/// [`SqueezeAxis`] for every layout.
pub trait SqueezeRule<A> {
    /// See [`SqueezeAxis::Out`].
    type Out: Layout;
    /// See [`SqueezeAxis::AXIS`].
    const AXIS: usize;
}
impl<S: Layout, A: AxisOf<S::List>> SqueezeRule<A> for S
where
    S::List: GetAt<A::P> + RemoveAt<A::P>,
    <S::List as GetAt<A::P>>::Out: SqueezeIfFound<A::Found>,
    <S::List as RemoveAt<A::P>>::Out: ToLayout,
{
    type Out = <<S::List as RemoveAt<A::P>>::Out as ToLayout>::Out;
    const AXIS: usize = <A::P as Nat>::N;
}
/// `S` without its axis `A`.
pub type SqueezedAxis<S, A> = <S as SqueezeAxis<A>>::Out;

/// [`SqueezeAxis`] of `Axis<K>`: the bound for squeezing axis `K`.
pub trait Squeeze<const K: usize>: SqueezeAxis<Axis<K>> {}
impl<S: SqueezeAxis<Axis<K>>, const K: usize> Squeeze<K> for S {}
/// `S` without its axis `K`.
pub type Squeezed<S, const K: usize> = <S as SqueezeAxis<Axis<K>>>::Out;

/// The list `L` with position `A` set to position `B`'s dimension (half a
/// transpose).
type HalfSwap<L, A, B> = <L as SetAt<A, <L as GetAt<B>>::Out>>::Out;
/// The list `L` with positions `A` and `B` swapped.
type Swap<L, A, B> = <HalfSwap<L, A, B> as SetAt<B, <L as GetAt<A>>::Out>>::Out;

/// A layout whose axes `A` and `B` (each `Axis<K>`,
/// [`AxisFromEnd<K>`](crate::AxisFromEnd) or a dimension name) can be
/// swapped: both in range.
#[diagnostic::on_unimplemented(
    message = "cannot swap the axes `{A}` and `{B}` of a tensor of layout `{Self}`",
    label = "both must be axes of the tensor",
    note = "generic code names this bound: `S: TransposeAxes<A, B>`, with the result layout `TransposedAxes<S, A, B>` (or, for `Axis<A>` and `Axis<B>`, `S: Transpose<A, B>` and `Transposed<S, A, B>`)"
)]
pub trait TransposeAxes<A, B>: Layout {
    /// The result layout.
    type Out: Layout;
    /// The positions of the two axes.
    const AXES: (usize, usize);
}
per_layout_kind!(#[diagnostic::do_not_recommend] impl[A, B] TransposeAxes<A, B> as TransposeRule<A, B> { type Out; const AXES: (usize, usize); });
/// [`TransposeAxes`] for every layout.
#[diagnostic::on_unimplemented(
    message = "cannot swap the axes `{A}` and `{B}` of a tensor of layout `{Self}`",
    label = "both must be axes of the tensor",
    note = "generic code names this bound: `S: TransposeAxes<A, B>`, with the result layout `TransposedAxes<S, A, B>` (or, for `Axis<A>` and `Axis<B>`, `S: Transpose<A, B>` and `Transposed<S, A, B>`)"
)]
pub trait TransposeRule<A, B> {
    /// See [`TransposeAxes::Out`].
    type Out: Layout;
    /// See [`TransposeAxes::AXES`].
    const AXES: (usize, usize);
}
#[diagnostic::do_not_recommend]
impl<S: Layout, A: AxisOf<S::List>, B: AxisOf<S::List>> TransposeRule<A, B> for S
where
    S::List: GetAt<A::P> + GetAt<B::P>,
    S::List: SetAt<A::P, <S::List as GetAt<B::P>>::Out>,
    HalfSwap<S::List, A::P, B::P>: SetAt<B::P, <S::List as GetAt<A::P>>::Out>,
    Swap<S::List, A::P, B::P>: ToLayout,
{
    type Out = <Swap<S::List, A::P, B::P> as ToLayout>::Out;
    const AXES: (usize, usize) = (<A::P as Nat>::N, <B::P as Nat>::N);
}
/// `S` with axes `A` and `B` swapped.
pub type TransposedAxes<S, A, B> = <S as TransposeAxes<A, B>>::Out;

/// [`TransposeAxes`] of `Axis<A>` and `Axis<B>`: the bound for swapping
/// axes `A` and `B`.
pub trait Transpose<const A: usize, const B: usize>: TransposeAxes<Axis<A>, Axis<B>> {}
impl<S: TransposeAxes<Axis<A>, Axis<B>>, const A: usize, const B: usize> Transpose<A, B> for S {}
/// `S` with axes `A` and `B` swapped.
pub type Transposed<S, const A: usize, const B: usize> =
    <S as TransposeAxes<Axis<A>, Axis<B>>>::Out;

/// A 2-D layout, static or mixed: one matrix. The bound of `t()` (the
/// matrix transpose, PyTorch's `t()`, whose result layout is
/// [`TransposedMatrix<S>`]), `eye` and `trace`.
///
/// ```
/// use shaped::{shape, Dyn, Matrix, Tensor, TensorView, TransposedMatrix};
/// fn cols<S: Matrix>(m: &Tensor<f32, S>) -> TensorView<'_, f32, TransposedMatrix<S>> {
///     m.t()
/// }
/// let m = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[2]);
/// let c: TensorView<'_, f32, shape![3, Dyn]> = cols(&m);
/// assert_eq!(c.shape(), &[3, 2]);
/// ```
#[diagnostic::on_unimplemented(
    message = "expected a matrix (a 2-D tensor), not one of layout `{Self}`",
    label = "a 2-D tensor or view is needed",
    note = "generic code names this bound: `S: Matrix` (the layout of `t()` is `TransposedMatrix<S>`); swap two axes of any layout with `transpose`"
)]
pub trait Matrix: Layout {
    /// The layout with the two axes swapped.
    type Transposed: Layout;
}
// One impl per kind of 2-D layout: a type parameter matches none, so
// generic code is told the bound `S: Matrix`.
impl<A, B> Matrix for Cons<A, Cons<B, Nil>>
where
    Self: TransposeAxes<Axis<0>, Axis<1>>,
{
    type Transposed = TransposedAxes<Self, Axis<0>, Axis<1>>;
}
impl<A, B> Matrix for Mixed<Cons<A, Cons<B, Nil>>>
where
    Self: TransposeAxes<Axis<0>, Axis<1>>,
{
    type Transposed = TransposedAxes<Self, Axis<0>, Axis<1>>;
}
/// The layout of `t()` on a [`Matrix`] `S`: its two axes swapped.
pub type TransposedMatrix<S> = <S as Matrix>::Transposed;

/// A layout whose axes can be reordered by `P`, a tuple with one
/// `Axis<K>` per dimension (each once: checked when the program is built).
#[diagnostic::on_unimplemented(
    message = "cannot permute a tensor of layout `{Self}` by `{P}`: one axis per dimension is needed, each in range",
    label = "list every axis of the tensor once",
    note = "generic code names this bound: `S: Permute<P>`, with the result layout `Permuted<S, P>`"
)]
pub trait Permute<P>: Layout {
    /// The result layout.
    type Out: Layout;
    /// The permutation: result axis `i` is axis `PERM[i]`.
    const PERM: &'static [usize];
}
#[diagnostic::do_not_recommend]
impl<S: Layout, P: Permutation<S::List>> Permute<P> for S
where
    P::Out: ToLayout,
{
    type Out = <P::Out as ToLayout>::Out;
    const PERM: &'static [usize] = P::PERM;
}
/// `S` with its axes reordered by `P`.
pub type Permuted<S, P> = <S as Permute<P>>::Out;
