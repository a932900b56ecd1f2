//! `DynView<'a, T>` and `DynViewMut<'a, T>`: a borrowed, strided window on
//! a tensor's elements, shape and strides known at run time.
//!
//! A view is a [`Strided`] layout over the tensor's storage: slicing,
//! indexing an axis, transposing and broadcasting change the layout and
//! never copy. Views compose (a slice of a transposed view is a view), are
//! operands of every elementwise operation and reduction, and a mutable
//! view is the target of in-place operations (`v += &x`). The borrow
//! checker keeps a mutable view exclusive: while it lives, no other view of
//! the tensor can.

use alloc::borrow::Cow;
use alloc::vec::Vec;
use core::fmt;

use super::layout::Strided;
use super::slice::{self, SliceArg};
use crate::element::Element;
use crate::error::{OrFail, ShapeError};
use crate::kernel;
use crate::shape::axis::{self, AxisArg};
use crate::shape::broadcast::check_broadcast_to;
use crate::shape::names::runtime::{self as named, Names};
use crate::tensor::DynTensor;
use crate::tensor::names::NameSlice;

/// A shared view of a tensor's elements: sizes and strides known at run
/// time, elements borrowed.
///
/// ```
/// use shaped::{s, DynTensor};
/// let t = DynTensor::<i32>::arange(12).reshape(&[3, 4]).unwrap();
/// let v = t.slice(s![1.., ..;2]);          // rows 1 and 2, every other column
/// assert_eq!(v.shape(), &[2, 2]);
/// assert_eq!(v.to_owned().to_vec(), vec![4, 6, 8, 10]);
/// let col = t.index_axis(1, 3);            // column 3
/// assert_eq!(col.to_owned().to_vec(), vec![3, 7, 11]);
/// let sum = &t.t() + &t.t();               // transposed views as operands
/// assert_eq!(sum.shape(), &[4, 3]);
/// assert_eq!(sum[[3, 2]], 22);
/// ```
pub struct DynView<'a, T> {
    pub(crate) data: &'a [T],
    pub(crate) layout: Strided,
    pub(crate) names: Option<Names>,
}

/// A mutable view: a [`DynView`] whose elements can be written, the target
/// of in-place operations.
///
/// ```
/// use shaped::{s, DynTensor};
/// let mut t = DynTensor::<i32>::zeros(&[3, 4]);
/// let mut col = t.index_axis_mut(1, 2);
/// col += &DynTensor::from_vec(vec![1, 2, 3], &[3]).unwrap();
/// t.slice_mut(s![0, ..]).fill(9);
/// assert_eq!(t.to_vec(), vec![9, 9, 9, 9, 0, 0, 2, 0, 0, 0, 3, 0]);
/// ```
pub struct DynViewMut<'a, T> {
    pub(crate) data: &'a mut [T],
    pub(crate) layout: Strided,
    pub(crate) names: Option<Names>,
}

impl<T> Clone for DynView<'_, T> {
    fn clone(&self) -> Self {
        DynView {
            data: self.data,
            layout: self.layout.clone(),
            names: self.names.clone(),
        }
    }
}

/// Panics with the error's message (the operator forms of the `try_` methods).
#[track_caller]
fn or_panic<R>(r: Result<R, ShapeError>) -> R {
    match r {
        Ok(x) => x,
        Err(e) => panic!("{e}"),
    }
}

