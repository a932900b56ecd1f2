//! Empty tensors with huge axes, driven through the runtime view
//! operations, reductions and error messages by a "program" of random
//! words, each operation checked against a naive reference written from
//! Python's and PyTorch's rules (sharing no code with the crate). Shared
//! by the property test (`tests/suite/huge_empty.rs`) and the fuzz target
//! (`fuzz/fuzz_targets/huge.rs`):
//! `#[path = "common/huge.rs"] mod huge;`.
//!
//! Nothing here may panic except an assertion that found a bug: every
//! operation is a `try_` one, and an allocation is only attempted when it
//! is small (a few KiB) or certainly refused (2^48 bytes or more), never
//! one that would really take the machine's memory.

#![allow(dead_code)]

use shaped::{DynTensor, DynView, ShapeError, SliceArg};

const IMAX: usize = isize::MAX as usize;

/// Reads words one by one, then zeros.
pub struct Words<'a>(pub &'a [u64]);

impl Words<'_> {
    pub fn next(&mut self) -> u64 {
        match self.0.split_first() {
            Some((&w, rest)) => {
                self.0 = rest;
                w
            }
            None => 0,
        }
    }

    /// A size, mostly a small or an extreme one.
    pub fn size(&mut self) -> usize {
        let w = self.next();
        let table = [
            0,
            1,
            2,
            3,
            4,
            1 << 31,
            1 << 32,
            1 << 62,
            IMAX / 3,
            IMAX - 1,
            IMAX,
            IMAX + 1,
            usize::MAX - 1,
            usize::MAX,
        ];
        match (w % 16) as usize {
            i if i < table.len() => table[i],
            14 => (w >> 4) as usize,
            _ => (w >> 4) as usize % 6,
        }
    }

    /// A bound, index or step, mostly a small or an extreme one.
    pub fn signed(&mut self) -> isize {
        let w = self.next();
        let table = [
            0,
            1,
            -1,
            2,
            -2,
            3,
            -6,
            isize::MAX,
            isize::MIN,
            isize::MAX - 1,
            isize::MIN + 1,
            1 << 31,
            -(1 << 40),
        ];
        match (w % 16) as usize {
            i if i < table.len() => table[i],
            13 => (w >> 4) as isize,
            14 => -((w >> 5) as isize),
            _ => (w >> 4) as isize % 7 - 3,
        }
    }

    /// An axis argument: in range or a little past it.
    pub fn axis(&mut self) -> isize {
        (self.next() % 13) as isize - 6
    }

    /// A shape of rank 0 to 4: usually with one axis 0 and the others
    /// anything up to `usize::MAX`, else small sizes (a tensor with
    /// elements).
    pub fn shape(&mut self) -> Vec<usize> {
        let rank = (self.next() % 5) as usize;
        if self.next().is_multiple_of(8) {
            return (0..rank).map(|_| (self.next() % 4) as usize).collect();
        }
        let mut s: Vec<usize> = (0..rank).map(|_| self.size()).collect();
        if rank > 0 {
            let zero = (self.next() % rank as u64) as usize;
            s[zero] = 0;
        }
        s
    }
}

/// The naive size policy: every size, and the product of the nonzero
/// sizes, at most `isize::MAX`.
pub fn within_policy(s: &[usize]) -> bool {
    let mut p: u128 = 1;
    for &d in s {
        if d > IMAX {
            return false;
        }
        if d != 0 {
            p *= d as u128;
            if p > IMAX as u128 {
                return false;
            }
        }
    }
    true
}

/// The element count, saturating (`u128`: never wraps).
fn count(s: &[usize]) -> u128 {
    s.iter()
        .try_fold(1u128, |a, &d| a.checked_mul(d as u128))
        .unwrap_or(u128::MAX)
}

