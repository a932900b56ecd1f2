//! [`cholesky`]: `A = L Lᴴ` for symmetric positive-definite matrices.

use faer::MatMut;
use nalgebra::Cholesky as Factor;
use nalgebra::DMatrix;
use num_traits::Zero;

use super::backend::{self, Scratch};
use super::batch::{Batch, at, flops, run, tiled, write_rows};
use super::{LinalgArg, Out, Real, build, or_panic, zeros};
use crate::error::{LinalgProblem, ShapeError};
use crate::shape::linalg::{Cholesky, SquareRule, square_dims};

/// From this size on, faer factorizes; below it nalgebra (see the commit
/// that set it for the measurements).
const FAER_FROM: usize = 5;

/// `linalg.cholesky`: the lower-triangular `L` with `A = L Lᵀ` of each
/// symmetric positive-definite matrix of `a` (only the lower triangle of
/// `a` is read, as PyTorch reads it). A matrix that is not
/// positive-definite panics with PyTorch's message (see [`try_cholesky`]).
///
/// ```
/// use shaped::{linalg, shape, Tensor};
/// let a = Tensor::<f64, shape![2, 2]>::from_slice(&[4.0, 2.0, 2.0, 5.0]).unwrap();
/// let l: Tensor<f64, shape![2, 2]> = linalg::cholesky(&a);
/// assert_eq!(l.as_slice(), &[2.0, 0.0, 1.0, 2.0]);
/// ```
#[track_caller]
pub fn cholesky<A: LinalgArg>(a: &A) -> Out<A, A::Layout>
where
    A::Layout: SquareRule<Cholesky>,
{
    or_panic(try_cholesky(a))
}

/// [`cholesky`], its errors returned: `linalg.cholesky: The factorization
/// could not be completed because the input is not positive-definite (the
/// leading minor of order 2 is not positive-definite).`
///
/// ```
/// use shaped::{linalg, DynTensor};
/// let a = DynTensor::from_vec(vec![1.0f32, 2.0, 2.0, 1.0], &[2, 2]).unwrap();
/// assert_eq!(
///     linalg::try_cholesky(&a).unwrap_err().to_string(),
///     "linalg.cholesky: The factorization could not be completed because the input is not positive-definite (the leading minor of order 2 is not positive-definite)."
/// );
/// ```
pub fn try_cholesky<A: LinalgArg>(a: &A) -> Result<Out<A, A::Layout>, ShapeError>
where
    A::Layout: SquareRule<Cholesky>,
{
    const OP: &str = "linalg.cholesky";
    let v = a.matrices();
    let (batch, n) = square_dims(OP, v.shape())?;
    let mats = Batch::matrices(OP, &v)?;
    let steps = mats.steps(batch);
    let shape = v.shape();
    build::<A::Elem, A::Layout>(shape, |out| {
        if n == 0 {
            return Ok(()); // nothing to factorize, however many matrices
        }
        run(
            batch,
            [&steps],
            [out],
            flops(&[n, n, n]) / 3,
            || {
                if n >= FAER_FROM {
                    let s = Scratch::try_new(backend::cholesky_scratch::<A::Elem>(n), shape)?;
                    Ok(Some((s, zeros::<A::Elem>(n * n, shape)?)))
                } else {
                    Ok(None)
                }
            },
            |w, i, [off], [o]| {
                if !mats.finite(off, true) {
                    return Err(at(OP, batch, i, LinalgProblem::NonFinite));
                }
                let failed = |order| at(OP, batch, i, LinalgProblem::NotPositiveDefinite { order });
                match w {
                    Some((s, c)) => {
                        // Column-major, as faer factorizes fastest (in
                        // place on the row-major result it took 3.3x
                        // faer's time at n = 128): the lower triangle in,
                        // L out, each transposed by tiles.
                        tiled(n, n, |r, k| {
                            if k <= r {
                                c[k * n + r] = mats.get(off, r, k)
                            }
                        });
                        backend::cholesky_in_place(MatMut::from_column_major_slice_mut(c, n, n), s)
                            .map_err(failed)?;
                        tiled(n, n, |r, k| {
                            o[r * n + k] = if k <= r {
                                c[k * n + r]
                            } else {
                                A::Elem::zero()
                            }
                        });
                        Ok(())
                    }
                    None => match Factor::new(mats.dmatrix(off)) {
                        Some(c) => {
                            write_rows(&c.unpack(), o);
                            Ok(())
                        }
                        None => Err(failed(failing_order(&mats.dmatrix(off)))),
                    },
                }
            },
        )
    })
}

/// The order of the first leading minor of `m` that is not
/// positive-definite (`m` itself is not). A leading minor of a
/// positive-definite minor is positive-definite, so a bisection over the
/// orders finds it with a few factorizations.
fn failing_order<T: Real>(m: &DMatrix<T>) -> usize {
    let (mut lo, mut hi) = (1, m.nrows());
    while lo < hi {
        let mid = (lo + hi) / 2;
        if Factor::new(m.view((0, 0), (mid, mid)).into_owned()).is_some() {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}
