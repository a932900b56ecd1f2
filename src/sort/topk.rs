//! `topk`: the `k` largest (or smallest) elements along one axis and
//! their positions, largest first (PyTorch's `topk(k, dim, largest,
//! sorted=True)`; NaN counts as the largest, as in PyTorch; equal
//! elements in their order). `k` larger than the axis is an error: the
//! `try_` form returns it on a runtime tensor, the others panic with it.
//!
//! On a static or mixed tensor, [`topk!`](crate::topk!) with a literal
//! `k` gives the axis the static size `k` (and a `k` past a static axis
//! does not compile); `topk(k, axis, largest)` with a runtime `k` makes
//! the axis `Dyn`.
//!
//! ```
//! use shaped::{shape, topk, Axis, Dyn, DynTensor, Tensor};
//! let scores = Tensor::<f32, shape![Dyn, 5]>::from_vec(
//!     vec![0.1, 0.7, 0.2, 0.9, 0.0, 1.0, 3.0, 2.0, 0.5, 0.4], &[2]).unwrap();
//! let (best, at): (Tensor<f32, shape![Dyn, 2]>, Tensor<usize, shape![Dyn, 2]>) =
//!     topk!(scores, 2, Axis::<1>);
//! assert_eq!((best.to_vec(), at.to_vec()), (vec![0.9, 0.7, 3.0, 2.0], vec![3, 1, 1, 2]));
//! let d = DynTensor::from_vec(vec![4, 1, 3], &[3]).unwrap();
//! let (low, _) = d.try_topk(2, 0, false).unwrap();
//! assert_eq!(low.to_vec(), vec![1, 3]);
//! assert_eq!(
//!     d.try_topk(4, 0, true).unwrap_err().to_string().lines().next().unwrap(),
//!     "start (0) + length (4) exceeds dimension size (3)."
//! );
//! ```

use super::argsort::sort_along;
use super::key::SortKey;
use crate::error::{OrFail, ShapeError};
use crate::reduce::lanes::{Along, axis_of, resized};
use crate::shape::axis::AxisArg;
use crate::shape::dim::AnyDim;
use crate::shape::list::Layout;
use crate::shape::narrow::{NarrowDyn, NarrowStatic, NarrowedDyn, NarrowedStatic};
use crate::tensor::{DynTensor, Tensor};

/// The `k` first of each lane of `x` (sizes `dims`) along `axis` in the
/// order `largest` asks for: values, positions and the result's sizes.
#[allow(clippy::type_complexity)]
fn topk_along<T: SortKey>(
    x: &[T],
    dims: &[usize],
    axis: usize,
    k: usize,
    largest: bool,
) -> Result<
    (
        alloc::vec::Vec<T>,
        alloc::vec::Vec<usize>,
        alloc::vec::Vec<usize>,
    ),
    ShapeError,
> {
    let a = Along::new(dims, axis);
    if k > a.len {
        return Err(ShapeError::NarrowOutOfRange {
            shape: dims.to_vec(),
            axis,
            start: 0,
            length: k,
        });
    }
    if dims.is_empty() {
        // A rank-0 result holds one element whatever `k` (0 or 1) is:
        // PyTorch returns the scalar and position 0 for both.
        return Ok((x.to_vec(), alloc::vec![0], alloc::vec::Vec::new()));
    }
    let (values, idx) = sort_along(x, a, k, largest)?;
    Ok((values, idx, resized(dims, axis, k)))
}

impl<T: SortKey> DynTensor<T> {
    /// The `k` largest elements along `axis` (smallest unless `largest`)
    /// and their positions, in that order; an error if `k` exceeds the
    /// axis or the axis is out of range. The names stay. A rank-0 tensor
    /// counts as one element along axis 0: `k` of 0 or 1 gives the scalar
    /// itself and position 0, both of rank 0 (PyTorch's rule).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![1.0, f64::NAN, 3.0, 2.0], &[2, 2]).unwrap();
    /// let (v, i) = t.try_topk(1, 1, true).unwrap();
    /// assert_eq!((v.shape(), i.to_vec()), (&[2, 1][..], vec![1, 0]));
    /// assert!(v.to_vec()[0].is_nan());
    /// ```
    pub fn try_topk(
        &self,
        k: usize,
        axis: impl AxisArg,
        largest: bool,
    ) -> Result<(DynTensor<T>, DynTensor<usize>), ShapeError> {
        let ax = axis_of(self.shape(), axis)?;
        let (v, i, dims) = topk_along(self.as_slice(), self.shape(), ax, k, largest)?;
        let (mut v, mut i) = (
            DynTensor::from_parts(v, &dims),
            DynTensor::from_parts(i, &dims),
        );
        v.names.clone_from(&self.names);
        i.names.clone_from(&self.names);
        Ok((v, i))
    }