/// Whether allocating `n` elements of `bytes` each is harmless to try:
/// small, or certainly refused by any allocator.
fn harmless(n: u128, bytes: u128) -> bool {
    let b = n.saturating_mul(bytes);
    b <= 1 << 14 || b >= 1 << 48
}

/// `axis` (negative: from the end) resolved against `rank`.
fn resolve(axis: isize, rank: usize) -> Option<usize> {
    let r = rank as i128;
    let a = axis as i128;
    let a = if a < 0 { a + r } else { a };
    (0..r).contains(&a).then_some(a as usize)
}

/// Python's slice length of `start:end:step` on an axis of `size`
/// (`step != 0`).
pub fn python_len(start: Option<isize>, end: Option<isize>, step: isize, size: usize) -> usize {
    // CPython's `PySlice_AdjustIndices` and `PySlice_GetLength`, in i128.
    let (n, step) = (size as i128, step as i128);
    let adjust = |b: i128| {
        if b < 0 {
            let b = b + n;
            if b < 0 {
                if step < 0 { -1 } else { 0 }
            } else {
                b
            }
        } else if b >= n {
            if step < 0 { n - 1 } else { n }
        } else {
            b
        }
    };
    let s = start.map_or(if step < 0 { n - 1 } else { 0 }, |b| adjust(b as i128));
    let e = end.map_or(if step < 0 { -1 } else { n }, |b| adjust(b as i128));
    if step < 0 {
        if e < s {
            ((s - e - 1) / -step + 1) as usize
        } else {
            0
        }
    } else if s < e {
        ((e - s - 1) / step + 1) as usize
    } else {
        0
    }
}

/// The shape `args` slices `shape` to, by Python's rules, or `None` for an
/// error.
pub fn python_slice(shape: &[usize], args: &[SliceArg]) -> Option<Vec<usize>> {
    if args.len() > shape.len() {
        return None;
    }
    let mut out = Vec::new();
    for (k, &size) in shape.iter().enumerate() {
        match args.get(k).copied().unwrap_or(SliceArg::FULL) {
            SliceArg::Index(i) => {
                resolve(i, size)?;
            }
            SliceArg::Range { start, end, step } => {
                if step == 0 {
                    return None;
                }
                out.push(python_len(start, end, step, size));
            }
        }
    }
    Some(out)
}

