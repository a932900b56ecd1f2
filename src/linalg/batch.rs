//! The batch driver: a batch of matrices read where they lie (through the
//! view's strides, never copied first, unless an axis is reversed: see
//! `DynView::try_for_kernel`), the broadcast of two batches, and
//! the errors tagged with the matrix they happened in, as PyTorch tags
//! them (`(Batch element 2)`).

use alloc::boxed::Box;
use alloc::vec::Vec;

use nalgebra::{DMatrix, SMatrix};

use super::Real;
use crate::error::{LinalgError, LinalgProblem, ShapeError};
use crate::shape::linalg::linalg_error;
use crate::view::{DynView, KernelView};

/// A batch of `m` by `n` matrices in a view's storage.
pub(crate) struct Batch<'a, T: Clone> {
    view: KernelView<'a, T>,
    /// The batch's rank (the view's, less the matrices' axes).
    rank: usize,
    /// Rows of each matrix.
    pub m: usize,
    /// Columns of each matrix.
    pub n: usize,
    rs: usize,
    cs: usize,
}

impl<'a, T: Real> Batch<'a, T> {
    /// The batch's sizes.
    fn dims(&self) -> &[usize] {
        &self.view.dims()[..self.rank]
    }

    /// The view `[.., m, n]` as a batch of matrices, or `op`'s error for
    /// fewer than two dimensions.
    pub(crate) fn matrices(op: &'static str, v: &'a DynView<'_, T>) -> Result<Self, ShapeError> {
        let dims = v.shape();
        let r = dims.len();
        if r < 2 {
            return Err(linalg_error(
                op,
                LinalgProblem::TooFewDims {
                    shape: dims.to_vec(),
                    needed: 2,
                },
            ));
        }
        let view = v.try_for_kernel()?;
        let strides = view.strides();
        Ok(Batch {
            rank: r - 2,
            m: dims[r - 2],
            n: dims[r - 1],
            rs: strides[r - 2],
            cs: strides[r - 1],
            view,
        })
    }

    /// The view `[.., n]` as a batch of one-column matrices (the caller
    /// has checked that it has a dimension), or [`ShapeError::TooLarge`]
    /// where a reversed view's copy is refused.
    pub(crate) fn vectors(v: &'a DynView<'_, T>) -> Result<Self, ShapeError> {
        let dims = v.shape();
        let r = dims.len();
        let view = v.try_for_kernel()?;
        let rs = view.strides()[r - 1];
        Ok(Batch {
            rank: r - 1,
            m: dims[r - 1],
            n: 1,
            rs,
            cs: 0,
            view,
        })
    }

    /// How far the start of a matrix moves along each axis of the batch
    /// `out` (the broadcast of this batch with another's, or this batch
    /// itself): this batch aligned from the right, 0 along its size-1
    /// dimensions and the ones it lacks. Empty (no allocation) for a
    /// single matrix.
    pub(crate) fn steps(&self, out: &[usize]) -> Vec<usize> {
        let pad = out.len() - self.rank;
        (0..out.len())
            .map(|i| match i.checked_sub(pad) {
                Some(j) if self.dims()[j] != 1 => self.view.strides()[j],
                _ => 0,
            })
            .collect()
    }

    /// Element `(i, j)` of the matrix starting at `off`.
    #[inline(always)]
    pub(crate) fn get(&self, off: usize, i: usize, j: usize) -> T {
        self.view.data()[off + i * self.rs + j * self.cs]
    }

    /// The matrix starting at `off`, copied into the backend's matrix (the
    /// factorizations work in place).
    pub(crate) fn dmatrix(&self, off: usize) -> DMatrix<T> {
        let mut x = DMatrix::zeros(self.m, self.n);
        // Tile by tile: a row-major input read into column-major storage
        // element by element strides through memory on one side (at
        // 512x512, a tenth of a Cholesky factorization).
        tiled(self.m, self.n, |i, j| x[(i, j)] = self.get(off, i, j));
        x
    }

    /// The `N` by `N` matrix starting at `off`, on the stack.
    #[inline(always)]
    pub(crate) fn smatrix<const N: usize>(&self, off: usize) -> SMatrix<T, N, N> {
        SMatrix::from_fn(|i, j| self.get(off, i, j))
    }
}

/// Calls `f(i, offsets)` for every matrix `i` of the batch `out`, in
/// row-major order, with where it starts in each of `K` inputs (whose
/// [`steps`](Batch::steps) are given); stops at `f`'s first error.
pub(crate) fn walk<const K: usize>(
    out: &[usize],
    steps: [&[usize]; K],
    mut f: impl FnMut(usize, [usize; K]) -> Result<(), ShapeError>,
) -> Result<(), ShapeError> {
    let total = count(out);
    let mut index = alloc::vec![0usize; out.len()];
    let mut at = [0usize; K];
    for i in 0..total {
        f(i, at)?;
        // The odometer: the last axis turns fastest.
        for ax in (0..out.len()).rev() {
            index[ax] += 1;
            for (p, s) in at.iter_mut().zip(steps) {
                *p += s[ax];
            }
            if index[ax] < out[ax] {
                break;
            }
            for (p, s) in at.iter_mut().zip(steps) {
                *p -= s[ax] * index[ax];
            }
            index[ax] = 0;
        }
    }
    Ok(())
}

/// Writes the `m` by `n` matrix `x` (any nalgebra storage) row-major into `out`.
pub(crate) fn write_rows<T: Real, R: nalgebra::Dim, C: nalgebra::Dim, S>(
    x: &nalgebra::Matrix<T, R, C, S>,
    out: &mut [T],
) where
    S: nalgebra::RawStorage<T, R, C>,
{
    let n = x.ncols();
    tiled(x.nrows(), n, |i, j| out[i * n + j] = x[(i, j)]);
}

/// Calls `f(i, j)` for every element of an `m` by `n` matrix, in square
/// tiles, so that both a row-major and a column-major side stay in cache.
#[inline(always)]
fn tiled(m: usize, n: usize, mut f: impl FnMut(usize, usize)) {
    const TILE: usize = 32;
    for i0 in (0..m).step_by(TILE) {
        for j0 in (0..n).step_by(TILE) {
            for j in j0..(j0 + TILE).min(n) {
                for i in i0..(i0 + TILE).min(m) {
                    f(i, j);
                }
            }
        }
    }
}

/// `problem` of the function `op` in matrix `i` of a batch of shape
/// `batch` (untagged for a single matrix, as PyTorch words it).
pub(crate) fn at(
    op: &'static str,
    batch: &[usize],
    i: usize,
    problem: LinalgProblem,
) -> ShapeError {
    ShapeError::Linalg(Box::new(LinalgError {
        op,
        batch: if batch.is_empty() { None } else { Some(i) },
        problem,
    }))
}

/// The number of matrices in a batch of shape `batch`.
pub(crate) fn count(batch: &[usize]) -> usize {
    batch.iter().product()
}
