//! Reductions of views: `sum` and `mean` of every element read where the
//! view lies (a contiguous view as a slice, with no copy), and the
//! reductions over axes (`sum_dims`, `mean_dims`, `max_dims`, `min_dims`),
//! which run on a contiguous copy of the view and give the same results,
//! names and errors as on a tensor.

use num_traits::Float;

use super::engine;
use crate::element::Element;
use crate::error::ShapeError;
use crate::shape::axis::AxisArg;
use crate::tensor::DynTensor;
use crate::view::DynView;

impl<T: Element> DynView<'_, T> {
    /// The sum of every element (pairwise, as for a tensor).
    ///
    /// ```
    /// use shaped::{s, DynTensor};
    /// let t = DynTensor::<i32>::arange(12).reshape(&[3, 4]).unwrap();
    /// assert_eq!(t.slice(s![1, ..]).sum(), 4 + 5 + 6 + 7);
    /// assert_eq!(t.slice(s![.., 0]).sum(), 12);
    /// ```
    pub fn sum(&self) -> T {
        match self.as_slice() {
            Some(x) => engine::sum_slice(x),
            None => engine::sum_slice(&self.to_vec()),
        }
    }

    /// The sum over `axes`, keeping them as size 1 if `keepdim` (see
    /// [`DynTensor::sum_dims`]).
    pub fn sum_dims<A: AxisArg>(
        &self,
        axes: &[A],
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        self.to_owned().sum_dims(axes, keepdim)
    }

    /// The largest element over `axes` (see [`DynTensor::max_dims`]).
    pub fn max_dims<A: AxisArg>(
        &self,
        axes: &[A],
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        self.to_owned().max_dims(axes, keepdim)
    }

    /// The smallest element over `axes` (see [`DynTensor::min_dims`]).
    pub fn min_dims<A: AxisArg>(
        &self,
        axes: &[A],
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        self.to_owned().min_dims(axes, keepdim)
    }
}

impl<T: Element + Float> DynView<'_, T> {
    /// The mean of every element (NaN for an empty view).
    ///
    /// ```
    /// use shaped::{s, DynTensor};
    /// let t = DynTensor::<f64>::arange(6).reshape(&[2, 3]).unwrap();
    /// assert_eq!(t.slice(s![.., 2]).mean(), 3.5);
    /// ```
    pub fn mean(&self) -> T {
        use engine::Reducer;
        engine::Mean.slice(&self.contiguous())
    }

    /// The mean over `axes` (see [`DynTensor::mean_dims`]).
    pub fn mean_dims<A: AxisArg>(
        &self,
        axes: &[A],
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        self.to_owned().mean_dims(axes, keepdim)
    }
}
