//! The arithmetic on views: `+ - * / %` between views and tensors of every
//! kind (`&a.t() + &b`, `&row + &t`), the `try_` forms returning the
//! error, and in-place operations with a mutable view as the target
//! (`v += &x`, `t.slice_mut(s![0, ..]) *= &y`).
//!
//! Shapes broadcast as between tensors and errors are the same. Unnamed
//! operands go straight to the kernel's strided entry
//! ([`kernel::binary_strided`]), which reads each view where it lies: no
//! copy, and a contiguous view runs on the tensors' row loops. Named views
//! align by name through the tensors' path (on contiguous copies).

use core::ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Rem, RemAssign, Sub, SubAssign};

use super::binary_op::{AddOp, BinaryOp, DivOp, MulOp, RemOp, SubOp};
use super::tensor::or_panic;
use crate::element::Element;
use crate::error::{ShapeError, checked_numel, vec_for};
use crate::kernel::{self, StridedOperand};
use crate::shape::broadcast::{broadcast_pair, check_broadcast_to};
use crate::shape::list::Layout;
use crate::tensor::{DynTensor, Tensor};
use crate::view::{DynView, DynViewMut, TensorView, TensorViewMut};

mod sealed {
    pub trait Sealed {}
}

/// Anything that can be seen as a [`DynView`]: views, mutable views and
/// tensors of every kind, by value or by reference. The right operand of
/// the arithmetic on views.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tensor or a view",
    label = "expected a `DynView`, a `DynTensor` or a `Tensor` (or a reference to one)"
)]
pub trait AsView<T>: sealed::Sealed {
    /// The operand as a shared view.
    fn as_view(&self) -> DynView<'_, T>;
}

impl<T> sealed::Sealed for DynView<'_, T> {}
impl<T> AsView<T> for DynView<'_, T> {
    fn as_view(&self) -> DynView<'_, T> {
        self.clone()
    }
}
impl<T> sealed::Sealed for DynViewMut<'_, T> {}
impl<T> AsView<T> for DynViewMut<'_, T> {
    fn as_view(&self) -> DynView<'_, T> {
        self.view()
    }
}
impl<T> sealed::Sealed for DynTensor<T> {}
impl<T> AsView<T> for DynTensor<T> {
    fn as_view(&self) -> DynView<'_, T> {
        self.view()
    }
}
impl<T: Element, S: Layout> sealed::Sealed for Tensor<T, S> {}
impl<T: Element, S: Layout> AsView<T> for Tensor<T, S> {
    fn as_view(&self) -> DynView<'_, T> {
        self.view().as_dyn()
    }
}
impl<T, S> sealed::Sealed for TensorView<'_, T, S> {}
impl<T: Element, S: Layout> AsView<T> for TensorView<'_, T, S> {
    fn as_view(&self) -> DynView<'_, T> {
        self.as_dyn()
    }
}
impl<V: sealed::Sealed + ?Sized> sealed::Sealed for &V {}
impl<T, V: AsView<T> + ?Sized> AsView<T> for &V {
    fn as_view(&self) -> DynView<'_, T> {
        (**self).as_view()
    }
}

/// The view as the kernel's operand: elements from its first one.
fn operand<'v, T>(v: &'v DynView<'_, T>) -> StridedOperand<'v, T> {
    let numel = v.numel();
    StridedOperand {
        data: if numel == 0 {
            &[]
        } else {
            &v.data[v.layout.offset..]
        },
        dims: v.shape(),
        strides: v.strides(),
    }
}

/// `a op b` for two views: the broadcast shape, then the strided kernel.
pub(crate) fn binary_views<T: Element, Op: BinaryOp<T>>(
    a: &DynView<'_, T>,
    b: &DynView<'_, T>,
) -> Result<DynTensor<T>, ShapeError> {
    if a.names.is_some() || b.names.is_some() {
        let (a, b) = (a.to_owned(), b.to_owned());
        return DynTensor::binary::<Op>(a.side(), b.side());
    }
    let shape = broadcast_pair(a.shape(), b.shape())?;
    let n = checked_numel::<T>(&shape)?;
    if n != 0 {
        Op::check(&b.contiguous())?;
    }
    #[cfg(feature = "std")]
    crate::legacy::check(a.shape(), b.shape(), &shape);
    let mut data = vec_for::<T>(&shape)?;
    kernel::binary_strided(&mut data, &shape, operand(a), operand(b), Op::apply);
    Ok(DynTensor::from_parts(data, &shape))
}

/// `out op= b`: `b` must broadcast to `out`'s shape; `out` is unchanged
/// on error.
pub(crate) fn assign_view<T: Element, Op: BinaryOp<T>>(
    out: &mut DynViewMut<'_, T>,
    b: &DynView<'_, T>,
) -> Result<(), ShapeError> {
    if out.names.is_some() || b.names.is_some() {
        // Aligned by name on a copy, then written back.
        let mut tmp = out.to_owned();
        tmp.assign::<Op>(b.to_owned().side())?;
        write_back(out, &tmp.view());
        return Ok(());
    }
    check_broadcast_to(out.shape(), b.shape())?;
    if out.numel() != 0 {
        Op::check(&b.contiguous())?;
    }
    let b = operand(b);
    let (offset, numel) = (out.layout.offset, out.numel());
    if numel == 0 {
        return Ok(());
    }
    let layout = out.layout.clone();
    kernel::assign_strided(
        &mut out.data[offset..],
        layout.dims(),
        layout.strides(),
        b,
        Op::apply,
    );
    Ok(())
}

