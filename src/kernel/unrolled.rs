//! The unrolled path for small static shapes: the plan and the offset of
//! every block computed by the compiler, and the one row loop a shape needs.

use super::SMALL;
use super::plan::{Block, PlanAxis, plan};
use super::rows::*;
use super::sink::Sink;
use crate::shape::{Layout, MAX_STATIC_RANK};

/// The plan of a static operation computed by the compiler: output shape
/// `O`, operands of shapes `A` and `B`, at most [`SMALL`] output elements.
pub struct StaticPlan<O, A, B>(core::marker::PhantomData<(O, A, B)>);

/// A compile-time plan: the two innermost axes, the next two, and the
/// operand offsets of every block (for at most [`SMALL`] elements, so
/// offsets fit a `u8`).
#[derive(Debug)]
pub struct Blocks {
    block: Block,
    /// The two axes outside the block (length 1 where there are fewer).
    outer: [PlanAxis; 2],
    /// Whether `outer` covers every axis outside the block, so that the
    /// blocks are walked by two nested loops rather than the offset table.
    nested: bool,
    count: usize,
    offsets: [[u8; 2]; SMALL],
    /// The row loop of `out = f(a, b)` ([`row_kind`]) and of
    /// `out = f(out, b)` ([`assign_kind`]).
    kind: u8,
    assign_kind: u8,
}

/// The element count of a static shape, or `usize::MAX` if it overflows or
/// has a runtime-sized (`Dyn`, `usize::MAX`) dimension.
pub const fn static_numel(dims: &[usize]) -> usize {
    crate::shape::list::saturating_numel(dims, dims.len())
}

/// Whether an operation with output layout `O` takes the unrolled path (in
/// a build that unrolls, [`UNROLL`](super::UNROLL)).
pub const fn is_small<O: Layout>() -> bool {
    super::UNROLL && O::STATIC && O::TEMPLATE_NUMEL <= SMALL
}

impl<O: Layout, A: Layout, B: Layout> StaticPlan<O, A, B> {
    /// The plan and block offsets.
    pub const BLOCKS: Blocks = {
        // Evaluated for every operation (inline consts are, even in a branch
        // not taken), so layouts that do not take this path get an empty plan.
        let small = is_small::<O>() && A::STATIC && B::STATIC;
        Blocks::new(
            small,
            O::TEMPLATE.as_slice(),
            A::TEMPLATE.as_slice(),
            B::TEMPLATE.as_slice(),
        )
    };
}

impl Blocks {
    /// The plan of an operation that does not take the unrolled path.
    pub const EMPTY: Blocks = Blocks::new(false, &[], &[], &[]);

    /// The plan of `out = f(a, b)` for static sizes `o` (the output), `a`
    /// and `b` of at most [`SMALL`] output elements; an empty plan unless
    /// `small` (callers evaluate this for every layout, see `BLOCKS`).
    pub const fn new(small: bool, o: &[usize], a: &[usize], b: &[usize]) -> Blocks {
        let mut axes = [PlanAxis::UNIT; MAX_STATIC_RANK + 4];
        let n = if small { plan(o, a, b, &mut axes) } else { 2 };
        let mut offsets = [[0u8; 2]; SMALL];
        let mut idx = [0usize; MAX_STATIC_RANK + 2];
        let (mut ia, mut ib, mut count) = (0usize, 0usize, 0usize);
        let numel = static_numel(o);
        let blocks = if !small || numel == 0 {
            0
        } else {
            numel / (axes[0].n * axes[1].n)
        };
        let nested = blocks != 0 && n <= 4;
        if nested {
            // Walked by two nested loops: no table (evaluating the walk
            // below was the largest part of this constant's cost to rustc).
            count = blocks;
        }
        // Walk the outer axes as an odometer, recording each block's offsets.
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
            outer: [axes[2], axes[3]],
            nested,
            count,
            offsets,
            kind: row_kind(axes[0]),
            assign_kind: assign_kind(axes[0]),
        }
    }
}