// Layout changes: the same on shared and mutable views (`$recv` is `&self`
// for the one, `self` for the other, which gives its borrow away).
macro_rules! layout_methods {
    ($View:ident, $own:lifetime, [$($recv:tt)*] $s:ident) => {
        impl<'a, T> $View<'a, T> {
            /// The sizes, outermost first.
            pub fn shape(&$s) -> &[usize] {
                $s.layout.dims()
            }

            /// The distance in elements between neighbours along each axis
            /// (0 along a broadcast axis, negative along a reversed one,
            /// `s![..;-1]`), as ndarray's `strides()`.
            pub fn strides(&$s) -> &[isize] {
                $s.layout.strides()
            }

            /// The number of dimensions.
            pub fn rank(&$s) -> usize {
                $s.layout.dims().len()
            }

            /// The number of elements.
            pub fn numel(&$s) -> usize {
                $s.layout.numel()
            }

            /// Whether the elements are contiguous in row-major order, so
            /// that `as_slice` borrows them.
            pub fn is_contiguous(&$s) -> bool {
                $s.layout.is_contiguous()
            }

            /// The dimension names (`None` where unnamed; all `None` for an
            /// unnamed view). A slice keeps its axes' names; `index_axis`
            /// drops the indexed axis and its name.
            pub fn names(&$s) -> Vec<Option<&str>> {
                match &$s.names {
                    Some(n) => n.iter().map(|n| n.as_deref()).collect(),
                    None => alloc::vec![None; $s.rank()],
                }
            }

            /// The element at a multi-index, or `None` if the index has the
            /// wrong length or is out of range.
            pub fn get(&$s, index: &[usize]) -> Option<&T> {
                $s.layout.offset_of(index).map(|o| &$s.data[o])
            }

            /// `length` positions of `axis` from `start`, or
            /// [`ShapeError::NarrowOutOfRange`] (`start (5) + length (2)
            /// exceeds dimension size (4).`) or an axis error.
            pub fn try_narrow(
                $($recv)*,
                axis: impl AxisArg,
                start: usize,
                length: usize,
            ) -> Result<$View<$own, T>, ShapeError> {
                let axis = axis::check($s.shape(), axis, $s.rank())?;
                let layout = $s.layout.narrow(axis, start, length)?;
                Ok($s.with_layout(layout, |n| n.map(|n| n.to_vec().into_boxed_slice())))
            }

            /// [`try_narrow`](Self::try_narrow), panicking with the error's message.
            #[track_caller]
            pub fn narrow($($recv)*, axis: impl AxisArg, start: usize, length: usize) -> $View<$own, T> {
                or_panic($s.try_narrow(axis, start, length))
            }

            /// Position `index` of `axis` (negative: from the end), the axis
            /// dropped with its name; or [`ShapeError::IndexOutOfRange`]
            /// (`index 5 is out of bounds for dimension 0 with size 4`) or an
            /// axis error.
            pub fn try_index_axis(
                $($recv)*,
                axis: impl AxisArg,
                index: isize,
            ) -> Result<$View<$own, T>, ShapeError> {
                let axis = axis::check($s.shape(), axis, $s.rank())?;
                let i = $s.layout.resolve_index(axis, index)?;
                let layout = $s.layout.index_axis(axis, i);
                Ok($s.with_layout(layout, |n| named::remove(n, axis)))
            }

            /// [`try_index_axis`](Self::try_index_axis), panicking with the error's message.
            #[track_caller]
            pub fn index_axis($($recv)*, axis: impl AxisArg, index: isize) -> $View<$own, T> {
                or_panic($s.try_index_axis(axis, index))
            }

            /// The multi-axis slice `args` (see [`s!`](crate::s)): ranges
            /// with steps keep their axes (and names), single indices drop
            /// theirs; missing trailing arguments keep whole axes.
            pub fn try_slice(
                $($recv)*,
                args: impl AsRef<[SliceArg]>,
            ) -> Result<$View<$own, T>, ShapeError> {
                let args = args.as_ref();
                let layout = slice::slice(&$s.layout, args)?;
                Ok($s.with_layout(layout, |n| {
                    n.map(|n| {
                        n.iter()
                            .enumerate()
                            .filter(|(k, _)| !matches!(args.get(*k), Some(SliceArg::Index(_))))
                            .map(|(_, n)| n.clone())
                            .collect()
                    })
                }))
            }

            /// [`try_slice`](Self::try_slice), panicking with the error's message.
            #[track_caller]
            pub fn slice($($recv)*, args: impl AsRef<[SliceArg]>) -> $View<$own, T> {
                or_panic($s.try_slice(args))
            }

            /// The axes reordered without copying: axis `i` of the result is
            /// axis `perm[i]` of this view (negative entries count from the
            /// right). Names move with their axes.
            pub fn try_permute<A: AxisArg>(
                $($recv)*,
                perm: &[A],
            ) -> Result<$View<$own, T>, ShapeError> {
                let shape = $s.shape();
                if perm.len() != shape.len() {
                    return Err(ShapeError::PermuteLength {
                        shape: shape.to_vec(),
                        perm: perm.iter().map(|a| a.signed().max(0) as usize).collect(),
                    });
                }
                axis::mask(shape, perm)?;
                let perm = axis::resolve(shape, perm)?;
                let layout = $s.layout.permute(&perm);
                Ok($s.with_layout(layout, |n| named::permute(n, &perm)))
            }

            /// [`try_permute`](Self::try_permute), panicking with the error's message.
            #[track_caller]
            pub fn permute<A: AxisArg>($($recv)*, perm: &[A]) -> $View<$own, T> {
                or_panic($s.try_permute(perm))
            }

            /// Axes `a` and `b` swapped, without copying.
            pub fn try_transpose(
                $($recv)*,
                a: impl AxisArg,
                b: impl AxisArg,
            ) -> Result<$View<$own, T>, ShapeError> {
                let a = axis::check($s.shape(), a, $s.rank())?;
                let b = axis::check($s.shape(), b, $s.rank())?;
                let mut perm: Vec<usize> = (0..$s.rank()).collect();
                perm.swap(a, b);
                $s.try_permute(&perm)
            }

            /// [`try_transpose`](Self::try_transpose), panicking with the error's message.
            #[track_caller]
            pub fn transpose($($recv)*, a: impl AxisArg, b: impl AxisArg) -> $View<$own, T> {
                or_panic($s.try_transpose(a, b))
            }

            /// The axes in reverse order, without copying (a matrix's
            /// transpose; ndarray's `t()`, PyTorch's `.T`).
            pub fn t($($recv)*) -> $View<$own, T> {
                let perm: Vec<usize> = (0..$s.rank()).rev().collect();
                let layout = $s.layout.permute(&perm);
                $s.with_layout(layout, |n| named::permute(n, &perm))
            }

            /// A size-1 axis inserted at `axis` (`-(rank + 1)..=rank`), unnamed.
            pub fn try_unsqueeze(
                $($recv)*,
                axis: impl AxisArg,
            ) -> Result<$View<$own, T>, ShapeError> {
                let axis = axis::check($s.shape(), axis, $s.rank() + 1)?;
                let layout = $s.layout.unsqueeze(axis);
                Ok($s.with_layout(layout, |n| named::insert_unnamed(n, axis)))
            }

            /// [`try_unsqueeze`](Self::try_unsqueeze), panicking with the error's message.
            #[track_caller]
            pub fn unsqueeze($($recv)*, axis: impl AxisArg) -> $View<$own, T> {
                or_panic($s.try_unsqueeze(axis))
            }

            /// The size-1 axis `axis` removed, or [`ShapeError::SqueezeSize`]
            /// if its size is not 1. A rank-0 view accepts axis 0 (or -1)
            /// and stays as it is, as [`DynTensor::squeeze`](crate::DynTensor::squeeze) and PyTorch
            /// do.
            pub fn try_squeeze(
                $($recv)*,
                axis: impl AxisArg,
            ) -> Result<$View<$own, T>, ShapeError> {
                let axis = axis::existing($s.shape(), axis)?;
                if $s.rank() == 0 {
                    let layout = $s.layout.clone();
                    return Ok($s.with_layout(layout, |n| n.map(Into::into)));
                }
                if $s.shape()[axis] != 1 {
                    return Err(ShapeError::SqueezeSize {
                        shape: $s.shape().to_vec(),
                        axis,
                    });
                }
                let layout = $s.layout.squeeze(axis);
                Ok($s.with_layout(layout, |n| named::remove(n, axis)))
            }

            /// [`try_squeeze`](Self::try_squeeze), panicking with the error's message.
            #[track_caller]
            pub fn squeeze($($recv)*, axis: impl AxisArg) -> $View<$own, T> {
                or_panic($s.try_squeeze(axis))
            }
        }
    };
}
layout_methods!(DynView, 'a, [&self] self);
layout_methods!(DynViewMut, 'a, [self] self);

impl<'a, T> DynView<'a, T> {
    /// A view of `data` with `layout` (checked by the caller to stay inside `data`).
    pub(crate) fn from_layout(data: &'a [T], layout: Strided, names: Option<Names>) -> Self {
        debug_assert!(layout.end() <= data.len());
        DynView {
            data,
            layout,
            names,
        }
    }

    fn with_layout(
        &self,
        layout: Strided,
        names: impl FnOnce(Option<&[Option<named::Name>]>) -> Option<Names>,
    ) -> DynView<'a, T> {
        DynView {
            data: self.data,
            layout,
            names: names(self.names.as_deref()),
        }
    }

    /// The elements as one slice in row-major order, if they are
    /// contiguous (no copy).
    #[inline]
    pub fn as_slice(&self) -> Option<&'a [T]> {
        let n = self.layout.contiguous_numel()?;
        let start = if n == 0 { 0 } else { self.layout.offset };
        Some(&self.data[start..start + n])
    }

    /// The view broadcast to `shape` without copying (stride 0 along the
    /// stretched and new axes), or PyTorch's `expand` error. New leading
    /// axes are unnamed.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let b = DynTensor::from_vec(vec![1, 2, 3], &[3]).unwrap();
    /// let e = b.view().broadcast_to(&[2, 3]);
    /// assert_eq!(e.strides(), &[0, 1]);
    /// assert_eq!(e.to_owned().to_vec(), vec![1, 2, 3, 1, 2, 3]);
    /// ```
    pub fn try_broadcast_to(&self, shape: &[usize]) -> Result<DynView<'a, T>, ShapeError> {
        if self.rank() > shape.len() {
            return Err(ShapeError::new(
                crate::error::ShapeErrorKind::ExpandRank,
                shape,
                self.shape(),
                None,
            ));
        }
        check_broadcast_to(shape, self.shape())?;
        // The size policy, in elements: a view holds no memory of its own
        // (a copy of it is checked for bytes when it is made).
        crate::error::checked_numel::<()>(shape)?;
        let layout = self.layout.broadcast_to(shape);
        Ok(self.with_layout(layout, |n| named::pad_names(n, shape.len())))
    }

    /// [`try_broadcast_to`](Self::try_broadcast_to), panicking with the error's message.
    #[track_caller]
    pub fn broadcast_to(&self, shape: &[usize]) -> DynView<'a, T> {
        or_panic(self.try_broadcast_to(shape))
    }

    /// A shared view of the same elements (a cheap copy of the layout).
    pub fn view(&self) -> DynView<'a, T> {
        self.clone()
    }
}

