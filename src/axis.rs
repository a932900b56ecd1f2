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

/// Row-major strides of `shape`.
pub(crate) fn strides(shape: &[usize]) -> Vec<usize> {
    let mut s = alloc::vec![1; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * shape[i + 1];
    }
    s
}

/// The elements of `data` (row-major, shape `shape`) read in the row-major
/// order of the strided view `(dims, strides)`: `out[i]` is the element at
/// the offset of the `i`-th multi-index of `dims`. Used by `permute` and by
/// reductions over axes that are not the innermost ones.
pub(crate) fn gather<T: Copy>(data: &[T], dims: &[usize], strides: &[usize]) -> Vec<T> {
    let n = crate::error::numel(dims).unwrap_or(0);
    let mut out = Vec::with_capacity(n);
    if n == 0 {
        return out;
    }
    let Some((&inner, outer)) = dims.split_last() else {
        out.push(data[0]);
        return out;
    };
    let inner_stride = strides[dims.len() - 1];
    let mut index = alloc::vec![0usize; outer.len()];
    let mut offset = 0usize;
    loop {
        if inner_stride == 1 {
            out.extend_from_slice(&data[offset..offset + inner]);
        } else {
            out.extend((0..inner).map(|i| data[offset + i * inner_stride]));
        }
        // Odometer over the outer axes, innermost first.
        let mut k = outer.len();
        loop {
            if k == 0 {
                return out;
            }
            k -= 1;
            index[k] += 1;
            offset += strides[k];
            if index[k] < outer[k] {
                break;
            }
            offset -= strides[k] * outer[k];
            index[k] = 0;
        }
    }
}
