//! Reductions of views: `sum` and `mean` of every element read where the
//! view lies, whatever its layout (a contiguous view as a slice, any other
//! through its strides, a block of the pairwise sum at a time), and the
//! reductions over axes (`sum_dims`, `mean_dims`, `max_dims`, `min_dims`,
//! `var_dims`, `std_dims`, `argmax`, `argmin`), which read the elements
//! where they lie whenever the reduced axes can be walked as one stride
//! (a slice of rows or of columns, a row of a batch, the columns of a
//! transpose, ...) and otherwise run on a contiguous copy. The results'
//! shapes, names and errors are those of the same reduction of a tensor
//! holding the view's elements.
//!
//! Elements are read in memory order, as NumPy reads them (`order='K'`):
//! the sum of a transposed matrix walks its rows of memory, not its
//! columns. Integer results and `max`/`min` are exact whatever the order.
//! A float sum is pairwise either way, within `n * eps * sum(|x|)` of the
//! exact sum (in practice `O(log n) * eps`), but the rounding depends on
//! the layout: a permuted view can differ from its contiguous copy in the
//! last bits, as in NumPy; a view whose axes are in memory order (a slice)
//! gives the copy's bits.
//!
//! ```
//! use shaped::DynTensor;
//! let t = DynTensor::from_vec(vec![1e8f32, 1.0, -1e8, 1.0], &[2, 2]).unwrap();
//! assert_eq!(t.t().sum(), 1.0); // 1e8 + 1 + -1e8 + 1, NumPy's `t.T.sum()`
//! assert_eq!(t.t().to_owned().sum(), 2.0); // 1e8 + -1e8 + 1 + 1
//! ```

use num_traits::Float;

use super::dyn_tensor::reduce_over;
use super::engine::{self, ArgExtreme, Extreme, Mean, Prod, Reducer, Sum, Var};
use crate::element::Element;
use crate::error::ShapeError;
use crate::shape::axis::AxisArg;
use crate::tensor::DynTensor;
use crate::view::DynView;