impl<'a, T: Copy> DynView<'a, T> {
    /// The elements in row-major order: borrowed when they are contiguous,
    /// copied when they are not.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use shaped::{s, DynTensor};
    /// let t = DynTensor::<i32>::arange(6).reshape(&[2, 3]).unwrap();
    /// assert!(matches!(t.slice(s![1]).contiguous(), Cow::Borrowed(&[3, 4, 5])));
    /// assert_eq!(t.t().contiguous().into_owned(), vec![0, 3, 1, 4, 2, 5]);
    /// ```
    /// Panics like [`to_vec`](Self::to_vec) when a copy is refused.
    #[track_caller]
    pub fn contiguous(&self) -> Cow<'a, [T]>
    where
        [T]: alloc::borrow::ToOwned<Owned = Vec<T>>,
    {
        self.try_contiguous().or_fail()
    }

    /// [`contiguous`](Self::contiguous), or [`ShapeError::TooLarge`] where
    /// the allocator refuses the memory for a copy.
    pub fn try_contiguous(&self) -> Result<Cow<'a, [T]>, ShapeError>
    where
        [T]: alloc::borrow::ToOwned<Owned = Vec<T>>,
    {
        Ok(match self.as_slice() {
            Some(s) => Cow::Borrowed(s),
            None => Cow::Owned(self.try_to_vec()?),
        })
    }

