//! Running sums and products along one axis (`cumsum`, `cumprod`) and
//! the first difference (`diff`), on runtime, static and mixed tensors,
//! one loop for all.
//!
//! `cumsum` and `cumprod` accumulate in [`Element::Acc`], as `sum` and
//! `prod` do: integers in `i64` / `u64` (NumPy's and PyTorch's rule), so
//! `[200u8, 200]` has the running sum `[200u64, 400]`. Floats add left to
//! right, as NumPy and PyTorch do (a running sum is not pairwise). The
//! result keeps the input's layout; on a static or mixed tensor the axis
//! is `Axis<K>`, `AxisFromEnd<K>` or a dimension name, on a runtime one a
//! number (negative from the end). `diff` subtracts neighbours in the
//! element type (integers wrap, as `-` does) and shortens the axis by one;
//! that axis becomes `Dyn` on a static layout.
//!
//! ```
//! use shaped::{shape, Axis, DynTensor, Tensor};
//! let t = Tensor::<u8, shape![2, 3]>::from_slice(&[100, 100, 100, 1, 2, 3]).unwrap();
//! let c: Tensor<u64, shape![2, 3]> = t.cumsum(Axis::<1>);
//! assert_eq!(c.to_vec(), vec![100, 200, 300, 1, 3, 6]);
//! let d = DynTensor::from_vec(vec![1i32, 4, 9, 16], &[4]).unwrap();
//! assert_eq!(d.cumprod(-1).to_vec(), vec![1i64, 4, 36, 576]);
//! assert_eq!(d.diff(0).to_vec(), vec![3, 5, 7]);
//! ```

use alloc::vec::Vec;

use super::lanes::{Along, axis_of, resized};
use crate::element::Element;
use crate::error::{OrFail, ShapeError};
use crate::shape::axes::OneAxis;
use crate::shape::axis::{self, AxisArg};
use crate::shape::list::Layout;
use crate::shape::narrow::{NarrowDyn, NarrowedDyn};
use crate::shape::toolkit::ReduceAxes;
use crate::tensor::{DynTensor, Tensor};

/// The running sums (`mul` false) or products of `x` along `a`, in `Acc`.
fn scan<T: Element>(x: &[T], a: Along, mul: bool) -> Vec<T::Acc> {
    let op = |acc: T::Acc, v: T| {
        if mul {
            acc.mul_elem(v.widen())
        } else {
            acc.add_elem(v.widen())
        }
    };
    let mut out = Vec::with_capacity(x.len());
    if a.inner == 1 {
        // One lane after the other: the hand loop.
        for lane in x.chunks_exact(a.len.max(1)) {
            let mut acc = if mul {
                <T::Acc as num_traits::One>::one()
            } else {
                <T::Acc as num_traits::Zero>::zero()
            };
            out.extend(lane.iter().map(|&v| {
                acc = op(acc, v);
                acc
            }));
        }
    } else {
        // Row by row: each row is the previous one plus the input's,
        // a loop over contiguous lanes.
        for group in x.chunks_exact((a.len * a.inner).max(1)) {
            let start = out.len();
            out.extend(group[..a.inner].iter().map(|&v| v.widen()));
            for r in 1..a.len {
                let prev = start + (r - 1) * a.inner;
                for (i, &v) in group[r * a.inner..(r + 1) * a.inner].iter().enumerate() {
                    let acc = op(out[prev + i], v);
                    out.push(acc);
                }
            }
        }
    }
    out
}

/// `x[r + 1] - x[r]` along `a` (wrapping for integers).
fn differences<T: Element>(x: &[T], a: Along) -> Vec<T> {
    let m = a.len.saturating_sub(1);
    let mut out = Vec::with_capacity(a.outer * m * a.inner);
    for group in x.chunks_exact((a.len * a.inner).max(1)).take(a.outer) {
        for r in 0..m {
            let (lo, hi) = (&group[r * a.inner..], &group[(r + 1) * a.inner..]);
            out.extend(
                hi[..a.inner]
                    .iter()
                    .zip(&lo[..a.inner])
                    .map(|(&h, &l)| h.sub_elem(l)),
            );
        }
    }
    out
}

