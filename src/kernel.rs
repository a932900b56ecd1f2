//! The one elementwise kernel, shared by static and runtime-shaped tensors.
//!
//! A broadcast operand is never copied out: it is read with stride 0 along
//! its stretched axes. The kernel first turns the shapes into a short *plan*
//! (size-1 axes dropped, adjacent axes merged where every operand is
//! contiguous across them), so `[256, 256] + [256, 256]` becomes one flat loop
//! and `[64, 32, 8, 5] + [32, 8, 1]` three axes. The innermost axis runs as a
//! plain slice loop in one of four forms, picked by which operands move along
//! it (stride 1) and which stay put (stride 0), so that LLVM vectorises it;
//! the next axis is a loop of rows around it (a *block*), and any further
//! axes recurse. No index is computed per element.
//!
//! Static shapes with few elements take [`binary_small`] instead: a flat loop
//! over a gather table the compiler computed ([`Gather`]), which LLVM unrolls
//! into the same straight-line code as a hand-written loop over fixed arrays. Above
//! [`SMALL`] elements the shape-agnostic path is compiled once per element
//! type and operation, not once per shape, which keeps build times flat.

use crate::shape::Shape;

/// Static shapes with at most this many elements are unrolled.
pub const SMALL: usize = 128;

/// One axis of a plan: its length and each operand's stride along it.
#[derive(Clone, Copy, Default)]
pub struct Axis {
    n: usize,
    sa: usize,
    sb: usize,
}

/// Plans up to this many axes on the stack; more take a `Vec`.
const INLINE_AXES: usize = 16;

/// Calls `block(out_offset, a_offset, b_offset, inner, next)` for each block
/// of the two innermost plan axes, in row-major order: the block covers
/// `next.n * inner.n` contiguous output elements. `a_dims` and `b_dims` must
/// broadcast to `out_dims` (callers check). Along `inner`, each operand's
/// stride is 0 or 1.
#[inline(always)]
fn for_each_block(
    out_dims: &[usize],
    a_dims: &[usize],
    b_dims: &[usize],
    block: impl FnMut(usize, usize, usize, Axis, Axis),
) {
    if out_dims.contains(&0) {
        return; // empty result: nothing to do
    }
    if out_dims.len() <= INLINE_AXES {
        let mut buf = [Axis::default(); INLINE_AXES + 2];
        let n = plan(out_dims, a_dims, b_dims, &mut buf);
        run(&buf[..n], block);
    } else {
        let mut buf = alloc::vec![Axis::default(); out_dims.len() + 2];
        let n = plan(out_dims, a_dims, b_dims, &mut buf);
        run(&buf[..n], block);
    }
}

/// Fills `axes` innermost first and returns how many there are (at least 2:
/// missing ones are length-1 axes, so every plan is made of blocks).
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
    while count < 2 {
        axes[count] = Axis { n: 1, sa: 0, sb: 0 };
        count += 1;
    }
    count
}

#[inline(always)]
fn run(axes: &[Axis], mut block: impl FnMut(usize, usize, usize, Axis, Axis)) {
    let (inner, next) = (axes[0], axes[1]);
    let size = inner.n * next.n;
    let mut out = 0;
    outer_loops(&axes[2..], 0, 0, &mut |ia, ib| {
        block(out, ia, ib, inner, next);
        out += size;
    });
}

/// Loops over the axes outside the innermost two (outermost last in `axes`).
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
    for_each_block(out_dims, a_dims, b_dims, |o, ia, ib, inner, next| {
        let n = inner.n;
        let rows = out[o..o + n * next.n].chunks_exact_mut(n).enumerate();
        // The loop form is chosen once per block, by which operands move
        // along the innermost axis (stride 1) and which stay put (stride 0).
        match (inner.sa, inner.sb) {
            (1, 1) => {
                for (r, out) in rows {
                    let (a, b) = (&a[ia + r * next.sa..][..n], &b[ib + r * next.sb..][..n]);
                    for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
                        *o = f(x, y);
                    }
                }
            }
            (1, _) => {
                for (r, out) in rows {
                    let (a, y) = (&a[ia + r * next.sa..][..n], b[ib + r * next.sb]);
                    for (o, &x) in out.iter_mut().zip(a) {
                        *o = f(x, y);
                    }
                }
            }
            (_, 1) => {
                for (r, out) in rows {
                    let (x, b) = (a[ia + r * next.sa], &b[ib + r * next.sb..][..n]);
                    for (o, &y) in out.iter_mut().zip(b) {
                        *o = f(x, y);
                    }
                }
            }
            _ => {
                for (r, out) in rows {
                    out.fill(f(a[ia + r * next.sa], b[ib + r * next.sb]));
                }
            }
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
    for_each_block(out_dims, out_dims, b_dims, |o, _, ib, inner, next| {
        let n = inner.n;
        let rows = out[o..o + n * next.n].chunks_exact_mut(n).enumerate();
        if inner.sb == 1 {
            for (r, out) in rows {
                for (o, &y) in out.iter_mut().zip(&b[ib + r * next.sb..][..n]) {
                    *o = f(*o, y);
                }
            }
        } else {
            for (r, out) in rows {
                let y = b[ib + r * next.sb];
                for o in out {
                    *o = f(*o, y);
                }
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

/// `out = f(out)` elementwise.
#[inline]
pub fn map_in_place<T: Copy>(out: &mut [T], f: impl Fn(T) -> T) {
    for o in out {
        *o = f(*o);
    }
}

/// For static shapes with at most [`SMALL`] elements: for each output element
/// (shape `O`), the flat index of its source in an operand of shape `S`,
/// computed by the compiler.
pub struct Gather<O, S>(core::marker::PhantomData<(O, S)>);

impl<O: Shape, S: Shape> Gather<O, S> {
    /// The table; entries past `O::NUMEL` are unused.
    pub const TABLE: [u8; SMALL] = {
        let (out, src) = (O::DIMS, S::DIMS);
        let (out, src) = (out.as_slice(), src.as_slice());
        let mut table = [0u8; SMALL];
        let mut i = 0;
        while i < O::NUMEL && i < SMALL {
            // Unravel `i` in `out`, ravel it in `src` with stretched axes pinned to 0.
            let (mut rem, mut idx, mut stride, mut k) = (i, 0, 1, 0);
            while k < src.len() {
                let n = out[out.len() - 1 - k];
                let d = src[src.len() - 1 - k];
                if d != 1 {
                    idx += (rem % n) * stride;
                }
                stride *= d;
                rem /= n;
                k += 1;
            }
            table[i] = idx as u8;
            i += 1;
        }
        table
    };
}

/// As [`binary`], for static shapes of at most [`SMALL`] elements: `ia`/`ib`
/// are [`Gather`] tables, so after inlining every index is a constant and
/// the loop unrolls into the code of a hand-written loop over fixed arrays.
#[inline(always)]
pub fn binary_small<T: Copy>(
    out: &mut [T],
    a: &[T],
    ia: &[u8; SMALL],
    b: &[T],
    ib: &[u8; SMALL],
    f: impl Fn(T, T) -> T,
) {
    for (i, o) in out.iter_mut().enumerate() {
        *o = f(a[ia[i] as usize], b[ib[i] as usize]);
    }
}

/// As [`assign`], unrolled like [`binary_small`].
#[inline(always)]
pub fn assign_small<T: Copy>(out: &mut [T], b: &[T], ib: &[u8; SMALL], f: impl Fn(T, T) -> T) {
    for (i, o) in out.iter_mut().enumerate() {
        *o = f(*o, b[ib[i] as usize]);
    }
}
