//! The batch driver: a batch of matrices read where they lie (through the
//! view's strides, never copied first, unless an axis is reversed: see
//! `DynView::try_for_kernel`), the broadcast of two batches, and
//! the errors tagged with the matrix they happened in, as PyTorch tags
//! them (`(Batch element 2)`).

use alloc::boxed::Box;
use alloc::vec::Vec;

use faer::MatRef;
use nalgebra::{DMatrix, SMatrix};

use super::Real;
use crate::error::{LinalgError, LinalgProblem, ShapeError};
use crate::kernel::parallel::{PARALLEL_FLOPS, units_per_piece};
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

    /// The matrix starting at `off` as faer reads it, where it lies: `Some`
    /// when one of its strides is 1 (row-major, column-major, or a
    /// transposed view of either), `None` for other strides.
    pub(crate) fn faer(&self, off: usize) -> Option<MatRef<'_, T>> {
        let data = self.view.data().get(off..)?;
        if self.m == 0 || self.n == 0 {
            return Some(MatRef::from_row_major_slice(&[], self.m, self.n));
        }
        // The last element must lie in the data (a batch of no matrices
        // has none to point at).
        let last = (self.m - 1)
            .checked_mul(self.rs)?
            .checked_add((self.n - 1).checked_mul(self.cs)?)?;
        if last >= data.len() {
            return None;
        }
        if self.cs == 1 {
            Some(MatRef::from_row_major_slice_with_stride(
                data, self.m, self.n, self.rs,
            ))
        } else if self.rs == 1 {
            Some(MatRef::from_column_major_slice_with_stride(
                data, self.m, self.n, self.cs,
            ))
        } else {
            None
        }
    }

    /// The matrix starting at `off`, row-major, into `out` (`m · n` long).
    pub(crate) fn copy_rows(&self, off: usize, out: &mut [T]) {
        let data = self.view.data();
        if self.cs == 1 {
            for (i, row) in out.chunks_exact_mut(self.n).enumerate() {
                let at = off + i * self.rs;
                row.copy_from_slice(&data[at..at + self.n]);
            }
        } else {
            tiled(self.m, self.n, |i, j| {
                out[i * self.n + j] = data[off + i * self.rs + j * self.cs]
            });
        }
    }

    /// The matrix starting at `off`, as faer reads it: where it lies if
    /// it can ([`faer`](Self::faer)), else copied row-major into `buf`.
    pub(crate) fn faer_or_copy<'s>(&'s self, off: usize, buf: &'s mut [T]) -> MatRef<'s, T> {
        match self.faer(off) {
            Some(m) => m,
            None => {
                self.copy_rows(off, buf);
                MatRef::from_row_major_slice(buf, self.m, self.n)
            }
        }
    }

    /// Whether every element the function reads of the matrix at `off` is
    /// finite (only the lower triangle with `lower`).
    pub(crate) fn finite(&self, off: usize, lower: bool) -> bool {
        (0..self.m).all(|i| {
            let cols = if lower { (i + 1).min(self.n) } else { self.n };
            (0..cols).all(|j| num_traits::float::FloatCore::is_finite(self.get(off, i, j)))
        })
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
    f: impl FnMut(usize, [usize; K]) -> Result<(), ShapeError>,
) -> Result<(), ShapeError> {
    walk_range(out, steps, 0, count(out), f)
}

