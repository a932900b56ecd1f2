//! Order statistics over one axis: `median` (PyTorch's: the lower of the
//! two middle elements for an even count, any element type; NumPy's
//! `median` averages them, which is `quantile(0.5)` here) and `quantile`
//! (floats, linear interpolation between the two nearest ranks, PyTorch's
//! and NumPy's default). A NaN in a group makes its result NaN, as in both.
//! They are reductions like `max`: `_over` / `_keepdim` forms on static
//! and mixed tensors with the result layout computed by the compiler,
//! `try_` forms on runtime tensors and views, one loop for all (the
//! reduction engine's). The median of a size-0 axis is an error (it has
//! no value); the quantile of one is NaN.
//!
//! `quantiles` takes several `q` at once (PyTorch's `quantile` with `q` a
//! 1-D tensor, NumPy's with `q` a sequence): the result has a leading axis
//! with one position per `q`, before the one-`q` result's axes; that
//! axis is `Dyn` on a static layout ([`WithLeadingDyn`]).
//!
//! ```
//! use shaped::{shape, Axis, DynTensor, Tensor};
//! let t = Tensor::<i32, shape![2, 4]>::from_slice(&[4, 1, 3, 2, 9, 9, 0, 5]).unwrap();
//! let m: Tensor<i32, shape![2]> = t.median_over(Axis::<1>);
//! assert_eq!(m.to_vec(), vec![2, 5]);
//! let f = DynTensor::from_vec(vec![1.0, 2.0, 3.0, 4.0], &[4]).unwrap();
//! assert_eq!(f.try_quantile(0.5, 0, false).unwrap().to_vec(), vec![2.5]);
//! assert_eq!(f.try_quantile(0.25, 0, false).unwrap().to_vec(), vec![1.75]);
//! assert_eq!(
//!     f.try_quantile(1.5, 0, false).unwrap_err().to_string(),
//!     "quantile() q must be in the range [0, 1] but got 1.5"
//! );
//! ```

use alloc::string::ToString;
use alloc::vec::Vec;

use num_traits::Float;

use super::key::SortKey;
use crate::error::{OrFail, ShapeError};
use crate::reduce::engine::{Reducer, is_nan};
use crate::shape::all_dyn::{DynAxis, WithDynAxis};
use crate::shape::axes::OneAxis;
use crate::shape::axis::AxisArg;
use crate::shape::list::Layout;
use crate::shape::toolkit::{DropDims, KeepDims, ReduceAxes, Unsqueeze, Unsqueezed};
use crate::tensor::{DynTensor, Tensor};
use crate::view::{DynView, TensorView};

/// The element of rank `r` (0-based, NaN-last order) of `x`, reordering it.
fn select<T: SortKey>(x: &mut [T], r: usize) -> T {
    *x.select_nth_unstable_by_key(r, |v| v.key()).1
}

/// Every lane of `len` rows of `out.len()` lanes (`x[row * stride + j]`)
/// reduced by `f` on a contiguous copy.
fn by_lane<T: Copy, O>(
    x: &[T],
    len: usize,
    stride: usize,
    out: &mut [O],
    f: impl Fn(&mut [T]) -> O,
) {
    let mut lane = Vec::with_capacity(len);
    for (j, o) in out.iter_mut().enumerate() {
        lane.clear();
        lane.extend((0..len).map(|r| x[r * stride + j]));
        *o = f(&mut lane);
    }
}

/// The lower median; NaN if there is one. Callers refuse an empty group.
pub(crate) struct Median;
impl Median {
    fn of<T: SortKey>(x: &mut [T]) -> T {
        if let Some(&nan) = x.iter().find(|&&v| is_nan(v)) {
            return nan;
        }
        if x.is_empty() {
            return T::zero();
        }
        select(x, (x.len() - 1) / 2)
    }
}
impl<T: SortKey> Reducer<T> for Median {
    type Out = T;
    fn slice(&self, x: &[T]) -> T {
        Median::of(&mut x.to_vec())
    }
    fn lanes(&self, x: &[T], len: usize, stride: usize, out: &mut [T]) {
        by_lane(x, len, stride, out, Median::of)
    }
}

