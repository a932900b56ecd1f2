//! Conversions between tensors and [`ndarray`]'s arrays (the
//! `ndarray` feature).
//!
//! | from | to | cost |
//! |---|---|---|
//! | `&Tensor<T, S>` | `ArrayView<T, IxN>` ([`as_array_view`](crate::Tensor::as_array_view)) | none: a view of the tensor's elements |
//! | `&mut Tensor<T, S>` | `ArrayViewMut<T, IxN>` ([`as_array_view_mut`](crate::Tensor::as_array_view_mut)) | none |
//! | `Tensor<T, S>` | `Array<T, IxN>` (`From`, [`into_array`](crate::Tensor::into_array)) | none for tensors on the heap; tensors of at most 1024 elements live inline and are copied once |
//! | `&DynTensor<T>` / `DynTensor<T>` | `ArrayViewD<T>` / `ArrayD<T>` | none |
//! | `Array<T, D>` | `Tensor<T, S>`, `DynTensor<T>` (`TryFrom`) | none for arrays in standard (row-major) layout (a static or mixed tensor's boxed storage sheds any spare capacity of the buffer, which allocators usually do in place); others are copied once into row-major order |
//! | `ArrayView<T, D>` | `Tensor<T, S>`, `DynTensor<T>` (`TryFrom`) | one copy (a tensor owns its elements) |
//!
//! `IxN` is the fixed dimension type of the tensor's rank ([`Ix2`](type@Ix2)
//! for `shape![4, 3]` and for `shape![Dyn, 3]`), up to rank 6; higher ranks
//! and runtime tensors use [`IxDyn`](type@IxDyn). Conversions into a
//! static or mixed tensor check the array's shape and fail with
//! [`ShapeError::Mismatch`] before touching any element. ndarray has no
//! dimension names: converting a named tensor drops its names.
//!
//! ```
//! use ndarray::{array, Array2, Ix2};
//! use shaped::{shape, Dyn, Tensor};
//!
//! let t = Tensor::<f64, shape![2, 3]>::arange();
//! let v = t.as_array_view();                  // ArrayView<f64, Ix2>, no copy
//! assert_eq!(v[[1, 2]], 5.0);
//! assert_eq!(v.sum_axis(ndarray::Axis(0)), array![3.0, 5.0, 7.0]);
//!
//! let a: Array2<f64> = array![[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]];
//! let m = Tensor::<f64, shape![Dyn, 2]>::try_from(a.clone()).unwrap();
//! assert_eq!(&*m.shape(), &[3, 2]);
//! assert!(Tensor::<f64, shape![2, 3]>::try_from(a).is_err());
//! ```

use alloc::vec::Vec;

use ::ndarray::{
    Array, ArrayD, ArrayView, ArrayViewD, ArrayViewMut, ArrayViewMutD, Dimension, Ix0, Ix1, Ix2,
    Ix3, Ix4, Ix5, Ix6, IxDyn,
};

use crate::{Cons, DynTensor, Element, Layout, Nil, ShapeError, Tensor};

/// The ndarray dimension type of a list of dimensions: `Ix0` to `Ix6` by
/// rank, `IxDyn` above. Implemented for every static and mixed shape's
/// [`Layout::List`]; see [`NdDim`].
pub trait NdRank {
    /// The dimension type.
    type Dim: Dimension;
}

impl NdRank for Nil {
    type Dim = Ix0;
}
impl<A> NdRank for Cons<A, Nil> {
    type Dim = Ix1;
}
impl<A, B> NdRank for Cons<A, Cons<B, Nil>> {
    type Dim = Ix2;
}
impl<A, B, C> NdRank for Cons<A, Cons<B, Cons<C, Nil>>> {
    type Dim = Ix3;
}
impl<A, B, C, D> NdRank for Cons<A, Cons<B, Cons<C, Cons<D, Nil>>>> {
    type Dim = Ix4;
}
impl<A, B, C, D, E> NdRank for Cons<A, Cons<B, Cons<C, Cons<D, Cons<E, Nil>>>>> {
    type Dim = Ix5;
}
impl<A, B, C, D, E, F> NdRank for Cons<A, Cons<B, Cons<C, Cons<D, Cons<E, Cons<F, Nil>>>>>> {
    type Dim = Ix6;
}
/// Rank 7 and above.
impl<A, B, C, D, E, F, G, R> NdRank
    for Cons<A, Cons<B, Cons<C, Cons<D, Cons<E, Cons<F, Cons<G, R>>>>>>>
{
    type Dim = IxDyn;
}

