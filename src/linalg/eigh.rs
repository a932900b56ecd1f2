//! [`eigh`] and [`eigvalsh`]: eigenvalues and eigenvectors of symmetric
//! matrices.

use alloc::vec::Vec;

use nalgebra::{DMatrix, DVector, SymmetricEigen};

use super::batch::{Batch, at, count, walk};
use super::{LinalgArg, Out, Real, build, or_panic};
use crate::error::{LinalgProblem, ShapeError};
use crate::shape::linalg::{Eigh, SquareRule, square_dims};

/// `eigh`'s result: `(eigenvalues, eigenvectors)`.
pub type EighOut<A> = (
    Out<A, <<A as LinalgArg>::Layout as SquareRule<Eigh>>::Vectors>,
    Out<A, <A as LinalgArg>::Layout>,
);

/// `linalg.eigh`: the eigenvalues (`[.., n]`, ascending, as PyTorch and
/// NumPy order them) and the eigenvectors (`[.., n, n]`, one per column,
/// orthonormal) of each symmetric matrix of `a`; only the lower triangle
/// is read (PyTorch's default `UPLO='L'`). An eigenvector's sign is not
/// determined, and may differ from PyTorch's. Non-finite input or an
/// iteration that does not converge panics with PyTorch's message (see
/// [`try_eigh`]).
///
/// ```
/// use shaped::{linalg, shape, Tensor};
/// let a = Tensor::<f64, shape![2, 2]>::from_slice(&[2.0, 1.0, 1.0, 2.0]).unwrap();
/// let (w, v): (Tensor<f64, shape![2]>, Tensor<f64, shape![2, 2]>) = linalg::eigh(&a);
/// assert!((w[[0]] - 1.0).abs() < 1e-12 && (w[[1]] - 3.0).abs() < 1e-12);
/// assert!((v[[0, 1]].abs() - 0.5f64.sqrt()).abs() < 1e-12);
/// ```
#[track_caller]
pub fn eigh<A: LinalgArg>(a: &A) -> EighOut<A>
where
    A::Layout: SquareRule<Eigh>,
{
    or_panic(try_eigh(a))
}

/// [`eigh`], its errors returned: `linalg.eigh: The algorithm failed to
/// converge because the input matrix is ill-conditioned or has too many
/// repeated eigenvalues.`, or the same sentence about non-finite values.
pub fn try_eigh<A: LinalgArg>(a: &A) -> Result<EighOut<A>, ShapeError>
where
    A::Layout: SquareRule<Eigh>,
{
    let (vals, vecs, shape) = decompose::<A>(a, "linalg.eigh", true)?;
    let n = shape[shape.len() - 1];
    let values = build::<A::Elem, <A::Layout as SquareRule<Eigh>>::Vectors>(
        &shape[..shape.len() - 1],
        |out| {
            out.copy_from_slice(&vals);
            Ok(())
        },
    )?;
    let vectors = build::<A::Elem, A::Layout>(&shape, |out| {
        debug_assert_eq!(out.len(), vecs.len());
        let _ = n;
        out.copy_from_slice(&vecs);
        Ok(())
    })?;
    Ok((values, vectors))
}

/// `linalg.eigvalsh`: the eigenvalues of [`eigh`] alone.
///
/// ```
/// use shaped::{linalg, DynTensor};
/// let a = DynTensor::from_vec(vec![2.0f32, 0.0, 0.0, -1.0], &[2, 2]).unwrap();
/// assert_eq!(linalg::eigvalsh(&a).to_vec(), vec![-1.0, 2.0]);
/// ```
#[track_caller]
pub fn eigvalsh<A: LinalgArg>(a: &A) -> Out<A, <A::Layout as SquareRule<Eigh>>::Vectors>
where
    A::Layout: SquareRule<Eigh>,
{
    or_panic(try_eigvalsh(a))
}

/// [`eigvalsh`], its errors returned (those of [`try_eigh`]).
pub fn try_eigvalsh<A: LinalgArg>(
    a: &A,
) -> Result<Out<A, <A::Layout as SquareRule<Eigh>>::Vectors>, ShapeError>
where
    A::Layout: SquareRule<Eigh>,
{
    let (vals, _, shape) = decompose::<A>(a, "linalg.eigvalsh", false)?;
    build::<A::Elem, <A::Layout as SquareRule<Eigh>>::Vectors>(&shape[..shape.len() - 1], |out| {
        out.copy_from_slice(&vals);
        Ok(())
    })
}

/// Eigenvalues (and, with `vectors`, eigenvectors) of every matrix, row-major,
/// with the input's shape.
#[allow(clippy::type_complexity)]
fn decompose<A: LinalgArg>(
    a: &A,
    op: &'static str,
    vectors: bool,
) -> Result<(Vec<A::Elem>, Vec<A::Elem>, Vec<usize>), ShapeError> {
    let v = a.matrices();
    let shape = v.shape().to_vec();
    let (batch, n) = square_dims(op, &shape)?;
    let mats = Batch::matrices(op, &v)?;
    let steps = mats.steps(batch);
    let total = count(batch);
    let mut vals = alloc::vec![<A::Elem as num_traits::Zero>::zero(); total * n];
    let mut vecs =
        alloc::vec![<A::Elem as num_traits::Zero>::zero(); if vectors { total * n * n } else { 0 }];
    walk(batch, [&steps], |i, [off]| {
        if n == 0 {
            return Ok(());
        }
        let (w, q) = eigen_one(mats.dmatrix(off)).map_err(|p| at(op, batch, i, p))?;
        vals[i * n..(i + 1) * n].copy_from_slice(w.as_slice());
        if vectors {
            super::batch::write_rows(&q, &mut vecs[i * n * n..(i + 1) * n * n]);
        }
        Ok(())
    })?;
    Ok((vals, vecs, shape))
}

/// One symmetric matrix's eigenvalues, ascending, and eigenvectors in the
/// same order.
fn eigen_one<T: Real>(mut m: DMatrix<T>) -> Result<(DVector<T>, DMatrix<T>), LinalgProblem> {
    let n = m.nrows();
    // Only the lower triangle counts (nalgebra reads it too, but its
    // convergence test looks at the whole matrix).
    for i in 0..n {
        for j in i + 1..n {
            m[(i, j)] = m[(j, i)];
        }
    }
    if m.iter()
        .any(|&x| !num_traits::float::FloatCore::is_finite(x))
    {
        return Err(LinalgProblem::NonFinite);
    }
    // A bound on the sweeps, so that a failure is an error, not a hang.
    let max_niter = 100 * n + 1000;
    let e = SymmetricEigen::try_new(m, T::default_epsilon(), max_niter)
        .ok_or(LinalgProblem::NoConvergence)?;
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| {
        e.eigenvalues[a]
            .partial_cmp(&e.eigenvalues[b])
            .unwrap_or(core::cmp::Ordering::Equal)
    });
    let w = DVector::from_fn(n, |i, _| e.eigenvalues[order[i]]);
    let q = DMatrix::from_fn(n, n, |i, j| e.eigenvectors[(i, order[j])]);
    Ok((w, q))
}