/// The `q` quantile, linear between the nearest ranks; NaN over nothing
/// or if there is a NaN.
pub(crate) struct Quantile(pub(crate) f64);
impl Quantile {
    fn of<T: SortKey + Float>(&self, x: &mut [T]) -> T {
        if x.is_empty() || x.iter().any(|&v| is_nan(v)) {
            return T::nan();
        }
        let pos = self.0 * (x.len() - 1) as f64;
        let lo = pos.floor() as usize;
        let below = select(x, lo);
        if lo + 1 >= x.len() {
            return below;
        }
        // After the selection everything past `lo` is at least `below`:
        // the next rank is their minimum.
        let above = x[lo + 1..]
            .iter()
            .copied()
            .fold(T::infinity(), |m, v| if v < m { v } else { m });
        let w = T::from(pos - lo as f64).unwrap_or_else(T::zero);
        // PyTorch's `lerp`: from the nearer end, so that w = 0 and w = 1
        // give the ranks exactly.
        if w < T::from(0.5).unwrap_or_else(T::zero) {
            below + w * (above - below)
        } else {
            above - (above - below) * (T::one() - w)
        }
    }
}
impl<T: SortKey + Float> Reducer<T> for Quantile {
    type Out = T;
    fn slice(&self, x: &[T]) -> T {
        self.of(&mut x.to_vec())
    }
    fn lanes(&self, x: &[T], len: usize, stride: usize, out: &mut [T]) {
        by_lane(x, len, stride, out, |l| self.of(l))
    }
}

/// `q` checked to be in `[0, 1]`.
fn checked_q(q: f64) -> Result<Quantile, ShapeError> {
    if (0.0..=1.0).contains(&q) {
        Ok(Quantile(q))
    } else {
        Err(ShapeError::QuantileRange { q: q.to_string() })
    }
}

/// Every `q` checked to be in `[0, 1]`, or PyTorch's error for a `q`
/// tensor naming the first that is not.
fn checked_qs(qs: &[f64]) -> Result<Vec<Quantile>, ShapeError> {
    qs.iter()
        .enumerate()
        .map(|(index, &q)| {
            checked_q(q).map_err(|_| ShapeError::QuantilesRange {
                index,
                q: q.to_string(),
            })
        })
        .collect()
}

/// A layout with a `Dyn` axis put before its axes: the layout of
/// [`quantiles_over`](Tensor::quantiles_over) and
/// [`quantiles_keepdim`](Tensor::quantiles_keepdim), one position per
/// `q`. Implemented for every layout of rank below the static maximum.
pub trait LeadingDyn: Layout {
    /// The layout with the leading `Dyn` axis.
    type Out: Layout;
}
impl<S> LeadingDyn for S
where
    S: Unsqueeze<0>,
    Unsqueezed<S, 0>: DynAxis<0>,
{
    type Out = WithDynAxis<Unsqueezed<S, 0>, 0>;
}
/// `S` with a leading `Dyn` axis (see [`LeadingDyn`]).
pub type WithLeadingDyn<S> = <S as LeadingDyn>::Out;

impl<T: SortKey> DynTensor<T> {
    /// The lower median along `axis` (PyTorch's `median(dim, keepdim)`
    /// values); NaN if the group has one; an error over a size-0 axis or
    /// an axis out of range.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![3.0, 1.0, f32::NAN, 2.0, 7.0, 5.0], &[2, 3]).unwrap();
    /// let m = t.try_median(1, true).unwrap();
    /// assert_eq!(m.shape(), &[2, 1]);
    /// assert!(m.to_vec()[0].is_nan());
    /// assert_eq!(m.to_vec()[1], 5.0);
    /// ```
    pub fn try_median(
        &self,
        axis: impl AxisArg,
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        self.reduce_with(&[axis], keepdim, &Median, Some("median"))
    }

    /// [`try_median`](Self::try_median), panicking with its error.
    #[track_caller]
    pub fn median(&self, axis: impl AxisArg, keepdim: bool) -> DynTensor<T> {
        self.try_median(axis, keepdim).or_fail()
    }
}

impl<T: SortKey + Float> DynTensor<T> {
    /// The `q` quantile along `axis` (`q` in `[0, 1]`; torch.quantile with
    /// the default linear interpolation); NaN over a size-0 axis or where
    /// the group has a NaN.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<f64>::arange(10).reshape(&[2, 5]).unwrap();
    /// assert_eq!(t.try_quantile(0.9, -1, false).unwrap().to_vec(), vec![3.6, 8.6]);
    /// ```
    pub fn try_quantile(
        &self,
        q: f64,
        axis: impl AxisArg,
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        self.reduce_with(&[axis], keepdim, &checked_q(q)?, None)
    }

