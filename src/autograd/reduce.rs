//! Reductions over axes (`sum mean var std max min logsumexp`), with
//! keepdim, and `softmax` / `log_softmax` along one axis.
//!
//! Static and mixed tensors name their axes by type (`Axis::<1>`, a tuple
//! of them) and get the result's layout from the compiler
//! (`sum_over` drops the axes, `sum_keepdim` keeps them as size 1), as
//! tensors do; runtime ones take numbers (`sum_dims(&[-1], true)`) and
//! return PyTorch's error for an axis out of range.

use alloc::vec;
use alloc::vec::Vec;

use crate::shape::axes::OneAxis;
use crate::shape::toolkit::{DropDims, KeepDims, ReduceAxes};
use crate::{AxisArg, DynTensor, Layout, Nil, ShapeError};

use super::Real;
use super::layout::{Runtime, VarLayout, reshaped};
use super::ops::{expand, or_panic, sum_axes, zip3_same};
use super::tape::Var;
use super::unary::c;

#[derive(Clone, Copy)]
enum Kind {
    Sum,
    Mean,
    Var { correction: usize, sqrt: bool },
    Max,
    Min,
    LogSumExp,
}

fn axes_of_mask(mask: u64, rank: usize) -> Vec<usize> {
    (0..rank).filter(|k| mask >> k & 1 == 1).collect()
}

/// Runtime axes, checked as the crate's reductions check them, as
/// positions.
fn normalize<A: AxisArg>(shape: &[usize], axes: &[A]) -> Result<Vec<usize>, ShapeError> {
    // The crate's own check gives PyTorch's error; an empty sum over the
    // axes is cheap next to the reduction itself.
    DynTensor::<f32>::zeros(&vec![0; shape.len()]).sum_dims(axes, false)?;
    let r = shape.len() as i128;
    let mut v: Vec<usize> = axes
        .iter()
        .map(|a| {
            let s = a.signed();
            (if s < 0 { s + r.max(1) } else { s }) as usize
        })
        .collect();
    v.retain(|&k| k < shape.len());
    v.sort_unstable();
    v.dedup();
    Ok(v)
}

impl<T: Real, L: VarLayout> Var<T, L> {
    fn reduce<M: VarLayout>(&self, axes: Vec<usize>, keepdim: bool, kind: Kind) -> Var<T, M> {
        let x = self.value_dyn();
        let a = &axes[..];
        let value = or_panic(match kind {
            Kind::Sum => x.sum_dims(a, keepdim),
            Kind::Mean => x.mean_dims(a, keepdim),
            Kind::Var {
                correction,
                sqrt: false,
            } => x.var_dims_correction(a, correction, keepdim),
            Kind::Var {
                correction,
                sqrt: true,
            } => x.std_dims_correction(a, correction, keepdim),
            Kind::Max => x.max_dims(a, keepdim),
            Kind::Min => x.min_dims(a, keepdim),
            Kind::LogSumExp => x.logsumexp_dims(a, keepdim),
        });
        Var::<T, L>::from_op(value, vec![self.node.clone()], move |g, ins, out| {
            let x = &ins[0].value;
            let shape = x.shape();
            let keep: Vec<usize> = (0..shape.len())
                .map(|k| if axes.contains(&k) { 1 } else { shape[k] })
                .collect();
            let n: usize = axes.iter().map(|&k| shape[k]).product();
            let gk = reshaped(g.clone(), &keep);
            let gx = match kind {
                Kind::Sum => expand(&gk, shape),
                Kind::Mean => expand(&gk.map(|v| v / c::<T>(n as f64)), shape),
                Kind::Var { correction, sqrt } => {
                    let mean = or_panic(x.mean_dims(&axes[..], true));
                    let centred = x - &mean;
                    let dof = c::<T>(n as f64 - correction as f64);
                    if sqrt {
                        let sd = reshaped(out.clone(), &keep);
                        &(&centred * &gk) / &sd.map(|s| s * dof)
                    } else {
                        &centred * &gk.map(|v| c::<T>(2.0) * v / dof)
                    }
                }
                Kind::Max | Kind::Min => {
                    // Shared evenly by the elements equal to the extreme
                    // (PyTorch's `amax` / `amin`).
                    let ext = expand(&reshaped(out.clone(), &keep), shape);
                    let hit = zip3_same(
                        x,
                        &ext,
                        x,
                        |v, e, _| {
                            if v == e { T::one() } else { T::zero() }
                        },
                    );
                    let count = sum_axes(&hit, &axes);
                    &hit * &(&gk / &count)
                }
                Kind::LogSumExp => {
                    let l = expand(&reshaped(out.clone(), &keep), shape);
                    let p = zip3_same(x, &l, x, |v, l, _| (v - l).exp());
                    &p * &gk
                }
            };
            vec![Some(gx)]
        })
    }

    fn softmax_core(&self, axis: usize, log: bool) -> Var<T, L> {
        let x = self.value_dyn();
        let value = or_panic(if log {
            x.log_softmax(axis)
        } else {
            x.softmax(axis)
        });
        Var::<T, L>::from_op(value, vec![self.node.clone()], move |g, _ins, out| {
            let gx = if log {
                let total = sum_axes(g, &[axis]);
                let p = out.map(|v| v.exp());
                g - &(&p * &total)
            } else {
                let gs = super::ops::zip_same(g, out, |g, s| g * s);
                let total = sum_axes(&gs, &[axis]);
                out * &(g - &total)
            };
            vec![Some(gx)]
        })
    }
}

