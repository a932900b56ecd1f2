//! `TensorView<'a, T, S>` and `TensorViewMut<'a, T, S>`: views of static
//! and mixed tensors whose layout `S` the compiler knows.
//!
//! They are [`DynView`]s underneath (every runtime method is there, through
//! `Deref`); the methods here compute the result's layout: indexing or
//! iterating over `Axis::<K>` drops that axis from the type, a range known
//! at compile time ([`narrow!`](crate::narrow!)) gives a static size and
//! does not compile past the end of the axis, a range known at run time
//! gives a `Dyn` dimension.
//!
//! ```
//! use shaped::{narrow, shape, Axis, Dyn, Tensor, TensorView};
//! let t = Tensor::<i32, shape![4, 3]>::arange();
//! let rows: TensorView<'_, i32, shape![2, 3]> = narrow!(t.view(), 0, 1..3);
//! assert_eq!(rows.to_owned().as_slice(), &[3, 4, 5, 6, 7, 8]);
//! let some: TensorView<'_, i32, shape![Dyn, 3]> = t.view().narrow(Axis::<0>, 1, 2);
//! assert_eq!(some.shape(), &[2, 3]);
//! for row in t.view().axis_iter(Axis::<0>) {
//!     let row: Tensor<i32, shape![3]> = row.to_owned();
//!     assert_eq!(row.numel(), 3);
//! }
//! ```
//!
//! A compile-time range past the end does not compile:
//!
//! ```compile_fail
//! use shaped::{narrow, shape, Tensor};
//! let t = Tensor::<i32, shape![4, 3]>::arange();
//! let v = narrow!(t.view(), 0, 3..5); // error: cannot narrow the dimension `D<4>` to 2 positions from 3
//! ```

use core::marker::PhantomData;
use core::ops::{Deref, DerefMut};

use super::dyn_view::{DynView, DynViewMut};
use super::iter::{AxisIter, AxisIterMut};
use super::layout::Strided;
use crate::element::Element;
use crate::error::ShapeError;
use crate::shape::axes::{Axis, OneAxis};
use crate::shape::dim::AnyDim;
use crate::shape::list::Layout;
use crate::shape::narrow::{NarrowDyn, NarrowStatic, NarrowedDyn, NarrowedStatic};
use crate::shape::toolkit::{
    DropDims, Matrix, Permute, Permuted, ReduceAxes, SqueezeAxis, SqueezedAxis, TransposeAxes,
    TransposedAxes, TransposedMatrix, Unsqueeze, Unsqueezed,
};
use crate::tensor::Tensor;

