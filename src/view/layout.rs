//! Where a view's elements are: sizes, a signed stride per axis (in
//! elements; negative along an axis read backwards, NumPy's `a[::-1]`) and
//! the offset of the first element, over some borrowed storage. Every view
//! operation (slicing, indexing, transposing, broadcasting) is arithmetic on
//! this, never a copy.
//!
//! The arithmetic cannot overflow: every layout comes from a tensor whose
//! shape keeps the crate's size policy (every size, and the product of the
//! nonzero sizes, at most `isize::MAX`; see
//! [`ShapeError::TooLarge`](crate::ShapeError::TooLarge)), and the view
//! operations only shrink sizes, reorder them, reverse an axis or add
//! stride-0 axes (a broadcast's target shape is checked against the same
//! policy). So a stride's magnitude is at most that product, and so is
//! `i * stride` for any position `i` of its axis: both fit in `isize`. An
//! offset moves by such a signed product (`usize::wrapping_add_signed`,
//! exact here) only when the result is not empty, and then to the position
//! of an element of the storage.
//!
//! The kernels take `usize` strides and read forwards from the first
//! element: [`Strided::unsigned_strides`] gives them a layout's strides when
//! none is negative (worked out with contiguity when the layout is built,
//! so the check costs nothing), and a layout with a reversed axis is copied
//! first (`DynView::try_for_kernel`) or, for a target written in place,
//! reoriented with its operand ([`Strided::flip_negative`]).

use alloc::boxed::Box;
use alloc::vec::Vec;

use crate::error::ShapeError;
use crate::tensor::ShapeBuf;

/// A strided layout: element `[i, j, ..]` is at
/// `offset + i * strides[0] + j * strides[1] + ..` (strides signed).
#[derive(Clone)]
pub(crate) struct Strided {
    axes: Axes,
    pub(crate) offset: usize,
    /// The element count if the layout is contiguous (at most
    /// `isize::MAX`), else [`STRIDED`] or [`REVERSED`]: worked out once when
    /// it is built ([`Strided::new`]), so that reading a view as a slice (a
    /// row of `rows()`, say) costs no loop, and whether a kernel can read
    /// it costs no loop either. One word, not an `Option` and a flag, so
    /// that the layout is no larger than before strides were signed: each
    /// row of `rows()` copies it.
    order: usize,
}

/// [`Strided::order`] of a layout that is not contiguous and reads every
/// axis of two positions or more forwards.
const STRIDED: usize = usize::MAX;
/// [`Strided::order`] of a layout with a negative stride on an axis of two
/// positions or more (a size-1 axis's stride is never used).
const REVERSED: usize = usize::MAX - 1;

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
        strides: [isize; INLINE_AXES],
    },
    /// The sizes and the strides.
    /// Behind one thin pointer, so that the inline form decides the
    /// enum's shape: with the two boxes inline (four words) the copy of a
    /// row's layout stalled on a store-to-load forward, and the `[4096,
    /// 64]` row sums of `rows()` took twice as long.
    Heap(Box<HeapAxes>),
}

/// The sizes and the strides of a view of more than [`INLINE_AXES`] axes.
#[derive(Clone)]
struct HeapAxes {
    dims: Box<[usize]>,
    strides: Box<[isize]>,
}

