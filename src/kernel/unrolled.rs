//! The unrolled path for small static shapes: the plan and the offset of
//! every block computed by the compiler, and the one row loop a shape needs.

use super::SMALL;
use super::plan::{Block, PlanAxis, Prefix, plan_prefix};
use super::rows::*;
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
    pub const PLAN: Blocks = {
        // Evaluated for every operation (inline consts are, even in a branch
        // not taken), so layouts that do not take this path get an empty plan.
        let small = is_small::<O>() && A::STATIC && B::STATIC;
        Blocks::new(
            small,
            O::TEMPLATE.prefix(),
            A::TEMPLATE.prefix(),
            B::TEMPLATE.prefix(),
        )
    };
}

impl Blocks {
    /// The plan of an operation that does not take the unrolled path.
    pub const EMPTY: Blocks = Blocks::new(false, (&[], 0), (&[], 0), (&[], 0));

    /// The plan of `out = f(a, b)` for static sizes `o` (the output), `a`
    /// and `b` ([`Prefix`]es) of at most [`SMALL`] output elements; an
    /// empty plan unless `small` (callers evaluate this for every layout,
    /// see `BLOCKS`).
    pub const fn new(small: bool, o: Prefix, a: Prefix, b: Prefix) -> Blocks {
        let mut axes = [PlanAxis::UNIT; MAX_STATIC_RANK + 4];
        let n = if small {
            plan_prefix(o, a, b, &mut axes)
        } else {
            2
        };
        let mut offsets = [[0u8; 2]; SMALL];
        let mut idx = [0usize; MAX_STATIC_RANK + 2];
        let (mut ia, mut ib, mut count) = (0usize, 0usize, 0usize);
        let numel = crate::shape::list::saturating_numel(o.0, o.1);
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

/// A plan the compiler computed: its [`Blocks`] and row-loop codes as
/// constants of a type, so that the row loop is chosen when rustc
/// instantiates an operation. Chosen from a plan passed as a value, LLVM
/// received every row loop (25 of them) inlined into every operation, and
/// only then folded the choice: most of a release build of many small
/// operations.
pub trait ConstPlan {
    /// The plan.
    const BLOCKS: &'static Blocks;
    /// The row loop of `out = f(a, b)`: a code of `rows::row_kind`.
    const KIND: u8 = Self::BLOCKS.kind;
    /// The row loop of `out = f(out, b)`: a code of `rows::assign_kind`.
    const ASSIGN_KIND: u8 = Self::BLOCKS.assign_kind;
}

impl<O: Layout, A: Layout, B: Layout> ConstPlan for StaticPlan<O, A, B> {
    const BLOCKS: &'static Blocks = &Self::PLAN;
}

/// `out = f(a, b)` by the compile-time plan `P` (of at most [`SMALL`]
/// output elements): the one row loop the plan needs, every loop bound a
/// constant, which LLVM unrolls into the code of a hand-written loop.
#[inline(always)]
pub fn binary_unrolled<P: ConstPlan, T: Copy, U: Copy>(
    out: &mut [U],
    a: &[T],
    b: &[T],
    f: impl Fn(T, T) -> U,
) {
    // A build that does not unroll (`UNROLL`) never runs this; without a
    // body there, it does not evaluate the plan's constants for every
    // operation that names it.
    #[cfg(all(debug_assertions, not(test)))]
    {
        let _ = (out, a, b, f);
        unreachable!("only a build that unrolls runs the unrolled kernel")
    }
    #[cfg(any(not(debug_assertions), test))]
    {
        let plan = P::BLOCKS;
        macro_rules! run {
            (fixed $n:literal, $form:ident) => {
                binary_rows_fixed::<$n, $form, T, U>(out, a, b, plan, &f)
            };
            (any $form:ident) => {
                binary_rows_any::<$form, T, U>(out, a, b, plan, &f)
            };
        }
        // A constant: rustc compiles only the arm it selects.
        dispatch_rows!(P::KIND, run)
    }
}

/// `out = f(a, b)` by a plan passed as a value: [`binary_unrolled`]'s
/// loops, chosen at run time (the kernel's tests check every one).
pub fn binary_static<T: Copy, U: Copy>(
    out: &mut [U],
    a: &[T],
    b: &[T],
    plan: &Blocks,
    f: impl Fn(T, T) -> U,
) {
    macro_rules! run {
        (fixed $n:literal, $form:ident) => {
            binary_rows_fixed::<$n, $form, T, U>(out, a, b, plan, &f)
        };
        (any $form:ident) => {
            binary_rows_any::<$form, T, U>(out, a, b, plan, &f)
        };
    }
    dispatch_rows!(plan.kind, run)
}

/// Every block of `plan`, in rows of `N` elements of form `FORM`.
///
/// Plain index loops into the output slice: every bound and stride is a
/// constant of the plan, so LLVM unrolls them into the code of a hand-written
/// loop. Rows through the runtime kernel's [`Sink`](super::sink::Sink) and
/// fixed-size arrays cost LLVM 5% more of a release build of 500 small
/// operations (instructions) for the same code (`compile_bench`).
///
/// A function per row length `N` rather than [`binary_rows`] called with
/// the length: its instances are shared by every operation with rows of
/// that length and form (LLVM likely simplifies each once, with the length
/// fixed, before inlining it). Calling `binary_rows` directly from the
/// dispatch cost 1.3% more of that build (22.351 to 22.643 G).
#[inline(always)]
#[cfg_attr(all(debug_assertions, not(test)), allow(dead_code))] // see `dispatch_rows`
fn binary_rows_fixed<const N: usize, const FORM: u8, T: Copy, U: Copy>(
    out: &mut [U],
    a: &[T],
    b: &[T],
    plan: &Blocks,
    f: &impl Fn(T, T) -> U,
) {
    binary_rows::<FORM, T, U>(out, a, b, plan, N, f)
}

/// Every block of `plan`, in rows of any length of form `FORM`.
#[inline(always)]
fn binary_rows_any<const FORM: u8, T: Copy, U: Copy>(
    out: &mut [U],
    a: &[T],
    b: &[T],
    plan: &Blocks,
    f: &impl Fn(T, T) -> U,
) {
    binary_rows::<FORM, T, U>(out, a, b, plan, plan.block.inner.n, f)
}

/// Every block of `plan`, in rows of `len` elements of form `FORM`.
#[inline(always)]
fn binary_rows<const FORM: u8, T: Copy, U: Copy>(
    out: &mut [U],
    a: &[T],
    b: &[T],
    plan: &Blocks,
    len: usize,
    f: &impl Fn(T, T) -> U,
) {
    let next = plan.block.next;
    let mut o = 0;
    for_each_static_block!(plan, |ia, ib| for r in 0..next.n {
        let (ia, ib) = (ia + r * next.sa, ib + r * next.sb);
        for j in 0..len {
            out[o + j] = match FORM {
                BOTH => f(a[ia + j], b[ib + j]),
                A_ONLY => f(a[ia + j], b[ib]),
                B_ONLY => f(a[ia], b[ib + j]),
                _ => f(a[ia], b[ib]),
            };
        }
        o += len;
    })
}

/// `out = f(out, b)` by the compile-time plan `P` (of `out`'s shape and
/// `b`'s, at most [`SMALL`] elements), as [`binary_unrolled`].
#[inline(always)]
pub fn assign_unrolled<P: ConstPlan, T: Copy>(out: &mut [T], b: &[T], f: impl Fn(T, T) -> T) {
    // As in `binary_unrolled`.
    #[cfg(all(debug_assertions, not(test)))]
    {
        let _ = (out, b, f);
        unreachable!("only a build that unrolls runs the unrolled kernel")
    }
    #[cfg(any(not(debug_assertions), test))]
    {
        let plan = P::BLOCKS;
        macro_rules! run {
            (fixed $n:literal, $moves:literal) => {
                assign_rows_fixed_all::<$n, $moves, T>(out, b, plan, &f)
            };
            (any $moves:literal) => {
                assign_rows_any_all::<$moves, T>(out, b, plan, &f)
            };
        }
        dispatch_assign_rows!(P::ASSIGN_KIND, run)
    }
}

/// `out = f(out, b)` by a plan passed as a value, as [`binary_static`].
pub fn assign_static<T: Copy>(out: &mut [T], b: &[T], plan: &Blocks, f: impl Fn(T, T) -> T) {
    macro_rules! run {
        (fixed $n:literal, $moves:literal) => {
            assign_rows_fixed_all::<$n, $moves, T>(out, b, plan, &f)
        };
        (any $moves:literal) => {
            assign_rows_any_all::<$moves, T>(out, b, plan, &f)
        };
    }
    dispatch_assign_rows!(plan.assign_kind, run)
}

/// Every block of `out = f(out, b)` in rows of `N` elements (plain index
/// loops, and a function per `N`, as [`binary_rows_fixed`]).
#[inline(always)]
#[cfg_attr(all(debug_assertions, not(test)), allow(dead_code))] // see `dispatch_rows`
fn assign_rows_fixed_all<const N: usize, const B_MOVES: bool, T: Copy>(
    out: &mut [T],
    b: &[T],
    plan: &Blocks,
    f: &impl Fn(T, T) -> T,
) {
    assign_rows::<B_MOVES, T>(out, b, plan, N, f)
}

/// Every block of `out = f(out, b)` in rows of any length.
#[inline(always)]
fn assign_rows_any_all<const B_MOVES: bool, T: Copy>(
    out: &mut [T],
    b: &[T],
    plan: &Blocks,
    f: &impl Fn(T, T) -> T,
) {
    assign_rows::<B_MOVES, T>(out, b, plan, plan.block.inner.n, f)
}

/// Every block of `out = f(out, b)` in rows of `len` elements; `B_MOVES`:
/// whether `b` moves along the rows (else it stays put).
#[inline(always)]
fn assign_rows<const B_MOVES: bool, T: Copy>(
    out: &mut [T],
    b: &[T],
    plan: &Blocks,
    len: usize,
    f: &impl Fn(T, T) -> T,
) {
    let next = plan.block.next;
    let mut o = 0;
    for_each_static_block!(plan, |_ia, ib| for r in 0..next.n {
        let ib = ib + r * next.sb;
        for j in 0..len {
            let y = if B_MOVES { b[ib + j] } else { b[ib] };
            out[o + j] = f(out[o + j], y);
        }
        o += len;
    })
}
