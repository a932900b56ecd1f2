//! Multi-axis slices of static and mixed views with their layout in the
//! type: the [`slice!`](crate::slice!) macro and what it expands to.
//!
//! Each argument is worked out by the compiler when it can be: a range of
//! literals (`1..3`, `..2`) gives a static size and does not compile past
//! the end of a static axis, a literal index (`2`) drops the axis and does
//! not compile past its end, `..` keeps the axis. Anything else is an
//! expression known at run time ([`SliceAxis`]): an index drops the axis,
//! a range (or `range; step`) makes it `Dyn`, and both are checked when
//! the program runs. Dimension names stay with their axes.
//!
//! ```
//! use shaped::{dim_names, shape, slice, Dyn, Tensor, TensorView};
//! dim_names!(H, W);
//! let t = Tensor::<i32, shape![H: 4, W: 6]>::arange();
//! let a: TensorView<'_, i32, shape![H: 2, W: 6]> = slice!(t.view(), 1..3);
//! let b: TensorView<'_, i32, shape![H: 2]> = slice!(t.view(), ..2, 5);
//! let n = 3;
//! let c: TensorView<'_, i32, shape![Dyn, Dyn]> = slice!(t.view(), 1..n, ..;2);
//! assert_eq!(a.to_vec(), (6..18).collect::<Vec<_>>());
//! assert_eq!(b.to_vec(), vec![5, 11]);
//! assert_eq!(c.to_vec(), vec![6, 8, 10, 12, 14, 16]);
//! assert_eq!(c.names(), [Some("H"), Some("W")]);
//! ```

use core::ops::{Range, RangeFrom, RangeFull, RangeInclusive, RangeTo, RangeToInclusive};

use super::slice::{SliceArg, StepArg};
use super::static_view::{TensorView, TensorViewMut, or_panic, position, typed, typed_mut};
use crate::element::Element;
use crate::error::ShapeError;
use crate::shape::axes::{AxisOf, Nat};
use crate::shape::dim::AnyDim;
use crate::shape::list::Layout;
use crate::shape::narrow::{IndexStatic, NarrowDyn, NarrowStatic, NarrowedDyn, NarrowedStatic};
use crate::shape::toolkit::{DropDims, ReduceAxes};

/// One argument of [`slice!`](crate::slice!) known only at run time, on
/// the axis `A` of the layout `S`: an index (`usize`, `isize`, `i32`)
/// drops the axis, a range of them (or a [`Stepped`] one) makes it `Dyn`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a slice argument for the axis `{A}` of a tensor of layout `{S}`",
    label = "expected an index (`usize`, `isize`, `i32`) or a range of them, on an axis of the tensor"
)]
pub trait SliceAxis<S: Layout, A> {
    /// The result layout.
    type Out: Layout;
    /// The axis's position.
    const AXIS: usize;
    /// The argument for the runtime slice.
    fn arg(self) -> SliceArg;
}

/// A range with a step: what [`slice!`](crate::slice!) makes of
/// `range; step`.
#[derive(Debug, Clone)]
pub struct Stepped<R>(pub R, pub isize);

macro_rules! slice_axis {
    (index $($t:ty)*) => {$(
        impl<S: ReduceAxes<A>, A: AxisOf<S::List>> SliceAxis<S, A> for $t {
            type Out = DropDims<S, A>;
            const AXIS: usize = <A::P as Nat>::N;
            fn arg(self) -> SliceArg {
                SliceArg::from(self)
            }
        }
    )*};
    (range $($t:ty)*) => {$(
        impl<S: NarrowDyn<A>, A> SliceAxis<S, A> for $t {
            type Out = NarrowedDyn<S, A>;
            const AXIS: usize = <S as NarrowDyn<A>>::AXIS;
            fn arg(self) -> SliceArg {
                SliceArg::from(self)
            }
        }
    )*};
}
slice_axis!(index usize isize i32);
slice_axis!(range Range<usize> Range<isize> Range<i32> RangeFrom<usize> RangeFrom<isize>
    RangeFrom<i32> RangeTo<usize> RangeTo<isize> RangeTo<i32> RangeInclusive<usize>
    RangeInclusive<isize> RangeInclusive<i32> RangeToInclusive<usize> RangeToInclusive<isize>
    RangeToInclusive<i32> RangeFull);
