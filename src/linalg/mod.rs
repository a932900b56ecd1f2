//! Linear algebra with torch.linalg's names and rules, the shapes checked
//! by the compiler (the `linalg` feature).
//!
//! Every function takes a batch of matrices `[.., m, n]` (the dimensions
//! before the last two are a batch, and two inputs' batches broadcast as
//! [`matmul`](crate::Tensor::matmul)'s do) of any kind: a static or mixed
//! [`Tensor`], a [`DynTensor`], or a view of either ([`TensorView`],
//! [`DynView`] and their mutable forms; read through their strides, not
//! copied first). The result
//! is a `Tensor` of the layout the compiler computes for the first two, a
//! `DynTensor` for the other two, of the input's element type (`f32` or
//! `f64`).
//!
//! ```
//! use shaped::linalg;
//! use shaped::{shape, Tensor};
//! let a = Tensor::<f64, shape![2, 2]>::from_slice(&[4.0, 7.0, 2.0, 6.0]).unwrap();
//! let b = Tensor::<f64, shape![2]>::from_slice(&[1.0, 2.0]).unwrap();
//! let x: Tensor<f64, shape![2]> = linalg::solve(&a, &b);      // a x = b
//! assert!((x[[0]] - -0.8).abs() < 1e-12 && (x[[1]] - 0.6).abs() < 1e-12);
//! let d: Tensor<f64, shape![]> = linalg::det(&a);
//! assert!((d.as_slice()[0] - 10.0).abs() < 1e-12);
//! let inv: Tensor<f64, shape![2, 2]> = linalg::inv(&a);
//! assert!((inv[[0, 0]] - 0.6).abs() < 1e-12);
//! ```
//!
//! A runtime batch of 4x4 transforms, and the reduced SVD whose
//! `k = min(m, n)` the compiler works out:
//!
//! ```
//! use shaped::{linalg, shape, Dyn, Tensor};
//! let t = Tensor::<f64, shape![Dyn, 4, 4]>::from_fn_sized(&[2], |k| if k % 16 % 5 == 0 { 2.0 } else { 0.0 });
//! let inv: Tensor<f64, shape![Dyn, 4, 4]> = linalg::inv(&t);
//! assert_eq!(inv[[1, 3, 3]], 0.5);
//! let d: Tensor<f64, shape![Dyn]> = linalg::det(&t);
//! assert_eq!(d.to_vec(), vec![16.0, 16.0]);
//! let a = Tensor::<f64, shape![3, 2]>::from_slice(&[1.0, 0.0, 1.0, 1.0, 1.0, 2.0]).unwrap();
//! let (u, s, vh) = linalg::svd(&a);
//! let (_, _, _): (Tensor<f64, shape![3, 2]>, Tensor<f64, shape![2]>, Tensor<f64, shape![2, 2]>) = (u, s, vh);
//! ```
//!
//! Shapes that do not fit do not compile, with PyTorch's words:
//!
//! ```compile_fail
//! use shaped::{linalg, shape, Tensor};
//! let a = Tensor::<f64, shape![3, 4]>::zeros();
//! let i = linalg::inv(&a); // error: linalg.inv: A must be batches of square matrices, but they are 3 by 4 matrices
//! ```
//!
//! Numerical failures are errors, never NaNs passed off as results: a
//! singular matrix in [`inv`] or [`solve`], a matrix that is not
//! positive-definite in [`cholesky()`], an iteration that does not converge
//! in [`eigh()`] or [`svd()`], and an infinity or NaN in the input of any
//! function that factorizes or multiplies matrices (all but the norms and
//! [`cross()`], whose results are plain arithmetic: NaN in, NaN out). The
//! `try_` forms return them as a [`ShapeError::Linalg`] worded as PyTorch
//! words it; the others panic with that message. A result too large for
//! the allocator is [`ShapeError::TooLarge`], never an abort, and a batch
//! of empty matrices costs nothing per matrix, however many it holds.
//!
//! The factorizations of matrices larger than 4x4 are faer's (blocked LU
//! with partial pivoting, Cholesky and Householder QR, divide-and-conquer
//! self-adjoint eigen-decomposition and SVD), handed the row-major data
//! where it lies wherever the algorithm allows it (a row-major `A` is the
//! column-major `Aᵀ`); 2x2 to 4x4 `inv`, `det` and `solve` take nalgebra's
//! closed forms on the stack. This module adds the batches (spread over
//! threads with the `rayon` feature, the results the same for any number
//! of threads), the shapes and PyTorch's conventions (eigenvalues
//! ascending, singular values descending, reduced factors).
//!
//! - `batch`: the batch driver (matrices read through strides, two batches
//!   broadcast, errors tagged with the matrix they happened in);
//! - [`square`](mod@square): `inv`, `det`, `slogdet`, `solve`,
//!   `matrix_power`;
//! - [`cholesky`](mod@cholesky), [`qr`](mod@qr), [`eigh`](mod@eigh),
//!   [`svd`](mod@svd): the factorizations;
//! - [`lstsq`](mod@lstsq): `lstsq` and `pinv`;
//! - [`norm`]: `vector_norm` and `matrix_norm`;
//! - [`cross`](mod@cross): the cross product.
//!
//! The shape rules are in [`shape::linalg`](crate::shape::linalg).

