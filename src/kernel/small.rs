//! Small runtime operations: two operands of rank at most [`SMALL_RANK`]
//! and a result of at most [`SMALL_NUMEL`] elements, broadcast in one pass
//! over at most four axes and computed by a fixed-depth loop.
//!
//! For such operations the general path's fixed costs (a plan of up to
//! eight axes, an odometer, a dispatch per block of rows) were most of the
//! time: `[4, 3] + [1, 3]` on `DynTensor`s took about 490 instructions
//! there, for 12 additions. Here the shape check, the output's sizes, each
//! operand's strides (0 where stretched) and the merging of contiguous
//! axes are one pass in registers, and the result is written by one of a
//! few loops chosen once per operation.
//!
//! Short rows (2 to 4 elements), a multiple of four of them along the next
//! axis, are taken four at a time when one operand's row is the same for
//! the whole block ([`Form`]): an outer product (`[5, 3, 4, 1] + [3, 1,
//! 2]`, `a` stretched along rows of 2 and `b` along the next axis), a row
//! against contiguous rows (`[4, 3] + [1, 3]`), or a column against them
//! (`[4, 3] + [4, 1]`). The block is fixed-size arrays, which LLVM turns
//! into a few vector instructions. Callgrind, instructions per operation in
//! this module: `[5, 3, 4, 1] + [3, 1, 2]` 844 -> 338 (15 blocks of 18
//! instructions instead of 60 rows of 12), `[4, 3] + [1, 3]` 95 -> 27,
//! `[4, 3] + [4, 1]` 99 -> 22. The blocks' loop is out of line, after the
//! first block: a single block, as in `[4, 3] + [1, 3]`, has no set-up.
//!
//! Other rows go one at a time, by their form (which operand moves along
//! them) and their length (2, 3 and 4 as fixed-size arrays; longer rows as
//! a plain loop). Blocks of two rows paid too (`[2, 3] + [1, 3]`: 67 ->
//! 17), but blocks are compiled for each form (6), row length (3), element
//! type and operator, two functions each: a release build of a program
//! with 12 element type and operator pairs on `DynTensor`s took about 33 s
//! of CPU with rows only, 38 s with blocks of four rows, 44 s with blocks
//! of two rows as well.
//!
//! The rows read and write through pointers whose bounds follow from the
//! operands' lengths, checked once: with bounds-checked slices instead,
//! callgrind counted 519 instructions against 459 for `[4, 3] + [1, 3]`
//! and 2294 against 1510 for `[5, 3, 4, 1] + [3, 1, 2]` (rows of 2, before
//! the blocks).
//!
//! The commonest forms, ranks up to 2 with one operand of the result's
//! sizes (the same sizes, a row, a column or one element against it), are
//! recognised by [`quick_plan`] in a few comparisons and dispatched on
//! their form by [`binary_quick`] to the same rows and blocks, before the
//! general plan and its match on strides: with the operator building its
//! result in place, `[4, 3] + [1, 3]` went from 421 to 270 instructions
//! per operation (`examples/prof.rs dynA`), and into a preallocated output
//! from 312 to 211.
//!
//! Anything else (a mismatch, whose error the general path words; a
//! higher rank; more elements) is left to the general kernel: [`small_plan`]
//! returns `None`.

use alloc::vec::Vec;
use core::mem::MaybeUninit;
use core::slice;

use super::plan::{Block, PlanAxis, block_2d};
use super::sink::as_uninit;

/// Operations of up to this rank take the small path.
pub(crate) const SMALL_RANK: usize = 4;

/// Results of up to this many elements take the small path; larger ones
/// gain nothing from it and take the general kernel (its row loops for
/// long rows, rayon for large results).
pub(crate) const SMALL_NUMEL: usize = 128;

/// The plan of a small operation: four axes, innermost first, the outer
/// ones merged into the innermost while both operands are contiguous
/// across them; unused or merged axes have length 1. The innermost axis is the row; each operand's
/// stride along it is 0 or 1, and not both 0 unless the result has at most
/// one element.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SmallPlan {
    axes: [PlanAxis; SMALL_RANK],
    /// The number of elements of the result.
    pub(crate) numel: usize,
    /// The number of elements of each operand, as their sizes say.
    len: [usize; 2],
}

