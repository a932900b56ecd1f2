//! Joining tensors, for every layout: the result shape of `stack` and `cat`
//! with PyTorch's errors, and the joined elements. The static, mixed and
//! runtime versions differ only in how they name the axis and the result
//! type; each passes its parts here as shapes and element slices.

use alloc::vec::Vec;

use crate::error::{ShapeError, vec_for};
use crate::shape::axis::{self, AxisArg};

/// The shape of the parts stacked at a new axis, and that axis: the parts
/// must all have the first one's shape.
pub(crate) fn stack_dims(
    shapes: &[&[usize]],
    axis: impl AxisArg,
) -> Result<(usize, Vec<usize>), ShapeError> {
    let shape = *shapes.first().ok_or(ShapeError::EmptyStack)?;
    let axis = axis::check(shape, axis, shape.len() + 1)?;
    for (index, other) in shapes.iter().enumerate().skip(1) {
        if *other != shape {
            return Err(ShapeError::StackMismatch {
                first: shape.to_vec(),
                other: other.to_vec(),
                index,
            });
        }
    }
    let mut dims = shape.to_vec();
    dims.insert(axis, shapes.len());
    Ok((axis, dims))
}

/// The shape of the parts joined along an existing axis, and that axis:
/// no part may be rank 0, and they must agree on every other axis.
pub(crate) fn cat_dims(
    shapes: &[&[usize]],
    axis: impl AxisArg,
) -> Result<(usize, Vec<usize>), ShapeError> {
    let shape = *shapes.first().ok_or(ShapeError::EmptyCat)?;
    if let Some(index) = shapes.iter().position(|s| s.is_empty()) {
        return Err(ShapeError::CatScalar { index });
    }
    let axis = axis::check(shape, axis, shape.len())?;
    let mut total = 0usize;
    for (index, other) in shapes.iter().enumerate() {
        let fits = other.len() == shape.len()
            && (0..shape.len()).all(|d| d == axis || other[d] == shape[d]);
        if !fits {
            return Err(ShapeError::CatMismatch {
                first: shape.to_vec(),
                other: other.to_vec(),
                index,
                axis,
            });
        }
        total = total.saturating_add(other[axis]);
    }
    let mut dims = shape.to_vec();
    dims[axis] = total;
    Ok((axis, dims))
}

/// The elements of `parts` (each of shape `part`) stacked at `axis`, the
/// result having shape `dims` ([`stack_dims`]); each part contributes one
/// chunk of its trailing axes per index of the leading ones. An error if
/// the result is too large or the allocator refuses it.
pub(crate) fn stack_data<T: Copy>(
    parts: &[&[T]],
    part: &[usize],
    axis: usize,
    dims: &[usize],
) -> Result<Vec<T>, ShapeError> {
    let mut data = vec_for::<T>(dims)?;
    if !dims.contains(&0) {
        // Both products divide the element count, so they fit.
        let chunk: usize = part[axis..].iter().product();
        let outer: usize = part[..axis].iter().product();
        for o in 0..outer {
            for p in parts {
                data.extend_from_slice(&p[o * chunk..(o + 1) * chunk]);
            }
        }
    }
    Ok(data)
}

/// The elements of `parts` (shapes `shapes`) joined along `axis`, the
/// result having shape `dims` ([`cat_dims`]). An error if the result is too
/// large or the allocator refuses it.
pub(crate) fn cat_data<T: Copy>(
    parts: &[&[T]],
    shapes: &[&[usize]],
    axis: usize,
    dims: &[usize],
) -> Result<Vec<T>, ShapeError> {
    let mut data = vec_for::<T>(dims)?;
    if !dims.contains(&0) {
        // Both products divide the element count, so they fit.
        let inner: usize = dims[axis + 1..].iter().product();
        let outer: usize = dims[..axis].iter().product();
        for o in 0..outer {
            for (p, s) in parts.iter().zip(shapes) {
                let chunk = s[axis] * inner;
                data.extend_from_slice(&p[o * chunk..(o + 1) * chunk]);
            }
        }
    }
    Ok(data)
}
