//! The binary math functions with broadcasting, on every tensor kind:
//! `maximum minimum pow` for every element type, `atan2 hypot copysign
//! logaddexp` for floats.
//!
//! Each is a [`BinaryOp`] (as `+` is), so it runs through the operators'
//! own broadcasting kernel: the compiler's plan for static shapes, the
//! runtime check for `Dyn` sizes and [`DynTensor`]s, alignment by name for
//! named operands. `try_` forms return the broadcasting error; the others
//! panic with its message.
//!
//! ```
//! use shaped::{shape, DynTensor, Tensor};
//! let a = Tensor::<f32, shape![2, 1]>::from_slice(&[1.0, 4.0]).unwrap();
//! let b = Tensor::<f32, shape![3]>::from_slice(&[0.0, 2.0, f32::NAN]).unwrap();
//! let m: Tensor<f32, shape![2, 3]> = a.maximum(&b);
//! assert_eq!(m.as_slice()[..2], [1.0, 2.0]);
//! assert!(m.as_slice()[2].is_nan()); // NaN propagates, as in PyTorch
//! let x = DynTensor::from_vec(vec![2, -3, 5], &[3]).unwrap();
//! let e = DynTensor::from_vec(vec![10, 3, 0], &[3]).unwrap();
//! assert_eq!(x.pow(&e).to_vec(), vec![1024, -27, 1]);
//! assert!(x.try_pow(&DynTensor::zeros(&[2])).is_err());
//! ```

use num_traits::Float;

use super::binary_op::BinaryOp;
use super::tensor::{RhsOf, or_panic};
use crate::element::Element;
use crate::error::ShapeError;
use crate::shape::Layout;
use crate::shape::broadcast::{Broadcast, BroadcastWith};
use crate::tensor::{DynTensor, Tensor};

/// `a` if it is NaN, else `b` if it is, else `pick(a, b)`.
#[inline(always)]
fn nan_or<T: Element>(a: T, b: T, pick: impl Fn(T, T) -> T) -> T {
    #[allow(clippy::eq_op)] // NaN is the value not equal to itself.
    if a != a {
        a
    } else if b != b {
        b
    } else {
        pick(a, b)
    }
}

/// `a` to the power `b`. Integers: exact with wrapping (as `*` wraps); a
/// negative exponent gives `1 / a^|b|` truncated (0 unless `a` is 1 or
/// -1). Floats: `powf`, computed in `f64`.
#[inline(always)]
pub(crate) fn pow_elem<T: Element>(a: T, b: T) -> T {
    if T::INTEGER {
        if b < T::zero() {
            return if a == T::one() {
                a
            } else if a == T::zero().sub_elem(T::one()) {
                // -1: its sign by the exponent's parity.
                if b.rem_elem(T::one() + T::one()) == T::zero() {
                    T::one()
                } else {
                    a
                }
            } else {
                T::zero()
            };
        }
        let mut e = b.to_u128().unwrap_or(0);
        let (mut base, mut acc) = (a, T::one());
        while e > 0 {
            if e & 1 == 1 {
                acc = acc.mul_elem(base);
            }
            base = base.mul_elem(base);
            e >>= 1;
        }
        acc
    } else {
        match (a.to_f64(), b.to_f64()) {
            (Some(x), Some(y)) => T::from(Float::powf(x, y)).unwrap_or(a),
            _ => a,
        }
    }
}

/// `ln(e^a + e^b)` without overflow: the larger plus `ln(1 + e^-|a-b|)`.
#[inline(always)]
fn logaddexp<T: Float>(a: T, b: T) -> T {
    if a == b {
        // Also the infinities of one sign, where `a - b` is NaN.
        return a + T::from(core::f64::consts::LN_2).unwrap_or_else(T::nan);
    }
    let m = a.max(b);
    m + (-(a - b).abs()).exp().ln_1p()
}

macro_rules! op {
    ($Op:ident $bound:path, $doc:literal, |$a:ident, $b:ident| $e:expr) => {
        #[doc = $doc]
        #[derive(Debug, Clone, Copy)]
        pub struct $Op;
        impl<T: Element + $bound> BinaryOp<T> for $Op {
            #[inline(always)]
            fn apply($a: T, $b: T) -> T {
                $e
            }
        }
    };
}
op!(MaximumOp Element, "PyTorch's `maximum`: the larger of `a` and `b`, NaN if either is.",
    |a, b| nan_or(a, b, |a, b| if a > b { a } else { b }));