    /// [`try_quantile`](Self::try_quantile), panicking with its error.
    #[track_caller]
    pub fn quantile(&self, q: f64, axis: impl AxisArg, keepdim: bool) -> DynTensor<T> {
        self.try_quantile(q, axis, keepdim).or_fail()
    }

    /// The quantiles `qs` along `axis` (PyTorch's `quantile` with `q` a
    /// 1-D tensor): a leading axis of `qs.len()` positions, then the axes
    /// of [`try_quantile`](Self::try_quantile)'s result; position `i` is
    /// `try_quantile(qs[i], ...)`. A `q` outside `[0, 1]` is PyTorch's
    /// error for a `q` tensor; an empty `qs` gives a leading axis of 0.
    /// The names stay, the new axis unnamed.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<f64>::arange(10).reshape(&[2, 5]).unwrap();
    /// // torch.quantile(t, torch.tensor([0.25, 0.9]), dim=1)
    /// let q = t.try_quantiles(&[0.25, 0.9], 1, false).unwrap();
    /// assert_eq!((q.shape(), q.to_vec()), (&[2, 2][..], vec![1.0, 6.0, 3.6, 8.6]));
    /// assert_eq!(
    ///     t.try_quantiles(&[0.5, 2.0], 1, false).unwrap_err().to_string().lines().next(),
    ///     Some("quantile() q values must be in the range [0, 1]")
    /// );
    /// ```
    pub fn try_quantiles(
        &self,
        qs: &[f64],
        axis: impl AxisArg,
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        let rs = checked_qs(qs)?;
        // One reduction per `q`; the first also checks the axis, and gives
        // the result's shape when there is no `q`.
        let first =
            self.reduce_with(&[axis], keepdim, rs.first().unwrap_or(&Quantile(0.0)), None)?;
        let mut dims = alloc::vec![rs.len()];
        dims.extend_from_slice(first.shape());
        let mut data = crate::error::vec_for::<T>(&dims)?;
        if !rs.is_empty() {
            data.extend_from_slice(first.as_slice());
        }
        for r in rs.iter().skip(1) {
            data.extend_from_slice(self.reduce_with(&[axis], keepdim, r, None)?.as_slice());
        }
        let mut out = DynTensor::from_parts(data, &dims);
        if first.is_named() {
            let mut names: Vec<Option<&str>> = alloc::vec![None];
            names.extend(first.names());
            out = out.with_names(names)?;
        }
        Ok(out)
    }

    /// [`try_quantiles`](Self::try_quantiles), panicking with its error.
    #[track_caller]
    pub fn quantiles(&self, qs: &[f64], axis: impl AxisArg, keepdim: bool) -> DynTensor<T> {
        self.try_quantiles(qs, axis, keepdim).or_fail()
    }
}

impl<T: SortKey> DynView<'_, T> {
    /// The lower median along `axis` (see [`DynTensor::try_median`]).
    pub fn try_median(
        &self,
        axis: impl AxisArg,
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        self.to_owned().try_median(axis, keepdim)
    }
}

impl<T: SortKey + Float> DynView<'_, T> {
    /// The `q` quantile along `axis` (see [`DynTensor::try_quantile`]).
    pub fn try_quantile(
        &self,
        q: f64,
        axis: impl AxisArg,
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        self.to_owned().try_quantile(q, axis, keepdim)
    }

    /// The quantiles `qs` along `axis` (see [`DynTensor::try_quantiles`]).
    pub fn try_quantiles(
        &self,
        qs: &[f64],
        axis: impl AxisArg,
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        self.to_owned().try_quantiles(qs, axis, keepdim)
    }
}

