//! Where a view's elements are: sizes, a stride per axis (in elements) and
//! the offset of the first element, over some borrowed storage. Every view
//! operation (slicing, indexing, transposing, broadcasting) is arithmetic on
//! this, never a copy.
//!
//! The arithmetic cannot overflow: every layout comes from a tensor whose
//! shape keeps the crate's size policy (every size, and the product of the
//! nonzero sizes, at most `isize::MAX`; see
//! [`ShapeError::TooLarge`](crate::ShapeError::TooLarge)), and the view
//! operations only shrink sizes, reorder them or add stride-0 axes (a
//! broadcast's target shape is checked against the same policy). So a
//! row-major stride is at most that product, and an offset moves only when
//! the result is not empty, to the position of an element of the storage.

use alloc::boxed::Box;
use alloc::vec::Vec;

use crate::error::ShapeError;
use crate::tensor::ShapeBuf;

/// A strided layout: element `[i, j, ..]` is at
/// `offset + i * strides[0] + j * strides[1] + ..`.
#[derive(Clone)]
pub(crate) struct Strided {
    axes: Axes,
    pub(crate) offset: usize,
    /// The element count if the layout is contiguous, worked out once
    /// when it is built ([`Strided::new`]), so that reading a view as a
    /// slice (a row of `rows()`, say) costs no loop.
    contig: Option<usize>,
}

/// Views of up to this rank keep their sizes and strides inline.
const INLINE_AXES: usize = 4;

/// The sizes and strides: inline up to [`INLINE_AXES`] axes, so that a
/// view (a row of `rows()`, say) is made and dropped without the
/// allocator and with little to copy.
#[derive(Clone)]
enum Axes {
    Inline {
        /// A whole word, not a byte: a byte beside the tag was copied as
        /// two overlapping 4-byte moves whose loads stalled on the stores
        /// before them (three quarters of each row's time in `rows()`).
        rank: usize,
        dims: [usize; INLINE_AXES],
        strides: [usize; INLINE_AXES],
    },
    /// The sizes, then the strides.
    Heap(Box<[usize]>),
}

impl Strided {
    /// The layout of `dims` and `strides` from `offset`.
    pub(crate) fn new(dims: &[usize], strides: &[usize], offset: usize) -> Self {
        let rank = dims.len();
        let axes = if rank <= INLINE_AXES {
            let (mut d, mut s) = ([0; INLINE_AXES], [0; INLINE_AXES]);
            d[..rank].copy_from_slice(dims);
            s[..rank].copy_from_slice(strides);
            Axes::Inline {
                rank,
                dims: d,
                strides: s,
            }
        } else {
            Axes::Heap(dims.iter().chain(strides).copied().collect())
        };
        let mut s = Strided {
            axes,
            offset,
            contig: None,
        };
        s.contig = s.compute_contig();
        s
    }

    /// The row-major layout of `dims` from offset 0.
    pub(crate) fn row_major(dims: &[usize]) -> Self {
        let mut strides = ShapeBuf::zeroed(dims.len());
        let s = strides.as_mut_slice();
        let mut acc = 1usize;
        for i in (0..dims.len()).rev() {
            s[i] = acc;
            // A product of sizes after the last 0 (then 0), which the size
            // policy keeps at most `isize::MAX`: saturating only so that a
            // shape outside it could never wrap.
            acc = acc.saturating_mul(dims[i]);
        }
        Strided::new(dims, strides.as_slice(), 0)
    }

    /// The sizes.
    #[inline(always)]
    pub(crate) fn dims(&self) -> &[usize] {
        match &self.axes {
            Axes::Inline { rank, dims, .. } => &dims[..*rank],
            Axes::Heap(b) => &b[..b.len() / 2],
        }
    }

    /// The sizes and the strides, mutably (the caller refreshes `contig`).
    fn axes_mut(&mut self) -> (&mut [usize], &mut [usize]) {
        match &mut self.axes {
            Axes::Inline {
                rank,
                dims,
                strides,
            } => (&mut dims[..*rank], &mut strides[..*rank]),
            Axes::Heap(b) => {
                let r = b.len() / 2;
                b.split_at_mut(r)
            }
        }
    }

    /// The strides, in elements.
    #[inline(always)]
    pub(crate) fn strides(&self) -> &[usize] {
        match &self.axes {
            Axes::Inline { rank, strides, .. } => &strides[..*rank],
            Axes::Heap(b) => &b[b.len() / 2..],
        }
    }

    /// The number of elements (a view's sizes come from an existing
    /// tensor's, narrowed or repeated by broadcasting to a checked shape, so
    /// the product fits).
    #[inline]
    pub(crate) fn numel(&self) -> usize {
        self.dims().iter().fold(1usize, |n, &d| n.saturating_mul(d))
    }

    /// Whether the elements are exactly `offset..offset + numel` in
    /// row-major order (size-1 axes' strides do not matter).
    #[inline]
    pub(crate) fn is_contiguous(&self) -> bool {
        self.contig.is_some()
    }

    /// The number of elements if they are contiguous.
    #[inline(always)]
    pub(crate) fn contiguous_numel(&self) -> Option<usize> {
        self.contig
    }

    fn compute_contig(&self) -> Option<usize> {
        let (dims, strides) = (self.dims(), self.strides());
        let mut expect = 1usize;
        let mut contiguous = true;
        for k in (0..dims.len()).rev() {
            let d = dims[k];
            contiguous &= d == 1 || strides[k] == expect;
            expect = expect.saturating_mul(d);
        }
        // An empty view is contiguous whatever its strides.
        (contiguous || expect == 0).then_some(expect)
    }

