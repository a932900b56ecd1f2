//! The arithmetic on views: `+ - * / %` between views and tensors of every
//! kind (`&a.t() + &b`, `&row + &t`), the `try_` forms returning the
//! error, and in-place operations with a mutable view as the target
//! (`v += &x`, `t.slice_mut(s![0, ..]) *= &y`).
//!
//! Shapes broadcast as between tensors and errors are the same. Unnamed
//! operands go straight to the kernel's strided entry
//! ([`kernel::binary_strided_vec`]), which reads each view where it lies
//! (no copy) and writes the result's rows straight into its storage.
//! Named views
//! align by name as tensors do, the aligned operand being a view with
//! permuted strides (no copy either).

use core::ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Rem, RemAssign, Sub, SubAssign};

use super::binary_op::{AddOp, BinaryOp, DivOp, MulOp, RemOp, SubOp};
use super::tensor::or_panic;
use crate::element::Element;
use crate::error::{ShapeError, checked_numel, vec_for};
use crate::kernel::{self, StridedOperand};
use crate::ops::RhsOf;
use crate::shape::broadcast::BroadcastTo;
use crate::shape::broadcast::{broadcast_pair, check_broadcast_to};
use crate::shape::list::Layout;
use crate::shape::names::runtime::{Plan, boxed, plan, positional as positional_names, strs};
use crate::tensor::{DynTensor, Tensor};
use crate::view::{DynView, DynViewMut, KernelView, Strided, TensorView, TensorViewMut};
use alloc::vec::Vec;

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

/// A view as the kernel's operand: elements from its first one (a view
/// with a reversed axis was copied by [`DynView::try_for_kernel`]).
fn operand<'v, T: Clone>(v: &'v KernelView<'_, T>) -> StridedOperand<'v, T> {
    StridedOperand {
        data: v.data(),
        dims: v.dims(),
        strides: v.strides(),
    }
}

/// `y` laid out in `x`'s order as a by-name plan says: axis `i` is `y`'s
/// axis `slots[i]`, or a size-1 axis where it has none. Only the strides
/// move: no copy, whatever the order of `y`'s names.
fn aligned_view<'v, T>(y: &DynView<'v, T>, p: &Plan) -> DynView<'v, T> {
    let strides: Vec<isize> = p
        .slots
        .iter()
        .map(|s| s.map_or(0, |j| y.strides()[j]))
        .collect();
    DynView::from_layout(
        y.data,
        Strided::new(&p.y_aligned, &strides, y.layout.offset),
        None,
    )
}

/// The same view without names.
fn unnamed<'v, T>(v: &DynView<'v, T>) -> DynView<'v, T> {
    DynView::from_layout(v.data, v.layout.clone(), None)
}

/// `a op b` for two views: by name when both are named (the guide's rules chapter,
/// section 5, as between tensors: the shorter aligned to the longer, here
/// by its strides), else positional with the names carried over; then
/// the strided kernel. Nothing is copied.
pub(crate) fn binary_views<T: Element, Op: BinaryOp<T>>(
    a: &DynView<'_, T>,
    b: &DynView<'_, T>,
) -> Result<DynTensor<T>, ShapeError> {
    let an = a.names.as_deref().map(strs);
    let bn = b.names.as_deref().map(strs);
    if let (Some(an), Some(bn)) = (&an, &bn) {
        let p = plan(a.shape(), an, b.shape(), bn, false)?;
        let (x, y) = if p.swapped { (b, a) } else { (a, b) };
        let (xs, ys) = (unnamed(x), aligned_view(y, &p));
        let (l, r) = if p.swapped { (ys, xs) } else { (xs, ys) };
        let mut out = binary_unnamed::<T, Op>(&l, &r)?;
        out.names = x.names.clone();
        return Ok(out);
    }
    if an.is_none() && bn.is_none() {
        return binary_unnamed::<T, Op>(a, b);
    }
    let mut out = binary_unnamed::<T, Op>(&unnamed(a), &unnamed(b))?;
    out.names = boxed(&positional_names(
        an.as_deref(),
        bn.as_deref(),
        out.dims().len(),
    ));
    Ok(out)
}

