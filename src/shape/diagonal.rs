//! The layout of `diagonal()` on static and mixed layouts: PyTorch's
//! default diagonal (offset 0 of axes 0 and 1) of a layout whose first two
//! dimensions are the same (a square matrix, or a batch of them in the
//! axes after), those two axes removed and the diagonal appended as the
//! last one. `[N, N]` gives `[N]`, `[N, N, B]` gives `[B, N]`.
//!
//! | operation | bound | result layout |
//! |---|---|---|
//! | `diagonal()` | `S: Diagonal` | `Diagonalled<S>` |
//!
//! Two type operators, each small: [`DiagonalDims`] (the first two
//! dimensions the same, [`SquareDims`] checking it with the sizes in the
//! message) and [`Append`] (a dimension added at the end).
//!
//! ```
//! use shaped::shape::diagonal::Diagonalled;
//! use shaped::{shape, Tensor};
//! let m = Tensor::<i32, shape![3, 3, 2]>::arange();
//! let d: Tensor<i32, Diagonalled<shape![3, 3, 2]>> = m.diagonal();
//! assert_eq!(d.shape().as_slice(), &[2, 3]);
//! assert_eq!(d.as_slice(), &[0, 8, 16, 1, 9, 17]);
//! ```

use crate::shape::list::{Cons, Layout, Nil};
use crate::shape::mixed::ToLayout;

/// The list with `X` appended.
pub trait Append<X> {
    /// The longer list.
    type Out;
}
impl<X> Append<X> for Nil {
    type Out = Cons<X, Nil>;
}
impl<H, T: Append<X>, X> Append<X> for Cons<H, T> {
    type Out = Cons<H, T::Out>;
}

/// Two dimensions that are the same: the sides of a square matrix.
#[diagnostic::on_unimplemented(
    message = "`diagonal()` of a static layout needs square matrices: the first two dimensions are `{Self}` and `{B}`",
    label = "the first two sizes differ",
    note = "for a rectangular matrix or another offset, use `to_dyn().diagonal(offset, dim1, dim2)`"
)]
pub trait SquareDims<B> {}
impl<A> SquareDims<A> for A {}

/// The dimensions of the diagonal of a list: the first two (the same)
/// removed, one of them appended.
#[diagnostic::on_unimplemented(
    message = "`diagonal()` needs at least 2 dimensions, got a tensor with the dimensions `{Self}`",
    label = "a diagonal takes two axes"
)]
pub trait DiagonalDims {
    /// The result's dimensions.
    type Out;
}
impl<A: SquareDims<B>, B, T: Append<A>> DiagonalDims for Cons<A, Cons<B, T>> {
    type Out = T::Out;
}

/// A layout whose diagonal (PyTorch's default: axes 0 and 1, offset 0)
/// has a layout the compiler knows: its first two dimensions are the same.
/// A blanket impl, so that a concrete layout that fails is reported by the
/// check that fails ([`DiagonalDims`] or [`SquareDims`]), sizes in decimal.
#[diagnostic::on_unimplemented(
    message = "`diagonal()` needs at least 2 dimensions, got a tensor with the dimensions `{Self}`",
    label = "a diagonal takes two axes",
    note = "generic code names this bound: `S: Diagonal`, with the result layout `Diagonalled<S>`"
)]
pub trait Diagonal: Layout {
    /// The result layout.
    type Out: Layout;
}
impl<S: Layout> Diagonal for S
where
    S::List: DiagonalDims,
    <S::List as DiagonalDims>::Out: ToLayout,
{
    type Out = <<S::List as DiagonalDims>::Out as ToLayout>::Out;
}

/// The layout of `diagonal()` of a tensor of layout `S`.
pub type Diagonalled<S> = <S as Diagonal>::Out;