impl<T: SortKey, S: Layout> Tensor<T, S> {
    /// The lower median along the axis `A`, keeping it as size 1; panics
    /// with PyTorch's message over a size-0 axis.
    ///
    /// ```
    /// use shaped::{shape, Axis, Tensor};
    /// let t = Tensor::<f32, shape![2, 2]>::from_slice(&[1.0, 4.0, 3.0, 2.0]).unwrap();
    /// let m: Tensor<f32, shape![1, 2]> = t.median_keepdim(Axis::<0>);
    /// assert_eq!(m.to_vec(), vec![1.0, 2.0]);
    /// ```
    #[track_caller]
    pub fn median_keepdim<A: OneAxis>(&self, _axis: A) -> Tensor<T, KeepDims<S, A>>
    where
        S: ReduceAxes<A>,
    {
        self.reduce_to::<A, KeepDims<S, A>, _>(true, &Median, Some("median"))
    }

    /// The lower median along the axis `A`, dropping it.
    #[track_caller]
    pub fn median_over<A: OneAxis>(&self, _axis: A) -> Tensor<T, DropDims<S, A>>
    where
        S: ReduceAxes<A>,
    {
        self.reduce_to::<A, DropDims<S, A>, _>(false, &Median, Some("median"))
    }
}

impl<T: SortKey + Float, S: Layout> Tensor<T, S> {
    /// The `q` quantile along the axis `A`, keeping it as size 1; panics
    /// if `q` is outside `[0, 1]`.
    #[track_caller]
    pub fn quantile_keepdim<A: OneAxis>(&self, q: f64, _axis: A) -> Tensor<T, KeepDims<S, A>>
    where
        S: ReduceAxes<A>,
    {
        let r = checked_q(q).or_fail();
        self.reduce_to::<A, KeepDims<S, A>, _>(true, &r, None)
    }

    /// The `q` quantile along the axis `A`, dropping it.
    ///
    /// ```
    /// use shaped::{shape, Axis, Dyn, Tensor};
    /// let t = Tensor::<f64, shape![Dyn, 3]>::from_vec(vec![1.0, 5.0, 2.0, 3.0, 0.0, 4.0], &[2]).unwrap();
    /// let q: Tensor<f64, shape![Dyn]> = t.quantile_over(0.5, Axis::<1>);
    /// assert_eq!(q.to_vec(), vec![2.0, 3.0]);
    /// ```
    #[track_caller]
    pub fn quantile_over<A: OneAxis>(&self, q: f64, _axis: A) -> Tensor<T, DropDims<S, A>>
    where
        S: ReduceAxes<A>,
    {
        let r = checked_q(q).or_fail();
        self.reduce_to::<A, DropDims<S, A>, _>(false, &r, None)
    }

    /// The quantiles `qs` along the axis `A`, dropping it, with a leading
    /// `Dyn` axis of `qs.len()` positions (see
    /// [`DynTensor::try_quantiles`]); the error if a `q` is outside
    /// `[0, 1]`.
    ///
    /// ```
    /// use shaped::{shape, Axis, Dyn, Tensor};
    /// let t = Tensor::<f64, shape![4, 2]>::from_slice(&[1.0, 8.0, 2.0, 6.0, 3.0, 4.0, 4.0, 2.0]).unwrap();
    /// // numpy.quantile(t, [0, 0.5, 1], axis=0)
    /// let q: Tensor<f64, shape![Dyn, 2]> = t.try_quantiles_over(&[0.0, 0.5, 1.0], Axis::<0>).unwrap();
    /// assert_eq!(q.to_vec(), vec![1.0, 2.0, 2.5, 5.0, 4.0, 8.0]);
    /// ```
    pub fn try_quantiles_over<A: OneAxis>(
        &self,
        qs: &[f64],
        _axis: A,
    ) -> Result<Tensor<T, WithLeadingDyn<DropDims<S, A>>>, ShapeError>
    where
        S: ReduceAxes<A>,
        DropDims<S, A>: LeadingDyn,
    {
        self.quantiles_along::<A, _>(qs, false)
    }

    /// [`try_quantiles_over`](Self::try_quantiles_over), panicking with
    /// its error.
    #[track_caller]
    pub fn quantiles_over<A: OneAxis>(
        &self,
        qs: &[f64],
        axis: A,
    ) -> Tensor<T, WithLeadingDyn<DropDims<S, A>>>
    where
        S: ReduceAxes<A>,
        DropDims<S, A>: LeadingDyn,
    {
        self.try_quantiles_over(qs, axis).or_fail()
    }

