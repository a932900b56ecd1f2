//! Matrix products written into existing storage.

use super::compute::matmul_into as compute;
use crate::element::Element;
use crate::error::ShapeError;
use crate::ops::into::{Input, Output};
use crate::shape::Layout;
use crate::shape::matmul::{MatMul, MatMulWith, matmul_dims};
use crate::tensor::Tensor;

/// `out = a @ b` for static or mixed tensors, into `out`'s storage: `out`
/// must have the type of `a.matmul(&b)`, so a wrong output shape does not
/// compile. (With `Dyn` sizes, a runtime mismatch panics with PyTorch's
/// message.)
///
/// ```
/// use shaped::{matmul_into, shape, Tensor};
/// let a = Tensor::<f32, shape![2, 3]>::ones();
/// let b = Tensor::<f32, shape![3, 2]>::ones();
/// let mut out = Tensor::<f32, shape![2, 2]>::zeros();
/// matmul_into(&a, &b, &mut out);
/// assert_eq!(out.as_slice(), &[3.0; 4]);
/// ```
#[track_caller]
pub fn matmul_into<T: Element, S, R>(
    a: &Tensor<T, S>,
    b: &Tensor<T, R>,
    out: &mut Tensor<T, MatMul<S, R>>,
) where
    S: MatMulWith<R>,
    R: Layout,
{
    if let Err(e) = try_matmul_into(a, b, out) {
        panic!("{e}")
    }
}

/// `out = a @ b` for any tensors (static, mixed or runtime), checked at run
/// time: PyTorch's error if `a` and `b` do not multiply,
/// [`ShapeError::Mismatch`] (expected: the product's shape) if `out` has
/// another shape; `out` is then unchanged. Never panics.
///
/// ```
/// use shaped::{try_matmul_into, DynTensor};
/// let a = DynTensor::<i32>::arange(6).reshape(&[2, 3]).unwrap();
/// let b = DynTensor::<i32>::ones(&[3]);
/// let mut out = DynTensor::<i32>::zeros(&[2]);
/// try_matmul_into(&a, &b, &mut out).unwrap();
/// assert_eq!(out.to_vec(), vec![3, 12]);
/// let mut wrong = DynTensor::<i32>::zeros(&[3]);
/// assert!(try_matmul_into(&a, &b, &mut wrong).is_err());
/// assert_eq!(wrong.to_vec(), vec![0, 0, 0]);
/// ```
pub fn try_matmul_into<T: Element>(
    a: &impl Input<T>,
    b: &impl Input<T>,
    out: &mut impl Output<T>,
) -> Result<(), ShapeError> {
    a.with_parts(|a, a_dims| {
        b.with_parts(|b, b_dims| {
            let d = matmul_dims(a_dims, b_dims)?;
            out.with_parts_mut(|o, o_dims| {
                if o_dims != d.out.as_slice() {
                    return Err(ShapeError::Mismatch {
                        expected: d.out.clone(),
                        got: o_dims.to_vec(),
                    });
                }
                compute(a, a_dims, b, b_dims, &d, o);
                Ok(())
            })
        })
    })
}
