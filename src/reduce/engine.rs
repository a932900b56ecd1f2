//! The reduction loop every layout runs on its own storage.
//!
//! A reduction over a set of axes of a row-major tensor is brought to one
//! canonical form, [`Canon`]: `outer` groups, each of `len` rows of `inner`
//! lanes (size-1 axes ignored). With `inner == 1` each output element
//! reduces one contiguous slice; otherwise each group's `inner` outputs are
//! accumulated row by row, a loop over contiguous lanes that LLVM
//! vectorises. For static shapes the form is a constant (computed by the
//! compiler from the shape and the axes), so a `[4, 3]` reduction compiles
//! to the loop one would write by hand over `[[f32; 3]; 4]`. Axes that are
//! not adjacent (axes 0 and 2 of `[2, 3, 4]`) are first gathered into a
//! copy with the reduced axes innermost: the only case that allocates
//! beyond the result.

use alloc::vec::Vec;

use num_traits::Float;

use crate::element::Element;
use crate::kernel;

/// Static shapes of at most this many elements run [`run`] inlined with
/// their constant form; larger ones the shared [`run_dims`].
pub(crate) const INLINE_LIMIT: usize = 4096;

/// A reduction as `outer` groups of `len` rows of `inner` lanes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Canon {
    pub(crate) outer: usize,
    pub(crate) len: usize,
    pub(crate) inner: usize,
}

/// The canonical form of reducing `dims` over the axes whose bit is set in
/// `mask`, or `None` when the reduced axes are not adjacent (size-1 axes
/// between them do not count). Bits past the rank are ignored, so axis 0 of
/// a rank-0 tensor reduces nothing.
pub(crate) const fn canon(dims: &[usize], mask: u64) -> Option<Canon> {
    let (mut outer, mut len, mut inner) = (1usize, 1usize, 1usize);
    // 0: before the reduced run, 1: in it, 2: after it.
    let mut state = 0;
    let mut i = 0;
    while i < dims.len() {
        let d = dims[i];
        let reduced = i < 64 && mask >> i & 1 == 1;
        if reduced {
            if state == 2 {
                return None;
            }
            state = 1;
            len = len.wrapping_mul(d);
        } else if d != 1 {
            if state == 0 {
                outer = outer.wrapping_mul(d);
            } else {
                state = 2;
                inner = inner.wrapping_mul(d);
            }
        }
        i += 1;
    }
    Some(Canon { outer, len, inner })
}