/// A shared view of a static or mixed tensor, its layout `S` in the type.
///
/// The methods here and on [`Tensor`] of the same names keep the layout in
/// the type (slicing with [`slice!`](crate::slice!) and
/// [`narrow!`](crate::narrow!), `narrow`, `index_axis`, `transpose`,
/// `permute`, `t`, `squeeze`, `unsqueeze`, `axis_iter`, the reductions
/// `*_over`/`*_keepdim`, `median_*`/`quantile_*`, `softmax`, `matmul`,
/// `masked_fill`, the operators, `view`, `to_owned`). A typed method
/// shadows the runtime one of the same name: `v.permute(&[1, 0])` does not
/// compile rather than fall back to the runtime form.
///
/// # Runtime-shaped methods reachable through `Deref`
///
/// A `TensorView` derefs to [`DynView`], so these runtime methods are
/// reachable; each returns a runtime-shaped result ([`DynView`],
/// [`DynTensor`](crate::DynTensor), [`AxisIter`]), the layout dropped.
/// Call them on purpose (or [`as_dyn`](Self::as_dyn) first, to say so):
///
/// | runtime method | returns | typed spelling |
/// |---|---|---|
/// | `slice(s![..])`, `try_slice` | `DynView` | [`slice!`](crate::slice!)`(v, ..)` |
/// | `try_permute(&[..])`, `try_transpose(a, b)`, `try_unsqueeze(k)` | `DynView` | `permute`, `transpose`, `unsqueeze` (checked at compile time) |
/// | `broadcast_to(&[..])`, `try_broadcast_to` | `DynView` | `to_owned().broadcast_to()` |
/// | `try_axis_iter(axis)`, `rows()` | `AxisIter` | `axis_iter`, `outer_iter` |
/// | `sum_dims`, `prod_dims`, `max_dims`, `min_dims`, `mean_dims`, `var_dims`, `std_dims` | `DynTensor` | `sum_over`/`sum_keepdim`, ... |
/// | `argmax(axis, keepdim)`, `argmin(..)` | `DynTensor<usize>` | `argmax_over`/`argmax_keepdim`, ... |
/// | `median(axis, keepdim)`, `quantile(..)` and their `try_` | `DynTensor` | `median_over`/`median_keepdim`, `quantile_over`/`quantile_keepdim` |
/// | `try_add(x)`, `try_sub`, `try_mul`, `try_div`, `try_rem` | `DynTensor` | the operators `&v + &x`, ... |
/// | `try_to_owned()` | `DynTensor` | `to_owned()` |
///
/// The whole-view reductions (`sum`, `prod`, `mean`), `to_vec`,
/// `contiguous`, `iter` and the size queries have no layout to lose.
/// A [`TensorViewMut`] derefs to [`DynViewMut`] in the same way; its
/// runtime-shaped leftovers are `axis_for_each_mut` and the `try_*_assign`
/// forms (which return `()`), the rest being typed here or reached through
/// [`view`](TensorViewMut::view).
///
/// ```
/// use shaped::{s, shape, slice, Axis, DynView, Tensor, TensorView};
/// let t = Tensor::<i32, shape![3, 4]>::arange();
/// let typed: TensorView<'_, i32, shape![3, 2]> = slice!(t.view(), .., 1..3);
/// let runtime: DynView<'_, i32> = t.view().slice(s![.., 1..3]); // through Deref
/// assert_eq!(typed.to_vec(), runtime.to_vec());
/// ```
pub struct TensorView<'a, T, S> {
    inner: DynView<'a, T>,
    layout: PhantomData<S>,
}

/// A mutable view of a static or mixed tensor, its layout `S` in the type.
pub struct TensorViewMut<'a, T, S> {
    inner: DynViewMut<'a, T>,
    layout: PhantomData<S>,
}

impl<T, S> Clone for TensorView<'_, T, S> {
    fn clone(&self) -> Self {
        TensorView {
            inner: self.inner.clone(),
            layout: PhantomData,
        }
    }
}

impl<'a, T, S> Deref for TensorView<'a, T, S> {
    type Target = DynView<'a, T>;
    fn deref(&self) -> &DynView<'a, T> {
        &self.inner
    }
}

impl<'a, T, S> Deref for TensorViewMut<'a, T, S> {
    type Target = DynViewMut<'a, T>;
    fn deref(&self) -> &DynViewMut<'a, T> {
        &self.inner
    }
}

impl<'a, T, S> DerefMut for TensorViewMut<'a, T, S> {
    fn deref_mut(&mut self) -> &mut DynViewMut<'a, T> {
        &mut self.inner
    }
}

/// The position of the one axis `A` of `S`.
pub(super) fn position<S: ReduceAxes<A>, A>() -> usize {
    <S as ReduceAxes<A>>::MASK.trailing_zeros() as usize
}

/// `view` as a mutable view of layout `R` (whose sizes the caller has
/// worked out).
pub(super) fn typed_mut<'a, T, R>(view: DynViewMut<'a, T>) -> TensorViewMut<'a, T, R> {
    TensorViewMut {
        inner: view,
        layout: PhantomData,
    }
}

/// `view` as a view of layout `R` (whose sizes the caller has worked out).
pub(super) fn typed<'a, T, R>(view: DynView<'a, T>) -> TensorView<'a, T, R> {
    TensorView {
        inner: view,
        layout: PhantomData,
    }
}

#[track_caller]
pub(super) fn or_panic<X>(r: Result<X, ShapeError>) -> X {
    match r {
        Ok(x) => x,
        Err(e) => panic!("{e}"),
    }
}

