//! The arithmetic operators on static tensors.
//!
//! `a + b` broadcasts (`S: BroadcastWith<R>`), `a += b` requires the right side
//! to fit the left (`R: BroadcastTo<S>`); a scalar works on either side of a
//! binary operator and on the right of an assignment. All go through the one
//! kernel; the operations are the zero-sized types below so that the kernel is
//! instantiated per element type and operation, never per shape.

use core::ops::{
    Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Rem, RemAssign, Sub, SubAssign,
};

use crate::broadcast::{Broadcast, BroadcastTo, BroadcastWith};
use crate::element::Element;
use crate::kernel;
use crate::static_named::{in_order, in_order_in_place};
use alloc::vec::Vec;

use crate::shape::Layout;
use crate::storage::Elements;
use crate::tensor::Tensor;

/// An elementwise binary operation.
pub trait BinaryOp<T> {
    /// `a op b`.
    fn apply(a: T, b: T) -> T;
}

macro_rules! op_types {
    ($($Op:ident $Trait:ident $method:ident $sym:literal),*) => {$(
        #[doc = concat!("The operation `a ", $sym, " b`.")]
        #[derive(Debug, Clone, Copy)]
        pub struct $Op;
        impl<T: $Trait<Output = T>> BinaryOp<T> for $Op {
            #[inline(always)]
            fn apply(a: T, b: T) -> T {
                a.$method(b)
            }
        }
    )*};
}
op_types!(AddOp Add add "+", SubOp Sub sub "-", MulOp Mul mul "*", DivOp Div div "/", RemOp Rem rem "%");

impl<T: Element, S: Layout> Tensor<T, S> {
    /// `self op rhs` with broadcasting. Static shapes take the compiler's
    /// plan (unrolled when small); a shape with a `Dyn` dimension is checked
    /// at run time and panics with the PyTorch message on a mismatch.
    #[inline(always)]
    pub(crate) fn binary<Op: BinaryOp<T>, R: Layout>(
        &self,
        rhs: &Tensor<T, R>,
    ) -> Tensor<T, Broadcast<S, R>>
    where
        S: BroadcastWith<R>,
    {
        type Out<S, R> = Broadcast<S, R>;
        // The operands as the kernel sees them: `S` and `R`, or for two
        // named operands, the shorter laid out in the longer one's order.
        type Lhs<S, R> = <S as BroadcastWith<R>>::Lhs;
        type Rhs<S, R> = <S as BroadcastWith<R>>::Rhs;
        let named = S::NAMED && R::NAMED;
        // Named operands out of order need a permuting copy: the runtime path.
        if !(S::STATIC && R::STATIC) || (named && !const { in_order::<S, R>() }) {
            return or_panic(self.layout_binary::<Op, R>(rhs));
        }
        #[cfg(feature = "std")]
        if !named {
            crate::legacy::check_static::<S, R, Out<S, R>>();
        }
        let (a, b) = (self.as_slice(), rhs.as_slice());
        let dims = (
            &Out::<S, R>::TEMPLATE,
            &Lhs::<S, R>::TEMPLATE,
            &Rhs::<S, R>::TEMPLATE,
        );
        let Some(ext) = Out::<S, R>::STATIC_EXTENTS else {
            unreachable!("both operands are static, so is the result")
        };
        if const { kernel::is_small::<Out<S, R>>() } {
            let mut out = Out::<S, R>::data_filled(T::zero(), dims.0);
            kernel::binary_unrolled::<Out<S, R>, Lhs<S, R>, Rhs<S, R>, T, T>(
                &mut kernel::SliceSink::new(out.as_mut_slice()),
                a,
                b,
                Op::apply,
            );
            Tensor::from_parts(out, ext)
        } else if Out::<S, R>::INLINE {
            let mut out = Out::<S, R>::data_filled(T::zero(), dims.0);
            kernel::binary(
                &mut kernel::SliceSink::new(out.as_mut_slice()),
                dims.0,
                a,
                dims.1,
                b,
                dims.2,
                Op::apply,
            );
            Tensor::from_parts(out, ext)
        } else {
            // Appended row by row: no pass zeroing memory about to be written.
            let mut out = Vec::with_capacity(kernel::static_numel(dims.0));
            kernel::binary(&mut out, dims.0, a, dims.1, b, dims.2, Op::apply);
            Tensor::from_parts(Out::<S, R>::data_from_vec(out), ext)
        }
    }

