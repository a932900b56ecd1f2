//! Reductions of runtime tensors over one or several axes: `sum`, `mean`,
//! `var`, `std`, `max`, `min`, `argmax`, `argmin`.
//!
//! The `*_dims` methods take a list of distinct axes and `keepdim`: with
//! `keepdim` the reduced axes stay as size 1 (so the result broadcasts
//! against the input, as in seed 001's normalisation), without it they are
//! dropped. They follow PyTorch:
//!
//! - `var` and `std` are the unbiased estimators (divisor `n - 1`);
//!   [`var_dims_correction`](crate::DynTensor::var_dims_correction) takes
//!   another correction (0 for the population variance).
//! - Over a size-0 axis, `sum` is 0 and `mean`, `var` and `std` are NaN;
//!   `max`, `min`, `argmax` and `argmin` are an error, as they have no
//!   identity.
//! - NaN propagates through `max` and `min`, and `argmax`/`argmin` point at
//!   the first NaN; otherwise ties go to the first occurrence.
//! - An empty list of axes reduces nothing (each element is its own group,
//!   as in NumPy; PyTorch's `dim=[]` reduces everything). [`sum`](crate::DynTensor::sum)
//!   and [`mean`](crate::DynTensor::mean) reduce everything.
//! - A rank-0 tensor accepts axis 0.
//! - Dimension names of the reduced axes are dropped, or kept with
//!   `keepdim`; the others stay (see [`crate::tensor::names`]).
//!
//! Out-of-range axes are [`ShapeError::AxisOutOfRange`] with PyTorch's
//! message; a repeated axis is [`ShapeError::DuplicateAxis`].
//!
//! ```
//! use shaped::DynTensor;
//! let t = DynTensor::from_vec(vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3]).unwrap();
//! let m = t.mean_dims(&[1], true).unwrap();
//! assert_eq!((m.shape(), m.to_vec()), (&[2, 1][..], vec![2.0, 5.0]));
//! let s = t.std_dims(&[0, 1], false).unwrap();
//! assert_eq!(s.shape(), &[] as &[usize]);
//! assert!((s.to_vec()[0] - 1.8708287).abs() < 1e-6);
//! ```
//!
//! Sums are pairwise (as NumPy's), so the rounding error of a float sum
//! grows with the logarithm of the number of terms, not linearly.

use alloc::vec::Vec;

use num_traits::Float;

use super::engine::{self, ArgExtreme, Extreme, LogSumExp, Mean, Prod, Reducer, Sum, Var};
use crate::element::Element;
use crate::error::{ShapeError, checked_numel};
use crate::shape::axis::{self, AxisArg};
use crate::tensor::DynTensor;

impl<T: Element> DynTensor<T> {
    /// The reduction `r` over `axes` on this tensor's storage, keeping them
    /// as size 1 if `keepdim`. `op` names a reduction without an identity,
    /// an error over a size-0 axis.
    pub(crate) fn reduce_with<A: AxisArg, R: Reducer<T>>(
        &self,
        axes: &[A],
        keepdim: bool,
        r: &R,
        op: Option<&'static str>,
    ) -> Result<DynTensor<R::Out>, ShapeError>
    where
        R::Out: Default,
    {
        reduce_over(
            self.shape(),
            self.names.as_deref(),
            axes,
            keepdim,
            op,
            |mask, out| engine::run_dims(self.as_slice(), self.shape(), mask, r, out),
        )
    }

    /// The sum over `axes`, keeping them as size 1 if `keepdim`. The sum of
    /// nothing is 0. Integers add up in `i64` or `u64` (`T::Acc`, see
    /// [`Element::Acc`]), so they do not wrap at the element's width; past
    /// `i64`/`u64` they wrap, as in NumPy and PyTorch (see
    /// [`checked_sum`](Self::checked_sum) for a checked whole sum).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<i32>::arange(24).reshape(&[2, 3, 4]).unwrap();
    /// let s: DynTensor<i64> = t.sum_dims(&[0, 2], false).unwrap();
    /// assert_eq!((s.shape(), s.to_vec()), (&[3][..], vec![60, 92, 124]));
    /// assert_eq!(t.sum_dims(&[1], true).unwrap().shape(), &[2, 1, 4]);
    /// assert_eq!(
    ///     t.sum_dims(&[3], false).unwrap_err().to_string().lines().next().unwrap(),
    ///     "Dimension out of range (expected to be in range of [-3, 2], but got 3)"
    /// );
    /// ```
    pub fn sum_dims<A: AxisArg>(
        &self,
        axes: &[A],
        keepdim: bool,
    ) -> Result<DynTensor<T::Acc>, ShapeError> {
        self.reduce_with(axes, keepdim, &Sum, None)
    }

