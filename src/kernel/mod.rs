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
//! every shape, which keeps build times flat. `DynTensor`'s operations
//! build the plan while they check the shapes (`pair_plan`, one pass on
//! the stack) and hand it to the same row loops.
//!
//! - `plan` — the runtime plan ([`plan`], [`PlanAxis`]).
//! - `rows` — the four row forms and their dispatch.
//! - `sink` — where the output goes ([`Sink`], [`SliceSink`]).
//! - `small` — runtime operations of rank at most 4 and at most 128
//!   elements: the shape check and a plan of four fixed axes in one pass,
//!   then a fixed-depth loop (`small_plan`, `binary_small`).
//! - `unrolled` — the compile-time plan of small static shapes
//!   ([`StaticPlan`], [`ConstPlan`], [`binary_unrolled`], [`assign_unrolled`]).
//! - `strided` — the same plan and row loops over operands with any
//!   strides (views: slices, transposes, broadcasts), a tiled loop for
//!   transposed operands and a strided row loop for other rows that are
//!   not contiguous ([`binary_strided`], [`assign_strided`]); the views'
//!   operators write into a new vector's spare capacity, long rows by
//!   unrolled chunks ([`binary_strided_vec`]).
//! - `gather` — reading a strided view into a new buffer.
//! - `nary` — one pass over `N` broadcast operands ([`nary`]), for fused
//!   pipelines.
//! - `odometer` — a multi-index over outer axes carrying offsets into
//!   strided operands (batched products, einsum's loops).
//! - [`parallel`] — splitting an output into pieces for rayon's pool (the
//!   `rayon` feature).
//! - `gemm` — the product of two matrices ([`gemm`]): `matrixmultiply` for
//!   `f32`/`f64`, a blocked loop for the rest and for small products.
//!   `unsafe` there hands slices to `matrixmultiply`; the crate's other
//!   `unsafe` sets the length of a result written into a vector's spare
//!   capacity (`parallel`, [`binary_strided_vec`]), after counting the
//!   slots written, and reads operands in `small`'s row loop.
//!
//! Uses only [`shape`](mod@crate::shape) and [`error`](crate::error).

mod gather;
mod gemm;
mod nary;
mod odometer;
pub mod parallel;
mod plan;
mod rows;
mod sink;
mod small;
mod strided;
#[cfg(test)]
mod tests;
mod unrolled;

use alloc::vec::Vec;
pub(crate) use gather::{gather, strides, try_gather};
pub use gemm::{Mat, SMALL_GEMM, gemm};
pub use nary::{CHUNK, Operand, nary};
pub(crate) use odometer::Odometer;
use plan::{Block, for_each_block, plan_2d, with_plan};
pub(crate) use plan::{INLINE_AXES, PAIR_AXES, pair_plan};
pub use plan::{PlanAxis, Prefix, plan};
use rows::*;
pub use sink::{Sink, SliceSink};
use sink::{UninitSink, as_uninit};
pub(crate) use small::{
    assign_small, binary_quick, binary_small, binary_small_vec, quick_plan, small_plan,
    small_plan_onto,
};
pub use strided::{StridedOperand, assign_strided, binary_strided, binary_strided_vec};
pub use unrolled::{
    Blocks, ConstPlan, StaticPlan, assign_static, assign_unrolled, binary_static, binary_unrolled,
    is_small, static_numel,
};

/// Static shapes with at most this many elements are unrolled.
pub const SMALL: usize = 128;
// Their results are filled in the operation's own code (see `INLINE_FILL`).
const _: () = assert!(SMALL <= crate::shape::storage::INLINE_FILL);

/// Whether this build unrolls small static operations at all. A debug build
/// (other than the crate's own tests, which keep the unrolled path and check
/// it for every row length and form in `kernel/tests.rs`) runs them through
/// the runtime kernel: its speed is not what unrolling is for, and working
/// out each operation's unrolled plan was most of what the compiler spent
/// evaluating its constants.
pub const UNROLL: bool = !cfg!(all(debug_assertions, not(test)));

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