/// A shape error of every kind that carries sizes, built from `a`, `b` and
/// the numbers `x` and `i`.
pub fn errors_of(a: &[usize], b: &[usize], x: usize, i: isize) -> Vec<ShapeError> {
    let (a, b) = (a.to_vec(), b.to_vec());
    vec![
        ShapeError::Broadcast {
            a: a.clone(),
            b: b.clone(),
            axis: x % 6,
        },
        ShapeError::Expand {
            target: a.clone(),
            tensor: b.clone(),
            axis: x % 6,
        },
        ShapeError::InPlaceRank {
            target: a.clone(),
            tensor: b.clone(),
            broadcast: Some(a.clone()),
        },
        ShapeError::ExpandRank {
            target: a.clone(),
            tensor: b.clone(),
        },
        ShapeError::Reshape {
            shape: a.clone(),
            numel: x,
        },
        ShapeError::TooLarge { shape: a.clone() },
        ShapeError::RankTooLarge { shape: a.clone() },
        ShapeError::DynSizes {
            template: a.clone(),
            dynamic: b.clone(),
        },
        ShapeError::Mismatch {
            expected: a.clone(),
            got: b.clone(),
        },
        ShapeError::AxisOutOfRange {
            shape: a.clone(),
            axis: i,
            dims: x,
        },
        ShapeError::DuplicateAxis {
            shape: a.clone(),
            axis: x,
        },
        ShapeError::PermuteLength {
            shape: a.clone(),
            perm: b.clone(),
        },
        ShapeError::SqueezeSize {
            shape: a.clone(),
            axis: x,
        },
        ShapeError::EmptyReduction {
            shape: a.clone(),
            axis: x,
            op: "amax",
        },
        ShapeError::MatMulRank {
            a: a.clone(),
            b: b.clone(),
        },
        ShapeError::MatMulInner {
            a: a.clone(),
            b: b.clone(),
        },
        ShapeError::MatMulInner {
            a: b.clone(),
            b: a.clone(),
        },
        ShapeError::StackMismatch {
            first: a.clone(),
            other: b.clone(),
            index: x,
        },
        ShapeError::CatMismatch {
            first: a.clone(),
            other: b.clone(),
            index: x,
            axis: x % 6,
        },
        ShapeError::CatScalar { index: x },
        ShapeError::NameCount {
            shape: a.clone(),
            count: x,
        },
        ShapeError::IndexOutOfRange {
            shape: a.clone(),
            axis: x % 6,
            index: i,
        },
        ShapeError::NarrowOutOfRange {
            shape: a.clone(),
            axis: x % 6,
            start: x,
            length: usize::MAX - x,
        },
        ShapeError::SliceStep { step: i },
        ShapeError::TooManyIndices {
            shape: a.clone(),
            count: x,
        },
        ShapeError::ChunkCount { chunks: x },
        ShapeError::SplitSize { size: x },
        ShapeError::RepeatRank {
            reps: b.clone(),
            shape: a.clone(),
        },
        ShapeError::OuterRank {
            operand: x,
            shape: a.clone(),
        },
        ShapeError::MeshgridRank {
            index: x,
            shape: a.clone(),
        },
        ShapeError::TraceRank { shape: a.clone() },
        ShapeError::SearchSorted {
            sequence: a.clone(),
            values: b.clone(),
        },
        ShapeError::TakeAlongRank {
            input: a.clone(),
            indices: b.clone(),
        },
        ShapeError::ArangeStep,
        ShapeError::InterleavedViews {
            shape: a,
            axis: x % 6,
        },
    ]
}

/// Displays `e`: the first line is not empty (and nothing panics).
pub fn shown(e: &ShapeError) {
    let text = e.to_string();
    assert!(!text.lines().next().unwrap_or("").is_empty(), "{e:?}");
}

/// `r`, after checking that an error displays.
fn seen<T>(r: Result<T, ShapeError>) -> Option<T> {
    match r {
        Ok(t) => Some(t),
        Err(e) => {
            shown(&e);
            None
        }
    }
}

