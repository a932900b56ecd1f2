//! Walking a view: its elements in row-major order (`iter`, `iter_mut`,
//! `indexed_iter`), and its sub-views along an axis (`axis_iter`,
//! `outer_iter`, `rows`), shared or mutable (`axis_iter_mut`,
//! `outer_iter_mut`, `rows_mut`, `axis_for_each_mut`).

use alloc::vec::Vec;
use core::ops::Deref;

use super::dyn_view::{DynView, DynViewMut};
use super::layout::Strided;
use crate::error::ShapeError;
use crate::shape::axis::{self, AxisArg};
use crate::shape::names::runtime as named;
use crate::tensor::{DynTensor, ShapeBuf};

/// Calls `f` with the offset of every position of `layout`, in row-major order.
pub(crate) fn for_each_offset(layout: &Strided, mut f: impl FnMut(usize)) {
    for o in Offsets::new(layout) {
        f(o);
    }
}

/// Appends the elements of `layout` (nonempty, any strides) in row-major
/// order, a row at a time: a row read backwards one element apart (NumPy's
/// `a[..., ::-1]`) as a reversed slice, which runs at a copy's speed; any
/// other row element by element.
pub(crate) fn extend_rows<T: Copy>(out: &mut Vec<T>, data: &[T], layout: &Strided) {
    let (dims, strides) = (layout.dims(), layout.strides());
    let Some((&n, outer)) = dims.split_last() else {
        out.push(data[layout.offset]);
        return;
    };
    let s = strides[dims.len() - 1];
    let starts = Strided::new(outer, &strides[..outer.len()], layout.offset);
    for start in Offsets::new(&starts) {
        match s {
            1 => out.extend_from_slice(&data[start..start + n]),
            -1 => out.extend(data[start + 1 - n..=start].iter().rev()),
            _ => out.extend((0..n).map(|i| data[start.wrapping_add_signed(i as isize * s)])),
        }
    }
}

/// The offsets of the positions of `dims` laid out with `strides` from 0,
/// in row-major order (for the layers above, which see no [`Strided`]).
pub(crate) fn iter_offsets(dims: &[usize], strides: &[usize]) -> Offsets {
    Offsets::new(&Strided::from_unsigned(dims, strides, 0))
}

/// The offsets of a layout's positions in row-major order (an odometer
/// over the multi-index, innermost axis fastest; that axis is kept in plain
/// fields, as most steps move along it only). Strides are signed: the
/// steps wrap in `usize` and every offset handed out is exact (see the
/// layout's module documentation).
#[derive(Clone)]
pub(crate) struct Offsets {
    layout: Strided,
    /// The index along every axis but the innermost.
    outer: ShapeBuf,
    next: usize,
    remaining: usize,
    inner_n: usize,
    inner_s: isize,
    inner_i: usize,
}

impl Offsets {
    pub(crate) fn new(layout: &Strided) -> Self {
        let rank = layout.dims().len();
        let (inner_n, inner_s) = match rank {
            0 => (1, 0),
            _ => (layout.dims()[rank - 1], layout.strides()[rank - 1]),
        };
        Offsets {
            outer: ShapeBuf::zeroed(rank.saturating_sub(1)),
            next: layout.offset,
            remaining: layout.numel(),
            layout: layout.clone(),
            inner_n,
            inner_s,
            inner_i: 0,
        }
    }

    /// The multi-index of the next position.
    fn index(&self) -> ShapeBuf {
        let rank = self.layout.dims().len();
        let mut out = ShapeBuf::zeroed(rank);
        if rank > 0 {
            let o = out.as_mut_slice();
            o[..rank - 1].copy_from_slice(self.outer.as_slice());
            o[rank - 1] = self.inner_i;
        }
        out
    }
}

impl Iterator for Offsets {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        let here = self.next;
        if self.remaining > 0 {
            self.inner_i += 1;
            if self.inner_i < self.inner_n {
                self.next = self.next.wrapping_add_signed(self.inner_s);
                return Some(here);
            }
            self.next = self
                .next
                .wrapping_add_signed(self.inner_s.wrapping_mul(1 - self.inner_n as isize));
            self.inner_i = 0;
            let (dims, strides) = (self.layout.dims(), self.layout.strides());
            let index = self.outer.as_mut_slice();
            for k in (0..index.len()).rev() {
                index[k] += 1;
                self.next = self.next.wrapping_add_signed(strides[k]);
                if index[k] < dims[k] {
                    break;
                }
                self.next = self
                    .next
                    .wrapping_add_signed(strides[k].wrapping_mul(-(dims[k] as isize)));
                index[k] = 0;
            }
        }
        Some(here)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl ExactSizeIterator for Offsets {}

/// The elements of a view in row-major order ([`DynView::iter`]).
pub struct Iter<'a, T>(IterKind<'a, T>);