    /// The elements in row-major order, copied into a `Vec`. Panics with
    /// [`ShapeError::TooLarge`]'s message where the allocator refuses the
    /// memory (a broadcast view can be far larger than its storage).
    #[track_caller]
    pub fn to_vec(&self) -> Vec<T> {
        self.try_to_vec().or_fail()
    }

    /// The elements in row-major order, copied into a `Vec`, or
    /// [`ShapeError::TooLarge`] where the allocator refuses the memory.
    pub fn try_to_vec(&self) -> Result<Vec<T>, ShapeError> {
        if let Some(s) = self.as_slice() {
            return crate::error::try_to_vec(s, self.shape());
        }
        match self.layout.unsigned_strides() {
            Some(strides) => kernel::try_gather(self.first(), self.shape(), strides.as_slice()),
            // A reversed axis: the walk over signed strides.
            None => {
                let mut out = crate::error::try_vec(self.numel(), self.shape())?;
                super::iter::extend_rows(&mut out, self.data, &self.layout);
                Ok(out)
            }
        }
    }

    /// A new, contiguous tensor holding the view's elements (and names).
    /// Panics like [`to_vec`](Self::to_vec).
    #[track_caller]
    pub fn to_owned(&self) -> DynTensor<T> {
        self.try_to_owned().or_fail()
    }

