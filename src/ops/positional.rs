//! Positional broadcasting of two runtime operands into a new tensor, for
//! any function and output element type (comparisons give `bool`): the
//! broadcast shape, then the kernel.

use crate::error::ShapeError;
use crate::kernel;
use crate::shape::broadcast::broadcast_pair;
use crate::tensor::DynTensor;

/// `f(a, b)` with broadcasting, positional, without names.
pub(crate) fn zip<T: Copy, U: Copy>(
    a: &[T],
    a_dims: &[usize],
    b: &[T],
    b_dims: &[usize],
    f: impl Fn(T, T) -> U,
) -> Result<DynTensor<U>, ShapeError> {
    let shape = broadcast_pair(a_dims, b_dims)?;
    #[cfg(feature = "std")]
    crate::legacy::check(a_dims, b_dims, &shape);
    let mut data = crate::error::vec_for::<U>(&shape)?;
    kernel::binary_onto_vec(&mut data, &shape, a, a_dims, b, b_dims, f);
    Ok(DynTensor::from_parts(data, &shape))
}
