//! Mixed shapes against fully static and fully dynamic ones, in one run:
//! `[Dyn, 1024] + [1024]` (issue 7's case) and `[Dyn, 3] + [3]`, whose cost
//! per element must match the static `[N, 3] + [3]`.
//!
//! Run with `cargo bench --bench mixed`.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use shaped::{Dyn, DynTensor, Tensor, shape};
use std::time::Duration;

fn data(n: usize) -> Vec<f32> {
    (0..n).map(|i| (i % 251) as f32 * 0.5).collect()
}

fn rows_1024(c: &mut Criterion) {
    let mut g = c.benchmark_group("[Dyn,1024]+[1024]");
    g.warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1500))
        .sample_size(30);
    const N: usize = 1024;
    let b = Tensor::<f32, shape![1024]>::from_slice(&data(1024)).unwrap();
    let mixed = Tensor::<f32, shape![Dyn, 1024]>::from_vec(data(N * 1024), &[N]).unwrap();
    g.bench_function("mixed", |bn| bn.iter(|| black_box(&mixed) + black_box(&b)));
    let stat = Tensor::<f32, shape![1024, 1024]>::from_slice(&data(N * 1024)).unwrap();
    g.bench_function("static", |bn| bn.iter(|| black_box(&stat) + black_box(&b)));
    let (da, db) = (
        DynTensor::from_vec(data(N * 1024), &[N, 1024]).unwrap(),
        b.into_dyn(),
    );
    g.bench_function("dyn", |bn| bn.iter(|| black_box(&da) + black_box(&db)));
    g.finish();
}

fn rows_3(c: &mut Criterion) {
    let mut g = c.benchmark_group("[Dyn,3]+[3]");
    g.warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1500))
        .sample_size(30);
    const N: usize = 4096;
    let b = Tensor::<f32, shape![3]>::from_slice(&[1.0, 2.0, 3.0]).unwrap();
    let mixed = Tensor::<f32, shape![Dyn, 3]>::from_vec(data(N * 3), &[N]).unwrap();
    g.bench_function("mixed", |bn| bn.iter(|| black_box(&mixed) + black_box(&b)));
    let stat = Tensor::<f32, shape![4096, 3]>::from_slice(&data(N * 3)).unwrap();
    g.bench_function("static", |bn| bn.iter(|| black_box(&stat) + black_box(&b)));
    let (da, db) = (
        DynTensor::from_vec(data(N * 3), &[N, 3]).unwrap(),
        b.into_dyn(),
    );
    g.bench_function("dyn", |bn| bn.iter(|| black_box(&da) + black_box(&db)));
    g.finish();
}

criterion_group!(benches, rows_1024, rows_3);
criterion_main!(benches);
