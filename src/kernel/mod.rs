//! The one elementwise kernel, shared by static and runtime-shaped tensors.
//!
//! A broadcast operand is never copied out: it is read with stride 0 along
//! its stretched axes. The kernel first turns the shapes into a short *plan*
//! (size-1 axes dropped, adjacent axes merged where every operand is
//! contiguous across them), so `[256, 256] + [256, 256]` becomes one flat loop
//! and `[64, 32, 8, 5] + [32, 8, 1]` three axes. The two innermost axes form a
//! *block* of rows. Each row runs in one of four forms, picked once per block
//! by which operands move along it (stride 1) and which stay put (stride 0):
//! a plain slice loop that LLVM vectorises, or, for rows of 2 to 8 elements,
//! a fixed-size array (`[T; N]`), so that a loop over short rows (rows of 5
//! in `[64, 32, 8, 5] + [32, 8, 1]`) is unrolled rather than paying a vector
//! loop's set-up for every row. Further axes are walked block by block. No
//! index is computed per element.
//!
//! The output is produced in row-major order into a [`Sink`]: appended to a
//! `Vec` (no zeroing pass over memory that is about to be written) or written
//! into existing storage ([`SliceSink`]).
//!
//! For static shapes of at most [`SMALL`] elements the plan and the offset of
//! every block are computed by the compiler ([`StaticPlan`]), and so is the
//! choice of row loop ([`binary_unrolled`], [`assign_unrolled`]): every loop
//! bound is a constant, LLVM unrolls the whole operation into the code of a
//! hand-written loop over fixed arrays, and no other row loop is compiled for
//! that shape. Larger shapes, and all runtime shapes, take [`binary`] and
//! [`assign`], compiled once per element type and operation and shared by
//! every shape, which keeps build times flat.

use alloc::vec::Vec;

use crate::shape::{Layout, MAX_STATIC_RANK};

mod gather;
pub(crate) use gather::{gather, strides};

/// Static shapes with at most this many elements are unrolled.
pub const SMALL: usize = 128;

/// One axis of a plan: its length and each operand's stride along it.
#[derive(Clone, Copy, Debug)]
pub struct Axis {
    n: usize,
    sa: usize,
    sb: usize,
}

impl Axis {
    const UNIT: Axis = Axis { n: 1, sa: 0, sb: 0 };
}

/// The two innermost axes of a plan: `next.n` rows of `inner.n` elements.
#[derive(Clone, Copy, Debug)]
pub struct Block {
    inner: Axis,
    next: Axis,
}

/// Runtime plans of up to this many axes live on the stack; more take a `Vec`.
const INLINE_AXES: usize = 8;

/// Fills `axes` (innermost first) for `a` and `b` broadcast to `out`, and
/// returns how many there are: at least 2, padded with length-1 axes, so
/// that every plan is made of blocks. `axes` needs `out.len() + 2` entries.
#[inline]
pub const fn plan(out: &[usize], a: &[usize], b: &[usize], axes: &mut [Axis]) -> usize {
    let rank = out.len();
    // How many implicit leading 1s each operand has.
    let (pa, pb) = (rank.saturating_sub(a.len()), rank.saturating_sub(b.len()));
    let (mut ca, mut cb) = (1usize, 1usize); // contiguous strides so far
    // The axis being built: kept out of `axes` until the next one cannot
    // merge into it. `n == 1` means there is none yet.
    let mut cur = Axis::UNIT;
    let mut count = 0;
    let mut i = rank;
    while i > 0 {
        i -= 1;
        let n = out[i];
        if n == 1 {
            continue; // the operands' sizes are 1 too: no stride changes
        }
        let da = if i >= pa { a[i - pa] } else { 1 };
        let db = if i >= pb { b[i - pb] } else { 1 };
        let sa = if da == 1 { 0 } else { ca };
        let sb = if db == 1 { 0 } else { cb };
        ca = ca.wrapping_mul(da);
        cb = cb.wrapping_mul(db);
        // Merge with the axis inside when every operand is contiguous across both.
        if cur.n != 1 && cur.sa.wrapping_mul(cur.n) == sa && cur.sb.wrapping_mul(cur.n) == sb {
            cur.n = cur.n.wrapping_mul(n);
        } else {
            if cur.n != 1 {
                axes[count] = cur;
                count += 1;
            }
            cur = Axis { n, sa, sb };
        }
    }
    if cur.n != 1 {
        axes[count] = cur;
        count += 1;
    }
    while count < 2 {
        axes[count] = Axis::UNIT;
        count += 1;
    }
    count
}

/// Where the kernel puts its output, row by row in row-major order.
pub trait Sink<T> {
    /// Appends one row.
    fn row(&mut self, row: impl ExactSizeIterator<Item = T>);

