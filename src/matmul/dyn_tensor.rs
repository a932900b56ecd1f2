//! Matrix products of runtime tensors, with PyTorch's errors.

use super::compute::{matmul_into, zeroed};
use crate::element::Element;
use crate::error::{ShapeError, checked_numel};
use crate::shape::matmul::matmul_dims;
use crate::tensor::DynTensor;

impl<T: Element> DynTensor<T> {
    /// The matrix product `self @ other` with torch.matmul's rules: vectors
    /// are promoted to one-row (first operand) or one-column (second operand)
    /// matrices and the added 1 removed from the result; dimensions before the
    /// last two are batch dimensions and broadcast. The inner sizes must be
    /// equal (they never broadcast), and neither operand may be rank 0; the
    /// errors are PyTorch's.
    ///
    /// `f32` and `f64` products run on `matrixmultiply`; other element
    /// types on a blocked loop. Dimension names: the batch dimensions keep
    /// them as in positional broadcasting, the result's rows take `self`'s
    /// row name and its columns `other`'s column name.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let a = DynTensor::from_vec(vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3]).unwrap();
    /// let b = DynTensor::from_vec(vec![1.0f32, 0.0, 0.0, 1.0, 1.0, 1.0], &[3, 2]).unwrap();
    /// let c = a.try_matmul(&b).unwrap();
    /// assert_eq!((c.shape(), c.to_vec()), (&[2, 2][..], vec![4.0, 5.0, 10.0, 11.0]));
    /// let err = a.try_matmul(&a).unwrap_err();
    /// assert_eq!(err.to_string(), "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)");
    /// ```
    pub fn try_matmul(&self, other: &DynTensor<T>) -> Result<DynTensor<T>, ShapeError> {
        let d = matmul_dims(self.shape(), other.shape())?;
        let n = checked_numel::<T>(&d.out)?;
        let names = if self.is_named() || other.is_named() {
            crate::tensor::names::matmul_names(&self.names(), &other.names(), &d.out)?
        } else {
            None
        };
        let mut data = zeroed::<T>(&d.out, n)?;
        matmul_into(
            self.as_slice(),
            self.shape(),
            other.as_slice(),
            other.shape(),
            &d,
            &mut data,
        );
        let mut out = DynTensor::from_parts(data, &d.out);
        out.names = names;
        Ok(out)
    }

    /// [`try_matmul`](Self::try_matmul), panicking with the error's message.
    #[track_caller]
    pub fn matmul(&self, other: &DynTensor<T>) -> DynTensor<T> {
        match self.try_matmul(other) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }
}