macro_rules! typed_reductions {
    ($($keep:ident $over:ident $kind:expr, $what:literal;)*) => {
        impl<T: Real, S: Layout> Var<T, S> {$(
            #[doc = concat!("The ", $what, " over the axes `X` (`Axis<K>`, `AxisFromEnd<K>`, or a tuple of them), keeping them as size 1.")]
            pub fn $keep<X>(&self, _: X) -> Var<T, KeepDims<S, X>>
            where
                S: ReduceAxes<X>,
            {
                let axes = axes_of_mask(<S as ReduceAxes<X>>::MASK, S::RANK);
                self.reduce(axes, true, $kind)
            }
            #[doc = concat!("The ", $what, " over the axes `X` (`Axis<K>`, `AxisFromEnd<K>`, or a tuple of them), dropping them.")]
            pub fn $over<X>(&self, _: X) -> Var<T, DropDims<S, X>>
            where
                S: ReduceAxes<X>,
            {
                let axes = axes_of_mask(<S as ReduceAxes<X>>::MASK, S::RANK);
                self.reduce(axes, false, $kind)
            }
        )*}
    };
}

typed_reductions! {
    sum_keepdim sum_over Kind::Sum, "sum";
    mean_keepdim mean_over Kind::Mean, "mean";
    var_keepdim var_over Kind::Var { correction: 1, sqrt: false }, "unbiased variance";
    std_keepdim std_over Kind::Var { correction: 1, sqrt: true }, "unbiased standard deviation";
    max_keepdim max_over Kind::Max, "maximum (the gradient shared evenly by equal maxima, as `amax`'s)";
    min_keepdim min_over Kind::Min, "minimum (the gradient shared evenly by equal minima, as `amin`'s)";
    logsumexp_keepdim logsumexp_over Kind::LogSumExp, "`ln(sum(exp(x)))` (computed stably)";
}

impl<T: Real, S: Layout> Var<T, S> {
    /// The sum of every element, rank 0.
    pub fn sum(&self) -> Var<T, Nil> {
        self.reduce((0..S::RANK).collect(), false, Kind::Sum)
    }
    /// The mean of every element, rank 0 (NaN for no elements).
    pub fn mean(&self) -> Var<T, Nil> {
        self.reduce((0..S::RANK).collect(), false, Kind::Mean)
    }
    /// `softmax` along the axis `A`, computed stably.
    pub fn softmax<A: OneAxis>(&self, _: A) -> Var<T, S>
    where
        S: ReduceAxes<A>,
    {
        self.softmax_core(<S as ReduceAxes<A>>::MASK.trailing_zeros() as usize, false)
    }
    /// `x - logsumexp(x)` along the axis `A`, computed stably.
    pub fn log_softmax<A: OneAxis>(&self, _: A) -> Var<T, S>
    where
        S: ReduceAxes<A>,
    {
        self.softmax_core(<S as ReduceAxes<A>>::MASK.trailing_zeros() as usize, true)
    }
}

macro_rules! runtime_reductions {
    ($($name:ident $kind:expr, $what:literal;)*) => {
        impl<T: Real> Var<T, Runtime> {$(
            #[doc = concat!("The ", $what, " over `axes` (negative ones from the right), keeping them as size 1 if `keepdim`; PyTorch's error for an axis out of range.")]
            pub fn $name<A: AxisArg>(&self, axes: &[A], keepdim: bool) -> Result<Var<T, Runtime>, ShapeError> {
                let axes = normalize(self.shape(), axes)?;
                Ok(self.reduce(axes, keepdim, $kind))
            }
        )*}
    };
}

runtime_reductions! {
    sum_dims Kind::Sum, "sum";
    mean_dims Kind::Mean, "mean";
    var_dims Kind::Var { correction: 1, sqrt: false }, "unbiased variance";
    std_dims Kind::Var { correction: 1, sqrt: true }, "unbiased standard deviation";
    max_dims Kind::Max, "maximum";
    min_dims Kind::Min, "minimum";
    logsumexp_dims Kind::LogSumExp, "`ln(sum(exp(x)))`";
}

impl<T: Real> Var<T, Runtime> {
    /// The sum of every element, rank 0.
    pub fn sum(&self) -> Var<T, Runtime> {
        self.reduce((0..self.shape().len()).collect(), false, Kind::Sum)
    }
    /// The mean of every element, rank 0.
    pub fn mean(&self) -> Var<T, Runtime> {
        self.reduce((0..self.shape().len()).collect(), false, Kind::Mean)
    }
    /// `softmax` along `axis`; PyTorch's error for an axis out of range.
    pub fn softmax(&self, axis: impl AxisArg) -> Result<Var<T, Runtime>, ShapeError> {
        let a = normalize(self.shape(), &[axis])?;
        Ok(self.softmax_core(a[0], false))
    }
    /// `log_softmax` along `axis`; PyTorch's error for an axis out of range.
    pub fn log_softmax(&self, axis: impl AxisArg) -> Result<Var<T, Runtime>, ShapeError> {
        let a = normalize(self.shape(), &[axis])?;
        Ok(self.softmax_core(a[0], true))
    }
}
