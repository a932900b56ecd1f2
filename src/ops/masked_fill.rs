//! Plain numbers where PyTorch takes them: the operand of `where_cond`
//! and of the comparisons ([`TensorArg`]: a tensor, a typed view or a
//! number, which broadcasts as a rank-0 tensor), and `masked_fill`
//! (PyTorch's `t.masked_fill(mask, value)`) on every tensor kind.
//!
//! ```
//! use shaped::{shape, Tensor};
//! let scores = Tensor::<f32, shape![3, 3]>::arange();
//! let upper = scores.gt(4.0);                         // a Mask<shape![3, 3]>
//! let a: Tensor<f32, shape![3, 3]> = scores.masked_fill(&upper, f32::NEG_INFINITY);
//! let b: Tensor<f32, shape![3, 3]> = upper.where_cond(f32::NEG_INFINITY, &scores);
//! assert_eq!(a, b);
//! assert_eq!(a[[1, 1]], 4.0);
//! assert_eq!(a[[1, 2]], f32::NEG_INFINITY);
//! ```

use alloc::borrow::Cow;
use alloc::vec::Vec;

use super::layout_mask::Mask;
use super::mask::pick;
use crate::element::Element;
use crate::error::ShapeError;
use crate::shape::broadcast::{BroadcastTo, check_broadcast_to};
use crate::shape::list::{Layout, Nil};
use crate::tensor::{DynTensor, Tensor};
use crate::view::{TensorView, TensorViewMut};

mod sealed {
    pub trait Sealed<T> {}
}

/// A static or mixed tensor, a typed view of one, or a plain number (a
/// rank-0 operand): what `where_cond` and the comparisons
/// (`t.gt(0.0)`, `t.lt(&u)`) take, its layout
/// [`Layout`](TensorArg::Layout) in the type.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tensor, a typed view or a number of element type `{T}`",
    label = "expected a `&Tensor`, a `TensorView` or a plain `{T}`",
    note = "a runtime-shaped operand (`DynTensor`) goes with the runtime operations"
)]
pub trait TensorArg<T: Element>: sealed::Sealed<T> {
    /// The operand's layout (`shape![]` for a number).
    type Layout: Layout;
    /// The elements, row-major, and the sizes.
    fn elements(&self) -> (Cow<'_, [T]>, Vec<usize>);
}

impl<T: Element> sealed::Sealed<T> for T {}
impl<T: Element> TensorArg<T> for T {
    type Layout = Nil;
    fn elements(&self) -> (Cow<'_, [T]>, Vec<usize>) {
        (Cow::Owned(alloc::vec![*self]), Vec::new())
    }
}
impl<T: Element, S: Layout> sealed::Sealed<T> for &Tensor<T, S> {}
impl<T: Element, S: Layout> TensorArg<T> for &Tensor<T, S> {
    type Layout = S;
    fn elements(&self) -> (Cow<'_, [T]>, Vec<usize>) {
        (Cow::Borrowed(self.as_slice()), self.shape().to_vec())
    }
}
impl<T: Element, S: Layout> sealed::Sealed<T> for TensorView<'_, T, S> {}
impl<T: Element, S: Layout> TensorArg<T> for TensorView<'_, T, S> {
    type Layout = S;
    fn elements(&self) -> (Cow<'_, [T]>, Vec<usize>) {
        (Cow::Owned(self.to_vec()), self.shape().to_vec())
    }
}
impl<T: Element, S: Layout> sealed::Sealed<T> for &TensorView<'_, T, S> {}
impl<T: Element, S: Layout> TensorArg<T> for &TensorView<'_, T, S> {
    type Layout = S;
    fn elements(&self) -> (Cow<'_, [T]>, Vec<usize>) {
        (Cow::Owned(self.to_vec()), self.shape().to_vec())
    }
}

