//! The shape rules of `shaped::linalg` (torch.linalg's): once as traits the
//! compiler checks for static and mixed layouts, once as small functions for
//! runtime shapes.
//!
//! The last two dimensions of an input are its matrices, `[.., m, n]`, the
//! dimensions before them a batch. Square matrices (`inv`, `det`,
//! `slogdet`, `solve`'s `A`, `cholesky`, `eigh`, `matrix_power`): `m`
//! and `n` must be equal ([`SquareRule`]). `solve`'s two batches broadcast
//! as `matmul`'s do, and `A`'s columns must match `B`'s rows
//! ([`SolveRule`]). The factorizations of any matrix (`qr`, `svd`, `pinv`,
//! `matrix_norm`) give results of `k = min(m, n)` rows or columns, `k`
//! computed by the compiler for static sizes ([`MatrixRule`]); `cross`
//! needs a last dimension of size 3 and broadcasts the rest ([`CrossRule`]).
//!
//! A layout known only at run time is [`Runtime`]: every rule holds for it
//! at compile time and is checked when the function runs, as are the `Dyn`
//! sizes of a mixed layout.

use alloc::vec::Vec;

use typenum::{B0, B1, Const, IsLess, IsLessOrEqual, ToUInt, U, U1};

use crate::element::Element;
use crate::error::{LinalgError, LinalgProblem, ShapeError};
use crate::shape::broadcast::{ReverseOnto, ZipBroadcast, broadcast_into};
use crate::shape::diagnostic::{Ax, Ctx};
use crate::shape::dim::{Big, D, D1, Dyn};
use crate::shape::list::{Cons, Layout, Nil};
use crate::shape::mixed::ToLayout;
use crate::shape::names::{Named, Plain};

/// The layout of a runtime tensor or view ([`DynTensor`](crate::DynTensor),
/// [`DynView`](crate::DynView)) to the linear-algebra rules: every
/// size is checked when the function runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Runtime;

/// A layout the linear-algebra rules are written for: a static or mixed
/// [`Layout`] (whose results are [`Tensor`](crate::Tensor)s of the layouts
/// the rules compute), or [`Runtime`] (whose results are
/// [`DynTensor`](crate::DynTensor)s). Implemented in `shaped::linalg`.
pub trait LinalgLayout: 'static {
    /// Whether this is [`Runtime`] (whose rules are PyTorch's in full, where
    /// a static layout's are the part its type can state).
    const RUNTIME: bool = false;
    /// `n` for a static `[n, n]` layout with `n` from 2 to 4 (whose
    /// functions take a path without the batch machinery), else 0.
    const SMALL_SQUARE: usize = 0;
    /// `n` for a static `[n]` layout, else 0.
    const STATIC_VECTOR: usize = 0;
    /// The layout of a rank-0 result (a norm of the whole tensor).
    type Scalar: LinalgLayout;
    /// The tensor a result of this layout is.
    type Owned<T: Element>: FromRowMajor<T>;
}

/// A result built from row-major elements and sizes that the rules have
/// already checked.
pub trait FromRowMajor<T>: Sized {
    /// The tensor of sizes `dims`, its elements (zeroed first) written by
    /// `fill` in row-major order; `fill`'s error, or the error of a result
    /// too large to allocate, is returned as it is.
    fn try_fill(
        dims: &[usize],
        fill: impl FnOnce(&mut [T]) -> Result<(), ShapeError>,
    ) -> Result<Self, ShapeError>;
}

// ---------------------------------------------------------------------
// The functions, as markers naming the message of a failed check.

/// `linalg.inv` (as the check of [`SquareRule`]).
pub struct Inv;
/// `linalg.det`.
pub struct Det;
/// `linalg.slogdet`.
pub struct Slogdet;
/// `linalg.solve`'s `A`.
pub struct Solve;
/// `linalg.cholesky`.
pub struct Cholesky;
/// `linalg.eigh`.
pub struct Eigh;
/// `linalg.matrix_power`.
pub struct MatrixPower;
/// `linalg.solve`: `A`'s columns against `B`'s rows.
pub struct SolveInner;
/// `linalg.cross`: a size that must be 3.
pub struct CrossSize;
/// `linalg.lstsq`: `A`'s rows against `B`'s.
pub struct LstsqRows;

