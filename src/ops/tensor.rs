//! The arithmetic operators on static and mixed tensors.
//!
//! `a + b` broadcasts (`S: BroadcastWith<R>`), `a += b` requires the right side
//! to fit the left (`R: BroadcastTo<S>`); a scalar works on either side of a
//! binary operator and on the right of an assignment. Static shapes take the
//! compiler's plan (unrolled when small); a layout with a `Dyn` dimension
//! checks its runtime sizes and runs the same kernel; two named operands go
//! through the names layer ([`by_name`](super::by_name)) only when their
//! dimensions are out of order.

use alloc::vec::Vec;
use core::marker::PhantomData;
use core::ops::{
    Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Rem, RemAssign, Sub, SubAssign,
};

use super::binary_op::{AddOp, BinaryOp, DivOp, MulOp, RemOp, SubOp, assign_swapped};
use crate::element::Element;
use crate::error::{ShapeError, checked_numel};
use crate::kernel;
use crate::shape::broadcast::{
    Broadcast, BroadcastTo, BroadcastWith, broadcast_into, check_broadcast_to,
};
use crate::shape::dim::Flag;
use crate::shape::list::{Dims, Layout, MAX_STATIC_RANK};
use crate::shape::names::{in_order, in_order_in_place};
use crate::shape::storage::{Buffer, Elements};
use crate::tensor::Tensor;

impl<T: Element, S: Layout> Tensor<T, S> {
    /// `self = self op rhs`, `rhs` broadcast to `S` (checked at run time
    /// where a size is `Dyn`; panics with the PyTorch message).
    #[inline(always)]
    #[track_caller]
    pub(crate) fn assign<Op: BinaryOp<T>, R: BroadcastTo<S>>(&mut self, rhs: &Tensor<T, R>) {
        // `rhs` as the kernel sees it: `R`, or for two named operands, `R`
        // laid out in `S`'s order.
        type Src<S, R> = <R as BroadcastTo<S>>::Source;
        let named = S::NAMED && R::NAMED;
        // As in `RhsOf::ref_ref`: the runtime path only where it can be needed.
        if (!(S::STATIC && R::STATIC) || (named && !const { in_order_in_place::<S, R>() }))
            && let Some(out) = MayRun::<S, R>::then(|| self.layout_assign::<Op, R>(rhs))
        {
            or_panic(out);
            return;
        }
        or_panic(Op::check_for(self.as_slice(), rhs.as_slice()));
        if const { kernel::is_small::<S>() } {
            // An empty result has nothing to compute, and `rhs` may then
            // be large (`[0, 2000] += [1, 2000]`): no copy of it.
            if const { S::TEMPLATE_NUMEL == 0 } {
                return;
            }
            // `rhs` read from a copy on the stack, which LLVM knows `self`
            // does not overlap, so that it keeps `rhs` in registers across
            // rows and updates `self` row by row, as a hand loop does. (A
            // copy of `self` instead, written back at the end, made LLVM
            // load all of it before storing any: case B of the broadcast
            // bench, 120 `f32`s, spilled 16 vectors and took 1.45 times the
            // hand loop's time.) `rhs` has at most `self`'s elements.
            let rhs = rhs.clone();
            kernel::assign_unrolled::<kernel::StaticPlan<S, S, Src<S, R>>, T>(
                self.as_mut_slice(),
                rhs.as_slice(),
                Op::apply,
            );
        } else {
            kernel::assign(
                self.as_mut_slice(),
                &S::TEMPLATE,
                rhs.as_slice(),
                &Src::<S, R>::TEMPLATE,
                Op::apply,
            );
        }
    }

    /// `self op scalar`, or `scalar op self` when `swap`.
    #[inline(always)]
    #[track_caller]
    pub(crate) fn scalar<Op: BinaryOp<T>>(&self, x: T, swap: bool) -> Self {
        or_panic(if swap {
            Op::check(self.as_slice())
        } else {
            Op::check_for(self.as_slice(), &[x])
        });
        let mut out = self.clone();
        if swap {
            kernel::map(out.as_mut_slice(), self.as_slice(), |a| Op::apply(x, a));
        } else {
            kernel::map(out.as_mut_slice(), self.as_slice(), |a| Op::apply(a, x));
        }
        out
    }
}

/// The storage of a tensor of elements `T` and layout `S`.
type Data<T, S> = <S as Layout>::Data<T>;

