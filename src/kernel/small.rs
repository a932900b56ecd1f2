//! Small runtime operations: two operands of rank at most [`SMALL_RANK`]
//! and a result of at most [`SMALL_NUMEL`] elements, broadcast in one pass
//! over at most four axes and computed by a fixed-depth loop.
//!
//! For such operations the general path's fixed costs (a plan of up to
//! eight axes, an odometer, a dispatch per block of rows) were most of the
//! time: `[4, 3] + [1, 3]` on `DynTensor`s took about 490 instructions
//! there, for 12 additions. Here the shape check, the output's sizes, each
//! operand's strides (0 where stretched) and the merging of contiguous
//! axes are one pass in registers, and the rows are written by one of a
//! few loops chosen once per operation, by the rows' form (which operand
//! moves along them) and their length (2, 3 and 4 as fixed-size arrays,
//! which LLVM turns into a few vector instructions; longer rows as a
//! plain loop).
//!
//! The rows read and write through pointers whose bounds follow from the
//! operands' lengths, checked once: with bounds-checked slices instead,
//! callgrind counted 519 instructions against 459 for `[4, 3] + [1, 3]`
//! and 2294 against 1510 for `[5, 3, 4, 1] + [3, 1, 2]` (rows of 2).
//!
//! Anything else (a mismatch, whose error the general path words; a
//! higher rank; more elements) is left to the general kernel: [`small_plan`]
//! returns `None`.

use super::plan::{Block, PlanAxis, block_2d};

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
    // Each axis from the innermost, in registers (every index below is a
    // constant once the loops are unrolled): its size and the operands'
    // strides, 0 where an operand's size is 1.
    let (mut n, mut sa, mut sb) = ([1usize; SMALL_RANK], [0usize; SMALL_RANK], [0; SMALL_RANK]);
    let (mut ca, mut cb, mut ok) = (1usize, 1usize, true);
    for i in 0..SMALL_RANK {
        let (x, y) = (dim(a, i), dim(b, i));
        let (d, fits) = join(x, y);
        // Every size at most SMALL_NUMEL, so no product of four overflows
        // (an empty result may have a larger size: the general path's).
        ok &= fits & (d <= SMALL_NUMEL);
        n[i] = d;
        sa[i] = if x == 1 { 0 } else { ca };
        sb[i] = if y == 1 { 0 } else { cb };
        ca = ca.wrapping_mul(x);
        cb = cb.wrapping_mul(y);
    }
    let numel = n[0] * n[1] * n[2] * n[3];
    if !ok || numel > SMALL_NUMEL {
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

/// Whether `out` is the result's shape `sizes`, as [`small_plan`]
/// computed it (for operations into an existing output).
#[inline(always)]
pub(crate) fn same_sizes(sizes: &[usize], out: &[usize]) -> bool {
    sizes.len() == out.len() && sizes.iter().zip(out).all(|(x, y)| x == y)
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
    // What makes every access of `rows` in bounds.
    assert!(out.len() == p.numel && a.len() == p.len[0] && b.len() == p.len[1]);
    if p.numel == 0 {
        return;
    }
    let inner = p.axes[0];
    macro_rules! go {
        ($sa:literal, $sb:literal) => {
            match inner.n {
                2 => rows::<2, $sa, $sb, T, U>(out, a, b, p, &f),
                3 => rows::<3, $sa, $sb, T, U>(out, a, b, p, &f),
                4 => rows::<4, $sa, $sb, T, U>(out, a, b, p, &f),
                _ => rows::<0, $sa, $sb, T, U>(out, a, b, p, &f),
            }
        };
    }
    match (inner.sa, inner.sb) {
        (1, 1) => go!(1, 1),
        (1, _) => go!(1, 0),
        (_, 1) => go!(0, 1),
        // No operand moves along the row: the result has one element.
        _ => out[0] = f(a[0], b[0]),
    }
}

/// Every row of the plan `p`, rows of `N` elements (`N = 0`: the plan's
/// row length, at run time), `a` moving along them when `SA` is 1, `b`
/// when `SB` is 1. The lengths are those [`binary_small`] checked.
#[inline(never)]
fn rows<const N: usize, const SA: usize, const SB: usize, T: Copy, U: Copy>(
    out: &mut [U],
    a: &[T],
    b: &[T],
    p: &SmallPlan,
    f: &impl Fn(T, T) -> U,
) {
    let [inner, x1, x2, _] = p.axes;
    let len = if N == 0 { inner.n } else { N };
    // One flat loop over the rows, the offsets carried to the next axis
    // out when one ends: nested loops let LLVM vectorise across rows,
    // whose set-up costs more than a few short rows.
    // What the offsets move by at the end of axis 1 and of axis 2
    // (wrapping: they move back; the sums stay offsets in bounds).
    let back = |s: usize, x: PlanAxis, t: usize| t.wrapping_sub(s.wrapping_mul(x.n));
    let (wa1, wb1) = (back(x1.sa, x1, x2.sa), back(x1.sb, x1, x2.sb));
    let (wa2, wb2) = (back(x2.sa, x2, p.axes[3].sa), back(x2.sb, x2, p.axes[3].sb));
    let (o, pa, pb) = (out.as_mut_ptr(), a.as_ptr(), b.as_ptr());
    let (mut ia, mut ib, mut c1, mut c2) = (0usize, 0usize, x1.n, x2.n);
    let mut k = 0;
    loop {
        // SAFETY: the rows are the plan's, in row-major order: this one
        // fills `out[k..k + len]`, in bounds as `out` holds the plan's
        // `numel` elements; `ia` and `ib` are the operands' offsets of the
        // row's first elements, at most the product of the operand's sizes
        // minus one, `a.len() - 1` and `b.len() - 1` (`binary_small`
        // checked the lengths).
        unsafe { row::<N, SA, SB, T, U>(o.add(k), len, pa.add(ia), pb.add(ib), f) };
        k += len;
        if k == p.numel {
            return;
        }
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
