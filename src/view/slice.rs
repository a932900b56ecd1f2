//! Multi-axis slicing: one [`SliceArg`] per axis (a range with a step, or a
//! single index that drops the axis), written with the [`s!`](crate::s)
//! macro as ndarray's users know it: `s![1..3, .., 2]`, `s![..;2]`,
//! `s![-1]`.
//!
//! Ranges follow Python's and NumPy's slicing: negative bounds count
//! from the end, bounds past the end are clamped (`t[1:100]` of a size-4
//! axis is `t[1:4]`), an empty range is an empty axis. A negative step
//! walks the axis backwards as NumPy's does (PyTorch refuses it): the
//! result is still a view, with a negative stride, no copy. `start..stop;
//! step` is NumPy's `start:stop:step` whatever the step's sign, the stop
//! excluded: `s![..;-1]` is `a[::-1]` (from the last position down to the
//! first), `s![5..1;-2]` is `a[5:1:-2]` (positions 5 and 3), `s![1..5;-1]`
//! is empty. A missing start is the first position for a positive step
//! and the last for a negative one; a missing stop is past the end, or
//! before the first position. Out-of-range bounds are clamped as NumPy
//! clamps them (for a negative step, a start past the end is the last
//! position). An inclusive end keeps its position either way:
//! `s![3..=1;-1]` is positions 3, 2, 1, and `s![..=0;-1]` runs down to the
//! first.
//! A step of 0 is an error (`step must be greater than zero (got 0)`, PyTorch's
//! words). A single index must be in range (`index 5 is out of bounds
//! for dimension 0 with size 4`). Axes after the last argument are kept
//! whole.
//!
//! ```
//! use shaped::{s, DynTensor};
//! let t = DynTensor::<i32>::arange(8);
//! assert_eq!(t.slice(s![..;-1]).to_vec(), vec![7, 6, 5, 4, 3, 2, 1, 0]);
//! assert_eq!(t.slice(s![5..1;-2]).to_vec(), vec![5, 3]);
//! assert_eq!(t.slice(s![..;-3]).to_vec(), vec![7, 4, 1]);
//! assert_eq!(t.slice(s![-2..;-1]).to_vec(), vec![6, 5, 4, 3, 2, 1, 0]);
//! assert_eq!(t.slice(s![1..5;-1]).shape(), &[0]);
//! // A view: writing through a reversed mutable view writes the tensor.
//! let mut u = DynTensor::<i32>::zeros(&[4]);
//! u.slice_mut(s![..;-1]).assign(&t.slice(s![..4]));
//! assert_eq!(u.to_vec(), vec![3, 2, 1, 0]);
//! ```

use core::ops::{Range, RangeFrom, RangeFull, RangeInclusive, RangeTo, RangeToInclusive};

use super::layout::Strided;
use crate::error::ShapeError;
use alloc::vec::Vec;

/// One axis of a slice: see the [module documentation](self) and [`s!`](crate::s).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SliceArg {
    /// Positions `start, start + step, ..` up to `end` excluded (NumPy's
    /// `start:end:step`); negative bounds count from the end.
    Range {
        /// The first position; `None` for the first position of the axis
        /// (the last one with a negative step).
        start: Option<isize>,
        /// Where the positions stop (excluded); `None` for past the end of
        /// the axis (before its first position with a negative step).
        end: Option<isize>,
        /// The distance between positions, negative to walk backwards;
        /// not 0.
        step: isize,
    },
    /// One position; the axis is dropped (negative: from the end).
    Index(isize),
}

impl SliceArg {
    /// The whole axis.
    pub const FULL: SliceArg = SliceArg::Range {
        start: None,
        end: None,
        step: 1,
    };

    /// This argument with every `step`-th position (`s![a..b; step]`). A
    /// step after a single index `i` makes it the range of the one
    /// position `i` (`i..i + 1`, or `i..i - 1` for a negative step), which
    /// keeps the axis (with size 1).
    pub const fn with_step(self, step: isize) -> SliceArg {
        match self {
            SliceArg::Range { start, end, .. } => SliceArg::Range { start, end, step },
            SliceArg::Index(i) => SliceArg::Range {
                start: Some(i),
                end: if step < 0 {
                    descending_inclusive_end(i)
                } else {
                    inclusive_end(i)
                },
                step,
            },
        }
    }
}