/// The `n`th difference of `x` (sizes `dims`) along axis `k`: `n`
/// passes of [`differences`], the axis `n` shorter (0 at least), and the
/// result's sizes. `n = 0` is `x` itself, as in NumPy and PyTorch.
fn differences_n<T: Element>(x: &[T], dims: &[usize], k: usize, n: usize) -> (Vec<T>, Vec<usize>) {
    let mut dims = dims.to_vec();
    if x.is_empty() {
        // No data to difference: only the axis shrinks, in one step
        // rather than `n` passes over nothing.
        if let Some(d) = dims.get_mut(k) {
            *d = d.saturating_sub(n);
        }
        return (Vec::new(), dims);
    }
    let mut data: Option<Vec<T>> = None; // `x` until the first pass
    for _ in 0..n {
        let a = Along::new(&dims, k);
        if a.len == 0 {
            break;
        }
        data = Some(differences(data.as_deref().unwrap_or(x), a));
        dims = resized(&dims, k, a.len - 1);
    }
    (data.unwrap_or_else(|| x.to_vec()), dims)
}

/// The axis of `S` that `A` names.
pub(crate) const fn axis_of_mask(mask: u64) -> usize {
    if mask == 0 {
        0
    } else {
        mask.trailing_zeros() as usize
    }
}

impl<T: Element> DynTensor<T> {
    /// The running sum along `axis`, in `T::Acc` (integers in `i64` /
    /// `u64`, as NumPy and PyTorch); PyTorch's error if `axis` is out of
    /// range. The names stay.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<i32>::arange(6).reshape(&[2, 3]).unwrap();
    /// assert_eq!(t.try_cumsum(0).unwrap().to_vec(), vec![0i64, 1, 2, 3, 5, 7]);
    /// assert_eq!(
    ///     t.try_cumsum(2).unwrap_err().to_string().lines().next().unwrap(),
    ///     "Dimension out of range (expected to be in range of [-2, 1], but got 2)"
    /// );
    /// ```
    pub fn try_cumsum(&self, axis: impl AxisArg) -> Result<DynTensor<T::Acc>, ShapeError> {
        self.scan_along(axis, false)
    }

    /// [`try_cumsum`](Self::try_cumsum), panicking with its error.
    #[track_caller]
    pub fn cumsum(&self, axis: impl AxisArg) -> DynTensor<T::Acc> {
        self.try_cumsum(axis).or_fail()
    }

    /// The running product along `axis`, in `T::Acc` (integers wrap past
    /// 64 bits, as PyTorch's `int64`).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![200u8, 200, 200], &[3]).unwrap();
    /// assert_eq!(t.try_cumprod(0).unwrap().to_vec(), vec![200u64, 40000, 8000000]);
    /// ```
    pub fn try_cumprod(&self, axis: impl AxisArg) -> Result<DynTensor<T::Acc>, ShapeError> {
        self.scan_along(axis, true)
    }

    /// [`try_cumprod`](Self::try_cumprod), panicking with its error.
    #[track_caller]
    pub fn cumprod(&self, axis: impl AxisArg) -> DynTensor<T::Acc> {
        self.try_cumprod(axis).or_fail()
    }

    fn scan_along(&self, axis: impl AxisArg, mul: bool) -> Result<DynTensor<T::Acc>, ShapeError> {
        let k = axis_of(self.shape(), axis)?;
        let data = scan(self.as_slice(), Along::new(self.shape(), k), mul);
        let mut out = DynTensor::from_parts(data, self.shape());
        out.names.clone_from(&self.names);
        Ok(out)
    }

    /// `x[i + 1] - x[i]` along `axis` (PyTorch's `diff` with `n = 1`),
    /// the axis one shorter (0 stays 0); integers wrap. An error for a
    /// rank-0 tensor (NumPy and PyTorch need one dimension) or an axis out
    /// of range. The names stay.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![1.0, 4.0, 9.0, 2.0, 2.0, 0.5], &[2, 3]).unwrap();
    /// let d = t.try_diff(1).unwrap();
    /// assert_eq!((d.shape(), d.to_vec()), (&[2, 2][..], vec![3.0, 5.0, 0.0, -1.5]));
    /// assert_eq!(t.try_diff(0).unwrap().to_vec(), vec![1.0, -2.0, -8.5]);
    /// ```
    pub fn try_diff(&self, axis: impl AxisArg) -> Result<DynTensor<T>, ShapeError> {
        let shape = self.shape();
        let k = axis::check(shape, axis, shape.len())?;
        let a = Along::new(shape, k);
        let dims = resized(shape, k, a.len.saturating_sub(1));
        let mut out = DynTensor::from_parts(differences(self.as_slice(), a), &dims);
        out.names.clone_from(&self.names);
        Ok(out)
    }

