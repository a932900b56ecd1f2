//! The loop every contraction that is not a matrix product runs: one or
//! two operands read through strides (a stride per label, 0 where the
//! operand does not vary along it), the output written in order, the
//! summed labels innermost. Nothing is copied to permute, take a diagonal
//! or broadcast: those are strides.

use alloc::vec::Vec;

use crate::element::Element;
use crate::kernel::Odometer;

/// The most output or summed dimensions one loop takes (the engine checks).
pub(crate) const MAX_DIMS: usize = 128;

/// One operand of [`strided`]: its elements, its stride along each output
/// dimension and along each summed dimension.
pub(crate) struct Strides<'a, T> {
    pub data: &'a [T],
    pub out: &'a [usize],
    pub sum: &'a [usize],
}

/// `out[i..] = sum over the summed indices of the product of the operands'
/// elements`, for an output of sizes `shape` (row-major, `out` holds
/// exactly their product) and summed dimensions of sizes `sum` (none: each
/// output element is one product). One or two operands.
pub(crate) fn strided<T: Element>(
    out: &mut [T],
    shape: &[usize],
    sum: &[usize],
    ops: &[Strides<'_, T>],
) {
    debug_assert!(matches!(ops.len(), 1 | 2));
    if out.is_empty() {
        return;
    }
    if sum.contains(&0) {
        out.fill(T::zero());
        return;
    }
    let rank = shape.len();
    let one = ops.len() == 1;
    let (a, b) = (&ops[0], ops.get(1).unwrap_or(&ops[0]));
    // The innermost output dimension is a loop of its own when nothing is
    // summed; otherwise every output element runs the sum.
    let inner = if sum.is_empty() && rank > 0 {
        shape[rank - 1]
    } else {
        1
    };
    let (ia, ib) = if sum.is_empty() && rank > 0 {
        (a.out[rank - 1], b.out[rank - 1])
    } else {
        (0, 0)
    };
    let outer = if sum.is_empty() && rank > 0 {
        rank - 1
    } else {
        rank
    };
    // The outer dimensions' multi-index, then the summed dimensions' (reused
    // by every output element): on the stack unless the ranks are large.
    let mut stack = [0usize; 32];
    let mut heap = Vec::new();
    let buf: &mut [usize] = if outer + sum.len() <= stack.len() {
        &mut stack
    } else {
        heap.resize(outer + sum.len(), 0);
        &mut heap
    };
    let (index, scratch) = buf.split_at_mut(outer);
    let mut od = Odometer::new(&shape[..outer], [a.out, b.out], index, [0, 0]);
    for chunk in out.chunks_exact_mut(inner) {
        let [oa, ob] = od.offsets;
        if sum.is_empty() {
            if one {
                for (i, o) in chunk.iter_mut().enumerate() {
                    *o = a.data[oa + i * ia];
                }
            } else {
                for (i, o) in chunk.iter_mut().enumerate() {
                    *o = a.data[oa + i * ia].mul_elem(b.data[ob + i * ib]);
                }
            }
        } else if one {
            chunk[0] = sum_one(a.data, oa, sum, a.sum, scratch);
        } else {
            chunk[0] = sum_two(a.data, oa, a.sum, b.data, ob, b.sum, sum, scratch);
        }
        od.step();
    }
}

/// The sum of one operand's elements over the summed dimensions, from `o`.
#[inline]
fn sum_one<T: Element>(a: &[T], o: usize, sum: &[usize], sa: &[usize], index: &mut [usize]) -> T {
    let r = sum.len();
    let (n, s) = (sum[r - 1], sa[r - 1]);
    let mut acc = T::zero();
    // The innermost summed dimension is the loop; the odometer walks the rest.
    let mut od = Odometer::new(&sum[..r - 1], [&sa[..r - 1]], index, [o]);
    if s == 1 {
        loop {
            let [oa] = od.offsets;
            for &x in &a[oa..oa + n] {
                acc = acc.add_elem(x);
            }
            if !od.step() {
                return acc;
            }
        }
    }
    loop {
        let [oa] = od.offsets;
        for i in 0..n {
            acc = acc.add_elem(a[oa + i * s]);
        }
        if !od.step() {
            return acc;
        }
    }
}

/// The sum of the products of two operands' elements over the summed
/// dimensions, from `oa` and `ob`.
#[inline]
#[allow(clippy::too_many_arguments)] // two strided operands and the index buffer
fn sum_two<T: Element>(
    a: &[T],
    oa: usize,
    sa: &[usize],
    b: &[T],
    ob: usize,
    sb: &[usize],
    sum: &[usize],
    index: &mut [usize],
) -> T {
    let r = sum.len();
    let (n, ia, ib) = (sum[r - 1], sa[r - 1], sb[r - 1]);
    if r == 1 && ia == 1 && ib == 1 {
        return dot(&a[oa..oa + n], &b[ob..ob + n]);
    }
    let mut acc = T::zero();
    let mut od = Odometer::new(&sum[..r - 1], [&sa[..r - 1], &sb[..r - 1]], index, [oa, ob]);
    if ia == 1 && ib == 1 {
        loop {
            let [oa, ob] = od.offsets;
            acc = acc.add_elem(dot(&a[oa..oa + n], &b[ob..ob + n]));
            if !od.step() {
                return acc;
            }
        }
    }
    loop {
        let [oa, ob] = od.offsets;
        let mut s = T::zero();
        for i in 0..n {
            s = s.add_elem(a[oa + i * ia].mul_elem(b[ob + i * ib]));
        }
        acc = acc.add_elem(s);
        if !od.step() {
            return acc;
        }
    }
}

/// The dot product of two contiguous runs, with eight partial sums so that
/// the additions of floats need not wait for each other (and vectorise).
#[inline]
fn dot<T: Element>(a: &[T], b: &[T]) -> T {
    let mut acc = [T::zero(); 8];
    let (ca, cb) = (a.chunks_exact(8), b.chunks_exact(8));
    let (ra, rb) = (ca.remainder(), cb.remainder());
    for (x, y) in ca.zip(cb) {
        for k in 0..8 {
            acc[k] = acc[k].add_elem(x[k].mul_elem(y[k]));
        }
    }
    let mut s = T::zero();
    for (&x, &y) in ra.iter().zip(rb) {
        s = s.add_elem(x.mul_elem(y));
    }
    let p = [
        acc[0].add_elem(acc[4]),
        acc[1].add_elem(acc[5]),
        acc[2].add_elem(acc[6]),
        acc[3].add_elem(acc[7]),
    ];
    s.add_elem(p[0].add_elem(p[2]).add_elem(p[1].add_elem(p[3])))
}
