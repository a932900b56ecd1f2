//! The element types a tensor can hold.

use core::fmt::{Debug, Display};

/// A primitive number: every integer type and `f32`/`f64`.
///
/// Arithmetic follows Rust's own rules for the type: integer overflow panics
/// in debug builds and wraps in release builds, integer division or remainder
/// by zero panics.
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
}

macro_rules! elements {
    ($($t:ty)*) => { $(impl Element for $t {})* };
}
elements!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize f32 f64);
