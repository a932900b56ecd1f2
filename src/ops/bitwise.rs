//! Bitwise operators on integer tensors: `& | ^ << >>` with broadcasting
//! and `!` (PyTorch's `bitwise_and`, `bitwise_or`, `bitwise_xor`,
//! `bitwise_left_shift`, `bitwise_right_shift`, `bitwise_not`; NumPy's
//! `left_shift`, `right_shift`, `invert`), on static, mixed and runtime
//! tensors, with `try_` forms on [`DynTensor`].
//!
//! Each operation is a [`BinaryOp`] for integer element types, so it runs
//! through the operators' own broadcasting kernel. Shifts follow Rust's
//! `<<` and `>>` (arithmetic right shift for signed types); a shift by the
//! bit width or more, or by a negative amount, gives 0 (and -1 for a
//! negative number shifted right), where NumPy and PyTorch leave it to
//! the C compiler. The same rule holds for a scalar amount (`&a << 40`).
//!
//! A scalar works on either side (`&a & 3`, `1 << &a`), and the in-place
//! forms `&= |= ^= <<= >>=` take a tensor that broadcasts to the left
//! side's shape (checked by the compiler where both are static) or a
//! scalar, as `+=` does; `try_bitwise_and_assign` and its siblings are
//! PyTorch's `bitwise_and_` with the error returned.
//!
//! ```
//! use shaped::{shape, DynTensor, Tensor};
//! let a = Tensor::<u8, shape![3]>::from_slice(&[0b1100, 0b1010, 0xff]).unwrap();
//! let b = Tensor::<u8, shape![]>::full(0b0110);
//! assert_eq!((&a & &b).as_slice(), &[0b0100, 0b0010, 0b0110]);
//! assert_eq!((&a ^ &b).as_slice(), &[0b1010, 0b1100, 0xf9]);
//! assert_eq!((!&a).as_slice(), &[0xf3, 0xf5, 0]);
//! let x = DynTensor::from_vec(vec![1i32, -8], &[2]).unwrap();
//! let s = DynTensor::from_vec(vec![3i32, 1], &[2]).unwrap();
//! assert_eq!((&x << &s).to_vec(), vec![8, -16]);
//! assert_eq!(x.try_bitwise_right_shift(&s).unwrap().to_vec(), vec![0, -4]);
//!
//! // scalars and the in-place forms
//! assert_eq!((&a & 0x0f).as_slice(), &[0b1100, 0b1010, 0x0f]);
//! assert_eq!((1u8 << &Tensor::<u8, shape![2]>::from_slice(&[0, 3]).unwrap()).as_slice(), &[1, 8]);
//! let mut y = x.clone();
//! y <<= 2;
//! y ^= &s;
//! assert_eq!(y.to_vec(), vec![7, -31]);
//! assert!(y.try_bitwise_or_assign(&DynTensor::zeros(&[3])).is_err());
//! ```

use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, ShlAssign, Shr,
    ShrAssign,
};

use num_traits::PrimInt;

use super::binary_op::BinaryOp;
use super::tensor::{RhsOf, or_panic};
use crate::element::Element;
use crate::error::ShapeError;
use crate::kernel;
use crate::shape::broadcast::BroadcastTo;
use crate::shape::list::Layout;
use crate::tensor::{DynTensor, Tensor};

/// The shift amount if it is below the bit width of `T`.
#[inline(always)]
fn amount<T: PrimInt>(b: T) -> Option<usize> {
    let bits = 8 * core::mem::size_of::<T>();
    b.to_usize().filter(|&n| n < bits)
}

/// `a << b`, 0 past the width.
#[inline(always)]
fn shl<T: PrimInt>(a: T, b: T) -> T {
    match amount(b) {
        Some(n) => a << n,
        None => T::zero(),
    }
}

/// `a >> b` (arithmetic for signed types), the sign past the width.
#[inline(always)]
fn shr<T: PrimInt>(a: T, b: T) -> T {
    match amount(b) {
        Some(n) => a >> n,
        None if a < T::zero() => !T::zero(),
        None => T::zero(),
    }
}

