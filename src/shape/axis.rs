//! Axis arguments of the toolkit: range checks and PyTorch's errors.
//!
//! Axes are `usize`, counted from the left (outermost first). A rank-0
//! tensor accepts axis 0 where an existing axis is expected, as PyTorch
//! does (it behaves as an axis of size 1).

use alloc::vec::Vec;

use crate::error::ShapeError;

/// `axis` as an axis of `shape`, or [`ShapeError::AxisOutOfRange`]. `dims`
/// is the number of valid positions (the rank, or the rank + 1 where an axis
/// is inserted).
pub(crate) fn check(shape: &[usize], axis: usize, dims: usize) -> Result<usize, ShapeError> {
    if axis < dims {
        Ok(axis)
    } else {
        Err(ShapeError::AxisOutOfRange {
            shape: shape.to_vec(),
            axis,
            dims,
        })
    }
}

/// `axis` as an existing axis of `shape` (axis 0 of a rank-0 tensor included).
pub(crate) fn existing(shape: &[usize], axis: usize) -> Result<usize, ShapeError> {
    check(shape, axis, shape.len().max(1))
}

/// A list of distinct existing axes of `shape`, as a mask over the axes
/// (`true` = listed). For a rank-0 tensor the mask is empty (axis 0 is
/// accepted and reduces nothing).
pub(crate) fn mask(shape: &[usize], axes: &[usize]) -> Result<Vec<bool>, ShapeError> {
    let mut listed = alloc::vec![false; shape.len().max(1)];
    for &axis in axes {
        existing(shape, axis)?;
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