impl<S: NarrowDyn<A>, A, R: StepArg> SliceAxis<S, A> for Stepped<R> {
    type Out = NarrowedDyn<S, A>;
    const AXIS: usize = <S as NarrowDyn<A>>::AXIS;
    fn arg(self) -> SliceArg {
        self.0.stepped(self.1)
    }
}

impl<'a, T: Element, S: Layout> TensorView<'a, T, S> {
    /// Position `I` of the axis `A`, known at compile time, the axis
    /// dropped: what [`slice!`](crate::slice!) writes for a literal index.
    /// Past the end of a static axis it does not compile.
    #[track_caller]
    pub fn index_static<A, const I: usize>(&self, _axis: A) -> TensorView<'a, T, DropDims<S, A>>
    where
        S: IndexStatic<A, I>,
    {
        let axis = <S as IndexStatic<A, I>>::AXIS;
        debug_assert_eq!(axis, position::<S, A>());
        let index = isize::try_from(I).unwrap_or(isize::MAX);
        typed(or_panic(self.as_dyn().try_index_axis(axis, index)))
    }

    /// One argument known at run time on the axis `A` (see [`SliceAxis`]),
    /// or the runtime slice's error.
    #[doc(hidden)]
    pub fn try_slice_axis<A, R: SliceAxis<S, A>>(
        &self,
        _axis: A,
        arg: R,
    ) -> Result<TensorView<'a, T, R::Out>, ShapeError> {
        let mut args = alloc::vec![SliceArg::FULL; R::AXIS];
        args.push(arg.arg());
        Ok(typed(self.as_dyn().try_slice(args)?))
    }

    /// [`try_slice_axis`](Self::try_slice_axis), panicking with the error's message.
    #[doc(hidden)]
    #[track_caller]
    pub fn slice_axis<A, R: SliceAxis<S, A>>(&self, axis: A, arg: R) -> TensorView<'a, T, R::Out> {
        or_panic(self.try_slice_axis(axis, arg))
    }
}

// The same on mutable views, which give their borrow to the result (so
// that `slice!(t.view_mut(), 1..3, 0).fill(x)` writes through).
impl<'a, T: Element, S: Layout> TensorViewMut<'a, T, S> {
    /// See [`TensorView::narrow_static`].
    #[doc(hidden)]
    #[track_caller]
    pub fn narrow_static<A, const START: usize, const LEN: usize, X: AnyDim>(
        self,
        _axis: A,
    ) -> TensorViewMut<'a, T, NarrowedStatic<S, A, START, LEN, X>>
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
        typed_mut(or_panic(self.into_dyn().try_narrow(axis, START, LEN)))
    }

    /// See [`TensorView::index_static`].
    #[doc(hidden)]
    #[track_caller]
    pub fn index_static<A, const I: usize>(self, _axis: A) -> TensorViewMut<'a, T, DropDims<S, A>>
    where
        S: IndexStatic<A, I>,
    {
        let axis = <S as IndexStatic<A, I>>::AXIS;
        let index = isize::try_from(I).unwrap_or(isize::MAX);
        typed_mut(or_panic(self.into_dyn().try_index_axis(axis, index)))
    }

    /// See [`TensorView::try_slice_axis`].
    #[doc(hidden)]
    pub fn try_slice_axis<A, R: SliceAxis<S, A>>(
        self,
        _axis: A,
        arg: R,
    ) -> Result<TensorViewMut<'a, T, R::Out>, ShapeError> {
        let mut args = alloc::vec![SliceArg::FULL; R::AXIS];
        args.push(arg.arg());
        Ok(typed_mut(self.into_dyn().try_slice(args)?))
    }

    /// See [`TensorView::slice_axis`].
    #[doc(hidden)]
    #[track_caller]
    pub fn slice_axis<A, R: SliceAxis<S, A>>(
        self,
        axis: A,
        arg: R,
    ) -> TensorViewMut<'a, T, R::Out> {
        or_panic(self.try_slice_axis(axis, arg))
    }
}