op!(MinimumOp Element, "PyTorch's `minimum`: the smaller of `a` and `b`, NaN if either is.",
    |a, b| nan_or(a, b, |a, b| if a < b { a } else { b }));
op!(PowOp Element, "`a` to the power `b` (PyTorch's `pow` with a tensor exponent).",
    |a, b| pow_elem(a, b));
op!(Atan2Op Float, "The angle of the point `(b, a)`: `atan2(a, b)`.", |a, b| a.atan2(b));
op!(HypotOp Float, "`sqrt(a² + b²)` without overflow.", |a, b| a.hypot(b));
op!(CopysignOp Float, "`a`'s magnitude with `b`'s sign.", |a, b| a.copysign(b));
op!(LogAddExpOp Float, "`ln(e^a + e^b)`, computed without overflow.", |a, b| logaddexp(a, b));

macro_rules! functions {
    ($bound:path: $($try:ident $name:ident $Op:ident $doc:literal),* $(,)?) => {
        impl<T: Element + $bound> DynTensor<T> {$(
            #[doc = concat!($doc, " With broadcasting, or the broadcasting error.")]
            pub fn $try(&self, other: &DynTensor<T>) -> Result<DynTensor<T>, ShapeError> {
                Self::binary::<$Op>(self.side(), other.side())
            }
            #[doc = concat!($doc, " With broadcasting; panics with the error's message where the shapes do not broadcast.")]
            #[track_caller]
            pub fn $name(&self, other: &DynTensor<T>) -> DynTensor<T> {
                or_panic(self.$try(other))
            }
        )*}
        impl<T: Element + $bound, S: Layout> Tensor<T, S> {$(
            #[doc = concat!($doc, " With broadcasting, the result layout computed by the compiler; the error where a `Dyn` size does not broadcast.")]
            pub fn $try<R: Layout>(&self, other: &Tensor<T, R>) -> Result<Tensor<T, Broadcast<S, R>>, ShapeError>
            where
                S: BroadcastWith<R>,
            {
                self.layout_binary::<$Op, R>(other)
            }
            #[doc = concat!($doc, " With broadcasting, the result layout computed by the compiler; panics where a `Dyn` size does not broadcast.")]
            #[track_caller]
            pub fn $name<R: Layout>(&self, other: &Tensor<T, R>) -> Tensor<T, Broadcast<S, R>>
            where
                S: BroadcastWith<R>,
            {
                R::ref_ref::<T, $Op>(self, other)
            }
        )*}
    };
}
functions!(Element:
    try_maximum maximum MaximumOp "The larger of each pair of elements, NaN where either is NaN (PyTorch's `maximum`; NumPy's `maximum`, whereas `fmax` ignores NaN).",
    try_minimum minimum MinimumOp "The smaller of each pair of elements, NaN where either is NaN (PyTorch's `minimum`).",
    try_pow pow PowOp "Each element of `self` to the power of the matching element of `other` (PyTorch's `pow` with a tensor exponent; NumPy's `power`). Integers are exact and wrap as `*` does; a negative integer exponent gives `1 / a^|b|` truncated toward zero (0 unless the base is 1 or -1), where NumPy raises an error. Floats follow `powf` (computed in `f64`).",
);
functions!(Float:
    try_atan2 atan2 Atan2Op "The angle in radians of the point `(other, self)`, in `[-π, π]` (PyTorch's `atan2`; NumPy's `arctan2`).",
    try_hypot hypot HypotOp "`sqrt(self² + other²)` for each pair, without overflow (PyTorch's and NumPy's `hypot`).",
    try_copysign copysign CopysignOp "The magnitude of `self` with the sign of `other`, signed zeros and NaN's sign included (PyTorch's and NumPy's `copysign`).",
    try_logaddexp logaddexp LogAddExpOp "`ln(e^self + e^other)` for each pair, without overflow (PyTorch's and NumPy's `logaddexp`).",
);