    /// The product over `axes`, keeping them as size 1 if `keepdim`; 1 over
    /// nothing. Integers multiply in `i64` or `u64` (`T::Acc`), wrapping
    /// past it as PyTorch's `int64` products do.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![200u8, 200, 3, 4], &[2, 2]).unwrap();
    /// assert_eq!(t.prod_dims(&[1], false).unwrap().to_vec(), vec![40000u64, 12]);
    /// ```
    pub fn prod_dims<A: AxisArg>(
        &self,
        axes: &[A],
        keepdim: bool,
    ) -> Result<DynTensor<T::Acc>, ShapeError> {
        self.reduce_with(axes, keepdim, &Prod, None)
    }

    /// The largest element over `axes` (NaN if there is one); an error if a
    /// reduced axis has size 0 (PyTorch's `amax`).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![3, 9, 2, 7], &[2, 2]).unwrap();
    /// assert_eq!(t.max_dims(&[1], false).unwrap().to_vec(), vec![9, 7]);
    /// let empty = DynTensor::<i32>::zeros(&[0, 2]);
    /// assert_eq!(
    ///     empty.max_dims(&[0], false).unwrap_err().to_string(),
    ///     "amax(): Expected reduction dim 0 to have non-zero size."
    /// );
    /// ```
    pub fn max_dims<A: AxisArg>(
        &self,
        axes: &[A],
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        self.reduce_with(axes, keepdim, &Extreme::<true>, Some("amax"))
    }

    /// The smallest element over `axes` (NaN if there is one); an error if a
    /// reduced axis has size 0 (PyTorch's `amin`).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![3, 9, 2, 7], &[2, 2]).unwrap();
    /// assert_eq!(t.min_dims(&[0], true).unwrap().to_vec(), vec![2, 7]);
    /// ```
    pub fn min_dims<A: AxisArg>(
        &self,
        axes: &[A],
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        self.reduce_with(axes, keepdim, &Extreme::<false>, Some("amin"))
    }

    /// The index along `axis` of the largest element (the first one on ties
    /// or NaN); an error if `axis` has size 0.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![3, 9, 9, 7], &[2, 2]).unwrap();
    /// assert_eq!(t.argmax(0, false).unwrap().to_vec(), vec![1, 0]);
    /// assert_eq!(t.argmax(1, true).unwrap().shape(), &[2, 1]);
    /// ```
    pub fn argmax(
        &self,
        axis: impl AxisArg,
        keepdim: bool,
    ) -> Result<DynTensor<usize>, ShapeError> {
        self.reduce_with(&[axis], keepdim, &ArgExtreme::<true>, Some("argmax"))
    }

    /// The index along `axis` of the smallest element (the first one on
    /// ties or NaN); an error if `axis` has size 0.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![3, 9, 2, 7], &[2, 2]).unwrap();
    /// assert_eq!(t.argmin(1, false).unwrap().to_vec(), vec![0, 0]);
    /// ```
    pub fn argmin(
        &self,
        axis: impl AxisArg,
        keepdim: bool,
    ) -> Result<DynTensor<usize>, ShapeError> {
        self.reduce_with(&[axis], keepdim, &ArgExtreme::<false>, Some("argmin"))
    }

    /// The sum of every element (0 for an empty tensor), in `T::Acc`.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// assert_eq!(DynTensor::<u32>::arange(5).sum(), 10u64);
    /// assert_eq!(DynTensor::<u8>::full(&[300], 200).sum(), 60000);
    /// ```
    pub fn sum(&self) -> T::Acc {
        engine::sum_slice(self.as_slice())
    }

    /// The product of every element (1 for an empty tensor), in `T::Acc`.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// assert_eq!(DynTensor::<i8>::full(&[3], -100).prod(), -1_000_000i64);
    /// ```
    pub fn prod(&self) -> T::Acc {
        Prod.slice(self.as_slice())
    }
}

impl<T: Element + Float> DynTensor<T> {
    /// The mean over `axes`; NaN over nothing.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<f32>::arange(6).reshape(&[2, 3]).unwrap();
    /// assert_eq!(t.mean_dims(&[0], false).unwrap().to_vec(), vec![1.5, 2.5, 3.5]);
    /// assert!(DynTensor::<f32>::zeros(&[2, 0]).mean_dims(&[1], false).unwrap().to_vec()[0].is_nan());
    /// ```
    pub fn mean_dims<A: AxisArg>(
        &self,
        axes: &[A],
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        self.reduce_with(axes, keepdim, &Mean, None)
    }