impl<T: Element> DynView<'_, T> {
    /// The pairwise sum of every element, read in memory order (a
    /// reversed axis forwards, as NumPy reads it: the order does not
    /// change what a sum is, only its rounding), each widened by `widen`.
    // Not inlined: the strided path is large, and `sum` (inlined into
    // loops over `rows()`) keeps only the contiguous one.
    #[inline(never)]
    fn sum_in_place<A: Element>(&self, widen: impl Fn(T) -> A + Copy) -> A {
        let (offset, strides) = self.layout.forward();
        let data = if self.numel() == 0 {
            &[]
        } else {
            &self.data[offset..]
        };
        engine::sum_strided(data, self.shape(), strides.as_slice(), widen)
    }

    /// The reduction `r` over `axes`, as
    /// [`DynTensor::reduce_with`] does on a tensor.
    fn reduce_with<A: AxisArg, R: Reducer<T>>(
        &self,
        axes: &[A],
        keepdim: bool,
        r: &R,
        op: Option<&'static str>,
    ) -> Result<DynTensor<R::Out>, ShapeError>
    where
        R::Out: Default,
    {
        let shape = self.shape();
        // A layout the strided engine cannot read is copied first: a
        // copy the allocator refuses is the call's `TooLarge`.
        let mut refused = None;
        let out = reduce_over(
            shape,
            self.names.as_deref(),
            axes,
            keepdim,
            op,
            |mask, out| {
                // A reversed view is copied (its results' order, and an
                // `argmax`'s positions, follow the view's order).
                let read = self
                    .try_for_kernel()
                    .is_ok_and(|k| engine::run_strided(k.data(), shape, k.strides(), mask, r, out));
                if !read {
                    match self.try_contiguous() {
                        Ok(x) => engine::run_dims(&x, shape, mask, r, out),
                        Err(e) => refused = Some(e),
                    }
                }
            },
        )?;
        refused.map_or(Ok(out), Err)
    }

    /// The sum of every element (pairwise, as for a tensor), in `T::Acc`.
    ///
    /// ```
    /// use shaped::{s, DynTensor};
    /// let t = DynTensor::<i32>::arange(12).reshape(&[3, 4]).unwrap();
    /// assert_eq!(t.slice(s![1, ..]).sum(), 4 + 5 + 6 + 7);
    /// assert_eq!(t.slice(s![.., 0]).sum(), 12);
    /// ```
    #[inline]
    pub fn sum(&self) -> T::Acc {
        match self.as_slice() {
            Some(x) => engine::sum_slice_rt(x),
            None => self.sum_in_place(T::widen),
        }
    }

    /// The product of every element (1 for an empty view), in `T::Acc`.
    ///
    /// ```
    /// use shaped::{s, DynTensor};
    /// let t = DynTensor::<i32>::arange(6).reshape(&[2, 3]).unwrap();
    /// assert_eq!(t.slice(s![.., 1..]).prod(), 1 * 2 * 4 * 5);
    /// ```
    pub fn prod(&self) -> T::Acc {
        match self.as_slice() {
            Some(x) => Prod.slice(x),
            None => Prod.slice(&self.contiguous()),
        }
    }

    /// The sum over `axes`, keeping them as size 1 if `keepdim` (see
    /// [`DynTensor::sum_dims`]).
    ///
    /// ```
    /// use shaped::{s, DynTensor};
    /// let t = DynTensor::<i32>::arange(12).reshape(&[3, 4]).unwrap();
    /// // Row sums of two columns, read in place.
    /// let v = t.slice(s![.., 1..3]);
    /// assert_eq!(v.sum_dims(&[1], false).unwrap().to_vec(), vec![3, 11, 19]);
    /// assert_eq!(v.sum_dims(&[0], true).unwrap().to_vec(), vec![15, 18]);
    /// ```
    pub fn sum_dims<A: AxisArg>(
        &self,
        axes: &[A],
        keepdim: bool,
    ) -> Result<DynTensor<T::Acc>, ShapeError> {
        self.reduce_with(axes, keepdim, &Sum, None)
    }

    /// The product over `axes` (see [`DynTensor::prod_dims`]).
    pub fn prod_dims<A: AxisArg>(
        &self,
        axes: &[A],
        keepdim: bool,
    ) -> Result<DynTensor<T::Acc>, ShapeError> {
        self.reduce_with(axes, keepdim, &Prod, None)
    }

    /// The largest element over `axes` (see [`DynTensor::max_dims`]).
    pub fn max_dims<A: AxisArg>(
        &self,
        axes: &[A],
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        self.reduce_with(axes, keepdim, &Extreme::<true>, Some("amax"))
    }

    /// The smallest element over `axes` (see [`DynTensor::min_dims`]).
    pub fn min_dims<A: AxisArg>(
        &self,
        axes: &[A],
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        self.reduce_with(axes, keepdim, &Extreme::<false>, Some("amin"))
    }

    /// The index along `axis` of the largest element (see
    /// [`DynTensor::argmax`]).
    pub fn argmax(
        &self,
        axis: impl AxisArg,
        keepdim: bool,
    ) -> Result<DynTensor<usize>, ShapeError> {
        self.reduce_with(&[axis], keepdim, &ArgExtreme::<true>, Some("argmax"))
    }

    /// The index along `axis` of the smallest element (see
    /// [`DynTensor::argmin`]).
    pub fn argmin(
        &self,
        axis: impl AxisArg,
        keepdim: bool,
    ) -> Result<DynTensor<usize>, ShapeError> {
        self.reduce_with(&[axis], keepdim, &ArgExtreme::<false>, Some("argmin"))
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
        match self.as_slice() {
            Some(x) => Mean.slice(x),
            // `Mean.slice` of a copy: its sum over the count.
            None => self.sum_in_place(|v| v) / engine::count::<T>(self.numel()),
        }
    }

    /// The mean over `axes` (see [`DynTensor::mean_dims`]).
    pub fn mean_dims<A: AxisArg>(
        &self,
        axes: &[A],
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        self.reduce_with(axes, keepdim, &Mean, None)
    }

    /// The unbiased variance over `axes` (see [`DynTensor::var_dims`]).
    pub fn var_dims<A: AxisArg>(
        &self,
        axes: &[A],
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        let r = Var {
            correction: 1,
            sqrt: false,
        };
        self.reduce_with(axes, keepdim, &r, None)
    }

    /// The unbiased standard deviation over `axes` (see [`DynTensor::std_dims`]).
    pub fn std_dims<A: AxisArg>(
        &self,
        axes: &[A],
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        let r = Var {
            correction: 1,
            sqrt: true,
        };
        self.reduce_with(axes, keepdim, &r, None)
    }
}
