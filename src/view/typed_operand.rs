//! [`TypedOperand`]: a static or mixed tensor or a typed view of one, the
//! operand of the operations that take either (`matmul`, `where_cond`,
//! `masked_fill`, `cat`) with its layout in the type.

use alloc::borrow::Cow;

use super::static_view::{TensorView, TensorViewMut};
use crate::element::Element;
use crate::shape::list::{Dims, Layout};
use crate::tensor::Tensor;

mod sealed {
    pub trait Sealed {}
}

/// A [`Tensor`] of a static or mixed layout, or a [`TensorView`] /
/// [`TensorViewMut`] of one (by reference): an operand whose layout
/// [`Layout`](TypedOperand::Layout) the compiler knows.
///
/// ```
/// use shaped::{shape, AxisFromEnd, Dyn, Tensor};
/// let q = Tensor::<f32, shape![Dyn, 16, 32]>::ones_sized(&[2]);
/// let k = Tensor::<f32, shape![Dyn, 16, 32]>::ones_sized(&[2]);
/// // k's transpose is a view: nothing is copied.
/// let s: Tensor<f32, shape![Dyn, 16, 16]> =
///     q.matmul(&k.view().transpose(AxisFromEnd::<2>, AxisFromEnd::<1>));
/// assert_eq!(s[[1, 3, 4]], 32.0);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a static or mixed tensor or a typed view of one",
    label = "expected a `Tensor` or a `TensorView` of a static or mixed layout",
    note = "a runtime-shaped operand (`DynTensor`, `DynView`) goes with the runtime operations: convert it with `Tensor::try_from` first"
)]
pub trait TypedOperand<T: Element>: sealed::Sealed {
    /// The operand's layout.
    type Layout: Layout;
    /// The operand as a typed view.
    fn typed_view(&self) -> TensorView<'_, T, Self::Layout>;
    /// The operand as a tensor, when it is one (contiguous, row-major).
    fn as_tensor(&self) -> Option<&Tensor<T, Self::Layout>> {
        None
    }
}

impl<T: Element, S: Layout> sealed::Sealed for Tensor<T, S> {}
impl<T: Element, S: Layout> TypedOperand<T> for Tensor<T, S> {
    type Layout = S;
    #[inline(always)]
    fn typed_view(&self) -> TensorView<'_, T, S> {
        self.view()
    }
    #[inline(always)]
    fn as_tensor(&self) -> Option<&Tensor<T, S>> {
        Some(self)
    }
}
impl<T, S> sealed::Sealed for TensorView<'_, T, S> {}
impl<T: Element, S: Layout> TypedOperand<T> for TensorView<'_, T, S> {
    type Layout = S;
    #[inline(always)]
    fn typed_view(&self) -> TensorView<'_, T, S> {
        self.clone()
    }
}
impl<T, S> sealed::Sealed for TensorViewMut<'_, T, S> {}
impl<T: Element, S: Layout> TypedOperand<T> for TensorViewMut<'_, T, S> {
    type Layout = S;
    #[inline(always)]
    fn typed_view(&self) -> TensorView<'_, T, S> {
        self.view()
    }
}
impl<O: sealed::Sealed + ?Sized> sealed::Sealed for &O {}
impl<T: Element, O: TypedOperand<T> + ?Sized> TypedOperand<T> for &O {
    type Layout = O::Layout;
    #[inline(always)]
    fn typed_view(&self) -> TensorView<'_, T, O::Layout> {
        (**self).typed_view()
    }
    #[inline(always)]
    fn as_tensor(&self) -> Option<&Tensor<T, O::Layout>> {
        (**self).as_tensor()
    }
}

/// The operand's elements, row-major (borrowed from a tensor, copied once
/// from a view), and its sizes: how the operations that need contiguous
/// elements (`cat`, `stack`, `contract`, `einsum!`, `zip`) read a view.
pub(crate) fn row_major<T: Element, P: TypedOperand<T> + ?Sized>(p: &P) -> (Cow<'_, [T]>, Dims) {
    match p.as_tensor() {
        Some(t) => (Cow::Borrowed(t.as_slice()), t.shape()),
        None => {
            let v = p.typed_view();
            (Cow::Owned(v.to_vec()), Dims::from_slice(v.shape()))
        }
    }
}