macro_rules! bit_ops {
    ($($Op:ident $Trait:ident $method:ident $Assign:ident $assign:ident $try:ident $try_assign:ident $torch:literal $sym:literal => $f:expr),* $(,)?) => {$(
        #[doc = concat!("The operation `a ", $sym, " b` on integers.")]
        #[derive(Debug, Clone, Copy)]
        pub struct $Op;
        impl<T: Element + PrimInt> BinaryOp<T> for $Op {
            #[inline(always)]
            fn apply(a: T, b: T) -> T {
                $f(a, b)
            }
        }
        impl<T: Element + PrimInt, S: Layout, R: RhsOf<S>> $Trait<&Tensor<T, R>> for &Tensor<T, S> {
            type Output = Tensor<T, R::Out>;
            #[doc = concat!("`self ", $sym, " rhs` elementwise with broadcasting (PyTorch's `", $torch, "`).")]
            #[track_caller]
            fn $method(self, rhs: &Tensor<T, R>) -> Tensor<T, R::Out> {
                R::ref_ref::<T, $Op>(self, rhs)
            }
        }
        impl<T: Element + PrimInt, S: Layout, R: RhsOf<S>> $Trait<Tensor<T, R>> for Tensor<T, S> {
            type Output = Tensor<T, R::Out>;
            #[doc = concat!("`self ", $sym, " rhs` elementwise with broadcasting.")]
            #[track_caller]
            fn $method(self, rhs: Tensor<T, R>) -> Tensor<T, R::Out> {
                R::ref_ref::<T, $Op>(&self, &rhs)
            }
        }
        impl<T: Element + PrimInt> $Trait<&DynTensor<T>> for &DynTensor<T> {
            type Output = DynTensor<T>;
            #[doc = concat!("`self ", $sym, " rhs` elementwise with broadcasting; panics where the shapes do not broadcast (see `", stringify!($try), "`).")]
            #[track_caller]
            fn $method(self, rhs: &DynTensor<T>) -> DynTensor<T> {
                or_panic(self.$try(rhs))
            }
        }
        impl<T: Element + PrimInt> $Trait<DynTensor<T>> for DynTensor<T> {
            type Output = DynTensor<T>;
            #[doc = concat!("`self ", $sym, " rhs` elementwise with broadcasting.")]
            #[track_caller]
            fn $method(self, rhs: DynTensor<T>) -> DynTensor<T> {
                or_panic(self.$try(&rhs))
            }
        }
        impl<T: Element + PrimInt> DynTensor<T> {
            #[doc = concat!("`self ", $sym, " other` elementwise with broadcasting (PyTorch's `", $torch, "`), or the broadcasting error.")]
            pub fn $try(&self, other: &DynTensor<T>) -> Result<DynTensor<T>, ShapeError> {
                Self::binary::<$Op>(self.side(), other.side())
            }
        }
        impl<T: Element + PrimInt, S: Layout> Tensor<T, S> {
            #[doc = concat!("`self ", $sym, " other` elementwise with broadcasting (PyTorch's `", $torch, "`), or the error where a `Dyn` size does not broadcast.")]
            pub fn $try<R: Layout>(&self, other: &Tensor<T, R>) -> Result<Tensor<T, crate::shape::broadcast::Broadcast<S, R>>, ShapeError>
            where
                S: crate::shape::broadcast::BroadcastWith<R>,
            {
                self.layout_binary::<$Op, R>(other)
            }
            #[doc = concat!("`self ", $sym, "= other` (PyTorch's `", $torch, "_`), `other` broadcast to `self`'s shape, or the error where a `Dyn` size does not fit; `self` is unchanged on error.")]
            pub fn $try_assign<R: BroadcastTo<S>>(&mut self, other: &Tensor<T, R>) -> Result<(), ShapeError> {
                self.layout_assign::<$Op, R>(other)
            }
        }
        impl<T: Element + PrimInt> DynTensor<T> {
            #[doc = concat!("`self ", $sym, "= other` (PyTorch's `", $torch, "_`): `other` must broadcast to `self`'s shape; on error `self` is unchanged.")]
            pub fn $try_assign(&mut self, other: &DynTensor<T>) -> Result<(), ShapeError> {
                self.assign::<$Op>(other.side())
            }
        }
        // A scalar on the right, as for the arithmetic operators.
        impl<T: Element + PrimInt, S: Layout> $Trait<T> for Tensor<T, S> {
            type Output = Tensor<T, S>;
            #[doc = concat!("`self ", $sym, " scalar` in `self`'s own storage: no allocation.")]
            #[inline(always)]
            fn $method(mut self, rhs: T) -> Tensor<T, S> {
                kernel::map_in_place(self.as_mut_slice(), |a| $Op::apply(a, rhs));
                self
            }
        }
        impl<T: Element + PrimInt, S: Layout> $Trait<T> for &Tensor<T, S> {
            type Output = Tensor<T, S>;
            #[doc = concat!("`self ", $sym, " scalar` elementwise.")]
            #[track_caller]
            #[inline(always)]
            fn $method(self, rhs: T) -> Tensor<T, S> {
                self.scalar::<$Op>(rhs, false)
            }
        }
        impl<T: Element + PrimInt> $Trait<T> for DynTensor<T> {
            type Output = DynTensor<T>;
            #[doc = concat!("`self ", $sym, " scalar` in `self`'s own storage: no allocation.")]
            fn $method(mut self, rhs: T) -> DynTensor<T> {
                kernel::map_in_place(self.as_mut_slice(), |a| $Op::apply(a, rhs));
                self
            }
        }
        impl<T: Element + PrimInt> $Trait<T> for &DynTensor<T> {
            type Output = DynTensor<T>;
            #[doc = concat!("`self ", $sym, " scalar` elementwise.")]
            fn $method(self, rhs: T) -> DynTensor<T> {
                self.map(|a| $Op::apply(a, rhs))
            }
        }
        // In place, as `+=`: the right side broadcasts to the left's shape
        // (checked by the compiler where static), or is a scalar.
        impl<T: Element + PrimInt, S: Layout, R: BroadcastTo<S>> $Assign<&Tensor<T, R>> for Tensor<T, S> {
            #[doc = concat!("`self ", $sym, "= rhs`, `rhs` broadcast to `self`'s shape; panics where a `Dyn` size does not fit (see `", stringify!($try_assign), "`).")]
            #[track_caller]
            fn $assign(&mut self, rhs: &Tensor<T, R>) {
                self.assign::<$Op, R>(rhs)
            }
        }
        impl<T: Element + PrimInt, S: Layout, R: BroadcastTo<S>> $Assign<Tensor<T, R>> for Tensor<T, S> {
            #[doc = concat!("`self ", $sym, "= rhs`, `rhs` broadcast to `self`'s shape.")]
            #[track_caller]
            fn $assign(&mut self, rhs: Tensor<T, R>) {
                self.assign::<$Op, R>(&rhs)
            }
        }
        impl<T: Element + PrimInt, S: Layout> $Assign<T> for Tensor<T, S> {
            #[doc = concat!("`self ", $sym, "= scalar` on every element.")]
            fn $assign(&mut self, rhs: T) {
                kernel::map_in_place(self.as_mut_slice(), |a| $Op::apply(a, rhs));
            }
        }
        impl<T: Element + PrimInt> $Assign<&DynTensor<T>> for DynTensor<T> {
            #[doc = concat!("`self ", $sym, "= rhs`, `rhs` broadcast to `self`'s shape; panics where it does not fit (see `", stringify!($try_assign), "`).")]
            #[track_caller]
            fn $assign(&mut self, rhs: &DynTensor<T>) {
                or_panic(self.$try_assign(rhs))
            }
        }
        impl<T: Element + PrimInt> $Assign<DynTensor<T>> for DynTensor<T> {
            #[doc = concat!("`self ", $sym, "= rhs`, `rhs` broadcast to `self`'s shape.")]
            #[track_caller]
            fn $assign(&mut self, rhs: DynTensor<T>) {
                or_panic(self.$try_assign(&rhs))
            }
        }
        impl<T: Element + PrimInt> $Assign<T> for DynTensor<T> {
            #[doc = concat!("`self ", $sym, "= scalar` on every element.")]
            fn $assign(&mut self, rhs: T) {
                kernel::map_in_place(self.as_mut_slice(), |a| $Op::apply(a, rhs));
            }
        }
    )*};
}

