//! The operands of an indexing operation broadcast to a common shape
//! (`take_along_dim`'s input and indices, `masked_select`'s input and
//! mask): copied out with the elementwise kernel, which repeats an
//! operand along its size-1 and missing axes.

use alloc::vec::Vec;

use crate::error::{ShapeError, checked_numel, try_vec};
use crate::kernel;

/// `src` (sizes `src_dims`, which broadcast to `dims`: callers check)
/// repeated to the sizes `dims`, row-major; `TooLarge` where the
/// allocator refuses the result.
pub(crate) fn broadcast_data<T: Copy>(
    src: &[T],
    src_dims: &[usize],
    dims: &[usize],
    fill: T,
) -> Result<Vec<T>, ShapeError> {
    if src_dims == dims {
        return Ok(src.to_vec());
    }
    let n = checked_numel::<T>(dims)?;
    let mut out = try_vec(n, dims)?;
    out.resize(n, fill);
    kernel::assign(&mut out, dims, src, src_dims, |_, x| x);
    Ok(out)
}