    /// `self = self op rhs`, `rhs` broadcast to `S` (checked at run time
    /// where a size is `Dyn`; panics with the PyTorch message).
    #[inline(always)]
    pub(crate) fn assign<Op: BinaryOp<T>, R: BroadcastTo<S>>(&mut self, rhs: &Tensor<T, R>) {
        // `rhs` as the kernel sees it: `R`, or for two named operands, `R`
        // laid out in `S`'s order.
        type Src<S, R> = <R as BroadcastTo<S>>::Source;
        let named = S::NAMED && R::NAMED;
        if !(S::STATIC && R::STATIC) || (named && !const { in_order_in_place::<S, R>() }) {
            or_panic(self.layout_assign::<Op, R>(rhs));
        } else if const { kernel::is_small::<S>() } {
            // Into a copy on the stack, which LLVM knows nothing else points
            // to, so that it keeps `rhs` in registers across rows.
            let mut tmp = self.clone();
            kernel::assign_unrolled::<S, Src<S, R>, T>(
                tmp.as_mut_slice(),
                rhs.as_slice(),
                Op::apply,
            );
            *self = tmp;
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
    pub(crate) fn scalar<Op: BinaryOp<T>>(&self, x: T, swap: bool) -> Self {
        let mut out = self.clone();
        if swap {
            kernel::map(out.as_mut_slice(), self.as_slice(), |a| Op::apply(x, a));
        } else {
            kernel::map(out.as_mut_slice(), self.as_slice(), |a| Op::apply(a, x));
        }
        out
    }
}

macro_rules! binary_ops {
    ($($Trait:ident $method:ident $Assign:ident $assign:ident $Op:ident),*) => {$(
        impl<T: Element, S: BroadcastWith<R>, R: Layout> $Trait<Tensor<T, R>> for Tensor<T, S> {
            type Output = Tensor<T, Broadcast<S, R>>;
            #[inline(always)]
            fn $method(self, rhs: Tensor<T, R>) -> Self::Output {
                self.binary::<$Op, R>(&rhs)
            }
        }
        impl<T: Element, S: BroadcastWith<R>, R: Layout> $Trait<&Tensor<T, R>> for Tensor<T, S> {
            type Output = Tensor<T, Broadcast<S, R>>;
            #[inline(always)]
            fn $method(self, rhs: &Tensor<T, R>) -> Self::Output {
                self.binary::<$Op, R>(rhs)
            }
        }
        impl<T: Element, S: BroadcastWith<R>, R: Layout> $Trait<Tensor<T, R>> for &Tensor<T, S> {
            type Output = Tensor<T, Broadcast<S, R>>;
            #[inline(always)]
            fn $method(self, rhs: Tensor<T, R>) -> Self::Output {
                self.binary::<$Op, R>(&rhs)
            }
        }
        impl<T: Element, S: BroadcastWith<R>, R: Layout> $Trait<&Tensor<T, R>> for &Tensor<T, S> {
            type Output = Tensor<T, Broadcast<S, R>>;
            #[inline(always)]
            fn $method(self, rhs: &Tensor<T, R>) -> Self::Output {
                self.binary::<$Op, R>(rhs)
            }
        }
        impl<T: Element, S: Layout> $Trait<T> for Tensor<T, S> {
            type Output = Tensor<T, S>;
            #[inline(always)]
            fn $method(self, rhs: T) -> Self::Output {
                self.scalar::<$Op>(rhs, false)
            }
        }
        impl<T: Element, S: Layout> $Trait<T> for &Tensor<T, S> {
            type Output = Tensor<T, S>;
            #[inline(always)]
            fn $method(self, rhs: T) -> Self::Output {
                self.scalar::<$Op>(rhs, false)
            }
        }
        impl<T: Element, S: Layout, R: BroadcastTo<S>> $Assign<Tensor<T, R>> for Tensor<T, S> {
            #[inline(always)]
            fn $assign(&mut self, rhs: Tensor<T, R>) {
                self.assign::<$Op, R>(&rhs)
            }
        }
        impl<T: Element, S: Layout, R: BroadcastTo<S>> $Assign<&Tensor<T, R>> for Tensor<T, S> {
            #[inline(always)]
            fn $assign(&mut self, rhs: &Tensor<T, R>) {
                self.assign::<$Op, R>(rhs)
            }
        }
        impl<T: Element, S: Layout> $Assign<T> for Tensor<T, S> {
            #[inline(always)]
            fn $assign(&mut self, rhs: T) {
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
// foreign type on the left of a generic impl is not allowed).
macro_rules! scalar_lhs_ops {
    ($($t:ty)*) => {$(
        scalar_lhs_ops!(@one $t, Add add AddOp, Sub sub SubOp, Mul mul MulOp, Div div DivOp, Rem rem RemOp);
    )*};
    (@one $t:ty, $($Trait:ident $method:ident $Op:ident),*) => {$(
        impl<S: Layout> $Trait<Tensor<$t, S>> for $t {
            type Output = Tensor<$t, S>;
            #[inline(always)]
            fn $method(self, rhs: Tensor<$t, S>) -> Tensor<$t, S> {
                rhs.scalar::<$Op>(self, true)
            }
        }
        impl<S: Layout> $Trait<&Tensor<$t, S>> for $t {
            type Output = Tensor<$t, S>;
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
    #[inline(always)]
    fn neg(self) -> Self {
        self.map(|x| -x)
    }
}

impl<T: Element + Neg<Output = T>, S: Layout> Neg for &Tensor<T, S> {
    type Output = Tensor<T, S>;
    #[inline(always)]
    fn neg(self) -> Tensor<T, S> {
        self.map(|x| -x)
    }
}

// ---------------------------------------------------------------------------
// Runtime shapes: `DynTensor` with `DynTensor`, and static with runtime.
// These check shapes at run time and panic with the `ShapeError`'s message;
// the `try_*` methods of `DynTensor` return it instead.

use crate::dyn_tensor::DynTensor;
use crate::named::Side;

/// Either kind of tensor, seen as row-major elements, sizes and (for a
/// `DynTensor`) dimension names.
trait Operand<T> {
    fn with<R>(&self, f: impl FnOnce(Side<'_, T>) -> R) -> R;
}
impl<T: Element> Operand<T> for DynTensor<T> {
    fn with<R>(&self, f: impl FnOnce(Side<'_, T>) -> R) -> R {
        f(self.side())
    }
}
impl<T: Element, S: Layout> Operand<T> for Tensor<T, S> {
    fn with<R>(&self, f: impl FnOnce(Side<'_, T>) -> R) -> R {
        f(self.named_side(&self.shape()))
    }
}

fn or_panic<X>(r: Result<X, crate::error::ShapeError>) -> X {
    r.unwrap_or_else(|e| panic!("{e}"))
}

fn runtime_binary<T: Element, Op: BinaryOp<T>>(
    a: &impl Operand<T>,
    b: &impl Operand<T>,
) -> DynTensor<T> {
    or_panic(a.with(|a| b.with(|b| DynTensor::binary::<Op>(a, b))))
}

macro_rules! runtime_ops {
    // Operator `$Trait` between each pair of types (at least one side a
    // `DynTensor`), by value and by reference on each side.
    ($Trait:ident $method:ident $Op:ident: $([$($g:tt)*] $L:ty, $R:ty);*) => {$(
        impl<$($g)*> $Trait<$R> for $L {
            type Output = DynTensor<T>;
            fn $method(self, rhs: $R) -> DynTensor<T> {
                runtime_binary::<T, $Op>(&self, &rhs)
            }
        }
        impl<$($g)*> $Trait<&$R> for $L {
            type Output = DynTensor<T>;
            fn $method(self, rhs: &$R) -> DynTensor<T> {
                runtime_binary::<T, $Op>(&self, rhs)
            }
        }
        impl<$($g)*> $Trait<$R> for &$L {
            type Output = DynTensor<T>;
            fn $method(self, rhs: $R) -> DynTensor<T> {
                runtime_binary::<T, $Op>(self, &rhs)
            }
        }
        impl<$($g)*> $Trait<&$R> for &$L {
            type Output = DynTensor<T>;
            fn $method(self, rhs: &$R) -> DynTensor<T> {
                runtime_binary::<T, $Op>(self, rhs)
            }
        }
    )*};
    ($($Trait:ident $method:ident $Op:ident),*) => {$(
        runtime_ops!($Trait $method $Op:
            [T: Element] DynTensor<T>, DynTensor<T>;
            [T: Element, S: Layout] Tensor<T, S>, DynTensor<T>;
            [T: Element, S: Layout] DynTensor<T>, Tensor<T, S>);
    )*};
}
runtime_ops!(Add add AddOp, Sub sub SubOp, Mul mul MulOp, Div div DivOp, Rem rem RemOp);

macro_rules! runtime_assign_ops {
    ($($Assign:ident $assign:ident $Op:ident),*) => {$(
        impl<T: Element> $Assign<&DynTensor<T>> for DynTensor<T> {
            fn $assign(&mut self, rhs: &DynTensor<T>) {
                or_panic(self.assign::<$Op>(rhs.side()))
            }
        }
        impl<T: Element> $Assign<DynTensor<T>> for DynTensor<T> {
            fn $assign(&mut self, rhs: DynTensor<T>) {
                or_panic(self.assign::<$Op>(rhs.side()))
            }
        }
        impl<T: Element, S: Layout> $Assign<&Tensor<T, S>> for DynTensor<T> {
            fn $assign(&mut self, rhs: &Tensor<T, S>) {
                or_panic(self.assign::<$Op>(rhs.named_side(&rhs.shape())))
            }
        }
        impl<T: Element, S: Layout> $Assign<Tensor<T, S>> for DynTensor<T> {
            fn $assign(&mut self, rhs: Tensor<T, S>) {
                or_panic(self.assign::<$Op>(rhs.named_side(&rhs.shape())))
            }
        }
        impl<T: Element> $Assign<T> for DynTensor<T> {
            fn $assign(&mut self, rhs: T) {
                kernel::map_in_place(self.as_mut_slice(), |a| $Op::apply(a, rhs));
            }
        }
        // A runtime right side on a static left side: checked at run time.
        impl<T: Element, S: Layout> $Assign<&DynTensor<T>> for Tensor<T, S> {
            fn $assign(&mut self, rhs: &DynTensor<T>) {
                let dims = self.shape();
                if S::NAMED && rhs.is_named() {
                    let names = const { &S::NAMES };
                    let (data, side) = (self.as_mut_slice(), rhs.side());
                    or_panic(crate::named::assign_by_name(data, &dims, names, side, $Op::apply));
                    return;
                }
                or_panic(crate::broadcast::check_broadcast_to(&dims, rhs.shape()));
                kernel::assign(self.as_mut_slice(), &dims, rhs.as_slice(), rhs.shape(), $Op::apply);
            }
        }
        impl<T: Element, S: Layout> $Assign<DynTensor<T>> for Tensor<T, S> {
            fn $assign(&mut self, rhs: DynTensor<T>) {
                <Self as $Assign<&DynTensor<T>>>::$assign(self, &rhs);
            }
        }
    )*};
}
runtime_assign_ops!(
    AddAssign add_assign AddOp,
    SubAssign sub_assign SubOp,
    MulAssign mul_assign MulOp,
    DivAssign div_assign DivOp,
    RemAssign rem_assign RemOp
);

macro_rules! runtime_scalar_ops {
    ($($Trait:ident $method:ident $Op:ident),*) => {$(
        impl<T: Element> $Trait<T> for DynTensor<T> {
            type Output = DynTensor<T>;
            fn $method(self, rhs: T) -> DynTensor<T> {
                self.map(|a| $Op::apply(a, rhs))
            }
        }
        impl<T: Element> $Trait<T> for &DynTensor<T> {
            type Output = DynTensor<T>;
            fn $method(self, rhs: T) -> DynTensor<T> {
                self.map(|a| $Op::apply(a, rhs))
            }
        }
    )*};
}
runtime_scalar_ops!(Add add AddOp, Sub sub SubOp, Mul mul MulOp, Div div DivOp, Rem rem RemOp);

macro_rules! runtime_scalar_lhs_ops {
    ($($t:ty)*) => {$(
        runtime_scalar_lhs_ops!(@one $t, Add add AddOp, Sub sub SubOp, Mul mul MulOp, Div div DivOp, Rem rem RemOp);
    )*};
    (@one $t:ty, $($Trait:ident $method:ident $Op:ident),*) => {$(
        impl $Trait<DynTensor<$t>> for $t {
            type Output = DynTensor<$t>;
            fn $method(self, rhs: DynTensor<$t>) -> DynTensor<$t> {
                rhs.map(|a| $Op::apply(self, a))
            }
        }
        impl $Trait<&DynTensor<$t>> for $t {
            type Output = DynTensor<$t>;
            fn $method(self, rhs: &DynTensor<$t>) -> DynTensor<$t> {
                rhs.map(|a| $Op::apply(self, a))
            }
        }
    )*};
}
runtime_scalar_lhs_ops!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize f32 f64);

impl<T: Element + Neg<Output = T>> Neg for DynTensor<T> {
    type Output = DynTensor<T>;
    fn neg(self) -> DynTensor<T> {
        self.map(|x| -x)
    }
}

impl<T: Element + Neg<Output = T>> Neg for &DynTensor<T> {
    type Output = DynTensor<T>;
    fn neg(self) -> DynTensor<T> {
        self.map(|x| -x)
    }
}