// The strided variant is large (its odometer), but an iterator is built
// once per loop, not per element: not worth a box.
#[allow(clippy::large_enum_variant)]
enum IterKind<'a, T> {
    /// Contiguous: the slice's own iterator.
    Slice(core::slice::Iter<'a, T>),
    Strided(&'a [T], Offsets),
}

impl<'a, T> Iterator for Iter<'a, T> {
    type Item = &'a T;
    #[inline]
    fn next(&mut self) -> Option<&'a T> {
        match &mut self.0 {
            IterKind::Slice(it) => it.next(),
            IterKind::Strided(data, offsets) => offsets.next().map(|o| &data[o]),
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.0 {
            IterKind::Slice(it) => it.size_hint(),
            IterKind::Strided(_, offsets) => offsets.size_hint(),
        }
    }
}

impl<T> ExactSizeIterator for Iter<'_, T> {}

/// The elements of a mutable view in row-major order ([`DynViewMut::iter_mut`]).
pub struct IterMut<'a, T>(IterMutKind<'a, T>);

enum IterMutKind<'a, T> {
    Slice(core::slice::IterMut<'a, T>),
    /// A strided view: the references, handed out in row-major order.
    Refs(alloc::vec::IntoIter<&'a mut T>),
}

impl<'a, T> Iterator for IterMut<'a, T> {
    type Item = &'a mut T;
    #[inline]
    fn next(&mut self) -> Option<&'a mut T> {
        match &mut self.0 {
            IterMutKind::Slice(it) => it.next(),
            IterMutKind::Refs(it) => it.next(),
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.0 {
            IterMutKind::Slice(it) => it.size_hint(),
            IterMutKind::Refs(it) => it.size_hint(),
        }
    }
}

impl<T> ExactSizeIterator for IterMut<'_, T> {}

/// A multi-index, as [`DynView::indexed_iter`] yields it: a slice of
/// `usize` (kept inline up to rank 8, so that iterating allocates nothing).
#[derive(Clone)]
pub struct DynIndex(ShapeBuf);

impl Deref for DynIndex {
    type Target = [usize];
    fn deref(&self) -> &[usize] {
        self.0.as_slice()
    }
}

impl core::fmt::Debug for DynIndex {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Debug::fmt(self.0.as_slice(), f)
    }
}

impl PartialEq for DynIndex {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<const K: usize> PartialEq<[usize; K]> for DynIndex {
    fn eq(&self, other: &[usize; K]) -> bool {
        **self == other[..]
    }
}

/// The elements of a view with their multi-indices ([`DynView::indexed_iter`]).
pub struct IndexedIter<'a, T> {
    data: &'a [T],
    offsets: Offsets,
}

impl<'a, T> Iterator for IndexedIter<'a, T> {
    type Item = (DynIndex, &'a T);
    fn next(&mut self) -> Option<Self::Item> {
        let index = DynIndex(self.offsets.index());
        self.offsets.next().map(|o| (index, &self.data[o]))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.offsets.size_hint()
    }
}

impl<T> ExactSizeIterator for IndexedIter<'_, T> {}

/// The sub-views along one axis ([`DynView::axis_iter`], `outer_iter`, `rows`).
pub struct AxisIter<'a, T> {
    data: &'a [T],
    /// The layout of every item; only its offset changes.
    item: Strided,
    names: Option<named::Names>,
    /// The offsets of the items' first elements.
    starts: Starts,
}

/// Where each item of an [`AxisIter`] starts: evenly spaced along one
/// axis (`axis_iter`, the rows of a matrix), or an odometer over several.
enum Starts {
    Line {
        next: usize,
        step: isize,
        left: usize,
    },
    Grid(Offsets),
}

