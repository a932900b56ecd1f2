//! [`svd`] and [`svdvals`]: the reduced singular value decomposition.

use alloc::vec::Vec;

use faer::MatMut;

use super::backend::{self, Scratch};
use super::batch::{Batch, at, flops, run, tiled};
use super::{LinalgArg, Out, Real, build, or_panic};
use crate::error::{LinalgProblem, ShapeError};
use crate::shape::linalg::{MatrixRule, matrix_dims};
use crate::view::DynView;

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
    const OP: &str = "linalg.svd";
    let v = a.matrices();
    let (batch, m, n) = matrix_dims(OP, v.shape())?;
    let k = m.min(n);
    let dims = |tail: &[usize]| -> Vec<usize> { batch.iter().chain(tail).copied().collect() };
    let (mut s, mut vh) = (None, None);
    let u = build::<A::Elem, <A::Layout as MatrixRule>::Left>(&dims(&[m, k]), |u| {
        s = Some(build::<A::Elem, <A::Layout as MatrixRule>::Values>(
            &dims(&[k]),
            |s| {
                vh = Some(build::<A::Elem, <A::Layout as MatrixRule>::Right>(
                    &dims(&[k, n]),
                    |vh| decompose(&v, OP, batch, s, Some((u, vh))),
                )?);
                Ok(())
            },
        )?);
        Ok(())
    })?;
    match (s, vh) {
        (Some(s), Some(vh)) => Ok((u, s, vh)),
        _ => unreachable!("the first result's fill builds the others"),
    }
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
    const OP: &str = "linalg.svdvals";
    let v = a.matrices();
    let (batch, m, n) = matrix_dims(OP, v.shape())?;
    let mut dims = batch.to_vec();
    dims.push(m.min(n));
    build::<A::Elem, <A::Layout as MatrixRule>::Values>(&dims, |s| {
        decompose(&v, OP, batch, s, None)
    })
}

/// The singular values of every matrix of `v` (`[.., m, n]`, the batch
/// `batch`) into `s`, and with `uv` the singular vectors: `U` (`[.., m,
/// k]`) and `Vh` (`[.., k, n]`), all row-major.
pub(crate) fn decompose<T: Real>(
    v: &DynView<'_, T>,
    op: &'static str,
    batch: &[usize],
    s: &mut [T],
    uv: Option<(&mut [T], &mut [T])>,
) -> Result<(), ShapeError> {
    let mats = Batch::matrices(op, v)?;
    let (m, n) = (mats.m, mats.n);
    let k = m.min(n);
    if k == 0 {
        return Ok(()); // no singular values, however many matrices
    }
    let steps = mats.steps(batch);
    let shape = v.shape();
    let vectors = uv.is_some();
    let work = || -> Result<SvdWork<T>, ShapeError> { SvdWork::new(&mats, vectors, shape) };
    let cost = flops(&[m, n, k, if vectors { 8 } else { 3 }]);
    match uv {
        Some((u, vh)) => run(
            batch,
            [&steps],
            [s, u, vh],
            cost,
            work,
            |w, i, [off], [si, ui, vi]| {
                w.svd(&mats, off, si, Some((ui, vi)))
                    .map_err(|p| at(op, batch, i, p))
            },
        ),
        None => run(batch, [&steps], [s], cost, work, |w, i, [off], [si]| {
            w.svd(&mats, off, si, None).map_err(|p| at(op, batch, i, p))
        }),
    }
}

/// The SVD's work for one matrix of a batch: faer's scratch, and a copy
/// of the matrix only where faer cannot read its strides.
pub(crate) struct SvdWork<T> {
    scratch: Scratch,
    buf: Vec<T>,
    /// `U`, column-major, as faer writes it fastest.
    u: Vec<T>,
}

impl<T: Real> SvdWork<T> {
    /// Room for the matrices of `mats` (failing as `TooLarge`, naming
    /// `shape`).
    pub(crate) fn new(
        mats: &Batch<'_, T>,
        vectors: bool,
        shape: &[usize],
    ) -> Result<Self, ShapeError> {
        let (m, n) = (mats.m, mats.n);
        let buf = if mats.faer(0).is_some() {
            Vec::new()
        } else {
            super::zeros(m * n, shape)?
        };
        Ok(SvdWork {
            scratch: Scratch::try_new(backend::svd_scratch::<T>(m, n, vectors), shape)?,
            buf,
            u: super::zeros(if vectors { m * m.min(n) } else { 0 }, shape)?,
        })
    }

    /// The SVD of the matrix at `off`: the singular values, descending,
    /// into `s`; with `uv`, `U` and `Vh` written row-major where they go
    /// (`Vh` row-major is `V` column-major: no transposing copy).
    pub(crate) fn svd(
        &mut self,
        mats: &Batch<'_, T>,
        off: usize,
        s: &mut [T],
        uv: Option<(&mut [T], &mut [T])>,
    ) -> Result<(), LinalgProblem> {
        let (m, n) = (mats.m, mats.n);
        let k = m.min(n);
        if !mats.finite(off, false) {
            return Err(LinalgProblem::NonFinite);
        }
        let a = mats.faer_or_copy(off, &mut self.buf);
        match uv {
            Some((u, vh)) => {
                backend::svd(
                    a,
                    s,
                    Some(MatMut::from_column_major_slice_mut(&mut self.u, m, k)),
                    Some(MatMut::from_column_major_slice_mut(vh, n, k)),
                    &mut self.scratch,
                )?;
                let uc = &self.u;
                tiled(m, k, |r, c| u[r * k + c] = uc[c * m + r]);
                Ok(())
            }
            None => backend::svd(a, s, None, None, &mut self.scratch),
        }
    }
}