/// Holds when the sizes `M` and `N` pass the check of the function
/// `Self`; each function's impl goes through a trait whose message is its
/// error, in decimal.
pub trait SizeCheck<const M: usize, const N: usize> {}

#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "linalg.inv: A must be batches of square matrices, but they are {M} by {N} matrices",
    label = "the last two dimensions must be equal",
    note = "only square matrices have an inverse; `linalg::pinv` takes any matrix"
)]
pub trait InvSquare<const M: usize, const N: usize> {}
impl<T: ?Sized, const N: usize> InvSquare<N, N> for T {}
impl<const M: usize, const N: usize> SizeCheck<M, N> for Inv where (): InvSquare<M, N> {}

#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "linalg.det: A must be batches of square matrices, but they are {M} by {N} matrices",
    label = "the last two dimensions must be equal",
    note = "the determinant is defined for square matrices only"
)]
pub trait DetSquare<const M: usize, const N: usize> {}
impl<T: ?Sized, const N: usize> DetSquare<N, N> for T {}
impl<const M: usize, const N: usize> SizeCheck<M, N> for Det where (): DetSquare<M, N> {}

#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "linalg.slogdet: A must be batches of square matrices, but they are {M} by {N} matrices",
    label = "the last two dimensions must be equal",
    note = "the determinant is defined for square matrices only"
)]
pub trait SlogdetSquare<const M: usize, const N: usize> {}
impl<T: ?Sized, const N: usize> SlogdetSquare<N, N> for T {}
impl<const M: usize, const N: usize> SizeCheck<M, N> for Slogdet where (): SlogdetSquare<M, N> {}

#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "linalg.solve: A must be batches of square matrices, but they are {M} by {N} matrices",
    label = "the last two dimensions of A must be equal",
    note = "`linalg::lstsq` solves with a matrix that is not square"
)]
pub trait SolveSquare<const M: usize, const N: usize> {}
impl<T: ?Sized, const N: usize> SolveSquare<N, N> for T {}
impl<const M: usize, const N: usize> SizeCheck<M, N> for Solve where (): SolveSquare<M, N> {}

#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "linalg.cholesky: A must be batches of square matrices, but they are {M} by {N} matrices",
    label = "the last two dimensions must be equal",
    note = "the Cholesky factorization is defined for square matrices only"
)]
pub trait CholeskySquare<const M: usize, const N: usize> {}
impl<T: ?Sized, const N: usize> CholeskySquare<N, N> for T {}
impl<const M: usize, const N: usize> SizeCheck<M, N> for Cholesky where (): CholeskySquare<M, N> {}

#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "linalg.eigh: A must be batches of square matrices, but they are {M} by {N} matrices",
    label = "the last two dimensions must be equal",
    note = "eigenvalues are defined for square matrices only; `linalg::svd` takes any matrix"
)]
pub trait EighSquare<const M: usize, const N: usize> {}
impl<T: ?Sized, const N: usize> EighSquare<N, N> for T {}
impl<const M: usize, const N: usize> SizeCheck<M, N> for Eigh where (): EighSquare<M, N> {}

#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "linalg.matrix_power: A must be batches of square matrices, but they are {M} by {N} matrices",
    label = "the last two dimensions must be equal",
    note = "a matrix multiplies with itself only when it is square"
)]
pub trait MatrixPowerSquare<const M: usize, const N: usize> {}
impl<T: ?Sized, const N: usize> MatrixPowerSquare<N, N> for T {}
impl<const M: usize, const N: usize> SizeCheck<M, N> for MatrixPower where
    (): MatrixPowerSquare<M, N>
{
}

#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "linalg.solve: Incompatible shapes of A and B for the equation AX = B: A has {M} columns, B has {N} rows",
    label = "B's rows (its length, for a vector) must be A's columns",
    note = "B is a vector when it has one dimension, else a (batch of) matrices `[.., n, k]`"
)]
pub trait SolveShapes<const M: usize, const N: usize> {}
impl<T: ?Sized, const N: usize> SolveShapes<N, N> for T {}
impl<const M: usize, const N: usize> SizeCheck<M, N> for SolveInner where (): SolveShapes<M, N> {}

