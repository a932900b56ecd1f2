//! Reductions of static tensors over axes known at compile time, the result
//! shape computed by the compiler: a keepdim mean over axes 1 and 2 of
//! `shape![4, 3, 3]` has type `shape![4, 1, 1]`.
//!
//! ```
//! use shaped::{shape, Axis, Tensor};
//! let value = Tensor::<f64, shape![4, 3, 3]>::arange();
//! let mean: Tensor<f64, shape![4, 1, 1]> = value.mean_keepdim((Axis::<1>, Axis::<2>));
//! let std: Tensor<f64, shape![4, 1, 1]> = value.std_keepdim((Axis::<1>, Axis::<2>));
//! let normalized: Tensor<f64, shape![4, 3, 3]> = (value - mean) / std;
//! assert!((normalized[[0, 0, 0]] + 1.4606).abs() < 1e-4);
//! ```
//!
//! An axis out of range or a repeated axis does not compile.

use num_traits::Float;

use crate::element::Element;
use crate::shape::axes::*;
use crate::shape::list::Shape;
use crate::tensor::Tensor;

macro_rules! reductions {
    ($bound:path: $($keep:ident $over:ident $what:literal => $method:ident($($arg:ident: $ty:ty),*)),* $(,)?) => {
        impl<T: Element + $bound, S: Shape> Tensor<T, S> {$(
            #[doc = concat!("The ", $what, " over the axes `X` (`Axis<K>` or a tuple of them), keeping them as size 1.")]
            #[track_caller]
            pub fn $keep<X: Axes<S>>(&self, _: X $(, $arg: $ty)*) -> Tensor<T, KeepDims<S, X>>
            where
                X::Marked: KeepReduced,
                KeepDims<S, X>: Shape,
            {
                Self::from_runtime(self.runtime().$method(&X::axes(), $($arg,)* true))
            }
            #[doc = concat!("The ", $what, " over the axes `X` (`Axis<K>` or a tuple of them), dropping them.")]
            #[track_caller]
            pub fn $over<X: Axes<S>>(&self, _: X $(, $arg: $ty)*) -> Tensor<T, DropDims<S, X>>
            where
                X::Marked: DropReduced,
                DropDims<S, X>: Shape,
            {
                Self::from_runtime(self.runtime().$method(&X::axes(), $($arg,)* false))
            }
        )*}
    };
}

/// Every element type: no extra bound on the reductions below.
pub trait NoBound {}
impl<T> NoBound for T {}

reductions!(NoBound:
    sum_keepdim sum_over "sum" => sum_dims(),
    max_keepdim max_over "maximum (panics with PyTorch's message over a size-0 axis)" => max_dims(),
    min_keepdim min_over "minimum (panics with PyTorch's message over a size-0 axis)" => min_dims(),
);
reductions!(Float:
    mean_keepdim mean_over "mean" => mean_dims(),
    var_keepdim var_over "unbiased variance" => var_dims(),
    std_keepdim std_over "unbiased standard deviation" => std_dims(),
    var_keepdim_correction var_over_correction
        "variance with `correction` (PyTorch's: 1 is the unbiased estimator, 0 the population variance)"
        => var_dims_correction(correction: usize),
    std_keepdim_correction std_over_correction
        "standard deviation with `correction` (as for the variance)"
        => std_dims_correction(correction: usize),
);

macro_rules! arg_reductions {
    ($($keep:ident $over:ident $method:ident $what:literal),*) => {
        impl<T: Element, S: Shape> Tensor<T, S> {$(
            #[doc = concat!("The index of the ", $what, " along axis `K`, keeping it as size 1 (panics with PyTorch's message over a size-0 axis).")]
            #[track_caller]
            pub fn $keep<const K: usize>(&self, axis: Axis<K>) -> Tensor<usize, KeepDims<S, Axis<K>>>
            where
                Axis<K>: Axes<S>,
                <Axis<K> as Axes<S>>::Marked: KeepReduced,
                KeepDims<S, Axis<K>>: Shape,
            {
                let _ = axis;
                Tensor::<usize, S>::from_runtime(self.runtime().$method(K, true))
            }
            #[doc = concat!("The index of the ", $what, " along axis `K`, dropping it (panics with PyTorch's message over a size-0 axis).")]
            #[track_caller]
            pub fn $over<const K: usize>(&self, axis: Axis<K>) -> Tensor<usize, DropDims<S, Axis<K>>>
            where
                Axis<K>: Axes<S>,
                <Axis<K> as Axes<S>>::Marked: DropReduced,
                DropDims<S, Axis<K>>: Shape,
            {
                let _ = axis;
                Tensor::<usize, S>::from_runtime(self.runtime().$method(K, false))
            }
        )*}
    };
}
arg_reductions!(argmax_keepdim argmax_over argmax "maximum", argmin_keepdim argmin_over argmin "minimum");