/// `B1` when `S op R` can take the runtime path: a size known only at run
/// time, or two named operands (which may be out of order).
type MayRun<S, R> = <<<S as Layout>::Dynamic as Flag>::Or<<R as Layout>::Dynamic> as Flag>::Or<
    <<S as Layout>::Named as Flag>::And<<R as Layout>::Named>,
>;

/// The right operand's side of `S: BroadcastWith<R>`: the bound the
/// operators `+ - * / %` name, implemented for every `R` with
/// `S: BroadcastWith<R>`. Generic code names `S: BroadcastWith<R>`, never
/// this one; it appears in compile errors as "required for `R` to implement
/// `RhsOf<S>`".
///
/// Why it exists: rustc checks `a + b` before it knows `b`'s type, against
/// every `Add` impl of `a`'s type. A bound whose `Self` is still unknown is
/// set aside at once, while `S: BroadcastWith<?>` was explored through the
/// whole broadcasting rule for each candidate impl, a large share of the
/// type checking of every operation.
///
/// Its methods are the operation itself, not a layer in front of it: an
/// operator calls the one that runs, so that an operation is two functions
/// (the operator and this) for rustc to compile per pair of shapes. The
/// flags say which one runs for owned operands.
pub trait RhsOf<S: Layout>: Layout {
    /// `Broadcast<S, Self>`.
    type Out: Layout;
    /// Whether an owned left operand holds the result (`val_ref` runs).
    #[doc(hidden)]
    const LENDS_LHS: bool;
    /// Whether an owned right operand holds the result (`ref_val` runs).
    #[doc(hidden)]
    const LENDS_RHS: bool;
    /// `&a op &b`.
    fn ref_ref<T: Element, Op: BinaryOp<T>>(
        a: &Tensor<T, S>,
        b: &Tensor<T, Self>,
    ) -> Tensor<T, Self::Out>;
    /// `a op &b`, computed in `a`'s storage when `LENDS_LHS`.
    fn val_ref<T: Element, Op: BinaryOp<T>>(
        a: Tensor<T, S>,
        b: &Tensor<T, Self>,
    ) -> Tensor<T, Self::Out>;
    /// `&a op b`, computed in `b`'s storage when `LENDS_RHS`.
    fn ref_val<T: Element, Op: BinaryOp<T>>(
        a: &Tensor<T, S>,
        b: Tensor<T, Self>,
    ) -> Tensor<T, Self::Out>;
}

impl<S: BroadcastWith<R>, R: Layout> RhsOf<S> for R {
    type Out = Broadcast<S, R>;
    const LENDS_LHS: bool = StaticOp::<S, R>::PLAN.lends[0];
    const LENDS_RHS: bool = StaticOp::<S, R>::PLAN.lends[1];

    /// Static shapes take the compiler's plan (unrolled when small); a
    /// shape with a `Dyn` dimension is checked at run time and panics with
    /// the PyTorch message on a mismatch.
    ///
    /// `#[inline]`, not `always`: LLVM still inlines a small operation into
    /// a small caller (the benchmarks' static A and B run as before), but
    /// no longer pastes hundreds of unrolled operations into one huge
    /// function, which made the release build of 500 operations in `main`
    /// 2.5 times slower.
    #[inline]
    #[track_caller]
    fn ref_ref<T: Element, Op: BinaryOp<T>>(
        a: &Tensor<T, S>,
        b: &Tensor<T, R>,
    ) -> Tensor<T, Self::Out> {
        type Out<S, R> = Broadcast<S, R>;
        // A runtime size, or named operands out of order (a permuting copy):
        // the runtime path, named through the flag so that other operations
        // never name it (see `Flag::then`). Its error is unwrapped here, the
        // panic at the caller's line, not by `or_panic`, which was one more
        // function per operation with a `Dyn`.
        if !StaticOp::<S, R>::FAST
            && let Some(out) = MayRun::<S, R>::then(|| a.layout_binary::<Op, R>(b))
        {
            return match out {
                Ok(t) => t,
                Err(e) => crate::error::fail(e),
            };
        }
        // By value: the plan is a few words, where a `const` block or a
        // `&PLAN` is one more evaluation for rustc per function and pair.
        let plan = StaticOp::<S, R>::PLAN;
        let Some(ext) = Out::<S, R>::STATIC_EXTENTS else {
            unreachable!("both operands are static, so is the result")
        };
        // Only the storage and the choice of kernel are here, per pair of
        // shapes; the checks and the runtime kernel's calls are `OpPlan`'s,
        // shared by every pair. The unrolled kernel is this pair's own: its
        // plan, a constant, selects its one row loop as rustc compiles it.
        //
        // The storage's own functions rather than `Tensor`'s, here and
        // below: a debug build compiles every function once per shape, and
        // the wrappers an operation went through (`Tensor::as_slice`,
        // `from_parts`, `Layout`'s storage constructors, since removed) were
        // a fifth of the functions of a program of 500 operations.
        let (a, b) = (a.data.as_slice(), b.data.as_slice());
        let numel = Out::<S, R>::TEMPLATE_NUMEL;
        let data = if Out::<S, R>::INLINE {
            // Filled in this code in an optimised build, so that the fill
            // folds into the kernel's writes; a debug build fills every
            // shape through one function (`storage::fill`). Chosen by
            // `cfg`: rustc walks the functions a branch not taken names.
            #[cfg(all(debug_assertions, not(test)))]
            let mut out: Data<T, Out<S, R>> = Buffer::filled(T::zero(), numel);
            #[cfg(any(not(debug_assertions), test))]
            let mut out: Data<T, Out<S, R>> = Buffer::filled_for_overwrite(T::zero(), numel);
            // Chosen here, by a constant, so that a release build does not
            // hand LLVM the unrolled kernel of an operation that cannot take it.
            if StaticOp::<S, R>::SMALL {
                plan.check::<T, Op>(a, b);
                kernel::binary_unrolled::<StaticOp<S, R>, T, T>(
                    out.as_mut_slice(),
                    a,
                    b,
                    Op::apply,
                );
            } else {
                plan.run_into::<T, Op>(a, b, out.as_mut_slice());
            }
            out
        } else {
            Buffer::from_vec(plan.run_vec::<T, Op>(a, b), numel)
        };
        Tensor { data, ext }
    }