/// `out = f(a, b)` for operands whose shapes the plan `axes` was built
/// from by [`pair_plan`] (callers check that the output is not empty): the
/// runtime operations' fast path, with the plan they built while checking
/// the shapes.
#[inline(always)]
pub(crate) fn binary_planned<T: Copy, U: Copy>(
    out: &mut impl Sink<U>,
    a: &[T],
    b: &[T],
    axes: &[PlanAxis],
    f: impl Fn(T, T) -> U,
) {
    let block = Block {
        inner: axes[0],
        next: axes[1],
    };
    if axes.len() == 2 {
        binary_block_rt(out, a, 0, b, 0, block, &f);
    } else {
        binary_blocks_rt(out, a, b, block, &axes[2..], &f);
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
        binary_blocks_rt(out, a, b, block, &axes[2..], &f);
    });
}

/// [`binary`] appended to `out`: the output's elements are written straight
/// into its spare capacity, with no pass zeroing memory about to be
/// written. With [`binary_into`] this is how the crate's own operations call
/// the general kernel, always through the same sink, so that a program
/// compiles it once per element type and operation, not once per kind of
/// output: in a release build each copy costs about two seconds.
///
/// Callers check that `out_dims`' element count fits (it is reserved).
pub(crate) fn binary_onto_vec<T: Copy, U: Copy>(
    out: &mut Vec<U>,
    out_dims: &[usize],
    a: &[T],
    a_dims: &[usize],
    b: &[T],
    b_dims: &[usize],
    f: impl Fn(T, T) -> U,
) {
    let n = crate::error::numel(out_dims).expect("the output's element count fits");
    out.reserve(n);
    let len = out.len();
    let mut sink = UninitSink::new(&mut out.spare_capacity_mut()[..n]);
    binary(&mut sink, out_dims, a, a_dims, b, b_dims, f);
    // The `set_len` below relies on this.
    assert_eq!(sink.written(), n, "the kernel wrote its whole output");
    // SAFETY: the sink wrote its slots front to back and counts them: the
    // first `n` slots of the spare capacity, of which `n` were reserved.
    unsafe { out.set_len(len + n) };
}

/// [`binary`] over an initialised output, `out` overwritten front to back
/// (see [`binary_onto_vec`] for why through this sink).
pub(crate) fn binary_into<T: Copy, U: Copy>(
    out: &mut [U],
    out_dims: &[usize],
    a: &[T],
    a_dims: &[usize],
    b: &[T],
    b_dims: &[usize],
    f: impl Fn(T, T) -> U,
) {
    // SAFETY: the sink stores only initialised `U`s into the slots.
    let slots = unsafe { as_uninit(out) };
    binary(
        &mut UninitSink::new(slots),
        out_dims,
        a,
        a_dims,
        b,
        b_dims,
        f,
    );
}

/// Every block of a runtime plan whose outer axes are `outer`: the row
/// loop is chosen once, outside the loop over blocks, so that each block
/// costs its rows and nothing else.
#[inline(never)]
fn binary_blocks_rt<T: Copy, U: Copy>(
    out: &mut impl Sink<U>,
    a: &[T],
    b: &[T],
    block: Block,
    outer: &[PlanAxis],
    f: &impl Fn(T, T) -> U,
) {
    macro_rules! run {
        (fixed $n:literal, $form:ident) => {
            for_each_block(outer, 0, 0, &mut |ia, ib| {
                rows_fixed::<$n, $form, T, U>(out, a, ia, b, ib, block.next, f)
            })
        };
        (any $form:ident) => {
            for_each_block(outer, 0, 0, &mut |ia, ib| {
                rows_any::<$form, T, U>(out, a, ia, b, ib, block, f)
            })
        };
    }
    dispatch_rows!(row_kind(block.inner), run)
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
        assign_blocks_rt(out, b, block, &axes[2..], &f);
    });
}

/// Every block of `out = f(out, b)`, the row loop chosen once (see
/// [`binary_blocks_rt`]).
#[inline(never)]
fn assign_blocks_rt<T: Copy>(
    out: &mut [T],
    b: &[T],
    block: Block,
    outer: &[PlanAxis],
    f: &impl Fn(T, T) -> T,
) {
    let size = block.inner.n * block.next.n;
    let mut o = 0;
    macro_rules! run {
        (fixed $n:literal, $moves:literal) => {
            for_each_block(outer, 0, 0, &mut |_, ib| {
                assign_rows_fixed::<$n, $moves, T>(&mut out[o..o + size], b, ib, block.next, f);
                o += size;
            })
        };
        (any $moves:literal) => {
            for_each_block(outer, 0, 0, &mut |_, ib| {
                assign_rows_any::<$moves, T>(&mut out[o..o + size], b, ib, block, f);
                o += size;
            })
        };
    }
    dispatch_assign_rows!(assign_kind(block.inner), run)
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
