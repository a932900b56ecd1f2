//! `sort` (values and indices) and `argsort` along one axis, stable, NaN
//! last (NumPy's order; PyTorch's `sort(stable=True)`), `descending`
//! reversing the order (NaN first, as in PyTorch) while equal elements
//! keep their order. On a static or mixed tensor the axis is `Axis<K>`,
//! `AxisFromEnd<K>` or a dimension name and the layout is kept; on a
//! runtime tensor it is a number (negative from the end) and the `try_`
//! forms return PyTorch's error for an axis out of range. Indices are
//! `usize` (PyTorch's are `int64`), as `argmax`'s.
//!
//! ```
//! use shaped::{shape, Axis, DynTensor, Tensor};
//! let t = DynTensor::from_vec(vec![3.0, f32::NAN, -1.0, 3.0], &[4]).unwrap();
//! let (values, indices) = t.sort(0, false);
//! assert_eq!(indices.to_vec(), vec![2, 0, 3, 1]);
//! assert_eq!(values.to_vec()[..3], [-1.0, 3.0, 3.0]);
//! let m = Tensor::<i32, shape![2, 3]>::from_slice(&[5, 1, 4, 0, 9, 2]).unwrap();
//! let order: Tensor<usize, shape![2, 3]> = m.argsort(Axis::<1>, true);
//! assert_eq!(order.to_vec(), vec![0, 2, 1, 1, 2, 0]);
//! ```
//!
//! Each lane is sorted as integers: the order's key (see [`SortKey`])
//! packed with the position, which makes an unstable sort stable (no two
//! packed keys are equal).

use alloc::vec::Vec;

use super::key::{MAX_PACKED_32, SortKey, radix_sort};

/// Lanes at least this long are sorted by radix rather than by comparison.
const RADIX_FROM: usize = 1024;
use crate::error::{OrFail, ShapeError};
use crate::reduce::cumulative::axis_of_mask;
use crate::reduce::lanes::{Along, axis_of, map_lanes, map_lanes2};
use crate::shape::axes::OneAxis;
use crate::shape::axis::AxisArg;
use crate::shape::list::Layout;
use crate::shape::toolkit::ReduceAxes;
use crate::tensor::{DynTensor, Tensor};

/// The positions of `lane` in sorted order, the first `out.len()` of
/// them (all for a sort, `k` for `topk`), and the elements there into
/// `values` unless it is empty. `scratch` is reused from lane to lane.
pub(crate) fn argsort_lane<T: SortKey>(
    lane: &[T],
    descending: bool,
    (scratch, radix_buf): (&mut Vec<T::Packed>, &mut Vec<T::Packed>),
    out: &mut [usize],
    values: &mut [T],
) {
    if core::mem::size_of::<T>() <= 4 && lane.len() > MAX_PACKED_32 {
        // Positions past 32 bits do not pack beside the key: a stable
        // sort of the positions by key instead.
        let mut idx: Vec<usize> = (0..lane.len()).collect();
        idx.sort_by(|&a, &b| {
            let (ka, kb) = (lane[a].key(), lane[b].key());
            if descending { kb.cmp(&ka) } else { ka.cmp(&kb) }
        });
        out.copy_from_slice(&idx[..out.len()]);
        for (v, &i) in values.iter_mut().zip(out.iter()) {
            *v = lane[i];
        }
        return;
    }
    scratch.clear();
    scratch.extend(lane.iter().enumerate().map(|(i, &v)| v.pack(i, descending)));
    let k = out.len();
    if k < scratch.len() / 8 && k > 0 {
        // A few of many (`topk`): select them, then sort only those.
        scratch.select_nth_unstable(k - 1);
        scratch[..k].sort_unstable();
    } else if T::KEY_BYTES > 0 && scratch.len() >= RADIX_FROM {
        // Long lanes: a pass per key byte, linear, beats comparing
        // (2^20 f32: see benches/vocab.rs).
        radix_sort::<T>(scratch, radix_buf);
    } else {
        scratch.sort_unstable();
    }
    for (o, &p) in out.iter_mut().zip(scratch.iter()) {
        *o = T::index_of(p);
    }
    // From the keys, in order: reading `lane` at each position would
    // jump around memory (20% of a sort of 2^20 `f32`).
    for (v, &p) in values.iter_mut().zip(scratch.iter()) {
        *v = T::value_of(p, lane, descending);
    }
}

/// The sorting positions of the first `k` (or all) of each lane of `x`
/// along `a`.
pub(crate) fn argsort_along<T: SortKey>(
    x: &[T],
    a: Along,
    k: usize,
    descending: bool,
) -> Result<Vec<usize>, ShapeError> {
    let (mut scratch, mut buf) = (Vec::new(), Vec::new());
    map_lanes(x, a, k, |lane, out| {
        argsort_lane(lane, descending, (&mut scratch, &mut buf), out, &mut [])
    })
}

/// The first `k` (or all) of each lane of `x` along `a` in sorted order,
/// and their positions.
pub(crate) fn sort_along<T: SortKey>(
    x: &[T],
    a: Along,
    k: usize,
    descending: bool,
) -> Result<(Vec<T>, Vec<usize>), ShapeError> {
    let (mut scratch, mut buf) = (Vec::new(), Vec::new());
    map_lanes2(x, a, k, |lane, values, out| {
        argsort_lane(lane, descending, (&mut scratch, &mut buf), out, values)
    })
}