    /// A new, contiguous tensor holding the view's elements (and names),
    /// or [`ShapeError::TooLarge`] where the allocator refuses the memory.
    ///
    /// ```
    /// use shaped::{DynTensor, ShapeError};
    /// let one = DynTensor::<f64>::zeros(&[1]);
    /// let huge = one.view().broadcast_to(&[1 << 59]);
    /// assert!(matches!(huge.try_to_owned(), Err(ShapeError::TooLarge { .. })));
    /// assert_eq!(one.view().broadcast_to(&[3]).try_to_owned().unwrap().to_vec(), vec![0.0; 3]);
    /// ```
    pub fn try_to_owned(&self) -> Result<DynTensor<T>, ShapeError> {
        let mut out = DynTensor::from_parts(self.try_to_vec()?, self.shape());
        out.names = self.names.clone();
        Ok(out)
    }
}

impl<T: Element> DynView<'_, T> {
    /// A new tensor of `f` applied to every element, in row-major order,
    /// with the view's shape and names: one pass over the view (a slice
    /// when it is contiguous, its strides otherwise), so that an
    /// elementwise function of a slice or a transpose copies nothing first.
    ///
    /// ```
    /// use shaped::{s, DynTensor};
    /// let t = DynTensor::<i32>::arange(6).reshape(&[2, 3]).unwrap();
    /// assert_eq!(t.t().map(|x| 10 * x).to_vec(), vec![0, 30, 10, 40, 20, 50]);
    /// assert_eq!(t.slice(s![.., ..;-1]).map_to(|x| x > 3).to_vec(), vec![false, false, false, true, true, false]);
    /// ```
    pub fn map_to<U>(&self, f: impl Fn(T) -> U) -> DynTensor<U> {
        let mut out = DynTensor::from_parts(self.map_vec(f), self.shape());
        out.names.clone_from(&self.names);
        out
    }

    /// [`map_to`](Self::map_to) into the same element type.
    pub fn map(&self, f: impl Fn(T) -> T) -> DynTensor<T> {
        self.map_to(f)
    }

    /// `f` of every element in row-major order, read as a slice when the
    /// view is contiguous (which the compiler vectorises), else through
    /// its strides.
    pub(crate) fn map_vec<U>(&self, f: impl Fn(T) -> U) -> Vec<U> {
        match self.as_slice() {
            Some(s) => s.iter().map(|&x| f(x)).collect(),
            None => self.iter().map(|&x| f(x)).collect(),
        }
    }
}

impl<'a, T> DynViewMut<'a, T> {
    /// A mutable view of `data` with `layout` (checked by the caller; no
    /// two positions of `layout` share an element).
    pub(crate) fn from_layout(data: &'a mut [T], layout: Strided, names: Option<Names>) -> Self {
        debug_assert!(layout.end() <= data.len());
        DynViewMut {
            data,
            layout,
            names,
        }
    }