/// Size `i` from the right of `s`, 1 past its rank.
#[inline(always)]
fn dim(s: &[usize], i: usize) -> usize {
    if i < s.len() { s[s.len() - 1 - i] } else { 1 }
}

/// The broadcast of sizes `x` and `y` (`x` unless it is 1), and whether
/// they broadcast: equal, or one of them 1.
#[inline(always)]
fn join(x: usize, y: usize) -> (usize, bool) {
    let n = if x == 1 { y } else { x };
    (n, y == n || y == 1)
}

/// `a` and `b` broadcast together, if the operation is small: the shape
/// check, the result's sizes (`out[..max(a.len(), b.len())]`, the rest of
/// `out` untouched) and the plan in one pass from the right. `None` when
/// the rank exceeds [`SMALL_RANK`], the sizes do not broadcast or the
/// result has more than [`SMALL_NUMEL`] elements.
#[inline(always)]
pub(crate) fn small_plan(a: &[usize], b: &[usize], out: &mut [usize]) -> Option<SmallPlan> {
    let rank = a.len().max(b.len());
    if rank <= 2 && out.len() >= 2 {
        return plan_2d(a, b, out, rank);
    }
    if rank > SMALL_RANK || out.len() < rank {
        return None;
    }
    // Each axis from the innermost: its size and the operands' strides, 0
    // where an operand's size is 1. A mismatch or a large size leaves at
    // once (a branch that is seldom taken costs less than carrying flags
    // through every axis, which kept them in memory: 200 instructions for
    // `[5, 3, 4, 1] + [3, 1, 2]`).
    let (mut n, mut sa, mut sb) = ([1usize; SMALL_RANK], [0usize; SMALL_RANK], [0; SMALL_RANK]);
    let (mut ca, mut cb) = (1usize, 1usize);
    for i in 0..SMALL_RANK {
        let (x, y) = (dim(a, i), dim(b, i));
        let (d, fits) = join(x, y);
        // Every size at most SMALL_NUMEL, so no product of four overflows
        // (an empty result may have a larger size: the general path's).
        if !fits || d > SMALL_NUMEL {
            return None;
        }
        n[i] = d;
        sa[i] = if x == 1 { 0 } else { ca };
        sb[i] = if y == 1 { 0 } else { cb };
        ca *= x;
        cb *= y;
    }
    let numel = n[0] * n[1] * n[2] * n[3];
    if numel > SMALL_NUMEL {
        return None;
    }
    for i in 0..SMALL_RANK {
        if i < rank {
            out[rank - 1 - i] = n[i];
        }
    }
    // The plan: the axes where they are (a size-1 axis is a loop of one
    // pass), the outer ones folded into the innermost, the row, while it
    // has size 1 or both operands are contiguous across them.
    let mut axes: [PlanAxis; SMALL_RANK] = core::array::from_fn(|i| PlanAxis {
        n: n[i],
        sa: sa[i],
        sb: sb[i],
    });
    for i in 1..SMALL_RANK {
        let (row, next) = (axes[0], axes[i]);
        if row.n == 1 {
            // Its strides are 0 or 1: the operands' sizes inside are 1.
            axes[0] = next;
        } else if next.sa == row.sa * row.n && next.sb == row.sb * row.n {
            axes[0].n = row.n * next.n;
        } else if next.n != 1 {
            break;
        }
        axes[i] = PlanAxis::UNIT;
    }
    let len = [ca, cb];
    Some(SmallPlan { axes, numel, len })
}

/// [`small_plan`] for ranks up to 2 (`out` has room for 2 sizes), the
/// common vector and matrix case, without the loop.
#[inline(always)]
fn plan_2d(a: &[usize], b: &[usize], out: &mut [usize], rank: usize) -> Option<SmallPlan> {
    let (a0, a1, b0, b1) = (dim(a, 0), dim(a, 1), dim(b, 0), dim(b, 1));
    let ((n0, ok0), (n1, ok1)) = (join(a0, b0), join(a1, b1));
    if !(ok0 && ok1 && n0 <= SMALL_NUMEL && n1 <= SMALL_NUMEL && n0 * n1 <= SMALL_NUMEL) {
        return None;
    }
    match rank {
        2 => (out[0], out[1]) = (n1, n0),
        1 => out[0] = n0,
        _ => {}
    }
    // The same plan as the general path's for these ranks.
    let Block { inner, next } = block_2d([n0, n1], [a0, a1], [b0, b1]);
    Some(SmallPlan {
        axes: [inner, next, PlanAxis::UNIT, PlanAxis::UNIT],
        numel: n0 * n1,
        len: [a0 * a1, b0 * b1],
    })
}

