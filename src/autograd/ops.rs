//! `+ - * /` on tracked tensors (with broadcasting) and scalars, and the
//! elementwise helpers the other operations' gradients share.

use alloc::rc::Rc;
use alloc::vec;
use alloc::vec::Vec;
use core::ops::{Add, Div, Mul, Neg, Sub};

use crate::DynTensor;

use super::Real;
use super::layout::{BroadcastVar, VarLayout, fold};
use super::tape::{Node, Var};

/// `acc += g`, same sizes.
pub(crate) fn add_assign<T: Real>(acc: &mut DynTensor<T>, g: &DynTensor<T>) {
    debug_assert_eq!(acc.shape(), g.shape());
    for (a, &b) in acc.as_mut_slice().iter_mut().zip(g.as_slice()) {
        *a = *a + b;
    }
}

/// The sum over `axes`, kept as size 1.
pub(crate) fn sum_axes<T: Real>(g: &DynTensor<T>, axes: &[usize]) -> DynTensor<T> {
    match g.sum_dims(axes, true) {
        Ok(s) => s,
        Err(e) => unreachable!("axes of the tensor: {e}"),
    }
}

/// `f(a, b)` elementwise for two tensors of the same sizes, with `a`'s
/// sizes.
pub(crate) fn zip_same<T: Real>(
    a: &DynTensor<T>,
    b: &DynTensor<T>,
    f: impl Fn(T, T) -> T,
) -> DynTensor<T> {
    debug_assert_eq!(a.shape(), b.shape());
    let v: Vec<T> = a
        .as_slice()
        .iter()
        .zip(b.as_slice())
        .map(|(&x, &y)| f(x, y))
        .collect();
    from_vec(v, a.shape())
}

/// `f(a, b, c)` elementwise, same sizes.
pub(crate) fn zip3_same<T: Real>(
    a: &DynTensor<T>,
    b: &DynTensor<T>,
    c: &DynTensor<T>,
    f: impl Fn(T, T, T) -> T,
) -> DynTensor<T> {
    let v: Vec<T> = a
        .as_slice()
        .iter()
        .zip(b.as_slice())
        .zip(c.as_slice())
        .map(|((&x, &y), &z)| f(x, y, z))
        .collect();
    from_vec(v, a.shape())
}

pub(crate) fn from_vec<T: Real>(v: Vec<T>, shape: &[usize]) -> DynTensor<T> {
    match DynTensor::from_vec(v, shape) {
        Ok(t) => t,
        Err(e) => unreachable!("sizes computed from the operands: {e}"),
    }
}

/// `t` stretched to `shape` (the gradient of a reduction kept as size 1).
pub(crate) fn expand<T: Real>(t: &DynTensor<T>, shape: &[usize]) -> DynTensor<T> {
    if t.shape() == shape {
        return t.clone();
    }
    match t.broadcast_to(shape) {
        Ok(t) => t,
        Err(e) => unreachable!("a reduction broadcasts back: {e}"),
    }
}

/// Unwraps the result of a runtime operation, panicking with its message
/// at the caller's line (the operators' behaviour on a `Dyn` mismatch).
#[track_caller]
pub(crate) fn or_panic<V>(r: Result<V, crate::ShapeError>) -> V {
    match r {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    }
}

/// The four operators, each with its gradient with respect to both
/// operands (before folding): `g` the result's gradient, `a`, `b` the
/// operands, `out` the result.
#[derive(Clone, Copy)]
pub(crate) enum Arith {
    Add,
    Sub,
    Mul,
    Div,
}

impl Arith {
    #[track_caller]
    fn forward<T: Real>(self, a: &DynTensor<T>, b: &DynTensor<T>) -> DynTensor<T> {
        or_panic(match self {
            Arith::Add => a.try_add(b),
            Arith::Sub => a.try_sub(b),
            Arith::Mul => a.try_mul(b),
            Arith::Div => a.try_div(b),
        })
    }
    fn grad_lhs<T: Real>(self, g: &DynTensor<T>, b: &DynTensor<T>) -> DynTensor<T> {
        match self {
            Arith::Add | Arith::Sub => g.clone(),
            Arith::Mul => g * b,
            Arith::Div => g / b,
        }
    }
    fn grad_rhs<T: Real>(
        self,
        g: &DynTensor<T>,
        a: &DynTensor<T>,
        b: &DynTensor<T>,
        out: &DynTensor<T>,
    ) -> DynTensor<T> {
        match self {
            Arith::Add => g.clone(),
            Arith::Sub => -g,
            Arith::Mul => g * a,
            // d(a / b)/db = -a / b^2 = -out / b
            Arith::Div => {
                if g.shape() == out.shape() && out.shape() == b.shape() {
                    zip3_same(g, out, b, |g, o, b| -g * o / b)
                } else {
                    -&(&(g * out) / b)
                }
            }
        }
    }
}

