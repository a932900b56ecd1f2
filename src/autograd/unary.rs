//! The elementwise functions of one tracked tensor, each with its
//! derivative.

use alloc::vec;

use crate::DynTensor;

use super::Real;
use super::layout::VarLayout;
use super::ops::zip3_same;
use super::tape::Var;

/// A constant of the element type.
#[inline]
pub(crate) fn c<T: Real>(v: f64) -> T {
    T::from(v).unwrap_or_else(T::nan)
}

impl<T: Real, L: VarLayout> Var<T, L> {
    /// `f` elementwise, with `d(x, f(x))` its derivative.
    fn unary(&self, value: DynTensor<T>, d: impl Fn(T, T) -> T + 'static) -> Var<T, L> {
        Var::<T, L>::from_op(value, vec![self.node.clone()], move |g, ins, out| {
            vec![Some(zip3_same(g, &ins[0].value, out, |g, x, o| {
                g * d(x, o)
            }))]
        })
    }
}

macro_rules! unary_fns {
    ($($name:ident $doc:literal |$x:ident, $o:ident| $d:expr;)*) => {
        impl<T: Real, L: VarLayout> Var<T, L> {$(
            #[doc = $doc]
            pub fn $name(&self) -> Var<T, L> {
                self.unary(self.value_dyn().$name(), |$x: T, $o: T| $d)
            }
        )*}
    };
}

unary_fns! {
    exp "`e^x` elementwise." |_x, o| o;
    ln "The natural logarithm elementwise (PyTorch's `log`)." |x, _o| T::one() / x;
    sqrt "The square root elementwise." |_x, o| c::<T>(0.5) / o;
    tanh "The hyperbolic tangent elementwise." |_x, o| T::one() - o * o;
    sigmoid "`1 / (1 + e^-x)` elementwise." |_x, o| o * (T::one() - o);
    relu "`max(x, 0)` elementwise; the derivative at 0 is 0, as in PyTorch." |x, _o| if x > T::zero() { T::one() } else { T::zero() };
    gelu "GELU with the exact `erf` form (PyTorch's default `approximate='none'`)." |x, _o| gelu_grad(x);
    silu "`x * sigmoid(x)` elementwise (SiLU, swish)." |x, _o| {
        let s = T::one() / (T::one() + (-x).exp());
        s * (T::one() + x * (T::one() - s))
    };
    softplus "`ln(1 + e^x)` elementwise, `x` above 20 (PyTorch's threshold)." |x, _o| {
        if x > c::<T>(20.0) { T::one() } else { T::one() / (T::one() + (-x).exp()) }
    };
    abs "`|x|` elementwise; the derivative at 0 is 0, as in PyTorch." |x, _o| {
        if x > T::zero() { T::one() } else if x < T::zero() { -T::one() } else { T::zero() }
    };
    square "`x^2` elementwise." |x, _o| c::<T>(2.0) * x;
}

fn gelu_grad<T: Real>(x: T) -> T {
    let v = x.to_f64().unwrap_or(f64::NAN);
    let cdf = 0.5 * libm::erfc(-v * core::f64::consts::FRAC_1_SQRT_2);
    let pdf = libm::exp(-0.5 * v * v) / libm::sqrt(2.0 * core::f64::consts::PI);
    c(cdf + v * pdf)
}

impl<T: Real, L: VarLayout> Var<T, L> {
    /// `x^p` elementwise for a constant exponent.
    pub fn powf(&self, p: T) -> Var<T, L> {
        self.unary(self.value_dyn().powf(p), move |x, _o| {
            if p == T::zero() {
                T::zero()
            } else {
                p * x.powf(p - T::one())
            }
        })
    }

    /// Each element limited to `[lo, hi]`; the gradient passes where
    /// `lo <= x <= hi` (PyTorch's rule at the bounds).
    pub fn clamp(&self, lo: T, hi: T) -> Var<T, L> {
        self.unary(self.value_dyn().clamp(lo, hi), move |x, _o| {
            if x >= lo && x <= hi {
                T::one()
            } else {
                T::zero()
            }
        })
    }
}