/// Every element of `out` replaced by `b`'s (same shape, checked by the caller).
pub(crate) fn write_back<T: Copy>(out: &mut DynViewMut<'_, T>, b: &DynView<'_, T>) {
    if out.numel() == 0 {
        return;
    }
    let offset = out.layout.offset;
    let layout = out.layout.clone();
    kernel::assign_strided(
        &mut out.data[offset..],
        layout.dims(),
        layout.strides(),
        operand(b),
        |_, x| x,
    );
}

macro_rules! view_ops {
    ($($Trait:ident $method:ident $Assign:ident $assign:ident $try:ident $try_assign:ident $Op:ident $sym:literal),*) => {$(
        impl<'a, T: Element> DynView<'a, T> {
            #[doc = concat!("`self ", $sym, " other` with broadcasting, or the PyTorch error; `other` is a view or a tensor of any kind.")]
            pub fn $try(&self, other: impl AsView<T>) -> Result<DynTensor<T>, ShapeError> {
                binary_views::<T, $Op>(self, &other.as_view())
            }
        }
        impl<'a, T: Element> DynViewMut<'a, T> {
            #[doc = concat!("`self ", $sym, "= other` in place: `other` must broadcast to this view's shape; on error nothing is written.")]
            pub fn $try_assign(&mut self, other: impl AsView<T>) -> Result<(), ShapeError> {
                assign_view::<T, $Op>(self, &other.as_view())
            }
        }
        impl<'a, T: Element, R: AsView<T>> $Trait<R> for &DynView<'a, T> {
            type Output = DynTensor<T>;
            #[track_caller]
            fn $method(self, rhs: R) -> DynTensor<T> {
                or_panic(binary_views::<T, $Op>(self, &rhs.as_view()))
            }
        }
        impl<'a, T: Element, R: AsView<T>> $Trait<R> for DynView<'a, T> {
            type Output = DynTensor<T>;
            #[track_caller]
            fn $method(self, rhs: R) -> DynTensor<T> {
                or_panic(binary_views::<T, $Op>(&self, &rhs.as_view()))
            }
        }
        impl<'a, T: Element> $Trait<&DynView<'a, T>> for &DynTensor<T> {
            type Output = DynTensor<T>;
            #[track_caller]
            fn $method(self, rhs: &DynView<'a, T>) -> DynTensor<T> {
                or_panic(binary_views::<T, $Op>(&self.view(), rhs))
            }
        }
        impl<'a, T: Element> $Trait<DynView<'a, T>> for &DynTensor<T> {
            type Output = DynTensor<T>;
            #[track_caller]
            fn $method(self, rhs: DynView<'a, T>) -> DynTensor<T> {
                or_panic(binary_views::<T, $Op>(&self.view(), &rhs))
            }
        }
        impl<'a, T: Element, S: Layout> $Trait<&DynView<'a, T>> for &Tensor<T, S> {
            type Output = DynTensor<T>;
            #[track_caller]
            fn $method(self, rhs: &DynView<'a, T>) -> DynTensor<T> {
                or_panic(binary_views::<T, $Op>(&self.view().as_dyn(), rhs))
            }
        }
        impl<'a, T: Element, S: Layout, R: AsView<T>> $Trait<R> for &TensorView<'a, T, S> {
            type Output = DynTensor<T>;
            #[track_caller]
            fn $method(self, rhs: R) -> DynTensor<T> {
                or_panic(binary_views::<T, $Op>(&self.as_dyn(), &rhs.as_view()))
            }
        }
        impl<'a, T: Element, S: Layout, R: AsView<T>> $Assign<R> for TensorViewMut<'a, T, S> {
            #[track_caller]
            fn $assign(&mut self, rhs: R) {
                or_panic(assign_view::<T, $Op>(self, &rhs.as_view()))
            }
        }
        impl<'a, T: Element, R: AsView<T>> $Assign<R> for DynViewMut<'a, T> {
            #[track_caller]
            fn $assign(&mut self, rhs: R) {
                or_panic(assign_view::<T, $Op>(self, &rhs.as_view()))
            }
        }
        impl<'a, T: Element> $Assign<&DynView<'a, T>> for DynTensor<T> {
            #[track_caller]
            fn $assign(&mut self, rhs: &DynView<'a, T>) {
                or_panic(assign_view::<T, $Op>(&mut self.view_mut(), rhs))
            }
        }
        impl<'a, T: Element> $Assign<DynView<'a, T>> for DynTensor<T> {
            #[track_caller]
            fn $assign(&mut self, rhs: DynView<'a, T>) {
                or_panic(assign_view::<T, $Op>(&mut self.view_mut(), &rhs))
            }
        }
    )*};
}
view_ops!(
    Add add AddAssign add_assign try_add try_add_assign AddOp "+",
    Sub sub SubAssign sub_assign try_sub try_sub_assign SubOp "-",
    Mul mul MulAssign mul_assign try_mul try_mul_assign MulOp "*",
    Div div DivAssign div_assign try_div try_div_assign DivOp "/",
    Rem rem RemAssign rem_assign try_rem try_rem_assign RemOp "%"
);

impl<'a, T: Copy> DynViewMut<'a, T> {
    /// Every element replaced by `src`'s, which must broadcast to this
    /// view's shape (`t.slice_mut(s![0, ..]).assign(&row)`).
    pub fn try_assign(&mut self, src: impl AsView<T>) -> Result<(), ShapeError> {
        let src = src.as_view();
        check_broadcast_to(self.shape(), src.shape())?;
        let src = src.broadcast_to(self.shape());
        write_back(self, &src);
        Ok(())
    }

    /// [`try_assign`](Self::try_assign), panicking with the error's message.
    #[track_caller]
    pub fn assign(&mut self, src: impl AsView<T>) {
        or_panic(self.try_assign(src))
    }
}