/// Runs the program `words`: a shape, then up to 8 operations on a view
/// of a tensor of that shape, each checked against the reference.
pub fn run(words: &[u64]) {
    let mut w = Words(words);
    let shape = w.shape();
    if within_policy(&shape) && !harmless(count(&shape), 4) {
        return; // a real tensor too large to make here
    }
    let t = DynTensor::<f32>::try_zeros(&shape);
    assert_eq!(t.is_ok(), within_policy(&shape), "try_zeros({shape:?})");
    let Some(t) = seen(t) else {
        let e = w.shape();
        let a = w.size();
        let i = w.signed();
        for e in errors_of(&shape, &e, a, i) {
            shown(&e);
        }
        return;
    };
    assert_eq!(t.shape(), &shape[..]);
    let mut v: DynView<'_, f32> = t.view();
    for _ in 0..8 {
        let before = v.shape().to_vec();
        let rank = before.len();
        let next = match w.next() % 13 {
            0 => {
                let (axis, start, len) = (w.axis(), w.size(), w.size());
                let want = resolve(axis, rank).and_then(|a| {
                    (start as u128 + len as u128 <= before[a] as u128).then(|| {
                        let mut s = before.clone();
                        s[a] = len;
                        s
                    })
                });
                checked(v.try_narrow(axis, start, len), want)
            }
            1 => {
                let (axis, index) = (w.axis(), w.signed());
                let want = resolve(axis, rank).and_then(|a| {
                    resolve(index, before[a])?;
                    let mut s = before.clone();
                    s.remove(a);
                    Some(s)
                });
                checked(v.try_index_axis(axis, index), want)
            }
            2 => {
                let n = (w.next() % (rank as u64 + 2)) as usize;
                let args: Vec<SliceArg> = (0..n)
                    .map(|_| match w.next() % 4 {
                        0 => SliceArg::Index(w.signed()),
                        k => SliceArg::Range {
                            start: (k != 2).then(|| w.signed()),
                            end: (k != 1).then(|| w.signed()),
                            step: if k == 3 { w.signed() } else { 1 },
                        },
                    })
                    .collect();
                let want = python_slice(&before, &args);
                checked(v.try_slice(&args), want)
            }
            3 => {
                let perm: Vec<isize> = (0..rank + (w.next().is_multiple_of(8)) as usize)
                    .map(|_| w.axis())
                    .collect();
                let resolved: Option<Vec<usize>> = perm.iter().map(|&a| resolve(a, rank)).collect();
                let want = resolved.filter(|p| p.len() == rank).and_then(|p| {
                    let mut seen = vec![false; rank];
                    for &a in &p {
                        if std::mem::replace(&mut seen[a], true) {
                            return None;
                        }
                    }
                    Some(p.iter().map(|&a| before[a]).collect())
                });
                checked(v.try_permute(&perm), want)
            }
            4 => {
                let axis = w.axis();
                let want = if rank == 0 {
                    resolve(axis, 1).map(|_| vec![])
                } else {
                    resolve(axis, rank).filter(|&a| before[a] == 1).map(|a| {
                        let mut s = before.clone();
                        s.remove(a);
                        s
                    })
                };
                checked(v.try_squeeze(axis), want)
            }
            5 => {
                let axis = w.axis();
                let want = resolve(axis, rank + 1).map(|a| {
                    let mut s = before.clone();
                    s.insert(a, 1);
                    s
                });
                checked(v.try_unsqueeze(axis), want)
            }
            6 => {
                // A target of at least the view's rank: its sizes, some
                // 1s replaced and some axes prepended.
                let mut target = before.clone();
                for d in target.iter_mut() {
                    if *d == 1 || w.next().is_multiple_of(4) {
                        *d = w.size();
                    }
                }
                for _ in 0..w.next() % 3 {
                    target.insert(0, w.size());
                }
                let ok = target.len() >= rank
                    && before
                        .iter()
                        .rev()
                        .zip(target.iter().rev())
                        .all(|(&d, &t)| d == 1 || d == t);
                let want = (ok && within_policy(&target)).then(|| target.clone());
                checked(v.try_broadcast_to(&target), want)
            }
            7 => {
                let axes: Vec<isize> = (0..w.next() % 3 + 1).map(|_| w.axis()).collect();
                let keepdim = w.next().is_multiple_of(2);
                let resolved: Option<Vec<usize>> =
                    axes.iter().map(|&a| resolve(a, rank.max(1))).collect();
                if let Some(r) = resolved {
                    let kept: Vec<usize> = (0..rank)
                        .filter(|k| !r.contains(k))
                        .map(|k| before[k])
                        .collect();
                    // Every element is read (a broadcast view's too), and
                    // one the strided engine cannot read is copied first:
                    // a view of a few elements, or a result refused before
                    // anything is read.
                    let n = count(&before);
                    let refused = count(&kept).saturating_mul(8) >= 1 << 48;
                    if harmless(count(&kept), 8) && (n <= 1 << 12 || refused) {
                        let out = match w.next() % 3 {
                            0 => v.sum_dims(&axes, keepdim),
                            1 => v.mean_dims(&axes, keepdim),
                            _ => v.max_dims(&axes, keepdim),
                        };
                        if let Some(out) = seen(out) {
                            let dims: Vec<usize> = (0..rank)
                                .filter_map(|k| match (r.contains(&k), keepdim) {
                                    (false, _) => Some(before[k]),
                                    (true, true) => Some(1),
                                    (true, false) => None,
                                })
                                .collect();
                            assert_eq!(out.shape(), &dims[..], "reduce {before:?} {axes:?}");
                        }
                    }
                }
                None
            }
            8 => {
                if harmless(count(&before), 4)
                    && let Some(o) = seen(v.try_to_owned())
                {
                    assert_eq!(o.shape(), &before[..]);
                }
                None
            }
            9 => {
                // The operand: a [2, 4] matrix, or a vector of 2.
                let b = DynTensor::<f32>::zeros(if w.next().is_multiple_of(2) {
                    &[2, 4][..]
                } else {
                    &[2]
                });
                let rows = count(&before[..rank.saturating_sub(1)]);
                if rank == 0 || before[rank - 1] != 2 || harmless(rows, 16) {
                    let _ = seen(v.try_matmul(&b.view()));
                }
                None
            }
            10 => {
                let (a, b) = (w.axis(), w.axis());
                let ok = resolve(a, rank).is_some() && resolve(b, rank).is_some();
                let r = v.try_transpose(a, b);
                assert_eq!(r.is_ok(), ok, "transpose {before:?} {a} {b}");
                seen(r)
            }
            11 => {
                // Issue 58's calls, on an owned copy (empty, or a few
                // elements).
                if harmless(count(&before), 4)
                    && let Some(o) = seen(v.try_to_owned())
                {
                    toolkit_call(&o, &mut w);
                }
                None
            }
            _ => {
                let other = w.shape();
                let (x, i) = (w.size(), w.signed());
                for e in errors_of(&before, &other, x, i) {
                    shown(&e);
                }
                None
            }
        };
        if let Some(n) = next {
            assert!(
                within_policy(n.shape()),
                "a view outside the policy: {:?}",
                n.shape()
            );
            v = n;
        }
    }
}

