//! Axis arguments of the runtime toolkit: range checks and PyTorch's errors.
//!
//! An axis is counted from the left (outermost first) from 0, or from the
//! right from -1, as in PyTorch and NumPy: `t.sum_dims(&[-1], false)` reduces
//! the last axis, `t.unsqueeze(-1)` appends one. Any of `usize`, `isize`,
//! `i32` and `i64` is an axis ([`AxisArg`]), so a literal `-1` just works.
//! A rank-0 tensor accepts axis 0 (and -1) where an existing axis is
//! expected, as PyTorch does (it behaves as an axis of size 1).
//!
//! ```
//! use shaped::DynTensor;
//! let t = DynTensor::<f32>::zeros(&[2, 3]);
//! assert_eq!(t.sum_dims(&[-1], true).unwrap().shape(), &[2, 1]);
//! assert_eq!(t.unsqueeze(-1).unwrap().shape(), &[2, 3, 1]);
//! assert_eq!(
//!     t.sum_dims(&[-3], false).unwrap_err().to_string().lines().next().unwrap(),
//!     "Dimension out of range (expected to be in range of [-2, 1], but got -3)"
//! );
//! ```

use alloc::vec::Vec;

use crate::error::ShapeError;

mod sealed {
    pub trait Sealed {}
}

/// An axis argument: `usize`, or a signed integer where negative values
/// count from the right (`-1` is the last axis).
pub trait AxisArg: Copy + sealed::Sealed {
    /// The axis as a signed number (saturating past `i128`'s range, which no
    /// axis reaches).
    fn signed(self) -> i128;
}
macro_rules! axis_args {
    ($($t:ty)*) => {$(
        impl sealed::Sealed for $t {}
        impl AxisArg for $t {
            #[inline]
            fn signed(self) -> i128 {
                self as i128
            }
        }
    )*};
}
axis_args!(usize isize i32 i64);

/// `axis` as an axis of `shape` from the left, or
/// [`ShapeError::AxisOutOfRange`]. `dims` is the number of valid positions
/// (the rank, or the rank + 1 where an axis is inserted); negative axes
/// count from `dims`.
pub(crate) fn check(shape: &[usize], axis: impl AxisArg, dims: usize) -> Result<usize, ShapeError> {
    let a = axis.signed();
    let d = dims as i128;
    let resolved = if a < 0 { a + d } else { a };
    if (0..d).contains(&resolved) {
        Ok(resolved as usize)
    } else {
        Err(ShapeError::AxisOutOfRange {
            shape: shape.to_vec(),
            axis: a.clamp(isize::MIN as i128, isize::MAX as i128) as isize,
            dims,
        })
    }
}

/// `axis` as an existing axis of `shape` (axis 0 of a rank-0 tensor included).
pub(crate) fn existing(shape: &[usize], axis: impl AxisArg) -> Result<usize, ShapeError> {
    check(shape, axis, shape.len().max(1))
}

/// A list of distinct existing axes of `shape`, as a mask over the axes
/// (`true` = listed). For a rank-0 tensor the mask is empty (axis 0 is
/// accepted and reduces nothing).
pub(crate) fn mask<A: AxisArg>(shape: &[usize], axes: &[A]) -> Result<Vec<bool>, ShapeError> {
    let mut listed = alloc::vec![false; shape.len().max(1)];
    for &axis in axes {
        let axis = existing(shape, axis)?;
        if listed[axis] {
            return Err(ShapeError::DuplicateAxis {
                shape: shape.to_vec(),
                axis,
            });
        }
        listed[axis] = true;
    }
    listed.truncate(shape.len());
    Ok(listed)
}

/// The listed axes, resolved (in the order given).
pub(crate) fn resolve<A: AxisArg>(shape: &[usize], axes: &[A]) -> Result<Vec<usize>, ShapeError> {
    axes.iter().map(|&a| existing(shape, a)).collect()
}