    /// Appends one row of `N` elements, element `j` being `f(j)` (short rows
    /// of a length known to the compiler: written element by element, which
    /// LLVM combines into vector stores).
    #[inline(always)]
    fn row_fn<const N: usize>(&mut self, f: impl FnMut(usize) -> T) {
        self.row((0..N).map(f));
    }
}

impl<T: Copy> Sink<T> for Vec<T> {
    #[inline(always)]
    fn row(&mut self, row: impl ExactSizeIterator<Item = T>) {
        // `extend` from slice iterators writes straight into the spare
        // capacity, in a loop LLVM vectorises.
        self.extend(row);
    }

    #[inline(always)]
    fn row_fn<const N: usize>(&mut self, f: impl FnMut(usize) -> T) {
        let row: [T; N] = core::array::from_fn(f);
        self.extend_from_slice(&row);
    }
}

/// A [`Sink`] writing into an existing slice, front to back.
pub struct SliceSink<'a, T> {
    out: &'a mut [T],
    pos: usize,
}

impl<'a, T> SliceSink<'a, T> {
    /// Writes `out` from the start.
    pub fn new(out: &'a mut [T]) -> Self {
        SliceSink { out, pos: 0 }
    }
}

impl<T> Sink<T> for SliceSink<'_, T> {
    #[inline(always)]
    fn row(&mut self, row: impl ExactSizeIterator<Item = T>) {
        let n = row.len();
        for (o, x) in self.out[self.pos..][..n].iter_mut().zip(row) {
            *o = x;
        }
        self.pos += n;
    }

    #[inline(always)]
    fn row_fn<const N: usize>(&mut self, mut f: impl FnMut(usize) -> T) {
        let out: &mut [T; N] = match (&mut self.out[self.pos..][..N]).try_into() {
            Ok(out) => out,
            Err(_) => unreachable!(),
        };
        for (j, o) in out.iter_mut().enumerate() {
            *o = f(j);
        }
        self.pos += N;
    }
}

/// `N` elements of `s` from `i`, as an array (one bounds check).
#[inline(always)]
fn array<const N: usize, T>(s: &[T], i: usize) -> &[T; N] {
    match s[i..][..N].try_into() {
        Ok(x) => x,
        Err(_) => unreachable!(),
    }
}

// The row forms: which operands move along the innermost axis (stride 1) and
// which stay put (stride 0). A const parameter of the row loops, so that
// each instance holds one loop.
/// Both operands move.
const BOTH: u8 = 0;
/// `a` moves, `b` stays.
const A_ONLY: u8 = 1;
/// `b` moves, `a` stays.
const B_ONLY: u8 = 2;
/// Neither moves: every row is one value.
const NEITHER: u8 = 3;

/// The form of a block's rows.
const fn form(inner: Axis) -> u8 {
    match (inner.sa, inner.sb) {
        (1, 1) => BOTH,
        (1, _) => A_ONLY,
        (_, 1) => B_ONLY,
        _ => NEITHER,
    }
}

/// `next.n` rows of `N` elements of `out = f(a, b)`, in form `FORM`.
///
/// `EAGER`: each row's operands are all read before the row is written, so
/// that LLVM vectorises the row without proving that the output aliases
/// neither operand (runtime plans). Otherwise each element is written as it
/// is computed, which LLVM turns into the code of a hand-written loop where
/// the output is a local it can see (the unrolled static path).
#[inline(always)]
fn rows_fixed<const N: usize, const FORM: u8, const EAGER: bool, T: Copy, U: Copy>(
    out: &mut impl Sink<U>,
    a: &[T],
    ia: usize,
    b: &[T],
    ib: usize,
    next: Axis,
    f: &impl Fn(T, T) -> U,
) {
    for r in 0..next.n {
        let (ia, ib) = (ia + r * next.sa, ib + r * next.sb);
        macro_rules! row {
            (|$j:ident| $e:expr) => {
                if EAGER {
                    let row: [U; N] = core::array::from_fn(|$j| $e);
                    out.row_fn::<N>(|j| row[j]);
                } else {
                    out.row_fn::<N>(|$j| $e);
                }
            };
        }
        match FORM {
            BOTH => {
                let (x, y) = (array::<N, T>(a, ia), array::<N, T>(b, ib));
                row!(|j| f(x[j], y[j]))
            }
            A_ONLY => {
                let (x, y) = (array::<N, T>(a, ia), b[ib]);
                row!(|j| f(x[j], y))
            }
            B_ONLY => {
                let (x, y) = (a[ia], array::<N, T>(b, ib));
                row!(|j| f(x, y[j]))
            }
            _ => {
                let z = f(a[ia], b[ib]);
                out.row_fn::<N>(|_| z);
            }
        }
    }
}