/// The commonest small forms, which [`quick_plan`] recognises and
/// [`binary_quick`] dispatches on directly (without matching the plan's
/// strides as [`binary_small`] does). `B` names the operand that is
/// stretched, `a` then has the result's sizes; `A` the other way round.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Quick {
    /// The same sizes: one contiguous row.
    Same,
    /// `[m, n] + [1, n]` or `+ [n]`: `b`'s row for each of `a`'s rows.
    RowB,
    /// `[1, n] + [m, n]`.
    RowA,
    /// `[m, n] + [m, 1]`: one element of `b` for each of `a`'s rows.
    ColumnB,
    /// `[m, 1] + [m, n]`.
    ColumnA,
    /// One element of `b` for all of `a`.
    ScalarB,
    /// One element of `a` for all of `b`.
    ScalarA,
}

/// A [`quick_plan`]: the plan, its form and the result's last two sizes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct QuickPlan {
    plan: SmallPlan,
    form: Quick,
    /// The result's last two sizes (`[1, n]` for a rank-1 result, padded
    /// like the operands; the result's rank is the larger operand rank).
    pub(crate) dims: [usize; 2],
}

impl QuickPlan {
    /// The number of elements of the result.
    #[inline(always)]
    pub(crate) fn numel(&self) -> usize {
        self.plan.numel
    }
}

/// The plan of the commonest small operations, found with fewer tests
/// than [`small_plan`]: ranks at most 2, at most [`SMALL_NUMEL`] elements,
/// one operand with the result's sizes and the other with the same sizes,
/// one row of them (`[m, n] + [1, n]` or `+ [n]`), one column (`[m, n] +
/// [m, 1]`) or one element, either way round (see [`Quick`]). `None` for
/// anything else, which [`small_plan`] plans.
///
/// The result's element count is the full operand's, so nothing here
/// multiplies sizes that have not already been multiplied to build that
/// operand. The plan is one [`small_plan`] could build for these shapes
/// (the same rows, in the same order).
#[inline(always)]
pub(crate) fn quick_plan(a: &[usize], b: &[usize]) -> Option<QuickPlan> {
    if a.len() > 2 || b.len() > 2 {
        return None;
    }
    let (a0, a1, b0, b1) = (dim(a, 0), dim(a, 1), dim(b, 0), dim(b, 1));
    let axis = |n, sa, sb| PlanAxis { n, sa, sb };
    let unit = PlanAxis::UNIT;
    // The usual forms first. A row of one element is left to the scalar
    // forms below (`b0 != 1`), which make it one row, not rows of one.
    let (form, inner, next, dims) = if a0 == b0 && a1 == b1 {
        (Quick::Same, axis(a0 * a1, 1, 1), unit, [a1, a0])
    } else if b1 == 1 && b0 == a0 && b0 != 1 {
        // `a1 != 1`: not the same sizes.
        (Quick::RowB, axis(a0, 1, 1), axis(a1, a0, 0), [a1, a0])
    } else if b0 == 1 && b1 == a1 {
        // `a0 != 1`: not the same sizes.
        (Quick::ColumnB, axis(a0, 1, 0), axis(a1, a0, 1), [a1, a0])
    } else if a1 == 1 && a0 == b0 && a0 != 1 {
        (Quick::RowA, axis(b0, 1, 1), axis(b1, 0, b0), [b1, b0])
    } else if a0 == 1 && a1 == b1 {
        (Quick::ColumnA, axis(b0, 0, 1), axis(b1, 1, b0), [b1, b0])
    } else if b0 == 1 && b1 == 1 {
        (Quick::ScalarB, axis(a0 * a1, 1, 0), unit, [a1, a0])
    } else if a0 == 1 && a1 == 1 {
        (Quick::ScalarA, axis(b0 * b1, 0, 1), unit, [b1, b0])
    } else {
        return None;
    };
    let numel = inner.n * next.n;
    if numel > SMALL_NUMEL {
        return None;
    }
    let len = [a0 * a1, b0 * b1];
    let axes = [inner, next, unit, unit];
    let plan = SmallPlan { axes, numel, len };
    Some(QuickPlan { plan, form, dims })
}

