//! `searchsorted`: where values would go in a sorted one-dimensional
//! tensor to keep it sorted (PyTorch's `searchsorted(sorted_sequence,
//! values, right)`, NumPy's `searchsorted` with `side`). The sequence is
//! ordered as `sort` orders it (NaN last); `right` puts a value after the
//! elements equal to it rather than before. The result has the values'
//! shape (and layout). A sequence that is not one-dimensional is
//! [`ShapeError::Mismatch`] (PyTorch also takes batches of sequences).
//!
//! ```
//! use shaped::{shape, DynTensor, Tensor};
//! let seq = DynTensor::from_vec(vec![1.0, 3.0, 3.0, 7.0], &[4]).unwrap();
//! let v = DynTensor::from_vec(vec![0.0, 3.0, 8.0, f64::NAN], &[2, 2]).unwrap();
//! assert_eq!(seq.try_searchsorted(&v, false).unwrap().to_vec(), vec![0, 1, 4, 4]);
//! assert_eq!(seq.try_searchsorted(&v, true).unwrap().to_vec(), vec![0, 3, 4, 4]);
//! let s = Tensor::<i32, shape![3]>::from_slice(&[2, 4, 6]).unwrap();
//! let at: Tensor<usize, shape![2]> = s.searchsorted(&Tensor::<i32, shape![2]>::from_slice(&[5, 6]).unwrap(), true);
//! assert_eq!(at.to_vec(), vec![2, 3]);
//! ```

use alloc::vec::Vec;

use crate::error::{ShapeError, fail};
use crate::shape::list::Layout;
use crate::sort::SortKey;
use crate::tensor::{DynTensor, Tensor};

/// The insertion points of `values` in `seq` (sizes `dims`).
fn search<T: SortKey>(
    seq: &[T],
    dims: &[usize],
    values: &[T],
    right: bool,
) -> Result<Vec<usize>, ShapeError> {
    if dims.len() != 1 {
        return Err(ShapeError::Mismatch {
            expected: alloc::vec![usize::MAX],
            got: dims.to_vec(),
        });
    }
    Ok(values
        .iter()
        .map(|v| {
            let k = v.key();
            if right {
                seq.partition_point(|s| s.key() <= k)
            } else {
                seq.partition_point(|s| s.key() < k)
            }
        })
        .collect())
}

impl<T: SortKey> DynTensor<T> {
    /// The positions where `values` would go in this sorted
    /// one-dimensional tensor, before equal elements (after them if
    /// `right`).
    pub fn try_searchsorted(
        &self,
        values: &DynTensor<T>,
        right: bool,
    ) -> Result<DynTensor<usize>, ShapeError> {
        let out = search(self.as_slice(), self.shape(), values.as_slice(), right)?;
        Ok(DynTensor::from_parts(out, values.shape()))
    }

    /// [`try_searchsorted`](Self::try_searchsorted), panicking with its
    /// error.
    #[track_caller]
    pub fn searchsorted(&self, values: &DynTensor<T>, right: bool) -> DynTensor<usize> {
        self.try_searchsorted(values, right)
            .unwrap_or_else(|e| fail(e))
    }
}

impl<T: SortKey, S: Layout> Tensor<T, S> {
    /// [`DynTensor::try_searchsorted`]: the result has the values' layout.
    pub fn try_searchsorted<R: Layout>(
        &self,
        values: &Tensor<T, R>,
        right: bool,
    ) -> Result<Tensor<usize, R>, ShapeError> {
        let out = search(self.as_slice(), &self.shape(), values.as_slice(), right)?;
        Ok(Tensor::from_checked(out, &values.shape()))
    }

    /// [`try_searchsorted`](Self::try_searchsorted), panicking with its
    /// error.
    #[track_caller]
    pub fn searchsorted<R: Layout>(&self, values: &Tensor<T, R>, right: bool) -> Tensor<usize, R> {
        self.try_searchsorted(values, right)
            .unwrap_or_else(|e| fail(e))
    }
}