    /// [`try_diff`](Self::try_diff), panicking with its error.
    #[track_caller]
    pub fn diff(&self, axis: impl AxisArg) -> DynTensor<T> {
        self.try_diff(axis).or_fail()
    }

    /// The `n`th difference along `axis` (PyTorch's `diff(n=n, dim=axis)`,
    /// NumPy's `diff(n=n, axis=axis)`): [`try_diff`](Self::try_diff)
    /// applied `n` times, the axis `n` shorter (0 at least); `n = 0` gives
    /// the tensor unchanged. The errors are `try_diff`'s.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![1i32, 4, 9, 16, 25], &[5]).unwrap();
    /// // numpy.diff([1, 4, 9, 16, 25], n=2)
    /// assert_eq!(t.try_diff_n(2, -1).unwrap().to_vec(), vec![2, 2, 2]);
    /// assert_eq!(t.try_diff_n(7, 0).unwrap().shape(), &[0]);
    /// ```
    pub fn try_diff_n(&self, n: usize, axis: impl AxisArg) -> Result<DynTensor<T>, ShapeError> {
        self.try_diff_with(n, axis, None, None)
    }

    /// [`try_diff_n`](Self::try_diff_n), panicking with its error.
    #[track_caller]
    pub fn diff_n(&self, n: usize, axis: impl AxisArg) -> DynTensor<T> {
        self.try_diff_n(n, axis).or_fail()
    }

    /// The `n`th difference along `axis` of the tensor with `prepend`
    /// joined before it and `append` after it along that axis (PyTorch's
    /// `diff(n, dim, prepend, append)`). As in PyTorch, `prepend` and
    /// `append` have the tensor's rank and its sizes on the other axes
    /// (the error is then `cat`'s, in PyTorch's words); NumPy also
    /// broadcasts a scalar, which here is a tensor of shape `[1]` for a
    /// vector. The names are the joined tensor's.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![1.0, 3.0, 6.0], &[3]).unwrap();
    /// let zero = DynTensor::from_vec(vec![0.0], &[1]).unwrap();
    /// // numpy.diff([1, 3, 6], prepend=0): the first element kept
    /// assert_eq!(t.try_diff_with(1, 0, Some(&zero), None).unwrap().to_vec(), vec![1.0, 2.0, 3.0]);
    /// assert!(t.try_diff_with(1, 0, Some(&DynTensor::scalar(0.0)), None).is_err());
    /// ```
    pub fn try_diff_with(
        &self,
        n: usize,
        axis: impl AxisArg,
        prepend: Option<&DynTensor<T>>,
        append: Option<&DynTensor<T>>,
    ) -> Result<DynTensor<T>, ShapeError> {
        let shape = self.shape();
        let k = axis::check(shape, axis, shape.len())?;
        if prepend.is_some() || append.is_some() {
            let parts: Vec<&DynTensor<T>> =
                prepend.into_iter().chain([self]).chain(append).collect();
            let joined = DynTensor::cat(parts, k)?;
            return joined.try_diff_with(n, k, None, None);
        }
        let (data, dims) = differences_n(self.as_slice(), shape, k, n);
        let mut out = DynTensor::from_parts(data, &dims);
        out.names.clone_from(&self.names);
        Ok(out)
    }

    /// [`try_diff_with`](Self::try_diff_with), panicking with its error.
    #[track_caller]
    pub fn diff_with(
        &self,
        n: usize,
        axis: impl AxisArg,
        prepend: Option<&DynTensor<T>>,
        append: Option<&DynTensor<T>>,
    ) -> DynTensor<T> {
        self.try_diff_with(n, axis, prepend, append).or_fail()
    }
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// The running sum along the axis `A` (`Axis<K>`, `AxisFromEnd<K>` or
    /// a dimension name), in `T::Acc`, the layout kept.
    ///
    /// ```
    /// use shaped::{shape, Axis, AxisFromEnd, Dyn, Tensor};
    /// let t = Tensor::<f32, shape![Dyn, 2]>::from_vec(vec![1.0, 2.0, 3.0, 4.0], &[2]).unwrap();
    /// let c: Tensor<f32, shape![Dyn, 2]> = t.cumsum(Axis::<0>);
    /// assert_eq!(c.to_vec(), vec![1.0, 2.0, 4.0, 6.0]);
    /// assert_eq!(t.cumsum(AxisFromEnd::<1>).to_vec(), vec![1.0, 3.0, 3.0, 7.0]);
    /// ```
    pub fn cumsum<A: OneAxis>(&self, _axis: A) -> Tensor<T::Acc, S>
    where
        S: ReduceAxes<A>,
    {
        let k = axis_of_mask(<S as ReduceAxes<A>>::MASK);
        let dims = self.shape();
        Tensor::from_checked(scan(self.as_slice(), Along::new(&dims, k), false), &dims)
    }