/// Runs `$body` with `$ia`, `$ib` bound to the operand offsets of every
/// block of the static plan `$plan`, in row-major order: two nested loops
/// with constant bounds when the plan has at most four axes, the offset table
/// otherwise. A macro rather than a function taking a closure, so that the
/// body is inlined where the plan's fields are known constants.
macro_rules! for_each_static_block {
    ($plan:expr, |$ia:ident, $ib:ident| $body:expr) => {{
        let plan: &Blocks = $plan;
        if plan.nested {
            let [x, y] = plan.outer;
            for j in 0..y.n {
                for i in 0..x.n {
                    let ($ia, $ib) = (j * y.sa + i * x.sa, j * y.sb + i * x.sb);
                    $body;
                }
            }
        } else {
            for k in 0..plan.count {
                let ($ia, $ib) = (plan.offsets[k][0] as usize, plan.offsets[k][1] as usize);
                $body;
            }
        }
    }};
}

/// `out = f(a, b)` for static shapes `O` (the output), `A` and `B` of at
/// most [`SMALL`] output elements (`is_small::<O>()`): [`binary_static`]
/// with the plan of [`StaticPlan`].
#[inline(always)]
pub fn binary_unrolled<O: Layout, A: Layout, B: Layout, T: Copy, U: Copy>(
    out: &mut impl Sink<U>,
    a: &[T],
    b: &[T],
    f: impl Fn(T, T) -> U,
) {
    binary_static(out, a, b, const { &StaticPlan::<O, A, B>::BLOCKS }, f)
}

/// `out = f(a, b)` by a compile-time plan (of at most [`SMALL`] output
/// elements). Generic over the elements and the operation only, so that
/// shapes share it: every shape-dependent number is in the plan, a value.
/// In release builds it is inlined into each operation, where the plan is
/// a constant, so that LLVM folds the row loop's choice and its bounds and
/// unrolls the operation into the code of a hand-written loop over fixed
/// arrays. In debug builds it is one shared function (`#[inline(always)]`
/// would compile a copy of it, with every row loop, into each codegen unit).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn binary_static<T: Copy, U: Copy>(
    out: &mut impl Sink<U>,
    a: &[T],
    b: &[T],
    plan: &Blocks,
    f: impl Fn(T, T) -> U,
) {
    macro_rules! run {
        (fixed $n:literal, $form:ident) => {
            for_each_static_block!(plan, |ia, ib| rows_fixed::<$n, $form, false, T, U>(
                out,
                a,
                ia,
                b,
                ib,
                plan.block.next,
                &f
            ))
        };
        (any $form:ident) => {
            for_each_static_block!(plan, |ia, ib| rows_any::<$form, T, U>(
                out, a, ia, b, ib, plan.block, &f
            ))
        };
    }
    dispatch_rows!(plan.kind, run)
}

/// `out = f(out, b)` for static shapes `O` (of `out`) and `B` of at most
/// [`SMALL`] elements, as [`binary_unrolled`].
#[inline(always)]
pub fn assign_unrolled<O: Layout, B: Layout, T: Copy>(
    out: &mut [T],
    b: &[T],
    f: impl Fn(T, T) -> T,
) {
    assign_static(out, b, const { &StaticPlan::<O, O, B>::BLOCKS }, f)
}

/// `out = f(out, b)` by a compile-time plan, as [`binary_static`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn assign_static<T: Copy>(out: &mut [T], b: &[T], plan: &Blocks, f: impl Fn(T, T) -> T) {
    if plan.count == 0 {
        return;
    }
    let size = plan.block.inner.n * plan.block.next.n;
    let mut o = 0;
    macro_rules! run {
        (fixed $n:literal, $moves:literal) => {
            for_each_static_block!(plan, |_ia, ib| {
                assign_rows_fixed::<$n, $moves, false, T>(
                    &mut out[o..o + size],
                    b,
                    ib,
                    plan.block.next,
                    &f,
                );
                o += size;
            })
        };
        (any $moves:literal) => {
            for_each_static_block!(plan, |_ia, ib| {
                assign_rows_any::<$moves, T>(&mut out[o..o + size], b, ib, plan.block, &f);
                o += size;
            })
        };
    }
    dispatch_assign_rows!(plan.assign_kind, run)
}