/// A runtime-shaped tensor or a plain number: what
/// [`DynTensor::<bool>::where_cond`](crate::DynTensor::<bool>::where_cond)
/// and the comparisons of a [`DynTensor`] (`t.gt(0.0)`, `t.try_lt(&u)`) take.
pub trait RuntimeArg<T: Element>: sealed::Sealed<T> {
    /// The elements, row-major, and the sizes.
    fn elements(&self) -> (Cow<'_, [T]>, Vec<usize>);
    /// `f(a, self)` elementwise with broadcasting (by name where either
    /// side has names), or the broadcasting error.
    #[doc(hidden)]
    fn zip_after<U: Copy>(
        &self,
        a: &DynTensor<T>,
        f: impl Fn(T, T) -> U,
    ) -> Result<DynTensor<U>, ShapeError>;
}
impl<T: Element> RuntimeArg<T> for T {
    fn elements(&self) -> (Cow<'_, [T]>, Vec<usize>) {
        (Cow::Owned(alloc::vec![*self]), Vec::new())
    }
    fn zip_after<U: Copy>(
        &self,
        a: &DynTensor<T>,
        f: impl Fn(T, T) -> U,
    ) -> Result<DynTensor<U>, ShapeError> {
        // A number is a rank-0 operand: it broadcasts with every shape.
        let b = super::operand::Side {
            data: core::slice::from_ref(self),
            dims: &[],
            names: None,
        };
        super::operand::zip(a.side(), b, f)
    }
}
impl<T: Element> sealed::Sealed<T> for &DynTensor<T> {}
impl<T: Element> RuntimeArg<T> for &DynTensor<T> {
    fn elements(&self) -> (Cow<'_, [T]>, Vec<usize>) {
        (Cow::Borrowed(self.as_slice()), self.shape().to_vec())
    }
    fn zip_after<U: Copy>(
        &self,
        a: &DynTensor<T>,
        f: impl Fn(T, T) -> U,
    ) -> Result<DynTensor<U>, ShapeError> {
        super::operand::zip(a.side(), self.side(), f)
    }
}

/// `value` where `mask` (broadcast to `dims`) is `true`, `data` elsewhere;
/// PyTorch's error when the mask does not broadcast to `dims`.
fn filled<T: Element>(
    data: &[T],
    dims: &[usize],
    mask: (&[bool], &[usize]),
    value: T,
) -> Result<Vec<T>, ShapeError> {
    check_broadcast_to(dims, mask.1)?;
    pick(mask, (&[value], &[]), (data, dims), dims)
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// `value` where `mask` is `true`, this tensor's element elsewhere
    /// (PyTorch's `masked_fill`); the mask broadcasts to this tensor's
    /// layout, checked by the compiler (`M: BroadcastTo<S>`), a `Dyn` size
    /// here: the error where it does not fit.
    pub fn try_masked_fill<M: BroadcastTo<S>>(
        &self,
        mask: &Mask<M>,
        value: T,
    ) -> Result<Tensor<T, S>, ShapeError> {
        let dims = self.shape();
        let out = filled(
            self.as_slice(),
            &dims,
            (mask.as_slice(), &mask.shape()),
            value,
        )?;
        Ok(Tensor::from_checked(out, &dims))
    }

    /// [`try_masked_fill`](Self::try_masked_fill), panicking with the
    /// error's message (never for static layouts).
    ///
    /// ```
    /// use shaped::{shape, Dyn, Tensor};
    /// let s = Tensor::<f32, shape![Dyn, 3]>::ones_sized(&[2]);
    /// let causal = Tensor::<i32, shape![3]>::arange().gt(0);    // a Mask<shape![3]>
    /// let m: Tensor<f32, shape![Dyn, 3]> = s.masked_fill(&causal, f32::NEG_INFINITY);
    /// assert_eq!(m.to_vec()[..3], [1.0, f32::NEG_INFINITY, f32::NEG_INFINITY]);
    /// ```
    #[track_caller]
    pub fn masked_fill<M: BroadcastTo<S>>(&self, mask: &Mask<M>, value: T) -> Tensor<T, S> {
        super::or_panic(self.try_masked_fill(mask, value))
    }
}

impl<T: Element, S: Layout> TensorView<'_, T, S> {
    /// [`Tensor::try_masked_fill`] of the view's elements, into a new tensor.
    pub fn try_masked_fill<M: BroadcastTo<S>>(
        &self,
        mask: &Mask<M>,
        value: T,
    ) -> Result<Tensor<T, S>, ShapeError> {
        // The view's elements gathered once, then the tensor's own path.
        self.to_owned().try_masked_fill(mask, value)
    }

    /// [`Tensor::masked_fill`] of the view's elements, into a new tensor.
    #[track_caller]
    pub fn masked_fill<M: BroadcastTo<S>>(&self, mask: &Mask<M>, value: T) -> Tensor<T, S> {
        super::or_panic(self.try_masked_fill(mask, value))
    }
}

impl<T: Element, S: Layout> TensorViewMut<'_, T, S> {
    /// `value` written where `mask` is `true`, in place (PyTorch's
    /// `masked_fill_`); nothing is written on error.
    pub fn try_masked_fill_<M: BroadcastTo<S>>(
        &mut self,
        mask: &Mask<M>,
        value: T,
    ) -> Result<(), ShapeError> {
        let filled = self.view().try_masked_fill(mask, value)?;
        self.assign(filled.view().as_dyn());
        Ok(())
    }

    /// [`try_masked_fill_`](Self::try_masked_fill_), panicking with the
    /// error's message (never for static layouts).
    #[track_caller]
    pub fn masked_fill_<M: BroadcastTo<S>>(&mut self, mask: &Mask<M>, value: T) {
        super::or_panic(self.try_masked_fill_(mask, value))
    }
}

impl<T: Element> DynTensor<T> {
    /// `value` where `mask` is `true`, this tensor's element elsewhere
    /// (PyTorch's `masked_fill`), or PyTorch's error where the mask does
    /// not broadcast to this tensor's shape.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<f32>::ones(&[2, 2]);
    /// let m = DynTensor::from_bools(vec![false, true], &[2]).unwrap();
    /// assert_eq!(t.try_masked_fill(&m, 0.0).unwrap().to_vec(), vec![1.0, 0.0, 1.0, 0.0]);
    /// ```
    pub fn try_masked_fill(&self, mask: &DynTensor<bool>, value: T) -> Result<Self, ShapeError> {
        let out = filled(
            self.as_slice(),
            self.shape(),
            (mask.as_slice(), mask.shape()),
            value,
        )?;
        let mut t = DynTensor::from_parts(out, self.shape());
        t.names = self.names.clone();
        Ok(t)
    }

    /// [`try_masked_fill`](Self::try_masked_fill), panicking with the
    /// error's message.
    #[track_caller]
    pub fn masked_fill(&self, mask: &DynTensor<bool>, value: T) -> Self {
        super::or_panic(self.try_masked_fill(mask, value))
    }
}