/// The ndarray dimension type of tensors of layout `S`: `NdDim<shape![4, 3]>`
/// and `NdDim<shape![Dyn, 3]>` are both [`Ix2`](type@Ix2).
pub type NdDim<S> = <<S as Layout>::List as NdRank>::Dim;

/// The ndarray dimension of sizes `dims` (whose count is `D`'s rank when `D`
/// is fixed).
fn nd_dim<D: Dimension>(dims: &[usize]) -> D {
    let mut d = D::zeros(dims.len());
    d.slice_mut().copy_from_slice(dims);
    d
}

/// A row-major view of `data`, whose length is the product of `dims`.
fn view<'a, T, D: Dimension>(data: &'a [T], dims: &[usize]) -> ArrayView<'a, T, D> {
    match ArrayView::from_shape(nd_dim::<D>(dims), data) {
        Ok(v) => v,
        Err(_) => unreachable!("a tensor's elements fill its shape"),
    }
}

/// A mutable row-major view of `data`, whose length is the product of `dims`.
fn view_mut<'a, T, D: Dimension>(data: &'a mut [T], dims: &[usize]) -> ArrayViewMut<'a, T, D> {
    match ArrayViewMut::from_shape(nd_dim::<D>(dims), data) {
        Ok(v) => v,
        Err(_) => unreachable!("a tensor's elements fill its shape"),
    }
}

/// An owned row-major array of `data`, whose length is the product of `dims`.
fn array<T, D: Dimension>(data: Vec<T>, dims: &[usize]) -> Array<T, D> {
    match Array::from_shape_vec(nd_dim::<D>(dims), data) {
        Ok(a) => a,
        Err(_) => unreachable!("a tensor's elements fill its shape"),
    }
}

/// The elements of `a` in row-major order: its own buffer when the array is
/// in standard layout (shifted in place if the array starts past the front
/// of it), a copy otherwise.
fn into_row_major<T: Copy, D: Dimension>(a: Array<T, D>) -> Vec<T> {
    if !a.is_standard_layout() {
        return a.iter().copied().collect();
    }
    let n = a.len();
    let (mut v, offset) = a.into_raw_vec_and_offset();
    let start = offset.unwrap_or(0);
    if n == 0 {
        v.clear();
    } else if start != 0 || v.len() != n {
        v.truncate(start + n);
        v.drain(..start);
    }
    v
}

/// The elements of `a` in row-major order, copied.
fn view_to_vec<T: Copy, D: Dimension>(a: &ArrayView<'_, T, D>) -> Vec<T> {
    match a.as_slice() {
        Some(s) => s.to_vec(),
        None => a.iter().copied().collect(),
    }
}

/// Checks that an array of sizes `dims` fits layout `S`.
fn check<S: Layout>(dims: &[usize]) -> Result<(), ShapeError> {
    match S::extents_for(dims) {
        Some(_) => Ok(()),
        None => Err(ShapeError::Mismatch {
            expected: S::TEMPLATE.to_vec(),
            got: dims.to_vec(),
        }),
    }
}