/// `next.n` rows of `n` elements of `out = f(a, b)`, in form `FORM`: plain
/// slice loops, which LLVM vectorises.
#[inline(always)]
fn rows_any<const FORM: u8, T: Copy, U: Copy>(
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
    for r in 0..next.n {
        let (ia, ib) = (ia + r * next.sa, ib + r * next.sb);
        match FORM {
            BOTH => {
                let (x, y) = (&a[ia..][..n], &b[ib..][..n]);
                out.row(x.iter().zip(y).map(|(&x, &y)| f(x, y)));
            }
            A_ONLY => {
                let (x, y) = (&a[ia..][..n], b[ib]);
                out.row(x.iter().map(|&x| f(x, y)));
            }
            B_ONLY => {
                let (x, y) = (a[ia], &b[ib..][..n]);
                out.row(y.iter().map(|&y| f(x, y)));
            }
            _ => out.row(core::iter::repeat_n(f(a[ia], b[ib]), n)),
        }
    }
}

/// Which row loop runs a block whose innermost axis is `inner`: codes 0 to
/// 20 are `rows_fixed::<N, FORM>` for rows of `N` = 2 to 8 elements (a loop
/// over short rows is unrolled rather than running a vector loop's set-up and
/// remainder for every row), 21 to 24 `rows_any::<FORM>`.
const fn row_kind(inner: Axis) -> u8 {
    let f = form(inner);
    if inner.n >= 2 && inner.n <= 8 && f != NEITHER {
        (inner.n - 2) as u8 * 3 + f
    } else {
        21 + f
    }
}

/// Runs `$run!(fixed N, FORM)` or `$run!(any FORM)` for the row-loop code
/// `$kind` of [`row_kind`]. With a constant code (`const { .. }`, static
/// shapes) only the one loop is compiled.
macro_rules! dispatch_rows {
    ($kind:expr, $run:ident) => {
        match $kind {
            0 => $run!(fixed 2, BOTH),
            1 => $run!(fixed 2, A_ONLY),
            2 => $run!(fixed 2, B_ONLY),
            3 => $run!(fixed 3, BOTH),
            4 => $run!(fixed 3, A_ONLY),
            5 => $run!(fixed 3, B_ONLY),
            6 => $run!(fixed 4, BOTH),
            7 => $run!(fixed 4, A_ONLY),
            8 => $run!(fixed 4, B_ONLY),
            9 => $run!(fixed 5, BOTH),
            10 => $run!(fixed 5, A_ONLY),
            11 => $run!(fixed 5, B_ONLY),
            12 => $run!(fixed 6, BOTH),
            13 => $run!(fixed 6, A_ONLY),
            14 => $run!(fixed 6, B_ONLY),
            15 => $run!(fixed 7, BOTH),
            16 => $run!(fixed 7, A_ONLY),
            17 => $run!(fixed 7, B_ONLY),
            18 => $run!(fixed 8, BOTH),
            19 => $run!(fixed 8, A_ONLY),
            20 => $run!(fixed 8, B_ONLY),
            21 => $run!(any BOTH),
            22 => $run!(any A_ONLY),
            23 => $run!(any B_ONLY),
            _ => $run!(any NEITHER),
        }
    };
}

/// One block of `out = f(a, b)`: `next.n` rows of `inner.n` elements, with
/// the operands starting at `ia` and `ib`. The output type `U` is usually
/// `T`; comparisons produce `bool`.
#[inline(always)]
fn binary_block<T: Copy, U: Copy>(
    out: &mut impl Sink<U>,
    a: &[T],
    ia: usize,
    b: &[T],
    ib: usize,
    block: Block,
    f: &impl Fn(T, T) -> U,
) {
    macro_rules! run {
        (fixed $n:literal, $form:ident) => {
            rows_fixed::<$n, $form, true, T, U>(out, a, ia, b, ib, block.next, f)
        };
        (any $form:ident) => {
            rows_any::<$form, T, U>(out, a, ia, b, ib, block, f)
        };
    }
    dispatch_rows!(row_kind(block.inner), run)
}

