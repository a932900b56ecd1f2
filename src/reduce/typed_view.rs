//! Reductions and softmax of typed views ([`TensorView`]), the result's
//! layout computed by the compiler as for a tensor of the view's layout:
//! thin methods that run the tensors' reductions on the view's elements
//! (copied into a contiguous tensor first), so that a typed view never
//! falls back to the runtime-shaped reductions of [`DynView`](crate::DynView)
//! (`sum_dims`, `max_dims`, ..., still reachable by name).
//!
//! ```
//! use shaped::{shape, Axis, AxisFromEnd, Dyn, Tensor};
//! let t = Tensor::<f32, shape![Dyn, 4]>::from_fn_sized(&[3], |k| k as f32);
//! let rows = t.view().narrow(Axis::<0>, 1, 2);              // [Dyn, 4]
//! let m: Tensor<f32, shape![Dyn]> = rows.mean_over(AxisFromEnd::<1>);
//! assert_eq!(m.to_vec(), vec![5.5, 9.5]);
//! let n = Tensor::<u8, shape![2, 3]>::full(200);
//! let s: Tensor<u64, shape![3, 1]> = n.t().sum_keepdim(AxisFromEnd::<1>); // in `T::Acc`
//! assert_eq!(s.to_vec(), vec![400; 3]);
//! let p: Tensor<f32, shape![Dyn, 4]> = rows.softmax(AxisFromEnd::<1>);
//! assert_eq!(p, rows.to_owned().softmax(AxisFromEnd::<1>));
//! ```

use num_traits::Float;

use crate::element::Element;
use crate::shape::axes::OneAxis;
use crate::shape::list::Layout;
use crate::shape::toolkit::{DropDims, KeepDims, ReduceAxes};
use crate::tensor::Tensor;
use crate::view::TensorView;

macro_rules! view_reductions {
    ($bound:path: $($name:ident $Dims:ident $what:literal $(=> $out:ty)?),* $(,)?) => {
        impl<T: Element + $bound, S: Layout> TensorView<'_, T, S> {$(
            #[doc = concat!("[`Tensor::", stringify!($name), "`] of the view: the ", $what, ".")]
            #[track_caller]
            pub fn $name<X>(&self, axes: X) -> Tensor<view_reductions!(@out $($out)?), $Dims<S, X>>
            where
                S: ReduceAxes<X>,
            {
                self.to_owned().$name(axes)
            }
        )*}
    };
    (@out) => { T };
    (@out $out:ty) => { $out };
}

view_reductions!(crate::reduce::tensor::NoBound:
    sum_over DropDims "sum over the axes, dropped, in `T::Acc`" => T::Acc,
    sum_keepdim KeepDims "sum over the axes, kept as size 1, in `T::Acc`" => T::Acc,
    prod_over DropDims "product over the axes, dropped, in `T::Acc`" => T::Acc,
    prod_keepdim KeepDims "product over the axes, kept as size 1, in `T::Acc`" => T::Acc,
    max_over DropDims "maximum over the axes, dropped",
    max_keepdim KeepDims "maximum over the axes, kept as size 1",
    min_over DropDims "minimum over the axes, dropped",
    min_keepdim KeepDims "minimum over the axes, kept as size 1",
);
view_reductions!(Float:
    mean_over DropDims "mean over the axes, dropped",
    mean_keepdim KeepDims "mean over the axes, kept as size 1",
    var_over DropDims "unbiased variance over the axes, dropped",
    var_keepdim KeepDims "unbiased variance over the axes, kept as size 1",
    std_over DropDims "unbiased standard deviation over the axes, dropped",
    std_keepdim KeepDims "unbiased standard deviation over the axes, kept as size 1",
    logsumexp_over DropDims "`ln(sum(exp(x)))` over the axes, dropped",
    logsumexp_keepdim KeepDims "`ln(sum(exp(x)))` over the axes, kept as size 1",
);

macro_rules! view_arg_reductions {
    ($($name:ident $Dims:ident $what:literal),* $(,)?) => {
        impl<T: Element, S: Layout> TensorView<'_, T, S> {$(
            #[doc = concat!("[`Tensor::", stringify!($name), "`] of the view: the index of the ", $what, ".")]
            #[track_caller]
            pub fn $name<A: OneAxis>(&self, axis: A) -> Tensor<usize, $Dims<S, A>>
            where
                S: ReduceAxes<A>,
            {
                self.to_owned().$name(axis)
            }
        )*}
    };
}

view_arg_reductions!(
    argmax_over DropDims "maximum along `A`, dropped",
    argmax_keepdim KeepDims "maximum along `A`, kept as size 1",
    argmin_over DropDims "minimum along `A`, dropped",
    argmin_keepdim KeepDims "minimum along `A`, kept as size 1",
);

impl<T: Element + Float, S: Layout> TensorView<'_, T, S> {
    /// [`Tensor::softmax`] of the view along `A`, in the view's layout.
    pub fn softmax<A: OneAxis>(&self, axis: A) -> Tensor<T, S>
    where
        S: ReduceAxes<A>,
    {
        self.to_owned().softmax(axis)
    }

    /// [`Tensor::log_softmax`] of the view along `A`, in the view's layout.
    pub fn log_softmax<A: OneAxis>(&self, axis: A) -> Tensor<T, S>
    where
        S: ReduceAxes<A>,
    {
        self.to_owned().log_softmax(axis)
    }
}