/// [`binary_small`] by a [`quick_plan`], dispatched on its form: the
/// loops [`binary_small`] would choose, without testing the strides.
#[inline(always)]
pub(crate) fn binary_quick<T: Copy, U: Copy>(
    out: &mut [U],
    a: &[T],
    b: &[T],
    q: &QuickPlan,
    f: impl Fn(T, T) -> U,
) {
    let p = &q.plan;
    // What makes every access of `rows` and `blocks` in bounds.
    assert!(out.len() == p.numel && a.len() == p.len[0] && b.len() == p.len[1]);
    if p.numel == 0 {
        return;
    }
    // SAFETY: the row loops only ever write values of `U` into it.
    let out = unsafe { as_uninit(out) };
    let [inner, x1, ..] = p.axes;
    macro_rules! go {
        ($sa:literal, $sb:literal) => {
            rows_of_any_length::<$sa, $sb, T, U>(out, a, b, p, &f)
        };
    }
    // Blocks of four rows where `binary_small` takes them, else rows.
    macro_rules! blocks_or {
        ($form:ident, $sa:literal, $sb:literal) => {{
            if x1.n % 4 == 0 {
                match inner.n {
                    2 => return blocks::<4, 2, { Form::$form as u8 }, T, U>(out, a, b, p, &f),
                    3 => return blocks::<4, 3, { Form::$form as u8 }, T, U>(out, a, b, p, &f),
                    4 => return blocks::<4, 4, { Form::$form as u8 }, T, U>(out, a, b, p, &f),
                    _ => {}
                }
            }
            go!($sa, $sb)
        }};
    }
    match q.form {
        Quick::Same => go!(1, 1),
        Quick::RowB => blocks_or!(HoistB, 1, 1),
        Quick::RowA => blocks_or!(HoistA, 1, 1),
        Quick::ColumnB => blocks_or!(ColumnB, 1, 0),
        Quick::ColumnA => blocks_or!(ColumnA, 0, 1),
        Quick::ScalarB => go!(1, 0),
        Quick::ScalarA => go!(0, 1),
    }
}

/// [`small_plan`] for an operation into an existing output of sizes
/// `out`: the plan if `a` and `b` broadcast to exactly `out`.
#[inline(always)]
pub(crate) fn small_plan_onto(a: &[usize], b: &[usize], out: &[usize]) -> Option<SmallPlan> {
    let mut dims = [0; SMALL_RANK];
    let p = small_plan(a, b, &mut dims)?;
    let sizes = &dims[..a.len().max(b.len())];
    (sizes.len() == out.len() && sizes.iter().zip(out).all(|(x, y)| x == y)).then_some(p)
}

/// `out = f(a, b)` by the plan `p` that [`small_plan`] built from the
/// sizes of `a` and `b`. Panics if the lengths of `out`, `a` or `b` are
/// not those of the sizes (a broken invariant of the caller).
#[inline(always)]
pub(crate) fn binary_small<T: Copy, U: Copy>(
    out: &mut [U],
    a: &[T],
    b: &[T],
    p: &SmallPlan,
    f: impl Fn(T, T) -> U,
) {
    // SAFETY: the row loops only ever write values of `U` into it.
    binary_small_uninit(unsafe { as_uninit(out) }, a, b, p, f);
}

/// `f(a, b)` by the plan `p` in a new `Vec`, written straight into its
/// capacity: a result too large to be inline is not zeroed first.
#[inline(always)]
pub(crate) fn binary_small_vec<T: Copy, U: Copy>(
    a: &[T],
    b: &[T],
    p: &SmallPlan,
    f: impl Fn(T, T) -> U,
) -> Vec<U> {
    let mut v = Vec::with_capacity(p.numel);
    binary_small_uninit(&mut v.spare_capacity_mut()[..p.numel], a, b, p, f);
    // SAFETY: `binary_small_uninit` wrote each of the plan's `numel`
    // elements (its rows or blocks cover the result, or it is the one
    // element written at the end); `numel` is within the capacity.
    unsafe { v.set_len(p.numel) };
    v
}

