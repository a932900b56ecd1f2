//! The bound on a layout's rank for the operations on batches of
//! matrices: [`Matrices`] (at least 2 dimensions, matrices in the last
//! two: `tril`, `triu`), checked on the layout's list of dimensions, so
//! that the compile error names them in decimal (`Cons<D<3>, Nil>`). A
//! single matrix (exactly 2 dimensions: `t()`, `eye`, `trace`) is
//! [`Matrix`](crate::shape::toolkit::Matrix).
//!
//! ```
//! use shaped::shape::rank_bounds::Matrices;
//! use shaped::{shape, Dyn, Tensor};
//! fn lower<S: Matrices>(x: &Tensor<f32, S>) -> Tensor<f32, S> {
//!     x.tril(0)
//! }
//! let x = Tensor::<f32, shape![Dyn, 2, 2]>::ones_sized(&[1]);
//! assert_eq!(lower(&x).to_vec(), vec![1.0, 0.0, 1.0, 1.0]);
//! ```

use crate::shape::list::{Cons, Layout};

/// A list of two dimensions or more (what [`Matrices`] checks).
#[diagnostic::on_unimplemented(
    message = "expected a tensor of at least 2 dimensions (matrices in the last two), got the dimensions `{Self}`",
    label = "this works on the last two dimensions, which this tensor does not have"
)]
pub trait TwoOrMoreDims {}
impl<A, B, T> TwoOrMoreDims for Cons<A, Cons<B, T>> {}

/// A layout of at least 2 dimensions: matrices in the last two, the
/// others a batch.
#[diagnostic::on_unimplemented(
    message = "expected a tensor of at least 2 dimensions (matrices in the last two), got the dimensions `{Self}`",
    label = "this works on the last two dimensions, which this tensor does not have"
)]
pub trait Matrices: Layout {}
impl<S: Layout> Matrices for S where S::List: TwoOrMoreDims {}
