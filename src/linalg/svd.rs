//! [`svd`] and [`svdvals`]: the reduced singular value decomposition.

use alloc::vec::Vec;

use nalgebra::{DMatrix, DVector, SVD};

use super::batch::{Batch, at, count, walk, write_rows};
use super::{LinalgArg, Out, Real, build, or_panic};
use crate::error::{LinalgProblem, ShapeError};
use crate::shape::linalg::{MatrixRule, matrix_dims};

/// `svd`'s result: `(U, S, Vh)`.
pub type SvdOut<A> = (
    Out<A, <<A as LinalgArg>::Layout as MatrixRule>::Left>,
    Out<A, <<A as LinalgArg>::Layout as MatrixRule>::Values>,
    Out<A, <<A as LinalgArg>::Layout as MatrixRule>::Right>,
);

/// `linalg.svd` with `full_matrices=False`: `U` (`[.., m, k]`), `S`
/// (`[.., k]`, descending) and `Vh` (`[.., k, n]`) with `A = U diag(S) Vh`,
/// `k = min(m, n)` computed by the compiler for static sizes. A pair of
/// singular vectors may differ from PyTorch's in sign. Non-finite input or
/// an iteration that does not converge panics with PyTorch's message (see
/// [`try_svd`]).
///
/// ```
/// use shaped::{linalg, shape, Tensor};
/// let a = Tensor::<f64, shape![2, 3]>::from_slice(&[3.0, 0.0, 0.0, 0.0, 0.0, 2.0]).unwrap();
/// let (u, s, vh): (Tensor<f64, shape![2, 2]>, Tensor<f64, shape![2]>, Tensor<f64, shape![2, 3]>) = linalg::svd(&a);
/// assert_eq!(s.as_slice(), &[3.0, 2.0]);
/// ```
#[track_caller]
pub fn svd<A: LinalgArg>(a: &A) -> SvdOut<A>
where
    A::Layout: MatrixRule,
{
    or_panic(try_svd(a))
}

/// [`svd`], its errors returned: `linalg.svd: The algorithm failed to
/// converge because the input matrix is ill-conditioned or has too many
/// repeated singular values.`, or the same sentence about non-finite
/// values.
pub fn try_svd<A: LinalgArg>(a: &A) -> Result<SvdOut<A>, ShapeError>
where
    A::Layout: MatrixRule,
{
    let p = decompose(a, "linalg.svd", true)?;
    let (b, m, n, k) = (&p.batch, p.m, p.n, p.k);
    let dims = |tail: &[usize]| -> Vec<usize> { b.iter().chain(tail).copied().collect() };
    let u = build::<A::Elem, <A::Layout as MatrixRule>::Left>(&dims(&[m, k]), |o| {
        o.copy_from_slice(&p.u);
        Ok(())
    })?;
    let s = build::<A::Elem, <A::Layout as MatrixRule>::Values>(&dims(&[k]), |o| {
        o.copy_from_slice(&p.s);
        Ok(())
    })?;
    let vh = build::<A::Elem, <A::Layout as MatrixRule>::Right>(&dims(&[k, n]), |o| {
        o.copy_from_slice(&p.vh);
        Ok(())
    })?;
    Ok((u, s, vh))
}

/// `linalg.svdvals`: the singular values of [`svd`] alone (`[.., k]`).
///
/// ```
/// use shaped::{linalg, DynTensor};
/// let a = DynTensor::from_vec(vec![0.0f64, 2.0, 3.0, 0.0], &[2, 2]).unwrap();
/// assert_eq!(linalg::svdvals(&a).to_vec(), vec![3.0, 2.0]);
/// ```
#[track_caller]
pub fn svdvals<A: LinalgArg>(a: &A) -> Out<A, <A::Layout as MatrixRule>::Values>
where
    A::Layout: MatrixRule,
{
    or_panic(try_svdvals(a))
}

/// [`svdvals`], its errors returned (those of [`try_svd`]).
pub fn try_svdvals<A: LinalgArg>(
    a: &A,
) -> Result<Out<A, <A::Layout as MatrixRule>::Values>, ShapeError>
where
    A::Layout: MatrixRule,
{
    let p = decompose(a, "linalg.svdvals", false)?;
    let mut dims = p.batch.clone();
    dims.push(p.k);
    build::<A::Elem, <A::Layout as MatrixRule>::Values>(&dims, |o| {
        o.copy_from_slice(&p.s);
        Ok(())
    })
}

/// The factors of every matrix, row-major.
pub(crate) struct Factors<T> {
    pub batch: Vec<usize>,
    pub m: usize,
    pub n: usize,
    pub k: usize,
    pub u: Vec<T>,
    pub s: Vec<T>,
    pub vh: Vec<T>,
}

/// The SVD of every matrix of `a` (`U` and `Vh` only with `vectors`).
pub(crate) fn decompose<A: LinalgArg>(
    a: &A,
    op: &'static str,
    vectors: bool,
) -> Result<Factors<A::Elem>, ShapeError> {
    let v = a.matrices();
    let (batch, m, n) = matrix_dims(op, v.shape())?;
    let k = m.min(n);
    let mats = Batch::matrices(op, &v)?;
    let steps = mats.steps(batch);
    let total = count(batch);
    let z = <A::Elem as num_traits::Zero>::zero();
    let (nu, nv) = if vectors { (m * k, k * n) } else { (0, 0) };
    let mut f = Factors {
        batch: batch.to_vec(),
        m,
        n,
        k,
        u: alloc::vec![z; total * nu],
        s: alloc::vec![z; total * k],
        vh: alloc::vec![z; total * nv],
    };
    if k == 0 {
        return Ok(f);
    }
    walk(batch, [&steps], |i, [off]| {
        let (u, s, vh) = svd_one(mats.dmatrix(off), vectors).map_err(|p| at(op, batch, i, p))?;
        f.s[i * k..(i + 1) * k].copy_from_slice(s.as_slice());
        if let (Some(u), Some(vh)) = (u, vh) {
            write_rows(&u, &mut f.u[i * nu..(i + 1) * nu]);
            write_rows(&vh, &mut f.vh[i * nv..(i + 1) * nv]);
        }
        Ok(())
    })?;
    Ok(f)
}

/// One matrix's SVD, singular values descending.
#[allow(clippy::type_complexity)]
pub(crate) fn svd_one<T: Real>(
    m: DMatrix<T>,
    vectors: bool,
) -> Result<(Option<DMatrix<T>>, DVector<T>, Option<DMatrix<T>>), LinalgProblem> {
    if m.iter()
        .any(|&x| !num_traits::float::FloatCore::is_finite(x))
    {
        return Err(LinalgProblem::NonFinite);
    }
    let max_niter = 100 * m.nrows().max(m.ncols()) + 1000;
    let s = SVD::try_new(m, vectors, vectors, T::default_epsilon(), max_niter)
        .ok_or(LinalgProblem::NoConvergence)?;
    Ok((s.u, s.singular_values, s.v_t))
}
