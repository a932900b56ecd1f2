//! Indexing by tensors of positions along one axis: `gather` (PyTorch's:
//! `out[i][j][k] = x[i][index[i][j][k]][k]` along axis 1, the result of
//! the index's shape, each of its sizes at most the input's off the
//! axis), `take_along_dim` (PyTorch's: the input and the indices of the
//! same rank broadcast against each other on every axis but `axis`, the
//! result has the broadcast sizes there and the indices' size along
//! `axis`; NumPy's `take_along_axis` also broadcasts) and `index_select`
//! (whole slices along the axis, in the order of a list of positions;
//! NumPy's `take` with an axis).
//!
//! Positions are `usize`. A position past the axis is an error in
//! PyTorch's words (`index 5 is out of bounds for dimension 1 with size
//! 3`); for `gather` an index of another rank or a larger size is
//! [`ShapeError::Mismatch`], for `take_along_dim` another rank is
//! [`ShapeError::TakeAlongRank`] and sizes that do not broadcast
//! [`ShapeError::Broadcast`]: `try_` forms return them, the others panic
//! with them.
//!
//! ```
//! use shaped::{shape, Axis, DynTensor, Tensor};
//! let x = DynTensor::from_vec(vec![10, 11, 12, 20, 21, 22], &[2, 3]).unwrap();
//! let idx = DynTensor::from_vec(vec![2, 0, 1, 1], &[2, 2]).unwrap();
//! assert_eq!(x.try_gather(1, &idx).unwrap().to_vec(), vec![12, 10, 21, 21]);
//! assert_eq!(x.try_index_select(1, &[2, 2, 0]).unwrap().to_vec(), vec![12, 12, 10, 22, 22, 20]);
//! let t = Tensor::<f32, shape![2, 3]>::from_slice(&[3.0, 1.0, 2.0, 0.0, 5.0, 4.0]).unwrap();
//! let order = t.argsort(Axis::<1>, false);
//! let sorted: Tensor<f32, shape![2, 3]> = t.take_along_dim(&order, Axis::<1>);
//! assert_eq!(sorted.to_vec(), vec![1.0, 2.0, 3.0, 0.0, 4.0, 5.0]);
//! ```

use alloc::vec::Vec;

use super::broadcast::broadcast_data;
use crate::element::Element;
use crate::error::{OrFail, ShapeError};
use crate::kernel;
use crate::reduce::cumulative::axis_of_mask;
use crate::reduce::lanes::{Along, axis_of, resized, take_lanes};
use crate::shape::axes::OneAxis;
use crate::shape::axis::AxisArg;
use crate::shape::broadcast::{Broadcast, BroadcastWith, broadcast_pair};
use crate::shape::list::{Cons, Layout, Nil};
use crate::shape::narrow::{NarrowDyn, NarrowedDyn};
use crate::shape::toolkit::{KeepDims, ReduceAxes};
use crate::tensor::{DynTensor, Tensor};

/// A layout of the rank of `S`: the bound of a static `take_along_dim`
/// on its indices (PyTorch broadcasts the input and the indices but
/// never adds dimensions), so that indices of another rank do not
/// compile. The indices' layout is `Self`, as in
/// [`RhsOf`](crate::ops::RhsOf): rustc sets a bound on a type it does not
/// know yet aside until it does, rather than guessing it from the impls.
///
/// ```
/// use shaped::search::gather::SameRank;
/// use shaped::{shape, Layout};
/// fn same<S: Layout, R: SameRank<S>>() {}
/// same::<shape![2, 3], shape![1, 4]>();
/// ```
pub trait SameRank<S: Layout>: Layout {}
impl<R: Layout, S: Layout> SameRank<S> for R where (S::List, R::List): RanksMatch<S::List, R::List> {}

