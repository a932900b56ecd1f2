//! Checked integer reductions: [`checked_sum`](crate::DynTensor::checked_sum),
//! [`checked_prod`](crate::DynTensor::checked_prod),
//! [`checked_cumsum`](crate::DynTensor::checked_cumsum),
//! [`checked_cumprod`](crate::DynTensor::checked_cumprod) and
//! [`checked_trace`](crate::DynTensor::checked_trace) return
//! [`ShapeError::Overflow`] where the exact integer result does not fit
//! [`Element::Acc`] (`i64`, `u64`, `i128` or `u128`), the result where it
//! does. The plain forms (`sum`, `prod`, `cumsum`, `cumprod`, `trace`)
//! wrap instead, as NumPy and PyTorch do. PyTorch and NumPy have no
//! checked forms; the names follow Rust's `checked_add`, and the result is
//! a `Result` so that the error joins the crate's others. Floats never
//! fail (they round or reach infinity).
//!
//! A sum is checked as a whole, not term by term: `[i64::MAX, 1, -1]`
//! sums to `i64::MAX` and is `Ok`, as exact arithmetic says. A running sum
//! or product is checked at every position, since each one is a result.
//!
//! ```
//! use shaped::{DynTensor, ShapeErrorKind};
//! let t = DynTensor::from_vec(vec![i64::MAX, 1], &[2]).unwrap();
//! assert_eq!(t.sum(), i64::MIN); // wraps, as numpy.sum and torch.sum do
//! assert_eq!(t.checked_sum().unwrap_err().kind(), ShapeErrorKind::Overflow);
//! let u = DynTensor::from_vec(vec![200u8, 200], &[2]).unwrap();
//! assert_eq!(u.checked_sum().unwrap(), 400u64); // u8 adds up in u64
//! ```

use alloc::vec::Vec;

use super::lanes::{Along, axis_of};
use crate::element::Element;
use crate::error::{ShapeError, try_vec};
use crate::shape::axis::AxisArg;
use crate::shape::list::Layout;
use crate::tensor::{DynTensor, Tensor};
use crate::view::{DynView, TensorView};

/// The overflow error of `op`.
fn overflow(op: &'static str) -> ShapeError {
    ShapeError::Overflow { op }
}

/// The exact sum of `xs` widened to `Acc`, or `Overflow`: the running sum
/// wraps freely, and the wraps are counted; the exact sum fits if they
/// cancel.
fn exact_sum<T: Element>(xs: impl Iterator<Item = T>) -> Result<T::Acc, ShapeError> {
    let mut acc = <T::Acc as num_traits::Zero>::zero();
    let mut wraps: i128 = 0;
    for x in xs {
        let (next, w) = acc.add_counting_wraps(x.widen());
        acc = next;
        wraps += i128::from(w);
    }
    if wraps == 0 {
        Ok(acc)
    } else {
        Err(overflow("sum"))
    }
}

/// The exact product of `xs` widened to `Acc`, or `Overflow`. With no
/// factor 0 the magnitude of a running product never falls, so a partial
/// product that does not fit means the whole does not; a factor 0 makes
/// the whole 0 however large the others.
fn exact_prod<T: Element>(xs: impl Iterator<Item = T>) -> Result<T::Acc, ShapeError> {
    let zero = <T::Acc as num_traits::Zero>::zero();
    let mut acc = Some(<T::Acc as num_traits::One>::one());
    for x in xs {
        let v = x.widen();
        if v == zero {
            return Ok(zero);
        }
        acc = acc.and_then(|a| a.checked_mul_elem(v));
    }
    acc.ok_or_else(|| overflow("prod"))
}

/// The running sums (`mul` false) or products of `x` along `a`, each
/// checked: `Overflow` naming `op` at the first that does not fit.
fn checked_scan<T: Element>(
    x: &[T],
    dims: &[usize],
    a: Along,
    mul: bool,
    op: &'static str,
) -> Result<Vec<T::Acc>, ShapeError> {
    let mut out = try_vec(x.len(), dims)?;
    out.extend(x.iter().map(|v| v.widen()));
    if out.is_empty() {
        return Ok(out);
    }
    for o in 0..a.outer {
        for r in 1..a.len {
            let (prev, at) = ((o * a.len + r - 1) * a.inner, (o * a.len + r) * a.inner);
            for i in 0..a.inner {
                let (p, v) = (out[prev + i], out[at + i]);
                let next = if mul {
                    p.checked_mul_elem(v)
                } else {
                    p.checked_add_elem(v)
                };
                out[at + i] = next.ok_or_else(|| overflow(op))?;
            }
        }
    }
    Ok(out)
}

impl<T: Element> DynTensor<T> {
    /// [`sum`](Self::sum), or [`ShapeError::Overflow`] if the exact sum
    /// does not fit `T::Acc` (see the [module docs](self)).
    pub fn checked_sum(&self) -> Result<T::Acc, ShapeError> {
        exact_sum(self.as_slice().iter().copied())
    }