impl Starts {
    fn new(along: &Strided) -> Self {
        match (along.dims(), along.strides()) {
            (&[n], &[step]) => Starts::Line {
                next: along.offset,
                step,
                left: n,
            },
            _ => Starts::Grid(Offsets::new(along)),
        }
    }

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        match self {
            Starts::Line { next, step, left } => {
                if *left == 0 {
                    return None;
                }
                *left -= 1;
                let here = *next;
                *next = next.wrapping_add_signed(*step);
                Some(here)
            }
            Starts::Grid(o) => o.next(),
        }
    }

    fn len(&self) -> usize {
        match self {
            Starts::Line { left, .. } => *left,
            Starts::Grid(o) => o.remaining,
        }
    }
}

impl<'a, T> Iterator for AxisIter<'a, T> {
    type Item = DynView<'a, T>;
    // Always inlined: the caller then builds each view in place, and a
    // row's view costs a few stores (the `[4096, 64]` row sums).
    #[inline(always)]
    fn next(&mut self) -> Option<DynView<'a, T>> {
        let offset = self.starts.next()?;
        let mut layout = self.item.clone();
        layout.offset = offset;
        Some(DynView::from_layout(self.data, layout, self.names.clone()))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.starts.len(), Some(self.starts.len()))
    }
}

impl<T> ExactSizeIterator for AxisIter<'_, T> {}

impl<'a, T> DynView<'a, T> {
    /// The elements in row-major order.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<i32>::arange(6).reshape(&[2, 3]).unwrap();
    /// let v: Vec<i32> = t.t().iter().copied().collect();
    /// assert_eq!(v, vec![0, 3, 1, 4, 2, 5]);
    /// ```
    pub fn iter(&self) -> Iter<'a, T> {
        match self.as_slice() {
            Some(s) => Iter(IterKind::Slice(s.iter())),
            None => Iter(IterKind::Strided(self.data, Offsets::new(&self.layout))),
        }
    }

    /// The elements in row-major order with their multi-indices.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<i32>::arange(4).reshape(&[2, 2]).unwrap();
    /// let (index, &x) = t.t().indexed_iter().nth(1).unwrap();
    /// assert_eq!((&index[..], x), (&[0, 1][..], 2));
    /// ```
    pub fn indexed_iter(&self) -> IndexedIter<'a, T> {
        IndexedIter {
            data: self.data,
            offsets: Offsets::new(&self.layout),
        }
    }

    /// The sub-views at each position of `axis` (the axis dropped), or an
    /// axis error.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<i32>::arange(6).reshape(&[2, 3]).unwrap();
    /// let sums: Vec<i64> = t.view().axis_iter(1).map(|col| col.sum()).collect();
    /// assert_eq!(sums, vec![3, 5, 7]);
    /// ```
    pub fn try_axis_iter(&self, axis: impl AxisArg) -> Result<AxisIter<'a, T>, ShapeError> {
        let axis = axis::check(self.shape(), axis, self.rank())?;
        let (item, names, starts) = axis_parts(&self.layout, self.names.as_deref(), axis);
        Ok(AxisIter {
            data: self.data,
            item,
            names,
            starts,
        })
    }

    /// [`try_axis_iter`](Self::try_axis_iter), panicking with the error's message.
    #[track_caller]
    pub fn axis_iter(&self, axis: impl AxisArg) -> AxisIter<'a, T> {
        match self.try_axis_iter(axis) {
            Ok(it) => it,
            Err(e) => panic!("{e}"),
        }
    }

    /// The sub-views along axis 0 (the rows of a matrix, the matrices of
    /// a batch); panics on a rank-0 view.
    #[track_caller]
    pub fn outer_iter(&self) -> AxisIter<'a, T> {
        self.axis_iter(0)
    }

    /// Every row: the 1-D views along the last axis, for each position of
    /// the others in row-major order (a rank-0 view is one row of one
    /// element).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<i32>::arange(12).reshape(&[2, 2, 3]).unwrap();
    /// let sums: Vec<i64> = t.rows().map(|r| r.sum()).collect();
    /// assert_eq!(sums, vec![3, 12, 21, 30]);
    /// ```
    pub fn rows(&self) -> AxisIter<'a, T> {
        let (item, names, starts) = rows_parts(&self.layout, self.names.as_deref());
        AxisIter {
            data: self.data,
            item,
            names,
            starts,
        }
    }
}