    /// A heap tensor whose shape is the result's lends its storage
    /// (`a op= b` in place, then the same buffer under the result's type),
    /// so `(x - &m) / &s` allocates once for `x` and never again.
    ///
    /// `#[inline]`, not `always` (nor is `ref_val`): only heap results lend,
    /// for which a call costs nothing measurable, and a debug build then
    /// does not paste the body into the operator.
    #[inline]
    #[track_caller]
    fn val_ref<T: Element, Op: BinaryOp<T>>(
        mut a: Tensor<T, S>,
        b: &Tensor<T, R>,
    ) -> Tensor<T, Self::Out> {
        if !<R as RhsOf<S>>::LENDS_LHS {
            return <R as RhsOf<S>>::ref_ref::<T, Op>(&a, b);
        }
        let dims = StaticOp::<S, R>::PLAN.dims;
        // No legacy check: the operand has the result's sizes, so the
        // result is not larger than it, which a legacy broadcast's is.
        or_panic(Op::check_for(a.data.as_slice(), b.data.as_slice()));
        kernel::assign(
            a.data.as_mut_slice(),
            dims[0],
            b.data.as_slice(),
            dims[2],
            Op::apply,
        );
        // The same buffer under the result's type (the same sizes). Written
        // out here and in `ref_val` rather than in a helper, which a debug
        // build compiled once more per operation.
        let Some(ext) = Broadcast::<S, R>::STATIC_EXTENTS else {
            unreachable!("only a static operand lends its storage")
        };
        let numel = Broadcast::<S, R>::TEMPLATE_NUMEL;
        Tensor {
            data: Buffer::from_vec(a.data.into_vec(), numel),
            ext,
        }
    }

    /// `b`'s storage holds the result when it is a heap tensor of the
    /// result's shape (see [`val_ref`](RhsOf::val_ref)).
    #[inline]
    #[track_caller]
    fn ref_val<T: Element, Op: BinaryOp<T>>(
        a: &Tensor<T, S>,
        mut b: Tensor<T, R>,
    ) -> Tensor<T, Self::Out> {
        if !<R as RhsOf<S>>::LENDS_RHS {
            return <R as RhsOf<S>>::ref_ref::<T, Op>(a, &b);
        }
        let dims = StaticOp::<S, R>::PLAN.dims;
        // No legacy check, as in `val_ref`.
        or_panic(Op::check_for(a.data.as_slice(), b.data.as_slice()));
        assign_swapped::<T, Op>(b.data.as_mut_slice(), dims[0], a.data.as_slice(), dims[1]);
        // As in `val_ref`.
        let Some(ext) = Broadcast::<S, R>::STATIC_EXTENTS else {
            unreachable!("only a static operand lends its storage")
        };
        let numel = Broadcast::<S, R>::TEMPLATE_NUMEL;
        Tensor {
            data: Buffer::from_vec(b.data.into_vec(), numel),
            ext,
        }
    }
}

