//! [`qr`]: the reduced QR factorization.

use super::batch::{Batch, walk, write_rows};
use super::{LinalgArg, Out, build, or_panic};
use crate::error::ShapeError;
use crate::shape::linalg::{MatrixRule, matrix_dims};

/// `qr`'s result: `(Q, R)`.
pub type QrOut<A> = (
    Out<A, <<A as LinalgArg>::Layout as MatrixRule>::Left>,
    Out<A, <<A as LinalgArg>::Layout as MatrixRule>::Right>,
);

/// `linalg.qr` (mode `'reduced'`): `Q` (`[.., m, k]`, orthonormal
/// columns) and `R` (`[.., k, n]`, upper triangular) with `A = Q R`,
/// `k = min(m, n)` computed by the compiler for static sizes. The signs
/// of `R`'s diagonal are nalgebra's Householder convention; like
/// LAPACK's (PyTorch's and NumPy's) they may be negative, and a row of `R`
/// (with the column of `Q`) may differ from theirs in sign.
///
/// ```
/// use shaped::{linalg, shape, Tensor};
/// let a = Tensor::<f64, shape![3, 2]>::from_slice(&[3.0, 0.0, 4.0, 0.0, 0.0, 2.0]).unwrap();
/// let (q, r): (Tensor<f64, shape![3, 2]>, Tensor<f64, shape![2, 2]>) = linalg::qr(&a);
/// let back = q.matmul(&r);
/// assert!(back.as_slice().iter().zip(a.as_slice()).all(|(x, y)| (x - y).abs() < 1e-12));
/// ```
#[track_caller]
pub fn qr<A: LinalgArg>(a: &A) -> QrOut<A>
where
    A::Layout: MatrixRule,
{
    or_panic(try_qr(a))
}

/// [`qr`], its runtime shape errors returned.
pub fn try_qr<A: LinalgArg>(a: &A) -> Result<QrOut<A>, ShapeError>
where
    A::Layout: MatrixRule,
{
    const OP: &str = "linalg.qr";
    let v = a.matrices();
    let (batch, m, n) = matrix_dims(OP, v.shape())?;
    let k = m.min(n);
    let mats = Batch::matrices(OP, &v)?;
    let steps = mats.steps(batch);
    let mut r_data =
        alloc::vec![<A::Elem as num_traits::Zero>::zero(); super::batch::count(batch) * k * n];
    let mut q_dims = batch.to_vec();
    q_dims.extend([m, k]);
    let q = build::<A::Elem, <A::Layout as MatrixRule>::Left>(&q_dims, |out| {
        if k == 0 {
            return Ok(());
        }
        walk(batch, [&steps], |i, [off]| {
            let f = mats.dmatrix(off).qr();
            write_rows(&f.q(), &mut out[i * m * k..(i + 1) * m * k]);
            write_rows(&f.r(), &mut r_data[i * k * n..(i + 1) * k * n]);
            Ok(())
        })
    })?;
    let mut r_dims = batch.to_vec();
    r_dims.extend([k, n]);
    let r = build::<A::Elem, <A::Layout as MatrixRule>::Right>(&r_dims, |out| {
        out.copy_from_slice(&r_data);
        Ok(())
    })?;
    Ok((q, r))
}
