//! Reductions of runtime tensors over one or several axes: `sum`, `mean`,
//! `var`, `std`, `max`, `min`, `argmax`, `argmin`.
//!
//! The `*_dims` methods take a list of distinct axes and `keepdim`: with
//! `keepdim` the reduced axes stay as size 1 (so the result broadcasts
//! against the input, as in seed 001's normalisation), without it they are
//! dropped. They follow PyTorch:
//!
//! - `var` and `std` are the unbiased estimators (divisor `n - 1`);
//!   [`var_dims_correction`](crate::DynTensor::var_dims_correction) takes
//!   another correction (0 for the population variance).
//! - Over a size-0 axis, `sum` is 0 and `mean`, `var` and `std` are NaN;
//!   `max`, `min`, `argmax` and `argmin` are an error, as they have no
//!   identity.
//! - NaN propagates through `max` and `min`, and `argmax`/`argmin` point at
//!   the first NaN; otherwise ties go to the first occurrence.
//! - An empty list of axes reduces nothing (each element is its own group,
//!   as in NumPy; PyTorch's `dim=[]` reduces everything). [`sum`](crate::DynTensor::sum)
//!   and [`mean`](crate::DynTensor::mean) reduce everything.
//! - A rank-0 tensor accepts axis 0.
//! - Dimension names of the reduced axes are dropped, or kept with
//!   `keepdim`; the others stay (see [`crate::tensor::names`]).
//!
//! Out-of-range axes are [`ShapeError::AxisOutOfRange`] with PyTorch's
//! message; a repeated axis is [`ShapeError::DuplicateAxis`].
//!
//! ```
//! use shaped::DynTensor;
//! let t = DynTensor::from_vec(vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3]).unwrap();
//! let m = t.mean_dims(&[1], true).unwrap();
//! assert_eq!((m.shape(), m.to_vec()), (&[2, 1][..], vec![2.0, 5.0]));
//! let s = t.std_dims(&[0, 1], false).unwrap();
//! assert_eq!(s.shape(), &[] as &[usize]);
//! assert!((s.to_vec()[0] - 1.8708287).abs() < 1e-6);
//! ```
//!
//! Sums are pairwise (as NumPy's), so the rounding error of a float sum
//! grows with the logarithm of the number of terms, not linearly.

use alloc::vec::Vec;

use super::engine::{self, Reducer};
use crate::element::Element;
use crate::error::{ShapeError, checked_numel};
use crate::shape::axis::{self, AxisArg};
use crate::tensor::DynTensor;

impl<T: Element> DynTensor<T> {
    /// The reduction `r` over `axes` on this tensor's storage, keeping them
    /// as size 1 if `keepdim`. `op` names a reduction without an identity,
    /// an error over a size-0 axis.
    pub(crate) fn reduce_with<A: AxisArg, R: Reducer<T>>(
        &self,
        axes: &[A],
        keepdim: bool,
        r: &R,
        op: Option<&'static str>,
    ) -> Result<DynTensor<R::Out>, ShapeError>
    where
        R::Out: Default,
    {
        reduce_over(
            self.shape(),
            self.names.as_deref(),
            axes,
            keepdim,
            op,
            |mask, out| engine::run_dims(self.as_slice(), self.shape(), mask, r, out),
        )
    }
}

/// A reduction over `axes` of a tensor or view of sizes `shape` (names
/// `names`): the axes checked, a size-0 axis refused where `op` names a
/// reduction without an identity, the result's sizes and names; `run`
/// fills the result given the mask of reduced axes.
pub(crate) fn reduce_over<O: Copy + Default, A: AxisArg>(
    shape: &[usize],
    names: Option<&[Option<crate::shape::names::runtime::Name>]>,
    axes: &[A],
    keepdim: bool,
    op: Option<&'static str>,
    run: impl FnOnce(u64, &mut [O]),
) -> Result<DynTensor<O>, ShapeError> {
    let listed = axis::mask(shape, axes)?;
    let mask = listed
        .iter()
        .enumerate()
        .fold(0u64, |m, (i, &l)| if l { m | 1 << i } else { m });
    if let (Some(op), Some(axis)) = (op, engine::empty_axis(shape, mask)) {
        return Err(ShapeError::EmptyReduction {
            shape: shape.to_vec(),
            axis,
            op,
        });
    }
    let mut out_dims = Vec::with_capacity(shape.len());
    engine::out_dims(shape, mask, keepdim, &mut out_dims);
    let n = checked_numel::<O>(&out_dims)?;
    let mut data = crate::error::try_filled(n, O::default(), &out_dims)?;
    run(mask, &mut data);
    let mut out = DynTensor::from_parts(data, &out_dims);
    out.names = crate::shape::names::runtime::reduce(names, &listed, keepdim);
    Ok(out)
}