/// The first reduced axis of size 0, if any.
pub(crate) const fn empty_axis(dims: &[usize], mask: u64) -> Option<usize> {
    let mut i = 0;
    while i < dims.len() {
        if i < 64 && mask >> i & 1 == 1 && dims[i] == 0 {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// The sizes of the result: reduced axes as 1 (`keepdim`) or dropped.
pub(crate) fn out_dims(dims: &[usize], mask: u64, keepdim: bool, out: &mut Vec<usize>) {
    for (i, &d) in dims.iter().enumerate() {
        if mask >> i & 1 == 1 {
            if keepdim {
                out.push(1);
            }
        } else {
            out.push(d);
        }
    }
}

/// One reduction: over a contiguous slice, and over rows of lanes.
pub(crate) trait Reducer<T: Copy>: Sync {
    /// The output element.
    type Out: Copy + Send;
    /// The reduction of `x`, contiguous.
    fn slice(&self, x: &[T]) -> Self::Out;
    /// [`slice`](Self::slice) where the length is known only at run time
    /// (a reduction compiled once for every shape): the same result, by a
    /// path that does not count on the compiler knowing the length.
    #[inline(always)]
    fn row(&self, x: &[T]) -> Self::Out {
        self.slice(x)
    }
    /// The reductions of `out.len()` lanes over `len` rows: row `r` of
    /// lane `j` is `x[r * stride + j]`. `len >= 1`.
    fn lanes(&self, x: &[T], len: usize, stride: usize, out: &mut [Self::Out]);
    /// The reduction of every element of a strided layout (`x` from its
    /// first element, strides not negative), read where they lie, when
    /// this reduction has such a path (the sums: in memory order, a block
    /// at a time); `None` lets the caller walk or copy the layout.
    #[inline(always)]
    fn strided_all(&self, x: &[T], dims: &[usize], strides: &[usize]) -> Option<Self::Out> {
        let _ = (x, dims, strides);
        None
    }
}

/// Runs `r` over `x` (row-major) in the form `c`, writing one output per
/// group and lane into `out` (`c.outer * c.inner` elements). Inlined, so
/// that a constant `c` gives constant loop bounds.
#[inline(always)]
pub(crate) fn run<T: Copy, R: Reducer<T>>(x: &[T], c: Canon, r: &R, out: &mut [R::Out]) {
    run_form::<T, R, false>(x, c, r, out)
}

/// [`run`]; `RT`: the form is known only at run time, so each output
/// reduces its slice by [`Reducer::row`].
#[inline(always)]
fn run_form<T: Copy, R: Reducer<T>, const RT: bool>(x: &[T], c: Canon, r: &R, out: &mut [R::Out]) {
    if c.outer == 0 || c.inner == 0 {
        return;
    }
    if c.len == 0 {
        let empty = r.slice(&[]);
        out.iter_mut().for_each(|o| *o = empty);
    } else if c.inner == 1 {
        for (o, g) in out.iter_mut().zip(x.chunks_exact(c.len)) {
            *o = if RT { r.row(g) } else { r.slice(g) };
        }
    } else {
        let group = c.len * c.inner;
        for (o, g) in out.chunks_exact_mut(c.inner).zip(x.chunks_exact(group)) {
            r.lanes(g, c.len, c.inner, o);
        }
    }
}

/// [`run`] compiled once per element type and reduction, for shapes known
/// at run time; gathers non-adjacent axes first.
#[inline(never)]
pub(crate) fn run_dims<T: Copy + Sync, R: Reducer<T>>(
    x: &[T],
    dims: &[usize],
    mask: u64,
    r: &R,
    out: &mut [R::Out],
) {
    match canon(dims, mask) {
        Some(c) => run_split(x, c, r, out),
        None => {
            let (g, c) = gathered(x, dims, mask);
            run_split(&g, c, r, out)
        }
    }
}

/// [`run_dims`] over a strided layout (a view: `x` from its first
/// element, `dims` and `strides` in elements), reading the elements where
/// they lie when the layout allows the canonical form: the reduced axes
/// merging into one stride (in memory order: the order in which they are
/// added changes no output's place, only its rounding), and either
/// contiguous (each output reduces one slice) or the trailing kept axes
/// one contiguous run (rows of lanes with that stride: a transposed view
/// reduced over its columns reads its memory row by row). The groups may
/// be anywhere. Returns `false`, having written nothing, when the layout
/// does not allow it.
pub(crate) fn run_strided<T: Copy, R: Reducer<T>>(
    x: &[T],
    dims: &[usize],
    strides: &[usize],
    mask: u64,
    r: &R,
    out: &mut [R::Out],
) -> bool {
    let is = |i: usize| i < 64 && mask >> i & 1 == 1;
    let count = |f: &dyn Fn(usize) -> bool| -> usize {
        (0..dims.len()).filter(|&i| f(i)).map(|i| dims[i]).product()
    };
    let (groups, len) = (count(&|i| !is(i)), count(&|i| is(i)));
    if groups == 0 {
        return true;
    }
    if len == 0 {
        let empty = r.slice(&[]);
        out.iter_mut().for_each(|o| *o = empty);
        return true;
    }
    // Size-1 axes do not move anything: left out from here on.
    let kept: Vec<usize> = (0..dims.len())
        .filter(|&i| dims[i] != 1 && !is(i))
        .collect();
    let reduced: Vec<usize> = (0..dims.len()).filter(|&i| dims[i] != 1 && is(i)).collect();
    let (Some(&first), Some(&last)) = (reduced.first(), reduced.last()) else {
        // Nothing reduced (each element is its own group): not worth a
        // special case.
        return false;
    };
    if (first..=last).any(|i| dims[i] != 1 && !is(i)) {
        // Reduced axes apart from each other (merging them could still
        // walk one stride, but only through broadcast axes, whose every
        // element would then be added again one by one).
        return false;
    }
    let reduced = memory_order(&reduced, strides);
    // The count and the stride an axis list merges into, if it does (each
    // axis's stride is the next one's times its size).
    let merged = |list: &[usize]| -> Option<(usize, usize)> {
        let (&innermost, rest) = list.split_last()?;
        let mut expect = strides[innermost] * dims[innermost];
        for &i in rest.iter().rev() {
            if strides[i] != expect {
                return None;
            }
            expect *= dims[i];
        }
        Some((list.iter().map(|&i| dims[i]).product(), strides[innermost]))
    };
    let Some((_, row_stride)) = merged(&reduced) else {
        return false;
    };
    // The lanes: the longest tail of the kept axes that is one contiguous run.
    let mut split = kept.len();
    while split > 0 && matches!(merged(&kept[split - 1..]), Some((_, 1))) {
        split -= 1;
    }
    let lanes: usize = kept[split..].iter().map(|&i| dims[i]).product();
    if lanes == 1 && row_stride != 1 {
        return false;
    }
    let outer = &kept[..split];
    let o_dims: Vec<usize> = outer.iter().map(|&i| dims[i]).collect();
    let o_strides: Vec<usize> = outer.iter().map(|&i| strides[i]).collect();
    let starts = crate::view::iter_offsets(&o_dims, &o_strides);
    if lanes == 1 {
        for (o, start) in out.iter_mut().zip(starts) {
            *o = r.slice(&x[start..start + len]);
        }
    } else {
        for (o, start) in out.chunks_exact_mut(lanes).zip(starts) {
            r.lanes(&x[start..], len, row_stride, o);
        }
    }
    true
}

/// `axes` in memory order: the largest stride first, a broadcast axis
/// (stride 0, the same memory again) before all; ties keep their order.
fn memory_order(axes: &[usize], strides: &[usize]) -> Vec<usize> {
    let mut axes = axes.to_vec();
    let key = |i: usize| match strides[i] {
        0 => usize::MAX,
        s => s,
    };
    axes.sort_by_key(|&a| core::cmp::Reverse(key(a)));
    axes
}

/// [`run`], with the `rayon` feature split across the pool by groups
/// (whole outputs) when the input is large and has several groups. Each
/// output is computed by the same loop as without the split, so results do
/// not depend on the number of threads. A single group (a reduction over
/// the leading axes) stays on one thread: cutting its lanes into narrow
/// columns made it 4x slower in `benches/parallel.rs`.
fn run_split<T: Copy + Sync, R: Reducer<T>>(x: &[T], c: Canon, r: &R, out: &mut [R::Out]) {
    use kernel::parallel::{PARALLEL_ELEMENTS, for_each_piece, units_per_piece};
    let group = c.len.saturating_mul(c.inner);
    if c.outer < 2 || group == 0 || c.outer.saturating_mul(group) < PARALLEL_ELEMENTS {
        return run_form::<T, R, true>(x, c, r, out);
    }
    let per = units_per_piece(c.outer, group, PARALLEL_ELEMENTS, 4);
    for_each_piece(out, per * c.inner, |start, piece| {
        let (g0, groups) = (start / c.inner, piece.len() / c.inner);
        let part = Canon { outer: groups, ..c };
        run_form::<T, R, true>(&x[g0 * group..(g0 + groups) * group], part, r, piece);
    });
}

/// The elements with the reduced axes moved innermost, and the form of the
/// reduction over that copy.
pub(crate) fn gathered<T: Copy>(x: &[T], dims: &[usize], mask: u64) -> (Vec<T>, Canon) {
    let strides = kernel::strides(dims);
    let is = |i: usize| mask >> i & 1 == 1;
    let order: Vec<usize> = (0..dims.len())
        .filter(|&i| !is(i))
        .chain((0..dims.len()).filter(|&i| is(i)))
        .collect();
    let pd: Vec<usize> = order.iter().map(|&i| dims[i]).collect();
    let ps: Vec<usize> = order.iter().map(|&i| strides[i]).collect();
    let len: usize = (0..dims.len())
        .filter(|&i| is(i))
        .map(|i| dims[i])
        .product();
    let outer: usize = (0..dims.len())
        .filter(|&i| !is(i))
        .map(|i| dims[i])
        .product();
    (
        kernel::gather(x, &pd, &ps),
        Canon {
            outer,
            len,
            inner: 1,
        },
    )
}

/// Lanes processed together by the reductions that keep a value per lane
/// beside the output (variance, argmax): a stack buffer, no allocation.
const CHUNK: usize = 64;

pub(crate) fn is_nan<T: PartialEq>(x: T) -> bool {
    // `x != x` holds exactly for NaN, and never for integers.
    #[allow(clippy::eq_op)]
    let nan = x != x;
    nan
}

/// The sum of a contiguous slice in [`Element::Acc`] (each element widened
/// first, so integer sums do not wrap at the element's width): short
/// slices left to right (the hand loop), longer ones pairwise over blocks
/// of [`BLOCK`], each block summed in [`LANES`] independent accumulators,
/// so that the error grows as `log n` and the loop vectorises. For floats
/// `widen` is the identity: the same loop as summing in `T`.
#[inline(always)]
pub(crate) fn sum_slice<T: Element>(x: &[T]) -> T::Acc {
    sum_map(x, T::widen)
}

/// [`sum_slice`] in `T` itself, for the float reductions built on a sum
/// (`mean`, `softmax`), whose `Acc` is `T`.
#[inline(always)]
pub(crate) fn sum_float<T: Element + Float>(x: &[T]) -> T {
    sum_map(x, |v| v)
}

/// [`sum_slice`] for slices of a length known only at run time (a row of
/// `rows()`): the same additions in the same order, a slice of one block
/// summed by [`sum_one_block`].
#[inline(always)]
pub(crate) fn sum_slice_rt<T: Element>(x: &[T]) -> T::Acc {
    sum_map_rt(x, T::widen)
}

/// [`sum_slice_rt`] in `T` itself, as [`sum_float`].
#[inline(always)]
pub(crate) fn sum_float_rt<T: Element + Float>(x: &[T]) -> T {
    sum_map_rt(x, |v| v)
}

/// [`sum_map`] for a length known only at run time.
#[inline(always)]
fn sum_map_rt<T: Copy, A: Element, F: Fn(T) -> A + Copy>(x: &[T], f: F) -> A {
    if x.len() >= 16 && x.len() <= BLOCK {
        sum_one_block(x, f)
    } else {
        sum_map(x, f)
    }
}

/// The sum of at most one block, lanes and horizontal sum in one call:
/// the lanes stay in registers, where [`sum_pairwise`] returns them
/// through memory for the caller to add up (the `[4096, 64]` row sums:
/// 74 instructions a row here, against 93 in `sum_pairwise` and 17 for
/// the sum of its lanes).
#[inline(never)]
fn sum_one_block<T: Copy, A: Element, F: Fn(T) -> A>(x: &[T], f: F) -> A {
    horizontal(sum_block(x, f))
}

/// [`sum_slice`] of the elements of a strided layout (a view: `x` from its
/// first element, `dims` and `strides` in elements), read where they lie
/// in memory order (the axis of the largest stride outermost, as NumPy's
/// `order='K'`), with no copy beyond a block of [`BLOCK`] elements on the
/// stack at a time. For a view whose axes are already in memory order (a
/// slice) these are the additions of a contiguous copy, so the same result
/// to the bit; for a transposed or permuted view they are those of the
/// memory underneath, which can round differently from the row-major order.
/// `f` maps each element first (`T::widen` for `sum`, the identity for
/// `mean`).
pub(crate) fn sum_strided<T: Element, A: Element, F: Fn(T) -> A + Copy>(
    x: &[T],
    dims: &[usize],
    strides: &[usize],
    f: F,
) -> A {
    let n = dims.iter().product::<usize>();
    let mut buf = [T::zero(); BLOCK];
    if n == 0 {
        return A::zero();
    }
    let axes = memory_order(&(0..dims.len()).collect::<Vec<_>>(), strides);
    let d: Vec<usize> = axes.iter().map(|&i| dims[i]).collect();
    let s: Vec<usize> = axes.iter().map(|&i| strides[i]).collect();
    let mut runs = Runs::new(x, &d, &s);
    if n <= BLOCK {
        runs.fill(&mut buf[..n]);
        return sum_map(&buf[..n], f);
    }
    horizontal(pairwise_runs(n, &mut runs, &mut buf, f))
}

/// [`sum_pairwise`] over the next `len` elements of `runs`: the same
/// halves, the same blocks, each block read into `buf` and summed there.
fn pairwise_runs<T: Element, A: Element, F: Fn(T) -> A + Copy>(
    len: usize,
    runs: &mut Runs<'_, T>,
    buf: &mut [T; BLOCK],
    f: F,
) -> [A; LANES] {
    // A block within one contiguous run is summed where it lies.
    let mut block = |m: usize| match runs.slice(m) {
        Some(x) => sum_block(x, f),
        None => {
            runs.fill(&mut buf[..m]);
            sum_block(&buf[..m], f)
        }
    };
    let half = len / 2;
    let (a, b) = if len > 2 * BLOCK {
        let a = pairwise_runs(half, runs, buf, f);
        (a, pairwise_runs(len - half, runs, buf, f))
    } else if len > BLOCK {
        let a = block(half);
        (a, block(len - half))
    } else {
        return block(len);
    };
    core::array::from_fn(|k| a[k].add_elem(b[k]))
}

/// The elements of a strided layout in row-major order, handed out a
/// piece at a time: runs along the innermost axis (a plain copy where
/// its stride is 1), one run per position of the other axes.
struct Runs<'x, T> {
    x: &'x [T],
    /// The start of every run.
    starts: crate::view::Offsets,
    /// The length of a run and the stride along it.
    run: (usize, usize),
    /// The next element, and how many are left in its run.
    at: usize,
    left: usize,
}

impl<'x, T: Copy> Runs<'x, T> {
    /// A layout of at least one element.
    fn new(x: &'x [T], dims: &[usize], strides: &[usize]) -> Self {
        // Size-1 axes moved nothing: the innermost of the others runs.
        let keep = |i: &usize| dims[*i] != 1;
        let axes: Vec<usize> = (0..dims.len()).filter(keep).collect();
        let (outer, run) = match axes.split_last() {
            Some((&last, outer)) => (outer, (dims[last], strides[last])),
            None => (&axes[..], (1, 0)),
        };
        let o_dims: Vec<usize> = outer.iter().map(|&i| dims[i]).collect();
        let o_strides: Vec<usize> = outer.iter().map(|&i| strides[i]).collect();
        Runs {
            x,
            starts: crate::view::iter_offsets(&o_dims, &o_strides),
            run,
            at: 0,
            left: 0,
        }
    }

    /// Moves to the next run if this one is done.
    fn refill(&mut self) {
        if self.left == 0 {
            self.at = self
                .starts
                .next()
                .expect("no more elements than the layout has");
            self.left = self.run.0;
        }
    }

    /// The next `m` elements as a slice, if they are contiguous.
    fn slice(&mut self, m: usize) -> Option<&'x [T]> {
        self.refill();
        if self.run.1 != 1 || m > self.left {
            return None;
        }
        let x = &self.x[self.at..self.at + m];
        self.at += m;
        self.left -= m;
        Some(x)
    }

    /// Writes the next `buf.len()` elements into `buf`.
    fn fill(&mut self, buf: &mut [T]) {
        let s = self.run.1;
        let mut k = 0;
        while k < buf.len() {
            self.refill();
            let m = self.left.min(buf.len() - k);
            let out = &mut buf[k..k + m];
            match s {
                0 => out.fill(self.x[self.at]),
                1 => out.copy_from_slice(&self.x[self.at..self.at + m]),
                _ => {
                    let x = &self.x[self.at..];
                    for (j, o) in out.iter_mut().enumerate() {
                        *o = x[j * s];
                    }
                }
            }
            self.at += m * s;
            self.left -= m;
            k += m;
        }
    }
}

/// The sum of `f` over a contiguous slice, in [`sum_slice`]'s order.
#[inline(always)]
fn sum_map<T: Copy, A: Element, F: Fn(T) -> A + Copy>(x: &[T], f: F) -> A {
    if x.len() < 16 {
        match x.split_first() {
            Some((&first, rest)) => rest.iter().fold(f(first), |a, &v| a.add_elem(f(v))),
            None => A::zero(),
        }
    } else {
        horizontal(sum_pairwise(x, f))
    }
}

/// The sum of the lanes, as a tree. One horizontal sum per slice: the
/// pairwise tree of [`sum_pairwise`] keeps the lanes apart. Folding each
/// block to a scalar made LLVM vectorise for that scalar tree instead of
/// the loop, shuffling at every step (14 instructions per 8 elements,
/// against 19 per 32 now).
#[inline(always)]
fn horizontal<A: Element>(mut a: [A; LANES]) -> A {
    let mut w = LANES;
    while w > 1 {
        w /= 2;
        for k in 0..w {
            a[k] = a[k].add_elem(a[k + w]);
        }
    }
    a[0]
}

/// Accumulators of [`sum_pairwise`]: four SSE vectors of f32, enough
/// independent additions to hide their latency.
const LANES: usize = 16;
/// Elements summed lane by lane before the pairwise tree takes over.
const BLOCK: usize = 256;

/// The lane sums of `f` over `x` (lane `k` over the elements `k mod LANES`
/// of each block), blocks combined pairwise. Two blocks are summed in one
/// call: the recursion costs a call and a copy of the lanes each. Never
/// inlined, even for one block: beside the horizontal sum (a short row of
/// a static shape, unrolled) LLVM pairs the lanes again, 15% more
/// instructions on `[64, 64]`.
#[inline(never)]
fn sum_pairwise<T: Copy, A: Element, F: Fn(T) -> A + Copy>(x: &[T], f: F) -> [A; LANES] {
    let (l, r) = x.split_at(x.len() / 2);
    let (a, b) = if x.len() > 2 * BLOCK {
        (sum_pairwise(l, f), sum_pairwise(r, f))
    } else if x.len() > BLOCK {
        (sum_block(l, f), sum_block(r, f))
    } else {
        return sum_block(x, f);
    };
    core::array::from_fn(|k| a[k].add_elem(b[k]))
}

/// The lane sums of `f` over at most one block, in order within each lane.
#[inline(always)]
fn sum_block<T: Copy, A: Element, F: Fn(T) -> A>(x: &[T], f: F) -> [A; LANES] {
    let mut acc = [A::zero(); LANES];
    let mut chunks = x.chunks_exact(LANES);
    for c in &mut chunks {
        for k in 0..LANES {
            acc[k] = acc[k].add_elem(f(c[k]));
        }
    }
    for (a, &v) in acc.iter_mut().zip(chunks.remainder()) {
        *a = a.add_elem(f(v));
    }
    acc
}

/// `out[j] = sum of x[r * stride + j]` over every row: the first row, then
/// eight rows per pass, summed as a tree and added to the lane, then four,
/// then the rows left over one by one. Each pass loads and stores the lanes
/// once for eight (or four) rows: an eighth of the traffic of adding row by
/// row, and few enough stores that where the lanes sit against the rows in
/// memory matters little. `w` maps each element into the accumulator
/// (`T::widen`, or the identity for floats).
#[inline(always)]
fn sum_lanes<T: Copy, A: Element, W: Fn(T) -> A>(
    x: &[T],
    len: usize,
    stride: usize,
    out: &mut [A],
    w: W,
) {
    let n = out.len();
    for (o, &v) in out.iter_mut().zip(&x[..n]) {
        *o = w(v);
    }
    let row = |r: usize| &x[r * stride..r * stride + n];
    let mut r = 1;
    while r + 8 <= len {
        let (a, b, c, d) = (row(r), row(r + 1), row(r + 2), row(r + 3));
        let (e, f, g, h) = (row(r + 4), row(r + 5), row(r + 6), row(r + 7));
        for j in 0..n {
            let lo = w(a[j])
                .add_elem(w(b[j]))
                .add_elem(w(c[j]).add_elem(w(d[j])));
            let hi = w(e[j])
                .add_elem(w(f[j]))
                .add_elem(w(g[j]).add_elem(w(h[j])));
            out[j] = out[j].add_elem(lo.add_elem(hi));
        }
        r += 8;
    }
    if r + 4 <= len {
        let (a, b, c, d) = (row(r), row(r + 1), row(r + 2), row(r + 3));
        for j in 0..n {
            let ab = w(a[j]).add_elem(w(b[j]));
            let cd = w(c[j]).add_elem(w(d[j]));
            out[j] = out[j].add_elem(ab.add_elem(cd));
        }
        r += 4;
    }
    for r in r..len {
        for (o, &v) in out.iter_mut().zip(row(r)) {
            *o = o.add_elem(w(v));
        }
    }
}

/// The sum, in [`Element::Acc`].
pub(crate) struct Sum;
impl<T: Element> Reducer<T> for Sum {
    type Out = T::Acc;
    #[inline(always)]
    fn slice(&self, x: &[T]) -> T::Acc {
        sum_slice(x)
    }
    #[inline(always)]
    fn row(&self, x: &[T]) -> T::Acc {
        sum_slice_rt(x)
    }
    #[inline(always)]
    fn lanes(&self, x: &[T], len: usize, stride: usize, out: &mut [T::Acc]) {
        sum_lanes(x, len, stride, out, T::widen)
    }
    fn strided_all(&self, x: &[T], dims: &[usize], strides: &[usize]) -> Option<T::Acc> {
        Some(sum_strided(x, dims, strides, T::widen))
    }
}

/// An element as [`Sum`] adds it, NaN as 0 (integers are never NaN).
#[inline(always)]
fn nan_as_zero<T: Element>(v: T) -> T::Acc {
    if is_nan(v) {
        <T::Acc as num_traits::Zero>::zero()
    } else {
        v.widen()
    }
}

/// PyTorch's `nansum`: the sum with NaN taken as 0, in [`Element::Acc`]
/// (the same additions as [`Sum`], a NaN's place holding 0).
pub(crate) struct NanSum;
impl<T: Element> Reducer<T> for NanSum {
    type Out = T::Acc;
    #[inline(always)]
    fn slice(&self, x: &[T]) -> T::Acc {
        sum_map(x, nan_as_zero)
    }
    #[inline(always)]
    fn row(&self, x: &[T]) -> T::Acc {
        sum_map_rt(x, nan_as_zero)
    }
    #[inline(always)]
    fn lanes(&self, x: &[T], len: usize, stride: usize, out: &mut [T::Acc]) {
        sum_lanes(x, len, stride, out, nan_as_zero)
    }
    fn strided_all(&self, x: &[T], dims: &[usize], strides: &[usize]) -> Option<T::Acc> {
        Some(sum_strided(x, dims, strides, nan_as_zero))
    }
}

/// A float element as [`NanMean`] adds it, NaN as 0.
#[inline(always)]
fn nan_zero<T: Float>(v: T) -> T {
    if v.is_nan() { T::zero() } else { v }
}

/// PyTorch's `nanmean`: the mean of the elements that are not NaN (NaN
/// when there are none, as 0 / 0).
pub(crate) struct NanMean;
impl<T: Element + Float> Reducer<T> for NanMean {
    type Out = T;
    #[inline(always)]
    fn slice(&self, x: &[T]) -> T {
        let n = x.iter().filter(|v| !is_nan(**v)).count();
        sum_map(x, nan_zero::<T>) / count::<T>(n)
    }
    #[inline(always)]
    fn row(&self, x: &[T]) -> T {
        let n = x.iter().filter(|v| !is_nan(**v)).count();
        sum_map_rt(x, nan_zero::<T>) / count::<T>(n)
    }
    #[inline(always)]
    fn lanes(&self, x: &[T], len: usize, stride: usize, out: &mut [T]) {
        // The sums as `NanSum`'s lanes add them, the counts a chunk of
        // lanes at a time on the stack.
        sum_lanes(x, len, stride, out, nan_zero::<T>);
        for (c, o) in out.chunks_mut(CHUNK).enumerate() {
            let base = c * CHUNK;
            let mut n = [0usize; CHUNK];
            for r in 0..len {
                let row = &x[base + r * stride..base + r * stride + o.len()];
                for (k, &v) in n.iter_mut().zip(row) {
                    *k += usize::from(!is_nan(v));
                }
            }
            for (s, &k) in o.iter_mut().zip(&n) {
                *s = *s / count::<T>(k);
            }
        }
    }
    fn strided_all(&self, x: &[T], dims: &[usize], strides: &[usize]) -> Option<T> {
        let n = crate::view::iter_offsets(dims, strides)
            .filter(|&o| !is_nan(x[o]))
            .count();
        Some(sum_strided(x, dims, strides, nan_zero::<T>) / count::<T>(n))
    }
}

/// The product, in [`Element::Acc`] (wrapping at its width, as PyTorch's
/// `int64` products do): left to right, and row by row over lanes. NumPy
/// and PyTorch do not multiply pairwise either.
pub(crate) struct Prod;
impl<T: Element> Reducer<T> for Prod {
    type Out = T::Acc;
    #[inline(always)]
    fn slice(&self, x: &[T]) -> T::Acc {
        x.iter().fold(<T::Acc as num_traits::One>::one(), |a, &v| {
            a.mul_elem(v.widen())
        })
    }
    #[inline(always)]
    fn lanes(&self, x: &[T], len: usize, stride: usize, out: &mut [T::Acc]) {
        let n = out.len();
        for (o, &v) in out.iter_mut().zip(&x[..n]) {
            *o = v.widen();
        }
        for r in 1..len {
            for (o, &v) in out.iter_mut().zip(&x[r * stride..r * stride + n]) {
                *o = o.mul_elem(v.widen());
            }
        }
    }
}

/// `n` as a float (infinite past the type's range).
#[inline(always)]
pub(crate) fn count<T: Float>(n: usize) -> T {
    T::from(n).unwrap_or_else(T::infinity)
}

/// The mean (NaN over nothing).
pub(crate) struct Mean;
impl<T: Element + Float> Reducer<T> for Mean {
    type Out = T;
    #[inline(always)]
    fn slice(&self, x: &[T]) -> T {
        sum_float(x) / count::<T>(x.len())
    }
    #[inline(always)]
    fn row(&self, x: &[T]) -> T {
        sum_float_rt(x) / count::<T>(x.len())
    }
    #[inline(always)]
    fn lanes(&self, x: &[T], len: usize, stride: usize, out: &mut [T]) {
        sum_lanes(x, len, stride, out, |v| v);
        let n = count::<T>(len);
        out.iter_mut().for_each(|o| *o = *o / n);
    }
    fn strided_all(&self, x: &[T], dims: &[usize], strides: &[usize]) -> Option<T> {
        let n = dims.iter().product::<usize>();
        Some(sum_strided(x, dims, strides, |v: T| v) / count::<T>(n))
    }
}

/// The variance with divisor `max(n - correction, 0)`, two passes; its
/// square root when `sqrt`.
pub(crate) struct Var {
    pub(crate) correction: usize,
    pub(crate) sqrt: bool,
}
impl<T: Element + Float> Reducer<T> for Var {
    type Out = T;
    #[inline(always)]
    fn slice(&self, x: &[T]) -> T {
        let m = sum_float(x) / count::<T>(x.len());
        // Summed as the mean's sum is: one chain of additions would cost
        // an addition's latency per element.
        let ss = sum_map(x, |v| (v - m) * (v - m));
        let v = ss / count::<T>(x.len().saturating_sub(self.correction));
        if self.sqrt { v.sqrt() } else { v }
    }
    #[inline(always)]
    fn lanes(&self, x: &[T], len: usize, stride: usize, out: &mut [T]) {
        let n = count::<T>(len);
        let den = count::<T>(len.saturating_sub(self.correction));
        for (c, o) in out.chunks_mut(CHUNK).enumerate() {
            let base = c * CHUNK;
            let w = o.len();
            let mut m = [T::zero(); CHUNK];
            sum_lanes(&x[base..], len, stride, &mut m[..w], |v| v);
            m[..w].iter_mut().for_each(|v| *v = *v / n);
            o.iter_mut().for_each(|v| *v = T::zero());
            for r in 0..len {
                let row = &x[base + r * stride..base + r * stride + w];
                for ((s, &v), &mv) in o.iter_mut().zip(row).zip(&m[..w]) {
                    *s = *s + (v - mv) * (v - mv);
                }
            }
            o.iter_mut().for_each(|v| {
                *v = *v / den;
                if self.sqrt {
                    *v = v.sqrt();
                }
            });
        }
    }
}

/// Whether `v` replaces the best so far `b`: NaN wins and stays, otherwise
/// strictly better (`MAX`: larger), so ties keep the first.
#[inline(always)]
fn replaces<T: Element, const MAX: bool>(v: T, b: T) -> bool {
    !is_nan(b) && (is_nan(v) || if MAX { v > b } else { v < b })
}

/// The largest (`MAX`) or smallest element; NaN if there is one. Callers
/// refuse an empty group.
pub(crate) struct Extreme<const MAX: bool>;
impl<T: Element, const MAX: bool> Reducer<T> for Extreme<MAX> {
    type Out = T;
    #[inline(always)]
    fn slice(&self, x: &[T]) -> T {
        if x.len() >= 16 {
            return extreme_long::<T, MAX>(x);
        }
        match x.split_first() {
            Some((&first, rest)) => rest
                .iter()
                .fold(first, |b, &v| if replaces::<T, MAX>(v, b) { v } else { b }),
            None => T::zero(),
        }
    }
    #[inline(always)]
    fn lanes(&self, x: &[T], len: usize, stride: usize, out: &mut [T]) {
        let n = out.len();
        out.copy_from_slice(&x[..n]);
        for r in 1..len {
            for (o, &v) in out.iter_mut().zip(&x[r * stride..r * stride + n]) {
                if replaces::<T, MAX>(v, *o) {
                    *o = v;
                }
            }
        }
    }
}

/// [`Extreme`] over a long slice: eight independent lanes of plain
/// comparisons (which vectorise) and a NaN flag beside them, instead of
/// one chain of NaN-aware comparisons.
fn extreme_long<T: Element, const MAX: bool>(x: &[T]) -> T {
    let mut acc = [x[0]; 8];
    let mut nan = [false; 8];
    let mut chunks = x.chunks_exact(8);
    for c in &mut chunks {
        for k in 0..8 {
            let v = c[k];
            let better = if MAX { v > acc[k] } else { v < acc[k] };
            acc[k] = if better { v } else { acc[k] };
            nan[k] |= is_nan(v);
        }
    }
    if nan.iter().any(|&n| n) || chunks.remainder().iter().any(|&v| is_nan(v)) {
        // The first NaN, as the chain would return.
        return x.iter().copied().find(|&v| is_nan(v)).unwrap_or(acc[0]);
    }
    // The lanes as a tree (independent comparisons), then the remainder.
    let better = |a: T, b: T| {
        let wins = if MAX { b > a } else { b < a };
        if wins { b } else { a }
    };
    let mut w = 8;
    while w > 1 {
        w /= 2;
        for k in 0..w {
            acc[k] = better(acc[k], acc[k + w]);
        }
    }
    chunks.remainder().iter().fold(acc[0], |b, &v| better(b, v))
}

/// The index of the largest (`MAX`) or smallest element, the first on ties
/// or NaN. Callers refuse an empty group.
pub(crate) struct ArgExtreme<const MAX: bool>;
impl<T: Element, const MAX: bool> Reducer<T> for ArgExtreme<MAX> {
    type Out = usize;
    #[inline(always)]
    fn slice(&self, x: &[T]) -> usize {
        let mut best = 0;
        for (i, &v) in x.iter().enumerate().skip(1) {
            if replaces::<T, MAX>(v, x[best]) {
                best = i;
            }
        }
        best
    }
    #[inline(always)]
    fn lanes(&self, x: &[T], len: usize, stride: usize, out: &mut [usize]) {
        for (c, o) in out.chunks_mut(CHUNK).enumerate() {
            let base = c * CHUNK;
            let w = o.len();
            let mut b = [T::zero(); CHUNK];
            b[..w].copy_from_slice(&x[base..base + w]);
            o.iter_mut().for_each(|i| *i = 0);
            for r in 1..len {
                let row = &x[base + r * stride..base + r * stride + w];
                for ((i, bv), &v) in o.iter_mut().zip(&mut b[..w]).zip(row) {
                    if replaces::<T, MAX>(v, *bv) {
                        *bv = v;
                        *i = r;
                    }
                }
            }
        }
    }
}

/// `log(sum(exp(x)))`, stable: the maximum subtracted first. `-inf` over
/// nothing or over `-inf`s only; NaN if there is one; `+inf` if there is one.
pub(crate) struct LogSumExp;
impl<T: Element + Float> Reducer<T> for LogSumExp {
    type Out = T;
    #[inline(always)]
    fn slice(&self, x: &[T]) -> T {
        // The maximum by `Extreme` (its lanes, on a row of 16 or more);
        // `-inf` over nothing.
        let m = if x.is_empty() {
            T::neg_infinity()
        } else {
            Extreme::<true>.slice(x)
        };
        if !m.is_finite() {
            let s = x.iter().fold(T::zero(), |a, &v| a + shifted_exp(v, m));
            return finish_lse(s, m);
        }
        // The common case without `shifted_exp`'s test in the loop.
        m + x.iter().fold(T::zero(), |a, &v| a + (v - m).exp()).ln()
    }
    #[inline(always)]
    fn lanes(&self, x: &[T], len: usize, stride: usize, out: &mut [T]) {
        for (c, o) in out.chunks_mut(CHUNK).enumerate() {
            let base = c * CHUNK;
            let w = o.len();
            let mut m = [T::zero(); CHUNK];
            Extreme::<true>.lanes(&x[base..], len, stride, &mut m[..w]);
            o.iter_mut().for_each(|s| *s = T::zero());
            for r in 0..len {
                let row = &x[base + r * stride..base + r * stride + w];
                for ((s, &v), &mv) in o.iter_mut().zip(row).zip(&m[..w]) {
                    *s = *s + shifted_exp(v, mv);
                }
            }
            for (s, &mv) in o.iter_mut().zip(&m[..w]) {
                *s = finish_lse(*s, mv);
            }
        }
    }
}

/// `exp(v - m)` where `m` is the maximum of `v`'s group: 1 where both are
/// the same infinity (so that `+inf` counts once and `-inf`s give `-inf`).
#[inline(always)]
pub(crate) fn shifted_exp<T: Float>(v: T, m: T) -> T {
    if m.is_finite() {
        (v - m).exp()
    } else if v == m {
        T::one()
    } else {
        (v - m).exp()
    }
}

/// `m + ln(s)` for a group of maximum `m` and shifted sum `s`.
#[inline(always)]
fn finish_lse<T: Float>(s: T, m: T) -> T {
    if m.is_finite() { m + s.ln() } else { m }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// Lengths around the short-slice cut, the lane width, the block and
    /// the pairwise splits, with remainders.
    const LENS: [usize; 18] = [
        0, 1, 15, 16, 17, 31, 33, 255, 256, 257, 300, 511, 512, 513, 1024, 1031, 2048, 4099,
    ];

    fn values(n: usize) -> Vec<f32> {
        (0..n)
            .map(|i| ((i * 37) % 251) as f32 * 0.01 - 1.0)
            .collect()
    }

    #[test]
    fn sums_match_a_wide_reference() {
        for n in LENS {
            let x = values(n);
            let exact: f64 = x.iter().map(|&v| f64::from(v)).sum();
            let scale: f64 = x.iter().map(|&v| f64::from(v).abs()).sum();
            let got = f64::from(sum_slice(&x));
            assert!(
                (got - exact).abs() <= 1e-6 * scale + 1e-9,
                "n = {n}: {got} vs {exact}"
            );
            let ints: Vec<i64> = (0..n as i64).map(|i| (i * 7919) % 1009 - 500).collect();
            assert_eq!(sum_slice(&ints), ints.iter().sum::<i64>(), "n = {n}");
        }
    }

    #[test]
    fn runtime_length_sums_take_the_same_steps() {
        // Every length around the short-slice cut, the lanes and the one
        // block: the views' entry adds in the same order, so it agrees to
        // the bit, and with a wide reference.
        for n in (0..300).chain(LENS) {
            let x: Vec<f32> = values(n).iter().map(|v| v * 1e3 + 0.1).collect();
            assert_eq!(
                sum_slice_rt(&x).to_bits(),
                sum_slice(&x).to_bits(),
                "n = {n}"
            );
            let exact: f64 = x.iter().map(|&v| f64::from(v)).sum();
            let scale: f64 = x.iter().map(|&v| f64::from(v).abs()).sum();
            let got = f64::from(sum_slice_rt(&x));
            assert!((got - exact).abs() <= 1e-6 * scale + 1e-9, "n = {n}");
            let ints: Vec<i32> = (0..n as i32).map(|i| (i * 7919) % 1009 - 500).collect();
            let wide: i64 = ints.iter().map(|&v| i64::from(v)).sum();
            assert_eq!(sum_slice_rt(&ints), wide, "n = {n}");
        }
    }

    #[test]
    fn column_sums_match_a_loop_for_every_row_count() {
        // Row counts around the four-row passes, lanes shorter and longer
        // than a vector, a stride wider than the lanes.
        for len in 1..=21 {
            for n in [1, 3, 8, 17] {
                let stride = n + 2;
                let x: Vec<i64> = (0..(len * stride) as i64)
                    .map(|i| (i * 7919) % 1009 - 500)
                    .collect();
                let mut out = alloc::vec![0i64; n];
                sum_lanes(&x, len, stride, &mut out, |v| v);
                let want: Vec<i64> = (0..n)
                    .map(|j| (0..len).map(|r| x[r * stride + j]).sum())
                    .collect();
                assert_eq!(out, want, "len {len}, n {n}");
                let xf: Vec<f32> = x.iter().map(|&v| v as f32 * 0.01).collect();
                let mut outf = alloc::vec![0f32; n];
                sum_lanes(&xf, len, stride, &mut outf, |v| v);
                for j in 0..n {
                    let w: f64 = (0..len).map(|r| f64::from(xf[r * stride + j])).sum();
                    assert!(
                        (f64::from(outf[j]) - w).abs() < 1e-4,
                        "len {len}, n {n}, lane {j}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_long_sum_keeps_its_precision() {
        // Left to right in f32 this is 100958.34; pairwise stays close.
        let x = alloc::vec![0.1f32; 1_000_000];
        let exact = f64::from(0.1f32) * 1e6;
        let got = f64::from(sum_slice(&x));
        assert!((got - exact).abs() / exact < 1e-6, "{got} vs {exact}");
    }

    #[test]
    fn variances_match_a_wide_reference() {
        for n in LENS.into_iter().filter(|&n| n >= 2) {
            // An offset makes a one-pass formula lose every digit.
            let x: Vec<f32> = values(n).iter().map(|v| v + 1000.0).collect();
            let mean = x.iter().map(|&v| f64::from(v)).sum::<f64>() / n as f64;
            let ss: f64 = x.iter().map(|&v| (f64::from(v) - mean).powi(2)).sum();
            let exact = ss / (n - 1) as f64;
            let r = Var {
                correction: 1,
                sqrt: false,
            };
            let got = f64::from(Reducer::<f32>::slice(&r, &x));
            assert!(
                (got - exact).abs() <= 1e-3 * exact,
                "n = {n}: {got} vs {exact}"
            );
        }
    }
}
