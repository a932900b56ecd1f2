//! Parameters as the fields of a user's struct: a visit reaches each one,
//! to zero its gradient, update it, save or load it.

use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;

use crate::DynTensor;

use super::Real;
use super::layout::VarLayout;
use super::tape::Var;

/// One parameter as a visit sees it, whatever its layout.
pub trait AnyParam<T: Real> {
    /// Its identity (kept across updates).
    fn param_id(&self) -> u64;
    /// Its value as a runtime tensor.
    fn value_dyn(&self) -> &DynTensor<T>;
    /// Its value and accumulated gradient, for an update in place.
    fn value_and_grad(&mut self) -> (&mut DynTensor<T>, Option<Rc<DynTensor<T>>>);
    /// Forgets its gradient.
    fn zero_grad(&mut self);
    /// Whether runtime sizes fit its layout (a checkpoint's check).
    fn admits(&self, dims: &[usize]) -> bool;
    /// Its layout's sizes (`usize::MAX` for a `Dyn` one); a runtime
    /// parameter's current sizes.
    fn layout_dims(&self) -> Vec<usize>;
}

impl<T: Real, L: VarLayout> AnyParam<T> for Var<T, L> {
    fn param_id(&self) -> u64 {
        self.id()
    }
    fn value_dyn(&self) -> &DynTensor<T> {
        Var::value_dyn(self)
    }
    fn value_and_grad(&mut self) -> (&mut DynTensor<T>, Option<Rc<DynTensor<T>>>) {
        self.parts_mut()
    }
    fn zero_grad(&mut self) {
        Var::zero_grad(self)
    }
    fn admits(&self, dims: &[usize]) -> bool {
        L::admits(self.shape(), dims)
    }
    fn layout_dims(&self) -> Vec<usize> {
        match L::STATIC_DIMS {
            Some(d) => d.to_vec(),
            None => L::template(self.shape()),
        }
    }
}

/// A set of parameters: a [`Var`], and anything holding them (a user's
/// model struct, tuples, arrays, `Vec`s). A model implements it by
/// visiting its fields, each under its name:
///
/// ```
/// use shaped::autograd::{AnyParam, Parameters, Var};
/// use shaped::{shape, Tensor};
/// struct Linear {
///     w: Var<f32, shape![4, 2]>,
///     b: Var<f32, shape![2]>,
/// }
/// impl Parameters<f32> for Linear {
///     fn visit(&mut self, prefix: &str, f: &mut dyn FnMut(&str, &mut dyn AnyParam<f32>)) {
///         self.w.visit(&format!("{prefix}w"), f);
///         self.b.visit(&format!("{prefix}b"), f);
///     }
/// }
/// let mut m = Linear { w: Var::param(Tensor::ones()), b: Var::param(Tensor::zeros()) };
/// assert_eq!(m.names(), ["w", "b"]);
/// assert_eq!(m.numel(), 10);
/// ```
///
/// [`parameters!`](crate::parameters) writes that impl.
pub trait Parameters<T: Real> {
    /// Calls `f` on every parameter with its name (`prefix`, a `.`, then
    /// the field's name; nested fields joined by `.`).
    fn visit(&mut self, prefix: &str, f: &mut dyn FnMut(&str, &mut dyn AnyParam<T>));

    /// Forgets every parameter's gradient (PyTorch's `zero_grad`).
    fn zero_grad(&mut self) {
        self.visit("", &mut |_, p| p.zero_grad());
    }
    /// The parameters' names, in visiting order.
    fn names(&mut self) -> Vec<String> {
        let mut v = Vec::new();
        self.visit("", &mut |n, _| v.push(String::from(n)));
        v
    }
    /// The number of parameter elements.
    fn numel(&mut self) -> usize {
        let mut n = 0;
        self.visit("", &mut |_, p| n += p.value_dyn().numel());
        n
    }
}

impl<T: Real, L: VarLayout> Parameters<T> for Var<T, L> {
    fn visit(&mut self, prefix: &str, f: &mut dyn FnMut(&str, &mut dyn AnyParam<T>)) {
        f(prefix, self);
    }
}

impl<T: Real, P: Parameters<T>> Parameters<T> for Vec<P> {
    fn visit(&mut self, prefix: &str, f: &mut dyn FnMut(&str, &mut dyn AnyParam<T>)) {
        for (i, p) in self.iter_mut().enumerate() {
            p.visit(&__field_name(prefix, &alloc::format!("{i}")), f);
        }
    }
}

impl<T: Real, P: Parameters<T>, const N: usize> Parameters<T> for [P; N] {
    fn visit(&mut self, prefix: &str, f: &mut dyn FnMut(&str, &mut dyn AnyParam<T>)) {
        for (i, p) in self.iter_mut().enumerate() {
            p.visit(&__field_name(prefix, &alloc::format!("{i}")), f);
        }
    }
}

/// Implements [`Parameters`] for a struct by visiting the named fields,
/// each under its field name (a nested model's under `field.`):
///
/// ```
/// use shaped::autograd::{Parameters, Var};
/// use shaped::{parameters, shape, Tensor};
/// struct Linear { w: Var<f32, shape![4, 2]>, b: Var<f32, shape![2]> }
/// parameters!(Linear<f32> { w, b });
/// struct Two { first: Linear, second: Linear }
/// parameters!(Two<f32> { first, second });
/// let lin = || Linear { w: Var::param(Tensor::ones()), b: Var::param(Tensor::zeros()) };
/// let mut m = Two { first: lin(), second: lin() };
/// assert_eq!(m.names(), ["first.w", "first.b", "second.w", "second.b"]);
/// ```
#[macro_export]
macro_rules! parameters {
    ($ty:ident < $t:ty > { $($field:ident),* $(,)? }) => {
        impl $crate::autograd::Parameters<$t> for $ty {
            fn visit(
                &mut self,
                prefix: &str,
                f: &mut dyn FnMut(&str, &mut dyn $crate::autograd::AnyParam<$t>),
            ) {
                $(if prefix.is_empty() {
                    $crate::autograd::Parameters::<$t>::visit(&mut self.$field, stringify!($field), f);
                } else {
                    let name = $crate::autograd::__field_name(prefix, stringify!($field));
                    $crate::autograd::Parameters::<$t>::visit(&mut self.$field, &name, f);
                })*
            }
        }
    };
}

/// The name of a field under `prefix`: a parameter's own name, or the
/// prefix of a nested model's parameters (`"first."`).
#[doc(hidden)]
pub fn __field_name(prefix: &str, field: &str) -> String {
    if prefix.is_empty() {
        String::from(field)
    } else {
        alloc::format!("{prefix}.{field}")
    }
}