/// The layout of every view along `axis` (offset: the first's), its
/// names, and where each view starts.
fn axis_parts(
    layout: &Strided,
    names: Option<&[Option<named::Name>]>,
    axis: usize,
) -> (Strided, Option<named::Names>, Starts) {
    let item = layout.index_axis(axis, 0);
    let along = Strided::new(
        &[layout.dims()[axis]],
        &[layout.strides()[axis]],
        layout.offset,
    );
    (item, named::remove(names, axis), Starts::new(&along))
}

/// [`axis_parts`] for the rows: the 1-D views along the last axis, one
/// per position of the others (a rank-0 layout is one row of one element).
fn rows_parts(
    layout: &Strided,
    names: Option<&[Option<named::Name>]>,
) -> (Strided, Option<named::Names>, Starts) {
    let (dims, strides) = (layout.dims(), layout.strides());
    let Some((&n, outer)) = dims.split_last() else {
        let item = Strided::new(&[1], &[1], layout.offset);
        let mut starts = Offsets::new(&Strided::row_major(&[]));
        starts.next = layout.offset;
        return (item, None, Starts::Grid(starts));
    };
    let r = dims.len() - 1;
    let item = Strided::new(&[n], &[strides[r]], layout.offset);
    // When the rows are empty there is nothing to walk.
    let mut along = Strided::new(outer, &strides[..r], layout.offset);
    if n == 0 {
        along = Strided::new(&[0], &[0], 0);
    }
    let names = names.map(|n| n[r..].to_vec().into_boxed_slice());
    (item, names, Starts::new(&along))
}

/// The mutable sub-views along one axis ([`DynViewMut::axis_iter_mut`],
/// `outer_iter_mut`, `rows_mut`). Each view owns its own piece of the
/// storage, cut apart with `split_at_mut`: views that interleave in
/// memory (the columns of a row-major matrix) cannot be made this way,
/// and `try_axis_iter_mut` refuses them with
/// [`ShapeError::InterleavedViews`].
pub struct AxisIterMut<'a, T> {
    /// The layout of every item, from offset 0 of its piece.
    item: Strided,
    names: Option<named::Names>,
    /// Each item's piece of the storage, in the order they are yielded.
    pieces: alloc::vec::IntoIter<&'a mut [T]>,
}

impl<'a, T> AxisIterMut<'a, T> {
    /// Cuts `data` into the pieces the items starting at `starts` (each
    /// laid out as `item`) read, or `None` if two of them overlap.
    fn new(
        data: &'a mut [T],
        mut item: Strided,
        names: Option<named::Names>,
        mut starts: Starts,
    ) -> Option<Self> {
        let mut at: Vec<usize> = Vec::with_capacity(starts.len());
        while let Some(o) = starts.next() {
            at.push(o);
        }
        // How far each item reaches below its first element (along its
        // reversed axes) and how many elements it spans (0: an empty item).
        // With no item, `item` describes none (the layout of position 0 of
        // an empty axis), and its offset means nothing.
        let (below, extent) = match item.span() {
            Some((lo, hi)) if !at.is_empty() => (item.offset - lo, hi - lo + 1),
            _ => (0, 0),
        };
        item.offset = below;
        let mut order: Vec<usize> = (0..at.len()).collect();
        order.sort_unstable_by_key(|&k| at[k]);
        let mut slots: Vec<Option<&'a mut [T]>> = (0..at.len()).map(|_| None).collect();
        let mut rest = data;
        let mut base = 0usize;
        for k in order {
            if extent == 0 {
                slots[k] = Some(&mut []);
                continue;
            }
            // Sorted by start: an item starting inside the previous one's
            // piece interleaves with it.
            let skip = (at[k] - below).checked_sub(base)?;
            let tail = core::mem::take(&mut rest).get_mut(skip..)?;
            let (piece, after) = tail.split_at_mut(extent.min(tail.len()));
            slots[k] = Some(piece);
            rest = after;
            base = at[k] - below + extent;
        }
        let pieces: Vec<&'a mut [T]> = slots.into_iter().flatten().collect();
        Some(AxisIterMut {
            item,
            names,
            pieces: pieces.into_iter(),
        })
    }
}

