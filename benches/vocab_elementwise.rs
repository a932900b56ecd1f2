//! Issue 44's vocabulary against what a user would otherwise write, in one
//! run:
//!
//! - `flip` of a `[1024, 1024]` f32 tensor along axis 1 (materialised),
//!   runtime and static-with-`Dyn`, against a hand loop reversing each row
//!   into a new `Vec` and ndarray's `slice(s![.., ..;-1]).to_owned()`;
//! - the new unary functions (`gelu`, `log1p`, `round`, `silu`) on 2^20
//!   f32, each against `map` with the same closure (the functions are
//!   `map` underneath, so these should be equal).
//!
//! Run with `cargo bench --bench vocab_elementwise`.

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, black_box, criterion_group, criterion_main};
use shaped::{Dyn, DynTensor, Tensor, shape};
use std::time::Duration;

fn data(n: usize) -> Vec<f32> {
    (0..n)
        .map(|i| ((i * 37) % 251) as f32 * 0.01 - 1.0)
        .collect()
}

fn setup<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1500))
        .sample_size(30);
    g
}

fn flip(c: &mut Criterion) {
    let mut g = setup(c, "flip [1024,1024] axis 1");
    let n = 1024;
    let d = DynTensor::from_vec(data(n * n), &[n, n]).unwrap();
    let m = Tensor::<f32, shape![Dyn, 1024]>::from_vec(data(n * n), &[n]).unwrap();
    let v = data(n * n);
    let nd = ndarray::Array2::from_shape_vec((n, n), data(n * n)).unwrap();
    g.bench_function("shaped runtime", |b| b.iter(|| black_box(&d).flip(&[1])));
    g.bench_function("shaped mixed", |b| b.iter(|| black_box(&m).flip(&[1])));
    g.bench_function("hand", |b| {
        b.iter(|| {
            let src = black_box(&v);
            let mut out: Vec<f32> = Vec::with_capacity(src.len());
            for row in src.chunks_exact(n) {
                out.extend(row.iter().rev());
            }
            out
        })
    });
    g.bench_function("ndarray", |b| {
        b.iter(|| black_box(&nd).slice(ndarray::s![.., ..;-1]).to_owned())
    });
    g.finish();
}

fn unary(c: &mut Criterion) {
    let mut g = setup(c, "unary 2^20 f32");
    let d = DynTensor::from_vec(data(1 << 20), &[1024, 1024]).unwrap();
    // The same closures the functions use, written by the user.
    let gelu = |x: f32| {
        (0.5 * x as f64 * libm::erfc(-(x as f64) * std::f64::consts::FRAC_1_SQRT_2)) as f32
    };
    let round = |x: f32| x.round_ties_even();
    g.bench_function("gelu/shaped", |b| b.iter(|| black_box(&d).gelu()));
    g.bench_function("gelu/map", |b| b.iter(|| black_box(&d).map(gelu)));
    g.bench_function("log1p/shaped", |b| b.iter(|| black_box(&d).log1p()));
    g.bench_function("log1p/map", |b| b.iter(|| black_box(&d).map(f32::ln_1p)));
    g.bench_function("round/shaped", |b| b.iter(|| black_box(&d).round()));
    g.bench_function("round/map", |b| b.iter(|| black_box(&d).map(round)));
    g.bench_function("silu/shaped", |b| b.iter(|| black_box(&d).silu()));
    g.bench_function("silu/map", |b| {
        b.iter(|| black_box(&d).map(|x| x / (1.0 + (-x).exp())))
    });
    g.finish();
}

criterion_group!(benches, flip, unary);
criterion_main!(benches);
