//! The kernel over operands with arbitrary strides: views (slices,
//! transposes, broadcasts). The plan is the same as for tensors, built
//! from each operand's real strides (an axis merges into the one inside it
//! only where every operand is contiguous across both). When every operand
//! moves by 0 or 1 along the innermost axis, the blocks run on the same row
//! loops as tensors, so a contiguous view costs what a tensor costs; other
//! rows take a strided row loop, except a transposed operand (stride 1
//! across rows), read by tiles of 8 rows so that each cache line is used
//! while it is loaded.

use alloc::vec::Vec;

use super::plan::{Block, INLINE_AXES, Merging, PlanAxis, for_each_block};
use super::sink::Sink;

/// One strided operand: `data` from its first element, and per axis a
/// size and a stride in elements (stride 0 along broadcast axes).
#[derive(Clone, Copy, Debug)]
pub struct StridedOperand<'a, T> {
    /// The elements, from the operand's first one.
    pub data: &'a [T],
    /// The sizes.
    pub dims: &'a [usize],
    /// The strides, one per size.
    pub strides: &'a [usize],
}

/// The plan of `a` and `b` (sizes, strides) broadcast to `out`, innermost
/// axis first, into `axes` (`out.len() + 2` entries); returns the count (at
/// least 2, padded with length-1 axes).
fn plan_strided(
    out: &[usize],
    a: (&[usize], &[usize]),
    b: (&[usize], &[usize]),
    axes: &mut [PlanAxis],
) -> usize {
    let rank = out.len();
    let (pa, pb) = (rank - a.0.len(), rank - b.0.len());
    let mut plan = Merging::NEW;
    for i in (0..rank).rev() {
        let n = out[i];
        if n == 1 {
            continue;
        }
        let stride = |(d, s): (&[usize], &[usize]), pad: usize| {
            if i < pad || d[i - pad] == 1 {
                0
            } else {
                s[i - pad]
            }
        };
        let (sa, sb) = (stride(a, pa), stride(b, pb));
        plan.push(axes, PlanAxis { n, sa, sb });
    }
    plan.finish(axes)
}

/// Runs `f` over the strided plan.
#[inline(always)]
fn with_plan_strided<R>(
    out: &[usize],
    a: (&[usize], &[usize]),
    b: (&[usize], &[usize]),
    f: impl FnOnce(&[PlanAxis]) -> R,
) -> R {
    if out.len() <= INLINE_AXES {
        let mut buf = [PlanAxis::UNIT; INLINE_AXES + 2];
        let n = plan_strided(out, a, b, &mut buf);
        f(&buf[..n])
    } else {
        let mut buf: Vec<PlanAxis> = alloc::vec![PlanAxis::UNIT; out.len() + 2];
        let n = plan_strided(out, a, b, &mut buf);
        f(&buf[..n])
    }
}

/// `out = f(a, b)` elementwise, `a` and `b` broadcast to `out_dims`
/// (callers check), written in row-major order.
#[inline(never)]
pub fn binary_strided<T: Copy, U: Copy>(
    out: &mut impl Sink<U>,
    out_dims: &[usize],
    a: StridedOperand<'_, T>,
    b: StridedOperand<'_, T>,
    f: impl Fn(T, T) -> U,
) {
    if out_dims.contains(&0) {
        return;
    }
    with_plan_strided(out_dims, (a.dims, a.strides), (b.dims, b.strides), |axes| {
        let block = Block {
            inner: axes[0],
            next: axes[1],
        };
        if block.inner.sa <= 1 && block.inner.sb <= 1 {
            // The tensors' row loops.
            super::binary_blocks_rt(out, a.data, b.data, block, &axes[2..], &f);
        } else {
            for_each_block(&axes[2..], 0, 0, &mut |ia, ib| {
                rows_strided(out, a.data, ia, b.data, ib, block, &f)
            });
        }
    });
}

