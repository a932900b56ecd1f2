//! The element types a tensor can hold, and the arithmetic the operators
//! use on them.
//!
//! Integer arithmetic follows one policy in every build, as NumPy's and
//! PyTorch's does: `+ - *` and unary `-` wrap around (`250u8 + 10` is `4`,
//! `i32::MIN / -1` is `i32::MIN`), in debug builds as in release builds.
//! Integer division and remainder by zero is an error: the `try_` functions
//! return [`ShapeError::DivisionByZero`](crate::ShapeError::DivisionByZero)
//! (checked in one pass over the divisor before any element is computed),
//! the operators panic with its message. Floats follow IEEE 754 (`1.0 / 0.0`
//! is infinite).
//!
//! `%` is Rust's remainder, truncated toward zero (`-7 % 3` is `-1`), for
//! integers and floats alike; `remainder` (floor modulo, the sign of the
//! divisor: PyTorch's and NumPy's `%`) and `fmod` (truncated) are methods.

use core::fmt::{Debug, Display};

/// A primitive number: every integer type and `f32`/`f64`.
pub trait Element:
    Copy
    + PartialEq
    + PartialOrd
    + Debug
    + Display
    + Default
    + Send
    + Sync
    + num_traits::Num
    + num_traits::NumCast
    + 'static
{
    /// Whether this is an integer type: arithmetic wraps, division by zero
    /// is an error.
    const INTEGER: bool;
    /// `self + rhs`, wrapping for integers. Commutes (`a + b == b + a`):
    /// an operation may compute either.
    fn add_elem(self, rhs: Self) -> Self;
    /// `self - rhs`, wrapping for integers.
    fn sub_elem(self, rhs: Self) -> Self;
    /// `self * rhs`, wrapping for integers. Commutes, as `add_elem` does.
    fn mul_elem(self, rhs: Self) -> Self;
    /// `self / rhs`, wrapping for integers (`MIN / -1` is `MIN`); callers
    /// refuse an integer `rhs` of 0 first.
    fn div_elem(self, rhs: Self) -> Self;
    /// `self % rhs` truncated toward zero (`MIN % -1` is 0); callers refuse
    /// an integer `rhs` of 0 first.
    fn rem_elem(self, rhs: Self) -> Self;
    /// The remainder with the sign of `rhs` (floor modulo): `-7` and `3`
    /// give `2`, `7` and `-3` give `-2`.
    fn floor_rem_elem(self, rhs: Self) -> Self {
        let r = self.rem_elem(rhs);
        let zero = Self::zero();
        if r != zero && ((r < zero) != (rhs < zero)) {
            r.add_elem(rhs)
        } else {
            r
        }
    }
    /// `-self`, wrapping for integers (`-i32::MIN` is `i32::MIN`; unsigned
    /// integers wrap to `0 - self`).
    fn neg_elem(self) -> Self;
}

macro_rules! integers {
    ($($t:ty)*) => {$(
        impl Element for $t {
            const INTEGER: bool = true;
            #[inline(always)]
            fn add_elem(self, rhs: Self) -> Self { self.wrapping_add(rhs) }
            #[inline(always)]
            fn sub_elem(self, rhs: Self) -> Self { self.wrapping_sub(rhs) }
            #[inline(always)]
            fn mul_elem(self, rhs: Self) -> Self { self.wrapping_mul(rhs) }
            #[inline(always)]
            fn div_elem(self, rhs: Self) -> Self { self.wrapping_div(rhs) }
            #[inline(always)]
            fn rem_elem(self, rhs: Self) -> Self { self.wrapping_rem(rhs) }
            #[inline(always)]
            fn neg_elem(self) -> Self { self.wrapping_neg() }
        }
    )*};
}
integers!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);

macro_rules! floats {
    ($($t:ty)*) => {$(
        impl Element for $t {
            const INTEGER: bool = false;
            #[inline(always)]
            fn add_elem(self, rhs: Self) -> Self { self + rhs }
            #[inline(always)]
            fn sub_elem(self, rhs: Self) -> Self { self - rhs }
            #[inline(always)]
            fn mul_elem(self, rhs: Self) -> Self { self * rhs }
            #[inline(always)]
            fn div_elem(self, rhs: Self) -> Self { self / rhs }
            #[inline(always)]
            fn rem_elem(self, rhs: Self) -> Self { self % rhs }
            #[inline(always)]
            fn neg_elem(self) -> Self { -self }
        }
    )*};
}
floats!(f32 f64);