impl<'a, T: Element, S: Layout> TensorView<'a, T, S> {
    /// The same view, runtime-shaped.
    pub fn as_dyn(&self) -> DynView<'a, T> {
        self.inner.clone()
    }

    /// The same view, typed (as [`Tensor::view`]; without it `view()`
    /// would reach the runtime [`DynView::view`] through `Deref`).
    pub fn view(&self) -> TensorView<'a, T, S> {
        self.clone()
    }

    /// A new, contiguous tensor of layout `S` holding the view's elements.
    pub fn to_owned(&self) -> Tensor<T, S> {
        Tensor::from_checked(self.inner.to_vec(), self.inner.shape())
    }

    /// A new tensor of `f` applied to every element, in the view's layout
    /// (see [`DynView::map_to`]).
    ///
    /// ```
    /// use shaped::{shape, Tensor, TensorView};
    /// let t = Tensor::<f32, shape![2, 3]>::arange();
    /// let v: TensorView<'_, f32, shape![3, 2]> = t.t();
    /// let m: Tensor<f32, shape![3, 2]> = v.map(|x| x * x);
    /// assert_eq!(m.to_vec(), vec![0.0, 9.0, 1.0, 16.0, 4.0, 25.0]);
    /// ```
    pub fn map_to<U: Element>(&self, f: impl Fn(T) -> U) -> Tensor<U, S> {
        Tensor::from_checked(self.inner.map_to(f).into_vec(), self.inner.shape())
    }

    /// [`map_to`](Self::map_to) into the same element type.
    pub fn map(&self, f: impl Fn(T) -> T) -> Tensor<T, S> {
        self.map_to(f)
    }

    /// Position `index` of the axis `axis` (`Axis::<K>`,
    /// [`AxisFromEnd`](crate::AxisFromEnd) or a dimension name; `index`
    /// negative: from the end), the axis dropped from the layout; or
    /// PyTorch's `index .. is out of bounds`.
    pub fn try_index_axis<A: OneAxis>(
        &self,
        _axis: A,
        index: isize,
    ) -> Result<TensorView<'a, T, DropDims<S, A>>, ShapeError>
    where
        S: ReduceAxes<A>,
    {
        Ok(typed(self.inner.try_index_axis(position::<S, A>(), index)?))
    }

    /// [`try_index_axis`](Self::try_index_axis), panicking with the error's message.
    #[track_caller]
    pub fn index_axis<A: OneAxis>(&self, axis: A, index: isize) -> TensorView<'a, T, DropDims<S, A>>
    where
        S: ReduceAxes<A>,
    {
        or_panic(self.try_index_axis(axis, index))
    }

    /// The views at each position of the axis `axis` (`Axis::<K>`,
    /// [`AxisFromEnd`](crate::AxisFromEnd) or a dimension name), of the
    /// layout without that axis.
    pub fn axis_iter<A: OneAxis>(&self, _axis: A) -> StaticAxisIter<'a, T, DropDims<S, A>>
    where
        S: ReduceAxes<A>,
    {
        StaticAxisIter {
            inner: self.inner.axis_iter(position::<S, A>()),
            layout: PhantomData,
        }
    }

    /// The views along axis 0, each of the layout without it.
    pub fn outer_iter(&self) -> StaticAxisIter<'a, T, DropDims<S, Axis<0>>>
    where
        S: ReduceAxes<Axis<0>>,
    {
        self.axis_iter(Axis::<0>)
    }

    /// `length` positions of the axis `axis` (`Axis::<K>`,
    /// [`AxisFromEnd`](crate::AxisFromEnd) or a dimension name) from
    /// `start`, known at run time: that axis becomes `Dyn`, keeping its
    /// name. An error in PyTorch's words past its end.
    pub fn try_narrow<A>(
        &self,
        _axis: A,
        start: usize,
        length: usize,
    ) -> Result<TensorView<'a, T, NarrowedDyn<S, A>>, ShapeError>
    where
        S: NarrowDyn<A>,
    {
        Ok(typed(self.inner.try_narrow(
            <S as NarrowDyn<A>>::AXIS,
            start,
            length,
        )?))
    }

    /// [`try_narrow`](Self::try_narrow), panicking with the error's message.
    #[track_caller]
    pub fn narrow<A>(
        &self,
        axis: A,
        start: usize,
        length: usize,
    ) -> TensorView<'a, T, NarrowedDyn<S, A>>
    where
        S: NarrowDyn<A>,
    {
        or_panic(self.try_narrow(axis, start, length))
    }

    /// `LEN` positions of the axis `A` from `START`, all known at compile
    /// time: what [`narrow!`](crate::narrow!) and [`slice!`](crate::slice!)
    /// expand to (`X` is the dimension type of `LEN`). Past the end of a
    /// static axis it does not compile; a `Big` or `Dyn` axis is checked
    /// when it runs. Generic code names the bound
    /// [`NarrowStatic`].
    #[track_caller]
    pub fn narrow_static<A, const START: usize, const LEN: usize, X: AnyDim>(
        &self,
        _axis: A,
    ) -> TensorView<'a, T, NarrowedStatic<S, A, START, LEN, X>>
    where
        S: NarrowStatic<A, START, LEN, X>,
    {
        const {
            assert!(
                X::SIZE == LEN,
                "the dimension type does not match the length"
            )
        };
        let axis = <S as NarrowStatic<A, START, LEN, X>>::AXIS;
        typed(or_panic(self.inner.try_narrow(axis, START, LEN)))
    }

    /// Axes `A` and `B` swapped (each `Axis<K>`, `AxisFromEnd<K>` or a
    /// dimension name, as for [`Tensor::transpose`]), without copying; the
    /// layout computed by the compiler.
    ///
    /// ```
    /// use shaped::{shape, AxisFromEnd, Dyn, Tensor, TensorView};
    /// let k = Tensor::<f32, shape![Dyn, 16, 32]>::zeros_sized(&[2]);
    /// let kt: TensorView<'_, f32, shape![Dyn, 32, 16]> =
    ///     k.view().transpose(AxisFromEnd::<2>, AxisFromEnd::<1>);
    /// assert_eq!(kt.shape(), &[2, 32, 16]);
    /// ```
    pub fn transpose<A: OneAxis, B: OneAxis>(
        &self,
        _a: A,
        _b: B,
    ) -> TensorView<'a, T, TransposedAxes<S, A, B>>
    where
        S: TransposeAxes<A, B>,
    {
        let (a, b) = <S as TransposeAxes<A, B>>::AXES;
        typed(self.inner.transpose(a, b))
    }

    /// The matrix transpose of a 2-D view, without copying (PyTorch's
    /// `t()`); the layout computed by the compiler.
    ///
    /// ```
    /// use shaped::{shape, Tensor, TensorView};
    /// let s = Tensor::<f32, shape![3, 4]>::arange();
    /// let v = s.view();
    /// let kt: TensorView<'_, f32, shape![4, 3]> = v.t();
    /// assert_eq!(kt.to_owned()[[1, 2]], s[[2, 1]]);
    /// ```
    pub fn t(&self) -> TensorView<'a, T, TransposedMatrix<S>>
    where
        S: Matrix,
    {
        typed(self.inner.transpose(0, 1))
    }

    /// The axes reordered by `P`, a tuple of one axis per dimension (as for
    /// [`Tensor::permute`]), without copying.
    ///
    /// ```
    /// use shaped::{shape, Axis, AxisFromEnd, Tensor, TensorView};
    /// let t = Tensor::<i32, shape![2, 3, 4]>::arange();
    /// let p: TensorView<'_, i32, shape![4, 2, 3]> =
    ///     t.view().permute((AxisFromEnd::<1>, Axis::<0>, Axis::<1>));
    /// assert_eq!(p.to_owned(), t.permute((Axis::<2>, Axis::<0>, Axis::<1>)));
    /// ```
    pub fn permute<P>(&self, _perm: P) -> TensorView<'a, T, Permuted<S, P>>
    where
        S: Permute<P>,
    {
        typed(self.inner.permute(<S as Permute<P>>::PERM))
    }

    /// A size-1 axis inserted at `K`, without copying.
    ///
    /// ```
    /// use shaped::{shape, Axis, Tensor, TensorView};
    /// let b = Tensor::<i32, shape![2]>::arange();
    /// let col: TensorView<'_, i32, shape![2, 1]> = b.view().unsqueeze(Axis::<1>);
    /// assert_eq!(col.shape(), &[2, 1]);
    /// ```
    pub fn unsqueeze<const K: usize>(&self, _axis: Axis<K>) -> TensorView<'a, T, Unsqueezed<S, K>>
    where
        S: Unsqueeze<K>,
    {
        typed(self.inner.unsqueeze(K))
    }

    /// The size-1 axis `A` removed, without copying; a `Dyn` size that is
    /// not 1 is [`ShapeError::SqueezeSize`].
    pub fn try_squeeze<A: OneAxis>(
        &self,
        _axis: A,
    ) -> Result<TensorView<'a, T, SqueezedAxis<S, A>>, ShapeError>
    where
        S: SqueezeAxis<A>,
    {
        Ok(typed(self.inner.try_squeeze(<S as SqueezeAxis<A>>::AXIS)?))
    }

    /// The size-1 axis `A` (`Axis<K>`, `AxisFromEnd<K>` or a dimension
    /// name) removed, without copying; panics where
    /// [`try_squeeze`](Self::try_squeeze) errs.
    ///
    /// ```
    /// use shaped::{shape, AxisFromEnd, Tensor, TensorView};
    /// let t = Tensor::<i32, shape![2, 1]>::arange();
    /// let v: TensorView<'_, i32, shape![2]> = t.view().squeeze(AxisFromEnd::<1>);
    /// assert_eq!(v.shape(), &[2]);
    /// ```
    #[track_caller]
    pub fn squeeze<A: OneAxis>(&self, axis: A) -> TensorView<'a, T, SqueezedAxis<S, A>>
    where
        S: SqueezeAxis<A>,
    {
        or_panic(self.try_squeeze(axis))
    }
}