impl<'a, T> Iterator for AxisIterMut<'a, T> {
    type Item = DynViewMut<'a, T>;
    #[inline]
    fn next(&mut self) -> Option<DynViewMut<'a, T>> {
        let piece = self.pieces.next()?;
        Some(DynViewMut::from_layout(
            piece,
            self.item.clone(),
            self.names.clone(),
        ))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.pieces.size_hint()
    }
}

impl<T> ExactSizeIterator for AxisIterMut<'_, T> {}

impl<'a, T> DynViewMut<'a, T> {
    /// The elements in row-major order, mutably.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let mut t = DynTensor::<i32>::zeros(&[2, 3]);
    /// for (k, x) in t.view_mut().t().iter_mut().enumerate() {
    ///     *x = k as i32;
    /// }
    /// assert_eq!(t.to_vec(), vec![0, 2, 4, 1, 3, 5]);
    /// ```
    pub fn iter_mut(self) -> IterMut<'a, T> {
        if self.is_contiguous() {
            let n = self.numel();
            let start = if n == 0 { 0 } else { self.layout.offset };
            return IterMut(IterMutKind::Slice(self.data[start..start + n].iter_mut()));
        }
        // Hand out each element's reference in row-major order: visit the
        // storage once, front to back, and put each reference where its
        // position is (a view made by slicing and permuting never visits
        // an element twice; views with repeats, broadcasts, are shared-only).
        let offsets: Vec<usize> = Offsets::new(&self.layout).collect();
        let mut order: Vec<usize> = (0..offsets.len()).collect();
        order.sort_unstable_by_key(|&k| offsets[k]);
        let mut slots: Vec<Option<&'a mut T>> = (0..offsets.len()).map(|_| None).collect();
        let mut it = self.data.iter_mut();
        let mut at = 0usize;
        for k in order {
            let skip = offsets[k] - at;
            slots[k] = it.nth(skip);
            at = offsets[k] + 1;
        }
        let refs: Vec<&'a mut T> = slots.into_iter().flatten().collect();
        IterMut(IterMutKind::Refs(refs.into_iter()))
    }
}

impl<'a, T> DynViewMut<'a, T> {
    /// The mutable sub-views at each position of `axis` (the axis
    /// dropped), or an axis error, or [`ShapeError::InterleavedViews`]
    /// when they interleave in memory (the columns of a row-major matrix;
    /// visit those with [`axis_for_each_mut`](Self::axis_for_each_mut)).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let mut t = DynTensor::<i32>::arange(6).reshape(&[2, 3]).unwrap();
    /// for (i, mut row) in t.view_mut().axis_iter_mut(0).enumerate() {
    ///     row *= &DynTensor::scalar(10 * i as i32);
    /// }
    /// assert_eq!(t.to_vec(), vec![0, 0, 0, 30, 40, 50]);
    /// assert!(t.view_mut().try_axis_iter_mut(1).is_err()); // columns interleave
    /// ```
    pub fn try_axis_iter_mut(self, axis: impl AxisArg) -> Result<AxisIterMut<'a, T>, ShapeError> {
        let axis = axis::check(self.shape(), axis, self.rank())?;
        let shape = self.shape().to_vec();
        let (item, names, starts) = axis_parts(&self.layout, self.names.as_deref(), axis);
        AxisIterMut::new(self.data, item, names, starts)
            .ok_or(ShapeError::InterleavedViews { shape, axis })
    }

    /// [`try_axis_iter_mut`](Self::try_axis_iter_mut), panicking with the error's message.
    #[track_caller]
    pub fn axis_iter_mut(self, axis: impl AxisArg) -> AxisIterMut<'a, T> {
        match self.try_axis_iter_mut(axis) {
            Ok(it) => it,
            Err(e) => panic!("{e}"),
        }
    }

    /// The mutable sub-views along axis 0; panics on a rank-0 view or
    /// when they interleave (see [`try_axis_iter_mut`](Self::try_axis_iter_mut)).
    #[track_caller]
    pub fn outer_iter_mut(self) -> AxisIterMut<'a, T> {
        self.axis_iter_mut(0)
    }

    /// Every row, mutably (see [`DynView::rows`]), or
    /// [`ShapeError::InterleavedViews`] when the rows interleave (those
    /// of a transposed view).
    pub fn try_rows_mut(self) -> Result<AxisIterMut<'a, T>, ShapeError> {
        let shape = self.shape().to_vec();
        let axis = shape.len().saturating_sub(1);
        let (item, names, starts) = rows_parts(&self.layout, self.names.as_deref());
        AxisIterMut::new(self.data, item, names, starts)
            .ok_or(ShapeError::InterleavedViews { shape, axis })
    }

    /// [`try_rows_mut`](Self::try_rows_mut), panicking with the error's message.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let mut t = DynTensor::<f32>::arange(6).reshape(&[2, 3]).unwrap();
    /// for mut row in t.view_mut().rows_mut() {
    ///     let total = row.view().sum();
    ///     row.map_inplace(|x| x / total);
    /// }
    /// assert_eq!(t.to_vec()[..3], [0.0, 1.0 / 3.0, 2.0 / 3.0]);
    /// ```
    #[track_caller]
    pub fn rows_mut(self) -> AxisIterMut<'a, T> {
        match self.try_rows_mut() {
            Ok(it) => it,
            Err(e) => panic!("{e}"),
        }
    }

    /// `f` called with the mutable sub-view at each position of `axis`,
    /// one after the other: works whatever the layout, interleaved views
    /// too (each is borrowed only during its call). An axis error, or
    /// `Ok` once every view has been visited.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let mut t = DynTensor::<i32>::arange(6).reshape(&[2, 3]).unwrap();
    /// t.view_mut()
    ///     .axis_for_each_mut(1, |j, mut col| col.fill(j as i32))
    ///     .unwrap();
    /// assert_eq!(t.to_vec(), vec![0, 1, 2, 0, 1, 2]);
    /// ```
    pub fn axis_for_each_mut(
        &mut self,
        axis: impl AxisArg,
        mut f: impl FnMut(usize, DynViewMut<'_, T>),
    ) -> Result<(), ShapeError> {
        let axis = axis::check(self.shape(), axis, self.rank())?;
        for i in 0..self.shape()[axis] {
            let layout = self.layout.index_axis(axis, i);
            let names = named::remove(self.names.as_deref(), axis);
            f(i, DynViewMut::from_layout(&mut *self.data, layout, names));
        }
        Ok(())
    }
}

