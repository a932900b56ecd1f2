//! The one elementwise kernel, shared by static and runtime-shaped tensors.
//!
//! A broadcast operand is never copied out: it is read with stride 0 along
//! its stretched axes. The kernel first turns the shapes into a short *plan*
//! (size-1 axes dropped, adjacent axes merged where every operand is
//! contiguous across them), so `[256, 256] + [256, 256]` becomes one flat loop
//! and `[64, 32, 8, 5] + [32, 8, 1]` three axes. The two innermost axes form a
//! *block* of rows; each row is a plain slice loop in one of four forms,
//! picked once per block by which operands move along it (stride 1) and which
//! stay put (stride 0), so that LLVM vectorises it. Further axes are walked
//! block by block. No index is computed per element.
//!
//! The output is produced in row-major order into a [`Sink`]: appended to a
//! `Vec` (no zeroing pass over memory that is about to be written) or written
//! into inline storage.
//!
//! For static shapes of at most [`SMALL`] elements the plan and the offset of
//! every block are computed by the compiler ([`StaticPlan`]), so every loop
//! bound is a constant and LLVM unrolls the whole operation into the code of
//! a hand-written loop over fixed arrays. Larger shapes, and all runtime
//! shapes, take [`binary`], compiled once per element type and operation and
//! shared by every shape, which keeps build times flat.

use alloc::vec::Vec;

use crate::shape::{Layout, MAX_STATIC_RANK};

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

/// Plans up to this many axes on the stack; more take a `Vec`.
const INLINE_AXES: usize = 16;

/// Fills `axes` (innermost first) for `a` and `b` broadcast to `out`, and
/// returns how many there are: at least 2, padded with length-1 axes, so
/// that every plan is made of blocks. `axes` needs `out.len() + 2` entries.
pub const fn plan(out: &[usize], a: &[usize], b: &[usize], axes: &mut [Axis]) -> usize {
    let rank = out.len();
    let (mut ca, mut cb) = (1usize, 1usize); // contiguous strides so far
    let mut count = 0;
    let mut i = 0;
    while i < rank {
        let n = out[rank - 1 - i];
        let da = if i < a.len() { a[a.len() - 1 - i] } else { 1 };
        let db = if i < b.len() { b[b.len() - 1 - i] } else { 1 };
        let sa = if da == 1 { 0 } else { ca };
        let sb = if db == 1 { 0 } else { cb };
        ca = ca.wrapping_mul(da);
        cb = cb.wrapping_mul(db);
        i += 1;
        if n == 1 {
            continue;
        }
        if count > 0 {
            let inner = axes[count - 1];
            if inner.sa * inner.n == sa && inner.sb * inner.n == sb {
                axes[count - 1].n = inner.n * n;
                continue;
            }
        }
        axes[count] = Axis { n, sa, sb };
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
}

impl<T> Sink<T> for Vec<T> {
    #[inline(always)]
    fn row(&mut self, row: impl ExactSizeIterator<Item = T>) {
        // `extend` from slice iterators writes straight into the spare
        // capacity, in a loop LLVM vectorises.
        self.extend(row);
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
        for (o, x) in self.out[self.pos..self.pos + n].iter_mut().zip(row) {
            *o = x;
        }
        self.pos += n;
    }
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
    let Block { inner, next } = block;
    let n = inner.n;
    // The loop form is chosen once per block, by which operands move along
    // the innermost axis (stride 1) and which stay put (stride 0).
    match (inner.sa, inner.sb) {
        (1, 1) => {
            for r in 0..next.n {
                let (a, b) = (&a[ia + r * next.sa..][..n], &b[ib + r * next.sb..][..n]);
                out.row(a.iter().zip(b).map(|(&x, &y)| f(x, y)));
            }
        }
        (1, _) => {
            for r in 0..next.n {
                let (a, y) = (&a[ia + r * next.sa..][..n], b[ib + r * next.sb]);
                out.row(a.iter().map(|&x| f(x, y)));
            }
        }
        (_, 1) => {
            for r in 0..next.n {
                let (x, b) = (a[ia + r * next.sa], &b[ib + r * next.sb..][..n]);
                out.row(b.iter().map(|&y| f(x, y)));
            }
        }
        _ => {
            for r in 0..next.n {
                out.row(core::iter::repeat_n(
                    f(a[ia + r * next.sa], b[ib + r * next.sb]),
                    n,
                ));
            }
        }
    }
}

/// One block of `out = f(out, b)`.
#[inline(always)]
fn assign_block<T: Copy>(out: &mut [T], b: &[T], ib: usize, block: Block, f: &impl Fn(T, T) -> T) {
    let Block { inner, next } = block;
    let n = inner.n;
    for (r, out) in out.chunks_exact_mut(n).enumerate().take(next.n) {
        if inner.sb == 1 {
            for (o, &y) in out.iter_mut().zip(&b[ib + r * next.sb..][..n]) {
                *o = f(*o, y);
            }
        } else {
            let y = b[ib + r * next.sb];
            for o in out {
                *o = f(*o, y);
            }
        }
    }
}

/// Calls `block(a_offset, b_offset)` for every block, in row-major order,
/// given the axes outside the innermost two (outermost last).
fn for_each_block(outer: &[Axis], oa: usize, ob: usize, block: &mut impl FnMut(usize, usize)) {
    match outer.split_last() {
        None => block(oa, ob),
        Some((axis, rest)) => {
            let (mut ia, mut ib) = (oa, ob);
            for _ in 0..axis.n {
                for_each_block(rest, ia, ib, block);
                ia += axis.sa;
                ib += axis.sb;
            }
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
    if out_dims.contains(&0) {
        return; // empty result
    }
    with_plan(out_dims, a_dims, b_dims, |axes| {
        let block = Block {
            inner: axes[0],
            next: axes[1],
        };
        for_each_block(&axes[2..], 0, 0, &mut |ia, ib| {
            binary_block(out, a, ia, b, ib, block, &f)
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

/// A compile-time plan: the two innermost axes and the operand offsets of
/// every block (for `O::NUMEL <= SMALL`, so offsets fit a `u8`).
#[derive(Debug)]
pub struct Blocks {
    block: Block,
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
        let mut axes = [Axis::UNIT; MAX_STATIC_RANK + 2];
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
            count,
            offsets,
        }
    };
}

/// As [`binary`], for static shapes of at most [`SMALL`] elements, with the
/// plan from [`StaticPlan`]: inlined, every bound a constant.
#[inline(always)]
pub fn binary_static<T: Copy>(
    out: &mut impl Sink<T>,
    a: &[T],
    b: &[T],
    plan: &Blocks,
    f: impl Fn(T, T) -> T,
) {
    for k in 0..plan.count {
        let [ia, ib] = plan.offsets[k];
        binary_block(out, a, ia as usize, b, ib as usize, plan.block, &f);
    }
}

/// As [`assign`], for static shapes of at most [`SMALL`] elements.
#[inline(always)]
pub fn assign_static<T: Copy>(out: &mut [T], b: &[T], plan: &Blocks, f: impl Fn(T, T) -> T) {
    if plan.count == 0 {
        return;
    }
    let size = plan.block.inner.n * plan.block.next.n;
    for (k, out) in out.chunks_exact_mut(size).enumerate().take(plan.count) {
        assign_block(out, b, plan.offsets[k][1] as usize, plan.block, &f);
    }
}