/// `a op b` for two unnamed views: the broadcast shape, then the strided kernel.
fn binary_unnamed<T: Element, Op: BinaryOp<T>>(
    a: &DynView<'_, T>,
    b: &DynView<'_, T>,
) -> Result<DynTensor<T>, ShapeError> {
    let shape = broadcast_pair(a.shape(), b.shape())?;
    let n = checked_numel::<T>(&shape)?;
    if n != 0 && Op::CHECKS {
        Op::check(&b.contiguous())?;
    }
    #[cfg(feature = "std")]
    crate::legacy::check(a.shape(), b.shape(), &shape);
    let mut data = vec_for::<T>(&shape)?;
    if a.layout.is_forward() && b.layout.is_forward() {
        let (a, b) = (a.try_for_kernel()?, b.try_for_kernel()?);
        kernel::binary_strided_vec(&mut data, &shape, operand(&a), operand(&b), Op::apply);
    } else if n != 0 {
        binary_reversed::<T, Op>(&mut data, &shape, a, b)?;
    }
    Ok(DynTensor::from_parts(data, &shape))
}

/// Elements per block of [`binary_reversed`]: 64 KiB of `f32`, so that
/// each block's copy is still in cache when the kernel reads it.
const REVERSED_BLOCK: usize = 16 * 1024;

/// [`binary_unnamed`]'s kernel call when an operand has a reversed axis:
/// the kernels take no negative strides, so each operand is copied as
/// they need it, but a block of the outermost axis at a time (about
/// [`REVERSED_BLOCK`] elements) rather than whole, and each block's
/// result is appended in order. A whole copy of a large operand cost a
/// fresh buffer's page faults on every call: 2.4 ms against ndarray's
/// 0.59 ms for a `[1024, 1024]` `f32` sum with a reversed operand.
fn binary_reversed<T: Element, Op: BinaryOp<T>>(
    data: &mut Vec<T>,
    shape: &[usize],
    a: &DynView<'_, T>,
    b: &DynView<'_, T>,
) -> Result<(), ShapeError> {
    // Not empty (checked by the caller), so no size is 0; and a rank-0
    // shape has no axis to reverse.
    let (a, b) = (a.try_broadcast_to(shape)?, b.try_broadcast_to(shape)?);
    let rows = shape[0];
    let per_row = shape[1..].iter().product::<usize>();
    let step = (REVERSED_BLOCK / per_row).max(1);
    let mut start = 0;
    while start < rows {
        let len = step.min(rows - start);
        let (a, b) = (a.try_narrow(0, start, len)?, b.try_narrow(0, start, len)?);
        let (ka, kb) = (a.try_for_kernel()?, b.try_for_kernel()?);
        kernel::binary_strided_vec(data, a.shape(), operand(&ka), operand(&kb), Op::apply);
        start += len;
    }
    Ok(())
}

/// `out op= b`: `b` must broadcast to `out`'s shape (by name when both
/// are named, aligned by its strides); `out` is unchanged on error.
pub(crate) fn assign_view<T: Element, Op: BinaryOp<T>>(
    out: &mut DynViewMut<'_, T>,
    b: &DynView<'_, T>,
) -> Result<(), ShapeError> {
    if let (Some(on), Some(bn)) = (out.names.as_deref(), b.names.as_deref()) {
        let p = plan(out.shape(), &strs(on), b.shape(), &strs(bn), true)?;
        let b = aligned_view(b, &p);
        return assign_unnamed::<T, Op>(out, &b);
    }
    assign_unnamed::<T, Op>(out, b)
}

/// `out op= b`, positionally.
fn assign_unnamed<T: Element, Op: BinaryOp<T>>(
    out: &mut DynViewMut<'_, T>,
    b: &DynView<'_, T>,
) -> Result<(), ShapeError> {
    check_broadcast_to(out.shape(), b.shape())?;
    if out.numel() != 0 && Op::CHECKS {
        Op::check(&b.contiguous())?;
    }
    if out.numel() == 0 {
        return Ok(());
    }
    // A reversed operand is copied whole here, not by blocks as in
    // `binary_reversed`: the copy is made before anything is written, so
    // `out` is unchanged if the allocator refuses it.
    let (mut target, b) = out.for_kernel_target(b);
    let b = b.try_for_kernel()?;
    let (data, dims, strides) = target.parts();
    kernel::assign_strided(data, dims, strides, operand(&b), Op::apply);
    Ok(())
}

