//! The runtime plan: shapes turned into a short list of axes (size-1 axes
//! dropped, adjacent axes merged where every operand is contiguous across
//! them), the innermost two of which form a block of rows.

/// One axis of a plan: its length and each operand's stride along it.
#[derive(Clone, Copy, Debug)]
pub struct PlanAxis {
    pub(super) n: usize,
    pub(super) sa: usize,
    pub(super) sb: usize,
}

impl PlanAxis {
    pub(super) const UNIT: PlanAxis = PlanAxis { n: 1, sa: 0, sb: 0 };
}

/// The two innermost axes of a plan: `next.n` rows of `inner.n` elements.
#[derive(Clone, Copy, Debug)]
pub struct Block {
    pub(super) inner: PlanAxis,
    pub(super) next: PlanAxis,
}

/// Runtime plans of up to this many axes live on the stack; more take a `Vec`.
pub(super) const INLINE_AXES: usize = 8;

/// Fills `axes` (innermost first) for `a` and `b` broadcast to `out`, and
/// returns how many there are: at least 2, padded with length-1 axes, so
/// that every plan is made of blocks. `axes` needs `out.len() + 2` entries.
#[inline]
pub const fn plan(out: &[usize], a: &[usize], b: &[usize], axes: &mut [PlanAxis]) -> usize {
    let rank = out.len();
    // How many implicit leading 1s each operand has.
    let (pa, pb) = (rank.saturating_sub(a.len()), rank.saturating_sub(b.len()));
    let (mut ca, mut cb) = (1usize, 1usize); // contiguous strides so far
    // The axis being built: kept out of `axes` until the next one cannot
    // merge into it. `n == 1` means there is none yet.
    let mut cur = PlanAxis::UNIT;
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
            cur = PlanAxis { n, sa, sb };
        }
    }
    if cur.n != 1 {
        axes[count] = cur;
        count += 1;
    }
    while count < 2 {
        axes[count] = PlanAxis::UNIT;
        count += 1;
    }
    count
}

/// Calls `block(a_offset, b_offset)` for every block, in row-major order,
/// given the axes outside the innermost two (outermost last). The innermost
/// of them is a plain loop, the others recurse.
pub(super) fn for_each_block(
    outer: &[PlanAxis],
    oa: usize,
    ob: usize,
    block: &mut impl FnMut(usize, usize),
) {
    let (axis, rest) = match outer.split_last() {
        Some((axis, rest)) => (*axis, rest),
        None => (PlanAxis::UNIT, outer),
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
pub(super) fn with_plan<R>(
    out_dims: &[usize],
    a_dims: &[usize],
    b_dims: &[usize],
    f: impl FnOnce(&[PlanAxis]) -> R,
) -> R {
    if out_dims.len() <= INLINE_AXES {
        let mut buf = [PlanAxis::UNIT; INLINE_AXES + 2];
        let n = plan(out_dims, a_dims, b_dims, &mut buf);
        f(&buf[..n])
    } else {
        let mut buf = alloc::vec![PlanAxis::UNIT; out_dims.len() + 2];
        let n = plan(out_dims, a_dims, b_dims, &mut buf);
        f(&buf[..n])
    }
}

/// The plan of shapes of rank at most 2 (`out.len() <= 2`), as [`plan`]
/// computes it, without its loop: the common matrix and vector cases.
#[inline(always)]
pub(super) fn plan_2d(out: &[usize], a: &[usize], b: &[usize]) -> Block {
    let dim = |s: &[usize], i: usize| if i < s.len() { s[s.len() - 1 - i] } else { 1 };
    let (n0, n1) = (dim(out, 0), dim(out, 1));
    let (a0, b0) = (dim(a, 0), dim(b, 0));
    let mut inner = PlanAxis {
        n: n0,
        sa: (a0 != 1) as usize,
        sb: (b0 != 1) as usize,
    };
    let mut next = PlanAxis {
        n: n1,
        sa: if dim(a, 1) == 1 { 0 } else { a0 },
        sb: if dim(b, 1) == 1 { 0 } else { b0 },
    };
    if n1 == 1 {
        next = PlanAxis::UNIT;
    } else if n0 == 1 {
        // The outer axis is the only one: it becomes the row (its strides
        // are 0 or 1, as the operands' inner sizes are 1).
        (inner, next) = (next, PlanAxis::UNIT);
    } else if next.sa == inner.sa * n0 && next.sb == inner.sb * n0 {
        // Contiguous for every operand: one row.
        inner.n = n0 * n1;
        next = PlanAxis::UNIT;
    }
    Block { inner, next }
}