impl<T> DynTensor<T> {
    /// The mutable views at each position of `axis` (see
    /// [`DynViewMut::axis_iter_mut`]); panics if they interleave.
    #[track_caller]
    pub fn axis_iter_mut(&mut self, axis: impl AxisArg) -> AxisIterMut<'_, T> {
        self.view_mut().axis_iter_mut(axis)
    }

    /// The mutable views along axis 0 (see [`DynViewMut::outer_iter_mut`]).
    #[track_caller]
    pub fn outer_iter_mut(&mut self) -> AxisIterMut<'_, T> {
        self.view_mut().axis_iter_mut(0)
    }

    /// The rows, mutably (see [`DynViewMut::rows_mut`]); a tensor's rows
    /// never interleave.
    pub fn rows_mut(&mut self) -> AxisIterMut<'_, T> {
        self.view_mut().rows_mut()
    }
}

impl<T> DynTensor<T> {
    /// The elements in row-major order.
    pub fn iter(&self) -> core::slice::Iter<'_, T> {
        self.data().iter()
    }

    /// The elements in row-major order, mutably.
    pub fn iter_mut(&mut self) -> core::slice::IterMut<'_, T> {
        self.data_mut().iter_mut()
    }

    /// The elements with their multi-indices (see [`DynView::indexed_iter`]).
    pub fn indexed_iter(&self) -> IndexedIter<'_, T> {
        IndexedIter {
            data: self.data(),
            offsets: Offsets::new(&Strided::row_major(self.dims())),
        }
    }

    /// The views at each position of `axis` (see [`DynView::axis_iter`]).
    #[track_caller]
    pub fn axis_iter(&self, axis: impl AxisArg) -> AxisIter<'_, T> {
        self.view().axis_iter(axis)
    }

    /// The views along axis 0 (see [`DynView::outer_iter`]).
    #[track_caller]
    pub fn outer_iter(&self) -> AxisIter<'_, T> {
        self.view().axis_iter(0)
    }

    /// The rows (see [`DynView::rows`]).
    pub fn rows(&self) -> AxisIter<'_, T> {
        self.view().rows()
    }
}