/// `r` against the reference `want` (the result's shape, or `None` for an
/// error).
fn checked<'a>(
    r: Result<DynView<'a, f32>, ShapeError>,
    want: Option<Vec<usize>>,
) -> Option<DynView<'a, f32>> {
    match (&r, &want) {
        (Ok(v), Some(s)) => assert_eq!(v.shape(), &s[..]),
        (Err(e), None) => shown(e),
        _ => panic!(
            "got {:?}, want {want:?}",
            r.as_ref().map(|v| v.shape().to_vec())
        ),
    }
    r.ok()
}

/// Whether `t`'s data has the element count its shape says: what every
/// `try_` result must satisfy.
pub fn consistent<T: shaped::Element>(t: &DynTensor<T>) -> bool {
    count(t.shape()) == t.as_slice().len() as u128
}

/// Asserts that an `Ok` result is consistent and has the shape `want`
/// (when given), and that an error displays.
fn result_is<T: shaped::Element>(
    r: Result<DynTensor<T>, ShapeError>,
    want: Option<&[usize]>,
    what: &str,
) {
    if let Some(t) = seen(r) {
        assert!(
            consistent(&t),
            "{what}: data of {} for {:?}",
            t.as_slice().len(),
            t.shape()
        );
        if let Some(s) = want {
            assert_eq!(t.shape(), s, "{what}");
        }
    }
}

/// The pieces of a split, each consistent, their sizes along `axis`
/// adding up to the axis.
fn pieces_are(
    r: Result<Vec<DynTensor<f32>>, ShapeError>,
    shape: &[usize],
    axis: Option<usize>,
    what: &str,
) {
    if let Some(p) = seen(r) {
        let mut total: u128 = 0;
        for t in &p {
            assert!(consistent(t), "{what}");
            if let Some(a) = axis {
                total += t.shape().get(a).copied().unwrap_or(1) as u128;
            }
        }
        if let Some(a) = axis {
            assert_eq!(total, shape[a] as u128, "{what}: {shape:?}");
        }
    }
}