macro_rules! binary_ops {
    ($($Trait:ident $method:ident $Assign:ident $assign:ident $Op:ident),*) => {$(
        // Each calls the `RhsOf` method that runs, chosen by constants
        // (rustc compiles only the branch taken). The methods name their
        // result's type rather than `Self::Output`: rustc normalises the
        // signature of every function it compiles, and `Self::Output` goes
        // through this impl and then `RhsOf` where `R::Out` is the
        // normalisation `ref_ref`'s signature has already cached (2% of a
        // debug build of 500 operations).
        impl<T: Element, S: Layout, R: RhsOf<S>> $Trait<Tensor<T, R>> for Tensor<T, S> {
            type Output = Tensor<T, R::Out>;
            #[track_caller]
            #[inline(always)]
            fn $method(self, rhs: Tensor<T, R>) -> Tensor<T, R::Out> {
                if R::LENDS_LHS {
                    R::val_ref::<T, $Op>(self, &rhs)
                } else if R::LENDS_RHS {
                    R::ref_val::<T, $Op>(&self, rhs)
                } else {
                    R::ref_ref::<T, $Op>(&self, &rhs)
                }
            }
        }
        impl<T: Element, S: Layout, R: RhsOf<S>> $Trait<&Tensor<T, R>> for Tensor<T, S> {
            type Output = Tensor<T, R::Out>;
            #[track_caller]
            #[inline(always)]
            fn $method(self, rhs: &Tensor<T, R>) -> Tensor<T, R::Out> {
                if R::LENDS_LHS {
                    R::val_ref::<T, $Op>(self, rhs)
                } else {
                    R::ref_ref::<T, $Op>(&self, rhs)
                }
            }
        }
        impl<T: Element, S: Layout, R: RhsOf<S>> $Trait<Tensor<T, R>> for &Tensor<T, S> {
            type Output = Tensor<T, R::Out>;
            #[track_caller]
            #[inline(always)]
            fn $method(self, rhs: Tensor<T, R>) -> Tensor<T, R::Out> {
                if R::LENDS_RHS {
                    R::ref_val::<T, $Op>(self, rhs)
                } else {
                    R::ref_ref::<T, $Op>(self, &rhs)
                }
            }
        }
        impl<T: Element, S: Layout, R: RhsOf<S>> $Trait<&Tensor<T, R>> for &Tensor<T, S> {
            type Output = Tensor<T, R::Out>;
            #[track_caller]
            #[inline(always)]
            fn $method(self, rhs: &Tensor<T, R>) -> Tensor<T, R::Out> {
                R::ref_ref::<T, $Op>(self, rhs)
            }
        }
        impl<T: Element, S: Layout> $Trait<T> for Tensor<T, S> {
            type Output = Tensor<T, S>;
            /// In `self`'s own storage: no allocation.
            #[track_caller]
            #[inline(always)]
            fn $method(mut self, rhs: T) -> Tensor<T, S> {
                or_panic(<$Op as BinaryOp<T>>::check_for(self.as_slice(), &[rhs]));
                kernel::map_in_place(self.as_mut_slice(), |a| $Op::apply(a, rhs));
                self
            }
        }
        impl<T: Element, S: Layout> $Trait<T> for &Tensor<T, S> {
            type Output = Tensor<T, S>;
            #[track_caller]
            #[inline(always)]
            fn $method(self, rhs: T) -> Tensor<T, S> {
                self.scalar::<$Op>(rhs, false)
            }
        }
        impl<T: Element, S: Layout, R: BroadcastTo<S>> $Assign<Tensor<T, R>> for Tensor<T, S> {
            #[track_caller]
            #[inline(always)]
            fn $assign(&mut self, rhs: Tensor<T, R>) {
                self.assign::<$Op, R>(&rhs)
            }
        }
        impl<T: Element, S: Layout, R: BroadcastTo<S>> $Assign<&Tensor<T, R>> for Tensor<T, S> {
            #[track_caller]
            #[inline(always)]
            fn $assign(&mut self, rhs: &Tensor<T, R>) {
                self.assign::<$Op, R>(rhs)
            }
        }
        impl<T: Element, S: Layout> $Assign<T> for Tensor<T, S> {
            #[track_caller]
            #[inline(always)]
            fn $assign(&mut self, rhs: T) {
                or_panic(<$Op as BinaryOp<T>>::check_for(self.as_slice(), &[rhs]));
                kernel::map_in_place(self.as_mut_slice(), |a| $Op::apply(a, rhs));
            }
        }
    )*};
}
binary_ops!(
    Add add AddAssign add_assign AddOp,
    Sub sub SubAssign sub_assign SubOp,
    Mul mul MulAssign mul_assign MulOp,
    Div div DivAssign div_assign DivOp,
    Rem rem RemAssign rem_assign RemOp
);