use crate::element::Element;
use crate::error::{ShapeError, checked_numel, try_filled};
use crate::shape::Layout;
use crate::shape::list::Nil;
use crate::shape::storage::{Buffer, Elements};
use crate::tensor::{DynTensor, Tensor};
use crate::view::{DynView, DynViewMut, TensorView, TensorViewMut};

mod backend;
pub(crate) mod batch;
pub mod cholesky;
pub mod cross;
pub mod eigh;
pub mod lstsq;
pub mod norm;
pub mod qr;
pub mod square;
pub mod svd;

pub use crate::shape::linalg::{
    Cholesky, CrossRule, Det, Eigh, FromRowMajor, Inv, LinalgLayout, LstsqRule, MatrixPower,
    MatrixRule, Runtime, Slogdet, Solve, SolveRule, SquareRule,
};
pub use cholesky::{cholesky, try_cholesky};
pub use cross::{CrossOut, cross, try_cross};
pub use eigh::{eigh, eigvalsh, try_eigh, try_eigvalsh};
pub use lstsq::{LstsqOut, lstsq, pinv, try_lstsq, try_pinv};
pub use norm::{MatrixOrd, matrix_norm, try_matrix_norm, try_vector_norm, vector_norm};
pub use qr::{qr, try_qr};
pub use square::{
    SlogdetOut, SolveOut, det, inv, matrix_power, slogdet, solve, try_det, try_inv,
    try_matrix_power, try_slogdet, try_solve,
};
pub use svd::{svd, svdvals, try_svd, try_svdvals};

/// The element types of linear algebra: `f32` and `f64` (real fields to
/// both backends: nalgebra's [`RealField`](nalgebra::RealField) for the
/// closed forms of small matrices, faer's
/// [`RealField`](faer::traits::RealField) for the factorizations).
pub trait Real:
    Element
    + nalgebra::RealField
    + faer::traits::RealField
    + num_traits::float::FloatCore
    + Copy
    + Send
    + Sync
{
}
impl Real for f32 {}
impl Real for f64 {}

/// What the functions of this module take: a tensor or a view of any
/// kind, whose elements are [`Real`]. `Layout` is what the compiler checks
/// (the layout of a static or mixed tensor, [`Runtime`] for a runtime one).
pub trait LinalgArg {
    /// The element type.
    type Elem: Real;
    /// The layout the shape rules are checked on.
    type Layout: LinalgLayout;
    /// The elements as a (strided) view.
    fn matrices(&self) -> DynView<'_, Self::Elem>;
    /// The elements, row-major, where they are contiguous: the small
    /// static matrices' path.
    #[inline]
    fn contiguous(&self) -> Option<&[Self::Elem]> {
        None
    }
}

impl<T: Real, S: Layout> LinalgArg for Tensor<T, S> {
    type Elem = T;
    type Layout = S;
    #[inline]
    fn matrices(&self) -> DynView<'_, T> {
        self.view().as_dyn()
    }
    #[inline]
    fn contiguous(&self) -> Option<&[T]> {
        Some(self.as_slice())
    }
}
impl<T: Real> LinalgArg for DynTensor<T> {
    type Elem = T;
    type Layout = Runtime;
    #[inline]
    fn matrices(&self) -> DynView<'_, T> {
        self.view()
    }
}
impl<T: Real, S: Layout> LinalgArg for TensorView<'_, T, S> {
    type Elem = T;
    type Layout = S;
    #[inline]
    fn matrices(&self) -> DynView<'_, T> {
        self.as_dyn()
    }
    #[inline]
    fn contiguous(&self) -> Option<&[T]> {
        self.as_slice()
    }
}
impl<T: Real> LinalgArg for DynView<'_, T> {
    type Elem = T;
    type Layout = Runtime;
    #[inline]
    fn matrices(&self) -> DynView<'_, T> {
        self.clone()
    }
}

