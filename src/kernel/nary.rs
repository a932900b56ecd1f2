//! The n-ary kernel: `out = f([x0, x1, .., xN-1])` elementwise, the `N`
//! operands broadcast together, in one pass and without temporaries (a
//! pipeline such as `(x - mean) / std` computed as one operation).
//!
//! The plan is the binary one's for `N` operands: size-1 axes dropped,
//! adjacent axes merged where every operand is contiguous across them. Along
//! the innermost axis an operand either moves (stride 1) or stays (stride 0);
//! rows are cut into chunks of [`CHUNK`] elements, and an operand that stays
//! is read from a chunk-sized buffer filled once per row, so that the loop
//! over a chunk reads every operand as a contiguous array of constant length,
//! which LLVM vectorises.

use alloc::vec::Vec;

use super::sink::Sink;

/// Elements per chunk of a row.
pub const CHUNK: usize = 64;

/// One operand: row-major elements and sizes.
pub type Operand<'a, T> = (&'a [T], &'a [usize]);

/// `out = f([a0, a1, ..])` with the operands broadcast to `out_dims`
/// (callers check that they broadcast to exactly that shape).
pub fn nary<T: Copy + Default, U: Copy, const N: usize>(
    out: &mut impl Sink<U>,
    out_dims: &[usize],
    ops: [Operand<'_, T>; N],
    f: impl Fn([T; N]) -> U,
) {
    if out_dims.contains(&0) {
        return;
    }
    // Axes innermost first: (length, stride of each operand), merged.
    let rank = out_dims.len();
    let mut axes: Vec<(usize, [usize; N])> = Vec::with_capacity(rank + 1);
    let mut contiguous = [1usize; N];
    for i in (0..rank).rev() {
        let n = out_dims[i];
        if n == 1 {
            continue;
        }
        let mut s = [0usize; N];
        for k in 0..N {
            let (_, d) = ops[k];
            let pad = rank - d.len();
            let dk = if i >= pad { d[i - pad] } else { 1 };
            if dk != 1 {
                s[k] = contiguous[k];
            }
            contiguous[k] *= dk;
        }
        match axes.last_mut() {
            Some((m, t)) if (0..N).all(|k| t[k] * *m == s[k]) => *m *= n,
            _ => axes.push((n, s)),
        }
    }
    if axes.is_empty() {
        axes.push((1, [0; N]));
    }
    let (inner, inner_s) = axes[0];
    let outer = &axes[1..];
    let mut index = alloc::vec![0usize; outer.len()];
    let mut off = [0usize; N];
    let mut bufs = [[T::default(); CHUNK]; N];
    loop {
        row(out, inner, &inner_s, &off, &ops, &mut bufs, &f);
        // Odometer over the outer axes, innermost first.
        let mut a = 0;
        loop {
            if a == outer.len() {
                return;
            }
            let (n, s) = outer[a];
            index[a] += 1;
            for k in 0..N {
                off[k] += s[k];
            }
            if index[a] < n {
                break;
            }
            for k in 0..N {
                off[k] -= s[k] * n;
            }
            index[a] = 0;
            a += 1;
        }
    }
}

/// One row of `n` elements, the operands starting at `off`.
#[inline(always)]
fn row<T: Copy, U: Copy, const N: usize>(
    out: &mut impl Sink<U>,
    n: usize,
    strides: &[usize; N],
    off: &[usize; N],
    ops: &[Operand<'_, T>; N],
    bufs: &mut [[T; CHUNK]; N],
    f: &impl Fn([T; N]) -> U,
) {
    for k in 0..N {
        if strides[k] == 0 {
            bufs[k] = [ops[k].0[off[k]]; CHUNK];
        }
    }
    let mut c = 0;
    while c + CHUNK <= n {
        let chunk: [&[T; CHUNK]; N] = core::array::from_fn(|k| {
            if strides[k] == 0 {
                &bufs[k]
            } else {
                match ops[k].0[off[k] + c..][..CHUNK].try_into() {
                    Ok(a) => a,
                    Err(_) => unreachable!("a slice of CHUNK elements"),
                }
            }
        });
        out.row_fn::<CHUNK>(|j| f(core::array::from_fn(|k| chunk[k][j])));
        c += CHUNK;
    }
    let rest = n - c;
    if rest > 0 {
        let tail: [&[T]; N] = core::array::from_fn(|k| {
            if strides[k] == 0 {
                &bufs[k][..rest]
            } else {
                &ops[k].0[off[k] + c..][..rest]
            }
        });
        out.row((0..rest).map(|j| f(core::array::from_fn(|k| tail[k][j]))));
    }
}
