//! Splitting one operation's output into pieces that run on rayon's pool
//! (the `rayon` feature). Each piece is an independent sub-problem written
//! into its own part of the output, so the result is the same, bit for bit,
//! whatever the number of threads. Without the feature, or below the
//! thresholds, the whole output is one piece and runs on the calling thread.
//!
//! The thresholds were chosen by measurement on a 2-core machine
//! (`benches/parallel.rs`): below them the pool's hand-off costs more than
//! the second core gives back.

/// Elementwise operations with fewer output elements than this run on the
/// calling thread.
pub const PARALLEL_ELEMENTS: usize = 1 << 18;

/// Matrix products with fewer multiply-adds than this run on the calling
/// thread.
pub const PARALLEL_FLOPS: usize = 1 << 20;

/// How many of `units` (rows, matrices) each piece takes, when one unit
/// costs `work` and the whole is worth splitting from `threshold` on; all
/// of them (one piece) otherwise. At most `per_thread` pieces per thread:
/// a few keep a slow thread from holding the others up, but a matrix
/// product cut by rows packs its second operand once per piece, so it asks
/// for one.
pub(crate) fn units_per_piece(
    units: usize,
    work: usize,
    threshold: usize,
    per_thread: usize,
) -> usize {
    #[cfg(feature = "rayon")]
    {
        if units > 1 && units.saturating_mul(work) >= threshold {
            // None smaller than a quarter of the threshold.
            let by_threads = rayon::current_num_threads().saturating_mul(per_thread);
            let by_size = units.saturating_mul(work) / (threshold / 4).max(1);
            let pieces = by_threads.min(by_size).clamp(1, units);
            return units.div_ceil(pieces);
        }
    }
    let _ = (work, threshold, per_thread);
    units.max(1)
}

/// Calls `f(start, piece)` for consecutive pieces of `out` of `len`
/// elements (the last may be shorter), `start` being the piece's first
/// index in `out`: in parallel with the `rayon` feature, in order without.
pub(crate) fn for_each_piece<U: Send>(
    out: &mut [U],
    len: usize,
    f: impl Fn(usize, &mut [U]) + Sync,
) {
    if out.is_empty() {
        return;
    }
    let len = len.max(1);
    if len >= out.len() {
        return f(0, out);
    }
    #[cfg(feature = "rayon")]
    {
        use rayon::prelude::*;
        out.par_chunks_mut(len)
            .enumerate()
            .for_each(|(i, piece)| f(i * len, piece));
    }
    #[cfg(not(feature = "rayon"))]
    for (i, piece) in out.chunks_mut(len).enumerate() {
        f(i * len, piece);
    }
}

/// Appends `f(a, b)` with broadcasting to the empty `out`, which has room
/// for the result's `n` elements (`a_dims` and `b_dims` broadcast to
/// `out_dims`; callers check), in pieces of whole slices along the leading
/// axis: each piece is the same operation on fewer rows, written straight
/// into the spare capacity (no zeroing pass).
#[cfg(feature = "rayon")]
#[allow(clippy::too_many_arguments)]
pub(crate) fn binary<T: Copy + Sync, U: Copy + Send>(
    out: &mut alloc::vec::Vec<U>,
    n: usize,
    out_dims: &[usize],
    a: &[T],
    a_dims: &[usize],
    b: &[T],
    b_dims: &[usize],
    f: impl Fn(T, T) -> U + Sync,
) {
    assert!(out.is_empty() && out.capacity() >= n);
    // Leading size-1 axes cannot be split: drop them (from an operand only
    // where it has that axis, and then it is 1 there too).
    let lead = out_dims.iter().take_while(|&&d| d == 1).count();
    let (out_dims, rank) = (&out_dims[lead..], out_dims.len() - lead);
    let a_dims = &a_dims[a_dims.len().saturating_sub(rank)..];
    let b_dims = &b_dims[b_dims.len().saturating_sub(rank)..];
    let rows = out_dims.first().copied().unwrap_or(1);
    let row = n.checked_div(rows).unwrap_or(0);
    let per = units_per_piece(rows, row, PARALLEL_ELEMENTS, 4);
    for_each_piece(
        &mut out.spare_capacity_mut()[..n],
        per * row.max(1),
        |start, piece| {
            let (r0, r) = (start / row.max(1), piece.len() / row.max(1));
            let mut dims: alloc::vec::Vec<usize> = out_dims.to_vec();
            if let Some(d) = dims.first_mut() {
                *d = r;
            }
            // An operand with the leading axis (not stretched) gives its rows
            // r0..r0 + r; a stretched or shorter one is read whole.
            let part = |x: &'_ [T], x_dims: &[usize]| -> (usize, usize, alloc::vec::Vec<usize>) {
                if x_dims.len() == rank && rank > 0 && x_dims[0] == rows && rows != 1 {
                    let xr = x.len() / rows;
                    let mut d = x_dims.to_vec();
                    d[0] = r;
                    (r0 * xr, r * xr, d)
                } else {
                    (0, x.len(), x_dims.to_vec())
                }
            };
            let (ao, an, ad) = part(a, a_dims);
            let (bo, bn, bd) = part(b, b_dims);
            let len = piece.len();
            let mut sink = super::sink::UninitSink::new(piece);
            super::binary(
                &mut sink,
                &dims,
                &a[ao..ao + an],
                &ad,
                &b[bo..bo + bn],
                &bd,
                &f,
            );
            // The `set_len` below relies on this: a piece not written whole
            // stops here, before the length is set.
            assert_eq!(
                sink.written(),
                len,
                "a parallel piece was not written whole"
            );
        },
    );
    // SAFETY: the pieces cover the first `n` slots of the spare capacity
    // (`for_each_piece` cuts `[..n]` into consecutive pieces), and each
    // piece's sink wrote every slot of its piece (asserted above, inside
    // the piece, so a shortfall panics before this line); `n` is within the
    // capacity (asserted at the top). So the first `n` elements are
    // initialised.
    unsafe { out.set_len(n) };
}
