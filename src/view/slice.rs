//! Multi-axis slicing: one [`SliceArg`] per axis (a range with a step, or a
//! single index that drops the axis), written with the [`s!`](crate::s)
//! macro as ndarray's users know it: `s![1..3, .., 2]`, `s![..;2]`,
//! `s![-1]`.
//!
//! Ranges follow Python's and PyTorch's slicing: negative bounds count
//! from the end, bounds past the end are clamped (`t[1:100]` of a size-4
//! axis is `t[1:4]`), an empty range is an empty axis; steps are positive
//! (PyTorch's `step must be greater than zero`; NumPy's negative steps, `::-1`,
//! would need negative strides, which views do not have). A single index must be in
//! range (`index 5 is out of bounds for dimension 0 with size 4`). Axes
//! after the last argument are kept whole.

use core::ops::{Range, RangeFrom, RangeFull, RangeInclusive, RangeTo, RangeToInclusive};

use super::layout::Strided;
use crate::error::ShapeError;
use crate::tensor::ShapeBuf;

/// One axis of a slice: see the [module documentation](self) and [`s!`](crate::s).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SliceArg {
    /// Positions `start, start + step, ..` before `end` (`None`: to the end
    /// of the axis); negative bounds count from the end.
    Range {
        /// The first position.
        start: isize,
        /// One past the last position, `None` for the end of the axis.
        end: Option<isize>,
        /// The distance between positions, at least 1.
        step: isize,
    },
    /// One position; the axis is dropped (negative: from the end).
    Index(isize),
}

impl SliceArg {
    /// The whole axis.
    pub const FULL: SliceArg = SliceArg::Range {
        start: 0,
        end: None,
        step: 1,
    };

    /// This argument with every `step`-th position (`s![a..b; step]`). A
    /// step after a single index `i` makes it the range `i..i + 1`, which
    /// keeps the axis (with size 1).
    pub const fn with_step(self, step: isize) -> SliceArg {
        match self {
            SliceArg::Range { start, end, .. } => SliceArg::Range { start, end, step },
            SliceArg::Index(i) => SliceArg::Range {
                start: i,
                end: if i == -1 { None } else { Some(i + 1) },
                step,
            },
        }
    }
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
                SliceArg::Range { start: r.start.to_isize(), end: Some(r.end.to_isize()), step: 1 }
            }
        }
        impl From<RangeFrom<$t>> for SliceArg {
            #[inline]
            fn from(r: RangeFrom<$t>) -> Self {
                SliceArg::Range { start: r.start.to_isize(), end: None, step: 1 }
            }
        }
        impl From<RangeTo<$t>> for SliceArg {
            #[inline]
            fn from(r: RangeTo<$t>) -> Self {
                SliceArg::Range { start: 0, end: Some(r.end.to_isize()), step: 1 }
            }
        }
        impl From<RangeInclusive<$t>> for SliceArg {
            #[inline]
            fn from(r: RangeInclusive<$t>) -> Self {
                SliceArg::Range { start: r.start().to_isize(), end: inclusive_end(r.end().to_isize()), step: 1 }
            }
        }
        impl From<RangeToInclusive<$t>> for SliceArg {
            #[inline]
            fn from(r: RangeToInclusive<$t>) -> Self {
                SliceArg::Range { start: 0, end: inclusive_end(r.end.to_isize()), step: 1 }
            }
        }
    )*};
}
bounds!(usize isize i32 i64 u32);

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

/// `bound` (negative: from the end of the axis) clamped to `0..=size`, as
/// Python does for a positive step: `-2` of a size-5 axis is 3, `-9` is 0.
fn clamp(bound: isize, size: usize) -> usize {
    if bound < 0 {
        size.saturating_sub(bound.unsigned_abs())
    } else {
        bound.unsigned_abs().min(size)
    }
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
    let (mut dims_out, mut strides_out) = (ShapeBuf::zeroed(kept), ShapeBuf::zeroed(kept));
    // The offset of the first element, if the result has one: then it is
    // an element of the storage, and every partial sum below is in range.
    let mut moved = 0usize;
    let mut k = 0;
    let mut empty = false;
    for (axis, (&size, &stride)) in dims.iter().zip(strides).enumerate() {
        let arg = args.get(axis).copied().unwrap_or(SliceArg::FULL);
        match arg {
            SliceArg::Index(i) => {
                let i = layout.resolve_index(axis, i)?;
                moved = moved.saturating_add(i.saturating_mul(stride));
            }
            SliceArg::Range { start, end, step } => {
                if step <= 0 {
                    return Err(ShapeError::SliceStep { step });
                }
                let s = clamp(start, size);
                let e = end.map_or(size, |e| clamp(e, size));
                let step = step.unsigned_abs();
                let n = if e > s { (e - s).div_ceil(step) } else { 0 };
                empty |= n == 0;
                moved = moved.saturating_add(s.saturating_mul(stride));
                dims_out.as_mut_slice()[k] = n;
                // With two positions or more, `step < size`, and the
                // product is at most the span of the axis; with one, the
                // stride is never used: no product to overflow.
                strides_out.as_mut_slice()[k] = if n > 1 {
                    stride.saturating_mul(step)
                } else {
                    stride
                };
                k += 1;
            }
        }
    }
    // Saturation is only reachable when the result is empty (no element
    // is read, and the offset stays in the storage's range).
    let offset = if empty {
        layout.offset
    } else {
        layout.offset + moved
    };
    Ok(Strided::new(
        dims_out.as_slice(),
        strides_out.as_slice(),
        offset,
    ))
}
