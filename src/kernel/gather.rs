//! Reading a strided view of row-major elements into a new row-major
//! buffer: the permuting copy behind `permute`, named operands out of order
//! and reductions over outer axes.

use crate::error::OrFail;
use alloc::vec::Vec;

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
    try_gather(data, dims, strides).or_fail()
}

/// [`gather`], or `TooLarge` where the allocator refuses the result.
pub(crate) fn try_gather<T: Copy>(
    data: &[T],
    dims: &[usize],
    strides: &[usize],
) -> Result<Vec<T>, crate::error::ShapeError> {
    let n = crate::error::numel(dims).unwrap_or(0);
    let mut out = crate::error::try_vec(n, dims)?;
    if n == 0 {
        return Ok(out);
    }
    let Some((&inner, outer)) = dims.split_last() else {
        out.push(data[0]);
        return Ok(out);
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
                return Ok(out);
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