    /// The unbiased variance over `axes` (divisor `n - 1`, PyTorch's default).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![1.0, 2.0, 3.0, 4.0], &[4]).unwrap();
    /// assert_eq!(t.var_dims(&[0], false).unwrap().to_vec(), vec![5.0 / 3.0]);
    /// ```
    pub fn var_dims<A: AxisArg>(
        &self,
        axes: &[A],
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        self.var_dims_correction(axes, 1, keepdim)
    }

    /// The variance over `axes` with divisor `max(n - correction, 0)`:
    /// `correction` 1 is the unbiased estimator, 0 the population variance
    /// (PyTorch's `var(dim, correction=..)`). A divisor of 0 gives NaN or
    /// infinity, as in PyTorch.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![1.0, 2.0, 3.0, 4.0], &[4]).unwrap();
    /// assert_eq!(t.var_dims_correction(&[0], 0, false).unwrap().to_vec(), vec![1.25]);
    /// ```
    pub fn var_dims_correction<A: AxisArg>(
        &self,
        axes: &[A],
        correction: usize,
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        let var = Var {
            correction,
            sqrt: false,
        };
        self.reduce_with(axes, keepdim, &var, None)
    }

    /// The unbiased standard deviation over `axes` (the square root of
    /// [`var_dims`](Self::var_dims)).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0], &[2, 4]).unwrap();
    /// let s = t.std_dims(&[0, 1], true).unwrap();
    /// assert_eq!(s.shape(), &[1, 1]);
    /// assert!((s.to_vec()[0] - 2.13808993529939_f64).abs() < 1e-12);
    /// ```
    pub fn std_dims<A: AxisArg>(
        &self,
        axes: &[A],
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        self.std_dims_correction(axes, 1, keepdim)
    }

    /// The standard deviation over `axes` with divisor `max(n - correction, 0)`
    /// (see [`var_dims_correction`](Self::var_dims_correction)).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0], &[8]).unwrap();
    /// assert_eq!(t.std_dims_correction(&[0], 0, false).unwrap().to_vec(), vec![2.0]);
    /// ```
    pub fn std_dims_correction<A: AxisArg>(
        &self,
        axes: &[A],
        correction: usize,
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        let std = Var {
            correction,
            sqrt: true,
        };
        self.reduce_with(axes, keepdim, &std, None)
    }

    /// The mean of every element (NaN for an empty tensor).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// assert_eq!(DynTensor::<f64>::arange(4).mean(), 1.5);
    /// ```
    pub fn mean(&self) -> T {
        Mean.slice(self.as_slice())
    }

    /// `ln(sum(exp(x)))` over `axes`, computed stably: the maximum is
    /// subtracted before `exp` (PyTorch's `logsumexp`). `-inf` over a size-0
    /// axis or over `-inf`s only, `+inf` if there is one, NaN if there is one.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![1000.0f64, 1000.0, 0.0, f64::NEG_INFINITY], &[2, 2]).unwrap();
    /// let l = t.logsumexp_dims(&[1], false).unwrap().to_vec();
    /// assert!((l[0] - (1000.0 + 2f64.ln())).abs() < 1e-9);
    /// assert_eq!(l[1], 0.0);
    /// ```
    pub fn logsumexp_dims<A: AxisArg>(
        &self,
        axes: &[A],
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        self.reduce_with(axes, keepdim, &LogSumExp, None)
    }
}

/// A reduction over `axes` of a tensor or view of sizes `shape` (names
/// `names`): the axes checked, a size-0 axis refused where `op` names a
/// reduction without an identity, the result's sizes and names; `run`
/// fills the result given the mask of reduced axes.
pub(crate) fn reduce_over<O: Copy + Default, A: AxisArg>(
    shape: &[usize],
    names: Option<&[Option<crate::shape::names::runtime::Name>]>,
    axes: &[A],
    keepdim: bool,
    op: Option<&'static str>,
    run: impl FnOnce(u64, &mut [O]),
) -> Result<DynTensor<O>, ShapeError> {
    let listed = axis::mask(shape, axes)?;
    let mask = listed
        .iter()
        .enumerate()
        .fold(0u64, |m, (i, &l)| if l { m | 1 << i } else { m });
    if let (Some(op), Some(axis)) = (op, engine::empty_axis(shape, mask)) {
        return Err(ShapeError::EmptyReduction {
            shape: shape.to_vec(),
            axis,
            op,
        });
    }
    let mut out_dims = Vec::with_capacity(shape.len());
    engine::out_dims(shape, mask, keepdim, &mut out_dims);
    let n = checked_numel::<O>(&out_dims)?;
    let mut data = crate::error::try_filled(n, O::default(), &out_dims)?;
    run(mask, &mut data);
    let mut out = DynTensor::from_parts(data, &out_dims);
    out.names = crate::shape::names::runtime::reduce(names, &listed, keepdim);
    Ok(out)
}