/// Every element of `out` replaced by `b`'s (same shape, checked by the caller).
/// A copy of `b` the allocator refuses (a reversed operand is copied
/// first) panics with [`ShapeError::TooLarge`]'s message.
#[track_caller]
pub(crate) fn write_back<T: Copy>(out: &mut DynViewMut<'_, T>, b: &DynView<'_, T>) {
    if out.numel() == 0 {
        return;
    }
    let (mut target, b) = out.for_kernel_target(b);
    let b = or_panic(b.try_for_kernel());
    let (data, dims, strides) = target.parts();
    kernel::assign_strided(data, dims, strides, operand(&b), |_, x| x);
}

/// `a op b` for operands of static or mixed layouts, in the layout `O`
/// the compiler computed for them (a `Dyn` size is checked here, with
/// PyTorch's message on a mismatch).
#[track_caller]
fn typed_binary<T: Element, Op: BinaryOp<T>, O: Layout>(
    a: &DynView<'_, T>,
    b: &DynView<'_, T>,
) -> Tensor<T, O> {
    let out = or_panic(binary_views::<T, Op>(a, b));
    let dims = out.dims().to_vec();
    Tensor::from_checked(out.into_vec(), &dims)
}

// The operators of typed views: with a typed view or a static or mixed
// tensor on the other side the result is typed (`R: RhsOf<S>`, the bound
// of the tensors' operators); with a runtime-shaped operand it is a
// `DynTensor`; with a scalar it keeps the view's layout.
macro_rules! typed_view_ops {
    (@lhs $Trait:ident $method:ident $Assign:ident $assign:ident $Op:ident, $([$($Lhs:tt)*])*) => {$(
        impl<'a, T: Element, S: Layout, R: RhsOf<S>> $Trait<&TensorView<'_, T, R>> for $($Lhs)* {
            type Output = Tensor<T, R::Out>;
            #[track_caller]
            fn $method(self, rhs: &TensorView<'_, T, R>) -> Tensor<T, R::Out> {
                typed_binary::<T, $Op, R::Out>(&self, rhs)
            }
        }
        impl<'a, T: Element, S: Layout, R: RhsOf<S>> $Trait<TensorView<'_, T, R>> for $($Lhs)* {
            type Output = Tensor<T, R::Out>;
            #[track_caller]
            fn $method(self, rhs: TensorView<'_, T, R>) -> Tensor<T, R::Out> {
                typed_binary::<T, $Op, R::Out>(&self, &rhs)
            }
        }
        impl<'a, T: Element, S: Layout, R: RhsOf<S>> $Trait<&Tensor<T, R>> for $($Lhs)* {
            type Output = Tensor<T, R::Out>;
            #[track_caller]
            fn $method(self, rhs: &Tensor<T, R>) -> Tensor<T, R::Out> {
                typed_binary::<T, $Op, R::Out>(&self, &rhs.view())
            }
        }
        impl<'a, T: Element, S: Layout, R: RhsOf<S>> $Trait<Tensor<T, R>> for $($Lhs)* {
            type Output = Tensor<T, R::Out>;
            #[track_caller]
            fn $method(self, rhs: Tensor<T, R>) -> Tensor<T, R::Out> {
                typed_binary::<T, $Op, R::Out>(&self, &rhs.view())
            }
        }
        impl<'a, T: Element, S: Layout> $Trait<T> for $($Lhs)* {
            type Output = Tensor<T, S>;
            #[track_caller]
            fn $method(self, rhs: T) -> Tensor<T, S> {
                let one = [rhs];
                let b = DynView::from_layout(&one, Strided::row_major(&[]), None);
                typed_binary::<T, $Op, S>(&self, &b)
            }
        }
        impl<'a, T: Element, S: Layout> $Trait<&DynTensor<T>> for $($Lhs)* {
            type Output = DynTensor<T>;
            #[track_caller]
            fn $method(self, rhs: &DynTensor<T>) -> DynTensor<T> {
                or_panic(binary_views::<T, $Op>(&self, &rhs.view()))
            }
        }
        impl<'a, T: Element, S: Layout> $Trait<DynTensor<T>> for $($Lhs)* {
            type Output = DynTensor<T>;
            #[track_caller]
            fn $method(self, rhs: DynTensor<T>) -> DynTensor<T> {
                or_panic(binary_views::<T, $Op>(&self, &rhs.view()))
            }
        }
        impl<'a, T: Element, S: Layout> $Trait<&DynView<'_, T>> for $($Lhs)* {
            type Output = DynTensor<T>;
            #[track_caller]
            fn $method(self, rhs: &DynView<'_, T>) -> DynTensor<T> {
                or_panic(binary_views::<T, $Op>(&self, rhs))
            }
        }
        impl<'a, T: Element, S: Layout> $Trait<DynView<'_, T>> for $($Lhs)* {
            type Output = DynTensor<T>;
            #[track_caller]
            fn $method(self, rhs: DynView<'_, T>) -> DynTensor<T> {
                or_panic(binary_views::<T, $Op>(&self, &rhs))
            }
        }
    )*};
    (@tensor $Trait:ident $method:ident $Op:ident, $([$($Lhs:tt)*])*) => {$(
        impl<'a, T: Element, S: Layout, R: RhsOf<S>> $Trait<&TensorView<'a, T, R>> for $($Lhs)* {
            type Output = Tensor<T, R::Out>;
            #[track_caller]
            fn $method(self, rhs: &TensorView<'a, T, R>) -> Tensor<T, R::Out> {
                typed_binary::<T, $Op, R::Out>(&self.view(), rhs)
            }
        }
        impl<'a, T: Element, S: Layout, R: RhsOf<S>> $Trait<TensorView<'a, T, R>> for $($Lhs)* {
            type Output = Tensor<T, R::Out>;
            #[track_caller]
            fn $method(self, rhs: TensorView<'a, T, R>) -> Tensor<T, R::Out> {
                typed_binary::<T, $Op, R::Out>(&self.view(), &rhs)
            }
        }
    )*};
}