    /// [`try_topk`](Self::try_topk), panicking with its error.
    #[track_caller]
    pub fn topk(
        &self,
        k: usize,
        axis: impl AxisArg,
        largest: bool,
    ) -> (DynTensor<T>, DynTensor<usize>) {
        self.try_topk(k, axis, largest).or_fail()
    }
}

impl<T: SortKey, S: Layout> Tensor<T, S> {
    /// [`DynTensor::topk`] along the axis `A` with a runtime `k`: that
    /// axis becomes `Dyn`. Panics if `k` exceeds it.
    ///
    /// ```
    /// use shaped::{shape, Axis, Dyn, Tensor};
    /// let t = Tensor::<i32, shape![2, 3]>::from_slice(&[5, 1, 4, 0, 9, 2]).unwrap();
    /// let (v, _): (Tensor<i32, shape![2, Dyn]>, _) = t.topk(2, Axis::<1>, true);
    /// assert_eq!(v.to_vec(), vec![5, 4, 9, 2]);
    /// ```
    #[track_caller]
    #[allow(clippy::type_complexity)]
    pub fn topk<A>(
        &self,
        k: usize,
        _axis: A,
        largest: bool,
    ) -> (
        Tensor<T, NarrowedDyn<S, A>>,
        Tensor<usize, NarrowedDyn<S, A>>,
    )
    where
        S: NarrowDyn<A>,
    {
        let ax = <S as NarrowDyn<A>>::AXIS;
        let (v, i, dims) = topk_along(self.as_slice(), &self.shape(), ax, k, largest).or_fail();
        (
            Tensor::from_checked(v, &dims),
            Tensor::from_checked(i, &dims),
        )
    }

    /// `topk` with `K` known at compile time, the axis given the static
    /// size `K` (`X` is its dimension type): what [`topk!`](crate::topk!)
    /// expands to. Past the end of a static axis it does not compile; a
    /// `Big` or `Dyn` axis is checked when it runs.
    #[doc(hidden)]
    #[track_caller]
    #[allow(clippy::type_complexity)]
    pub fn topk_static<A, const K: usize, X: AnyDim>(
        &self,
        _axis: A,
        largest: bool,
    ) -> (
        Tensor<T, NarrowedStatic<S, A, 0, K, X>>,
        Tensor<usize, NarrowedStatic<S, A, 0, K, X>>,
    )
    where
        S: NarrowStatic<A, 0, K, X>,
    {
        const { assert!(X::SIZE == K, "the dimension type does not match k") };
        let ax = <S as NarrowStatic<A, 0, K, X>>::AXIS;
        let (v, i, dims) = topk_along(self.as_slice(), &self.shape(), ax, K, largest).or_fail();
        (
            Tensor::from_checked(v, &dims),
            Tensor::from_checked(i, &dims),
        )
    }
}

/// The `k` largest elements along an axis of a static or mixed tensor and
/// their positions, `k` a literal: the axis gets the static size `k`, and
/// a `k` past a static axis does not compile. `topk!(t, k, axis)` is
/// PyTorch's `t.topk(k, dim)`; `topk!(t, k, axis, false)` gives the
/// smallest.
///
/// ```
/// use shaped::{shape, topk, Axis, Tensor};
/// let t = Tensor::<i32, shape![2, 4]>::from_slice(&[5, 1, 4, 8, 0, 9, 2, 2]).unwrap();
/// let (v, i): (Tensor<i32, shape![2, 3]>, Tensor<usize, shape![2, 3]>) = topk!(t, 3, Axis::<1>);
/// assert_eq!((v.to_vec(), i.to_vec()), (vec![8, 5, 4, 9, 2, 2], vec![3, 0, 2, 1, 2, 3]));
/// let (low, _): (Tensor<i32, shape![1, 4]>, _) = topk!(t, 1, Axis::<0>, false);
/// assert_eq!(low.to_vec(), vec![0, 1, 2, 2]);
/// ```
///
/// ```compile_fail
/// use shaped::{shape, topk, Axis, Tensor};
/// let t = Tensor::<i32, shape![2, 4]>::zeros();
/// let _ = topk!(t, 5, Axis::<1>); // error: 5 positions from 0 exceed the size 4
/// ```
#[macro_export]
macro_rules! topk {
    ($t:expr, $k:literal, $axis:expr) => {
        $t.topk_static::<_, $k, $crate::dim!($k)>($axis, true)
    };
    ($t:expr, $k:literal, $axis:expr, $largest:expr) => {
        $t.topk_static::<_, $k, $crate::dim!($k)>($axis, $largest)
    };
}
