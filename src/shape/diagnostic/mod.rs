//! Readable compile errors for shape mismatches.
//!
//! rustc reports the `#[diagnostic::on_unimplemented]` message of the deepest
//! unsatisfied trait bound, so the check that finally fails carries everything
//! the message needs: both shapes rendered as const parameters (which rustc
//! prints in decimal), the two sizes and the axis. For
//! `shape![5, 2, 4, 1] + shape![3, 1, 1]` the first line of the error is
//!
//! ```text
//! error[E0277]: cannot broadcast [5, 2, 4, 1] with [3, 1, 1]: 2 vs 3 at axis -3
//! ```
//!
//! How it works: a layout's [`Render`] is its sizes as `R4<5, 2, 4, 1>`
//! (each dimension prepends its size, see [`Rendering`]); the broadcast
//! walk counts axes from the right with [`Ax`]; a mismatching pair of sizes
//! asks `(R4<..>, R3<..>): BroadcastCheck<2, 3, 3>`, which holds only through
//! the generated trait `Broadcast4x3<5, 2, 4, 1, 3, 1, 1, L, R, K>` whose only
//! impl has `L == R`. Its message is the error. One message trait per pair of
//! ranks (up to 8) is generated into `table.rs` by `generate.rs`, a unit
//! test that also checks the committed table; longer shapes get a shorter
//! message without the shapes. Layouts with a `Dyn` render as `RDyn<..>`
//! (one marker per pattern of `Dyn`, up to rank 4), which the in-place rank
//! error prints in full (`cannot broadcast [Dyn, 10] into [10] in place`)
//! and the other messages take as long shapes.

#![allow(missing_docs)] // type-level plumbing; documented as a whole above

use crate::shape::dim::{Big, D, D1, Dyn};
use crate::shape::mixed::Mixed;
use crate::shape::names::Named;
use crate::shape::{Cons, Nil};


#[rustfmt::skip] // generated: see generate.rs
mod table;
#[cfg(all(test, feature = "std"))]
mod generate;
pub use table::*;

/// An axis counted from the right: `Ax<1>` is the last axis (`-1`).
pub struct Ax<const K: usize>;

/// The next axis to the left.
pub trait Next {
    type Out;
}

/// A rendered shape ([`R0`] to [`R8`], or [`RLong`]): sizes as const
/// parameters, which rustc prints in decimal.
pub trait Rendering {
    /// The rendering with the size `X` in front.
    type Prepend<const X: usize>: Rendering;
    /// The rendering with a `Dyn` in front.
    type PrependDyn: Rendering;
}

/// What a failing check knows: the layouts of both operands, rendered
/// only by the check itself.
pub struct Ctx<SA, SB>(core::marker::PhantomData<(SA, SB)>);

/// A layout's sizes as a [`Rendering`] (`R0` to `R8`, or `RLong` for longer
/// shapes and for layouts with a `Dyn`). One impl per kind of head, so that
/// rendering costs one step per dimension: through the shape's own impls
/// (its `Shape` impl, then the head's `Dim` impl) it took four, and every
/// check of two equal sizes renders both shapes, a twentieth of `cargo
/// check` of 500 operations.
pub trait Render {
    type Out: Rendering;
}
impl Render for Nil {
    type Out = R0;
}
impl<T: Render> Render for Cons<D1, T> {
    type Out = <T::Out as Rendering>::Prepend<1>;
}
impl<const N: usize, T: Render> Render for Cons<D<N>, T> {
    type Out = <T::Out as Rendering>::Prepend<N>;
}
impl<const N: usize, T: Render> Render for Cons<Big<N>, T> {
    type Out = <T::Out as Rendering>::Prepend<N>;
}
// A named dimension renders as its size. One impl per kind of size, not
// one through `Cons<X, T>: Render`: a head rustc has not inferred yet
// would match that impl again and again until the recursion limit.
impl<Nm, T: Render> Render for Cons<Named<Nm, D1>, T> {
    type Out = <T::Out as Rendering>::Prepend<1>;
}
impl<Nm, const N: usize, T: Render> Render for Cons<Named<Nm, D<N>>, T> {
    type Out = <T::Out as Rendering>::Prepend<N>;
}
impl<Nm, const N: usize, T: Render> Render for Cons<Named<Nm, Big<N>>, T> {
    type Out = <T::Out as Rendering>::Prepend<N>;
}
impl<T: Render> Render for Cons<Dyn, T> {
    type Out = <T::Out as Rendering>::PrependDyn;
}
impl<Nm, T: Render> Render for Cons<Named<Nm, Dyn>, T> {
    type Out = <T::Out as Rendering>::PrependDyn;
}
/// A layout with a `Dyn` renders as `RDyn<..>` up to rank 4 (`RLong`
/// above): the in-place rank error prints it (`[Dyn, 10]`); the other
/// messages about it name the sizes and the axis only.
impl<L: Render> Render for Mixed<L> {
    type Out = L::Out;
}

