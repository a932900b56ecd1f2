//! The one elementwise kernel, shared by static and runtime-shaped tensors.
//!
//! A broadcast operand is never copied out: it is read with stride 0 along
//! its stretched axes. The kernel first turns the shapes into a short *plan*
//! (size-1 axes dropped, adjacent axes merged where every operand is
//! contiguous across them), so `[256, 256] + [256, 256]` becomes one flat loop
//! and `[64, 32, 8, 5] + [32, 8, 1]` three axes. The innermost axis runs as a
//! plain slice loop in one of four forms, picked by which operands move along
//! it (stride 1) and which stay put (stride 0), so that LLVM vectorises it;
//! the next axis is a simple loop around it and any further axes recurse. No
//! index is computed per element.
//!
//! Static shapes with few elements take [`binary_small`] instead: a flat loop
//! whose every bound is a compile-time constant, which LLVM unrolls into the
//! same straight-line code as a hand-written loop over fixed arrays. Above
//! [`SMALL`] elements the shape-agnostic path is compiled once per element
//! type and operation, not once per shape, which keeps build times flat.

/// Static shapes with at most this many elements are unrolled.
pub const SMALL: usize = 64;

/// One axis of a plan: its length and each operand's stride along it.
#[derive(Clone, Copy, Default)]
struct Axis {
    n: usize,
    sa: usize,
    sb: usize,
}

/// Plans up to this many axes on the stack; more take a `Vec`.
const INLINE_AXES: usize = 16;

/// Calls `row(out_offset, n, a_offset, sa, b_offset, sb)` for each innermost
/// run of the broadcast iteration, in row-major order. `a_dims` and `b_dims`
/// must broadcast to `out_dims` (callers check); `sa`, `sb` are 0 or 1.
#[inline(always)]
fn for_each_row(
    out_dims: &[usize],
    a_dims: &[usize],
    b_dims: &[usize],
    row: impl FnMut(usize, usize, usize, usize, usize, usize),
) {
    if out_dims.contains(&0) {
        return; // empty result: nothing to do
    }
    if out_dims.len() <= INLINE_AXES {
        let mut buf = [Axis::default(); INLINE_AXES];
        let n = plan(out_dims, a_dims, b_dims, &mut buf);
        run(&buf[..n], row);
    } else {
        let mut buf = alloc::vec![Axis::default(); out_dims.len()];
        let n = plan(out_dims, a_dims, b_dims, &mut buf);
        run(&buf[..n], row);
    }
}

/// Fills `axes` innermost first and returns how many there are.
#[inline(always)]
fn plan(out_dims: &[usize], a_dims: &[usize], b_dims: &[usize], axes: &mut [Axis]) -> usize {
    let rank = out_dims.len();
    let (mut ca, mut cb) = (1usize, 1usize); // contiguous strides so far
    let mut count = 0;
    for i in 0..rank {
        let n = out_dims[rank - 1 - i];
        let da = if i < a_dims.len() {
            a_dims[a_dims.len() - 1 - i]
        } else {
            1
        };
        let db = if i < b_dims.len() {
            b_dims[b_dims.len() - 1 - i]
        } else {
            1
        };
        let sa = if da == 1 { 0 } else { ca };
        let sb = if db == 1 { 0 } else { cb };
        ca *= da;
        cb *= db;
        if n == 1 {
            continue;
        }
        if count > 0 {
            let inner = &mut axes[count - 1];
            if inner.sa * inner.n == sa && inner.sb * inner.n == sb {
                inner.n *= n;
                continue;
            }
        }
        axes[count] = Axis { n, sa, sb };
        count += 1;
    }
    count
}

#[inline(always)]
fn run(axes: &[Axis], mut row: impl FnMut(usize, usize, usize, usize, usize, usize)) {
    match axes {
        [] => row(0, 1, 0, 0, 0, 0),
        [inner] => row(0, inner.n, 0, inner.sa, 0, inner.sb),
        [inner, next, outer @ ..] => {
            let mut out = 0;
            outer_loops(outer, 0, 0, &mut |oa, ob| {
                let (mut ia, mut ib) = (oa, ob);
                for _ in 0..next.n {
                    row(out, inner.n, ia, inner.sa, ib, inner.sb);
                    out += inner.n;
                    ia += next.sa;
                    ib += next.sb;
                }
            });
        }
    }
}