/// `next.n` rows of `N` elements of `out = f(out, b)`; `B_MOVES`: whether
/// `b` moves along the rows (else it stays put); `EAGER` as for
/// [`rows_fixed`].
#[inline(always)]
fn assign_rows_fixed<const N: usize, const B_MOVES: bool, const EAGER: bool, T: Copy>(
    out: &mut [T],
    b: &[T],
    ib: usize,
    next: Axis,
    f: &impl Fn(T, T) -> T,
) {
    let rows = out.as_chunks_mut::<N>().0.iter_mut().take(next.n);
    for (r, o) in rows.enumerate() {
        let ib = ib + r * next.sb;
        if EAGER {
            let row: [T; N] = if B_MOVES {
                let y = array::<N, T>(b, ib);
                core::array::from_fn(|j| f(o[j], y[j]))
            } else {
                let y = b[ib];
                core::array::from_fn(|j| f(o[j], y))
            };
            for (o, x) in o.iter_mut().zip(row) {
                *o = x;
            }
        } else if B_MOVES {
            let y = array::<N, T>(b, ib);
            for (o, &y) in o.iter_mut().zip(y) {
                *o = f(*o, y);
            }
        } else {
            let y = b[ib];
            for o in o {
                *o = f(*o, y);
            }
        }
    }
}

/// `next.n` rows of `inner.n` elements of `out = f(out, b)` (see
/// [`assign_rows_fixed`]).
#[inline(always)]
fn assign_rows_any<const B_MOVES: bool, T: Copy>(
    out: &mut [T],
    b: &[T],
    ib: usize,
    block: Block,
    f: &impl Fn(T, T) -> T,
) {
    let Block { inner, next } = block;
    let n = inner.n;
    for (r, out) in out.chunks_exact_mut(n).take(next.n).enumerate() {
        let ib = ib + r * next.sb;
        if B_MOVES {
            for (o, &y) in out.iter_mut().zip(&b[ib..][..n]) {
                *o = f(*o, y);
            }
        } else {
            let y = b[ib];
            for o in out {
                *o = f(*o, y);
            }
        }
    }
}

/// As [`row_kind`], for `out = f(out, b)`: `out` always moves, so the form
/// is whether `b` does. Codes 0 to 13: `assign_rows_fixed`, 14 and 15:
/// `assign_rows_any`.
const fn assign_kind(inner: Axis) -> u8 {
    let moves = (inner.sb == 1) as u8;
    if inner.n >= 2 && inner.n <= 8 {
        (inner.n - 2) as u8 * 2 + moves
    } else {
        14 + moves
    }
}

/// As [`dispatch_rows`], for the codes of [`assign_kind`].
macro_rules! dispatch_assign_rows {
    ($kind:expr, $run:ident) => {
        match $kind {
            0 => $run!(fixed 2, false),
            1 => $run!(fixed 2, true),
            2 => $run!(fixed 3, false),
            3 => $run!(fixed 3, true),
            4 => $run!(fixed 4, false),
            5 => $run!(fixed 4, true),
            6 => $run!(fixed 5, false),
            7 => $run!(fixed 5, true),
            8 => $run!(fixed 6, false),
            9 => $run!(fixed 6, true),
            10 => $run!(fixed 7, false),
            11 => $run!(fixed 7, true),
            12 => $run!(fixed 8, false),
            13 => $run!(fixed 8, true),
            14 => $run!(any false),
            _ => $run!(any true),
        }
    };
}

/// One block of `out = f(out, b)`.
#[inline(always)]
fn assign_block<T: Copy>(out: &mut [T], b: &[T], ib: usize, block: Block, f: &impl Fn(T, T) -> T) {
    macro_rules! run {
        (fixed $n:literal, $moves:literal) => {
            assign_rows_fixed::<$n, $moves, true, T>(out, b, ib, block.next, f)
        };
        (any $moves:literal) => {
            assign_rows_any::<$moves, T>(out, b, ib, block, f)
        };
    }
    dispatch_assign_rows!(assign_kind(block.inner), run)
}

/// Calls `block(a_offset, b_offset)` for every block, in row-major order,
/// given the axes outside the innermost two (outermost last). The innermost
/// of them is a plain loop, the others recurse.
fn for_each_block(outer: &[Axis], oa: usize, ob: usize, block: &mut impl FnMut(usize, usize)) {
    let (axis, rest) = match outer.split_last() {
        Some((axis, rest)) => (*axis, rest),
        None => (Axis::UNIT, outer),
    };
    let (mut ia, mut ib) = (oa, ob);
    if rest.is_empty() {
        for _ in 0..axis.n {
            block(ia, ib);
            ia += axis.sa;
            ib += axis.sb;
        }
    } else {
        for _ in 0..axis.n {
            for_each_block(rest, ia, ib, block);
            ia += axis.sa;
            ib += axis.sb;
        }
    }
}