/// `out = f(out, b)` in place, by the plan `p` that [`small_plan`] built
/// from the sizes of `out` and `b` (which broadcasts to them). `out`'s
/// elements are copied to the stack first (at most [`SMALL_NUMEL`]), so
/// that the kernel reads its left operand apart from the memory it writes.
#[inline(always)]
pub(crate) fn assign_small<T: Copy>(out: &mut [T], b: &[T], p: &SmallPlan, f: impl Fn(T, T) -> T) {
    let n = out.len().min(SMALL_NUMEL);
    let mut copy = [MaybeUninit::<T>::uninit(); SMALL_NUMEL];
    for (c, &x) in copy[..n].iter_mut().zip(out.iter()) {
        c.write(x);
    }
    // SAFETY: the first `n` elements of `copy` were written just above.
    let a = unsafe { slice::from_raw_parts(copy.as_ptr().cast::<T>(), n) };
    // `binary_small` checks that `n` is `out`'s length, the plan's count.
    binary_small(out, a, b, p, f);
}

/// [`binary_small`] into memory that may be uninitialised: every element
/// of `out` is written.
#[inline(always)]
fn binary_small_uninit<T: Copy, U: Copy>(
    out: &mut [MaybeUninit<U>],
    a: &[T],
    b: &[T],
    p: &SmallPlan,
    f: impl Fn(T, T) -> U,
) {
    // What makes every access of `rows` and `blocks` in bounds.
    assert!(out.len() == p.numel && a.len() == p.len[0] && b.len() == p.len[1]);
    if p.numel == 0 {
        return;
    }
    let [inner, x1, ..] = p.axes;
    // Short rows: four of them at once, a block `[4, inner.n]`, when one
    // operand's row (or element) is the same for every row (for every
    // element of a row) of the block: see `Form`. (Blocks of two rows
    // would pay at run time, but cost compile time: see the module doc.)
    if x1.n % 4 == 0 {
        let n0 = inner.n;
        macro_rules! blocks {
            ($form:ident) => {
                match n0 {
                    2 => return blocks::<4, 2, { Form::$form as u8 }, T, U>(out, a, b, p, &f),
                    3 => return blocks::<4, 3, { Form::$form as u8 }, T, U>(out, a, b, p, &f),
                    4 => return blocks::<4, 4, { Form::$form as u8 }, T, U>(out, a, b, p, &f),
                    _ => {}
                }
            };
        }
        // The strides along axis 0, then along axis 1.
        match (inner.sa, inner.sb, x1.sa, x1.sb) {
            (0, 1, 1, 0) => blocks!(OuterA),
            (1, 0, 0, 1) => blocks!(OuterB),
            (1, 1, s, 0) if s == n0 => blocks!(HoistB),
            (1, 1, 0, s) if s == n0 => blocks!(HoistA),
            (1, 0, s, 1) if s == n0 => blocks!(ColumnB),
            (0, 1, 1, s) if s == n0 => blocks!(ColumnA),
            _ => {}
        }
    }
    macro_rules! go {
        ($sa:literal, $sb:literal) => {
            rows_of_any_length::<$sa, $sb, T, U>(out, a, b, p, &f)
        };
    }
    match (inner.sa, inner.sb) {
        (1, 1) => go!(1, 1),
        (1, _) => go!(1, 0),
        (_, 1) => go!(0, 1),
        // No operand moves along the row: the result has one element.
        _ => {
            out[0].write(f(a[0], b[0]));
        }
    }
}

/// [`rows`] for the plan's row length (`p.axes[0].n`): rows of 2 to 4
/// elements as fixed arrays, longer ones by the general loop.
#[inline(always)]
fn rows_of_any_length<const SA: usize, const SB: usize, T: Copy, U: Copy>(
    out: &mut [MaybeUninit<U>],
    a: &[T],
    b: &[T],
    p: &SmallPlan,
    f: &impl Fn(T, T) -> U,
) {
    match p.axes[0].n {
        2 => rows::<2, SA, SB, T, U>(out, a, b, p, f),
        3 => rows::<3, SA, SB, T, U>(out, a, b, p, f),
        4 => rows::<4, SA, SB, T, U>(out, a, b, p, f),
        _ => rows::<0, SA, SB, T, U>(out, a, b, p, f),
    }
}

