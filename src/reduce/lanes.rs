//! The lanes along one axis of a row-major tensor: what the operations
//! that look at a whole axis at once (`cumsum`, `sort`, `median`, `topk`,
//! `gather`, ...) run on, whatever the layout. One implementation, called
//! with a tensor's storage and sizes by every layout.

use alloc::vec::Vec;

use crate::error::{ShapeError, checked_numel};
use crate::shape::axis::{self, AxisArg};

/// An axis of a row-major layout: `outer` groups of `len` positions, each
/// position `inner` elements apart (lane `(o, i)` is
/// `x[o * len * inner + r * inner + i]` for `r < len`). A rank-0 tensor
/// is one lane of one element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Along {
    pub(crate) outer: usize,
    pub(crate) len: usize,
    pub(crate) inner: usize,
}

impl Along {
    /// Axis `axis` (already in range, or 0 for a rank-0 tensor) of `dims`.
    pub(crate) fn new(dims: &[usize], axis: usize) -> Self {
        if dims.is_empty() {
            return Along {
                outer: 1,
                len: 1,
                inner: 1,
            };
        }
        Along {
            outer: dims[..axis].iter().product(),
            len: dims[axis],
            inner: dims[axis + 1..].iter().product(),
        }
    }
}

/// `axis` as an axis of `shape` (axis 0 or -1 of a rank-0 tensor
/// included), or PyTorch's error.
pub(crate) fn axis_of(shape: &[usize], a: impl AxisArg) -> Result<usize, ShapeError> {
    axis::existing(shape, a)
}

/// The sizes of `dims` with the axis `axis` given `len` positions (a
/// rank-0 tensor stays rank 0).
pub(crate) fn resized(dims: &[usize], axis: usize, len: usize) -> Vec<usize> {
    let mut d = dims.to_vec();
    if let Some(x) = d.get_mut(axis) {
        *x = len;
    }
    d
}

/// Runs `f(lane, out)` on every lane of `x` along `a`, each lane read
/// into a contiguous slice (in place when `inner == 1`) and `out_len`
/// outputs per lane written back along the same axis: the result, of
/// `a.outer * out_len * a.inner` elements, has the input's sizes with the
/// axis given `out_len` positions. Fails only if the result is too large.
pub(crate) fn map_lanes<T: Copy, U: Copy + Default>(
    x: &[T],
    a: Along,
    out_len: usize,
    mut f: impl FnMut(&[T], &mut [U]),
) -> Result<Vec<U>, ShapeError> {
    map_lanes2(x, a, out_len, |lane, o, _: &mut [()]| f(lane, o)).map(|(u, _)| u)
}

/// [`map_lanes`] with two outputs per position (a sort's values and
/// indices), written in the same pass.
pub(crate) fn map_lanes2<T: Copy, U: Copy + Default, V: Copy + Default>(
    x: &[T],
    a: Along,
    out_len: usize,
    mut f: impl FnMut(&[T], &mut [U], &mut [V]),
) -> Result<(Vec<U>, Vec<V>), ShapeError> {
    let n = checked_numel::<U>(&[a.outer, out_len, a.inner])?;
    let dims = [a.outer, out_len, a.inner];
    let mut out = crate::error::try_filled(n, U::default(), &dims)?;
    let mut out2 = crate::error::try_filled(n, V::default(), &dims)?;
    if a.outer == 0 || a.inner == 0 || out_len == 0 {
        return Ok((out, out2));
    }
    if a.inner == 1 {
        let step = a.len.max(1);
        for (o, (u, v)) in out
            .chunks_exact_mut(out_len)
            .zip(out2.chunks_exact_mut(out_len))
            .enumerate()
        {
            let lane = if a.len == 0 {
                &[][..]
            } else {
                &x[o * step..(o + 1) * step]
            };
            f(lane, u, v);
        }
        return Ok((out, out2));
    }
    let mut lane = Vec::with_capacity(a.len);
    let mut lane_u = crate::error::try_filled(out_len, U::default(), &dims)?;
    let mut lane_v = crate::error::try_filled(out_len, V::default(), &dims)?;
    for o in 0..a.outer {
        let (xb, ob) = (o * a.len * a.inner, o * out_len * a.inner);
        for i in 0..a.inner {
            lane.clear();
            lane.extend((0..a.len).map(|r| x[xb + r * a.inner + i]));
            f(&lane, &mut lane_u, &mut lane_v);
            for r in 0..out_len {
                out[ob + r * a.inner + i] = lane_u[r];
                out2[ob + r * a.inner + i] = lane_v[r];
            }
        }
    }
    Ok((out, out2))
}

/// `out[o, r, i] = x[o, idx[o, r, i], i]` along `a`, for `m` positions
/// per lane (`idx` has `a.outer * m * a.inner` entries, each below
/// `a.len`): the values of a sort from its indices, `take_along_dim`.
pub(crate) fn take_lanes<T: Copy>(x: &[T], a: Along, idx: &[usize], m: usize) -> Vec<T> {
    let mut out = Vec::with_capacity(idx.len());
    if a.inner == 1 {
        for (o, lane) in idx.chunks_exact(m.max(1)).take(a.outer).enumerate() {
            let base = &x[o * a.len..];
            out.extend(lane.iter().map(|&j| base[j]));
        }
        return out;
    }
    for (o, group) in idx
        .chunks_exact((m * a.inner).max(1))
        .take(a.outer)
        .enumerate()
    {
        let base = o * a.len * a.inner;
        for row in group.chunks_exact(a.inner) {
            out.extend(
                row.iter()
                    .enumerate()
                    .map(|(i, &j)| x[base + j * a.inner + i]),
            );
        }
    }
    out
}