/// Runs `f` over the runtime plan of `out_dims`, `a_dims`, `b_dims`.
#[inline(always)]
fn with_plan<R>(
    out_dims: &[usize],
    a_dims: &[usize],
    b_dims: &[usize],
    f: impl FnOnce(&[Axis]) -> R,
) -> R {
    if out_dims.len() <= INLINE_AXES {
        let mut buf = [Axis::UNIT; INLINE_AXES + 2];
        let n = plan(out_dims, a_dims, b_dims, &mut buf);
        f(&buf[..n])
    } else {
        let mut buf = alloc::vec![Axis::UNIT; out_dims.len() + 2];
        let n = plan(out_dims, a_dims, b_dims, &mut buf);
        f(&buf[..n])
    }
}

/// The plan of shapes of rank at most 2 (`out.len() <= 2`), as [`plan`]
/// computes it, without its loop: the common matrix and vector cases.
#[inline(always)]
fn plan_2d(out: &[usize], a: &[usize], b: &[usize]) -> Block {
    let dim = |s: &[usize], i: usize| if i < s.len() { s[s.len() - 1 - i] } else { 1 };
    let (n0, n1) = (dim(out, 0), dim(out, 1));
    let (a0, b0) = (dim(a, 0), dim(b, 0));
    let mut inner = Axis {
        n: n0,
        sa: (a0 != 1) as usize,
        sb: (b0 != 1) as usize,
    };
    let mut next = Axis {
        n: n1,
        sa: if dim(a, 1) == 1 { 0 } else { a0 },
        sb: if dim(b, 1) == 1 { 0 } else { b0 },
    };
    if n1 == 1 {
        next = Axis::UNIT;
    } else if n0 == 1 {
        // The outer axis is the only one: it becomes the row (its strides
        // are 0 or 1, as the operands' inner sizes are 1).
        (inner, next) = (next, Axis::UNIT);
    } else if next.sa == inner.sa * n0 && next.sb == inner.sb * n0 {
        // Contiguous for every operand: one row.
        inner.n = n0 * n1;
        next = Axis::UNIT;
    }
    Block { inner, next }
}

/// [`binary_block`] compiled once per element type, operation and sink, for
/// runtime plans.
#[inline(never)]
fn binary_block_rt<T: Copy, U: Copy>(
    out: &mut impl Sink<U>,
    a: &[T],
    ia: usize,
    b: &[T],
    ib: usize,
    block: Block,
    f: &impl Fn(T, T) -> U,
) {
    binary_block(out, a, ia, b, ib, block, f)
}

/// [`binary`] for shapes of rank at most 2, padded to rank 2 with leading
/// 1s (`a_dims` and `b_dims` broadcast to `out_dims`; callers check):
/// `DynTensor`'s vectors and matrices, planned without a loop.
#[inline(always)]
pub(crate) fn binary_2d<T: Copy, U: Copy>(
    out: &mut impl Sink<U>,
    out_dims: [usize; 2],
    a: &[T],
    a_dims: [usize; 2],
    b: &[T],
    b_dims: [usize; 2],
    f: impl Fn(T, T) -> U,
) {
    let block = plan_2d(&out_dims, &a_dims, &b_dims);
    if block.inner.n != 0 && block.next.n != 0 {
        binary_block_rt(out, a, 0, b, 0, block, &f);
    }
}

/// `out = f(a, b)` elementwise with broadcasting, for any shapes: `a_dims`
/// and `b_dims` must broadcast to `out_dims` (callers check). The output
/// element type `U` may differ from the operands' (`bool` for comparisons).
///
/// Not inlined: one copy per element type, operation and sink serves every shape.
#[inline(never)]
pub fn binary<T: Copy, U: Copy>(
    out: &mut impl Sink<U>,
    out_dims: &[usize],
    a: &[T],
    a_dims: &[usize],
    b: &[T],
    b_dims: &[usize],
    f: impl Fn(T, T) -> U,
) {
    binary_inline(out, out_dims, a, a_dims, b, b_dims, f)
}

/// [`binary`], inlined into a caller that is itself compiled once per
/// element type and operation (`DynTensor`'s operations), saving a call.
#[inline(always)]
pub(crate) fn binary_inline<T: Copy, U: Copy>(
    out: &mut impl Sink<U>,
    out_dims: &[usize],
    a: &[T],
    a_dims: &[usize],
    b: &[T],
    b_dims: &[usize],
    f: impl Fn(T, T) -> U,
) {
    if out_dims.len() <= 2 {
        let block = plan_2d(out_dims, a_dims, b_dims);
        if block.inner.n != 0 && block.next.n != 0 {
            binary_block_rt(out, a, 0, b, 0, block, &f);
        }
        return;
    }
    if out_dims.contains(&0) {
        return; // empty result
    }
    with_plan(out_dims, a_dims, b_dims, |axes| {
        let block = Block {
            inner: axes[0],
            next: axes[1],
        };
        for_each_block(&axes[2..], 0, 0, &mut |ia, ib| {
            binary_block_rt(out, a, ia, b, ib, block, &f)
        });
    });
}

