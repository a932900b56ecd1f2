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
use core::mem::MaybeUninit;

use super::plan::{Block, INLINE_AXES, Merging, PlanAxis, for_each_block};
use super::rows::{A_ONLY, B_ONLY, BOTH, NEITHER, form};
use super::sink::{Sink, UninitSink};

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

/// [`binary_strided`] appended to `out` (reserved here), written straight
/// into its spare capacity: no zeroing pass, no capacity check or length
/// update per row. Blocks of long rows that read every operand with
/// stride 0 or 1 are cut into chunks of 32 elements that LLVM unrolls
/// whole; other blocks run the row loops of [`binary_strided`].
#[inline(never)]
#[track_caller]
pub fn binary_strided_vec<T: Copy, U: Copy>(
    out: &mut Vec<U>,
    out_dims: &[usize],
    a: StridedOperand<'_, T>,
    b: StridedOperand<'_, T>,
    f: impl Fn(T, T) -> U,
) {
    // Callers check that the element count fits.
    let n = crate::error::numel(out_dims).expect("the output's element count fits");
    if n == 0 {
        return;
    }
    out.reserve(n);
    let len = out.len();
    let slots = &mut out.spare_capacity_mut()[..n];
    let written = with_plan_strided(out_dims, (a.dims, a.strides), (b.dims, b.strides), |axes| {
        let block = Block {
            inner: axes[0],
            next: axes[1],
        };
        let outer = &axes[2..];
        let (inner, (a, b)) = (block.inner, (a.data, b.data));
        if inner.sa <= 1 && inner.sb <= 1 && inner.n > 8 {
            // Each block takes the next `size` slots and writes them whole.
            let size = inner.n * block.next.n;
            let mut rest = &mut *slots;
            macro_rules! run {
                ($form:ident) => {
                    for_each_block(outer, 0, 0, &mut |ia, ib| {
                        let (here, tail) = core::mem::take(&mut rest).split_at_mut(size);
                        rows_into::<$form, T, U>(here, a, ia, b, ib, block, &f);
                        rest = tail;
                    })
                };
            }
            match form(inner) {
                BOTH => run!(BOTH),
                A_ONLY => run!(A_ONLY),
                B_ONLY => run!(B_ONLY),
                _ => run!(NEITHER),
            }
            n - rest.len()
        } else {
            let mut sink = UninitSink::new(slots);
            if inner.sa <= 1 && inner.sb <= 1 {
                super::binary_blocks_rt(&mut sink, a, b, block, outer, &f);
            } else {
                for_each_block(outer, 0, 0, &mut |ia, ib| {
                    rows_strided(&mut sink, a, ia, b, ib, block, &f)
                });
            }
            sink.written()
        }
    });
    // The `set_len` below relies on this.
    assert_eq!(written, n, "the strided kernel wrote its whole output");
    // SAFETY: the first `written` slots of the spare capacity were
    // written: by `rows_into`, which writes every slot of the block it is
    // given, the blocks taken front to back (`written` counts the slots
    // taken), or by the sink, which counts the slots it wrote front to
    // back. `written == n` (asserted above) and `n` slots were reserved.
    unsafe { out.set_len(len + n) };
}

/// Elements per chunk of a row in [`rows_into`]: 32 `f32` are eight SSE
/// vectors per operand, so a chunk costs about one instruction per
/// element and the loop's own count and branch are paid once per 32.
const CHUNK: usize = 32;

/// One block of `next.n` rows of `inner.n` elements of `out = f(a, b)`,
/// the operands in form `FORM` along the rows (stride 1 or 0), into
/// `out` (exactly the block's slots, every one written). Not inlined: as
/// arguments of their own function, `out` and the operands are known not
/// to overlap, which LLVM needs to vectorise the chunks (inlined into the
/// walk over blocks, it kept them scalar).
#[inline(never)]
fn rows_into<const FORM: u8, T: Copy, U: Copy>(
    out: &mut [MaybeUninit<U>],
    a: &[T],
    ia: usize,
    b: &[T],
    ib: usize,
    block: Block,
    f: &impl Fn(T, T) -> U,
) {
    let Block { inner, next } = block;
    let n = inner.n;
    for (r, o) in out.chunks_exact_mut(n).enumerate() {
        let (ia, ib) = (ia + r * next.sa, ib + r * next.sb);
        match FORM {
            BOTH => zip_row(o, &a[ia..][..n], &b[ib..][..n], f),
            A_ONLY => {
                let y = b[ib];
                map_row(o, &a[ia..][..n], |x| f(x, y))
            }
            B_ONLY => {
                let x = a[ia];
                map_row(o, &b[ib..][..n], |y| f(x, y))
            }
            _ => o.fill(MaybeUninit::new(f(a[ia], b[ib]))),
        }
    }
}

/// `o[j] = f(x[j], y[j])`, by chunks of [`CHUNK`]. All three have the
/// same length, so the chunks and the remainders pair up and every slot
/// is written.
#[inline(always)]
fn zip_row<T: Copy, U: Copy>(o: &mut [MaybeUninit<U>], x: &[T], y: &[T], f: &impl Fn(T, T) -> U) {
    let (oc, o_rest) = o.as_chunks_mut::<CHUNK>();
    let (xc, x_rest) = x.as_chunks::<CHUNK>();
    let (yc, y_rest) = y.as_chunks::<CHUNK>();
    for ((o, x), y) in oc.iter_mut().zip(xc).zip(yc) {
        for j in 0..CHUNK {
            o[j].write(f(x[j], y[j]));
        }
    }
    for ((o, &x), &y) in o_rest.iter_mut().zip(x_rest).zip(y_rest) {
        o.write(f(x, y));
    }
}

/// `o[j] = g(x[j])`, by chunks of [`CHUNK`] (`o` and `x` of one length).
#[inline(always)]
fn map_row<T: Copy, U: Copy>(o: &mut [MaybeUninit<U>], x: &[T], g: impl Fn(T) -> U) {
    let (oc, o_rest) = o.as_chunks_mut::<CHUNK>();
    let (xc, x_rest) = x.as_chunks::<CHUNK>();
    for (o, x) in oc.iter_mut().zip(xc) {
        for j in 0..CHUNK {
            o[j].write(g(x[j]));
        }
    }
    for (o, &x) in o_rest.iter_mut().zip(x_rest) {
        o.write(g(x));
    }
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