/// The two lists of the pair `Self` (the rests of the full lists `XS`
/// and `IS`) have the same length: [`SameRank`]'s check. A pair, with an
/// impl for every pair of kinds of list (the two of different lengths
/// require [`RankMismatch`], which none has), so that rustc matches both
/// lists against each impl rather than inferring one from the other, and
/// reports the failure with both layouts.
#[diagnostic::on_unimplemented(
    message = "take_along_dim needs indices of the input's rank: the input has the dimensions `{XS}`, the indices `{IS}`",
    label = "indices of another rank than the input (PyTorch broadcasts them, but never adds dimensions)"
)]
pub trait RanksMatch<XS, IS> {}
impl<XS, IS> RanksMatch<XS, IS> for (Nil, Nil) {}
impl<A, T, B, U, XS, IS> RanksMatch<XS, IS> for (Cons<A, T>, Cons<B, U>) where
    (T, U): RanksMatch<XS, IS>
{
}
impl<A, T, XS, IS> RanksMatch<XS, IS> for (Cons<A, T>, Nil) where (): RankMismatch<XS, IS> {}
impl<B, U, XS, IS> RanksMatch<XS, IS> for (Nil, Cons<B, U>) where (): RankMismatch<XS, IS> {}

/// Implemented for nothing: the error of [`RanksMatch`] for lists of
/// different lengths, naming the input's and the indices' dimensions.
#[diagnostic::on_unimplemented(
    message = "take_along_dim needs indices of the input's rank: the input has the dimensions `{XS}`, the indices `{IS}`",
    label = "indices of another rank than the input (PyTorch broadcasts them, but never adds dimensions)"
)]
pub trait RankMismatch<XS, IS> {}

/// The layout of a static `take_along_dim` of a tensor of layout `S`
/// along `A` by indices of layout `R`: `S` with the axis `A` of size 1,
/// broadcast with `R` (the indices' size along `A`, the broadcast sizes
/// off it).
pub type TakenAlong<S, A, R> = Broadcast<KeepDims<S, A>, R>;

/// PyTorch's error for position `i` along `axis` of `shape`.
fn out_of_bounds(shape: &[usize], axis: usize, i: usize) -> ShapeError {
    ShapeError::IndexOutOfRange {
        shape: shape.to_vec(),
        axis,
        index: isize::try_from(i).unwrap_or(isize::MAX),
    }
}

/// `gather` of `x` (sizes `dims`) along `axis` by `idx` (sizes
/// `idims`); with `exact`, the sizes off the axis must be equal.
pub(crate) fn gather_along<T: Copy>(
    x: &[T],
    dims: &[usize],
    axis: usize,
    idx: &[usize],
    idims: &[usize],
    exact: bool,
) -> Result<Vec<T>, ShapeError> {
    let fits = idims.len() == dims.len()
        && idims
            .iter()
            .zip(dims)
            .enumerate()
            .all(|(d, (&i, &s))| d == axis || if exact { i == s } else { i <= s });
    if !fits {
        return Err(ShapeError::Mismatch {
            expected: resized(dims, axis, usize::MAX),
            got: idims.to_vec(),
        });
    }
    let a = Along::new(dims, axis);
    if let Some(&bad) = idx.iter().find(|&&i| i >= a.len) {
        return Err(out_of_bounds(dims, axis, bad));
    }
    let same_off_axis = idims
        .iter()
        .zip(dims)
        .enumerate()
        .all(|(d, (&i, &s))| d == axis || i == s);
    if same_off_axis {
        let m = idims.get(axis).copied().unwrap_or(1);
        return Ok(take_lanes(x, a, idx, m));
    }
    // Smaller sizes off the axis: walk the index's positions, the
    // input's offset from its strides.
    let strides = kernel::strides(dims);
    let mut pos = alloc::vec![0usize; idims.len()];
    let mut out = Vec::with_capacity(idx.len());
    for &i in idx {
        let off: usize = pos
            .iter()
            .enumerate()
            .map(|(d, &p)| if d == axis { i } else { p } * strides[d])
            .sum();
        out.push(x[off]);
        for d in (0..idims.len()).rev() {
            pos[d] += 1;
            if pos[d] < idims[d] {
                break;
            }
            pos[d] = 0;
        }
    }
    Ok(out)
}