/// What `s![arg; step]` (and [`slice!`](crate::slice!)'s `arg; step`)
/// makes of its argument: [`SliceArg::with_step`], except that an
/// inclusive range keeps its last position whatever the step's sign
/// (`s![3..=1;-1]` is positions 3, 2, 1, NumPy's `a[3:0:-1]`).
pub trait StepArg {
    /// The argument with every `step`-th position.
    fn stepped(self, step: isize) -> SliceArg;
}

impl StepArg for SliceArg {
    #[inline]
    fn stepped(self, step: isize) -> SliceArg {
        self.with_step(step)
    }
}

impl StepArg for RangeFull {
    #[inline]
    fn stepped(self, step: isize) -> SliceArg {
        SliceArg::FULL.with_step(step)
    }
}

/// [`StepArg`] as [`SliceArg::with_step`] for arguments with no inclusive end.
macro_rules! steps_as_with_step {
    ($($t:ty),*) => {$(
        impl StepArg for $t {
            #[inline]
            fn stepped(self, step: isize) -> SliceArg {
                SliceArg::from(self).with_step(step)
            }
        }
    )*};
}

/// An integer bound as `isize`, saturating (a bound past `isize::MAX` is
/// past the end of any axis and is clamped there anyway).
trait Bound: Copy {
    fn to_isize(self) -> isize;
}
macro_rules! bounds {
    ($($t:ty)*) => {$(
        impl Bound for $t {
            #[inline]
            fn to_isize(self) -> isize {
                isize::try_from(self).unwrap_or(if (self as i128) < 0 { isize::MIN } else { isize::MAX })
            }
        }
        impl From<$t> for SliceArg {
            #[inline]
            fn from(i: $t) -> Self {
                SliceArg::Index(i.to_isize())
            }
        }
        impl From<Range<$t>> for SliceArg {
            #[inline]
            fn from(r: Range<$t>) -> Self {
                SliceArg::Range { start: Some(r.start.to_isize()), end: Some(r.end.to_isize()), step: 1 }
            }
        }
        impl From<RangeFrom<$t>> for SliceArg {
            #[inline]
            fn from(r: RangeFrom<$t>) -> Self {
                SliceArg::Range { start: Some(r.start.to_isize()), end: None, step: 1 }
            }
        }
        impl From<RangeTo<$t>> for SliceArg {
            #[inline]
            fn from(r: RangeTo<$t>) -> Self {
                SliceArg::Range { start: None, end: Some(r.end.to_isize()), step: 1 }
            }
        }
        impl From<RangeInclusive<$t>> for SliceArg {
            #[inline]
            fn from(r: RangeInclusive<$t>) -> Self {
                SliceArg::Range { start: Some(r.start().to_isize()), end: inclusive_end(r.end().to_isize()), step: 1 }
            }
        }
        impl From<RangeToInclusive<$t>> for SliceArg {
            #[inline]
            fn from(r: RangeToInclusive<$t>) -> Self {
                SliceArg::Range { start: None, end: inclusive_end(r.end.to_isize()), step: 1 }
            }
        }
        impl StepArg for RangeInclusive<$t> {
            #[inline]
            fn stepped(self, step: isize) -> SliceArg {
                let end = self.end().to_isize();
                let end = if step < 0 { descending_inclusive_end(end) } else { inclusive_end(end) };
                SliceArg::Range { start: Some(self.start().to_isize()), end, step }
            }
        }
        impl StepArg for RangeToInclusive<$t> {
            #[inline]
            fn stepped(self, step: isize) -> SliceArg {
                let end = self.end.to_isize();
                let end = if step < 0 { descending_inclusive_end(end) } else { inclusive_end(end) };
                SliceArg::Range { start: None, end, step }
            }
        }
        steps_as_with_step!($t, Range<$t>, RangeFrom<$t>, RangeTo<$t>);
    )*};
}
bounds!(usize isize i32 i64 u32);