impl<T: Element, S: Layout> Tensor<T, S>
where
    S::List: NdRank,
{
    /// The tensor as an ndarray view of the dimension type of its rank,
    /// without copying (the `ndarray` feature).
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let t = Tensor::<i32, shape![2, 3]>::arange();
    /// let v: ndarray::ArrayView2<i32> = t.as_array_view();
    /// assert_eq!(v.t()[[2, 0]], 2); // ndarray's transpose, still no copy
    /// ```
    pub fn as_array_view(&self) -> ArrayView<'_, T, NdDim<S>> {
        let dims = self.shape();
        view(self.as_slice(), &dims)
    }

    /// The tensor as a mutable ndarray view, without copying (the `ndarray`
    /// feature): ndarray's operations write straight into the tensor.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let mut t = Tensor::<i32, shape![2, 3]>::zeros();
    /// t.as_array_view_mut().row_mut(1).fill(7);
    /// assert_eq!(t.as_slice(), &[0, 0, 0, 7, 7, 7]);
    /// ```
    pub fn as_array_view_mut(&mut self) -> ArrayViewMut<'_, T, NdDim<S>> {
        let dims = self.shape();
        view_mut(self.as_mut_slice(), &dims)
    }

    /// The tensor as an owned ndarray array (the `ndarray` feature). A
    /// tensor on the heap (more than 1024 elements, or a mixed shape) hands
    /// over its buffer without copying; a small inline one is copied.
    /// Dimension names are dropped.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let t = Tensor::<f32, shape![64, 64]>::ones();
    /// let a: ndarray::Array2<f32> = t.into_array();
    /// assert_eq!(a.dim(), (64, 64));
    /// ```
    pub fn into_array(self) -> Array<T, NdDim<S>> {
        let dims = self.shape();
        array(self.into_dyn().into_vec(), &dims)
    }
}

impl<'a, T: Element, S: Layout> From<&'a Tensor<T, S>> for ArrayView<'a, T, NdDim<S>>
where
    S::List: NdRank,
{
    /// See [`Tensor::as_array_view`].
    fn from(t: &'a Tensor<T, S>) -> Self {
        t.as_array_view()
    }
}

impl<'a, T: Element, S: Layout> From<&'a mut Tensor<T, S>> for ArrayViewMut<'a, T, NdDim<S>>
where
    S::List: NdRank,
{
    /// See [`Tensor::as_array_view_mut`].
    fn from(t: &'a mut Tensor<T, S>) -> Self {
        t.as_array_view_mut()
    }
}

impl<T: Element, S: Layout> From<Tensor<T, S>> for Array<T, NdDim<S>>
where
    S::List: NdRank,
{
    /// See [`Tensor::into_array`].
    fn from(t: Tensor<T, S>) -> Self {
        t.into_array()
    }
}

impl<T: Element> DynTensor<T> {
    /// The tensor as an ndarray view with a runtime rank, without copying
    /// (the `ndarray` feature).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![1, 2, 3, 4, 5, 6], &[3, 2]).unwrap();
    /// let v = t.as_array_view();
    /// assert_eq!(v.shape(), &[3, 2]);
    /// assert_eq!(v[[2, 0]], 5);
    /// ```
    pub fn as_array_view(&self) -> ArrayViewD<'_, T> {
        view(self.as_slice(), self.shape())
    }

    /// The tensor as a mutable ndarray view, without copying (the `ndarray`
    /// feature).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let mut t = DynTensor::<i32>::zeros(&[2, 2]);
    /// t.as_array_view_mut()[[0, 1]] = 5;
    /// assert_eq!(t.to_vec(), vec![0, 5, 0, 0]);
    /// ```
    pub fn as_array_view_mut(&mut self) -> ArrayViewMutD<'_, T> {
        let dims = self.shape().to_vec();
        view_mut(self.as_mut_slice(), &dims)
    }

    /// The tensor as an owned ndarray array, handing over its buffer
    /// without copying (the `ndarray` feature); a small tensor, whose
    /// elements are inline, is copied. Dimension names are dropped.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let a = DynTensor::<u8>::arange(6).reshape(&[2, 3]).unwrap().into_array();
    /// assert_eq!(a, ndarray::arr2(&[[0, 1, 2], [3, 4, 5]]).into_dyn());
    /// ```
    pub fn into_array(self) -> ArrayD<T> {
        let dims = self.shape().to_vec();
        array(self.into_vec(), &dims)
    }
}