/// `a op b` with broadcasting, recorded.
#[track_caller]
pub(crate) fn arith<T: Real, A, B>(op: Arith, a: &Var<T, A>, b: &Var<T, B>) -> Var<T, A::Out>
where
    A: BroadcastVar<B>,
    B: VarLayout,
{
    let value = op.forward(a.value_dyn(), b.value_dyn());
    let (lf, rf) = (A::LHS_FOLD, A::RHS_FOLD);
    Var::<T, A>::from_op(
        value,
        vec![a.node.clone(), b.node.clone()],
        move |g, ins: &[Rc<Node<T>>], out| {
            let (a, b) = (&ins[0].value, &ins[1].value);
            let ga = ins[0]
                .tracked()
                .then(|| fold(op.grad_lhs(g, b), a.shape(), lf));
            let gb = ins[1]
                .tracked()
                .then(|| fold(op.grad_rhs(g, a, b, out), b.shape(), rf));
            vec![ga, gb]
        },
    )
}

/// `x op s` (or `s op x` when `swap`) for a scalar `s`, recorded.
pub(crate) fn arith_scalar<T: Real, L: VarLayout>(
    op: Arith,
    x: &Var<T, L>,
    s: T,
    swap: bool,
) -> Var<T, L> {
    let xv = x.value_dyn();
    let value = match (op, swap) {
        (Arith::Add, _) => xv.map(|v| v + s),
        (Arith::Mul, _) => xv.map(|v| v * s),
        (Arith::Sub, false) => xv.map(|v| v - s),
        (Arith::Sub, true) => xv.map(|v| s - v),
        (Arith::Div, false) => xv.map(|v| v / s),
        (Arith::Div, true) => xv.map(|v| s / v),
    };
    Var::<T, L>::from_op(value, vec![x.node.clone()], move |g, ins, out| {
        let gx = match (op, swap) {
            (Arith::Add, _) => g.clone(),
            (Arith::Mul, _) => g.map(|v| v * s),
            (Arith::Sub, false) => g.clone(),
            (Arith::Sub, true) => -g,
            (Arith::Div, false) => g.map(|v| v / s),
            // d(s / x)/dx = -s / x^2 = -out / x
            (Arith::Div, true) => zip3_same(g, out, &ins[0].value, |g, o, x| -g * o / x),
        };
        vec![Some(gx)]
    })
}

macro_rules! operators {
    ($($Trait:ident $method:ident $op:ident),*) => {$(
        impl<T: Real, A: BroadcastVar<B>, B: VarLayout> $Trait<&Var<T, B>> for &Var<T, A> {
            type Output = Var<T, A::Out>;
            #[track_caller]
            fn $method(self, rhs: &Var<T, B>) -> Var<T, A::Out> {
                arith(Arith::$op, self, rhs)
            }
        }
        impl<T: Real, A: BroadcastVar<B>, B: VarLayout> $Trait<Var<T, B>> for Var<T, A> {
            type Output = Var<T, A::Out>;
            #[track_caller]
            fn $method(self, rhs: Var<T, B>) -> Var<T, A::Out> {
                arith(Arith::$op, &self, &rhs)
            }
        }
        impl<T: Real, A: BroadcastVar<B>, B: VarLayout> $Trait<&Var<T, B>> for Var<T, A> {
            type Output = Var<T, A::Out>;
            #[track_caller]
            fn $method(self, rhs: &Var<T, B>) -> Var<T, A::Out> {
                arith(Arith::$op, &self, rhs)
            }
        }
        impl<T: Real, A: BroadcastVar<B>, B: VarLayout> $Trait<Var<T, B>> for &Var<T, A> {
            type Output = Var<T, A::Out>;
            #[track_caller]
            fn $method(self, rhs: Var<T, B>) -> Var<T, A::Out> {
                arith(Arith::$op, self, &rhs)
            }
        }
        impl<T: Real, L: VarLayout> $Trait<T> for &Var<T, L> {
            type Output = Var<T, L>;
            fn $method(self, s: T) -> Var<T, L> {
                arith_scalar(Arith::$op, self, s, false)
            }
        }
        impl<T: Real, L: VarLayout> $Trait<T> for Var<T, L> {
            type Output = Var<T, L>;
            fn $method(self, s: T) -> Var<T, L> {
                arith_scalar(Arith::$op, &self, s, false)
            }
        }
        operators!(@scalar_lhs $Trait $method $op f32 f64);
    )*};
    (@scalar_lhs $Trait:ident $method:ident $op:ident $($t:ty)*) => {$(
        impl<L: VarLayout> $Trait<&Var<$t, L>> for $t {
            type Output = Var<$t, L>;
            fn $method(self, x: &Var<$t, L>) -> Var<$t, L> {
                arith_scalar(Arith::$op, x, self, true)
            }
        }
        impl<L: VarLayout> $Trait<Var<$t, L>> for $t {
            type Output = Var<$t, L>;
            fn $method(self, x: Var<$t, L>) -> Var<$t, L> {
                arith_scalar(Arith::$op, &x, self, true)
            }
        }
    )*};
}

operators!(Add add Add, Sub sub Sub, Mul mul Mul, Div div Div);

impl<T: Real, L: VarLayout> Neg for &Var<T, L> {
    type Output = Var<T, L>;
    fn neg(self) -> Var<T, L> {
        arith_scalar(Arith::Mul, self, -T::one(), false)
    }
}
impl<T: Real, L: VarLayout> Neg for Var<T, L> {
    type Output = Var<T, L>;
    fn neg(self) -> Var<T, L> {
        -&self
    }
}