impl<T: Real> LinalgArg for DynViewMut<'_, T> {
    type Elem = T;
    type Layout = Runtime;
    #[inline]
    fn matrices(&self) -> DynView<'_, T> {
        self.view()
    }
}
impl<T: Real, S: Layout> LinalgArg for TensorViewMut<'_, T, S> {
    type Elem = T;
    type Layout = S;
    #[inline]
    fn matrices(&self) -> DynView<'_, T> {
        (**self).view()
    }
}

impl<S: Layout> LinalgLayout for S {
    const SMALL_SQUARE: usize = {
        let (dims, rank) = S::TEMPLATE.prefix();
        if S::STATIC && rank == 2 && dims[0] == dims[1] && dims[0] >= 2 && dims[0] <= 4 {
            dims[0]
        } else {
            0
        }
    };
    const STATIC_VECTOR: usize = {
        let (dims, rank) = S::TEMPLATE.prefix();
        if S::STATIC && rank == 1 { dims[0] } else { 0 }
    };
    type Scalar = Nil;
    type Owned<T: Element> = Tensor<T, S>;
}
impl LinalgLayout for Runtime {
    const RUNTIME: bool = true;
    type Scalar = Runtime;
    type Owned<T: Element> = DynTensor<T>;
}
impl<T: Element, S: Layout> FromRowMajor<T> for Tensor<T, S> {
    #[inline]
    fn try_fill(
        dims: &[usize],
        fill: impl FnOnce(&mut [T]) -> Result<(), ShapeError>,
    ) -> Result<Self, ShapeError> {
        if let Some(ext) = S::STATIC_EXTENTS.filter(|_| S::TEMPLATE_NUMEL <= INLINE_MAX) {
            // A small static result stays inline: no allocation for a 3x3
            // inverse.
            let mut data =
                <S::Data<T> as Buffer<T>>::filled_for_overwrite(T::zero(), S::TEMPLATE_NUMEL);
            fill(data.as_mut_slice())?;
            return Ok(Tensor::from_parts(data, ext));
        }
        // Larger results on the heap, through the fallible allocation
        // (`TooLarge`, not an abort, where the allocator refuses).
        let n = checked_numel::<T>(dims)?;
        let mut v = try_filled(n, T::zero(), dims)?;
        fill(&mut v)?;
        let data = <S::Data<T> as Buffer<T>>::from_vec(v, n);
        match S::extents_for(dims) {
            Some(ext) => Ok(Tensor::from_parts(data, ext)),
            None => unreachable!("the rules computed the sizes {dims:?}"),
        }
    }
}
impl<T: Element> FromRowMajor<T> for DynTensor<T> {
    #[inline]
    fn try_fill(
        dims: &[usize],
        fill: impl FnOnce(&mut [T]) -> Result<(), ShapeError>,
    ) -> Result<Self, ShapeError> {
        let n = checked_numel::<T>(dims)?;
        let mut data = try_filled(n, T::zero(), dims)?;
        fill(&mut data)?;
        Ok(DynTensor::from_parts(data, dims))
    }
}

/// The most elements of an inline static result (the storage's budget).
const INLINE_MAX: usize = 1024;

/// `n` zeros for a result or a factorization's work (`TooLarge`, naming
/// `shape`, where the allocator refuses).
pub(crate) fn zeros<T: Real>(n: usize, shape: &[usize]) -> Result<alloc::vec::Vec<T>, ShapeError> {
    try_filled(n, T::zero(), shape)
}

/// The result of layout `L` for the input `A`: a [`Tensor`] of layout `L`
/// for static and mixed inputs, a [`DynTensor`] for runtime ones, of `A`'s
/// element type.
pub type Out<A, L> = <L as LinalgLayout>::Owned<<A as LinalgArg>::Elem>;

/// Builds a result of layout `L` and sizes `dims`, written by `fill`.
#[inline]
pub(crate) fn build<T: Real, L: LinalgLayout>(
    dims: &[usize],
    fill: impl FnOnce(&mut [T]) -> Result<(), ShapeError>,
) -> Result<L::Owned<T>, ShapeError> {
    <L::Owned<T> as FromRowMajor<T>>::try_fill(dims, fill)
}

/// Panics with the error's message (the forms without `try_`).
#[track_caller]
pub(crate) fn or_panic<X>(r: Result<X, ShapeError>) -> X {
    match r {
        Ok(x) => x,
        Err(e) => panic!("{e}"),
    }
}