impl Strided {
    /// The layout of `dims` and `strides` from `offset`.
    pub(crate) fn new(dims: &[usize], strides: &[isize], offset: usize) -> Self {
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
            Axes::Heap(Box::new(HeapAxes {
                dims: dims.into(),
                strides: strides.into(),
            }))
        };
        let mut s = Strided {
            axes,
            offset,
            order: STRIDED,
        };
        s.refresh();
        s
    }

    /// The layout of `dims` with `usize` strides (a kernel's, or a
    /// tensor's row-major ones) from `offset`.
    pub(crate) fn from_unsigned(dims: &[usize], strides: &[usize], offset: usize) -> Self {
        // Every such stride is at most the storage's length, which the
        // size policy keeps within `isize::MAX`.
        if strides.len() <= INLINE_AXES {
            let mut signed = [0isize; INLINE_AXES];
            for (o, &s) in signed.iter_mut().zip(strides) {
                *o = s as isize;
            }
            return Strided::new(dims, &signed[..strides.len()], offset);
        }
        let signed: Vec<isize> = strides.iter().map(|&s| s as isize).collect();
        Strided::new(dims, &signed, offset)
    }

    /// The row-major layout of `dims` from offset 0.
    pub(crate) fn row_major(dims: &[usize]) -> Self {
        let rank = dims.len();
        let axes = if rank <= INLINE_AXES {
            let mut d = [0; INLINE_AXES];
            d[..rank].copy_from_slice(dims);
            Axes::Inline {
                rank,
                dims: d,
                strides: [0; INLINE_AXES],
            }
        } else {
            Axes::Heap(Box::new(HeapAxes {
                dims: dims.into(),
                strides: alloc::vec![0; rank].into(),
            }))
        };
        let mut out = Strided {
            axes,
            offset: 0,
            order: STRIDED,
        };
        let s = out.axes_mut().1;
        let mut acc = 1usize;
        for i in (0..rank).rev() {
            // A product of sizes after the last 0 (then 0), which the size
            // policy keeps at most `isize::MAX`: saturating only so that a
            // shape outside it could never wrap.
            s[i] = isize::try_from(acc).unwrap_or(isize::MAX);
            acc = acc.saturating_mul(dims[i]);
        }
        out.refresh();
        out
    }

    /// The sizes.
    #[inline(always)]
    pub(crate) fn dims(&self) -> &[usize] {
        match &self.axes {
            Axes::Inline { rank, dims, .. } => &dims[..*rank],
            Axes::Heap(h) => &h.dims,
        }
    }

    /// The sizes and the strides, mutably (the caller calls `refresh`).
    fn axes_mut(&mut self) -> (&mut [usize], &mut [isize]) {
        match &mut self.axes {
            Axes::Inline {
                rank,
                dims,
                strides,
            } => (&mut dims[..*rank], &mut strides[..*rank]),
            Axes::Heap(h) => (&mut h.dims, &mut h.strides),
        }
    }

    /// The strides, in elements (negative along a reversed axis).
    #[inline(always)]
    pub(crate) fn strides(&self) -> &[isize] {
        match &self.axes {
            Axes::Inline { rank, strides, .. } => &strides[..*rank],
            Axes::Heap(h) => &h.strides,
        }
    }

    /// Whether no axis of two positions or more has a negative stride
    /// (what the kernels read).
    #[inline(always)]
    pub(crate) fn is_forward(&self) -> bool {
        self.order != REVERSED
    }

    /// The strides as the kernels take them, if the layout reads forwards
    /// (a size-1 axis's stride, never used, as its magnitude); a copy of
    /// at most a few words, inline up to rank 8.
    #[inline]
    pub(crate) fn unsigned_strides(&self) -> Option<ShapeBuf> {
        if !self.is_forward() {
            return None;
        }
        let mut out = ShapeBuf::zeroed(self.strides().len());
        for (o, &s) in out.as_mut_slice().iter_mut().zip(self.strides()) {
            *o = s.unsigned_abs();
        }
        Some(out)
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
        self.contiguous_numel().is_some()
    }

    /// The number of elements if they are contiguous.
    #[inline(always)]
    pub(crate) fn contiguous_numel(&self) -> Option<usize> {
        (self.order < REVERSED).then_some(self.order)
    }

    /// Works out `order` again after the axes changed.
    fn refresh(&mut self) {
        let (dims, strides) = (self.dims(), self.strides());
        let mut expect = 1usize;
        let mut contiguous = true;
        let mut forward = true;
        for k in (0..dims.len()).rev() {
            let d = dims[k];
            // A reversed axis of two elements or more is not in
            // row-major order, whatever its stride's magnitude.
            contiguous &= d == 1 || (strides[k] >= 0 && strides[k].unsigned_abs() == expect);
            forward &= d < 2 || strides[k] >= 0;
            expect = expect.saturating_mul(d);
        }
        // An empty view is contiguous whatever its strides (and its count,
        // 0 or a product the size policy keeps within `isize::MAX`, is
        // below both markers).
        self.order = if contiguous || expect == 0 {
            expect
        } else if forward {
            STRIDED
        } else {
            REVERSED
        };
    }

    /// The offset `i` positions along a stride `s` from `from` (in range
    /// by the module's argument: exact in `isize` terms).
    #[inline(always)]
    fn step(from: usize, i: usize, s: isize) -> usize {
        from.wrapping_add_signed((i as isize).wrapping_mul(s))
    }

    /// Axis `axis` read the other way (its first element the old last;
    /// the caller calls `refresh`).
    fn reverse_axis(&mut self, axis: usize) {
        let (d, s) = (self.dims()[axis], self.strides()[axis]);
        if d > 0 && !self.dims().contains(&0) {
            self.offset = Self::step(self.offset, d - 1, s);
        }
        self.axes_mut().1[axis] = s.wrapping_neg();
    }

    /// The layout with every negatively strided axis read forwards, and
    /// which axes those were: the same elements, visited in another
    /// order (for a target written in place, whose operand is reversed
    /// the same way, [`flip_axes`](Self::flip_axes)).
    pub(crate) fn flip_negative(&self) -> (Strided, Vec<bool>) {
        let mut out = self.clone();
        let flipped: Vec<bool> = self.strides().iter().map(|&s| s < 0).collect();
        for (k, &f) in flipped.iter().enumerate() {
            if f {
                out.reverse_axis(k);
            }
        }
        out.refresh();
        (out, flipped)
    }

    /// The layout with the axes `flipped` marks (aligned to the right, as
    /// broadcasting aligns a shorter operand) read the other way.
    pub(crate) fn flip_axes(&self, flipped: &[bool]) -> Strided {
        let mut out = self.clone();
        let rank = self.dims().len();
        let pad = flipped.len().saturating_sub(rank);
        for (k, &f) in flipped.iter().enumerate().skip(pad) {
            if f {
                out.reverse_axis(k - pad);
            }
        }
        out.refresh();
        out
    }

    /// The offset of the lowest element and every stride's magnitude: the
    /// layout with each reversed axis read forwards, its elements in
    /// another order. For reductions whose result does not depend on the
    /// order (a whole sum, read as NumPy reads a reversed view).
    pub(crate) fn forward(&self) -> (usize, ShapeBuf) {
        let offset = self.span().map_or(self.offset, |(lo, _)| lo);
        let mut strides = ShapeBuf::zeroed(self.strides().len());
        for (o, &s) in strides.as_mut_slice().iter_mut().zip(self.strides()) {
            *o = s.unsigned_abs();
        }
        (offset, strides)
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
            off = Self::step(off, i, s);
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
            out.offset = Self::step(out.offset, start, self.strides()[axis]);
        }
        out.refresh();
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
        let mut out = self.clone();
        // As in `narrow`: only to an element that exists.
        let empty = self
            .dims()
            .iter()
            .enumerate()
            .any(|(k, &d)| k != axis && d == 0);
        if !empty {
            out.offset = Self::step(self.offset, i, self.strides()[axis]);
        }
        match &mut out.axes {
            Axes::Inline {
                rank,
                dims,
                strides,
            } => {
                dims.copy_within(axis + 1..*rank, axis);
                strides.copy_within(axis + 1..*rank, axis);
                *rank -= 1;
            }
            Axes::Heap(..) => {
                let mut d = self.dims().to_vec();
                let mut s = self.strides().to_vec();
                d.remove(axis);
                s.remove(axis);
                return Strided::new(&d, &s, out.offset);
            }
        }
        out.refresh();
        out
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
        out.refresh();
        out
    }

    /// A size-1 axis inserted at `axis` (`0..=rank`).
    pub(crate) fn unsqueeze(&self, axis: usize) -> Strided {
        let mut d = self.dims().to_vec();
        let mut s = self.strides().to_vec();
        d.insert(axis, 1);
        s.insert(axis, 0);
        Strided::new(&d, &s, self.offset)
    }

    /// The size-1 axis `axis` removed (checked by the caller).
    pub(crate) fn squeeze(&self, axis: usize) -> Strided {
        self.index_axis(axis, 0)
    }

    /// Broadcast to `shape` (checked by the caller): stretched and new
    /// axes get stride 0, so every position reads the one element.
    pub(crate) fn broadcast_to(&self, shape: &[usize]) -> Strided {
        let pad = shape.len() - self.dims().len();
        let strides: Vec<isize> = (0..shape.len())
            .map(|k| {
                if k < pad || (self.dims()[k - pad] == 1 && shape[k] != 1) {
                    0
                } else {
                    self.strides()[k - pad]
                }
            })
            .collect();
        Strided::new(shape, &strides, self.offset)
    }

    /// The lowest and the highest offset of any element (`None` when
    /// empty): the part of the storage the layout reads.
    pub(crate) fn span(&self) -> Option<(usize, usize)> {
        if self.dims().contains(&0) {
            return None;
        }
        let (mut lo, mut hi) = (self.offset, self.offset);
        for (&d, &s) in self.dims().iter().zip(self.strides()) {
            let far = Self::step(self.offset, d - 1, s);
            if s < 0 {
                lo = lo.wrapping_add(far).wrapping_sub(self.offset);
            } else {
                hi = hi.wrapping_add(far).wrapping_sub(self.offset);
            }
        }
        Some((lo, hi))
    }

    /// The largest offset any element has, plus one (0 when empty): how
    /// much storage the layout needs.
    pub(crate) fn end(&self) -> usize {
        self.span().map_or(0, |(_, hi)| hi + 1)
    }
}