/// `out = f(out, b)` elementwise, `b` broadcast to `out`'s shape (callers check).
#[inline(never)]
pub fn assign<T: Copy>(
    out: &mut [T],
    out_dims: &[usize],
    b: &[T],
    b_dims: &[usize],
    f: impl Fn(T, T) -> T,
) {
    if out_dims.contains(&0) {
        return;
    }
    with_plan(out_dims, out_dims, b_dims, |axes| {
        let block = Block {
            inner: axes[0],
            next: axes[1],
        };
        let size = block.inner.n * block.next.n;
        let mut o = 0;
        for_each_block(&axes[2..], 0, 0, &mut |_, ib| {
            assign_block(&mut out[o..o + size], b, ib, block, &f);
            o += size;
        });
    });
}

/// `out = f(a)` elementwise.
#[inline]
pub fn map<T: Copy, U>(out: &mut [U], a: &[T], f: impl Fn(T) -> U) {
    for (o, &x) in out.iter_mut().zip(a) {
        *o = f(x);
    }
}

/// `out = f(out)` elementwise.
#[inline]
pub fn map_in_place<T: Copy>(out: &mut [T], f: impl Fn(T) -> T) {
    for o in out {
        *o = f(*o);
    }
}

/// The plan of a static operation computed by the compiler: output shape
/// `O`, operands of shapes `A` and `B`, at most [`SMALL`] output elements.
pub struct StaticPlan<O, A, B>(core::marker::PhantomData<(O, A, B)>);

/// A compile-time plan: the two innermost axes, the next two, and the
/// operand offsets of every block (for at most [`SMALL`] elements, so
/// offsets fit a `u8`).
#[derive(Debug)]
pub struct Blocks {
    block: Block,
    /// The two axes outside the block (length 1 where there are fewer).
    outer: [Axis; 2],
    /// Whether `outer` covers every axis outside the block, so that the
    /// blocks are walked by two nested loops rather than the offset table.
    nested: bool,
    count: usize,
    offsets: [[u8; 2]; SMALL],
}

/// The element count of a static shape, or `usize::MAX` if it overflows or
/// has a runtime-sized (`Dyn`, `usize::MAX`) dimension.
pub const fn static_numel(dims: &[usize]) -> usize {
    let mut n = 1usize;
    let mut i = 0;
    while i < dims.len() {
        if dims[i] == 0 {
            return 0;
        }
        n = n.saturating_mul(dims[i]);
        i += 1;
    }
    n
}

/// Whether an operation with output layout `O` takes the unrolled path.
pub const fn is_small<O: Layout>() -> bool {
    O::STATIC && static_numel(O::TEMPLATE.as_slice()) <= SMALL
}

impl<O: Layout, A: Layout, B: Layout> StaticPlan<O, A, B> {
    /// The plan and block offsets.
    pub const BLOCKS: Blocks = {
        // Evaluated for every operation (inline consts are, even in a branch
        // not taken), so layouts that do not take this path get an empty plan.
        let small = is_small::<O>() && A::STATIC && B::STATIC;
        let mut axes = [Axis::UNIT; MAX_STATIC_RANK + 4];
        let n = if small {
            plan(
                O::TEMPLATE.as_slice(),
                A::TEMPLATE.as_slice(),
                B::TEMPLATE.as_slice(),
                &mut axes,
            )
        } else {
            2
        };
        // Walk the outer axes as an odometer, recording each block's offsets.
        let mut offsets = [[0u8; 2]; SMALL];
        let mut idx = [0usize; MAX_STATIC_RANK + 2];
        let (mut ia, mut ib, mut count) = (0usize, 0usize, 0usize);
        let numel = static_numel(O::TEMPLATE.as_slice());
        let blocks = if !small || numel == 0 {
            0
        } else {
            numel / (axes[0].n * axes[1].n)
        };
        while count < blocks {
            offsets[count] = [ia as u8, ib as u8];
            count += 1;
            let mut k = 2;
            while k < n {
                idx[k] += 1;
                ia += axes[k].sa;
                ib += axes[k].sb;
                if idx[k] < axes[k].n {
                    break;
                }
                ia -= axes[k].sa * axes[k].n;
                ib -= axes[k].sb * axes[k].n;
                idx[k] = 0;
                k += 1;
            }
        }
        Blocks {
            block: Block {
                inner: axes[0],
                next: axes[1],
            },
            outer: [axes[2], axes[3]],
            nested: blocks != 0 && n <= 4,
            count,
            offsets,
        }
    };
}

