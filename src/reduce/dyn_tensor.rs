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

use alloc::borrow::Cow;
use alloc::vec::Vec;

use num_traits::Float;

use crate::element::Element;
use crate::error::{ShapeError, checked_numel};
use crate::kernel;
use crate::shape::axis;
use crate::tensor::DynTensor;

/// The elements to reduce, arranged so that each output element's inputs
/// are one contiguous group of `len` elements.
struct Groups<'a, T: Clone> {
    data: Cow<'a, [T]>,
    groups: usize,
    len: usize,
    out_dims: Vec<usize>,
    /// The result's dimension names.
    out_names: Option<crate::shape::names::runtime::Names>,
    /// The first reduced axis of size 0, if any.
    empty_axis: Option<usize>,
}

impl<T: Clone> Groups<'_, T> {
    fn map<U>(&self, f: impl Fn(&[T]) -> U) -> DynTensor<U> {
        let data: Vec<U> = (0..self.groups)
            .map(|g| f(&self.data[g * self.len..(g + 1) * self.len]))
            .collect();
        let mut out = DynTensor::from_parts(data, &self.out_dims);
        out.names = self.out_names.clone();
        out
    }
}

/// Pairwise sum: the rounding error grows as `log n`.
fn sum_slice<T: Element>(x: &[T]) -> T {
    const BASE: usize = 32;
    if x.len() <= BASE {
        x.iter().fold(T::zero(), |acc, &v| acc.add_elem(v))
    } else {
        let (l, r) = x.split_at(x.len() / 2);
        sum_slice(l).add_elem(sum_slice(r))
    }
}

fn is_nan<T: Element>(x: T) -> bool {
    // `x != x` holds exactly for NaN, and never for integers.
    #[allow(clippy::eq_op)]
    let nan = x != x;
    nan
}

/// The index of the first element that `better` prefers to all earlier
/// ones, NaN winning over everything. `x` is not empty.
fn arg_best<T: Element>(x: &[T], better: impl Fn(T, T) -> bool) -> usize {
    let mut best = 0;
    for (i, &v) in x.iter().enumerate().skip(1) {
        if is_nan(x[best]) {
            break;
        }
        if is_nan(v) || better(v, x[best]) {
            best = i;
        }
    }
    best
}

fn mean_slice<T: Element + Float>(x: &[T]) -> T {
    sum_slice(x) / count::<T>(x.len())
}

fn count<T: Float>(n: usize) -> T {
    T::from(n).unwrap_or_else(T::infinity)
}

/// Two-pass variance with divisor `max(n - correction, 0)`.
fn var_slice<T: Element + Float>(x: &[T], correction: usize) -> T {
    let m = mean_slice(x);
    let ss = x.iter().fold(T::zero(), |acc, &v| acc + (v - m) * (v - m));
    ss / count::<T>(x.len().saturating_sub(correction))
}