/// `take_along_dim` of `x` (sizes `dims`) along `axis` by `idx` (sizes
/// `idims`), PyTorch's rule: the same rank, the sizes off `axis`
/// broadcast; the result and its sizes.
fn take_along<T: Element>(
    x: &[T],
    dims: &[usize],
    axis: impl AxisArg,
    idx: &[usize],
    idims: &[usize],
) -> Result<(Vec<T>, Vec<usize>), ShapeError> {
    // PyTorch's order: the ranks, then the axis, then the sizes.
    if idims.len() != dims.len() {
        return Err(ShapeError::TakeAlongRank {
            input: dims.to_vec(),
            indices: idims.to_vec(),
        });
    }
    let axis = axis_of(dims, axis)?;
    if dims.is_empty() {
        // Rank 0: one element, at position 0 of its one-element "axis".
        return Ok((gather_along(x, &[1], 0, idx, &[1], true)?, Vec::new()));
    }
    // The input with the indices' size along `axis`, broadcast with the
    // indices (PyTorch's `infer_size(self_sizes, indices.sizes())`).
    let out = broadcast_pair(&resized(dims, axis, idims[axis]), idims)?;
    if out == idims && resized(&out, axis, dims[axis]) == dims {
        // Nothing to broadcast: NumPy's `take_along_axis` case.
        return Ok((gather_along(x, dims, axis, idx, idims, true)?, out));
    }
    let xdims = resized(&out, axis, dims[axis]);
    let xb = broadcast_data(x, dims, &xdims, T::zero())?;
    let ib = broadcast_data(idx, idims, &out, 0)?;
    Ok((gather_along(&xb, &xdims, axis, &ib, &out, true)?, out))
}

/// `index_select` of `x` (sizes `dims`) along `axis`: the result and its
/// sizes.
fn select_along<T: Copy>(
    x: &[T],
    dims: &[usize],
    axis: usize,
    positions: &[usize],
) -> Result<(Vec<T>, Vec<usize>), ShapeError> {
    let a = Along::new(dims, axis);
    if dims.is_empty() && positions.len() != 1 {
        // A scalar's result stays rank 0, so it has exactly one element.
        return Err(ShapeError::ScalarIndexCount {
            count: positions.len(),
        });
    }
    if let Some(&bad) = positions.iter().find(|&&i| i >= a.len) {
        return Err(out_of_bounds(dims, axis, bad));
    }
    let out_dims = resized(dims, axis, positions.len());
    // The result's own sizes: more positions than the axis has can break
    // the size policy even when the result is empty.
    let n = crate::error::checked_numel::<T>(&out_dims)?;
    let mut out = crate::error::try_vec(n, &out_dims)?;
    for group in x.chunks_exact((a.len * a.inner).max(1)).take(a.outer) {
        for &p in positions {
            out.extend_from_slice(&group[p * a.inner..(p + 1) * a.inner]);
        }
    }
    Ok((out, out_dims))
}

impl<T: Element> DynTensor<T> {
    /// PyTorch's `gather(dim, index)`: along `axis`, the element at each
    /// of `index`'s positions; the result has `index`'s shape.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let x = DynTensor::<i32>::arange(6).reshape(&[2, 3]).unwrap();
    /// let idx = DynTensor::from_vec(vec![1, 0], &[1, 2]).unwrap();
    /// assert_eq!(x.try_gather(0, &idx).unwrap().to_vec(), vec![3, 1]);
    /// let bad = DynTensor::from_vec(vec![5], &[1, 1]).unwrap();
    /// assert_eq!(
    ///     x.try_gather(1, &bad).unwrap_err().to_string().lines().next().unwrap(),
    ///     "index 5 is out of bounds for dimension 1 with size 3"
    /// );
    /// ```
    pub fn try_gather(
        &self,
        axis: impl AxisArg,
        index: &DynTensor<usize>,
    ) -> Result<DynTensor<T>, ShapeError> {
        let k = axis_of(self.shape(), axis)?;
        let out = gather_along(
            self.as_slice(),
            self.shape(),
            k,
            index.as_slice(),
            index.shape(),
            false,
        )?;
        Ok(DynTensor::from_parts(out, index.shape()))
    }

