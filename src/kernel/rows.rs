//! The row loops: one block of rows in one of four forms, by which operands
//! move along the row (stride 1) and which stay put (stride 0), as a plain
//! slice loop or, for rows of 2 to 8 elements, a fixed-size array.

use super::plan::{Block, PlanAxis};
use super::sink::Sink;

/// `N` elements of `s` from `i`, as an array (one bounds check).
#[inline(always)]
pub(super) fn array<const N: usize, T>(s: &[T], i: usize) -> &[T; N] {
    match s[i..][..N].try_into() {
        Ok(x) => x,
        Err(_) => unreachable!(),
    }
}

// The row forms: which operands move along the innermost axis (stride 1) and
// which stay put (stride 0). A const parameter of the row loops, so that
// each instance holds one loop.
/// Both operands move.
pub(super) const BOTH: u8 = 0;
/// `a` moves, `b` stays.
pub(super) const A_ONLY: u8 = 1;
/// `b` moves, `a` stays.
pub(super) const B_ONLY: u8 = 2;
/// Neither moves: every row is one value.
pub(super) const NEITHER: u8 = 3;

/// The form of a block's rows.
pub(super) const fn form(inner: PlanAxis) -> u8 {
    match (inner.sa, inner.sb) {
        (1, 1) => BOTH,
        (1, _) => A_ONLY,
        (_, 1) => B_ONLY,
        _ => NEITHER,
    }
}

/// `next.n` rows of `N` elements of `out = f(a, b)`, in form `FORM`.
///
/// Each row's operands are all read before the row is written, so that
/// LLVM vectorises the row without proving that the output aliases neither
/// operand (the plan is a runtime value here; the static path has its own
/// loops, in `unrolled.rs`).
#[inline(always)]
#[cfg_attr(all(debug_assertions, not(test)), allow(dead_code))] // see `dispatch_rows`
pub(super) fn rows_fixed<const N: usize, const FORM: u8, T: Copy, U: Copy>(
    out: &mut impl Sink<U>,
    a: &[T],
    ia: usize,
    b: &[T],
    ib: usize,
    next: PlanAxis,
    f: &impl Fn(T, T) -> U,
) {
    if FORM == NEITHER {
        // Every row is one value.
        for r in 0..next.n {
            let z = f(a[ia + r * next.sa], b[ib + r * next.sb]);
            out.row_fn::<N>(|_| z);
        }
        return;
    }
    // Whole rows computed, then handed to the sink as arrays.
    out.rows_fixed::<N>(next.n, |r| {
        let (ia, ib) = (ia + r * next.sa, ib + r * next.sb);
        match FORM {
            BOTH => {
                let (x, y) = (array::<N, T>(a, ia), array::<N, T>(b, ib));
                core::array::from_fn(|j| f(x[j], y[j]))
            }
            A_ONLY => {
                let (x, y) = (array::<N, T>(a, ia), b[ib]);
                core::array::from_fn(|j| f(x[j], y))
            }
            _ => {
                let (x, y) = (a[ia], array::<N, T>(b, ib));
                core::array::from_fn(|j| f(x, y[j]))
            }
        }
    });
}

/// `next.n` rows of `n` elements of `out = f(a, b)`, in form `FORM`: plain
/// slice loops, which LLVM vectorises.
#[inline(always)]
pub(super) fn rows_any<const FORM: u8, T: Copy, U: Copy>(
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
pub(super) const fn row_kind(inner: PlanAxis) -> u8 {
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
///
/// A debug build runs `$run!(any FORM)` for every code: the same results
/// (each element is `f` of the same two operands), from one loop per form
/// instead of 25, which were a third of the code a debug build of 500
/// static operations compiled. The crate's own unit tests compile the
/// fixed loops in debug builds too, and check every one of them
/// (`kernel/tests.rs`).
#[cfg(all(debug_assertions, not(test)))]
macro_rules! dispatch_rows {
    ($kind:expr, $run:ident) => {
        match $kind {
            0 | 3 | 6 | 9 | 12 | 15 | 18 | 21 => $run!(any BOTH),
            1 | 4 | 7 | 10 | 13 | 16 | 19 | 22 => $run!(any A_ONLY),
            2 | 5 | 8 | 11 | 14 | 17 | 20 | 23 => $run!(any B_ONLY),
            _ => $run!(any NEITHER),
        }
    };
}
#[cfg(any(not(debug_assertions), test))]
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
pub(super) fn binary_block<T: Copy, U: Copy>(
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
            rows_fixed::<$n, $form, T, U>(out, a, ia, b, ib, block.next, f)
        };
        (any $form:ident) => {
            rows_any::<$form, T, U>(out, a, ia, b, ib, block, f)
        };
    }
    dispatch_rows!(row_kind(block.inner), run)
}

/// `next.n` rows of `N` elements of `out = f(out, b)`; `B_MOVES`: whether
/// `b` moves along the rows (else it stays put). Each row is computed before
/// it is written, as in [`rows_fixed`].
#[inline(always)]
#[cfg_attr(all(debug_assertions, not(test)), allow(dead_code))] // see `dispatch_rows`
pub(super) fn assign_rows_fixed<const N: usize, const B_MOVES: bool, T: Copy>(
    out: &mut [T],
    b: &[T],
    ib: usize,
    next: PlanAxis,
    f: &impl Fn(T, T) -> T,
) {
    let rows = out.as_chunks_mut::<N>().0.iter_mut().take(next.n);
    for (r, o) in rows.enumerate() {
        let ib = ib + r * next.sb;
        let row: [T; N] = if B_MOVES {
            let y = array::<N, T>(b, ib);
            core::array::from_fn(|j| f(o[j], y[j]))
        } else {
            let y = b[ib];
            core::array::from_fn(|j| f(o[j], y))
        };
        *o = row;
    }
}

/// `next.n` rows of `inner.n` elements of `out = f(out, b)` (see
/// [`assign_rows_fixed`]).
#[inline(always)]
pub(super) fn assign_rows_any<const B_MOVES: bool, T: Copy>(
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
pub(super) const fn assign_kind(inner: PlanAxis) -> u8 {
    let moves = (inner.sb == 1) as u8;
    if inner.n >= 2 && inner.n <= 8 {
        (inner.n - 2) as u8 * 2 + moves
    } else {
        14 + moves
    }
}

/// As [`dispatch_rows`], for the codes of [`assign_kind`].
#[cfg(all(debug_assertions, not(test)))]
macro_rules! dispatch_assign_rows {
    ($kind:expr, $run:ident) => {
        match $kind % 2 {
            0 => $run!(any false),
            _ => $run!(any true),
        }
    };
}
#[cfg(any(not(debug_assertions), test))]
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

pub(super) use {dispatch_assign_rows, dispatch_rows};
