//! Conversion of a tensor's elements to another numeric type:
//! [`cast::<U>()`](crate::Tensor::cast), PyTorch's `.to(dtype)` and
//! NumPy's `astype`, on every tensor kind (a row of the table in
//! `unary_family.rs`); the layout (and names) stay.
//!
//! Each element converts as Rust's `as` converts it:
//!
//! - floats to integers truncate toward zero (`-1.7` gives `-1`), as in
//!   NumPy and PyTorch;
//! - a float beyond the integer type's range saturates to its minimum or
//!   maximum (`300.0` gives `255u8`, `-inf` gives `i32::MIN`), and NaN
//!   gives 0. NumPy and PyTorch leave these cases undefined (C's cast): the
//!   result depends on the platform (on x86 `float32(3e9)` to `int32` is
//!   `-2147483648`, usually with a warning), so code that relies on either
//!   should clamp first;
//! - integers to narrower integers wrap (keep the low bits: `300i32` gives
//!   `44u8`), as in NumPy and PyTorch;
//! - integers to floats and `f64` to `f32` round to the nearest
//!   representable value (`f64` beyond `f32`'s range gives `±inf`).
//!
//! ```
//! use shaped::{shape, Dyn, DynTensor, Tensor};
//! let t = Tensor::<f32, shape![5]>::from_slice(&[-1.7, 2.9, 300.0, -1.0, f32::NAN]).unwrap();
//! assert_eq!(t.cast::<i32>().as_slice(), &[-1, 2, 300, -1, 0]);
//! assert_eq!(t.cast::<u8>().as_slice(), &[0, 2, 255, 0, 0]); // saturating
//! let m = Tensor::<i32, shape![Dyn]>::from_vec(vec![300, -1], &[2]).unwrap();
//! assert_eq!(m.cast::<u8>().to_vec(), vec![44, 255]); // wrapping
//! let d = DynTensor::from_vec(vec![1u8, 2], &[2]).unwrap();
//! assert_eq!(d.cast::<f64>().to_vec(), vec![1.0, 2.0]);
//! ```