// `3 & t`, `1 << t`: the scalar on the left, one impl per integer type (a
// foreign type on the left of a generic impl is not allowed), hidden from
// rustdoc as the arithmetic ones are.
macro_rules! scalar_lhs_bit_ops {
    ($($t:ty)*) => {$(
        scalar_lhs_bit_ops!(@one $t, BitAnd bitand BitAndOp, BitOr bitor BitOrOp, BitXor bitxor BitXorOp, Shl shl ShlOp, Shr shr ShrOp);
    )*};
    (@one $t:ty, $($Trait:ident $method:ident $Op:ident),*) => {$(
        #[cfg_attr(doc, doc(hidden))]
        impl<S: Layout> $Trait<Tensor<$t, S>> for $t {
            type Output = Tensor<$t, S>;
            fn $method(self, mut rhs: Tensor<$t, S>) -> Tensor<$t, S> {
                kernel::map_in_place(rhs.as_mut_slice(), |a| <$Op as BinaryOp<$t>>::apply(self, a));
                rhs
            }
        }
        #[cfg_attr(doc, doc(hidden))]
        impl<S: Layout> $Trait<&Tensor<$t, S>> for $t {
            type Output = Tensor<$t, S>;
            #[track_caller]
            fn $method(self, rhs: &Tensor<$t, S>) -> Tensor<$t, S> {
                rhs.scalar::<$Op>(self, true)
            }
        }
        #[cfg_attr(doc, doc(hidden))]
        impl $Trait<DynTensor<$t>> for $t {
            type Output = DynTensor<$t>;
            fn $method(self, mut rhs: DynTensor<$t>) -> DynTensor<$t> {
                kernel::map_in_place(rhs.as_mut_slice(), |a| <$Op as BinaryOp<$t>>::apply(self, a));
                rhs
            }
        }
        #[cfg_attr(doc, doc(hidden))]
        impl $Trait<&DynTensor<$t>> for $t {
            type Output = DynTensor<$t>;
            fn $method(self, rhs: &DynTensor<$t>) -> DynTensor<$t> {
                rhs.map(|a| <$Op as BinaryOp<$t>>::apply(self, a))
            }
        }
    )*};
}
scalar_lhs_bit_ops!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);
bit_ops!(
    BitAndOp BitAnd bitand BitAndAssign bitand_assign try_bitwise_and try_bitwise_and_assign "bitwise_and" "&" => |a: T, b: T| a & b,
    BitOrOp BitOr bitor BitOrAssign bitor_assign try_bitwise_or try_bitwise_or_assign "bitwise_or" "|" => |a: T, b: T| a | b,
    BitXorOp BitXor bitxor BitXorAssign bitxor_assign try_bitwise_xor try_bitwise_xor_assign "bitwise_xor" "^" => |a: T, b: T| a ^ b,
    ShlOp Shl shl ShlAssign shl_assign try_bitwise_left_shift try_bitwise_left_shift_assign "bitwise_left_shift" "<<" => shl,
    ShrOp Shr shr ShrAssign shr_assign try_bitwise_right_shift try_bitwise_right_shift_assign "bitwise_right_shift" ">>" => shr,
);

impl<T: Element + PrimInt, S: Layout> Not for &Tensor<T, S> {
    type Output = Tensor<T, S>;
    /// Every bit flipped (PyTorch's `bitwise_not`, NumPy's `invert`).
    fn not(self) -> Tensor<T, S> {
        self.map(|x| !x)
    }
}

impl<T: Element + PrimInt, S: Layout> Not for Tensor<T, S> {
    type Output = Tensor<T, S>;
    /// Every bit flipped, in the tensor's own storage.
    fn not(self) -> Tensor<T, S> {
        self.into_map(|x| !x)
    }
}

impl<T: Element + PrimInt> Not for &DynTensor<T> {
    type Output = DynTensor<T>;
    /// Every bit flipped (PyTorch's `bitwise_not`, NumPy's `invert`).
    fn not(self) -> DynTensor<T> {
        self.map(|x| !x)
    }
}

impl<T: Element + PrimInt> Not for DynTensor<T> {
    type Output = DynTensor<T>;
    /// Every bit flipped, in the tensor's own storage.
    fn not(self) -> DynTensor<T> {
        self.into_map(|x| !x)
    }
}