/// Every row of the plan `p`, rows of `N` elements (`N = 0`: the plan's
/// row length, at run time), `a` moving along them when `SA` is 1, `b`
/// when `SB` is 1. The lengths are those [`binary_small`] checked.
#[inline(never)]
fn rows<const N: usize, const SA: usize, const SB: usize, T: Copy, U: Copy>(
    out: &mut [MaybeUninit<U>],
    a: &[T],
    b: &[T],
    p: &SmallPlan,
    f: &impl Fn(T, T) -> U,
) {
    let len = if N == 0 { p.axes[0].n } else { N };
    let (o, pa, pb) = (out.as_mut_ptr().cast::<U>(), a.as_ptr(), b.as_ptr());
    walk::<1, false>(p, len, move |k, ia, ib| {
        // SAFETY: `walk` gives the rows of the plan, in row-major order:
        // this one fills `out[k..k + len]`, in bounds as `out` holds the
        // plan's `numel` elements; `ia` and `ib` are the operands' offsets
        // of the row's first elements, at most the product of the
        // operand's sizes minus one, `a.len() - 1` and `b.len() - 1`
        // (`binary_small` checked the lengths), and so are the offsets
        // `row` reads along the row (the operand's stride along it, 0 or
        // 1, times `j < len`: offsets of the plan's elements too).
        unsafe { row::<N, SA, SB, T, U>(o.add(k), len, pa.add(ia), pb.add(ib), f) };
    });
}

/// Every unit of `len` elements of the plan `p`: `unit(k, ia, ib)` for the
/// unit at `out[k..k + len]` whose first elements are `a[ia]` and `b[ib]`,
/// in row-major order. A unit is a row (`STEP = 1`) or `STEP` rows, whose
/// number divides axis 1's length. With `SPLIT`, the units after the first
/// are out of line, with the loop's set-up: for blocks, often a single one.
#[inline(always)]
fn walk<const STEP: usize, const SPLIT: bool>(
    p: &SmallPlan,
    len: usize,
    mut unit: impl FnMut(usize, usize, usize),
) {
    unit(0, 0, 0);
    if len != p.numel {
        if SPLIT {
            walk_rest::<STEP>(p, len, unit);
        } else {
            walk_loop::<STEP>(p, len, unit);
        }
    }
}

/// [`walk_loop`] out of line.
#[inline(never)]
fn walk_rest<const STEP: usize>(p: &SmallPlan, len: usize, unit: impl FnMut(usize, usize, usize)) {
    walk_loop::<STEP>(p, len, unit);
}

/// [`walk`] from the second unit on.
///
/// One flat loop, the offsets carried to the next axis out when one ends:
/// nested loops let LLVM vectorise across units, whose set-up costs more
/// than a few short units.
#[inline(always)]
fn walk_loop<const STEP: usize>(
    p: &SmallPlan,
    len: usize,
    mut unit: impl FnMut(usize, usize, usize),
) {
    let [_, x1, x2, x3] = p.axes;
    // Axis 1 in steps of `STEP` rows.
    let x1 = PlanAxis {
        n: x1.n / STEP,
        sa: x1.sa * STEP,
        sb: x1.sb * STEP,
    };
    // An axis of one block (blocks of all of axis 1, the usual case) would
    // carry at every unit: the next one counts. (Rows seldom meet a size-1
    // axis, which the plan leaves in place: for them it costs more than it
    // saves.) The outermost axis is not counted: the end is `numel`.
    let [x1, x2, x3] = if STEP > 1 && x1.n == 1 {
        [x2, x3, PlanAxis::UNIT]
    } else {
        [x1, x2, x3]
    };
    // What the offsets move by at the end of axis 1 and of axis 2
    // (wrapping: they move back; the sums stay offsets in bounds).
    let back = |s: usize, x: PlanAxis, t: usize| t.wrapping_sub(s.wrapping_mul(x.n));
    let (wa1, wb1) = (back(x1.sa, x1, x2.sa), back(x1.sb, x1, x2.sb));
    let (wa2, wb2) = (back(x2.sa, x2, x3.sa), back(x2.sb, x2, x3.sb));
    let (mut ia, mut ib, mut c1, mut c2) = (0usize, 0usize, x1.n, x2.n);
    let mut k = len;
    loop {
        ia = ia.wrapping_add(x1.sa);
        ib = ib.wrapping_add(x1.sb);
        c1 -= 1;
        if c1 == 0 {
            c1 = x1.n;
            ia = ia.wrapping_add(wa1);
            ib = ib.wrapping_add(wb1);
            c2 -= 1;
            if c2 == 0 {
                c2 = x2.n;
                ia = ia.wrapping_add(wa2);
                ib = ib.wrapping_add(wb2);
            }
        }
        unit(k, ia, ib);
        k += len;
        if k == p.numel {
            return;
        }
    }
}