impl<T: SortKey> DynTensor<T> {
    /// The elements sorted along `axis` and the positions they came from
    /// (PyTorch's `sort(dim, descending, stable=True)`): ascending with
    /// NaN last, or `descending` (NaN first); equal elements keep their
    /// order. The names stay.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![2, 1, 2, 0, 7, 7], &[2, 3]).unwrap();
    /// let (v, i) = t.try_sort(1, false).unwrap();
    /// assert_eq!((v.to_vec(), i.to_vec()), (vec![1, 2, 2, 0, 7, 7], vec![1, 0, 2, 0, 1, 2]));
    /// let (v, _) = t.try_sort(0, true).unwrap();
    /// assert_eq!(v.to_vec(), vec![2, 7, 7, 0, 1, 2]);
    /// assert_eq!(
    ///     t.try_sort(-3, false).unwrap_err().to_string().lines().next().unwrap(),
    ///     "Dimension out of range (expected to be in range of [-2, 1], but got -3)"
    /// );
    /// ```
    pub fn try_sort(
        &self,
        axis: impl AxisArg,
        descending: bool,
    ) -> Result<(DynTensor<T>, DynTensor<usize>), ShapeError> {
        let k = axis_of(self.shape(), axis)?;
        let a = Along::new(self.shape(), k);
        let (v, i) = sort_along(self.as_slice(), a, a.len, descending)?;
        let mut values = DynTensor::from_parts(v, self.shape());
        let mut idx = DynTensor::from_parts(i, self.shape());
        values.names.clone_from(&self.names);
        idx.names.clone_from(&self.names);
        Ok((values, idx))
    }

    /// [`try_sort`](Self::try_sort), panicking with its error.
    #[track_caller]
    pub fn sort(&self, axis: impl AxisArg, descending: bool) -> (DynTensor<T>, DynTensor<usize>) {
        self.try_sort(axis, descending).or_fail()
    }

    /// The positions that sort `axis` (the indices of
    /// [`try_sort`](Self::try_sort); PyTorch's `argsort(stable=True)`).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![0.5, -0.0, 0.0, f64::NAN, -2.0], &[5]).unwrap();
    /// // -0.0 and 0.0 are equal and keep their order; NaN is last.
    /// assert_eq!(t.try_argsort(0, false).unwrap().to_vec(), vec![4, 1, 2, 0, 3]);
    /// assert_eq!(t.try_argsort(0, true).unwrap().to_vec(), vec![3, 0, 1, 2, 4]);
    /// ```
    pub fn try_argsort(
        &self,
        axis: impl AxisArg,
        descending: bool,
    ) -> Result<DynTensor<usize>, ShapeError> {
        let k = axis_of(self.shape(), axis)?;
        let a = Along::new(self.shape(), k);
        let idx = argsort_along(self.as_slice(), a, a.len, descending)?;
        let mut out = DynTensor::from_parts(idx, self.shape());
        out.names.clone_from(&self.names);
        Ok(out)
    }

    /// [`try_argsort`](Self::try_argsort), panicking with its error.
    #[track_caller]
    pub fn argsort(&self, axis: impl AxisArg, descending: bool) -> DynTensor<usize> {
        self.try_argsort(axis, descending).or_fail()
    }
}

impl<T: SortKey, S: Layout> Tensor<T, S> {
    /// The elements sorted along the axis `A` and the positions they came
    /// from, the layout kept (see [`DynTensor::try_sort`]).
    ///
    /// ```
    /// use shaped::{shape, Axis, Dyn, Tensor};
    /// let t = Tensor::<f32, shape![Dyn, 3]>::from_vec(vec![3.0, 1.0, 2.0, 0.0, -1.0, 5.0], &[2]).unwrap();
    /// let (v, i): (Tensor<f32, shape![Dyn, 3]>, Tensor<usize, shape![Dyn, 3]>) = t.sort(Axis::<1>, false);
    /// assert_eq!(v.to_vec(), vec![1.0, 2.0, 3.0, -1.0, 0.0, 5.0]);
    /// assert_eq!(i.to_vec(), vec![1, 2, 0, 1, 0, 2]);
    /// ```
    #[track_caller]
    pub fn sort<A: OneAxis>(&self, _axis: A, descending: bool) -> (Tensor<T, S>, Tensor<usize, S>)
    where
        S: ReduceAxes<A>,
    {
        let dims = self.shape();
        let a = Along::new(&dims, axis_of_mask(<S as ReduceAxes<A>>::MASK));
        let (v, i) = sort_along(self.as_slice(), a, a.len, descending).or_fail();
        (
            Tensor::from_checked(v, &dims),
            Tensor::from_checked(i, &dims),
        )
    }

    /// The positions that sort the axis `A`, the layout kept.
    #[track_caller]
    pub fn argsort<A: OneAxis>(&self, _axis: A, descending: bool) -> Tensor<usize, S>
    where
        S: ReduceAxes<A>,
    {
        let dims = self.shape();
        let a = Along::new(&dims, axis_of_mask(<S as ReduceAxes<A>>::MASK));
        let idx = argsort_along(self.as_slice(), a, a.len, descending).or_fail();
        Tensor::from_checked(idx, &dims)
    }
}
