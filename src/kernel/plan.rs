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

/// A plan being built from the innermost axis outward: the axis in
/// progress is kept out of `axes` until the next one cannot merge into it.
/// Every plan builder (static shapes, runtime pairs, strided views) walks
/// its shapes its own way and hands each axis of length above 1 to
/// [`push`](Self::push).
pub(super) struct Merging {
    cur: PlanAxis,
    count: usize,
}

impl Merging {
    pub(super) const NEW: Merging = Merging {
        cur: PlanAxis::UNIT,
        count: 0,
    };

    /// The next axis outward (`next.n > 1`), merged into the one inside
    /// when every operand is contiguous across both.
    #[inline(always)]
    pub(super) const fn push(&mut self, axes: &mut [PlanAxis], next: PlanAxis) {
        let cur = self.cur;
        if cur.n != 1
            && cur.sa.wrapping_mul(cur.n) == next.sa
            && cur.sb.wrapping_mul(cur.n) == next.sb
        {
            self.cur.n = cur.n.wrapping_mul(next.n);
        } else {
            if cur.n != 1 {
                axes[self.count] = cur;
                self.count += 1;
            }
            self.cur = next;
        }
    }

    /// The plan's length: the last axis stored, then length-1 axes up to
    /// two, so that every plan is made of blocks.
    #[inline(always)]
    pub(super) const fn finish(mut self, axes: &mut [PlanAxis]) -> usize {
        if self.cur.n != 1 {
            axes[self.count] = self.cur;
            self.count += 1;
        }
        while self.count < 2 {
            axes[self.count] = PlanAxis::UNIT;
            self.count += 1;
        }
        self.count
    }
}

/// The two innermost axes of a plan: `next.n` rows of `inner.n` elements.
#[derive(Clone, Copy, Debug)]
pub struct Block {
    pub(super) inner: PlanAxis,
    pub(super) next: PlanAxis,
}

/// Runtime plans of up to this many axes live on the stack; more take a `Vec`.
pub(crate) const INLINE_AXES: usize = 8;

/// The plan of a runtime operation on two operands, on the stack: filled
/// by [`pair_plan`] while it checks the shapes.
pub(crate) type PairAxes = [PlanAxis; INLINE_AXES];

/// Empty [`PairAxes`] for [`pair_plan`] to fill (zeros: set in registers,
/// where a constant of other values is copied from memory).
pub(crate) const PAIR_AXES: PairAxes = [PlanAxis { n: 0, sa: 0, sb: 0 }; INLINE_AXES];

/// Two runtime shapes broadcast together in one pass from the right: the
/// shape check, the output sizes (written into `out`, the first
/// `max(a.len(), b.len())`), the element count and the kernel's plan
/// (written into `axes`, as [`plan`] builds it). Returns the plan's length
/// (at least 2) and the element count. For small operations these fixed
/// costs are most of the time, so they are paid once, with nothing
/// allocated.
///
/// `None` when the sizes do not broadcast, the rank exceeds
/// [`INLINE_AXES`] or the element count overflows: the caller's general
/// path then reports the error or handles the shape.
#[inline(always)]
pub(crate) fn pair_plan(
    a: &[usize],
    b: &[usize],
    out: &mut [usize; INLINE_AXES],
    axes: &mut PairAxes,
) -> Option<(usize, usize)> {
    let rank = a.len().max(b.len());
    if rank > INLINE_AXES {
        return None;
    }
    if rank <= 2 {
        // Vectors and matrices, the common case: worked out in registers.
        let dim = |s: &[usize], i: usize| if i < s.len() { s[s.len() - 1 - i] } else { 1 };
        let join = |x: usize, y: usize| match (x, y) {
            _ if x == y || y == 1 => Some(x),
            (1, _) => Some(y),
            _ => None,
        };
        let (a2, b2) = ([dim(a, 1), dim(a, 0)], [dim(b, 1), dim(b, 0)]);
        let o2 = [join(a2[0], b2[0])?, join(a2[1], b2[1])?];
        let numel = o2[0].checked_mul(o2[1])?;
        match rank {
            2 => (out[0], out[1]) = (o2[0], o2[1]),
            1 => out[0] = o2[1],
            _ => {}
        }
        let block = plan_2d(&o2, &a2, &b2);
        (axes[0], axes[1]) = (block.inner, block.next);
        return Some((2, numel));
    }
    let (pa, pb) = (rank - a.len(), rank - b.len());
    let (mut numel, mut overflow) = (1usize, false);
    let (mut ca, mut cb) = (1usize, 1usize); // contiguous strides so far
    let mut plan = Merging::NEW;
    for i in (0..rank).rev() {
        let x = if i >= pa { a[i - pa] } else { 1 };
        let y = if i >= pb { b[i - pb] } else { 1 };
        let n = if x == y || y == 1 {
            x
        } else if x == 1 {
            y
        } else {
            return None;
        };
        out[i] = n;
        let (m, o) = numel.overflowing_mul(n);
        (numel, overflow) = (m, overflow | o);
        if n == 1 {
            continue;
        }
        let sa = if x == 1 { 0 } else { ca };
        let sb = if y == 1 { 0 } else { cb };
        // No overflow here unless `numel` overflows too (then unused).
        ca = ca.wrapping_mul(x);
        cb = cb.wrapping_mul(y);
        plan.push(axes, PlanAxis { n, sa, sb });
    }
    if overflow {
        return None;
    }
    Some((plan.finish(axes), numel))
}

