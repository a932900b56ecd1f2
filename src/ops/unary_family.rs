//! The elementwise functions of one operand (`exp`, `ln`, ..., `abs`,
//! `relu`, `clamp`, `powf`, `isnan`, `cast`), written once for the six
//! kinds of tensor: one table ([`__unary_table!`](crate::__unary_table))
//! lists each function with its element rule (in [`math`](super::math)
//! and [`unary`](super::unary)), and every kind's method is stamped from
//! it over the kinds of [`__for_each_kind!`](crate::__for_each_kind).
//! The typed kinds give a tensor (or [`Mask`]) of their layout, the
//! runtime kinds a [`DynTensor`] with the operand's names. Each is the
//! kind's `map`: one pass over a tensor's storage, a view read as a slice
//! when it is contiguous and through its strides otherwise (never copied
//! first).
//!
//! ```
//! use shaped::{s, shape, DynTensor, Tensor, TensorView};
//! let t = Tensor::<f64, shape![2, 3]>::from_slice(&[1.0, 4.0, 9.0, 16.0, 25.0, 36.0]).unwrap();
//! let v: TensorView<'_, f64, shape![3, 2]> = t.t();
//! let r: Tensor<f64, shape![3, 2]> = v.sqrt(); // typed, read through the strides
//! assert_eq!(r.to_vec(), vec![1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
//! let mut d = DynTensor::from_vec(t.to_vec(), &[2, 3]).unwrap();
//! let i: DynTensor<i32> = d.slice_mut(s![.., 1..]).cast();
//! assert_eq!(i.to_vec(), vec![4, 9, 25, 36]);
//! ```

use num_traits::{AsPrimitive, Float, Signed};

use super::layout_mask::Mask;
use super::math::{clamp, relu, sigmoid, sign, wrapping_abs};
use super::unary::{erf, gelu, is_finite, is_inf, is_nan, round_half_even, silu, softplus};
use crate::__for_each_kind;
use crate::element::Element;
use crate::shape::list::Layout;
use crate::tensor::{DynTensor, Tensor};
use crate::view::Operand;

/// The table of the elementwise functions of one operand, the one place
/// such a function is added: calls `$cb! { $($pre)* { rows } }`, each row
/// a braced group, one of
///
/// - `{ map BOUND: NAME [extra args] (f) ; "what" }`: `f` of every element,
///   the same element type (`f` a function or closure of the element);
/// - `{ test NAME (f) ; "what" }`: a mask, `true` where `f` holds;
/// - `{ cast ; "what" }`: `cast::<U>()`.
///
/// The typed kinds get a tensor of their layout (a [`Mask`] of it for the
/// tests), the runtime kinds a [`DynTensor`]. Each reads a view in one
/// pass, as a slice when it is contiguous, through its strides otherwise
/// (`map`). The crate stamps the six kinds' methods from it
/// (`ops/unary_family.rs`), and `tests/suite/kinds.rs` checks each on every kind.
#[doc(hidden)]
#[macro_export]
macro_rules! __unary_table {
    ($cb:ident [$($pre:tt)*]) => {
        $cb! { $($pre)* {
            { map Float: exp [] (Float::exp); "`e^x` for every element." }
            { map Float: ln [] (Float::ln); "The natural logarithm of every element (PyTorch's `log`): `-inf` at 0, NaN below." }
            { map Float: sqrt [] (Float::sqrt); "The square root of every element (NaN below 0)." }
            { map Float: sin [] (Float::sin); "The sine of every element (radians)." }
            { map Float: cos [] (Float::cos); "The cosine of every element (radians)." }
            { map Float: tanh [] (Float::tanh); "The hyperbolic tangent of every element." }
            { map Float: sigmoid [] (sigmoid); "The logistic function `1 / (1 + e^-x)` of every element." }
            { map Float: recip [] (Float::recip); "`1 / x` for every element (infinite at 0)." }
            { map Float: floor [] (Float::floor); "The largest integer not above every element." }
            { map Float: ceil [] (Float::ceil); "The smallest integer not below every element." }
            { map Float: round [] (round_half_even); "Every element rounded to the nearest integer, halves to the even one (`2.5` gives `2`), as NumPy and PyTorch round; Rust's `f32::round` takes halves away from zero." }
            { map Float: trunc [] (Float::trunc); "Every element rounded toward zero." }
            { map Float: log2 [] (Float::log2); "The base-2 logarithm of every element (`-inf` at 0, NaN below)." }
            { map Float: log10 [] (Float::log10); "The base-10 logarithm of every element (`-inf` at 0, NaN below)." }
            { map Float: log1p [] (Float::ln_1p); "`ln(1 + x)` for every element, accurate near 0 (`-inf` at -1, NaN below)." }
            { map Float: exp2 [] (Float::exp2); "`2^x` for every element." }
            { map Float: expm1 [] (Float::exp_m1); "`e^x - 1` for every element, accurate near 0." }
            { map Float: tan [] (Float::tan); "The tangent of every element (radians)." }
            { map Float: asin [] (Float::asin); "The arcsine of every element (NaN outside `[-1, 1]`; NumPy's `arcsin`)." }
            { map Float: acos [] (Float::acos); "The arccosine of every element (NaN outside `[-1, 1]`; NumPy's `arccos`)." }
            { map Float: atan [] (Float::atan); "The arctangent of every element (NumPy's `arctan`)." }
            { map Float: sinh [] (Float::sinh); "The hyperbolic sine of every element." }
            { map Float: cosh [] (Float::cosh); "The hyperbolic cosine of every element." }
            { map Float: asinh [] (Float::asinh); "The inverse hyperbolic sine of every element (NumPy's `arcsinh`)." }
            { map Float: acosh [] (Float::acosh); "The inverse hyperbolic cosine of every element (NaN below 1; NumPy's `arccosh`)." }
            { map Float: atanh [] (Float::atanh); "The inverse hyperbolic tangent of every element (`±inf` at `±1`, NaN beyond; NumPy's `arctanh`)." }
            { map Float: square [] (|x: T| x * x); "`x * x` for every element." }
            { map Float: rsqrt [] (|x: T| x.sqrt().recip()); "`1 / sqrt(x)` for every element (`inf` at 0, NaN below)." }
            { map Float: erf [] (erf); "The error function of every element (PyTorch's `erf`; SciPy's `scipy.special.erf`, NumPy has none)." }
            { map Float: gelu [] (gelu); "PyTorch's `gelu` of every element: `x/2 (1 + erf(x/√2))`, the exact form, not the tanh approximation." }
            { map Float: silu [] (silu); "`x * sigmoid(x)` for every element (PyTorch's `silu`, also called swish)." }
            { map Float: softplus [] (softplus); "`ln(1 + e^x)` for every element, `x` itself above 20 (PyTorch's `softplus` with `beta` 1 and `threshold` 20)." }
            { map Float: powf [e: T] (|x: T| x.powf(e)); "Every element raised to the power `e` (PyTorch's `pow` with a float exponent)." }
            { map Signed: abs [] (wrapping_abs); "The absolute value of every element; integers wrap (`abs(i32::MIN)` is `i32::MIN`, as in PyTorch)." }
            { map Signed: signum [] (sign); "-1, 0 or 1 by the sign of every element, NaN for NaN (PyTorch's `sign`)." }
            { map Element: relu [] (relu); "`max(x, 0)` for every element, NaN staying NaN." }
            { map Element: clamp [min: T, max: T] (|x: T| clamp(x, min, max)); "Every element clamped to `[min, max]` (PyTorch's `clamp`: NaN stays NaN, and where `min > max` every element becomes `max`)." }
            { test isnan (is_nan); "A mask: `true` where the element is NaN (never for integers)." }
            { test isinf (is_inf); "A mask: `true` where the element is `inf` or `-inf` (never for integers)." }
            { test isfinite (is_finite); "A mask: `true` where the element is neither NaN nor infinite (always for integers)." }
            { cast; "Every element converted to `U` as Rust's `as` converts it: floats to integers truncate toward zero and saturate (NaN gives 0), integers wrap (see [`ops::cast`](crate::ops::cast)). PyTorch's `.to(dtype)`, NumPy's `astype`. The layout, shape and names stay." }
        } }
    };
}

