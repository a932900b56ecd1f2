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
//!
//! Reductions that add or multiply many elements do not wrap at the
//! element's width: as in NumPy and PyTorch, `sum`, `prod`, `cumsum` and
//! `cumprod` of an integer tensor accumulate in and return the 64-bit
//! integer of its signedness, [`Element::Acc`] (`i64` for `i8` to `i64`
//! and `isize`, `u64` for `u8` to `u64` and `usize`; `i128` and `u128`
//! stay themselves). Floats accumulate in their own type. So `[200u8; 300]`
//! sums to `60000u64`, not `96u8`, and three `i32::MAX` to
//! `6442450941i64`. Past the accumulator's range the plain forms wrap
//! (`[i64::MAX, 1]` sums to `i64::MIN`), as NumPy's and PyTorch's `int64`
//! results do; `checked_sum`, `checked_prod`, `checked_cumsum`,
//! `checked_cumprod` and `checked_trace` return
//! [`ShapeError::Overflow`](crate::ShapeError::Overflow) instead. `mean`, `var` and `std` exist only
//! for floats, as in PyTorch (convert with `map_to` first); `max`, `min`,
//! `argmax` and `argmin` keep the element type.
//!
//! ```
//! use shaped::DynTensor;
//! let image = DynTensor::<u8>::full(&[300], 200);
//! let total: u64 = image.sum();
//! assert_eq!(total, 60000);
//! let big = DynTensor::from_vec(vec![i32::MAX; 3], &[3]).unwrap();
//! assert_eq!(big.sum(), 6442450941i64);
//! ```
//!
//! The mean of an integer tensor does not compile, as in PyTorch (which
//! refuses it at run time); convert first:
//!
//! ```compile_fail
//! use shaped::DynTensor;
//! let t = DynTensor::<i32>::arange(4);
//! let m = t.mean(); // error: `i32` is not a float
//! ```
//!
//! ```
//! use shaped::DynTensor;
//! let t = DynTensor::<i32>::arange(4);
//! assert_eq!(t.map_to(|v| v as f64).mean(), 1.5);
//! ```

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
    /// The type `sum`, `prod`, `cumsum` and `cumprod` accumulate in and
    /// return: `i64` for the signed integers up to 64 bits, `u64` for the
    /// unsigned ones, `i128`, `u128`, `f32` and `f64` themselves (NumPy's
    /// and PyTorch's rule; see the [module docs](self)). Generic code over
    /// floats that wants the sum in `T` writes `T: Element<Acc = T>`.
    type Acc: Element;
    /// `self` converted to [`Acc`](Element::Acc), exactly (a widening).
    fn widen(self) -> Self::Acc;
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
    /// `self + rhs`, or `None` if an integer sum does not fit the type
    /// (floats never fail: they round, or reach infinity, as IEEE 754
    /// says). The checked reductions (`checked_sum`, ...) are built on it.
    fn checked_add_elem(self, rhs: Self) -> Option<Self> {
        Some(self.add_elem(rhs))
    }
    /// `self * rhs`, or `None` if an integer product does not fit the type
    /// (as [`checked_add_elem`](Element::checked_add_elem)).
    fn checked_mul_elem(self, rhs: Self) -> Option<Self> {
        Some(self.mul_elem(rhs))
    }
    /// The wrapping `self + rhs` and how it wrapped: `1` past the largest
    /// value, `-1` past the smallest, `0` exact (always for floats).
    /// Counting the wraps of a running sum tells whether the exact sum
    /// fits, whatever the order of the terms.
    fn add_counting_wraps(self, rhs: Self) -> (Self, i8) {
        (self.add_elem(rhs), 0)
    }
}

macro_rules! integers {
    ($($t:ty => $acc:ty)*) => {$(
        impl Element for $t {
            const INTEGER: bool = true;
            type Acc = $acc;
            #[inline(always)]
            fn widen(self) -> $acc { self as $acc }
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
            #[inline]
            fn checked_add_elem(self, rhs: Self) -> Option<Self> { self.checked_add(rhs) }
            #[inline]
            fn checked_mul_elem(self, rhs: Self) -> Option<Self> { self.checked_mul(rhs) }
            #[inline]
            fn add_counting_wraps(self, rhs: Self) -> (Self, i8) {
                let (sum, wrapped) = self.overflowing_add(rhs);
                // Only a positive `rhs` can pass the largest value.
                (sum, if !wrapped { 0 } else if rhs > 0 { 1 } else { -1 })
            }
        }
    )*};
}
// `usize` and `isize` are at most 64 bits on every target Rust supports
// with `alloc`, so the `as` below widens.
integers!(i8 => i64 i16 => i64 i32 => i64 i64 => i64 i128 => i128 isize => i64
    u8 => u64 u16 => u64 u32 => u64 u64 => u64 u128 => u128 usize => u64);

macro_rules! floats {
    ($($t:ty)*) => {$(
        impl Element for $t {
            const INTEGER: bool = false;
            type Acc = $t;
            #[inline(always)]
            fn widen(self) -> $t { self }
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