    /// [`try_gather`](Self::try_gather), panicking with its error.
    #[track_caller]
    pub fn gather(&self, axis: impl AxisArg, index: &DynTensor<usize>) -> DynTensor<T> {
        self.try_gather(axis, index).or_fail()
    }

    /// PyTorch's `take_along_dim(indices, dim)`: [`gather`] after
    /// broadcasting this tensor and `indices` (of the same rank) against
    /// each other on every axis but `axis`; the result has the broadcast
    /// sizes there and `indices`' size along `axis`. The values of an
    /// `argsort`, or of an `argmax` with `keepdim`, are such indices.
    /// Errors in PyTorch's words: another rank
    /// ([`ShapeError::TakeAlongRank`]), sizes that do not broadcast, a
    /// position past the axis.
    ///
    /// [`gather`]: Self::try_gather
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let x = DynTensor::from_vec(vec![3, 1, 2], &[1, 3]).unwrap();
    /// let i = x.argsort(1, true);
    /// assert_eq!(x.try_take_along_dim(&i, 1).unwrap().to_vec(), vec![3, 2, 1]);
    /// // One row of positions for both rows of a [2, 3] input.
    /// let y = DynTensor::from_vec(vec![10, 11, 12, 20, 21, 22], &[2, 3]).unwrap();
    /// let first_last = DynTensor::from_vec(vec![0, 2], &[1, 2]).unwrap();
    /// let r = y.try_take_along_dim(&first_last, 1).unwrap();
    /// assert_eq!((r.shape(), r.to_vec()), (&[2, 2][..], vec![10, 12, 20, 22]));
    /// ```
    pub fn try_take_along_dim(
        &self,
        indices: &DynTensor<usize>,
        axis: impl AxisArg,
    ) -> Result<DynTensor<T>, ShapeError> {
        let (out, dims) = take_along(
            self.as_slice(),
            self.shape(),
            axis,
            indices.as_slice(),
            indices.shape(),
        )?;
        Ok(DynTensor::from_parts(out, &dims))
    }

    /// [`try_take_along_dim`](Self::try_take_along_dim), panicking with
    /// its error.
    #[track_caller]
    pub fn take_along_dim(&self, indices: &DynTensor<usize>, axis: impl AxisArg) -> DynTensor<T> {
        self.try_take_along_dim(indices, axis).or_fail()
    }

    /// PyTorch's `index_select(dim, index)`: the slices at `positions`
    /// along `axis`, in that order (repeats allowed). The names stay. A
    /// rank-0 tensor takes exactly one position, 0, and gives itself
    /// (other counts are [`ShapeError::ScalarIndexCount`], as in PyTorch).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let x = DynTensor::<i32>::arange(6).reshape(&[3, 2]).unwrap();
    /// let y = x.try_index_select(0, &[2, 0]).unwrap();
    /// assert_eq!((y.shape(), y.to_vec()), (&[2, 2][..], vec![4, 5, 0, 1]));
    /// assert!(x.try_index_select(0, &[3]).is_err());
    /// ```
    pub fn try_index_select(
        &self,
        axis: impl AxisArg,
        positions: &[usize],
    ) -> Result<DynTensor<T>, ShapeError> {
        let k = axis_of(self.shape(), axis)?;
        let (out, dims) = select_along(self.as_slice(), self.shape(), k, positions)?;
        let mut out = DynTensor::from_parts(out, &dims);
        out.names.clone_from(&self.names);
        Ok(out)
    }

    /// [`try_index_select`](Self::try_index_select), panicking with its
    /// error.
    #[track_caller]
    pub fn index_select(&self, axis: impl AxisArg, positions: &[usize]) -> DynTensor<T> {
        self.try_index_select(axis, positions).or_fail()
    }
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// [`DynTensor::try_gather`] along the axis `A`: the result has the
    /// index's layout.
    pub fn try_gather<A: OneAxis, R: Layout>(
        &self,
        _axis: A,
        index: &Tensor<usize, R>,
    ) -> Result<Tensor<T, R>, ShapeError>
    where
        S: ReduceAxes<A>,
    {
        let k = axis_of_mask(<S as ReduceAxes<A>>::MASK);
        let idims = index.shape();
        let out = gather_along(
            self.as_slice(),
            &self.shape(),
            k,
            index.as_slice(),
            &idims,
            false,
        )?;
        Ok(Tensor::from_checked(out, &idims))
    }