/// Holds for `E = B1` (the element counts of a reshape are equal); for
/// `B0` only through the generated message traits, which never hold.
pub trait ReshapeCheck<E> {}
impl<X> ReshapeCheck<typenum::B1> for X {}
/// `B0`: generic over it, the impls of a failing reshape have a bound
/// that depends on a parameter (a bound that never holds is an error in
/// an impl without one).
pub trait Mismatch {}
impl Mismatch for typenum::B0 {}

#[diagnostic::on_unimplemented(
    message = "cannot reshape: the element counts differ",
    label = "a reshape keeps every element: both shapes must hold as many",
    note = "generic code names this bound: `S: ReshapeTo<S2>`"
)]
pub trait ReshapeLong<E> {}

/// Holds when sizes `L` and `R` are equal; implemented for `(render of a,
/// render of b)` through the generated message traits.
pub trait BroadcastCheck<const L: usize, const R: usize, const K: usize> {}
/// As [`BroadcastCheck`], for in-place operations (`L` is the left side's size).
pub trait AssignCheck<const L: usize, const R: usize, const K: usize> {}
/// Never holds: the right side of an in-place operation has more dimensions.
pub trait AssignRankCheck {}
/// Holds when the inner sizes `L` and `R` of a matrix product are equal
/// (`K` is unused; the generated tables give every check three sizes).
pub trait MatMulCheck<const L: usize, const R: usize, const K: usize> {}

/// Never holds: a matrix product with a rank-0 operand.
#[diagnostic::on_unimplemented(
    message = "cannot multiply a rank-0 tensor as a matrix: matmul needs at least one dimension on each side",
    label = "a rank-0 operand",
    note = "a scalar multiplies elementwise: write `a * b`"
)]
pub trait MatMulRankCheck {}
/// Never an operand's layout. Its impl exists so that, while the other
/// operand's type is still unknown, the rank-0 check stays undecided and
/// fails later as a type error with the message above, not as a missing
/// method.
pub enum NeverRendered {}
impl<RA> MatMulRankCheck for Ctx<RA, NeverRendered> {}

#[diagnostic::on_unimplemented(
    message = "cannot multiply these shapes: inner sizes {L} vs {R}",
    label = "the columns of the left matrix must match the rows of the right one",
    note = "the inner sizes of a matrix product must be equal; they never broadcast"
)]
pub trait MatMulLong<const L: usize, const R: usize, const K: usize> {}
impl<T: ?Sized, const N: usize, const K: usize> MatMulLong<N, N, K> for T {}

#[diagnostic::on_unimplemented(
    message = "cannot broadcast these shapes: {L} vs {R} at axis -{K}",
    label = "these shapes cannot be broadcast together",
    note = "aligned from the right, each pair of sizes must be equal or one of them 1"
)]
pub trait BroadcastLong<const L: usize, const R: usize, const K: usize> {}
impl<T: ?Sized, const N: usize, const K: usize> BroadcastLong<N, N, K> for T {}

#[diagnostic::on_unimplemented(
    message = "cannot broadcast the right side into the left side in place: {R} vs {L} at axis -{K}",
    label = "the right side must broadcast to the left side's shape",
    note = "an in-place operation never changes the shape of its left side; write `a = &a + &b` to get the broadcast shape"
)]
pub trait AssignLong<const L: usize, const R: usize, const K: usize> {}
impl<T: ?Sized, const N: usize, const K: usize> AssignLong<N, N, K> for T {}

#[diagnostic::on_unimplemented(
    message = "cannot broadcast the right side into the left side in place: the right side has more dimensions",
    label = "the right side must broadcast to the left side's shape",
    note = "an in-place operation never changes the shape of its left side; write `a = &a + &b` to get the broadcast shape"
)]
pub trait AssignRankLong<
    const B0: usize = 0,
    const B1: usize = 0,
    const B2: usize = 0,
    const B3: usize = 0,
    const B4: usize = 0,
    const B5: usize = 0,
    const B6: usize = 0,
    const B7: usize = 0,
>
{
}
impl<RA: AssignRankLong> AssignRankCheck for (RA, RLong) {}

// Each check renders the two layouts only here, where it is made: carried
// rendered through every step of the walk, the renderings were a quarter of
// what `cargo check` spent on an operation. A check that holds renders them
// too (two sizes are equal only through the message trait's impl), so the
// rendering is one step per dimension ([`Render`]).
impl<SA: Render, SB: Render, const L: usize, const R: usize, const K: usize> BroadcastCheck<L, R, K>
    for Ctx<SA, SB>
where
    (SA::Out, SB::Out): BroadcastCheck<L, R, K>,
{
}
impl<SA: Render, SB: Render, const L: usize, const R: usize, const K: usize> AssignCheck<L, R, K>
    for Ctx<SA, SB>
where
    (SA::Out, SB::Out): AssignCheck<L, R, K>,
{
}
impl<SA: Render, SB: Render> AssignRankCheck for Ctx<SA, SB> where
    (SA::Out, SB::Out): AssignRankCheck
{
}
impl<SA: Render, SB: Render, const L: usize, const R: usize, const K: usize> MatMulCheck<L, R, K>
    for Ctx<SA, SB>
where
    (SA::Out, SB::Out): MatMulCheck<L, R, K>,
{
}