// `2.0 * t`: the scalar on the left needs one impl per primitive type (a
// foreign type on the left of a generic impl is not allowed). Hidden from
// rustdoc only (`cfg(doc)`, so that compiler messages are unchanged), where
// their 140 entries buried `Tensor`'s page; `Tensor`'s doc and the guide's
// broadcasting chapter say they exist.
macro_rules! scalar_lhs_ops {
    ($($t:ty)*) => {$(
        scalar_lhs_ops!(@one $t, Add add AddOp, Sub sub SubOp, Mul mul MulOp, Div div DivOp, Rem rem RemOp);
    )*};
    (@one $t:ty, $($Trait:ident $method:ident $Op:ident),*) => {$(
        #[cfg_attr(doc, doc(hidden))]
        impl<S: Layout> $Trait<Tensor<$t, S>> for $t {
            type Output = Tensor<$t, S>;
            /// In `rhs`'s own storage: no allocation.
            #[track_caller]
            #[inline(always)]
            fn $method(self, mut rhs: Tensor<$t, S>) -> Tensor<$t, S> {
                or_panic(<$Op as BinaryOp<$t>>::check(rhs.as_slice()));
                kernel::map_in_place(rhs.as_mut_slice(), |a| $Op::apply(self, a));
                rhs
            }
        }
        #[cfg_attr(doc, doc(hidden))]
        impl<S: Layout> $Trait<&Tensor<$t, S>> for $t {
            type Output = Tensor<$t, S>;
            #[track_caller]
            #[inline(always)]
            fn $method(self, rhs: &Tensor<$t, S>) -> Tensor<$t, S> {
                rhs.scalar::<$Op>(self, true)
            }
        }
    )*};
}
scalar_lhs_ops!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize f32 f64);

impl<T: Element + Neg<Output = T>, S: Layout> Neg for Tensor<T, S> {
    type Output = Tensor<T, S>;
    /// In `self`'s own storage: no allocation.
    #[inline(always)]
    fn neg(self) -> Self {
        self.into_map(Element::neg_elem)
    }
}

impl<T: Element + Neg<Output = T>, S: Layout> Neg for &Tensor<T, S> {
    type Output = Tensor<T, S>;
    #[inline(always)]
    fn neg(self) -> Tensor<T, S> {
        self.map(Element::neg_elem)
    }
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// `self op rhs` for any layouts: the broadcast shape checked at run
    /// time, the output built by the shared kernel.
    ///
    /// Compiled per pair of layouts (for every operation with a `Dyn`), so
    /// it only reads the operands and builds the result's type: the work
    /// is [`runtime_binary`]'s, one copy per element type and operation. A
    /// `match`, not `?`, which would compile a conversion per result type.
    #[inline(never)]
    pub(crate) fn layout_binary<Op: BinaryOp<T>, R: Layout>(
        &self,
        rhs: &Tensor<T, R>,
    ) -> Result<Tensor<T, Broadcast<S, R>>, ShapeError>
    where
        S: BroadcastWith<R>,
    {
        if S::NAMED && R::NAMED {
            return self.by_name::<Op, R>(rhs);
        }
        let (a, b) = (S::dims(&self.ext), R::dims(&rhs.ext));
        match runtime_binary::<T, Op>(self.data.as_slice(), &a, rhs.data.as_slice(), &b) {
            Ok((data, out)) => Ok(Tensor::from_checked(data, &out)),
            Err(e) => Err(e),
        }
    }

    /// `self op= rhs` for any layouts; `self` is unchanged on error. The
    /// work is [`runtime_assign`]'s (see [`layout_binary`](Self::layout_binary)).
    #[inline(never)]
    pub(crate) fn layout_assign<Op: BinaryOp<T>, R>(
        &mut self,
        rhs: &Tensor<T, R>,
    ) -> Result<(), ShapeError>
    where
        R: BroadcastTo<S>,
    {
        if S::NAMED && R::NAMED {
            return self.assign_by_name::<Op, R>(rhs);
        }
        let (a, b) = (S::dims(&self.ext), R::dims(&rhs.ext));
        runtime_assign::<T, Op>(self.data.as_mut_slice(), &a, rhs.data.as_slice(), &b)
    }
}