    /// [`try_gather`](Self::try_gather), panicking with its error.
    ///
    /// ```
    /// use shaped::{shape, Axis, Tensor};
    /// let x = Tensor::<i32, shape![2, 3]>::arange();
    /// let idx = Tensor::<usize, shape![2, 1]>::from_slice(&[2, 0]).unwrap();
    /// let g: Tensor<i32, shape![2, 1]> = x.gather(Axis::<1>, &idx);
    /// assert_eq!(g.to_vec(), vec![2, 3]);
    /// ```
    #[track_caller]
    pub fn gather<A: OneAxis, R: Layout>(&self, axis: A, index: &Tensor<usize, R>) -> Tensor<T, R>
    where
        S: ReduceAxes<A>,
    {
        self.try_gather(axis, index).or_fail()
    }

    /// [`DynTensor::try_take_along_dim`] along the axis `A`: the result's
    /// layout is this one's with the axis `A` of size 1, broadcast with
    /// the indices' ([`TakenAlong<S, A, R>`]), so the indices'
    /// size along `A` and the broadcast sizes off it, computed by the
    /// compiler where they are static. The ranks must be equal
    /// ([`SameRank`]) and static sizes broadcast, or it does not compile;
    /// `Dyn` sizes that do not broadcast are the runtime form's error.
    pub fn try_take_along_dim<A: OneAxis, R>(
        &self,
        indices: &Tensor<usize, R>,
        _axis: A,
    ) -> Result<Tensor<T, TakenAlong<S, A, R>>, ShapeError>
    where
        S: ReduceAxes<A>,
        R: SameRank<S>,
        KeepDims<S, A>: BroadcastWith<R>,
    {
        let k = axis_of_mask(<S as ReduceAxes<A>>::MASK);
        let (out, dims) = take_along(
            self.as_slice(),
            &self.shape(),
            k,
            indices.as_slice(),
            &indices.shape(),
        )?;
        Ok(Tensor::from_checked(out, &dims))
    }

    /// [`try_take_along_dim`](Self::try_take_along_dim), panicking with
    /// its error.
    #[track_caller]
    pub fn take_along_dim<A: OneAxis, R>(
        &self,
        indices: &Tensor<usize, R>,
        axis: A,
    ) -> Tensor<T, TakenAlong<S, A, R>>
    where
        S: ReduceAxes<A>,
        R: SameRank<S>,
        KeepDims<S, A>: BroadcastWith<R>,
    {
        self.try_take_along_dim(indices, axis).or_fail()
    }

    /// [`DynTensor::try_index_select`] along the axis `A`, which becomes
    /// `Dyn`.
    pub fn try_index_select<A>(
        &self,
        _axis: A,
        positions: &[usize],
    ) -> Result<Tensor<T, NarrowedDyn<S, A>>, ShapeError>
    where
        S: NarrowDyn<A>,
    {
        let k = <S as NarrowDyn<A>>::AXIS;
        let (out, dims) = select_along(self.as_slice(), &self.shape(), k, positions)?;
        Ok(Tensor::from_checked(out, &dims))
    }

    /// [`try_index_select`](Self::try_index_select), panicking with its
    /// error.
    ///
    /// ```
    /// use shaped::{shape, Axis, Dyn, Tensor};
    /// let x = Tensor::<i32, shape![3, 2]>::arange();
    /// let y: Tensor<i32, shape![Dyn, 2]> = x.index_select(Axis::<0>, &[1, 1]);
    /// assert_eq!(y.to_vec(), vec![2, 3, 2, 3]);
    /// ```
    #[track_caller]
    pub fn index_select<A>(&self, axis: A, positions: &[usize]) -> Tensor<T, NarrowedDyn<S, A>>
    where
        S: NarrowDyn<A>,
    {
        self.try_index_select(axis, positions).or_fail()
    }
}
