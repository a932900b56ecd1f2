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
use crate::shape::toolkit::ReduceAxes;
use crate::tensor::Tensor;
use crate::view::TensorView;

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