/// Runs `$body` with `$ia`, `$ib` bound to the operand offsets of every
/// block of the static plan `$plan`, in row-major order: two nested loops
/// with constant bounds when the plan has at most four axes, the offset table
/// otherwise. A macro rather than a function taking a closure, so that the
/// body is inlined where the plan's fields are known constants.
macro_rules! for_each_static_block {
    ($plan:expr, |$ia:ident, $ib:ident| $body:expr) => {{
        let plan: &Blocks = $plan;
        if plan.nested {
            let [x, y] = plan.outer;
            for j in 0..y.n {
                for i in 0..x.n {
                    let ($ia, $ib) = (j * y.sa + i * x.sa, j * y.sb + i * x.sb);
                    $body;
                }
            }
        } else {
            for k in 0..plan.count {
                let ($ia, $ib) = (plan.offsets[k][0] as usize, plan.offsets[k][1] as usize);
                $body;
            }
        }
    }};
}

/// `out = f(a, b)` for static shapes `O` (the output), `A` and `B` of at
/// most [`SMALL`] output elements (`is_small::<O>()`): the plan of
/// [`StaticPlan`], and the one row loop it needs, chosen by the compiler.
/// Inlined into each operation, every bound a constant, so that LLVM unrolls
/// it into the code of a hand-written loop over fixed arrays; no other row
/// loop is compiled for the operation, in debug builds either.
#[inline(always)]
pub fn binary_unrolled<O: Layout, A: Layout, B: Layout, T: Copy, U: Copy>(
    out: &mut impl Sink<U>,
    a: &[T],
    b: &[T],
    f: impl Fn(T, T) -> U,
) {
    let plan = const { &StaticPlan::<O, A, B>::BLOCKS };
    macro_rules! run {
        (fixed $n:literal, $form:ident) => {
            for_each_static_block!(plan, |ia, ib| rows_fixed::<$n, $form, false, T, U>(
                out,
                a,
                ia,
                b,
                ib,
                plan.block.next,
                &f
            ))
        };
        (any $form:ident) => {
            for_each_static_block!(plan, |ia, ib| rows_any::<$form, T, U>(
                out, a, ia, b, ib, plan.block, &f
            ))
        };
    }
    dispatch_rows!(
        const { row_kind(StaticPlan::<O, A, B>::BLOCKS.block.inner) },
        run
    )
}