    /// [`prod`](Self::prod), or [`ShapeError::Overflow`] if the exact
    /// product does not fit `T::Acc`.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![1i64 << 62, 2, 0], &[3]).unwrap();
    /// assert_eq!(t.checked_prod().unwrap(), 0); // a factor 0: exactly 0
    /// assert!(t.try_narrow(0, 0, 2).unwrap().checked_prod().is_err());
    /// ```
    pub fn checked_prod(&self) -> Result<T::Acc, ShapeError> {
        exact_prod(self.as_slice().iter().copied())
    }

    /// [`try_cumsum`](Self::try_cumsum), or [`ShapeError::Overflow`] if a
    /// running sum does not fit `T::Acc`. The names stay.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![i64::MAX, 1, -1], &[3]).unwrap();
    /// assert!(t.checked_cumsum(0).is_err()); // the second running sum is 2^63
    /// assert_eq!(t.checked_sum().unwrap(), i64::MAX); // the whole sum fits
    /// ```
    pub fn checked_cumsum(&self, axis: impl AxisArg) -> Result<DynTensor<T::Acc>, ShapeError> {
        self.checked_scan_along(axis, false, "cumsum")
    }

    /// [`try_cumprod`](Self::try_cumprod), or [`ShapeError::Overflow`] if
    /// a running product does not fit `T::Acc`. The names stay.
    pub fn checked_cumprod(&self, axis: impl AxisArg) -> Result<DynTensor<T::Acc>, ShapeError> {
        self.checked_scan_along(axis, true, "cumprod")
    }

    fn checked_scan_along(
        &self,
        axis: impl AxisArg,
        mul: bool,
        op: &'static str,
    ) -> Result<DynTensor<T::Acc>, ShapeError> {
        let k = axis_of(self.shape(), axis)?;
        let a = Along::new(self.shape(), k);
        let data = checked_scan(self.as_slice(), self.shape(), a, mul, op)?;
        let mut out = DynTensor::from_parts(data, self.shape());
        out.names.clone_from(&self.names);
        Ok(out)
    }

    /// [`try_trace`](Self::try_trace), or [`ShapeError::Overflow`] if the
    /// exact sum of the diagonal does not fit `T::Acc`.
    pub fn checked_trace(&self) -> Result<T::Acc, ShapeError> {
        if self.rank() != 2 {
            return Err(ShapeError::TraceRank {
                shape: self.shape().to_vec(),
            });
        }
        let d = self.try_diagonal(0, 0, 1)?;
        exact_sum(d.as_slice().iter().copied()).map_err(|_| overflow("trace"))
    }
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// [`sum`](Self::sum), or [`ShapeError::Overflow`] if the exact sum
    /// does not fit `T::Acc` (see [`DynTensor::checked_sum`]).
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let t = Tensor::<u64, shape![2]>::full(u64::MAX);
    /// assert!(t.checked_sum().is_err());
    /// assert_eq!(Tensor::<u8, shape![3]>::full(255).checked_sum().unwrap(), 765);
    /// ```
    pub fn checked_sum(&self) -> Result<T::Acc, ShapeError> {
        exact_sum(self.as_slice().iter().copied())
    }

    /// [`prod`](Self::prod), or [`ShapeError::Overflow`] if the exact
    /// product does not fit `T::Acc`.
    pub fn checked_prod(&self) -> Result<T::Acc, ShapeError> {
        exact_prod(self.as_slice().iter().copied())
    }
}

impl<T: Element> DynView<'_, T> {
    /// [`sum`](Self::sum), or [`ShapeError::Overflow`] if the exact sum
    /// does not fit `T::Acc`.
    pub fn checked_sum(&self) -> Result<T::Acc, ShapeError> {
        exact_sum(self.iter().copied())
    }

    /// [`prod`](Self::prod), or [`ShapeError::Overflow`] if the exact
    /// product does not fit `T::Acc`.
    pub fn checked_prod(&self) -> Result<T::Acc, ShapeError> {
        exact_prod(self.iter().copied())
    }
}

impl<T: Element, S: Layout> TensorView<'_, T, S> {
    /// The sum of every element in `T::Acc`, as [`Tensor::sum`] computes
    /// it, or [`ShapeError::Overflow`] if the exact sum does not fit.
    pub fn checked_sum(&self) -> Result<T::Acc, ShapeError> {
        exact_sum(self.iter().copied())
    }

    /// The product of every element in `T::Acc`, as [`Tensor::prod`]
    /// computes it, or [`ShapeError::Overflow`] if the exact product does
    /// not fit.
    pub fn checked_prod(&self) -> Result<T::Acc, ShapeError> {
        exact_prod(self.iter().copied())
    }
}