/// `a op b` for operands of runtime sizes `a_dims` and `b_dims`: the
/// broadcast shape and the result's elements, or the PyTorch error.
#[inline(never)]
fn runtime_binary<T: Element, Op: BinaryOp<T>>(
    a: &[T],
    a_dims: &[usize],
    b: &[T],
    b_dims: &[usize],
) -> Result<(Vec<T>, Dims), ShapeError> {
    let rank = a_dims.len().max(b_dims.len());
    let mut out = Dims::from_slice(&[0; MAX_STATIC_RANK][..rank]);
    broadcast_into(a_dims, b_dims, out.as_mut_slice())?;
    Op::check_for(a, b)?;
    let n = checked_numel::<T>(&out)?;
    let mut data = crate::error::try_vec(n, &out)?;
    kernel::binary_onto_vec(&mut data, &out, a, a_dims, b, b_dims, Op::apply);
    Ok((data, out))
}

/// `out op= b` for runtime sizes `out_dims` and `b_dims`; `out` is
/// unchanged on error.
#[inline(never)]
fn runtime_assign<T: Element, Op: BinaryOp<T>>(
    out: &mut [T],
    out_dims: &[usize],
    b: &[T],
    b_dims: &[usize],
) -> Result<(), ShapeError> {
    check_broadcast_to(out_dims, b_dims)?;
    Op::check_for(out, b)?;
    kernel::assign(out, out_dims, b, b_dims, Op::apply);
    Ok(())
}

macro_rules! try_methods {
    ($($try:ident $try_assign:ident $Op:ident $sym:literal),*) => {
        impl<T: Element, S: Layout> Tensor<T, S> {$(
            #[doc = concat!("`self ", $sym, " rhs`, or the PyTorch error where a `Dyn` dimension's runtime size does not broadcast (never, for fully static shapes).")]
            pub fn $try<R: Layout>(&self, rhs: &Tensor<T, R>) -> Result<Tensor<T, Broadcast<S, R>>, ShapeError>
            where
                S: BroadcastWith<R>,
            {
                self.layout_binary::<$Op, R>(rhs)
            }
            #[doc = concat!("`self ", $sym, "= rhs` with the sizes of `Dyn` dimensions checked at run time; `self` is unchanged on error.")]
            pub fn $try_assign<R>(&mut self, rhs: &Tensor<T, R>) -> Result<(), ShapeError>
            where
                R: BroadcastTo<S>,
            {
                self.layout_assign::<$Op, R>(rhs)
            }
        )*}
    };
}
try_methods!(
    try_add try_add_assign AddOp "+",
    try_sub try_sub_assign SubOp "-",
    try_mul try_mul_assign MulOp "*",
    try_div try_div_assign DivOp "/",
    try_rem try_rem_assign RemOp "%"
);

/// What the compiler works out about a static operation `L op R`, in one
/// constant per pair of layouts: each constant (and each `const` block) is
/// a separate evaluation for rustc, and they were a large share of what an
/// operation cost to build. The flags below are read in `if`s, which rustc
/// resolves per pair before it compiles a branch: a path not taken is not
/// compiled for that pair.
struct StaticOp<L, R>(PhantomData<(L, R)>);

