//! `one_hot` (PyTorch's `torch.nn.functional.one_hot(labels, num_classes)`):
//! labels `[..]` of `usize` become `[.., num_classes]` of `i64` (PyTorch's
//! `int64`; `.cast::<f32>()` for the float one NumPy code builds with
//! `np.eye(n)[labels]`), a 1 at each label's position and 0 elsewhere.
//! A label not below the class count is PyTorch's error (`Class values
//! must be smaller than num_classes.`); `try_` forms return it, the others
//! panic with it.
//!
//! On static and mixed tensors the class count is a constant where it is
//! known, `one_hot::<10>()`, which the result's layout shows (`[.., 10]`;
//! 0 and 2 to 1024 classes), or a runtime number, `one_hot_sized(n)`, whose
//! result has a `Dyn` last dimension. Runtime tensors take the number:
//! `one_hot(n)`.
//!
//! ```
//! use shaped::{shape, Dyn, DynTensor, Tensor};
//! let y = Tensor::<usize, shape![3]>::from_slice(&[2, 0, 1]).unwrap();
//! let oh: Tensor<i64, shape![3, 4]> = y.one_hot::<4>();
//! assert_eq!(oh.to_vec(), vec![0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0]);
//! let sized: Tensor<i64, shape![3, Dyn]> = y.one_hot_sized(4);
//! assert_eq!(sized.to_vec(), oh.to_vec());
//! let d = y.to_dyn().one_hot(4);
//! assert_eq!((d.shape(), d.to_vec()), (&[3, 4][..], oh.to_vec()));
//! let err = y.to_dyn().try_one_hot(2).unwrap_err();
//! assert_eq!(err.to_string().lines().next(), Some("Class values must be smaller than num_classes."));
//! ```

use alloc::vec::Vec;

use crate::error::{OrFail, ShapeError, checked_numel, try_vec};
use crate::shape::append::{AppendDim, Appended};
use crate::shape::dim::{D, Dim, Dyn};
use crate::shape::list::Layout;
use crate::tensor::{DynTensor, Tensor};

/// The one-hot rows of `labels` (sizes `dims`) over `n` classes, and their
/// sizes, or the error for the first label out of range (checked before
/// anything is allocated).
fn one_hot_data(
    labels: &[usize],
    dims: &[usize],
    n: usize,
) -> Result<(Vec<i64>, Vec<usize>), ShapeError> {
    if let Some(&label) = labels.iter().find(|&&l| l >= n) {
        return Err(ShapeError::OneHotClass {
            shape: dims.to_vec(),
            label,
            num_classes: n,
        });
    }
    let mut out_dims = dims.to_vec();
    out_dims.push(n);
    let total = checked_numel::<i64>(&out_dims)?;
    let mut out = try_vec(total, &out_dims)?;
    out.resize(total, 0);
    for (row, &label) in labels.iter().enumerate() {
        out[row * n + label] = 1;
    }
    Ok((out, out_dims))
}

impl DynTensor<usize> {
    /// The labels as one-hot rows over `num_classes` classes: shape
    /// `[.., num_classes]`, `i64` (PyTorch's `one_hot(labels,
    /// num_classes)`); a label not below `num_classes` is
    /// [`ShapeError::OneHotClass`]. Dimension names are not kept.
    pub fn try_one_hot(&self, num_classes: usize) -> Result<DynTensor<i64>, ShapeError> {
        let (data, dims) = one_hot_data(self.as_slice(), self.shape(), num_classes)?;
        Ok(DynTensor::from_parts(data, &dims))
    }

    /// [`try_one_hot`](Self::try_one_hot), panicking with the error's
    /// message.
    #[track_caller]
    pub fn one_hot(&self, num_classes: usize) -> DynTensor<i64> {
        self.try_one_hot(num_classes).or_fail()
    }
}

impl<S: Layout> Tensor<usize, S> {
    /// The labels as one-hot rows over `N` classes, the layout `[.., N]`
    /// (PyTorch's `one_hot(labels, N)`): `N` is 0 or 2 to 1024 (a larger
    /// count is [`one_hot_sized`](Self::one_hot_sized)'s). A label not
    /// below `N` is [`ShapeError::OneHotClass`].
    pub fn try_one_hot<const N: usize>(&self) -> Result<Tensor<i64, Appended<S, D<N>>>, ShapeError>
    where
        D<N>: Dim,
        S: AppendDim<D<N>>,
    {
        let (data, dims) = one_hot_data(self.as_slice(), &self.shape(), N)?;
        Ok(Tensor::from_checked(data, &dims))
    }

    /// [`try_one_hot`](Self::try_one_hot), panicking with the error's
    /// message.
    #[track_caller]
    pub fn one_hot<const N: usize>(&self) -> Tensor<i64, Appended<S, D<N>>>
    where
        D<N>: Dim,
        S: AppendDim<D<N>>,
    {
        self.try_one_hot::<N>().or_fail()
    }

    /// The labels as one-hot rows over `num_classes` classes known at run
    /// time: the layout `[.., Dyn]`. Errors as
    /// [`try_one_hot`](Self::try_one_hot).
    pub fn try_one_hot_sized(
        &self,
        num_classes: usize,
    ) -> Result<Tensor<i64, Appended<S, Dyn>>, ShapeError>
    where
        S: AppendDim<Dyn>,
    {
        let (data, dims) = one_hot_data(self.as_slice(), &self.shape(), num_classes)?;
        Ok(Tensor::from_checked(data, &dims))
    }

    /// [`try_one_hot_sized`](Self::try_one_hot_sized), panicking with the
    /// error's message.
    #[track_caller]
    pub fn one_hot_sized(&self, num_classes: usize) -> Tensor<i64, Appended<S, Dyn>>
    where
        S: AppendDim<Dyn>,
    {
        self.try_one_hot_sized(num_classes).or_fail()
    }
}