/// One row: `o[j] = f(a[j * SA], b[j * SB])` for `j < len` (`len = N`
/// unless `N` is 0).
///
/// # Safety
///
/// `o` is valid for `len` writes, `a` for `len` reads if `SA` is 1 (one
/// read if 0), `b` likewise, and `o` overlaps neither.
#[inline(always)]
unsafe fn row<const N: usize, const SA: usize, const SB: usize, T: Copy, U: Copy>(
    o: *mut U,
    len: usize,
    a: *const T,
    b: *const T,
    f: &impl Fn(T, T) -> U,
) {
    if N != 0 {
        // SAFETY: by the caller's contract; `[T; N]` has the alignment of
        // `T`, so the pointers are aligned for it. Written element by
        // element: LLVM combines the stores (an array returned whole goes
        // through integer registers).
        unsafe {
            match (SA, SB) {
                (1, 1) => {
                    let (x, y) = (*(a as *const [T; N]), *(b as *const [T; N]));
                    for j in 0..N {
                        *o.add(j) = f(x[j], y[j]);
                    }
                }
                (1, _) => {
                    let (x, y) = (*(a as *const [T; N]), *b);
                    for (j, &x) in x.iter().enumerate() {
                        *o.add(j) = f(x, y);
                    }
                }
                _ => {
                    let (x, y) = (*a, *(b as *const [T; N]));
                    for (j, &y) in y.iter().enumerate() {
                        *o.add(j) = f(x, y);
                    }
                }
            }
        }
        return;
    }
    for j in 0..len {
        // SAFETY: `j < len`, by the caller's contract.
        unsafe { *o.add(j) = f(*a.add(j * SA), *b.add(j * SB)) };
    }
}

/// How the operands move over a block of `K` rows, `[K, n0]` (`k` along
/// the plan's axis 1, `l` along its axis 0), so that one operand's row is
/// loaded once per block.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum Form {
    /// `out[k][l] = f(a[k], b[l])`: `a` moves along axis 1 only (by 1),
    /// `b` along axis 0 only.
    OuterA,
    /// `out[k][l] = f(a[l], b[k])`.
    OuterB,
    /// `out[k][l] = f(a[k][l], b[l])`: `a` contiguous over the block, `b`
    /// the same row for every `k`.
    HoistB,
    /// `out[k][l] = f(a[l], b[k][l])`.
    HoistA,
    /// `out[k][l] = f(a[k][l], b[k])`: `a` contiguous over the block, `b`
    /// one element for each row.
    ColumnB,
    /// `out[k][l] = f(a[k], b[k][l])`.
    ColumnA,
}