/// Runs `f(work, i, offsets, outs)` for every matrix `i` of the batch
/// `out` (as [`walk`] does), where `outs[j]` is matrix `i`'s part of the
/// `j`-th result (`outs[j].len()` divided by the number of matrices).
/// With the `rayon` feature, when the batch has several matrices of
/// `cost` multiply-adds each worth splitting, consecutive pieces of the
/// batch run on rayon's pool, each with its own `work` (from `init`); the
/// error returned is the first in batch order, as sequentially, and each
/// matrix is computed by the same code whatever the thread count, so the
/// results are the same bit for bit.
pub(crate) fn run<T: Send, W, const K: usize, const J: usize>(
    out: &[usize],
    steps: [&[usize]; K],
    outs: [&mut [T]; J],
    cost: usize,
    init: impl Fn() -> Result<W, ShapeError> + Sync,
    f: impl Fn(&mut W, usize, [usize; K], [&mut [T]; J]) -> Result<(), ShapeError> + Sync,
) -> Result<(), ShapeError> {
    let total = count(out);
    if total == 0 {
        return Ok(());
    }
    let per: [usize; J] = core::array::from_fn(|j| outs[j].len() / total);
    let piece = units_per_piece(total, cost, PARALLEL_FLOPS, 4);
    let run_piece = |lo: usize, hi: usize, mut rest: [&mut [T]; J]| -> Result<(), ShapeError> {
        let mut w = init()?;
        walk_range(out, steps, lo, hi, |i, at| {
            let mut cur: [&mut [T]; J] = core::array::from_fn(|_| &mut [][..]);
            for j in 0..J {
                let (h, t) = core::mem::take(&mut rest[j]).split_at_mut(per[j]);
                cur[j] = h;
                rest[j] = t;
            }
            f(&mut w, i, at, cur)
        })
    };
    if piece >= total {
        return run_piece(0, total, outs);
    }
    // Cut every result at the same matrices.
    let mut pieces = Vec::new();
    let mut rest = outs;
    for lo in (0..total).step_by(piece) {
        let hi = (lo + piece).min(total);
        let mut cur: [&mut [T]; J] = core::array::from_fn(|_| &mut [][..]);
        for j in 0..J {
            let (h, t) = core::mem::take(&mut rest[j]).split_at_mut(per[j] * (hi - lo));
            cur[j] = h;
            rest[j] = t;
        }
        pieces.push((lo, hi, cur));
    }
    #[cfg(feature = "rayon")]
    {
        use rayon::prelude::*;
        let errs: Vec<Result<(), ShapeError>> = pieces
            .into_par_iter()
            .map(|(lo, hi, cur)| run_piece(lo, hi, cur))
            .collect();
        errs.into_iter().collect()
    }
    #[cfg(not(feature = "rayon"))]
    {
        for (lo, hi, cur) in pieces {
            run_piece(lo, hi, cur)?;
        }
        Ok(())
    }
}

/// [`walk`] over the matrices `lo..hi` only.
fn walk_range<const K: usize>(
    out: &[usize],
    steps: [&[usize]; K],
    lo: usize,
    hi: usize,
    mut f: impl FnMut(usize, [usize; K]) -> Result<(), ShapeError>,
) -> Result<(), ShapeError> {
    if lo >= hi {
        return Ok(());
    }
    let mut index = alloc::vec![0usize; out.len()];
    let mut at = [0usize; K];
    // Where matrix `lo` starts: its index, last axis fastest.
    let mut rem = lo;
    for ax in (0..out.len()).rev() {
        index[ax] = rem % out[ax];
        rem /= out[ax];
        for (p, s) in at.iter_mut().zip(steps) {
            *p += s[ax] * index[ax];
        }
    }
    for i in lo..hi {
        f(i, at)?;
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
pub(crate) fn tiled(m: usize, n: usize, mut f: impl FnMut(usize, usize)) {
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

/// The product of `parts`, saturating: a cost estimate for
/// [`run`]'s split (a view may be huge and hold few elements).
pub(crate) fn flops(parts: &[usize]) -> usize {
    parts.iter().fold(1usize, |a, &d| a.saturating_mul(d))
}

/// The number of matrices in a batch of shape `batch` (saturating: a
/// broadcast batch of empty matrices may count past `usize::MAX`; callers
/// walk only batches whose results they could allocate).
pub(crate) fn count(batch: &[usize]) -> usize {
    if batch.contains(&0) {
        return 0;
    }
    batch
        .iter()
        .try_fold(1usize, |a, &d| a.checked_mul(d))
        .unwrap_or(usize::MAX)
}
