//! Tensors built from a function of each element's position, on all three
//! kinds, in one spelling: `from_fn` takes the flat (row-major) index,
//! `from_fn_index` the multi-index — an array `[usize; RANK]` where the
//! rank is static (static and mixed layouts), a slice at run time. The
//! function is called once per element, in row-major order. Mixed and
//! runtime tensors take their sizes first, as `full` does; a `try_` form
//! returns the error where the other panics.

use alloc::vec::Vec;

use crate::element::Element;
use crate::error::{ShapeError, checked_numel, vec_for};
use crate::shape::axes::{MultiIndex, RankIndex};
use crate::shape::broadcast::ReverseOnto;
use crate::shape::list::{Dims, Nil, Shape};
use crate::shape::mixed::{DimList, Mixed};
use crate::tensor::Tensor;
use crate::tensor::dyn_tensor::DynTensor;

/// Steps the row-major multi-index `idx` within `dims` to the next element.
#[inline(always)]
fn advance(idx: &mut [usize], dims: &[usize]) {
    for k in (0..idx.len()).rev() {
        idx[k] += 1;
        if idx[k] < dims[k] {
            return;
        }
        idx[k] = 0;
    }
}

/// The elements `f(idx)` for every multi-index of `dims`, row-major (`n` of
/// them, the element count the caller has checked), pushed onto `out`
/// (allocated fallibly by the caller).
fn by_index<T>(
    dims: &[usize],
    n: usize,
    mut out: Vec<T>,
    mut f: impl FnMut(&[usize]) -> T,
) -> Vec<T> {
    let mut idx = Dims::from_slice(dims);
    idx.as_mut_slice().fill(0);
    for _ in 0..n {
        out.push(f(idx.as_slice()));
        advance(idx.as_mut_slice(), dims);
    }
    out
}

impl<T: Element, S: Shape> Tensor<T, S> {
    /// A tensor whose element at multi-index `[i, j, ..]` is `f([i, j, ..])`;
    /// the index is an array of the shape's rank, so that it can be taken
    /// apart in the closure's pattern. [`from_fn`](Self::from_fn) passes the
    /// flat index instead.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let t = Tensor::<u32, shape![2, 3]>::from_fn_index(|[i, j]| (10 * i + j) as u32);
    /// assert_eq!(t.as_slice(), &[0, 1, 2, 10, 11, 12]);
    /// ```
    #[inline]
    pub fn from_fn_index(mut f: impl FnMut(MultiIndex<S>) -> T) -> Self
    where
        S: RankIndex,
    {
        let dims = S::DIMS;
        let mut idx = dims;
        idx.as_mut_slice().fill(0);
        Self::from_fn(|_| {
            let x = f(S::index_from(idx.as_slice()));
            advance(idx.as_mut_slice(), dims.as_slice());
            x
        })
    }
}

impl<T: Element, L: DimList + ReverseOnto<Nil>> Tensor<T, Mixed<L>> {
    /// The sizes of the layout given those of its `Dyn` dimensions, and the
    /// element count; the error of [`try_full_sized`](Self::try_full_sized) otherwise.
    fn sized(dyn_sizes: &[usize]) -> Result<(Dims, usize), ShapeError> {
        let dims = super::mixed::fill::<L>(dyn_sizes)?;
        let n = checked_numel::<T>(&dims)?;
        Ok((dims, n))
    }

    /// A tensor whose element at flat (row-major) index `k` is `f(k)`, the
    /// `Dyn` dimensions sized by `dyn_sizes`; the errors of
    /// [`try_full_sized`](Self::try_full_sized).
    ///
    /// ```
    /// use shaped::{shape, Dyn, Tensor};
    /// let t = Tensor::<i32, shape![Dyn, 2]>::try_from_fn_sized(&[2], |k| k as i32 * 5).unwrap();
    /// assert_eq!(t.to_vec(), vec![0, 5, 10, 15]);
    /// ```
    pub fn try_from_fn_sized(
        dyn_sizes: &[usize],
        f: impl FnMut(usize) -> T,
    ) -> Result<Self, ShapeError> {
        let (dims, n) = Self::sized(dyn_sizes)?;
        let mut data = vec_for::<T>(&dims)?;
        data.extend((0..n).map(f));
        Self::from_vec(data, dyn_sizes)
    }

