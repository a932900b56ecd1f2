//! The `rayon` feature: the same operation on a pool of 1 thread and of 2
//! threads, at sizes around the thresholds in `src/kernel/parallel.rs`
//! (elementwise `[n/256, 256] + [256]`, square f32 products, the batched
//! `[64, 32, 32] @ [32, 32]`, `[4096, 1024]` sums), with ndarray
//! (single-threaded) beside them.
//!
//! Run with `cargo bench --features rayon --bench parallel`.

use criterion::{BenchmarkId, Criterion, Throughput, black_box, criterion_group, criterion_main};
use ndarray::{Array1, Array2, Array3};
use shaped::DynTensor;
use std::time::Duration;

fn data(n: usize) -> Vec<f32> {
    (0..n).map(|i| (i % 251) as f32 * 0.5).collect()
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

fn elementwise(c: &mut Criterion) {
    let mut g = c.benchmark_group("parallel add");
    g.warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(20);
    let (one, two) = (pool(1), pool(2));
    for n in [1usize << 16, 1 << 18, 1 << 20, 1 << 22] {
        g.throughput(Throughput::Elements(n as u64));
        let a = DynTensor::from_vec(data(n), &[n / 256, 256]).unwrap();
        let b = DynTensor::from_vec(data(256), &[256]).unwrap();
        let (aa, ab) = (
            Array2::from_shape_vec((n / 256, 256), data(n)).unwrap(),
            Array1::from_vec(data(256)),
        );
        g.bench_with_input(BenchmarkId::new("1 thread", n), &n, |bch, _| {
            one.install(|| bch.iter(|| black_box(&a) + black_box(&b)))
        });
        g.bench_with_input(BenchmarkId::new("2 threads", n), &n, |bch, _| {
            two.install(|| bch.iter(|| black_box(&a) + black_box(&b)))
        });
        g.bench_with_input(BenchmarkId::new("ndarray", n), &n, |bch, _| {
            bch.iter(|| black_box(&aa) + black_box(&ab))
        });
    }
    g.finish();
}

fn products(c: &mut Criterion) {
    let mut g = c.benchmark_group("parallel matmul f32");
    g.warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(10);
    let (one, two) = (pool(1), pool(2));
    for n in [64usize, 128, 256, 512] {
        g.throughput(Throughput::Elements((n * n * n) as u64));
        let t = DynTensor::from_vec(data(n * n), &[n, n]).unwrap();
        let a = Array2::from_shape_vec((n, n), data(n * n)).unwrap();
        let id = format!("{n}x{n}");
        g.bench_function(BenchmarkId::new("1 thread", &id), |bch| {
            one.install(|| bch.iter(|| black_box(&t).matmul(black_box(&t))))
        });
        g.bench_function(BenchmarkId::new("2 threads", &id), |bch| {
            two.install(|| bch.iter(|| black_box(&t).matmul(black_box(&t))))
        });
        g.bench_function(BenchmarkId::new("ndarray dot", &id), |bch| {
            bch.iter(|| black_box(&a).dot(black_box(&a)))
        });
    }
    let (batch, n) = (64usize, 32usize);
    g.throughput(Throughput::Elements((batch * n * n * n) as u64));
    let x = DynTensor::from_vec(data(batch * n * n), &[batch, n, n]).unwrap();
    let w = DynTensor::from_vec(data(n * n), &[n, n]).unwrap();
    let xa = Array3::from_shape_vec((batch, n, n), data(batch * n * n)).unwrap();
    let wa = Array2::from_shape_vec((n, n), data(n * n)).unwrap();
    let id = "[64, 32, 32] @ [32, 32]";
    g.bench_function(BenchmarkId::new("1 thread", id), |bch| {
        one.install(|| bch.iter(|| black_box(&x).matmul(black_box(&w))))
    });
    g.bench_function(BenchmarkId::new("2 threads", id), |bch| {
        two.install(|| bch.iter(|| black_box(&x).matmul(black_box(&w))))
    });
    g.bench_function(BenchmarkId::new("ndarray dot per matrix", id), |bch| {
        bch.iter(|| {
            let mut out = Array3::<f32>::zeros((batch, n, n));
            for (mut o, m) in out.outer_iter_mut().zip(xa.outer_iter()) {
                o.assign(&m.dot(&wa));
            }
            black_box(out)
        })
    });
    g.finish();
}

fn reductions(c: &mut Criterion) {
    let mut g = c.benchmark_group("parallel reduce");
    g.warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(20);
    let (one, two) = (pool(1), pool(2));
    let t = DynTensor::from_vec(data(4096 * 1024), &[4096, 1024]).unwrap();
    let a = Array2::from_shape_vec((4096, 1024), data(4096 * 1024)).unwrap();
    for axis in [0usize, 1] {
        let id = format!("[4096, 1024] sum axis {axis}");
        g.bench_function(BenchmarkId::new("1 thread", &id), |bch| {
            one.install(|| bch.iter(|| black_box(&t).sum_dims(&[axis], false)))
        });
        g.bench_function(BenchmarkId::new("2 threads", &id), |bch| {
            two.install(|| bch.iter(|| black_box(&t).sum_dims(&[axis], false)))
        });
        g.bench_function(BenchmarkId::new("ndarray", &id), |bch| {
            bch.iter(|| black_box(&a).sum_axis(ndarray::Axis(axis)))
        });
    }
    g.finish();
}

criterion_group!(benches, elementwise, products, reductions);
criterion_main!(benches);