/// Loops over the axes outside the innermost two, outermost last in `axes`.
fn outer_loops(axes: &[Axis], oa: usize, ob: usize, block: &mut impl FnMut(usize, usize)) {
    match axes.split_last() {
        None => block(oa, ob),
        Some((outer, rest)) => {
            let (mut ia, mut ib) = (oa, ob);
            for _ in 0..outer.n {
                outer_loops(rest, ia, ib, block);
                ia += outer.sa;
                ib += outer.sb;
            }
        }
    }
}

/// `out = f(a, b)` elementwise with broadcasting, for any shapes.
///
/// Not inlined: one copy per element type and operation serves every shape.
#[inline(never)]
pub fn binary<T: Copy>(
    out: &mut [T],
    out_dims: &[usize],
    a: &[T],
    a_dims: &[usize],
    b: &[T],
    b_dims: &[usize],
    f: impl Fn(T, T) -> T,
) {
    for_each_row(out_dims, a_dims, b_dims, |o, n, ia, sa, ib, sb| {
        let out = &mut out[o..o + n];
        match (sa, sb) {
            (1, 1) => {
                for ((o, &x), &y) in out.iter_mut().zip(&a[ia..ia + n]).zip(&b[ib..ib + n]) {
                    *o = f(x, y);
                }
            }
            (1, _) => {
                let y = b[ib];
                for (o, &x) in out.iter_mut().zip(&a[ia..ia + n]) {
                    *o = f(x, y);
                }
            }
            (_, 1) => {
                let x = a[ia];
                for (o, &y) in out.iter_mut().zip(&b[ib..ib + n]) {
                    *o = f(x, y);
                }
            }
            _ => out.fill(f(a[ia], b[ib])),
        }
    });
}

/// `out = f(out, b)` elementwise, `b` broadcast to `out`'s shape.
#[inline(never)]
pub fn assign<T: Copy>(
    out: &mut [T],
    out_dims: &[usize],
    b: &[T],
    b_dims: &[usize],
    f: impl Fn(T, T) -> T,
) {
    for_each_row(out_dims, out_dims, b_dims, |o, n, _, _, ib, sb| {
        let out = &mut out[o..o + n];
        if sb == 1 {
            for (o, &y) in out.iter_mut().zip(&b[ib..ib + n]) {
                *o = f(*o, y);
            }
        } else {
            let y = b[ib];
            for o in out {
                *o = f(*o, y);
            }
        }
    });
}

/// `out = f(a)` elementwise.
#[inline]
pub fn map<T: Copy, U>(out: &mut [U], a: &[T], f: impl Fn(T) -> U) {
    for (o, &x) in out.iter_mut().zip(a) {
        *o = f(x);
    }
}

/// As [`binary`], for shapes known at compile time with at most [`SMALL`]
/// elements: every bound below is a constant after inlining, so the loop
/// unrolls and the index arithmetic folds away.
#[inline(always)]
pub fn binary_small<T: Copy>(
    out: &mut [T],
    out_dims: &[usize],
    a: &[T],
    a_dims: &[usize],
    b: &[T],
    b_dims: &[usize],
    f: impl Fn(T, T) -> T,
) {
    for (i, o) in out.iter_mut().enumerate() {
        *o = f(
            a[source_index(i, out_dims, a_dims)],
            b[source_index(i, out_dims, b_dims)],
        );
    }
}

/// As [`assign`], unrolled like [`binary_small`].
#[inline(always)]
pub fn assign_small<T: Copy>(
    out: &mut [T],
    out_dims: &[usize],
    b: &[T],
    b_dims: &[usize],
    f: impl Fn(T, T) -> T,
) {
    for (i, o) in out.iter_mut().enumerate() {
        *o = f(*o, b[source_index(i, out_dims, b_dims)]);
    }
}

/// The flat index in an operand of shape `src` (broadcast to `out`) of the
/// element that lands at flat index `i` of the output.
#[inline(always)]
fn source_index(i: usize, out: &[usize], src: &[usize]) -> usize {
    let (mut rem, mut idx, mut stride) = (i, 0, 1);
    for k in 0..src.len() {
        let n = out[out.len() - 1 - k];
        let d = src[src.len() - 1 - k];
        if d != 1 {
            idx += (rem % n) * stride;
        }
        stride *= d;
        rem /= n;
    }
    idx
}

/// `out = f(out)` elementwise.
#[inline]
pub fn map_in_place<T: Copy>(out: &mut [T], f: impl Fn(T) -> T) {
    for o in out {
        *o = f(*o);
    }
}