#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "linalg.lstsq: input.size(-2) should match other.size(-2) ({M} and {N})",
    label = "A and B must have as many rows",
    note = "lstsq minimizes |A X - B| for A `[.., m, n]` and B `[.., m, k]`"
)]
pub trait LstsqShapes<const M: usize, const N: usize> {}
impl<T: ?Sized, const N: usize> LstsqShapes<N, N> for T {}
impl<const M: usize, const N: usize> SizeCheck<M, N> for LstsqRows where (): LstsqShapes<M, N> {}

#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "linalg.cross: inputs dimension -1 must have length 3. Got {M}",
    label = "the cross product is of vectors of 3 components",
    note = "the last dimension of both inputs must be 3; the dimensions before it broadcast"
)]
pub trait CrossThree<const M: usize, const N: usize> {}
impl<T: ?Sized, const N: usize> CrossThree<N, N> for T {}
impl<const M: usize, const N: usize> SizeCheck<M, N> for CrossSize where (): CrossThree<M, N> {}

/// The sizes `Self` and `N` pass the check `Op` (equal, for every check
/// here), or one is `Dyn` and is checked at run time.
#[diagnostic::on_unimplemented(
    message = "these dimensions are not known to be equal",
    label = "these sizes must be equal",
    note = "in generic code, add the bound the function names"
)]
pub trait SameSize<N, Op> {}
impl<Op> SameSize<D1, Op> for D1 {}
impl<const N: usize, Op: SizeCheck<1, N>> SameSize<D<N>, Op> for D1 {}
impl<const N: usize, Op: SizeCheck<1, N>> SameSize<Big<N>, Op> for D1 {}
impl<const M: usize, Op: SizeCheck<M, 1>> SameSize<D1, Op> for D<M> {}
impl<const M: usize, Op: SizeCheck<M, 1>> SameSize<D1, Op> for Big<M> {}
impl<const M: usize, const N: usize, Op: SizeCheck<M, N>> SameSize<D<N>, Op> for D<M> {}
impl<const M: usize, const N: usize, Op: SizeCheck<M, N>> SameSize<Big<N>, Op> for D<M> {}
impl<const M: usize, const N: usize, Op: SizeCheck<M, N>> SameSize<D<N>, Op> for Big<M> {}
impl<const M: usize, const N: usize, Op: SizeCheck<M, N>> SameSize<Big<N>, Op> for Big<M> {}
impl<Op> SameSize<Dyn, Op> for Dyn {}
impl<Op> SameSize<D1, Op> for Dyn {}
impl<const N: usize, Op> SameSize<D<N>, Op> for Dyn {}
impl<const N: usize, Op> SameSize<Big<N>, Op> for Dyn {}
impl<Op> SameSize<Dyn, Op> for D1 {}
impl<const M: usize, Op> SameSize<Dyn, Op> for D<M> {}
impl<const M: usize, Op> SameSize<Dyn, Op> for Big<M> {}
// Named dimensions: compared by size (their names stay where they are).
impl<Nm, X: SameSize<Y, Op>, Y, Op> SameSize<Named<Nm, Y>, Op> for Named<Nm, X> {}
impl<Nm, X: SameSize<Y, Op>, Y: Plain, Op> SameSize<Y, Op> for Named<Nm, X> {}
impl<Nm, X: Plain + SameSize<Y, Op>, Y, Op> SameSize<Named<Nm, Y>, Op> for X {}

/// `typenum`'s yes or no choosing between two types.
pub trait Pick<A, B> {
    /// `A` for yes, `B` for no.
    type Out;
}
impl<A, B> Pick<A, B> for B1 {
    type Out = A;
}
impl<A, B> Pick<A, B> for B0 {
    type Out = B;
}