    /// The quantiles `qs` along the axis `A`, keeping it as size 1, with a
    /// leading `Dyn` axis of `qs.len()` positions.
    pub fn try_quantiles_keepdim<A: OneAxis>(
        &self,
        qs: &[f64],
        _axis: A,
    ) -> Result<Tensor<T, WithLeadingDyn<KeepDims<S, A>>>, ShapeError>
    where
        S: ReduceAxes<A>,
        KeepDims<S, A>: LeadingDyn,
    {
        self.quantiles_along::<A, _>(qs, true)
    }

    /// [`try_quantiles_keepdim`](Self::try_quantiles_keepdim), panicking
    /// with its error.
    #[track_caller]
    pub fn quantiles_keepdim<A: OneAxis>(
        &self,
        qs: &[f64],
        axis: A,
    ) -> Tensor<T, WithLeadingDyn<KeepDims<S, A>>>
    where
        S: ReduceAxes<A>,
        KeepDims<S, A>: LeadingDyn,
    {
        self.try_quantiles_keepdim(qs, axis).or_fail()
    }

    /// The runtime form on this tensor's elements, its result under the
    /// layout `O` (the same sizes).
    fn quantiles_along<A, O: Layout>(
        &self,
        qs: &[f64],
        keepdim: bool,
    ) -> Result<Tensor<T, O>, ShapeError>
    where
        S: ReduceAxes<A>,
    {
        let k = crate::reduce::cumulative::axis_of_mask(<S as ReduceAxes<A>>::MASK);
        let d =
            DynTensor::from_parts(self.to_vec(), &self.shape()).try_quantiles(qs, k, keepdim)?;
        let dims = d.shape().to_vec();
        Ok(Tensor::from_checked(d.into_vec(), &dims))
    }
}

// Typed views: the tensors' forms on the view's elements (copied into a
// contiguous tensor first), so that a `TensorView` gets a typed result
// rather than the runtime `median(axis, keepdim)` through `Deref`.
impl<T: SortKey, S: Layout> TensorView<'_, T, S> {
    /// [`Tensor::median_keepdim`] of the view.
    #[track_caller]
    pub fn median_keepdim<A: OneAxis>(&self, axis: A) -> Tensor<T, KeepDims<S, A>>
    where
        S: ReduceAxes<A>,
    {
        self.to_owned().median_keepdim(axis)
    }

    /// [`Tensor::median_over`] of the view.
    #[track_caller]
    pub fn median_over<A: OneAxis>(&self, axis: A) -> Tensor<T, DropDims<S, A>>
    where
        S: ReduceAxes<A>,
    {
        self.to_owned().median_over(axis)
    }
}

impl<T: SortKey + Float, S: Layout> TensorView<'_, T, S> {
    /// [`Tensor::quantile_keepdim`] of the view.
    #[track_caller]
    pub fn quantile_keepdim<A: OneAxis>(&self, q: f64, axis: A) -> Tensor<T, KeepDims<S, A>>
    where
        S: ReduceAxes<A>,
    {
        self.to_owned().quantile_keepdim(q, axis)
    }

    /// [`Tensor::quantile_over`] of the view.
    #[track_caller]
    pub fn quantile_over<A: OneAxis>(&self, q: f64, axis: A) -> Tensor<T, DropDims<S, A>>
    where
        S: ReduceAxes<A>,
    {
        self.to_owned().quantile_over(q, axis)
    }

    /// [`Tensor::quantiles_over`] of the view.
    #[track_caller]
    pub fn quantiles_over<A: OneAxis>(
        &self,
        qs: &[f64],
        axis: A,
    ) -> Tensor<T, WithLeadingDyn<DropDims<S, A>>>
    where
        S: ReduceAxes<A>,
        DropDims<S, A>: LeadingDyn,
    {
        self.to_owned().quantiles_over(qs, axis)
    }

    /// [`Tensor::quantiles_keepdim`] of the view.
    #[track_caller]
    pub fn quantiles_keepdim<A: OneAxis>(
        &self,
        qs: &[f64],
        axis: A,
    ) -> Tensor<T, WithLeadingDyn<KeepDims<S, A>>>
    where
        S: ReduceAxes<A>,
        KeepDims<S, A>: LeadingDyn,
    {
        self.to_owned().quantiles_keepdim(qs, axis)
    }
}
