//! Elementwise math functions on every tensor kind, with one spelling:
//! `exp ln sqrt sin cos tanh sigmoid recip powf` for floats, `abs signum`
//! for signed numbers, `relu clamp` for every element type.
//!
//! On static and mixed tensors each is one pass over the tensor's own
//! storage into a result of the same layout (inline for small static
//! shapes: no allocation); on [`DynTensor`] a new tensor of the same shape
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
use crate::shape::list::Layout;
use crate::tensor::{DynTensor, Tensor};

/// PyTorch's `sign`: -1, 0 or 1, NaN for NaN.
#[inline(always)]
fn sign<T: Element + Signed>(x: T) -> T {
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
fn sigmoid<T: Float>(x: T) -> T {
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
fn relu<T: Element>(x: T) -> T {
    if x < T::zero() { T::zero() } else { x }
}

/// `x` clamped to `[min, max]` (PyTorch's `clamp`: NaN stays NaN, and
/// where `min > max` every element becomes `max`).
#[inline(always)]
fn clamp<T: Element>(x: T, min: T, max: T) -> T {
    let y = if x < min { min } else { x };
    if y > max { max } else { y }
}

// Each function on a tensor and on a view of the same kind (a typed view
// gives a tensor of its layout, a `DynView` a `DynTensor`), both through
// `map`, which reads a view in one pass without copying it first.
macro_rules! unary {
    ($bound:path: $($name:ident $doc:literal => $f:expr),* $(,)?) => {
        impl<T: Element + $bound, S: Layout> Tensor<T, S> {$(
            #[doc = $doc]
            #[inline]
            pub fn $name(&self) -> Tensor<T, S> {
                self.map($f)
            }
        )*}
        impl<T: Element + $bound, S: Layout> $crate::view::TensorView<'_, T, S> {$(
            #[doc = $doc]
            pub fn $name(&self) -> Tensor<T, S> {
                self.map($f)
            }
        )*}
    };
}
macro_rules! unary_dyn {
    ($bound:path: $($name:ident $doc:literal => $f:expr),* $(,)?) => {
        impl<T: Element + $bound> DynTensor<T> {$(
            #[doc = $doc]
            pub fn $name(&self) -> DynTensor<T> {
                self.map($f)
            }
        )*}
        $crate::ops::math::unary_dyn_view!($bound: $($name $doc => $f),*);
    };
}
// The `DynView` half of `unary_dyn!`, alone for the functions whose
// `DynTensor` forms are written out (`exp ln sqrt abs`, with examples).
macro_rules! unary_dyn_view {
    ($bound:path: $($name:ident $doc:literal => $f:expr),* $(,)?) => {
        impl<T: Element + $bound> $crate::view::DynView<'_, T> {$(
            #[doc = $doc]
            pub fn $name(&self) -> DynTensor<T> {
                self.map($f)
            }
        )*}
    };
}
// The same two macros give the rest of the float vocabulary (`unary_float`).
pub(crate) use unary_dyn_view;
pub(super) use {unary, unary_dyn};

unary!(Float:
    exp "`e^x` for every element." => Float::exp,
    ln "The natural logarithm of every element (PyTorch's `log`): `-inf` at 0, NaN below." => Float::ln,
    sqrt "The square root of every element (NaN below 0)." => Float::sqrt,
    sin "The sine of every element (radians)." => Float::sin,
    cos "The cosine of every element (radians)." => Float::cos,
    tanh "The hyperbolic tangent of every element." => Float::tanh,
    sigmoid "The logistic function `1 / (1 + e^-x)` of every element." => sigmoid,
    recip "`1 / x` for every element (infinite at 0)." => Float::recip,
);
unary_dyn!(Float:
    sin "The sine of every element (radians)." => Float::sin,
    cos "The cosine of every element (radians)." => Float::cos,
    tanh "The hyperbolic tangent of every element." => Float::tanh,
    sigmoid "The logistic function `1 / (1 + e^-x)` of every element." => sigmoid,
    recip "`1 / x` for every element (infinite at 0)." => Float::recip,
);
unary!(Signed:
    abs "The absolute value of every element; integers wrap (`abs(i32::MIN)` is `i32::MIN`, as in PyTorch)." => wrapping_abs,
    signum "-1, 0 or 1 by the sign of every element, NaN for NaN (PyTorch's `sign`)." => sign,
);
unary_dyn_view!(Float:
    exp "`e^x` for every element." => Float::exp,
    ln "The natural logarithm of every element (PyTorch's `log`): `-inf` at 0, NaN below." => Float::ln,
    sqrt "The square root of every element (NaN below 0)." => Float::sqrt,
);
unary_dyn_view!(Signed:
    abs "The absolute value of every element; integers wrap (`abs(i32::MIN)` is `i32::MIN`, as in PyTorch)." => wrapping_abs,
);
unary_dyn!(Signed:
    signum "-1, 0 or 1 by the sign of every element, NaN for NaN (PyTorch's `sign`)." => sign,
);
unary!(Element:
    relu "`max(x, 0)` for every element, NaN staying NaN." => relu,
);
unary_dyn!(Element:
    relu "`max(x, 0)` for every element, NaN staying NaN." => relu,
);

impl<T: Element + Float, S: Layout> Tensor<T, S> {
    /// Every element raised to the power `e` (PyTorch's `pow` with a float
    /// exponent).
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let t = Tensor::<f64, shape![2]>::from_slice(&[2.0, 3.0]).unwrap();
    /// assert_eq!(t.powf(2.0).as_slice(), &[4.0, 9.0]);
    /// ```
    #[inline]
    pub fn powf(&self, e: T) -> Tensor<T, S> {
        self.map(|x| x.powf(e))
    }
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// Every element clamped to `[min, max]` (PyTorch's `clamp`: NaN stays
    /// NaN, and where `min > max` every element becomes `max`).
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let t = Tensor::<i32, shape![4]>::from_slice(&[-5, 0, 5, 10]).unwrap();
    /// assert_eq!(t.clamp(0, 6).as_slice(), &[0, 0, 5, 6]);
    /// ```
    #[inline]
    pub fn clamp(&self, min: T, max: T) -> Tensor<T, S> {
        self.map(|x| clamp(x, min, max))
    }
}