/// The smaller of the sizes `Self` and `N` (`svd`'s and `qr`'s `k`),
/// computed by the compiler; `Dyn` when either is `Dyn`, and for two sizes
/// above 1024 (whose comparison typenum does not reach).
pub trait MinDim<N> {
    /// The smaller size.
    type Out;
}
impl MinDim<D1> for D1 {
    type Out = D1;
}
impl<const N: usize> MinDim<D<N>> for D1
where
    Const<N>: ToUInt,
    U<N>: IsLess<U1>,
    <U<N> as IsLess<U1>>::Output: Pick<D<N>, D1>,
{
    type Out = <<U<N> as IsLess<U1>>::Output as Pick<D<N>, D1>>::Out;
}
impl<const M: usize> MinDim<D1> for D<M>
where
    Const<M>: ToUInt,
    U<M>: IsLess<U1>,
    <U<M> as IsLess<U1>>::Output: Pick<D<M>, D1>,
{
    type Out = <<U<M> as IsLess<U1>>::Output as Pick<D<M>, D1>>::Out;
}
impl<const M: usize, const N: usize> MinDim<D<N>> for D<M>
where
    Const<M>: ToUInt,
    Const<N>: ToUInt,
    U<M>: IsLessOrEqual<U<N>>,
    <U<M> as IsLessOrEqual<U<N>>>::Output: Pick<D<M>, D<N>>,
{
    type Out = <<U<M> as IsLessOrEqual<U<N>>>::Output as Pick<D<M>, D<N>>>::Out;
}
impl<const N: usize> MinDim<Big<N>> for D1 {
    type Out = D1;
}
impl<const M: usize> MinDim<D1> for Big<M> {
    type Out = D1;
}
impl<const M: usize, const N: usize> MinDim<Big<N>> for D<M> {
    type Out = D<M>;
}
impl<const M: usize, const N: usize> MinDim<D<N>> for Big<M> {
    type Out = D<N>;
}
impl<const M: usize, const N: usize> MinDim<Big<N>> for Big<M> {
    type Out = Dyn;
}
impl<N> MinDim<N> for Dyn {
    type Out = Dyn;
}
impl MinDim<Dyn> for D1 {
    type Out = Dyn;
}
impl<const M: usize> MinDim<Dyn> for D<M> {
    type Out = Dyn;
}
impl<const M: usize> MinDim<Dyn> for Big<M> {
    type Out = Dyn;
}

// ---------------------------------------------------------------------
// Square matrices.

/// The input of the function `Op` (a marker of this module: [`Inv`],
/// [`Det`], ...) is a batch of square matrices, as far as the compiler can
/// tell. The bound to name in generic code.
///
/// ```
/// use shaped::linalg::{self, SquareRule, Inv, Real};
/// use shaped::{shape, Layout, Tensor};
/// fn inverse<T: Real, S: Layout + SquareRule<Inv>>(a: &Tensor<T, S>) -> Tensor<T, S> {
///     linalg::inv(a)
/// }
/// let a = Tensor::<f64, shape![2, 2]>::from_slice(&[4.0, 7.0, 2.0, 6.0]).unwrap();
/// assert!((inverse(&a)[[0, 0]] - 0.6).abs() < 1e-12);
/// ```
#[diagnostic::on_unimplemented(
    message = "the input is not known to be a batch of square matrices",
    label = "the last two dimensions must be equal",
    note = "in generic code, add the bound `{Self}: SquareRule<{Op}>`"
)]
pub trait SquareRule<Op> {
    /// The batch: the layout without its last two dimensions (`det`).
    type Batch: LinalgLayout;
    /// The batch and one dimension of size `n` (`eigh`'s eigenvalues).
    type Vectors: LinalgLayout;
}
impl<Op: 'static> SquareRule<Op> for Runtime {
    type Batch = Runtime;
    type Vectors = Runtime;
}
impl<S: Layout, Op> SquareRule<Op> for S
where
    S::Reversed: SquareRev<Op>,
    <S::Reversed as SquareRev<Op>>::Batch: ToLayout,
    <S::Reversed as SquareRev<Op>>::Vectors: ToLayout,
{
    type Batch = <<S::Reversed as SquareRev<Op>>::Batch as ToLayout>::Out;
    type Vectors = <<S::Reversed as SquareRev<Op>>::Vectors as ToLayout>::Out;
}

/// [`SquareRule`] on the dimensions reversed (innermost first).
#[diagnostic::on_unimplemented(
    message = "linalg: the input must be a matrix or a batch of matrices (at least 2 dimensions)",
    label = "fewer than 2 dimensions",
    note = "unsqueeze a vector into a one-row or one-column matrix"
)]
pub trait SquareRev<Op> {
    /// The batch, outermost first.
    type Batch;
    /// The batch and `n`, outermost first.
    type Vectors;
}
impl<N, M: SameSize<N, Op>, B, Op> SquareRev<Op> for Cons<N, Cons<M, B>>
where
    B: ReverseOnto<Nil> + ReverseOnto<Cons<N, Nil>>,
{
    type Batch = <B as ReverseOnto<Nil>>::Out;
    type Vectors = <B as ReverseOnto<Cons<N, Nil>>>::Out;
}
// ---------------------------------------------------------------------
// Any matrices: qr, svd, pinv, matrix_norm.