    /// The offset of the multi-index `index`, or `None` if it has the
    /// wrong length or is out of range.
    pub(crate) fn offset_of(&self, index: &[usize]) -> Option<usize> {
        if index.len() != self.dims().len() {
            return None;
        }
        let mut off = self.offset;
        for ((&i, &d), &s) in index.iter().zip(self.dims()).zip(self.strides()) {
            if i >= d {
                return None;
            }
            off += i * s;
        }
        Some(off)
    }

    /// The offset of `index`, or a panic with PyTorch's message.
    #[track_caller]
    pub(crate) fn offset_or_panic(&self, index: &[usize]) -> usize {
        match self.offset_of(index) {
            Some(o) => o,
            None => {
                // The same message as a tensor's `t[[i, j]]`.
                crate::tensor::static_tensor::flat_index_or_panic(self.dims(), index);
                unreachable!("the index is out of range")
            }
        }
    }

    /// `narrow`: `length` elements of `axis` (resolved) from `start`.
    pub(crate) fn narrow(
        &self,
        axis: usize,
        start: usize,
        length: usize,
    ) -> Result<Strided, ShapeError> {
        let size = self.dims()[axis];
        if start.checked_add(length).is_none_or(|end| end > size) {
            return Err(ShapeError::NarrowOutOfRange {
                shape: self.dims().to_vec(),
                axis,
                start,
                length,
            });
        }
        let mut out = self.clone();
        out.axes_mut().0[axis] = length;
        // Moved only to an element that exists (an empty result keeps the
        // offset, wherever the empty axis is), so the sum is in range.
        if !out.dims().contains(&0) {
            out.offset += start * self.strides()[axis];
        }
        out.contig = out.compute_contig();
        Ok(out)
    }

    /// Resolves `index` (negative: from the end) along `axis`, or
    /// [`ShapeError::IndexOutOfRange`].
    pub(crate) fn resolve_index(&self, axis: usize, index: isize) -> Result<usize, ShapeError> {
        let size = self.dims()[axis];
        let i = if index < 0 {
            (size as i128) + index as i128
        } else {
            index as i128
        };
        if (0..size as i128).contains(&i) {
            Ok(i as usize)
        } else {
            Err(ShapeError::IndexOutOfRange {
                shape: self.dims().to_vec(),
                axis,
                index,
            })
        }
    }

    /// `index_axis`: the layout at position `i` (resolved, in range) of
    /// `axis`, without that axis.
    pub(crate) fn index_axis(&self, axis: usize, i: usize) -> Strided {
        let dims = remove(self.dims(), axis);
        // As in `narrow`: only to an element that exists.
        let offset = if dims.as_slice().contains(&0) {
            self.offset
        } else {
            self.offset + i * self.strides()[axis]
        };
        Strided::new(
            dims.as_slice(),
            remove(self.strides(), axis).as_slice(),
            offset,
        )
    }

    /// The axes reordered (`perm` checked by the caller).
    pub(crate) fn permute(&self, perm: &[usize]) -> Strided {
        let mut out = self.clone();
        let (d, s) = (self.dims(), self.strides());
        for (k, &p) in perm.iter().enumerate() {
            let (od, os) = out.axes_mut();
            od[k] = d[p];
            os[k] = s[p];
        }
        out.contig = out.compute_contig();
        out
    }

    /// A size-1 axis inserted at `axis` (`0..=rank`).
    pub(crate) fn unsqueeze(&self, axis: usize) -> Strided {
        Strided::new(
            insert(self.dims(), axis, 1).as_slice(),
            insert(self.strides(), axis, 0).as_slice(),
            self.offset,
        )
    }

    /// The size-1 axis `axis` removed (checked by the caller).
    pub(crate) fn squeeze(&self, axis: usize) -> Strided {
        self.index_axis(axis, 0)
    }

    /// Broadcast to `shape` (checked by the caller): stretched and new
    /// axes get stride 0, so every position reads the one element.
    pub(crate) fn broadcast_to(&self, shape: &[usize]) -> Strided {
        let pad = shape.len() - self.dims().len();
        let mut strides = ShapeBuf::zeroed(shape.len());
        for (k, s) in strides.as_mut_slice().iter_mut().enumerate().skip(pad) {
            let d = self.dims()[k - pad];
            *s = if d == 1 && shape[k] != 1 {
                0
            } else {
                self.strides()[k - pad]
            };
        }
        Strided::new(shape, strides.as_slice(), self.offset)
    }

    /// The largest offset any element has, plus one (0 when empty): how
    /// much storage the layout needs.
    pub(crate) fn end(&self) -> usize {
        if self.dims().contains(&0) {
            return 0;
        }
        self.offset
            + self
                .dims()
                .iter()
                .zip(self.strides())
                .map(|(&d, &s)| (d - 1) * s)
                .sum::<usize>()
            + 1
    }
}

/// `s` without entry `axis`.
fn remove(s: &[usize], axis: usize) -> ShapeBuf {
    let mut out = ShapeBuf::zeroed(s.len() - 1);
    let o = out.as_mut_slice();
    o[..axis].copy_from_slice(&s[..axis]);
    o[axis..].copy_from_slice(&s[axis + 1..]);
    out
}

/// `s` with `value` inserted at `axis`.
fn insert(s: &[usize], axis: usize, value: usize) -> ShapeBuf {
    let mut v: Vec<usize> = s.to_vec();
    v.insert(axis, value);
    ShapeBuf::from_slice(&v)
}
