//! A view as the kernels read it: its elements from the first one on,
//! walked with `usize` strides. The kernels keep their unsigned fast
//! paths; a view with a reversed axis (a negative stride, `s![..;-1]`) is
//! handed to them as a contiguous copy, made once here, and every other
//! view as it lies. This is the one place that decides, for every boundary
//! that hands a view's strides to a kernel: the elementwise operations and
//! in-place writes (`ops`), the reductions over axes (`reduce`), matrix
//! products (`matmul`) and linalg's batches. The rest read a view through
//! `to_vec`/`contiguous`/`iter` (einsum's operands, sorting, gathers),
//! which walk signed strides themselves; a whole `sum` reads a reversed
//! view forwards instead ([`Strided::forward`]), and a binary operation
//! hands a reversed operand over a block of rows at a time, so that the
//! copy stays in cache.

use alloc::borrow::Cow;

use super::dyn_view::{DynView, DynViewMut};
use super::layout::Strided;
use crate::error::ShapeError;
use crate::tensor::ShapeBuf;

/// A view's elements as a kernel reads them: element `[i, j, ..]` is
/// `data[i * strides[0] + j * strides[1] + ..]`.
pub(crate) struct KernelView<'v, T: Clone> {
    data: Cow<'v, [T]>,
    dims: &'v [usize],
    strides: ShapeBuf,
}

impl<T: Clone> KernelView<'_, T> {
    /// The elements from the first one on (none when the view is empty).
    #[inline]
    pub(crate) fn data(&self) -> &[T] {
        &self.data
    }

    /// The sizes.
    #[inline]
    pub(crate) fn dims(&self) -> &[usize] {
        self.dims
    }

    /// The strides, none negative.
    #[inline]
    pub(crate) fn strides(&self) -> &[usize] {
        self.strides.as_slice()
    }
}

impl<'a, T> DynView<'a, T> {
    /// The elements from the view's first one on (none when it is empty):
    /// what a kernel reads with non-negative strides.
    #[inline]
    pub(crate) fn first(&self) -> &'a [T] {
        if self.numel() == 0 {
            &[]
        } else {
            &self.data[self.layout.offset..]
        }
    }

    /// The view as the kernels read it: in place when no stride is
    /// negative, else a contiguous copy (or [`ShapeError::TooLarge`] where
    /// the allocator refuses its memory).
    pub(crate) fn try_for_kernel(&self) -> Result<KernelView<'_, T>, ShapeError>
    where
        T: Copy,
    {
        Ok(match self.layout.unsigned_strides() {
            Some(strides) => KernelView {
                data: Cow::Borrowed(self.first()),
                dims: self.shape(),
                strides,
            },
            None => KernelView {
                data: Cow::Owned(self.try_to_vec()?),
                dims: self.shape(),
                strides: ShapeBuf::from_slice(&crate::kernel::strides(self.shape())),
            },
        })
    }
}

/// A mutable view as a kernel writes it: element `[i, j, ..]` is
/// `data[i * strides[0] + j * strides[1] + ..]`, none negative.
pub(crate) struct KernelTarget<'s, T> {
    data: &'s mut [T],
    layout: Strided,
    strides: ShapeBuf,
}

impl<T> KernelTarget<'_, T> {
    /// The elements from the first one written on, the sizes and the
    /// strides, as [`kernel::assign_strided`](crate::kernel::assign_strided) takes them.
    pub(crate) fn parts(&mut self) -> (&mut [T], &[usize], &[usize]) {
        (&mut *self.data, self.layout.dims(), self.strides.as_slice())
    }
}

impl<T> DynViewMut<'_, T> {
    /// The (nonempty) view as a kernel writes it, with `b` (an operand
    /// broadcast to it) reoriented alike: a reversed axis of the target
    /// is written forwards, and `b`'s matching axis read backwards, so
    /// that every element still meets its own operand. An elementwise
    /// write does not depend on the order it visits the elements in.
    pub(crate) fn for_kernel_target<'s, 'b>(
        &'s mut self,
        b: &DynView<'b, T>,
    ) -> (KernelTarget<'s, T>, DynView<'b, T>) {
        let (layout, b) = if self.layout.is_forward() {
            (self.layout.clone(), b.clone())
        } else {
            let (layout, flipped) = self.layout.flip_negative();
            let b_layout = b.layout.flip_axes(&flipped);
            (
                layout,
                DynView::from_layout(b.data, b_layout, b.names.clone()),
            )
        };
        // Read forwards: its first element is its lowest.
        let (offset, strides) = layout.forward();
        let data = &mut self.data[offset..];
        (
            KernelTarget {
                data,
                layout,
                strides,
            },
            b,
        )
    }
}