/// The input is a batch of matrices `[.., m, n]` (at least two
/// dimensions); the associated layouts are those of the results of `qr`,
/// `svd`, `pinv` and `matrix_norm`, with `k = min(m, n)`.
///
/// ```
/// use shaped::linalg::MatrixRule;
/// use shaped::{shape, Tensor};
/// // `svd` of [5, 2, 3]: U [5, 2, 2], S [5, 2], Vh [5, 2, 3].
/// let u: Option<Tensor<f32, <shape![5, 2, 3] as MatrixRule>::Left>> = None;
/// let u: Option<Tensor<f32, shape![5, 2, 2]>> = u;
/// ```
#[diagnostic::on_unimplemented(
    message = "the input is not known to be a batch of matrices",
    label = "at least two dimensions",
    note = "in generic code, add the bound `{Self}: MatrixRule`"
)]
pub trait MatrixRule {
    /// `[.., m, k]`: `qr`'s `Q`, `svd`'s `U`.
    type Left: LinalgLayout;
    /// `[.., k]`: `svd`'s singular values.
    type Values: LinalgLayout;
    /// `[.., k, n]`: `qr`'s `R`, `svd`'s `Vh`.
    type Right: LinalgLayout;
    /// `[.., n, m]`: `pinv`.
    type Transposed: LinalgLayout;
    /// `[..]`: `matrix_norm`.
    type Batch: LinalgLayout;
}
impl MatrixRule for Runtime {
    type Left = Runtime;
    type Values = Runtime;
    type Right = Runtime;
    type Transposed = Runtime;
    type Batch = Runtime;
}
impl<S: Layout> MatrixRule for S
where
    S::Reversed: MatrixRev,
    <S::Reversed as MatrixRev>::Left: ToLayout,
    <S::Reversed as MatrixRev>::Values: ToLayout,
    <S::Reversed as MatrixRev>::Right: ToLayout,
    <S::Reversed as MatrixRev>::Transposed: ToLayout,
    <S::Reversed as MatrixRev>::Batch: ToLayout,
{
    type Left = <<S::Reversed as MatrixRev>::Left as ToLayout>::Out;
    type Values = <<S::Reversed as MatrixRev>::Values as ToLayout>::Out;
    type Right = <<S::Reversed as MatrixRev>::Right as ToLayout>::Out;
    type Transposed = <<S::Reversed as MatrixRev>::Transposed as ToLayout>::Out;
    type Batch = <<S::Reversed as MatrixRev>::Batch as ToLayout>::Out;
}

/// [`MatrixRule`] on the dimensions reversed.
#[diagnostic::on_unimplemented(
    message = "linalg: the input must be a matrix or a batch of matrices (at least 2 dimensions)",
    label = "fewer than 2 dimensions",
    note = "unsqueeze a vector into a one-row or one-column matrix"
)]
pub trait MatrixRev {
    /// See [`MatrixRule::Left`].
    type Left;
    /// See [`MatrixRule::Values`].
    type Values;
    /// See [`MatrixRule::Right`].
    type Right;
    /// See [`MatrixRule::Transposed`].
    type Transposed;
    /// See [`MatrixRule::Batch`].
    type Batch;
}
impl<N, M: MinDim<N>, B> MatrixRev for Cons<N, Cons<M, B>>
where
    B: ReverseOnto<Cons<M, Cons<M::Out, Nil>>>
        + ReverseOnto<Cons<M::Out, Nil>>
        + ReverseOnto<Cons<M::Out, Cons<N, Nil>>>
        + ReverseOnto<Cons<N, Cons<M, Nil>>>
        + ReverseOnto<Nil>,
{
    type Left = <B as ReverseOnto<Cons<M, Cons<M::Out, Nil>>>>::Out;
    type Values = <B as ReverseOnto<Cons<M::Out, Nil>>>::Out;
    type Right = <B as ReverseOnto<Cons<M::Out, Cons<N, Nil>>>>::Out;
    type Transposed = <B as ReverseOnto<Cons<N, Cons<M, Nil>>>>::Out;
    type Batch = <B as ReverseOnto<Nil>>::Out;
}