    fn with_layout(
        self,
        layout: Strided,
        names: impl FnOnce(Option<&[Option<named::Name>]>) -> Option<Names>,
    ) -> DynViewMut<'a, T> {
        let names = names(self.names.as_deref());
        DynViewMut {
            data: self.data,
            layout,
            names,
        }
    }

    /// A shared view of the same elements, for as long as this one is borrowed.
    pub fn view(&self) -> DynView<'_, T> {
        DynView {
            data: &*self.data,
            layout: self.layout.clone(),
            names: self.names.clone(),
        }
    }

    /// A mutable view of the same elements, for as long as this one is
    /// borrowed (to slice it again without giving it away).
    pub fn view_mut(&mut self) -> DynViewMut<'_, T> {
        DynViewMut {
            data: &mut *self.data,
            layout: self.layout.clone(),
            names: self.names.clone(),
        }
    }

    /// The element at a multi-index, mutably, or `None` if the index has
    /// the wrong length or is out of range.
    pub fn get_mut(&mut self, index: &[usize]) -> Option<&mut T> {
        self.layout.offset_of(index).map(|o| &mut self.data[o])
    }

    /// The elements as one slice in row-major order, if they are contiguous.
    pub fn as_mut_slice(&mut self) -> Option<&mut [T]> {
        let n = self.layout.contiguous_numel()?;
        let start = if n == 0 { 0 } else { self.layout.offset };
        Some(&mut self.data[start..start + n])
    }

    /// `f` applied to every element in place.
    pub fn map_inplace(&mut self, f: impl Fn(T) -> T)
    where
        T: Copy,
    {
        if let Some(s) = self.as_mut_slice() {
            return kernel::map_in_place(s, f);
        }
        let layout = self.layout.clone();
        super::iter::for_each_offset(&layout, |o| self.data[o] = f(self.data[o]));
    }

    /// Every element set to `value`.
    pub fn fill(&mut self, value: T)
    where
        T: Copy,
    {
        self.map_inplace(|_| value);
    }
}

impl<'a, T: Copy> DynViewMut<'a, T> {
    /// A new, contiguous tensor holding the view's elements (and names).
    pub fn to_owned(&self) -> DynTensor<T> {
        self.view().to_owned()
    }

    /// The elements in row-major order, copied into a `Vec`.
    pub fn to_vec(&self) -> Vec<T> {
        self.view().to_vec()
    }
}

impl<T: Element> DynViewMut<'_, T> {
    /// `f` of every element, into a new tensor of the view's shape and
    /// names (as [`DynView::map_to`]: read in one pass, not copied first).
    pub fn map_to<U>(&self, f: impl Fn(T) -> U) -> DynTensor<U> {
        self.view().map_to(f)
    }

    /// [`map_to`](Self::map_to) into the same element type.
    pub fn map(&self, f: impl Fn(T) -> T) -> DynTensor<T> {
        self.view().map_to(f)
    }
}