/// Stamps the rows of [`__unary_table!`](crate::__unary_table) on the six
/// kinds, one `impl` block per row and kind.
macro_rules! stamp_unary {
    ($which:ident $([$K:ty])*; $rows:tt) => {
        $(stamp_unary!(@kind $which [$K] $rows);)*
    };
    (@kind $which:ident [$K:ty] { $($row:tt)* }) => {
        $(stamp_unary!(@one $which [$K] $row);)*
    };
    (@one typed [$K:ty] { map $bound:path: $name:ident [$($arg:ident: $aty:ty),*] ($f:expr); $what:literal }) => {
        impl<T: Element + $bound, S: Layout> $K {
            #[doc = $what]
            #[inline]
            pub fn $name(&self $(, $arg: $aty)*) -> Tensor<T, S> {
                self.map($f)
            }
        }
    };
    (@one runtime [$K:ty] { map $bound:path: $name:ident [$($arg:ident: $aty:ty),*] ($f:expr); $what:literal }) => {
        impl<T: Element + $bound> $K {
            #[doc = $what]
            pub fn $name(&self $(, $arg: $aty)*) -> DynTensor<T> {
                self.map($f)
            }
        }
    };
    (@one typed [$K:ty] { test $name:ident ($f:expr); $what:literal }) => {
        impl<T: Element, S: Layout> $K {
            #[doc = $what]
            pub fn $name(&self) -> Mask<S> {
                let v = Operand::strided(self);
                Mask::from_parts(v.map_vec($f), v.shape())
            }
        }
    };
    (@one runtime [$K:ty] { test $name:ident ($f:expr); $what:literal }) => {
        impl<T: Element> $K {
            #[doc = $what]
            pub fn $name(&self) -> DynTensor<bool> {
                Operand::strided(self).map_to($f)
            }
        }
    };
    (@one typed [$K:ty] { cast; $what:literal }) => {
        impl<T: Element, S: Layout> $K {
            #[doc = $what]
            pub fn cast<U: Element>(&self) -> Tensor<U, S>
            where
                T: AsPrimitive<U>,
            {
                self.map_to(AsPrimitive::as_)
            }
        }
    };
    (@one runtime [$K:ty] { cast; $what:literal }) => {
        impl<T: Element> $K {
            #[doc = $what]
            pub fn cast<U: Element>(&self) -> DynTensor<U>
            where
                T: AsPrimitive<U>,
            {
                self.map_to(AsPrimitive::as_)
            }
        }
    };
}

crate::__unary_table!(__for_each_kind [stamp_unary;]);