// ---------------------------------------------------------------------
// solve.

/// `Self` (`A`) and `B` fit `solve(A, B)`, as far as the compiler can
/// tell: `A` a batch of square matrices `[.., n, n]`, `B` a vector `[n]` or
/// a batch of matrices `[.., n, k]`, the batches broadcasting;
/// [`Output`](SolveRule::Output) is `X`'s layout. The bound to name in
/// generic code.
#[diagnostic::on_unimplemented(
    message = "A and B are not known to fit `linalg.solve`",
    label = "A must be square matrices and B vectors or matrices of as many rows",
    note = "in generic code, add the bound `{Self}: SolveRule<{B}>`"
)]
pub trait SolveRule<B> {
    /// The layout of `X`.
    type Output: LinalgLayout;
}
impl SolveRule<Runtime> for Runtime {
    type Output = Runtime;
}
impl<S: Layout, B: Layout> SolveRule<B> for S
where
    S::Reversed: SolveRev<B::Reversed, Ctx<S, B>>,
    <S::Reversed as SolveRev<B::Reversed, Ctx<S, B>>>::Out: ToLayout,
{
    type Output = <<S::Reversed as SolveRev<B::Reversed, Ctx<S, B>>>::Out as ToLayout>::Out;
}

/// [`SolveRule`] on the dimensions reversed.
#[diagnostic::on_unimplemented(
    message = "linalg.solve: A must be a batch of square matrices (at least 2 dimensions)",
    label = "A needs at least 2 dimensions",
    note = "A is `[.., n, n]`, B is `[n]` or `[.., n, k]`"
)]
pub trait SolveRev<B, C> {
    /// `X`'s dimensions, outermost first.
    type Out;
}
// A's squareness is checked before B is looked at (one impl), so that its
// failure is reported as itself even while B's type is still unknown.
impl<N, M: SameSize<N, Solve>, Ab, B: SolveRhs<N, Ab, C>, C> SolveRev<B, C>
    for Cons<N, Cons<M, Ab>>
{
    type Out = B::Out;
}

/// `B` (reversed) against `A`'s size `N` and batch `Ab` (reversed).
#[diagnostic::on_unimplemented(
    message = "linalg.solve: B must be a vector or a batch of matrices",
    label = "B needs at least 1 dimension",
    note = "A is `[.., n, n]`, B is `[n]` or `[.., n, k]`"
)]
pub trait SolveRhs<N, Ab, C> {
    /// `X`'s dimensions, outermost first.
    type Out;
}
// B a vector: X is [.., n] with A's batch.
impl<K, N: SameSize<K, SolveInner>, Ab: ReverseOnto<Cons<N, Nil>>, C> SolveRhs<N, Ab, C>
    for Cons<K, Nil>
{
    type Out = <Ab as ReverseOnto<Cons<N, Nil>>>::Out;
}
// B a batch of matrices: X is [.., n, k], the batches broadcast.
impl<K, Nb, Bb, N: SameSize<Nb, SolveInner>, Ab, C> SolveRhs<N, Ab, C> for Cons<K, Cons<Nb, Bb>>
where
    Ab: ZipBroadcast<Bb, C, Ax<3>, Cons<N, Cons<K, Nil>>>,
{
    type Out = <Ab as ZipBroadcast<Bb, C, Ax<3>, Cons<N, Cons<K, Nil>>>>::Out;
}

// ---------------------------------------------------------------------
// lstsq.

/// `Self` (`A`, `[.., m, n]`) and `B` (`[.., m, k]`) fit `lstsq(A, B)`,
/// as far as the compiler can tell: as many rows, the batches
/// broadcasting; [`Output`](LstsqRule::Output) is the solution's layout,
/// `[.., n, k]`.
#[diagnostic::on_unimplemented(
    message = "A and B are not known to fit `linalg.lstsq`",
    label = "A and B must be batches of matrices with as many rows",
    note = "in generic code, add the bound `{Self}: LstsqRule<{B}>`"
)]
pub trait LstsqRule<B> {
    /// The layout of the solution.
    type Output: LinalgLayout;
}
impl LstsqRule<Runtime> for Runtime {
    type Output = Runtime;
}
impl<S: Layout, B: Layout> LstsqRule<B> for S
where
    S::Reversed: LstsqRev<B::Reversed, Ctx<S, B>>,
    <S::Reversed as LstsqRev<B::Reversed, Ctx<S, B>>>::Out: ToLayout,
{
    type Output = <<S::Reversed as LstsqRev<B::Reversed, Ctx<S, B>>>::Out as ToLayout>::Out;
}

