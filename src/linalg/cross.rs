//! [`cross`]: the cross product of vectors of 3 components.

use super::batch::{Batch, walk};
use super::{LinalgArg, Out, build, or_panic};
use crate::error::ShapeError;
use crate::shape::linalg::{CrossRule, cross_dims};

/// `cross`'s result, of the layout [`CrossRule`] computes.
pub type CrossOut<A, B> =
    Out<A, <<A as LinalgArg>::Layout as CrossRule<<B as LinalgArg>::Layout>>::Output>;

/// `linalg.cross` (along the last dimension, PyTorch's default `dim=-1`):
/// `a × b` for inputs whose last dimension is 3, the dimensions before it
/// broadcasting. Another size does not compile (static sizes) or panics
/// with PyTorch's message (see [`try_cross`]).
///
/// ```
/// use shaped::{linalg, shape, Tensor};
/// let x = Tensor::<f32, shape![3]>::from_slice(&[1.0, 0.0, 0.0]).unwrap();
/// let y = Tensor::<f32, shape![2, 3]>::from_slice(&[0.0, 1.0, 0.0, 0.0, 0.0, 1.0]).unwrap();
/// let z: Tensor<f32, shape![2, 3]> = linalg::cross(&x, &y);
/// assert_eq!(z.as_slice(), &[0.0, 0.0, 1.0, 0.0, -1.0, 0.0]);
/// ```
#[track_caller]
pub fn cross<A: LinalgArg, B: LinalgArg<Elem = A::Elem>>(a: &A, b: &B) -> CrossOut<A, B>
where
    A::Layout: CrossRule<B::Layout>,
{
    or_panic(try_cross(a, b))
}

/// [`cross`], its errors returned: `linalg.cross: inputs dimension -1 must
/// have length 3. Got 4 and 3`, or a batch that does not broadcast.
pub fn try_cross<A: LinalgArg, B: LinalgArg<Elem = A::Elem>>(
    a: &A,
    b: &B,
) -> Result<CrossOut<A, B>, ShapeError>
where
    A::Layout: CrossRule<B::Layout>,
{
    let (va, vb) = (a.matrices(), b.matrices());
    let (batch, out_dims) = cross_dims(va.shape(), vb.shape())?;
    let (x, y) = (Batch::vectors(&va)?, Batch::vectors(&vb)?);
    let (sx, sy) = (x.steps(&batch), y.steps(&batch));
    build::<A::Elem, <A::Layout as CrossRule<B::Layout>>::Output>(&out_dims, |out| {
        walk(&batch, [&sx, &sy], |i, [ox, oy]| {
            let p = |k| x.get(ox, k, 0);
            let q = |k| y.get(oy, k, 0);
            out[3 * i] = p(1) * q(2) - p(2) * q(1);
            out[3 * i + 1] = p(2) * q(0) - p(0) * q(2);
            out[3 * i + 2] = p(0) * q(1) - p(1) * q(0);
            Ok(())
        })
    })
}