impl<'a, T: Element, S: Layout> TensorViewMut<'a, T, S> {
    /// The same view, runtime-shaped.
    pub fn into_dyn(self) -> DynViewMut<'a, T> {
        self.inner
    }

    /// A shared, typed view of the same elements.
    pub fn view(&self) -> TensorView<'_, T, S> {
        typed(self.inner.view())
    }

    /// A mutable, typed view of the same elements, borrowed from this one
    /// (as [`Tensor::view_mut`]; without it `view_mut()` would reach the
    /// runtime [`DynViewMut::view_mut`] through `Deref`).
    pub fn view_mut(&mut self) -> TensorViewMut<'_, T, S> {
        typed_mut(self.inner.view_mut())
    }

    /// The matrix transpose of a 2-D view as a shared typed view (as
    /// [`Tensor::t`]).
    pub fn t(&self) -> TensorView<'_, T, TransposedMatrix<S>>
    where
        S: Matrix,
    {
        self.view().t()
    }

    /// A new, contiguous tensor of layout `S` holding the view's elements.
    pub fn to_owned(&self) -> Tensor<T, S> {
        Tensor::from_checked(self.inner.to_vec(), self.inner.shape())
    }

    /// `f` of every element, into a tensor of the view's layout (as
    /// [`TensorView::map_to`]: read in one pass, not copied first).
    pub fn map_to<U: Element>(&self, f: impl Fn(T) -> U) -> Tensor<U, S> {
        self.view().map_to(f)
    }

    /// [`map_to`](Self::map_to) into the same element type.
    pub fn map(&self, f: impl Fn(T) -> T) -> Tensor<T, S> {
        self.view().map_to(f)
    }

    /// The mutable views at each position of the axis `axis`, of the layout
    /// without that axis; or [`ShapeError::InterleavedViews`] when they
    /// interleave in memory (see [`DynViewMut::try_axis_iter_mut`]).
    pub fn try_axis_iter_mut<A: OneAxis>(
        self,
        _axis: A,
    ) -> Result<StaticAxisIterMut<'a, T, DropDims<S, A>>, ShapeError>
    where
        S: ReduceAxes<A>,
    {
        Ok(StaticAxisIterMut {
            inner: self.inner.try_axis_iter_mut(position::<S, A>())?,
            layout: PhantomData,
        })
    }

    /// [`try_axis_iter_mut`](Self::try_axis_iter_mut), panicking with the
    /// error's message.
    ///
    /// ```
    /// use shaped::{shape, Axis, Tensor, TensorViewMut};
    /// let mut t = Tensor::<i32, shape![3, 2]>::zeros();
    /// for (i, row) in t.view_mut().axis_iter_mut(Axis::<0>).enumerate() {
    ///     let mut row: TensorViewMut<'_, i32, shape![2]> = row;
    ///     row.fill(i as i32);
    /// }
    /// assert_eq!(t.to_vec(), vec![0, 0, 1, 1, 2, 2]);
    /// ```
    #[track_caller]
    pub fn axis_iter_mut<A: OneAxis>(self, axis: A) -> StaticAxisIterMut<'a, T, DropDims<S, A>>
    where
        S: ReduceAxes<A>,
    {
        or_panic(self.try_axis_iter_mut(axis))
    }

    /// Every row (the 1-D views along the last axis), mutably; see
    /// [`DynViewMut::rows_mut`].
    #[track_caller]
    pub fn rows_mut(self) -> AxisIterMut<'a, T> {
        self.inner.rows_mut()
    }

    /// The mutable views along axis 0, each of the layout without it.
    #[track_caller]
    pub fn outer_iter_mut(self) -> StaticAxisIterMut<'a, T, DropDims<S, Axis<0>>>
    where
        S: ReduceAxes<Axis<0>>,
    {
        self.axis_iter_mut(Axis::<0>)
    }
}