/// [`LstsqRule`] on the dimensions reversed.
#[diagnostic::on_unimplemented(
    message = "linalg.lstsq: A and B must be batches of matrices (at least 2 dimensions each)",
    label = "fewer than 2 dimensions",
    note = "unsqueeze a vector B into a one-column matrix `[m, 1]`"
)]
pub trait LstsqRev<B, C> {
    /// The solution's dimensions, outermost first.
    type Out;
}
impl<N, M: SameSize<Mb, LstsqRows>, Ab, K, Mb, Bb, C> LstsqRev<Cons<K, Cons<Mb, Bb>>, C>
    for Cons<N, Cons<M, Ab>>
where
    Ab: ZipBroadcast<Bb, C, Ax<3>, Cons<N, Cons<K, Nil>>>,
{
    type Out = <Ab as ZipBroadcast<Bb, C, Ax<3>, Cons<N, Cons<K, Nil>>>>::Out;
}

// ---------------------------------------------------------------------
// cross.

/// `Self` and `R` fit `cross(a, b)`: a last dimension of size 3 each, the
/// dimensions before it broadcasting; [`Output`](CrossRule::Output) is the
/// result's layout. The bound to name in generic code.
#[diagnostic::on_unimplemented(
    message = "the inputs are not known to fit `linalg.cross`",
    label = "the last dimensions must be 3 and the others broadcast",
    note = "in generic code, add the bound `{Self}: CrossRule<{R}>`"
)]
pub trait CrossRule<R> {
    /// The result's layout.
    type Output: LinalgLayout;
}
impl CrossRule<Runtime> for Runtime {
    type Output = Runtime;
}
impl<S: Layout, R: Layout> CrossRule<R> for S
where
    S::Reversed: CrossRev<R::Reversed, Ctx<S, R>>,
    <S::Reversed as CrossRev<R::Reversed, Ctx<S, R>>>::Out: ToLayout,
{
    type Output = <<S::Reversed as CrossRev<R::Reversed, Ctx<S, R>>>::Out as ToLayout>::Out;
}

/// [`CrossRule`] on the dimensions reversed.
#[diagnostic::on_unimplemented(
    message = "linalg.cross: the inputs must have at least 1 dimension",
    label = "a rank-0 input",
    note = "the last dimension of both inputs must be 3"
)]
pub trait CrossRev<R, C> {
    /// The result's dimensions, outermost first.
    type Out;
}
impl<X: SameSize<D<3>, CrossSize>, Xs, Y: SameSize<D<3>, CrossSize>, Ys, C> CrossRev<Cons<Y, Ys>, C>
    for Cons<X, Xs>
where
    Xs: ZipBroadcast<Ys, C, Ax<2>, Cons<D<3>, Nil>>,
{
    type Out = <Xs as ZipBroadcast<Ys, C, Ax<2>, Cons<D<3>, Nil>>>::Out;
}

// ---------------------------------------------------------------------
// The same rules on runtime shapes.

/// The error of the function `op` about `problem`, for the whole input.
pub(crate) fn linalg_error(op: &'static str, problem: LinalgProblem) -> ShapeError {
    ShapeError::Linalg(alloc::boxed::Box::new(LinalgError {
        op,
        batch: None,
        problem,
    }))
}

/// `[.., m, n]` split into the batch, `m` and `n`, or `op`'s error for
/// fewer than two dimensions.
pub(crate) fn matrix_dims<'d>(
    op: &'static str,
    dims: &'d [usize],
) -> Result<(&'d [usize], usize, usize), ShapeError> {
    match dims {
        [batch @ .., m, n] => Ok((batch, *m, *n)),
        _ => Err(linalg_error(
            op,
            LinalgProblem::TooFewDims {
                shape: dims.to_vec(),
                needed: 2,
            },
        )),
    }
}

/// [`matrix_dims`] for square matrices: the batch and `n`.
pub(crate) fn square_dims<'d>(
    op: &'static str,
    dims: &'d [usize],
) -> Result<(&'d [usize], usize), ShapeError> {
    let (batch, m, n) = matrix_dims(op, dims)?;
    if m != n {
        return Err(linalg_error(
            op,
            LinalgProblem::NotSquare { rows: m, cols: n },
        ));
    }
    Ok((batch, n))
}

