//! Reductions of transposed and permuted views, which are read in memory
//! order (as NumPy's `order='K'`), against a naive reference walking the
//! view's multi-indices, for every kind of element: integer sums exact (in
//! `i64` / `u64`), `max` and `min` exact, float sums and means within the
//! error bound of a pairwise sum (`n * eps * sum of |x|`, far looser than
//! what the pairwise tree achieves, and far tighter than a wrong answer).

use proptest::prelude::*;
use shaped::DynTensor;

/// The row-major multi-indices of `dims`, in order.
fn indices(dims: &[usize]) -> Vec<Vec<usize>> {
    let n: usize = dims.iter().product();
    (0..n)
        .map(|mut flat| {
            let mut idx = vec![0; dims.len()];
            for k in (0..dims.len()).rev() {
                idx[k] = flat % dims[k];
                flat /= dims[k];
            }
            idx
        })
        .collect()
}

/// The element of the tensor `data` (row-major `dims`) at `idx` of its
/// view permuted by `perm` (`view[idx] = t[idx'], idx'[perm[k]] = idx[k]`).
fn at<T: Copy>(data: &[T], dims: &[usize], perm: &[usize], idx: &[usize]) -> T {
    let mut src = vec![0; dims.len()];
    for (k, &p) in perm.iter().enumerate() {
        src[p] = idx[k];
    }
    let flat = src.iter().zip(dims).fold(0, |f, (&i, &d)| f * d + i);
    data[flat]
}

/// The groups of a reduction over the axes in `mask` of the view of shape
/// `vdims`: the elements of each output, outputs in row-major order.
fn groups<T: Copy>(
    data: &[T],
    dims: &[usize],
    perm: &[usize],
    vdims: &[usize],
    mask: &[bool],
) -> Vec<Vec<T>> {
    let kept: Vec<usize> = (0..vdims.len()).filter(|&k| !mask[k]).collect();
    let kept_dims: Vec<usize> = kept.iter().map(|&k| vdims[k]).collect();
    let mut out: Vec<Vec<T>> = vec![Vec::new(); kept_dims.iter().product()];
    for idx in indices(vdims) {
        let o = kept.iter().fold(0, |f, &k| f * vdims[k] + idx[k]);
        out[o].push(at(data, dims, perm, &idx));
    }
    out
}

/// A shape of rank 1 to 4 (sizes 1 to 9), a permutation of its axes and a
/// set of axes to reduce.
fn case() -> impl Strategy<Value = (Vec<usize>, Vec<usize>, Vec<bool>)> {
    prop::collection::vec(1usize..10, 1..5).prop_flat_map(|dims| {
        let r = dims.len();
        (
            Just(dims),
            Just((0..r).collect::<Vec<usize>>()).prop_shuffle(),
            prop::collection::vec(any::<bool>(), r),
        )
    })
}

fn values(n: usize, seed: u64) -> impl Iterator<Item = u64> {
    let mut x = seed | 1;
    (0..n).map(move |_| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    })
}

macro_rules! integer_cases {
    ($($name:ident: $t:ty => $acc:ty;)*) => {$(
        proptest! {
            #[test]
            fn $name((dims, perm, mask) in case(), seed in any::<u64>()) {
                let n: usize = dims.iter().product();
                let data: Vec<$t> = values(n, seed).map(|v| v as $t).collect();
                let t = DynTensor::from_vec(data.clone(), &dims).unwrap();
                let v = t.view().permute(&perm);
                let vdims = v.shape().to_vec();
                let whole: i128 = data.iter().map(|&x| x as i128).sum();
                prop_assert_eq!(v.sum(), whole as $acc);
                let axes: Vec<usize> = (0..dims.len()).filter(|&k| mask[k]).collect();
                let gs = groups(&data, &dims, &perm, &vdims, &mask);
                let sums: Vec<$acc> = gs.iter().map(|g| g.iter().map(|&x| x as i128).sum::<i128>() as $acc).collect();
                prop_assert_eq!(v.sum_dims(&axes, false).unwrap().to_vec(), sums);
                let maxes: Vec<$t> = gs.iter().map(|g| *g.iter().max().unwrap()).collect();
                prop_assert_eq!(v.max_dims(&axes, false).unwrap().to_vec(), maxes);
                let mins: Vec<$t> = gs.iter().map(|g| *g.iter().min().unwrap()).collect();
                prop_assert_eq!(v.min_dims(&axes, true).unwrap().to_vec(), mins);
            }
        }
    )*};
}

