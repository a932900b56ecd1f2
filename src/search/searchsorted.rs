//! `searchsorted`: where values would go in a sorted tensor to keep it
//! sorted (PyTorch's `searchsorted(sorted_sequence, values, right)`,
//! NumPy's `searchsorted` with `side`). The sequence is ordered as `sort`
//! orders it (NaN last); `right` puts a value after the elements equal to
//! it rather than before. The result has the values' shape (and layout).
//!
//! PyTorch's rule for the shapes: a 1-D sequence takes values of any
//! shape; an N-D sequence is a batch of sequences along its last axis,
//! and the values then have the same rank and the same sizes but the
//! last (`values[..., j]` is searched in `sequence[..., :]`). Anything
//! else is [`ShapeError::SearchSorted`], in PyTorch's words; on static
//! and mixed layouts the sizes are checked when the program runs. NumPy
//! takes 1-D sequences only.
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
//! // A batch of two sequences, each searched for its own row of values.
//! let rows = DynTensor::from_vec(vec![1, 3, 5, 2, 4, 6], &[2, 3]).unwrap();
//! let vals = DynTensor::from_vec(vec![3, 6, 3, 6], &[2, 2]).unwrap();
//! assert_eq!(rows.try_searchsorted(&vals, false).unwrap().to_vec(), vec![1, 3, 1, 2]);
//! ```

use alloc::vec::Vec;

use crate::error::{OrFail, ShapeError};
use crate::shape::list::Layout;
use crate::sort::SortKey;
use crate::tensor::{DynTensor, Tensor};

/// Where `v` goes in the sorted `seq`.
#[inline]
fn position<T: SortKey>(seq: &[T], v: T, right: bool) -> usize {
    let k = v.key();
    if right {
        seq.partition_point(|s| s.key() <= k)
    } else {
        seq.partition_point(|s| s.key() < k)
    }
}

/// The insertion points of `values` (sizes `vdims`) in `seq` (sizes
/// `dims`), by PyTorch's rule for the shapes.
fn search<T: SortKey>(
    seq: &[T],
    dims: &[usize],
    values: &[T],
    vdims: &[usize],
    right: bool,
) -> Result<Vec<usize>, ShapeError> {
    if dims.len() == 1 {
        return Ok(values.iter().map(|&v| position(seq, v, right)).collect());
    }
    let batched = !dims.is_empty()
        && vdims.len() == dims.len()
        && dims[..dims.len() - 1] == vdims[..vdims.len() - 1];
    if !batched {
        return Err(ShapeError::SearchSorted {
            sequence: dims.to_vec(),
            values: vdims.to_vec(),
        });
    }
    let (len, m) = (dims[dims.len() - 1], vdims[vdims.len() - 1]);
    Ok(values
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            let b = i / m; // `m` is not 0: there is a value
            position(&seq[b * len..(b + 1) * len], v, right)
        })
        .collect())
}

impl<T: SortKey> DynTensor<T> {
    /// The positions where `values` would go in this sorted tensor
    /// (1-D, or a batch of sequences along its last axis: see the
    /// [module](self)), before equal elements (after them if `right`).
    pub fn try_searchsorted(
        &self,
        values: &DynTensor<T>,
        right: bool,
    ) -> Result<DynTensor<usize>, ShapeError> {
        let out = search(
            self.as_slice(),
            self.shape(),
            values.as_slice(),
            values.shape(),
            right,
        )?;
        Ok(DynTensor::from_parts(out, values.shape()))
    }

    /// [`try_searchsorted`](Self::try_searchsorted), panicking with its
    /// error.
    #[track_caller]
    pub fn searchsorted(&self, values: &DynTensor<T>, right: bool) -> DynTensor<usize> {
        self.try_searchsorted(values, right).or_fail()
    }
}

impl<T: SortKey, S: Layout> Tensor<T, S> {
    /// [`DynTensor::try_searchsorted`]: the result has the values' layout.
    pub fn try_searchsorted<R: Layout>(
        &self,
        values: &Tensor<T, R>,
        right: bool,
    ) -> Result<Tensor<usize, R>, ShapeError> {
        let vdims = values.shape();
        let out = search(
            self.as_slice(),
            &self.shape(),
            values.as_slice(),
            &vdims,
            right,
        )?;
        Ok(Tensor::from_checked(out, &vdims))
    }

    /// [`try_searchsorted`](Self::try_searchsorted), panicking with its
    /// error.
    #[track_caller]
    pub fn searchsorted<R: Layout>(&self, values: &Tensor<T, R>, right: bool) -> Tensor<usize, R> {
        self.try_searchsorted(values, right).or_fail()
    }
}