/// Where a descending walk stops to include `end`: the position before
/// it (`..=0` runs to the first position; `end - 1` of a negative `end`
/// is clamped to "before the first" when past it).
const fn descending_inclusive_end(end: isize) -> Option<isize> {
    if end == 0 {
        None
    } else {
        Some(end.saturating_sub(1))
    }
}

/// The exclusive end of `..=end`: `..=-1` runs to the end of the axis.
const fn inclusive_end(end: isize) -> Option<isize> {
    if end == -1 {
        None
    } else {
        Some(end.saturating_add(1))
    }
}

impl From<RangeFull> for SliceArg {
    #[inline]
    fn from(_: RangeFull) -> Self {
        SliceArg::FULL
    }
}

/// The positions NumPy's `start:end:step` picks on an axis of `size`
/// (`step` not 0): the first one and how many, as `PySlice_AdjustIndices`
/// computes them. A bound counts from the end when negative, then is
/// clamped to `0..=size` for a positive step and to `-1..=size - 1` (where
/// -1 is "before the first position") for a negative one.
pub(crate) fn positions(
    size: usize,
    start: Option<isize>,
    end: Option<isize>,
    step: isize,
) -> (usize, usize) {
    // In i128: a size and a bound both fit, and so do their sums.
    let n = size as i128;
    let (lo, hi) = if step > 0 { (0, n) } else { (-1, n - 1) };
    let fix = |b: isize| {
        let b = b as i128;
        let b = if b < 0 { b + n } else { b };
        b.clamp(lo, hi)
    };
    let (first, stop) = if step > 0 {
        (start.map_or(0, fix), end.map_or(n, fix))
    } else {
        (start.map_or(n - 1, fix), end.map_or(-1, fix))
    };
    let step = step as i128;
    let count = if step > 0 && stop > first {
        (stop - first - 1) / step + 1
    } else if step < 0 && first > stop {
        (first - stop - 1) / -step + 1
    } else {
        0
    };
    // An empty result's first position is never read.
    (if count == 0 { 0 } else { first as usize }, count as usize)
}

/// `layout` sliced by `args` (one per leading axis).
pub(crate) fn slice(layout: &Strided, args: &[SliceArg]) -> Result<Strided, ShapeError> {
    let (dims, strides) = (layout.dims(), layout.strides());
    if args.len() > dims.len() {
        return Err(ShapeError::TooManyIndices {
            shape: dims.to_vec(),
            count: args.len(),
        });
    }
    let kept = dims.len()
        - args
            .iter()
            .filter(|a| matches!(a, SliceArg::Index(_)))
            .count();
    let (mut dims_out, mut strides_out) = (Vec::with_capacity(kept), Vec::with_capacity(kept));
    // The first element's offset, moved along each axis by a signed
    // product at most the axis's span (see the layout's module doc): exact
    // in wrapping arithmetic, and used only when the result is not empty.
    let mut offset = layout.offset;
    let mut empty = false;
    for (axis, (&size, &stride)) in dims.iter().zip(strides).enumerate() {
        let arg = args.get(axis).copied().unwrap_or(SliceArg::FULL);
        match arg {
            SliceArg::Index(i) => {
                let i = layout.resolve_index(axis, i)?;
                offset = offset.wrapping_add_signed((i as isize).wrapping_mul(stride));
            }
            SliceArg::Range { start, end, step } => {
                if step == 0 {
                    return Err(ShapeError::SliceStep { step });
                }
                let (first, n) = positions(size, start, end, step);
                empty |= n == 0;
                offset = offset.wrapping_add_signed((first as isize).wrapping_mul(stride));
                dims_out.push(n);
                // With two positions or more, `|step| < size`, and the
                // product is at most the span of the axis; with one, the
                // stride is never used: no product to overflow.
                strides_out.push(if n > 1 {
                    stride.wrapping_mul(step)
                } else {
                    stride
                });
            }
        }
    }
    let offset = if empty { layout.offset } else { offset };
    Ok(Strided::new(&dims_out, &strides_out, offset))
}