    /// The running product along the axis `A`, in `T::Acc`, the layout
    /// kept.
    ///
    /// ```
    /// use shaped::{shape, Axis, Tensor};
    /// let t = Tensor::<i32, shape![2, 2]>::from_slice(&[2, 3, 4, 5]).unwrap();
    /// assert_eq!(t.cumprod(Axis::<0>).to_vec(), vec![2i64, 3, 8, 15]);
    /// ```
    pub fn cumprod<A: OneAxis>(&self, _axis: A) -> Tensor<T::Acc, S>
    where
        S: ReduceAxes<A>,
    {
        let k = axis_of_mask(<S as ReduceAxes<A>>::MASK);
        let dims = self.shape();
        Tensor::from_checked(scan(self.as_slice(), Along::new(&dims, k), true), &dims)
    }

    /// `x[i + 1] - x[i]` along the axis `A`: that axis becomes `Dyn`,
    /// one shorter (0 stays 0).
    ///
    /// ```
    /// use shaped::{shape, Axis, Dyn, Tensor};
    /// let t = Tensor::<i32, shape![2, 3]>::from_slice(&[1, 4, 9, 0, 0, 5]).unwrap();
    /// let d: Tensor<i32, shape![2, Dyn]> = t.diff(Axis::<1>);
    /// assert_eq!((d.shape().to_vec(), d.to_vec()), (vec![2, 2], vec![3, 5, 0, 5]));
    /// ```
    pub fn diff<A: OneAxis>(&self, _axis: A) -> Tensor<T, NarrowedDyn<S, A>>
    where
        S: NarrowDyn<A>,
    {
        let k = <S as NarrowDyn<A>>::AXIS;
        let dims = self.shape();
        let a = Along::new(&dims, k);
        let out = resized(&dims, k, a.len.saturating_sub(1));
        Tensor::from_checked(differences(self.as_slice(), a), &out)
    }

    /// The `n`th difference along the axis `A` (see
    /// [`DynTensor::try_diff_n`]): that axis becomes `Dyn`, `n` shorter
    /// (0 at least).
    ///
    /// ```
    /// use shaped::{shape, Axis, Dyn, Tensor};
    /// let t = Tensor::<i32, shape![2, 4]>::from_slice(&[1, 2, 4, 8, 0, 1, 0, 1]).unwrap();
    /// let d: Tensor<i32, shape![2, Dyn]> = t.diff_n(2, Axis::<1>);
    /// // numpy.diff(t, n=2, axis=1)
    /// assert_eq!((d.shape().to_vec(), d.to_vec()), (vec![2, 2], vec![1, 2, -2, 2]));
    /// ```
    pub fn diff_n<A: OneAxis>(&self, n: usize, _axis: A) -> Tensor<T, NarrowedDyn<S, A>>
    where
        S: NarrowDyn<A>,
    {
        let k = <S as NarrowDyn<A>>::AXIS;
        let (data, dims) = differences_n(self.as_slice(), &self.shape(), k, n);
        Tensor::from_checked(data, &dims)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scans_match_a_naive_loop_on_every_axis() {
        let dims = [3usize, 4, 5];
        let x: Vec<i32> = (0..60).map(|i| (i * 7919) % 101 - 50).collect();
        for k in 0..3 {
            let a = Along::new(&dims, k);
            let got = scan(&x, a, false);
            let mut want = Vec::new();
            for (flat, _) in x.iter().enumerate() {
                let (o, rest) = (flat / (a.len * a.inner), flat % (a.len * a.inner));
                let (r, i) = (rest / a.inner, rest % a.inner);
                let s: i64 = (0..=r)
                    .map(|q| i64::from(x[o * a.len * a.inner + q * a.inner + i]))
                    .sum();
                want.push(s);
            }
            assert_eq!(got, want, "axis {k}");
        }
    }
}
