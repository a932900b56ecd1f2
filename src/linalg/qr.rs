//! [`qr`]: the reduced QR factorization.

use alloc::vec::Vec;

use faer::MatMut;

use super::backend::{self, Scratch};
use super::batch::{Batch, at, flops, run, tiled};
use super::{LinalgArg, Out, Real, build, or_panic, zeros};
use crate::error::{LinalgProblem, ShapeError};
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
    let shape = v.shape();
    let dims = |tail: &[usize]| -> Vec<usize> { batch.iter().chain(tail).copied().collect() };
    let mut r = None;
    let q = build::<A::Elem, <A::Layout as MatrixRule>::Left>(&dims(&[m, k]), |q| {
        r = Some(build::<A::Elem, <A::Layout as MatrixRule>::Right>(
            &dims(&[k, n]),
            |r| {
                if k == 0 {
                    return Ok(()); // empty factors, however many matrices
                }
                run(
                    batch,
                    [&steps],
                    [q, r],
                    flops(&[4, m, n, k]),
                    || QrWork::new(m, n, shape),
                    |w, i, [off], [qi, ri]| {
                        if !mats.finite(off, false) {
                            return Err(at(OP, batch, i, LinalgProblem::NonFinite));
                        }
                        w.qr(&mats, off, qi, ri);
                        Ok(())
                    },
                )
            },
        )?);
        Ok(())
    })?;
    match r {
        Some(r) => Ok((q, r)),
        None => unreachable!("the first result's fill builds the second"),
    }
}

/// The QR factorization's work for one matrix of a batch.
struct QrWork<T> {
    /// The matrix, column-major: Householder QR works down columns, and
    /// `Aᵀ`'s factorization is not `A`'s, so this is the one transposing
    /// copy.
    a: Vec<T>,
    /// The block reflectors' factors.
    coeff: Vec<T>,
    bs: usize,
    scratch: Scratch,
}

impl<T: Real> QrWork<T> {
    fn new(m: usize, n: usize, shape: &[usize]) -> Result<Self, ShapeError> {
        let bs = backend::qr_block::<T>(m, n);
        Ok(QrWork {
            a: zeros(m * n, shape)?,
            coeff: zeros(bs * m.min(n), shape)?,
            bs,
            scratch: Scratch::try_new(backend::qr_scratch::<T>(m, n), shape)?,
        })
    }

    /// `Q` and `R` of the matrix at `off`, row-major, into `q` and `r`.
    fn qr(&mut self, mats: &Batch<'_, T>, off: usize, q: &mut [T], r: &mut [T]) {
        let (m, n) = (mats.m, mats.n);
        let k = m.min(n);
        let a = &mut self.a;
        tiled(m, n, |i, j| a[j * m + i] = mats.get(off, i, j));
        backend::qr_in_place(
            MatMut::from_column_major_slice_mut(a, m, n),
            MatMut::from_column_major_slice_mut(&mut self.coeff, self.bs, k),
            MatMut::from_row_major_slice_mut(q, m, k),
            &mut self.scratch,
        );
        // R: the upper triangle of the first k rows.
        tiled(k, n, |i, j| {
            r[i * n + j] = if j >= i { a[j * m + i] } else { T::zero() }
        });
    }
}