/// The mutable views along one axis of a [`TensorViewMut`], each of layout `S`.
pub struct StaticAxisIterMut<'a, T, S> {
    inner: AxisIterMut<'a, T>,
    layout: PhantomData<S>,
}

impl<'a, T, S> Iterator for StaticAxisIterMut<'a, T, S> {
    type Item = TensorViewMut<'a, T, S>;
    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next().map(|inner| TensorViewMut {
            inner,
            layout: PhantomData,
        })
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<T, S> ExactSizeIterator for StaticAxisIterMut<'_, T, S> {}

/// The views along one axis of a [`TensorView`], each of layout `S`.
pub struct StaticAxisIter<'a, T, S> {
    inner: AxisIter<'a, T>,
    layout: PhantomData<S>,
}

impl<'a, T, S> Iterator for StaticAxisIter<'a, T, S> {
    type Item = TensorView<'a, T, S>;
    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next().map(typed)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<T, S> ExactSizeIterator for StaticAxisIter<'_, T, S> {}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// A view of the whole tensor with its layout in the type, to slice,
    /// index, transpose or iterate without copying (every runtime view
    /// method is there too, through `Deref` to [`DynView`]; names kept).
    ///
    /// ```
    /// use shaped::{s, shape, Tensor};
    /// let t = Tensor::<i32, shape![2, 3]>::arange();
    /// assert_eq!(t.view().slice(s![.., 1]).to_vec(), vec![1, 4]);
    /// ```
    pub fn view(&self) -> TensorView<'_, T, S> {
        let names = crate::tensor::names::names_of::<S>().and_then(|n| n.to_names());
        let layout = Strided::row_major(&self.shape());
        typed(DynView::from_layout(self.as_slice(), layout, names))
    }

    /// The matrix transpose of a 2-D tensor as a view, without copying
    /// (PyTorch's `t()`); the layout computed by the compiler.
    ///
    /// ```
    /// use shaped::{shape, Dyn, Tensor, TensorView};
    /// let s = Tensor::<f32, shape![3, 4]>::arange();
    /// let kt: TensorView<'_, f32, shape![4, 3]> = s.t();
    /// assert_eq!(kt.to_owned()[[3, 0]], s[[0, 3]]);
    /// let m = Tensor::<f32, shape![Dyn, 4]>::zeros_sized(&[5]);
    /// let mt: TensorView<'_, f32, shape![4, Dyn]> = m.t();
    /// ```
    pub fn t(&self) -> TensorView<'_, T, TransposedMatrix<S>>
    where
        S: Matrix,
    {
        self.view().t()
    }

    /// A mutable view of the whole tensor.
    pub fn view_mut(&mut self) -> TensorViewMut<'_, T, S> {
        let names = crate::tensor::names::names_of::<S>().and_then(|n| n.to_names());
        let layout = Strided::row_major(&self.shape());
        TensorViewMut {
            inner: DynViewMut::from_layout(self.as_mut_slice(), layout, names),
            layout: PhantomData,
        }
    }
}