/// Fills `axes` (innermost first) for `a` and `b` broadcast to `out`, and
/// returns how many there are: at least 2, padded with length-1 axes, so
/// that every plan is made of blocks. `axes` needs `out.len() + 2` entries.
#[inline]
pub const fn plan(out: &[usize], a: &[usize], b: &[usize], axes: &mut [PlanAxis]) -> usize {
    plan_prefix((out, out.len()), (a, a.len()), (b, b.len()), axes)
}

/// Sizes as the first `.1` entries of `.0`: how the compile-time plans
/// read a static shape's sizes, its fixed buffer and length
/// ([`Dims`](crate::shape::Dims)). Taking the slice of the first entries
/// is a chain of calls for rustc's constant evaluator: about half the cost
/// of an unrolled operation's plan, which a release build evaluates for
/// every small operation.
pub type Prefix<'a> = (&'a [usize], usize);

/// [`plan`] of sizes given as [`Prefix`]es.
#[inline]
pub(super) const fn plan_prefix(
    (out, rank): Prefix,
    (a, a_len): Prefix,
    (b, b_len): Prefix,
    axes: &mut [PlanAxis],
) -> usize {
    // How many implicit leading 1s each operand has.
    let (pa, pb) = (rank.saturating_sub(a_len), rank.saturating_sub(b_len));
    let (mut ca, mut cb) = (1usize, 1usize); // contiguous strides so far
    let mut plan = Merging::NEW;
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
        plan.push(axes, PlanAxis { n, sa, sb });
    }
    plan.finish(axes)
}

/// Calls `block(a_offset, b_offset)` for every block, in row-major order,
/// given the axes outside the innermost two (innermost first). The first
/// of them is a plain loop, the others an odometer (on the stack up to
/// [`INLINE_AXES`] of them): one step per pass of that loop, and no
/// recursion, so that `block` is inlined and a small block costs its rows
/// and little else.
#[inline(always)]
pub(super) fn for_each_block(
    outer: &[PlanAxis],
    oa: usize,
    ob: usize,
    block: &mut impl FnMut(usize, usize),
) {
    // One call of `block` in the code, so that it is inlined.
    let (first, rest) = match outer.split_first() {
        Some((first, rest)) => (*first, rest),
        None => (PlanAxis::UNIT, outer),
    };
    // Plans of non-empty outputs only: no axis has length 0.
    debug_assert!(outer.iter().all(|x| x.n != 0));
    let (mut small, mut large) = ([0usize; INLINE_AXES], alloc::vec::Vec::new());
    let index = match small.get_mut(..rest.len()) {
        Some(index) => index,
        None => {
            large.resize(rest.len(), 0usize);
            &mut large[..]
        }
    };
    let (mut ia, mut ib) = (oa, ob);
    loop {
        let (mut ja, mut jb) = (ia, ib);
        for _ in 0..first.n {
            block(ja, jb);
            ja += first.sa;
            jb += first.sb;
        }
        // The next position of the axes outside: the first that has not
        // reached its end moves on, those inside it go back to 0.
        let mut k = 0;
        loop {
            let (Some(axis), Some(i)) = (rest.get(k), index.get_mut(k)) else {
                return;
            };
            *i += 1;
            if *i < axis.n {
                ia += axis.sa;
                ib += axis.sb;
                break;
            }
            *i = 0;
            ia -= axis.sa * (axis.n - 1);
            ib -= axis.sb * (axis.n - 1);
            k += 1;
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
    block_2d(
        [dim(out, 0), dim(out, 1)],
        [dim(a, 0), dim(a, 1)],
        [dim(b, 0), dim(b, 1)],
    )
}

/// [`plan_2d`] from the sizes themselves, innermost first: the output's
/// `n`, the operands' `a` and `b`.
#[inline(always)]
pub(super) fn block_2d(n: [usize; 2], a: [usize; 2], b: [usize; 2]) -> Block {
    let [n0, n1] = n;
    let mut inner = PlanAxis {
        n: n0,
        sa: (a[0] != 1) as usize,
        sb: (b[0] != 1) as usize,
    };
    let mut next = PlanAxis {
        n: n1,
        sa: if a[1] == 1 { 0 } else { a[0] },
        sb: if b[1] == 1 { 0 } else { b[0] },
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