/// One block whose rows read an operand with a stride other than 0 or 1.
#[inline(never)]
fn rows_strided<T: Copy, U: Copy>(
    out: &mut impl Sink<U>,
    a: &[T],
    ia: usize,
    b: &[T],
    ib: usize,
    block: Block,
    f: &impl Fn(T, T) -> U,
) {
    let Block { inner, next } = block;
    let n = inner.n;
    // A transposed operand (stride 1 across rows) and another that moves
    // by 0 or 1 along them: read by tiles of `TILE` rows.
    if next.n >= TILE && n >= TILE {
        if inner.sa > 1 && next.sa == 1 && inner.sb <= 1 {
            let (x, y) = ((a, ia, inner.sa), (b, ib, inner.sb, next.sb));
            return tiled(out, x, y, next.n, n, &|x, y| f(x, y));
        }
        if inner.sb > 1 && next.sb == 1 && inner.sa <= 1 {
            let (x, y) = ((b, ib, inner.sb), (a, ia, inner.sa, next.sa));
            return tiled(out, x, y, next.n, n, &|y, x| f(x, y));
        }
    }
    for r in 0..next.n {
        let (ia, ib) = (ia + r * next.sa, ib + r * next.sb);
        // The last element of each row, checked once, so that the loop
        // below reads within bounds the compiler can see.
        let (a, b) = (
            &a[..ia + (n - 1) * inner.sa + 1],
            &b[..ib + (n - 1) * inner.sb + 1],
        );
        out.row((0..n).map(|j| f(a[ia + j * inner.sa], b[ib + j * inner.sb])));
    }
}

/// Rows per tile of [`tiled`].
const TILE: usize = 8;

/// `rows` rows of `n` elements of `out = g(x, y)` where `x` (data, start,
/// stride along the row) is transposed, its rows 1 apart, and `y` (data,
/// start, stride along the row: 0 or 1, stride between rows) is not:
/// `TILE` rows of `x` are read at a time, `TILE` neighbours from each
/// column (one short contiguous read instead of `TILE` distant ones), so
/// that every cache line of `x` is used while it is loaded; then each row
/// is a plain loop.
fn tiled<T: Copy, U: Copy>(
    out: &mut impl Sink<U>,
    (x, ix, xs): (&[T], usize, usize),
    (y, iy, ys, y_next): (&[T], usize, usize, usize),
    rows: usize,
    n: usize,
    g: &impl Fn(T, T) -> U,
) {
    let mut tile: Vec<[T; TILE]> = alloc::vec![[x[ix]; TILE]; n];
    let full = rows / TILE * TILE;
    let mut r = 0;
    while r < full {
        for (j, t) in tile.iter_mut().enumerate() {
            *t = *super::rows::array::<TILE, T>(x, ix + r + j * xs);
        }
        for k in 0..TILE {
            let iy = iy + (r + k) * y_next;
            if ys == 1 {
                let y = &y[iy..][..n];
                out.row(tile.iter().zip(y).map(|(t, &y)| g(t[k], y)));
            } else {
                let y = y[iy];
                out.row(tile.iter().map(|t| g(t[k], y)));
            }
        }
        r += TILE;
    }
    for r in full..rows {
        let (ix, iy) = (ix + r, iy + r * y_next);
        let x = &x[..ix + (n - 1) * xs + 1];
        out.row((0..n).map(|j| g(x[ix + j * xs], y[iy + j * ys])));
    }
}

/// `out = f(out, b)` elementwise where `out` is strided (a mutable view;
/// no two of its positions share an element) and `b` broadcasts to its
/// shape (callers check).
#[inline(never)]
pub fn assign_strided<T: Copy>(
    out: &mut [T],
    out_dims: &[usize],
    out_strides: &[usize],
    b: StridedOperand<'_, T>,
    f: impl Fn(T, T) -> T,
) {
    if out_dims.contains(&0) {
        return;
    }
    with_plan_strided(
        out_dims,
        (out_dims, out_strides),
        (b.dims, b.strides),
        |axes| {
            let Block { inner, next } = Block {
                inner: axes[0],
                next: axes[1],
            };
            let n = inner.n;
            let b = b.data;
            for_each_block(&axes[2..], 0, 0, &mut |io, ib| {
                for r in 0..next.n {
                    let (io, ib) = (io + r * next.sa, ib + r * next.sb);
                    match (inner.sa, inner.sb) {
                        (1, 1) => {
                            for (o, &y) in out[io..][..n].iter_mut().zip(&b[ib..][..n]) {
                                *o = f(*o, y);
                            }
                        }
                        (1, 0) => {
                            let y = b[ib];
                            for o in &mut out[io..][..n] {
                                *o = f(*o, y);
                            }
                        }
                        (so, sb) => {
                            for j in 0..n {
                                let (k, y) = (io + j * so, b[ib + j * sb]);
                                out[k] = f(out[k], y);
                            }
                        }
                    }
                }
            });
        },
    );
}