/// The fields of [`StaticOp::PLAN`].
struct OpPlan {
    /// Both static, positional or named in the same order: the compiler's
    /// plan; otherwise the runtime path (`layout_binary`).
    fast: bool,
    /// A legacy broadcast (see [`legacy`](crate::legacy)).
    #[cfg(feature = "std")]
    legacy: bool,
    /// At most [`kernel::SMALL`] output elements, in a build that unrolls
    /// ([`kernel::UNROLL`]): the unrolled kernel.
    small: bool,
    /// Whether the owned left (right) operand can hold the result.
    lends: [bool; 2],
    /// The sizes of the result and of the operands as the kernel sees them:
    /// references to the layouts' own constants, so that this constant
    /// stays small (rustc copies and checks every byte of it per pair).
    /// The unrolled kernel's plan, some 370 bytes, is a constant of its own
    /// ([`kernel::ConstPlan::BLOCKS`]), which only a build that unrolls
    /// evaluates: inside this one, it was 3.5% of a debug build's instructions.
    dims: [&'static Dims; 3],
}

impl<L: BroadcastWith<R>, R: Layout> StaticOp<L, R> {
    const PLAN: OpPlan = {
        type Out<L, R> = Broadcast<L, R>;
        let named = L::NAMED && R::NAMED;
        // Positional operands are what the kernel sees; naming the
        // operands as the kernel sees them only for named ones spares
        // rustc working out those two types for every other operation.
        let dims = if named {
            kernel_dims::<L, R>()
        } else {
            [&Out::<L, R>::TEMPLATE, &L::TEMPLATE, &R::TEMPLATE]
        };
        // Element counts are each layout's own constant, worked out once per
        // layout, and sizes are compared only where the counts allow a match:
        // this constant, evaluated for every pair of shapes, was the largest
        // part of constant evaluation in a build, and taking a slice is a
        // chain of calls for rustc's evaluator.
        let (no, na, nb) = (
            Out::<L, R>::TEMPLATE_NUMEL,
            L::TEMPLATE_NUMEL,
            R::TEMPLATE_NUMEL,
        );
        let fast = L::STATIC && R::STATIC && (!named || in_order::<L, R>());
        let small = fast && kernel::is_small::<Out<L, R>>();
        // Legacy broadcasts are positional: `a`, `b` are the operands' sizes.
        #[cfg(feature = "std")]
        let legacy = fast && !named && crate::legacy::is_legacy(dims[1], dims[2], na, nb, no);
        // An owned operand lends its storage when the result is on the heap
        // (inline results are no allocation to save) and the operand, as the
        // kernel sees it, has exactly the result's sizes.
        let heap = fast && !Out::<L, R>::INLINE;
        let lends = [
            heap && na == no && dims[1].same(dims[0]),
            heap && nb == no && dims[2].same(dims[0]),
        ];
        OpPlan {
            fast,
            #[cfg(feature = "std")]
            legacy,
            small,
            lends,
            dims,
        }
    };
    const FAST: bool = Self::PLAN.fast;
    const SMALL: bool = Self::PLAN.small;
}

impl<L: BroadcastWith<R>, R: Layout> kernel::ConstPlan for StaticOp<L, R> {
    // Evaluated only where the unrolled kernel is compiled: never in a debug
    // build, and for large results in a release build only as the empty plan.
    const BLOCKS: &'static kernel::Blocks = &{
        if Self::SMALL {
            let [o, a, b] = Self::PLAN.dims;
            kernel::Blocks::new(true, o.prefix(), a.prefix(), b.prefix())
        } else {
            kernel::Blocks::EMPTY
        }
    };
}

impl OpPlan {
    /// `out = a op b` for results too large for the unrolled kernel, by the
    /// runtime kernel into inline storage: never inlined, one copy for
    /// every pair of shapes.
    #[track_caller]
    #[inline(never)]
    fn run_into<T: Element, Op: BinaryOp<T>>(&self, a: &[T], b: &[T], out: &mut [T]) {
        self.check::<T, Op>(a, b);
        let [o, da, db] = self.dims;
        kernel::binary_into(out, o, a, da, b, db, Op::apply);
    }

    /// [`run_into`](Self::run_into) for a result on the heap: its `Vec`,
    /// written without a pass zeroing it first.
    #[track_caller]
    #[inline(never)]
    fn run_vec<T: Element, Op: BinaryOp<T>>(&self, a: &[T], b: &[T]) -> Vec<T> {
        self.check::<T, Op>(a, b);
        let [o, da, db] = self.dims;
        let mut out = Vec::new();
        kernel::binary_onto_vec(&mut out, o, a, da, b, db, Op::apply);
        out
    }

    /// The checks of `a op b` before the kernel: the operation's own (a
    /// zero divisor) and the legacy-broadcast hook.
    #[track_caller]
    #[inline(always)]
    fn check<T: Element, Op: BinaryOp<T>>(&self, a: &[T], b: &[T]) {
        or_panic(Op::check_for(a, b));
        #[cfg(feature = "std")]
        if self.legacy {
            // Positional operands only: `dims[1]`, `dims[2]` are the
            // operands' own sizes.
            crate::legacy::check(self.dims[1], self.dims[2], self.dims[0]);
        }
    }
}

/// The sizes of the result of `L op R` and of its operands as the kernel
/// sees them ([`BroadcastWith::Lhs`], [`BroadcastWith::Rhs`]).
const fn kernel_dims<L: BroadcastWith<R>, R: Layout>() -> [&'static Dims; 3] {
    [
        &Broadcast::<L, R>::TEMPLATE,
        &<L as BroadcastWith<R>>::Lhs::TEMPLATE,
        &<L as BroadcastWith<R>>::Rhs::TEMPLATE,
    ]
}