/// Every block of `K` rows of `N0` of the plan `p`, the rows of the form
/// `FORM` (a [`Form`] as `u8`; `binary_small` matched it to the plan's
/// first two axes, whose axis 1 has a multiple of `K` rows). The lengths
/// are those [`binary_small`] checked.
#[inline(never)]
fn blocks<const K: usize, const N0: usize, const FORM: u8, T: Copy, U: Copy>(
    out: &mut [MaybeUninit<U>],
    a: &[T],
    b: &[T],
    p: &SmallPlan,
    f: &impl Fn(T, T) -> U,
) {
    let (o, pa, pb) = (out.as_mut_ptr().cast::<U>(), a.as_ptr(), b.as_ptr());
    let swap = |x, y| f(y, x);
    walk::<K, true>(p, K * N0, move |k, ia, ib| {
        // SAFETY: `walk` gives the blocks of the plan, in row-major order:
        // this one fills `out[k..k + K * N0]`, in bounds as `out` holds
        // the plan's `numel` elements. `ia` and `ib` are the operands'
        // offsets of the block's first elements; the further offsets read
        // are those of the block's other elements, by the strides that
        // `binary_small` matched to the form (along axis 0: 1 or 0; along
        // axis 1: 1 for an operand stretched along axis 0, `N0` for one
        // moving along it, 0 for the row read once): offsets of the plan's
        // elements, each below the product of the operand's sizes,
        // `a.len()` or `b.len()` (`binary_small` checked them).
        unsafe {
            let (o, a, b) = (o.add(k), pa.add(ia), pb.add(ib));
            if FORM == Form::OuterA as u8 {
                outer::<K, N0, T, U>(o, a, b, f);
            } else if FORM == Form::OuterB as u8 {
                outer::<K, N0, T, U>(o, b, a, &swap);
            } else if FORM == Form::HoistB as u8 {
                hoisted::<K, N0, T, U>(o, a, b, f);
            } else if FORM == Form::HoistA as u8 {
                hoisted::<K, N0, T, U>(o, b, a, &swap);
            } else if FORM == Form::ColumnB as u8 {
                column::<K, N0, T, U>(o, a, b, f);
            } else {
                column::<K, N0, T, U>(o, b, a, &swap);
            }
        }
    });
}

/// An outer block: `o[k * N0 + l] = g(x[k], y[l])` for `k < K`, `l < N0`.
///
/// # Safety
///
/// `o` is valid for `K * N0` writes, `x` for `K` reads, `y` for `N0`, and
/// `o` overlaps neither.
#[inline(always)]
unsafe fn outer<const K: usize, const N0: usize, T: Copy, U: Copy>(
    o: *mut U,
    x: *const T,
    y: *const T,
    g: &impl Fn(T, T) -> U,
) {
    // SAFETY: by the caller's contract (`k * N0 + l < K * N0`); arrays
    // of `T` have the alignment of `T`.
    unsafe {
        let (x, y) = (*(x as *const [T; K]), *(y as *const [T; N0]));
        for (k, &x) in x.iter().enumerate() {
            for (l, &y) in y.iter().enumerate() {
                *o.add(k * N0 + l) = g(x, y);
            }
        }
    }
}

/// A block with one row for all: `o[k * N0 + l] = g(x[k * N0 + l], y[l])`
/// for `k < K`, `l < N0`.
///
/// # Safety
///
/// `o` is valid for `K * N0` writes, `x` for `K * N0` reads, `y` for
/// `N0`, and `o` overlaps neither.
#[inline(always)]
unsafe fn hoisted<const K: usize, const N0: usize, T: Copy, U: Copy>(
    o: *mut U,
    x: *const T,
    y: *const T,
    g: &impl Fn(T, T) -> U,
) {
    // SAFETY: by the caller's contract (`k * N0 + l < K * N0`); arrays
    // of `T` have the alignment of `T`.
    unsafe {
        let (x, y) = (*(x as *const [[T; N0]; K]), *(y as *const [T; N0]));
        for (k, x) in x.iter().enumerate() {
            for l in 0..N0 {
                *o.add(k * N0 + l) = g(x[l], y[l]);
            }
        }
    }
}

/// A block with one element for each row: `o[k * N0 + l] = g(x[k * N0 +
/// l], y[k])` for `k < K`, `l < N0`.
///
/// # Safety
///
/// `o` is valid for `K * N0` writes, `x` for `K * N0` reads, `y` for `K`,
/// and `o` overlaps neither.
#[inline(always)]
unsafe fn column<const K: usize, const N0: usize, T: Copy, U: Copy>(
    o: *mut U,
    x: *const T,
    y: *const T,
    g: &impl Fn(T, T) -> U,
) {
    // SAFETY: by the caller's contract (`k * N0 + l < K * N0`); arrays
    // of `T` have the alignment of `T`.
    unsafe {
        let (x, y) = (*(x as *const [[T; N0]; K]), *(y as *const [T; K]));
        for (k, (x, &y)) in x.iter().zip(&y).enumerate() {
            for (l, &x) in x.iter().enumerate() {
                *o.add(k * N0 + l) = g(x, y);
            }
        }
    }
}