/// `out = f(out, b)` for static shapes `O` (of `out`) and `B` of at most
/// [`SMALL`] elements, as [`binary_unrolled`].
#[inline(always)]
pub fn assign_unrolled<O: Layout, B: Layout, T: Copy>(
    out: &mut [T],
    b: &[T],
    f: impl Fn(T, T) -> T,
) {
    let plan = const { &StaticPlan::<O, O, B>::BLOCKS };
    if plan.count == 0 {
        return;
    }
    let size = plan.block.inner.n * plan.block.next.n;
    let mut o = 0;
    macro_rules! run {
        (fixed $n:literal, $moves:literal) => {
            for_each_static_block!(plan, |_ia, ib| {
                assign_rows_fixed::<$n, $moves, false, T>(
                    &mut out[o..o + size],
                    b,
                    ib,
                    plan.block.next,
                    &f,
                );
                o += size;
            })
        };
        (any $moves:literal) => {
            for_each_static_block!(plan, |_ia, ib| {
                assign_rows_any::<$moves, T>(&mut out[o..o + size], b, ib, plan.block, &f);
                o += size;
            })
        };
    }
    dispatch_assign_rows!(
        const { assign_kind(StaticPlan::<O, O, B>::BLOCKS.block.inner) },
        run
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    /// The plan as first written: axes stored as they come, merged into the
    /// last stored one.
    fn plan_reference(out: &[usize], a: &[usize], b: &[usize]) -> Vec<(usize, usize, usize)> {
        let rank = out.len();
        let (mut ca, mut cb) = (1usize, 1usize);
        let mut axes: Vec<(usize, usize, usize)> = Vec::new();
        for i in 0..rank {
            let n = out[rank - 1 - i];
            let da = if i < a.len() { a[a.len() - 1 - i] } else { 1 };
            let db = if i < b.len() { b[b.len() - 1 - i] } else { 1 };
            let sa = if da == 1 { 0 } else { ca };
            let sb = if db == 1 { 0 } else { cb };
            ca *= da;
            cb *= db;
            if n == 1 {
                continue;
            }
            if let Some(last) = axes.last_mut()
                && last.1 * last.0 == sa
                && last.2 * last.0 == sb
            {
                last.0 *= n;
                continue;
            }
            axes.push((n, sa, sb));
        }
        while axes.len() < 2 {
            axes.push((1, 0, 0));
        }
        axes
    }

    /// Every pair of shapes of rank `0..=max_rank` with sizes in `sizes`
    /// that broadcast, with the broadcast shape.
    fn pairs(max_rank: usize, sizes: &[usize]) -> Vec<(Vec<usize>, Vec<usize>, Vec<usize>)> {
        let mut shapes = vec![vec![]];
        for rank in 1..=max_rank {
            let mut k = vec![0; rank];
            loop {
                shapes.push(k.iter().map(|&i| sizes[i]).collect::<Vec<_>>());
                let mut j = 0;
                while j < rank {
                    k[j] += 1;
                    if k[j] < sizes.len() {
                        break;
                    }
                    k[j] = 0;
                    j += 1;
                }
                if j == rank {
                    break;
                }
            }
        }
        let mut out = Vec::new();
        for a in &shapes {
            for b in &shapes {
                let rank = a.len().max(b.len());
                let mut o = vec![0; rank];
                if crate::shape::broadcast::broadcast_into(a, b, &mut o).is_ok() {
                    out.push((a.clone(), b.clone(), o));
                }
            }
        }
        out
    }

    fn as_tuples(axes: &[Axis]) -> Vec<(usize, usize, usize)> {
        axes.iter().map(|x| (x.n, x.sa, x.sb)).collect()
    }

    #[test]
    fn plan_agrees_with_the_reference() {
        for (a, b, o) in pairs(3, &[0, 1, 2, 3]) {
            let mut axes = [Axis::UNIT; 8];
            let n = plan(&o, &a, &b, &mut axes);
            assert_eq!(
                as_tuples(&axes[..n]),
                plan_reference(&o, &a, &b),
                "{a:?} {b:?}"
            );
        }
    }

    #[test]
    fn plan_2d_agrees_with_plan() {
        for (a, b, o) in pairs(2, &[0, 1, 2, 3, 4]) {
            if o.contains(&0) {
                continue; // empty: the kernel returns before planning
            }
            let mut axes = [Axis::UNIT; 4];
            let n = plan(&o, &a, &b, &mut axes);
            assert_eq!(n, 2, "{a:?} {b:?}");
            let block = plan_2d(&o, &a, &b);
            assert_eq!(
                as_tuples(&[block.inner, block.next]),
                as_tuples(&axes[..2]),
                "{a:?} {b:?}"
            );
        }
    }

    #[test]
    fn every_row_length_and_form_against_an_index_loop() {
        // Rows of 1 to 12 elements (the fixed-length forms and the general
        // one), each operand moving or stretched along rows and columns.
        for n in 1..=12 {
            for (a, b) in [
                (vec![3, n], vec![3, n]),
                (vec![3, n], vec![3, 1]),
                (vec![3, 1], vec![3, n]),
                (vec![3, 1], vec![1, n]),
                (vec![2, 3, n], vec![3, 1]),
                (vec![2, 1, 1], vec![3, n]),
            ] {
                let mut o = [0; 3];
                let o = &mut o[3 - a.len().max(b.len())..];
                crate::shape::broadcast::broadcast_into(&a, &b, o).unwrap();
                let av: Vec<i64> = (0..a.iter().product::<usize>() as i64).collect();
                let bv: Vec<i64> = (0..b.iter().product::<usize>() as i64)
                    .map(|x| 100 * x)
                    .collect();
                let mut got = Vec::new();
                binary(&mut got, o, &av, &a, &bv, &b, |x, y| x + y);
                let mut sliced = vec![0; got.len()];
                binary(
                    &mut SliceSink::new(&mut sliced),
                    o,
                    &av,
                    &a,
                    &bv,
                    &b,
                    |x, y| x + y,
                );
                // Reference: flat index to per-operand offsets.
                let total: usize = o.iter().product();
                let at = |dims: &[usize], mut flat: usize| {
                    let (mut off, mut stride) = (0, 1);
                    for (k, &d) in o.iter().enumerate().rev() {
                        let i = flat % d;
                        flat /= d;
                        let pad = o.len() - dims.len();
                        if k >= pad && dims[k - pad] != 1 {
                            off += i * stride;
                        }
                        if k >= pad {
                            stride *= dims[k - pad];
                        }
                    }
                    off
                };
                let want: Vec<i64> = (0..total).map(|i| av[at(&a, i)] + bv[at(&b, i)]).collect();
                assert_eq!(got, want, "{a:?} + {b:?}");
                assert_eq!(sliced, want, "{a:?} + {b:?}");
                // In place: `b` broadcast into `a` where it fits.
                if o == &a[..] {
                    let mut acc = av.clone();
                    assign(&mut acc, &a, &bv, &b, |x, y| x + y);
                    assert_eq!(acc, want, "{a:?} += {b:?}");
                }
            }
        }
    }
}