/// The value, or a panic with the error's message at the caller's line
/// (every function between the user's call and here is `#[track_caller]`).
#[track_caller]
pub(crate) fn or_panic<X>(r: Result<X, ShapeError>) -> X {
    match r {
        Ok(x) => x,
        Err(e) => crate::error::fail(e),
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use crate::legacy::{self, LegacyBroadcast};
    use crate::{Tensor, shape};
    use alloc::vec::Vec;
    use core::sync::atomic::{AtomicUsize, Ordering};

    /// A static legacy broadcast reaches the hook, by reference and owned;
    /// a broadcast that is not one does not. Counted by shapes, as other
    /// tests may run operations while the hook is set.
    #[test]
    #[allow(clippy::op_ref)] // `&a + &b` is a path of its own (`ref_ref`)
    fn static_legacy_broadcasts_reach_the_hook() {
        static SEEN: AtomicUsize = AtomicUsize::new(0);
        fn record(w: &LegacyBroadcast<'_>) {
            if (w.a, w.b, w.result) == (&[4, 1][..], &[4][..], &[4, 4][..]) {
                SEEN.fetch_add(1, Ordering::Relaxed);
            }
            if w.a == [2, 1] {
                SEEN.fetch_add(100, Ordering::Relaxed);
            }
        }
        let (a, b) = (
            Tensor::<f32, shape![4, 1]>::ones(),
            Tensor::<f32, shape![4]>::ones(),
        );
        legacy::set_hook(Some(record));
        let c = &a + &b;
        let d = a + b;
        // Different counts: not a legacy broadcast.
        let e = Tensor::<f32, shape![2, 1]>::ones() + Tensor::<f32, shape![3]>::ones();
        legacy::set_hook(None);
        assert_eq!(SEEN.load(Ordering::Relaxed), 2);
        assert_eq!((c, e.as_slice()[5]), (d, 2.0));
    }

    /// `x - b` by a flat index loop, `b` (sizes `bd`) broadcast to `x`'s
    /// sizes `xd` (aligned on the right, a size 1 stretched).
    fn sub_reference(x: &[i64], xd: &[usize], b: &[i64], bd: &[usize]) -> Vec<i64> {
        (0..x.len())
            .map(|flat| {
                let (mut rest, mut off, mut stride) = (flat, 0, 1);
                for k in (0..xd.len()).rev() {
                    let i = rest % xd[k];
                    rest /= xd[k];
                    if let Some(kb) = (k + bd.len()).checked_sub(xd.len()) {
                        if bd[kb] != 1 {
                            off += i * stride;
                        }
                        stride *= bd[kb];
                    }
                }
                x[flat] - b[off]
            })
            .collect()
    }

    /// Small static `x -= b` (the unrolled path in this build, which works
    /// on `x` in place and reads a copy of `b`) against an index loop, by
    /// reference and by value: `-` so that swapped operands would show.
    #[test]
    fn small_static_in_place_matches_an_index_loop() {
        macro_rules! check {
            ([$($x:literal),*], [$($b:literal),*]) => {{
                let (xd, bd) = (&[$($x),*][..], &[$($b),*][..]);
                let vx: Vec<i64> = (0..xd.iter().product::<usize>() as i64).map(|i| i * 7 % 13 - 6).collect();
                let vb: Vec<i64> = (0..bd.iter().product::<usize>() as i64).map(|i| i * 5 % 11 - 4).collect();
                let x = Tensor::<i64, shape![$($x),*]>::from_slice(&vx).unwrap();
                let b = Tensor::<i64, shape![$($b),*]>::from_slice(&vb).unwrap();
                let want = sub_reference(&vx, xd, &vb, bd);
                let mut by_ref = x.clone();
                by_ref -= &b;
                assert_eq!(by_ref.as_slice(), &want[..], "{xd:?} -= &{bd:?}");
                let mut by_val = x;
                by_val -= b;
                assert_eq!(by_val.as_slice(), &want[..], "{xd:?} -= {bd:?}");
            }};
        }
        check!([5, 3, 4, 2], [3, 1, 2]); // rows of 2, `b` one row per block
        check!([4, 3], [1, 3]);
        check!([4, 3], [4, 1]);
        check!([8, 16], [8, 16]); // `b` as large as `x`: `SMALL` elements
        check!([2, 3, 4], [3, 1]);
        check!([3], [1]);
        check!([0, 3], [1, 3]); // empty: nothing computed
    }
}
