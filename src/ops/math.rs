//! The elementwise math functions' element rules (the functions on every
//! tensor kind are stamped from one table in `unary_family.rs`), with one spelling:
//! `exp ln sqrt sin cos tanh sigmoid recip powf` for floats, `abs signum`
//! for signed numbers, `relu clamp` for every element type.
//!
//! On static and mixed tensors each is one pass over the tensor's own
//! storage into a result of the same layout (inline for small static
//! shapes: no allocation); on [`DynTensor`](crate::DynTensor) a new tensor of the same shape
//! and names. Values follow PyTorch: `ln` of 0 is `-inf`, of a negative
//! number NaN; `relu` and `clamp` keep NaN; `signum` is 0 at 0 and NaN at
//! NaN (PyTorch's `sign`, not Rust's `f32::signum`).
//!
//! ```
//! use shaped::{shape, Dyn, DynTensor, Tensor};
//! let s = Tensor::<f32, shape![2]>::from_slice(&[0.0, 1.0]).unwrap();
//! assert_eq!(s.exp().as_slice(), &[1.0, std::f32::consts::E]);
//! let m = Tensor::<f32, shape![Dyn, 2]>::from_vec(vec![-1.0, 0.0, 2.0, -3.0], &[2]).unwrap();
//! assert_eq!(m.relu().to_vec(), vec![0.0, 0.0, 2.0, 0.0]);
//! let d = DynTensor::from_vec(vec![-2.0f64, 0.0], &[2]).unwrap();
//! assert_eq!(d.signum().to_vec(), vec![-1.0, 0.0]);
//! ```

use num_traits::{Float, Signed};

use crate::element::Element;

/// PyTorch's `sign`: -1, 0 or 1, NaN for NaN.
#[inline(always)]
pub(super) fn sign<T: Element + Signed>(x: T) -> T {
    if x > T::zero() {
        T::one()
    } else if x < T::zero() {
        -T::one()
    } else {
        x // 0 (of either sign) or NaN
    }
}

/// `1 / (1 + e^-x)`: 0 for large negative `x` (`e^-x` is infinite), 1 for
/// large positive ones.
#[inline(always)]
pub(super) fn sigmoid<T: Float>(x: T) -> T {
    T::one() / (T::one() + (-x).exp())
}

/// `|x|`, wrapping for integers as every operator does (`i32::MIN` stays
/// `i32::MIN`); IEEE's for floats (`-0.0` gives `0.0`).
#[inline(always)]
pub(crate) fn wrapping_abs<T: Element + Signed>(x: T) -> T {
    if !T::INTEGER {
        x.abs()
    } else if x < T::zero() {
        x.neg_elem()
    } else {
        x
    }
}

/// `max(x, 0)`, NaN staying NaN.
#[inline(always)]
pub(super) fn relu<T: Element>(x: T) -> T {
    if x < T::zero() { T::zero() } else { x }
}

/// `x` clamped to `[min, max]` (PyTorch's `clamp`: NaN stays NaN, and
/// where `min > max` every element becomes `max`).
#[inline(always)]
pub(super) fn clamp<T: Element>(x: T, min: T, max: T) -> T {
    let y = if x < min { min } else { x };
    if y > max { max } else { y }
}