impl<T: Element> DynTensor<T> {
    fn groups(&self, axes: &[usize], keepdim: bool) -> Result<Groups<'_, T>, ShapeError> {
        let shape = self.shape();
        let listed = axis::mask(shape, axes)?;
        let mut out_dims = Vec::with_capacity(shape.len());
        let mut perm = Vec::with_capacity(shape.len()); // kept axes, then reduced ones
        let mut reduced = Vec::new();
        for (i, &d) in shape.iter().enumerate() {
            if listed[i] {
                reduced.push(i);
                if keepdim {
                    out_dims.push(1);
                }
            } else {
                perm.push(i);
                out_dims.push(d);
            }
        }
        let groups = checked_numel::<T>(&out_dims)?;
        let empty_axis = reduced.iter().copied().find(|&i| shape[i] == 0);
        let len = if groups == 0 || empty_axis.is_some() {
            0
        } else {
            self.numel() / groups
        };
        let trailing = reduced.iter().enumerate().all(|(k, &i)| {
            i == shape.len() - reduced.len() + k // already innermost, in order
        });
        let data = if trailing || groups == 0 || len == 0 {
            Cow::Borrowed(self.as_slice())
        } else {
            perm.extend_from_slice(&reduced);
            let strides = kernel::strides(shape);
            let dims: Vec<usize> = perm.iter().map(|&p| shape[p]).collect();
            let view: Vec<usize> = perm.iter().map(|&p| strides[p]).collect();
            Cow::Owned(kernel::gather(self.as_slice(), &dims, &view))
        };
        let out_names =
            crate::shape::names::runtime::reduce(self.names.as_deref(), &listed, keepdim);
        Ok(Groups {
            data,
            groups,
            len,
            out_dims,
            out_names,
            empty_axis,
        })
    }

    /// The groups of a reduction without an identity: an error if a reduced
    /// axis has size 0.
    fn nonempty_groups(
        &self,
        axes: &[usize],
        keepdim: bool,
        op: &'static str,
    ) -> Result<Groups<'_, T>, ShapeError> {
        let g = self.groups(axes, keepdim)?;
        match g.empty_axis {
            Some(axis) => Err(ShapeError::EmptyReduction {
                shape: self.shape().to_vec(),
                axis,
                op,
            }),
            None => Ok(g),
        }
    }

    /// The sum over `axes`, keeping them as size 1 if `keepdim`. The sum of
    /// nothing is 0.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<i32>::arange(24).reshape(&[2, 3, 4]).unwrap();
    /// let s = t.sum_dims(&[0, 2], false).unwrap();
    /// assert_eq!((s.shape(), s.to_vec()), (&[3][..], vec![60, 92, 124]));
    /// assert_eq!(t.sum_dims(&[1], true).unwrap().shape(), &[2, 1, 4]);
    /// assert_eq!(
    ///     t.sum_dims(&[3], false).unwrap_err().to_string().lines().next().unwrap(),
    ///     "Dimension out of range (expected to be in range of [-3, 2], but got 3)"
    /// );
    /// ```
    pub fn sum_dims(&self, axes: &[usize], keepdim: bool) -> Result<DynTensor<T>, ShapeError> {
        Ok(self.groups(axes, keepdim)?.map(sum_slice))
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
    pub fn max_dims(&self, axes: &[usize], keepdim: bool) -> Result<DynTensor<T>, ShapeError> {
        let g = self.nonempty_groups(axes, keepdim, "amax")?;
        Ok(g.map(|x| x[arg_best(x, |a, b| a > b)]))
    }

    /// The smallest element over `axes` (NaN if there is one); an error if a
    /// reduced axis has size 0 (PyTorch's `amin`).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![3, 9, 2, 7], &[2, 2]).unwrap();
    /// assert_eq!(t.min_dims(&[0], true).unwrap().to_vec(), vec![2, 7]);
    /// ```
    pub fn min_dims(&self, axes: &[usize], keepdim: bool) -> Result<DynTensor<T>, ShapeError> {
        let g = self.nonempty_groups(axes, keepdim, "amin")?;
        Ok(g.map(|x| x[arg_best(x, |a, b| a < b)]))
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
    pub fn argmax(&self, axis: usize, keepdim: bool) -> Result<DynTensor<usize>, ShapeError> {
        let g = self.nonempty_groups(&[axis], keepdim, "argmax")?;
        Ok(g.map(|x| arg_best(x, |a, b| a > b)))
    }

    /// The index along `axis` of the smallest element (the first one on
    /// ties or NaN); an error if `axis` has size 0.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![3, 9, 2, 7], &[2, 2]).unwrap();
    /// assert_eq!(t.argmin(1, false).unwrap().to_vec(), vec![0, 0]);
    /// ```
    pub fn argmin(&self, axis: usize, keepdim: bool) -> Result<DynTensor<usize>, ShapeError> {
        let g = self.nonempty_groups(&[axis], keepdim, "argmin")?;
        Ok(g.map(|x| arg_best(x, |a, b| a < b)))
    }

    /// The sum of every element (0 for an empty tensor).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// assert_eq!(DynTensor::<u32>::arange(5).sum(), 10);
    /// ```
    pub fn sum(&self) -> T {
        sum_slice(self.as_slice())
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
    pub fn mean_dims(&self, axes: &[usize], keepdim: bool) -> Result<DynTensor<T>, ShapeError> {
        Ok(self.groups(axes, keepdim)?.map(mean_slice))
    }

    /// The unbiased variance over `axes` (divisor `n - 1`, PyTorch's default).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![1.0, 2.0, 3.0, 4.0], &[4]).unwrap();
    /// assert_eq!(t.var_dims(&[0], false).unwrap().to_vec(), vec![5.0 / 3.0]);
    /// ```
    pub fn var_dims(&self, axes: &[usize], keepdim: bool) -> Result<DynTensor<T>, ShapeError> {
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
    pub fn var_dims_correction(
        &self,
        axes: &[usize],
        correction: usize,
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        Ok(self
            .groups(axes, keepdim)?
            .map(|x| var_slice(x, correction)))
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
    pub fn std_dims(&self, axes: &[usize], keepdim: bool) -> Result<DynTensor<T>, ShapeError> {
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
    pub fn std_dims_correction(
        &self,
        axes: &[usize],
        correction: usize,
        keepdim: bool,
    ) -> Result<DynTensor<T>, ShapeError> {
        Ok(self
            .groups(axes, keepdim)?
            .map(|x| var_slice(x, correction).sqrt()))
    }

    /// The mean of every element (NaN for an empty tensor).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// assert_eq!(DynTensor::<f64>::arange(4).mean(), 1.5);
    /// ```
    pub fn mean(&self) -> T {
        mean_slice(self.as_slice())
    }
}