/// In-place operations with a runtime-shaped right side, checked at run time.
macro_rules! runtime_rhs {
    ($Assign:ident $assign:ident $Op:ident, $Lhs:ty, $([$($Rhs:tt)*])*) => {$(
        impl<'a, T: Element, S: Layout> $Assign<$($Rhs)*> for $Lhs {
            #[track_caller]
            fn $assign(&mut self, rhs: $($Rhs)*) {
                or_panic(assign_view::<T, $Op>(self, &rhs.as_view()))
            }
        }
    )*};
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
        typed_view_ops!(@lhs $Trait $method $Assign $assign $Op, [&TensorView<'a, T, S>] [TensorView<'a, T, S>]);
        typed_view_ops!(@tensor $Trait $method $Op, [&Tensor<T, S>] [Tensor<T, S>]);
        impl<'a, T: Element, S: Layout, R: BroadcastTo<S>> $Assign<&TensorView<'_, T, R>> for TensorViewMut<'a, T, S> {
            #[track_caller]
            fn $assign(&mut self, rhs: &TensorView<'_, T, R>) {
                or_panic(assign_view::<T, $Op>(self, rhs))
            }
        }
        impl<'a, T: Element, S: Layout, R: BroadcastTo<S>> $Assign<TensorView<'_, T, R>> for TensorViewMut<'a, T, S> {
            #[track_caller]
            fn $assign(&mut self, rhs: TensorView<'_, T, R>) {
                or_panic(assign_view::<T, $Op>(self, &rhs))
            }
        }
        impl<'a, T: Element, S: Layout, R: BroadcastTo<S>> $Assign<&Tensor<T, R>> for TensorViewMut<'a, T, S> {
            #[track_caller]
            fn $assign(&mut self, rhs: &Tensor<T, R>) {
                or_panic(assign_view::<T, $Op>(self, &rhs.view()))
            }
        }
        impl<'a, T: Element, S: Layout, R: BroadcastTo<S>> $Assign<Tensor<T, R>> for TensorViewMut<'a, T, S> {
            #[track_caller]
            fn $assign(&mut self, rhs: Tensor<T, R>) {
                or_panic(assign_view::<T, $Op>(self, &rhs.view()))
            }
        }
        impl<'a, T: Element, S: Layout> $Assign<T> for TensorViewMut<'a, T, S> {
            #[track_caller]
            fn $assign(&mut self, rhs: T) {
                let one = [rhs];
                let b = DynView::from_layout(&one, Strided::row_major(&[]), None);
                or_panic(assign_view::<T, $Op>(self, &b))
            }
        }
        runtime_rhs!($Assign $assign $Op, TensorViewMut<'a, T, S>, [&DynTensor<T>] [DynTensor<T>] [&DynView<'_, T>] [DynView<'_, T>]);
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
