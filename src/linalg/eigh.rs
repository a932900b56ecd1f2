//! [`eigh`] and [`eigvalsh`]: eigenvalues and eigenvectors of symmetric
//! matrices.

use faer::MatMut;

use super::backend::{self, Scratch};
use super::batch::{Batch, at, flops, run, tiled};
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
    type W<A> = <<A as LinalgArg>::Layout as SquareRule<Eigh>>::Vectors;
    let v = a.matrices();
    let shape = v.shape();
    let (batch, n) = square_dims("linalg.eigh", shape)?;
    let mut vectors = None;
    let values = build::<A::Elem, W<A>>(&shape[..shape.len() - 1], |w| {
        vectors = Some(build::<A::Elem, A::Layout>(shape, |u| {
            decompose(&v, "linalg.eigh", batch, n, w, Some(u))
        })?);
        Ok(())
    })?;
    match vectors {
        Some(u) => Ok((values, u)),
        None => unreachable!("the first result's fill builds the second"),
    }
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
    let v = a.matrices();
    let shape = v.shape();
    let (batch, n) = square_dims("linalg.eigvalsh", shape)?;
    build::<A::Elem, <A::Layout as SquareRule<Eigh>>::Vectors>(&shape[..shape.len() - 1], |w| {
        decompose(&v, "linalg.eigvalsh", batch, n, w, None)
    })
}

/// The eigenvalues of every matrix of `v` (`[.., n, n]`, the batch
/// `batch`) into `w`, row-major, and with `u` the eigenvectors.
fn decompose<T: Real>(
    v: &crate::view::DynView<'_, T>,
    op: &'static str,
    batch: &[usize],
    n: usize,
    w: &mut [T],
    u: Option<&mut [T]>,
) -> Result<(), ShapeError> {
    if n == 0 {
        return Ok(()); // no eigenvalues, however many matrices
    }
    let mats = Batch::matrices(op, v)?;
    let steps = mats.steps(batch);
    let shape = v.shape();
    let vectors = u.is_some();
    type Work<T> = (Scratch, alloc::vec::Vec<T>, alloc::vec::Vec<T>);
    let work = || -> Result<Work<T>, ShapeError> {
        let s = Scratch::try_new(backend::eigh_scratch::<T>(n, vectors), shape)?;
        // A copy only for strides faer does not take.
        let buf = if mats.faer(0).is_some() {
            alloc::vec::Vec::new()
        } else {
            super::zeros(n * n, shape)?
        };
        // The eigenvectors column-major, as faer writes them fastest.
        let q = super::zeros(if vectors { n * n } else { 0 }, shape)?;
        Ok((s, buf, q))
    };
    let each =
        |(s, buf, q): &mut Work<T>, i: usize, off: usize, wi: &mut [T], ui: Option<&mut [T]>| {
            // Only the lower triangle is read (PyTorch's default UPLO='L').
            if !mats.finite(off, true) {
                return Err(at(op, batch, i, LinalgProblem::NonFinite));
            }
            let m = mats.faer_or_copy(off, buf);
            let qm = ui
                .is_some()
                .then(|| MatMut::from_column_major_slice_mut(q, n, n));
            backend::eigh(m, wi, qm, s).map_err(|p| at(op, batch, i, p))?;
            if let Some(ui) = ui {
                // Written row-major through faer's strides, the eigenvectors
                // cost 3x faer's own time at n = 128: a tiled transpose is less.
                tiled(n, n, |r, c| ui[r * n + c] = q[c * n + r]);
            }
            Ok(())
        };
    match u {
        Some(u) => run(
            batch,
            [&steps],
            [w, u],
            flops(&[3, n, n, n]),
            work,
            |s, i, [off], [wi, ui]| each(s, i, off, wi, Some(ui)),
        ),
        None => run(
            batch,
            [&steps],
            [w],
            flops(&[n, n, n]),
            work,
            |s, i, [off], [wi]| each(s, i, off, wi, None),
        ),
    }
}
