//! The sorting and cumulative functions against the loops they replace,
//! in one run:
//!
//! - `sort` (values and indices, stable) of 2^20 `f32` against
//!   `slice::sort_unstable_by(f32::total_cmp)` on a copy of the same data
//!   (values only, not stable); `argsort` beside them;
//! - `cumsum` over the rows of `[4096, 1024]` `f32`, runtime and static,
//!   against a hand loop writing a new buffer.
//!
//! Run with `cargo bench --bench vocab`.

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, black_box, criterion_group, criterion_main};
use shaped::{Axis, DynTensor, Tensor, shape};
use std::time::Duration;

/// Deterministic pseudo-random floats in [-1, 1).
fn data(n: usize) -> Vec<f32> {
    let mut x = 0x2545_f491_4f6c_dd1du64;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 40) as f32 / (1u64 << 23) as f32 - 1.0
        })
        .collect()
}

fn setup<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .sample_size(20);
    g
}

fn sort(c: &mut Criterion) {
    let mut g = setup(c, "sort 2^20 f32");
    let n = 1 << 20;
    let v = data(n);
    let t = DynTensor::from_vec(v.clone(), &[n]).unwrap();
    g.bench_function("shaped sort (values, indices)", |b| {
        b.iter(|| black_box(&t).sort(0, false))
    });
    g.bench_function("shaped argsort", |b| {
        b.iter(|| black_box(&t).argsort(0, false))
    });
    g.bench_function("sort_unstable_by(total_cmp)", |b| {
        b.iter(|| {
            let mut s = black_box(&v).clone();
            s.sort_unstable_by(f32::total_cmp);
            s
        })
    });
    g.finish();
}

fn cumsum(c: &mut Criterion) {
    let mut g = setup(c, "cumsum rows [4096,1024] f32");
    const R: usize = 4096;
    const C: usize = 1024;
    let v = data(R * C);
    let dy = DynTensor::from_vec(v.clone(), &[R, C]).unwrap();
    let st = Tensor::<f32, shape![4096, 1024]>::from_slice(&v).unwrap();
    g.bench_function("shaped dyn", |b| b.iter(|| black_box(&dy).cumsum(1)));
    g.bench_function("shaped static", |b| {
        b.iter(|| black_box(&st).cumsum(Axis::<1>))
    });
    g.bench_function("hand loop", |b| {
        b.iter(|| {
            let x = black_box(&v);
            let mut out = vec![0f32; R * C];
            for (o, row) in out.chunks_exact_mut(C).zip(x.chunks_exact(C)) {
                let mut acc = 0f32;
                for (o, &v) in o.iter_mut().zip(row) {
                    acc += v;
                    *o = acc;
                }
            }
            out
        })
    });
    g.finish();
}

criterion_group!(benches, sort, cumsum);
criterion_main!(benches);