impl<T> DynTensor<T> {
    /// A shared view of the whole tensor, the starting point of slicing
    /// and of the zero-copy shape operations.
    pub fn view(&self) -> DynView<'_, T> {
        DynView::from_layout(
            self.data(),
            Strided::row_major(self.dims()),
            self.names.clone(),
        )
    }

    /// A mutable view of the whole tensor.
    pub fn view_mut(&mut self) -> DynViewMut<'_, T> {
        let layout = Strided::row_major(self.dims());
        let names = self.names.clone();
        DynViewMut::from_layout(self.data_mut(), layout, names)
    }

    /// The axes in reverse order, as a view (no copy): a matrix's
    /// transpose. [`transpose`](Self::transpose) and
    /// [`permute`](Self::permute) copy; their view forms are on [`DynView`].
    pub fn t(&self) -> DynView<'_, T> {
        self.view().t()
    }

    /// A multi-axis slice as a view (see [`s!`](crate::s) and
    /// [`DynView::try_slice`]); panics with PyTorch's message on an
    /// out-of-range index or a step of 0.
    #[track_caller]
    pub fn slice(&self, args: impl AsRef<[SliceArg]>) -> DynView<'_, T> {
        self.view().slice(args)
    }

    /// [`slice`](Self::slice), returning the error.
    pub fn try_slice(&self, args: impl AsRef<[SliceArg]>) -> Result<DynView<'_, T>, ShapeError> {
        self.view().try_slice(args)
    }

    /// A multi-axis slice as a mutable view.
    #[track_caller]
    pub fn slice_mut(&mut self, args: impl AsRef<[SliceArg]>) -> DynViewMut<'_, T> {
        self.view_mut().slice(args)
    }

    /// `length` positions of `axis` from `start`, as a view (PyTorch's
    /// `narrow`); see [`DynView::try_narrow`].
    #[track_caller]
    pub fn narrow(&self, axis: impl AxisArg, start: usize, length: usize) -> DynView<'_, T> {
        self.view().narrow(axis, start, length)
    }

    /// [`narrow`](Self::narrow), returning the error.
    pub fn try_narrow(
        &self,
        axis: impl AxisArg,
        start: usize,
        length: usize,
    ) -> Result<DynView<'_, T>, ShapeError> {
        self.view().try_narrow(axis, start, length)
    }

    /// [`narrow`](Self::narrow) as a mutable view.
    #[track_caller]
    pub fn narrow_mut(
        &mut self,
        axis: impl AxisArg,
        start: usize,
        length: usize,
    ) -> DynViewMut<'_, T> {
        self.view_mut().narrow(axis, start, length)
    }

    /// Position `index` of `axis`, the axis dropped, as a view; see
    /// [`DynView::try_index_axis`].
    #[track_caller]
    pub fn index_axis(&self, axis: impl AxisArg, index: isize) -> DynView<'_, T> {
        self.view().index_axis(axis, index)
    }

    /// [`index_axis`](Self::index_axis), returning the error.
    pub fn try_index_axis(
        &self,
        axis: impl AxisArg,
        index: isize,
    ) -> Result<DynView<'_, T>, ShapeError> {
        self.view().try_index_axis(axis, index)
    }

    /// [`index_axis`](Self::index_axis) as a mutable view.
    #[track_caller]
    pub fn index_axis_mut(&mut self, axis: impl AxisArg, index: isize) -> DynViewMut<'_, T> {
        self.view_mut().index_axis(axis, index)
    }

    /// The element at a multi-index, mutably, or `None` if the index has
    /// the wrong length or is out of range.
    pub fn get_mut(&mut self, index: &[usize]) -> Option<&mut T> {
        let i = crate::tensor::flat_index(self.dims(), index)?;
        Some(&mut self.data_mut()[i])
    }
}

impl<T, const K: usize> core::ops::Index<[usize; K]> for DynView<'_, T> {
    type Output = T;
    /// The element at `[i, j, ..]`; panics with PyTorch's message if an
    /// index is out of range or there are not as many as dimensions.
    #[track_caller]
    fn index(&self, index: [usize; K]) -> &T {
        &self.data[self.layout.offset_or_panic(&index)]
    }
}

impl<T, const K: usize> core::ops::Index<[usize; K]> for DynViewMut<'_, T> {
    type Output = T;
    #[track_caller]
    fn index(&self, index: [usize; K]) -> &T {
        &self.data[self.layout.offset_or_panic(&index)]
    }
}

impl<T, const K: usize> core::ops::IndexMut<[usize; K]> for DynViewMut<'_, T> {
    #[track_caller]
    fn index_mut(&mut self, index: [usize; K]) -> &mut T {
        let o = self.layout.offset_or_panic(&index);
        &mut self.data[o]
    }
}

impl<T: Element> PartialEq<DynTensor<T>> for DynView<'_, T> {
    /// Equal shapes, names and elements, as between tensors.
    fn eq(&self, other: &DynTensor<T>) -> bool {
        self.shape() == other.shape()
            && self.names == other.names
            && self.iter().eq(other.as_slice())
    }
}

impl<T: Element> PartialEq for DynView<'_, T> {
    fn eq(&self, other: &Self) -> bool {
        self.shape() == other.shape() && self.names == other.names && self.iter().eq(other.iter())
    }
}

impl<T: Element> fmt::Debug for DynView<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("DynView");
        d.field("shape", &self.shape())
            .field("strides", &self.strides());
        if let Some(names) = &self.names {
            d.field("names", &NameSlice(names));
        }
        d.field("data", &crate::tensor::Summary(&self.to_vec()))
            .finish()
    }
}

impl<T: Element> fmt::Debug for DynViewMut<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.view(), f)
    }
}
