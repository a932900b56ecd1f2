//! `shaped::linalg` side by side with the backend in one run: static 3x3
//! and 4x4 `inv`, `det`, `solve` against nalgebra's `Matrix3`/`Matrix4`;
//! 512x512 f64 `solve`, `cholesky`, `qr`, `eigh`, `svd` against calling
//! nalgebra's factorizations directly on a `DMatrix` (the bridge's cost);
//! a batch of 4096 3x3 inverses against a loop of nalgebra's
//! `try_inverse` over `Matrix3`s built from the batch.
//!
//! Run with `cargo bench --features linalg --bench linalg`.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use nalgebra::{DMatrix, Matrix3, Matrix4, SMatrix, Vector3, Vector4};
use shaped::{DynTensor, Tensor, linalg, shape};
use std::time::Duration;

/// Deterministic values in [-1, 1), `n` added on the diagonal of each
/// `n`x`n` matrix: well-conditioned.
fn matrices(count: usize, n: usize) -> Vec<f64> {
    (0..count * n * n)
        .map(|i| {
            let v = ((i * 7919 + 13) % 1000) as f64 / 500.0 - 1.0;
            if (i % (n * n)).is_multiple_of(n + 1) {
                v + n as f64
            } else {
                v
            }
        })
        .collect()
}

fn small(c: &mut Criterion) {
    let mut g = c.benchmark_group("linalg small static f64");
    g.warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    let d3 = matrices(1, 3);
    let t3 = Tensor::<f64, shape![3, 3]>::from_slice(&d3).unwrap();
    let m3 = Matrix3::from_row_slice(&d3);
    let v3 = Tensor::<f64, shape![3]>::from_slice(&[1.0, 2.0, 3.0]).unwrap();
    let w3 = Vector3::new(1.0, 2.0, 3.0);
    g.bench_function("3x3 inv shaped", |b| b.iter(|| linalg::inv(black_box(&t3))));
    g.bench_function("3x3 inv nalgebra", |b| {
        b.iter(|| black_box(m3).try_inverse())
    });
    g.bench_function("3x3 det shaped", |b| b.iter(|| linalg::det(black_box(&t3))));
    g.bench_function("3x3 det nalgebra", |b| {
        b.iter(|| black_box(m3).determinant())
    });
    g.bench_function("3x3 solve shaped", |b| {
        b.iter(|| linalg::solve(black_box(&t3), black_box(&v3)))
    });
    g.bench_function("3x3 solve nalgebra", |b| {
        b.iter(|| black_box(m3).lu().solve(black_box(&w3)))
    });
    let d4 = matrices(1, 4);
    let t4 = Tensor::<f64, shape![4, 4]>::from_slice(&d4).unwrap();
    let m4 = Matrix4::from_row_slice(&d4);
    let v4 = Tensor::<f64, shape![4]>::from_slice(&[1.0, 2.0, 3.0, 4.0]).unwrap();
    let w4 = Vector4::new(1.0, 2.0, 3.0, 4.0);
    g.bench_function("4x4 inv shaped", |b| b.iter(|| linalg::inv(black_box(&t4))));
    g.bench_function("4x4 inv nalgebra", |b| {
        b.iter(|| black_box(m4).try_inverse())
    });
    g.bench_function("4x4 det shaped", |b| b.iter(|| linalg::det(black_box(&t4))));
    g.bench_function("4x4 det nalgebra", |b| {
        b.iter(|| black_box(m4).determinant())
    });
    g.bench_function("4x4 solve shaped", |b| {
        b.iter(|| linalg::solve(black_box(&t4), black_box(&v4)))
    });
    g.bench_function("4x4 solve nalgebra", |b| {
        b.iter(|| black_box(m4).lu().solve(black_box(&w4)))
    });
    g.finish();
}

fn large(c: &mut Criterion) {
    let mut g = c.benchmark_group("linalg 512 f64");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    const N: usize = 512;
    let a = matrices(1, N);
    let t = DynTensor::from_vec(a.clone(), &[N, N]).unwrap();
    let m = DMatrix::from_row_slice(N, N, &a);
    let rhs: Vec<f64> = (0..N * 16).map(|i| (i % 7) as f64).collect();
    let tb = DynTensor::from_vec(rhs.clone(), &[N, 16]).unwrap();
    let mb = DMatrix::from_row_slice(N, 16, &rhs);
    // Symmetric positive-definite: A Aᵀ.
    let spd_m = &m * m.transpose();
    let spd_t = DynTensor::from_vec(spd_m.transpose().as_slice().to_vec(), &[N, N]).unwrap();
    // Every nalgebra call clones its input: its factorizations take it by value.
    g.bench_function("solve shaped", |b| {
        b.iter(|| linalg::solve(black_box(&t), black_box(&tb)))
    });
    g.bench_function("solve nalgebra", |b| {
        b.iter(|| black_box(&m).clone().lu().solve(black_box(&mb)))
    });
    g.bench_function("cholesky shaped", |b| {
        b.iter(|| linalg::cholesky(black_box(&spd_t)))
    });
    g.bench_function("cholesky nalgebra", |b| {
        b.iter(|| black_box(&spd_m).clone().cholesky().map(|c| c.l()))
    });
    g.bench_function("qr shaped", |b| b.iter(|| linalg::qr(black_box(&t))));
    g.bench_function("qr nalgebra", |b| {
        b.iter(|| {
            let f = black_box(&m).clone().qr();
            (f.q(), f.r())
        })
    });
    g.bench_function("eigh shaped", |b| {
        b.iter(|| linalg::eigh(black_box(&spd_t)))
    });
    g.bench_function("eigh nalgebra", |b| {
        b.iter(|| black_box(&spd_m).clone().symmetric_eigen())
    });
    g.bench_function("svd shaped", |b| b.iter(|| linalg::svd(black_box(&t))));
    g.bench_function("svd nalgebra", |b| {
        b.iter(|| nalgebra::SVD::new(black_box(&m).clone(), true, true))
    });
    g.finish();
}

fn batched(c: &mut Criterion) {
    let mut g = c.benchmark_group("linalg batched inv [4096, 3, 3] f64");
    g.warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    let d = matrices(4096, 3);
    let st = Tensor::<f64, shape![4096, 3, 3]>::from_slice(&d).unwrap();
    let dy = DynTensor::from_vec(d.clone(), &[4096, 3, 3]).unwrap();
    g.bench_function("shaped static", |b| b.iter(|| linalg::inv(black_box(&st))));
    g.bench_function("shaped runtime", |b| b.iter(|| linalg::inv(black_box(&dy))));
    g.bench_function("nalgebra loop", |b| {
        b.iter(|| {
            let src = black_box(&d);
            let mut out = vec![0.0; src.len()];
            for (m, o) in src.chunks_exact(9).zip(out.chunks_exact_mut(9)) {
                let inv = SMatrix::<f64, 3, 3>::from_row_slice(m)
                    .try_inverse()
                    .unwrap();
                // Back to row-major, as the batch is stored.
                o.copy_from_slice(inv.transpose().as_slice());
            }
            out
        })
    });
    g.finish();
}

criterion_group!(benches, small, large, batched);
criterion_main!(benches);