    /// [`try_from_fn_sized`](Self::try_from_fn_sized), panicking with the error's message.
    #[track_caller]
    pub fn from_fn_sized(dyn_sizes: &[usize], f: impl FnMut(usize) -> T) -> Self {
        match Self::try_from_fn_sized(dyn_sizes, f) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }

    /// A tensor whose element at multi-index `[i, j, ..]` is
    /// `f([i, j, ..])` (an array: the rank is static), the `Dyn` dimensions
    /// sized by `dyn_sizes`; the errors of [`try_full_sized`](Self::try_full_sized).
    ///
    /// ```
    /// use shaped::{shape, Dyn, Tensor};
    /// let t = Tensor::<usize, shape![Dyn, 3]>::try_from_fn_index_sized(&[2], |[i, j]| 10 * i + j).unwrap();
    /// assert_eq!(t.to_vec(), vec![0, 1, 2, 10, 11, 12]);
    /// ```
    pub fn try_from_fn_index_sized(
        dyn_sizes: &[usize],
        mut f: impl FnMut(MultiIndex<Mixed<L>>) -> T,
    ) -> Result<Self, ShapeError>
    where
        Mixed<L>: RankIndex,
    {
        let (dims, n) = Self::sized(dyn_sizes)?;
        let out = vec_for::<T>(&dims)?;
        let data = by_index(&dims, n, out, |idx| f(<Mixed<L>>::index_from(idx)));
        Self::from_vec(data, dyn_sizes)
    }

    /// [`try_from_fn_index_sized`](Self::try_from_fn_index_sized), panicking with the
    /// error's message.
    #[track_caller]
    pub fn from_fn_index_sized(
        dyn_sizes: &[usize],
        f: impl FnMut(MultiIndex<Mixed<L>>) -> T,
    ) -> Self
    where
        Mixed<L>: RankIndex,
    {
        match Self::try_from_fn_index_sized(dyn_sizes, f) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }
}

impl<T: Element> DynTensor<T> {
    /// A tensor of `shape` whose element at flat (row-major) index `k` is
    /// `f(k)`; the errors of [`try_full`](Self::try_full).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::try_from_fn(&[2, 2], |k| k as f32).unwrap();
    /// assert_eq!(t.to_vec(), vec![0.0, 1.0, 2.0, 3.0]);
    /// ```
    pub fn try_from_fn(shape: &[usize], f: impl FnMut(usize) -> T) -> Result<Self, ShapeError> {
        let n = checked_numel::<T>(shape)?;
        let mut data = vec_for::<T>(shape)?;
        data.extend((0..n).map(f));
        Ok(DynTensor::from_parts(data, shape))
    }

    /// [`try_from_fn`](Self::try_from_fn), panicking with the error's message.
    #[track_caller]
    pub fn from_fn(shape: &[usize], f: impl FnMut(usize) -> T) -> Self {
        match Self::try_from_fn(shape, f) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }

    /// A tensor of `shape` whose element at multi-index `idx` is `f(idx)`
    /// (a slice as long as the rank); the errors of
    /// [`try_full`](Self::try_full).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::try_from_fn_index(&[2, 3], |idx| 10 * idx[0] + idx[1]).unwrap();
    /// assert_eq!(t.to_vec(), vec![0, 1, 2, 10, 11, 12]);
    /// ```
    pub fn try_from_fn_index(
        shape: &[usize],
        f: impl FnMut(&[usize]) -> T,
    ) -> Result<Self, ShapeError> {
        let n = checked_numel::<T>(shape)?;
        let out = vec_for::<T>(shape)?;
        Ok(DynTensor::from_parts(by_index(shape, n, out, f), shape))
    }

    /// [`try_from_fn_index`](Self::try_from_fn_index), panicking with the
    /// error's message.
    #[track_caller]
    pub fn from_fn_index(shape: &[usize], f: impl FnMut(&[usize]) -> T) -> Self {
        match Self::try_from_fn_index(shape, f) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }
}