/// One of issue 58's calls on `t` (empty or small), by the next word:
/// each result consistent and of the reference shape, never a panic, a
/// hang or an allocation that is not harmless.
pub fn toolkit_call(t: &DynTensor<f32>, w: &mut Words<'_>) {
    let shape = t.shape().to_vec();
    let rank = shape.len();
    // Pieces of a split cost about 128 bytes each.
    let few_pieces = |n: u128| harmless(n, 128);
    match w.next() % 10 {
        0 => {
            let reps: Vec<usize> = (0..rank + (w.next() % 2) as usize)
                .map(|_| w.size())
                .collect();
            let mut dims = vec![1usize; reps.len().saturating_sub(rank)];
            dims.extend_from_slice(&shape);
            let out: Vec<u128> = dims
                .iter()
                .zip(&reps)
                .map(|(&d, &r)| d as u128 * r as u128)
                .collect();
            let n = if out.contains(&0) {
                0
            } else {
                out.iter().fold(1u128, |a, &d| a.saturating_mul(d))
            };
            if harmless(n, 4) {
                let want: Option<Vec<usize>> =
                    out.iter().map(|&d| usize::try_from(d).ok()).collect();
                let r = t.try_repeat(&reps);
                if n <= 1 << 12
                    && reps.len() >= rank
                    && want.as_ref().is_some_and(|s| within_policy(s))
                {
                    assert!(r.is_ok(), "repeat {shape:?} {reps:?}");
                }
                match (
                    &r,
                    want.as_ref()
                        .filter(|s| reps.len() >= rank && within_policy(s)),
                ) {
                    (Ok(_), Some(s)) => result_is(r, Some(s), "repeat"),
                    (Ok(_), None) => panic!("repeat {shape:?} {reps:?}: Ok outside the policy"),
                    (Err(_), _) => result_is(r, None, "repeat"),
                }
            }
        }
        1 => {
            let (reps, axis) = (w.size(), w.axis());
            // A rank-0 tensor repeats as a vector of 1 (PyTorch).
            let (dims, a) = if rank == 0 {
                (vec![1], resolve(axis, 1))
            } else {
                (shape.clone(), resolve(axis, rank))
            };
            if harmless(count(&dims).saturating_mul(reps as u128), 4) {
                let want = a.and_then(|a| {
                    let mut s = dims.clone();
                    s[a] = s[a].checked_mul(reps)?;
                    within_policy(&s).then_some(s)
                });
                let r = t.try_repeat_interleave(reps, axis);
                if count(want.as_deref().unwrap_or(&[1 << 20])) <= 1 << 12 {
                    assert_eq!(
                        r.is_ok(),
                        want.is_some(),
                        "repeat_interleave {shape:?} {reps} {axis}"
                    );
                }
                result_is(r, want.as_deref(), "repeat_interleave");
            }
        }
        2 => {
            let (size, axis) = (w.size(), w.axis());
            if let Some(a) = resolve(axis, rank) {
                let n = shape[a] as u128;
                let pieces = if size == 0 {
                    1
                } else {
                    n.div_ceil(size as u128).max(1)
                };
                if few_pieces(pieces) {
                    pieces_are(
                        t.try_split(size, axis),
                        &shape,
                        (size != 0 || n == 0).then_some(a),
                        "split",
                    );
                }
            } else {
                assert!(t.try_split(size, axis).is_err());
            }
        }
        3 => {
            let (chunks, axis) = (w.size(), w.axis());
            if let Some(a) = resolve(axis, rank) {
                let n = shape[a] as u128;
                let pieces = if chunks == 0 {
                    0
                } else {
                    n.div_ceil(n.div_ceil(chunks as u128).max(1)).max(1)
                };
                if few_pieces(pieces) {
                    pieces_are(
                        t.try_chunk(chunks, axis),
                        &shape,
                        (chunks != 0).then_some(a),
                        "chunk",
                    );
                }
            }
        }
        4 => {
            let axis = w.axis();
            if let Some(a) = resolve(axis, rank)
                && few_pieces(shape[a] as u128)
                && let Some(p) = seen(t.try_unbind(axis))
            {
                assert_eq!(p.len(), shape[a]);
                let mut rest = shape.clone();
                rest.remove(a);
                for x in &p {
                    assert!(consistent(x) && x.shape() == &rest[..], "unbind");
                }
            }
        }
        5 => {
            let (offset, a, b) = (w.signed(), w.axis(), w.axis());
            let r = t.try_diagonal(offset, a, b);
            let want = match (resolve(a, rank), resolve(b, rank)) {
                (Some(a), Some(b)) if a != b => {
                    let (n, m) = (shape[a] as i128, shape[b] as i128);
                    let o = offset as i128;
                    let len = if o >= 0 { n.min(m - o) } else { (n + o).min(m) }.max(0);
                    let mut s: Vec<usize> = (0..rank)
                        .filter(|&k| k != a && k != b)
                        .map(|k| shape[k])
                        .collect();
                    s.push(len as usize);
                    Some(s)
                }
                _ => None,
            };
            assert_eq!(
                r.is_ok(),
                want.is_some(),
                "diagonal {shape:?} {offset} {a} {b}"
            );
            result_is(r, want.as_deref(), "diagonal");
        }
        6 => {
            let axis = w.axis();
            let positions: Vec<usize> = (0..w.next() % 4).map(|_| w.size()).collect();
            let r = t.try_index_select(axis, &positions);
            let want = if rank == 0 {
                (resolve(axis, 1).is_some() && positions == [0]).then(Vec::new)
            } else {
                resolve(axis, rank)
                    .filter(|&a| positions.iter().all(|&p| p < shape[a]))
                    .map(|a| {
                        let mut s = shape.clone();
                        s[a] = positions.len();
                        s
                    })
                    // More positions than the axis has can break the policy.
                    .filter(|s| within_policy(s))
            };
            assert_eq!(
                r.is_ok(),
                want.is_some(),
                "index_select {shape:?} {axis} {positions:?}"
            );
            result_is(r, want.as_deref(), "index_select");
        }
        7 => {
            let (k, axis) = (w.size(), w.axis());
            let r = t.try_topk(k, axis, w.next().is_multiple_of(2));
            let want = if rank == 0 {
                (resolve(axis, 1).is_some() && k <= 1).then(Vec::new)
            } else {
                resolve(axis, rank).filter(|&a| k <= shape[a]).map(|a| {
                    let mut s = shape.clone();
                    s[a] = k;
                    s
                })
            };
            assert_eq!(r.is_ok(), want.is_some(), "topk {shape:?} {k} {axis}");
            if let Some((v, i)) = seen(r) {
                assert!(consistent(&v) && consistent(&i), "topk");
                assert_eq!(Some(v.shape()), want.as_deref(), "topk");
                assert_eq!(v.shape(), i.shape(), "topk");
            }
        }
        8 => {
            let (shift, axis) = (w.signed(), w.axis());
            let r = t.try_roll(shift, axis);
            let ok = resolve(axis, rank.max(1)).is_some();
            assert_eq!(r.is_ok(), ok, "roll {shape:?} {axis}");
            result_is(r, Some(&shape), "roll");
        }
        _ => {
            let (n, axis) = (w.size(), w.axis());
            let r = t.try_diff_n(n, axis);
            let want = resolve(axis, rank).map(|a| {
                let mut s = shape.clone();
                s[a] = s[a].saturating_sub(n);
                s
            });
            assert_eq!(r.is_ok(), want.is_some(), "diff_n {shape:?} {n} {axis}");
            result_is(r, want.as_deref(), "diff_n");
        }
    }
}
