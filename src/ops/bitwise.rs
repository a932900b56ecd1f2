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
//! the C compiler.
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
//! ```

use core::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

use num_traits::PrimInt;

use super::binary_op::BinaryOp;
use super::tensor::{RhsOf, or_panic};
use crate::element::Element;
use crate::error::ShapeError;
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
    ($($Op:ident $Trait:ident $method:ident $try:ident $torch:literal $sym:literal => $f:expr),* $(,)?) => {$(
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
        }
    )*};
}
bit_ops!(
    BitAndOp BitAnd bitand try_bitwise_and "bitwise_and" "&" => |a: T, b: T| a & b,
    BitOrOp BitOr bitor try_bitwise_or "bitwise_or" "|" => |a: T, b: T| a | b,
    BitXorOp BitXor bitxor try_bitwise_xor "bitwise_xor" "^" => |a: T, b: T| a ^ b,
    ShlOp Shl shl try_bitwise_left_shift "bitwise_left_shift" "<<" => shl,
    ShrOp Shr shr try_bitwise_right_shift "bitwise_right_shift" ">>" => shr,
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