integer_cases! {
    permuted_i8: i8 => i64;
    permuted_u8: u8 => u64;
    permuted_i16: i16 => i64;
    permuted_u16: u16 => u64;
    permuted_i32: i32 => i64;
    permuted_u32: u32 => u64;
    permuted_i64: i64 => i64;
    permuted_u64: u64 => u64;
}

macro_rules! float_cases {
    ($($name:ident: $t:ty;)*) => {$(
        proptest! {
            #[test]
            fn $name((dims, perm, mask) in case(), seed in any::<u64>()) {
                let n: usize = dims.iter().product();
                // Values in [-1000, 1000) with every bit of the mantissa used.
                let data: Vec<$t> = values(n, seed)
                    .map(|v| ((v >> 11) as f64 / (1u64 << 53) as f64 * 2000.0 - 1000.0) as $t)
                    .collect();
                let t = DynTensor::from_vec(data.clone(), &dims).unwrap();
                let v = t.view().permute(&perm);
                let vdims = v.shape().to_vec();
                let eps = f64::from(<$t>::EPSILON);
                // Within n * eps * sum |x| of the exact sum (an f64 sum of
                // f32s is exact to far better than that; for f64 it is the
                // same bound on both sides).
                let close = |got: $t, g: &[$t]| {
                    let exact: f64 = g.iter().map(|&x| f64::from(x)).sum();
                    let abs: f64 = g.iter().map(|&x| f64::from(x).abs()).sum();
                    (f64::from(got) - exact).abs() <= 2.0 * g.len() as f64 * eps * abs + 1e-300
                };
                prop_assert!(close(v.sum(), &data));
                let mean = v.mean();
                let exact_mean = data.iter().map(|&x| f64::from(x)).sum::<f64>() / n as f64;
                let abs_mean = data.iter().map(|&x| f64::from(x).abs()).sum::<f64>() / n as f64;
                prop_assert!((f64::from(mean) - exact_mean).abs() <= 2.0 * n as f64 * eps * abs_mean + 1e-300);
                let axes: Vec<usize> = (0..dims.len()).filter(|&k| mask[k]).collect();
                let gs = groups(&data, &dims, &perm, &vdims, &mask);
                let sums = v.sum_dims(&axes, false).unwrap().to_vec();
                prop_assert_eq!(sums.len(), gs.len());
                for (&s, g) in sums.iter().zip(&gs) {
                    prop_assert!(close(s, g), "{} vs {:?}", s, g);
                }
                let maxes: Vec<$t> = gs.iter().map(|g| g.iter().copied().fold(<$t>::NEG_INFINITY, <$t>::max)).collect();
                prop_assert_eq!(v.max_dims(&axes, false).unwrap().to_vec(), maxes);
                let mins: Vec<$t> = gs.iter().map(|g| g.iter().copied().fold(<$t>::INFINITY, <$t>::min)).collect();
                prop_assert_eq!(v.min_dims(&axes, false).unwrap().to_vec(), mins);
            }
        }
    )*};
}

float_cases! {
    permuted_f32: f32;
    permuted_f64: f64;
}

#[test]
fn a_transposed_matrix_sums_along_its_memory() {
    // [[1e8, 1], [-1e8, 1]] in f32: row-major order of the transpose adds
    // 1e8 + -1e8 first (exact), memory order adds 1e8 + 1 first (rounded
    // away): NumPy's `a.T.sum()` gives the memory order's 1.0, and so does
    // the view, while the transpose's copy (row-major) gives 2.0.
    let t = DynTensor::from_vec(vec![1e8f32, 1.0, -1e8, 1.0], &[2, 2]).unwrap();
    assert_eq!(t.t().sum(), 1.0);
    assert_eq!(t.t().to_owned().sum(), 2.0);
    // Integers are exact either way.
    let i = DynTensor::from_vec(vec![i32::MAX, 1, i32::MAX, 1], &[2, 2]).unwrap();
    assert_eq!(i.t().sum(), 2 * i64::from(i32::MAX) + 2);
}