impl<'a, T: Element> From<&'a DynTensor<T>> for ArrayViewD<'a, T> {
    /// See [`DynTensor::as_array_view`].
    fn from(t: &'a DynTensor<T>) -> Self {
        t.as_array_view()
    }
}

impl<'a, T: Element> From<&'a mut DynTensor<T>> for ArrayViewMutD<'a, T> {
    /// See [`DynTensor::as_array_view_mut`].
    fn from(t: &'a mut DynTensor<T>) -> Self {
        t.as_array_view_mut()
    }
}

impl<T: Element> From<DynTensor<T>> for ArrayD<T> {
    /// See [`DynTensor::into_array`].
    fn from(t: DynTensor<T>) -> Self {
        t.into_array()
    }
}

impl<T: Element, S: Layout, D: Dimension> TryFrom<Array<T, D>> for Tensor<T, S> {
    type Error = ShapeError;
    /// Checks the array's shape against `S` ([`ShapeError::Mismatch`]
    /// otherwise: every static size equal, any size where `S` has `Dyn`),
    /// then takes its buffer without copying if the array is in standard
    /// (row-major) layout, or copies it into row-major order.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let a = ndarray::arr2(&[[1, 2, 3], [4, 5, 6]]);
    /// let t = Tensor::<i32, shape![3, 2]>::try_from(a.t().to_owned()).unwrap();
    /// assert_eq!(t.as_slice(), &[1, 4, 2, 5, 3, 6]);
    /// let err = Tensor::<i32, shape![3, 2]>::try_from(a).unwrap_err();
    /// assert_eq!(err.to_string(), "expected a tensor of shape [3, 2], got shape [2, 3]");
    /// ```
    fn try_from(a: Array<T, D>) -> Result<Self, ShapeError> {
        check::<S>(a.shape())?;
        let dims = a.shape().to_vec();
        Tensor::try_from(DynTensor::from_vec(into_row_major(a), &dims)?)
    }
}

impl<'a, T: Element, S: Layout, D: Dimension> TryFrom<ArrayView<'a, T, D>> for Tensor<T, S> {
    type Error = ShapeError;
    /// Checks the view's shape against `S` as the conversion from an owned
    /// array does, then copies its elements in row-major order.
    fn try_from(a: ArrayView<'a, T, D>) -> Result<Self, ShapeError> {
        check::<S>(a.shape())?;
        Tensor::try_from(DynTensor::from_vec(view_to_vec(&a), a.shape())?)
    }
}

impl<T: Element, D: Dimension> TryFrom<Array<T, D>> for DynTensor<T> {
    type Error = ShapeError;
    /// Takes the array's buffer without copying if it is in standard
    /// (row-major) layout, or copies it into row-major order. Fails only
    /// for more than 64 dimensions ([`ShapeError::RankTooLarge`]).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let a = ndarray::arr2(&[[1.0, 2.0], [3.0, 4.0]]);
    /// let t = DynTensor::try_from(a.reversed_axes()).unwrap(); // Fortran order in memory
    /// assert_eq!(t.to_vec(), vec![1.0, 3.0, 2.0, 4.0]);
    /// ```
    fn try_from(a: Array<T, D>) -> Result<Self, ShapeError> {
        let dims = a.shape().to_vec();
        DynTensor::from_vec(into_row_major(a), &dims)
    }
}

impl<'a, T: Element, D: Dimension> TryFrom<ArrayView<'a, T, D>> for DynTensor<T> {
    type Error = ShapeError;
    /// Copies the view's elements in row-major order.
    fn try_from(a: ArrayView<'a, T, D>) -> Result<Self, ShapeError> {
        DynTensor::from_vec(view_to_vec(&a), a.shape())
    }
}