/// `solve(A, B)`'s sizes: whether `B` is (a batch of) vectors, the
/// broadcast batch, `n` and `k` (1 for vectors), and `X`'s shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SolveDims {
    /// Whether `B` holds vectors.
    pub vector: bool,
    /// The broadcast batch.
    pub batch: Vec<usize>,
    /// `A`'s size.
    pub n: usize,
    /// `B`'s columns (1 for vectors).
    pub k: usize,
    /// `X`'s shape.
    pub out: Vec<usize>,
}

/// `solve`'s sizes for `A` of shape `a` and `B` of shape `b`. With
/// `torch_vectors`, `B` is a batch of vectors when it has one dimension, or
/// one less than `A` and `B.shape == A.shape[:-1]` (PyTorch's rule, for
/// runtime layouts); without, only when it has one dimension (NumPy 2's
/// rule, which the types of static and mixed layouts can state).
pub(crate) fn solve_dims(
    a: &[usize],
    b: &[usize],
    torch_vectors: bool,
) -> Result<SolveDims, ShapeError> {
    const OP: &str = "linalg.solve";
    let (a_batch, n) = square_dims(OP, a)?;
    let vector =
        b.len() == 1 || (torch_vectors && b.len() + 1 == a.len() && b == &a[..a.len() - 1]);
    let (b_batch, bn, k) = if vector {
        (&b[..b.len() - 1], b[b.len() - 1], 1)
    } else if b.len() >= 2 {
        (&b[..b.len() - 2], b[b.len() - 2], b[b.len() - 1])
    } else {
        return Err(linalg_error(
            OP,
            LinalgProblem::TooFewDims {
                shape: b.to_vec(),
                needed: 1,
            },
        ));
    };
    if bn != n {
        return Err(linalg_error(
            OP,
            LinalgProblem::Incompatible {
                a: (n, n),
                b: (bn, k),
            },
        ));
    }
    let mut batch = alloc::vec![0; a_batch.len().max(b_batch.len())];
    broadcast_into(a_batch, b_batch, &mut batch)?;
    let mut out = batch.clone();
    out.push(n);
    if !vector {
        out.push(k);
    }
    Ok(SolveDims {
        vector,
        batch,
        n,
        k,
        out,
    })
}

/// `lstsq(A, B)`'s solution's shape `[.., n, k]` (the broadcast batch,
/// then `n` and `k`).
pub(crate) fn lstsq_dims(a: &[usize], b: &[usize]) -> Result<Vec<usize>, ShapeError> {
    const OP: &str = "linalg.lstsq";
    let (a_batch, m, n) = matrix_dims(OP, a)?;
    let (b_batch, mb, k) = matrix_dims(OP, b)?;
    if m != mb {
        return Err(linalg_error(OP, LinalgProblem::LstsqRows { a: m, b: mb }));
    }
    let mut batch = alloc::vec![0; a_batch.len().max(b_batch.len())];
    broadcast_into(a_batch, b_batch, &mut batch)?;
    batch.extend([n, k]);
    Ok(batch)
}

/// `cross(a, b)`'s sizes: the broadcast batch and the result's shape `[.., 3]`.
pub(crate) fn cross_dims(a: &[usize], b: &[usize]) -> Result<(Vec<usize>, Vec<usize>), ShapeError> {
    const OP: &str = "linalg.cross";
    let (Some(&x), Some(&y)) = (a.last(), b.last()) else {
        let shape = if a.is_empty() { a } else { b };
        return Err(linalg_error(
            OP,
            LinalgProblem::TooFewDims {
                shape: shape.to_vec(),
                needed: 1,
            },
        ));
    };
    if x != 3 || y != 3 {
        return Err(linalg_error(OP, LinalgProblem::CrossSize { a: x, b: y }));
    }
    let (ab, bb) = (&a[..a.len() - 1], &b[..b.len() - 1]);
    let mut batch = alloc::vec![0; ab.len().max(bb.len())];
    broadcast_into(ab, bb, &mut batch)?;
    let mut out = batch.clone();
    out.push(3);
    Ok((batch, out))
}
