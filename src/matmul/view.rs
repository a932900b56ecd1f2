//! Matrix products of views: a transposed matrix (`a.t()`), a slice, a
//! batch of sub-matrices are multiplied where they lie, their strides
//! handed to GEMM (`matrixmultiply` takes any row and column stride), not
//! copied first. Batched views walk their batch strides.
//!
//! ```
//! use shaped::{s, DynTensor};
//! let a = DynTensor::<f32>::arange(6).reshape(&[2, 3]).unwrap(); // [[0, 1, 2], [3, 4, 5]]
//! // aᵀ · a without copying aᵀ.
//! let ata = a.t().matmul(&a.view());
//! assert_eq!(ata.shape(), &[3, 3]);
//! assert_eq!(ata.to_vec(), vec![9.0, 12.0, 15.0, 12.0, 17.0, 22.0, 15.0, 22.0, 29.0]);
//! // Every other column of `a`, times a column.
//! let col = DynTensor::from_vec(vec![1.0f32, 1.0], &[2]).unwrap();
//! assert_eq!(a.slice(s![.., ..;2]).matmul(&col.view()).to_vec(), vec![2.0, 8.0]);
//! ```
//!
//! Views of static layouts are checked at compile time, as tensors are:
//!
//! ```compile_fail
//! use shaped::{shape, Axis, Tensor};
//! let a = Tensor::<f32, shape![4, 3]>::zeros();
//! let at = a.view().transpose(Axis::<0>, Axis::<1>); // [3, 4]
//! let c = at.matmul(&at); // error: cannot multiply [3, 4] by [3, 4]: inner sizes 4 vs 3
//! ```

use alloc::vec::Vec;

use super::compute::{Operand, matmul_strided, zeroed};
use crate::element::Element;
use crate::error::{ShapeError, checked_numel};
use crate::shape::Layout;
use crate::shape::matmul::{MatMul, MatMulDims, MatMulWith, matmul_dims};
use crate::tensor::names::matmul_names;
use crate::tensor::{DynTensor, Tensor};
use crate::view::TypedOperand;
use crate::view::{DynView, KernelView, TensorView};

/// The view as an operand: its elements from its first one on (a view
/// with a reversed axis copied, [`DynView::try_for_kernel`]).
fn operand<'v, T: Clone>(v: &'v KernelView<'_, T>) -> Operand<'v, T> {
    Operand {
        data: v.data(),
        dims: v.dims(),
        strides: v.strides(),
    }
}

/// `a @ b` into a new row-major vector, after the checks.
fn product<T: Element>(
    a: &DynView<'_, T>,
    b: &DynView<'_, T>,
) -> Result<(Vec<T>, MatMulDims), ShapeError> {
    let d = matmul_dims(a.shape(), b.shape())?;
    let n = checked_numel::<T>(&d.out)?;
    let mut data = zeroed::<T>(&d.out, n)?;
    let (a, b) = (a.try_for_kernel()?, b.try_for_kernel()?);
    matmul_strided(operand(&a), operand(&b), &d, &mut data);
    Ok((data, d))
}

impl<T: Element> DynView<'_, T> {
    /// The matrix product `self @ other` of two views, with torch.matmul's
    /// rules and PyTorch's errors (see
    /// [`DynTensor::try_matmul`](crate::DynTensor::try_matmul)), into a new
    /// tensor. Neither view is copied: their strides go to the product
    /// (`f32` and `f64` to `matrixmultiply`).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let a = DynTensor::<f64>::arange(6).reshape(&[3, 2]).unwrap();
    /// let b = DynTensor::<f64>::ones(&[3, 4]);
    /// let c = a.t().try_matmul(&b.view()).unwrap(); // [2, 3] @ [3, 4]
    /// assert_eq!(c.shape(), &[2, 4]);
    /// assert_eq!(c[[1, 0]], 9.0);
    /// let err = a.view().try_matmul(&b.view()).unwrap_err();
    /// assert_eq!(err.to_string(), "mat1 and mat2 shapes cannot be multiplied (3x2 and 3x4)");
    /// ```
    pub fn try_matmul(&self, other: &DynView<'_, T>) -> Result<DynTensor<T>, ShapeError> {
        let names = if self.names.is_some() || other.names.is_some() {
            // Checked before the product: a mismatch costs no arithmetic.
            let d = matmul_dims(self.shape(), other.shape())?;
            matmul_names(&self.names(), &other.names(), &d.out)?
        } else {
            None
        };
        let (data, d) = product(self, other)?;
        let mut out = DynTensor::from_parts(data, &d.out);
        out.names = names;
        Ok(out)
    }

    /// [`try_matmul`](Self::try_matmul), panicking with the error's message.
    #[track_caller]
    pub fn matmul(&self, other: &DynView<'_, T>) -> DynTensor<T> {
        match self.try_matmul(other) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }
}

impl<T: Element, S: Layout> TensorView<'_, T, S> {
    /// The matrix product `self @ rhs` of two views of static or mixed
    /// layouts: the result's layout [`MatMul<S, R>`](MatMul) computed by
    /// the compiler as for [`Tensor::matmul`], static sizes that do not fit
    /// do not compile, `Dyn` sizes are checked here (a mismatch panics with
    /// PyTorch's message). Neither view is copied.
    ///
    /// ```
    /// use shaped::{shape, Axis, Tensor};
    /// let a = Tensor::<f32, shape![3, 2]>::arange(); // [[0, 1], [2, 3], [4, 5]]
    /// let at = a.view().transpose(Axis::<0>, Axis::<1>); // [2, 3], no copy
    /// let g: Tensor<f32, shape![2, 2]> = at.matmul(&a.view());
    /// assert_eq!(g.as_slice(), &[20.0, 26.0, 26.0, 35.0]);
    /// ```
    #[track_caller]
    pub fn matmul<O: TypedOperand<T>>(&self, rhs: &O) -> Tensor<T, MatMul<S, O::Layout>>
    where
        S: MatMulWith<O::Layout>,
    {
        match self.try_matmul(rhs) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }

    /// [`matmul`](Self::matmul), with the `Dyn` sizes checked into a
    /// [`ShapeError`] instead of a panic (never an error for static
    /// layouts).
    pub fn try_matmul<O: TypedOperand<T>>(
        &self,
        rhs: &O,
    ) -> Result<Tensor<T, MatMul<S, O::Layout>>, ShapeError>
    where
        S: MatMulWith<O::Layout>,
    {
        let (data, d) = product(self, &rhs.typed_view())?;
        Ok(Tensor::from_checked(data, &d.out))
    }
}
