//! Seed 001's normalisation `(x - mean) / std` on f32 `[256, 64, 64]` with
//! per-row statistics of shape `[256, 1, 1]`, side by side in one run:
//! ndarray's operator chain (borrowed and owned), ndarray's `Zip` into a
//! preallocated output, a hand-fused loop into a preallocated output, and
//! `shaped`'s operator chain (as ndarray's, with the temporary borrowed,
//! and with an owned `x`), fused `try_zip` (fresh output) and
//! `try_zip_into` (preallocated).
//!
//! Run with `cargo bench --bench pipeline`.

use criterion::{BatchSize, Criterion, black_box, criterion_group, criterion_main};
use ndarray::{Array3, Zip};
use shaped::{DynTensor, try_zip, try_zip_into};
use std::time::Duration;

const R: usize = 256;
const N: usize = 64 * 64;

fn normalise(c: &mut Criterion) {
    let mut g = c.benchmark_group("normalise [256,64,64]");
    g.warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20);
    let xv: Vec<f32> = (0..R * N).map(|i| (i % 251) as f32 * 0.5).collect();
    let mv: Vec<f32> = (0..R).map(|i| i as f32).collect();
    let sv: Vec<f32> = (0..R).map(|i| 1.0 + i as f32 * 0.01).collect();

    let x = DynTensor::from_vec(xv.clone(), &[R, 64, 64]).unwrap();
    let mean = DynTensor::from_vec(mv.clone(), &[R, 1, 1]).unwrap();
    let std = DynTensor::from_vec(sv.clone(), &[R, 1, 1]).unwrap();
    let xa = Array3::from_shape_vec((R, 64, 64), xv.clone()).unwrap();
    let ma = Array3::from_shape_vec((R, 1, 1), mv.clone()).unwrap();
    let sa = Array3::from_shape_vec((R, 1, 1), sv.clone()).unwrap();

    g.bench_function("ndarray chain", |b| b.iter(|| (black_box(&xa) - &ma) / &sa));
    g.bench_function("ndarray chain, owned x", |b| {
        b.iter_batched(|| xa.clone(), |x| (x - &ma) / &sa, BatchSize::LargeInput)
    });
    let mut out_a = Array3::<f32>::zeros((R, 64, 64));
    g.bench_function("ndarray Zip into", |b| {
        b.iter(|| {
            Zip::from(&mut out_a)
                .and(black_box(&xa))
                .and_broadcast(&ma)
                .and_broadcast(&sa)
                .for_each(|o, &x, &m, &s| *o = (x - m) / s)
        })
    });
    let mut out_h = vec![0.0f32; R * N];
    g.bench_function("hand-fused into", |b| {
        b.iter(|| {
            let x = black_box(&xv);
            for r in 0..R {
                let (m, s) = (mv[r], sv[r]);
                for (o, &v) in out_h[r * N..(r + 1) * N]
                    .iter_mut()
                    .zip(&x[r * N..(r + 1) * N])
                {
                    *o = (v - m) / s;
                }
            }
        })
    });
    // The same expression as ndarray's chain: the temporary `x - mean`
    // is owned, so `/ &std` computes in its storage (one allocation).
    g.bench_function("shaped chain", |b| {
        b.iter(|| (black_box(&x) - &mean) / &std)
    });
    g.bench_function("shaped chain, borrowed temporary", |b| {
        b.iter(|| &(black_box(&x) - &mean) / &std)
    });
    g.bench_function("shaped chain, owned x", |b| {
        b.iter_batched(|| x.clone(), |x| (x - &mean) / &std, BatchSize::LargeInput)
    });
    g.bench_function("shaped try_zip", |b| {
        b.iter(|| try_zip([black_box(&x), &mean, &std], |[x, m, s]| (x - m) / s).unwrap())
    });
    let mut out = DynTensor::<f32>::zeros(&[R, 64, 64]);
    g.bench_function("shaped try_zip_into", |b| {
        b.iter(|| {
            try_zip_into([black_box(&x), &mean, &std], &mut out, |[x, m, s]| {
                (x - m) / s
            })
            .unwrap()
        })
    });
    g.finish();
}

criterion_group!(benches, normalise);
criterion_main!(benches);
