//! The rest of NumPy's unary vocabulary on every tensor kind: rounding
//! (`floor ceil round trunc`), logarithms and exponentials (`log2 log10
//! log1p exp2 expm1`), trigonometry and its inverses (`tan asin acos atan
//! sinh cosh asinh acosh atanh`), `square rsqrt`, and the activations
//! `erf gelu silu softplus`, for floats; and the masks `isnan isinf
//! isfinite` for every element type.
//!
//! Each goes through the same path as [`exp`](crate::Tensor::exp) (the
//! macros of [`math`](super::math), which call `map`): one pass into a
//! result of the same layout, inline for small static shapes. Values are
//! the C library's (Rust's `f32`/`f64` methods, `libm` for `erf`), which
//! NumPy and PyTorch also call; where they define the edge differently the
//! function says so.
//!
//! ```
//! use shaped::{shape, Dyn, DynTensor, Tensor};
//! let t = Tensor::<f32, shape![4]>::from_slice(&[-1.5, -0.5, 0.5, 2.5]).unwrap();
//! assert_eq!(t.round().as_slice(), &[-2.0, -0.0, 0.0, 2.0]); // half to even
//! assert_eq!(t.floor().as_slice(), &[-2.0, -1.0, 0.0, 2.0]);
//! let m = Tensor::<f64, shape![Dyn]>::from_vec(vec![0.0, f64::NAN, f64::INFINITY], &[3]).unwrap();
//! assert_eq!(m.isfinite().to_vec(), vec![true, false, false]);
//! let d = DynTensor::from_vec(vec![1.0f64, 8.0], &[2]).unwrap();
//! assert_eq!(d.log2().to_vec(), vec![0.0, 3.0]);
//! ```

use num_traits::Float;

use crate::element::Element;

/// Rounded to the nearest integer, halves to the even one (NumPy's and
/// PyTorch's `round`; Rust's `round` takes halves away from zero). Adding
/// and removing `1/ε` (2^23 for `f32`) lets the hardware's own
/// round-to-nearest-even do it, branch-free, as fast as `round_ties_even`;
/// larger values are integers already. The sign is put back so that
/// `-0.4` gives `-0.0`.
#[inline(always)]
pub(super) fn round_half_even<T: Float>(x: T) -> T {
    let big = T::epsilon().recip();
    if x.abs() < big {
        let c = big.copysign(x);
        ((x + c) - c).copysign(x)
    } else {
        x // an integer, an infinity or NaN
    }
}

/// `f` computed in `f64` (exact for `f64`; for `f32` one rounding of the
/// `f64` value, within half an ulp of the true result).
#[inline(always)]
fn via_f64<T: Float>(x: T, f: impl Fn(f64) -> f64) -> T {
    match x.to_f64() {
        Some(v) => T::from(f(v)).unwrap_or_else(T::nan),
        None => T::nan(),
    }
}

/// The error function.
#[inline(always)]
pub(super) fn erf<T: Float>(x: T) -> T {
    via_f64(x, libm::erf)
}

/// PyTorch's default `gelu`: `x/2 (1 + erf(x/√2))` (not the tanh
/// approximation), computed as `x/2 erfc(-x/√2)`, the same value without
/// the cancellation of `1 + erf` for negative `x`.
#[inline(always)]
pub(super) fn gelu<T: Float>(x: T) -> T {
    via_f64(x, |v| {
        0.5 * v * libm::erfc(-v * core::f64::consts::FRAC_1_SQRT_2)
    })
}

/// `x·sigmoid(x)`.
#[inline(always)]
pub(super) fn silu<T: Float>(x: T) -> T {
    x / (T::one() + (-x).exp())
}

/// PyTorch's `softplus` (`beta` 1, `threshold` 20): `ln(1 + e^x)`, `x`
/// itself above 20.
#[inline(always)]
pub(super) fn softplus<T: Float>(x: T) -> T {
    if x > T::from(20.0).unwrap_or_else(T::infinity) {
        x
    } else {
        x.exp().ln_1p()
    }
}

/// Whether `x` is NaN: the one value not equal to itself (never an integer).
#[inline(always)]
#[allow(clippy::eq_op)] // `x != x` is the test, not a typo.
pub(super) fn is_nan<T: Element>(x: T) -> bool {
    x != x
}

/// Whether `x` is finite: `x - x` is 0 for every finite value (and every
/// integer), NaN for NaN and the infinities.
#[inline(always)]
#[allow(clippy::eq_op)] // `x - x == x - x` is the test, not a typo.
pub(super) fn is_finite<T: Element>(x: T) -> bool {
    let d = x.sub_elem(x);
    d == d
}

/// Whether `x` is `±inf`: neither NaN nor finite.
#[inline(always)]
pub(super) fn is_inf<T: Element>(x: T) -> bool {
    !is_nan(x) && !is_finite(x)
}
