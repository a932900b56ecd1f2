//! Matrix products side by side in one run: small static matrices against
//! nalgebra's `SMatrix` and a hand loop; square f32/f64 products against
//! ndarray's `dot` and `matrixmultiply` called directly (throughput in
//! elements = multiply-adds, so criterion's "Melem/s" / 1000 is GFLOP/s / 2);
//! batches against ndarray looping `dot` over the batch; a transposed view
//! (`a.t() @ b`, its strides handed to GEMM) against copying it first.
//!
//! Run with `cargo bench --bench matmul`.

use criterion::{BenchmarkId, Criterion, Throughput, black_box, criterion_group, criterion_main};
use nalgebra::SMatrix;
use ndarray::{Array2, Array3, Axis};
use shaped::{DynTensor, Tensor, shape};
use std::time::Duration;

fn data(n: usize) -> Vec<f32> {
    (0..n).map(|i| (i % 17) as f32 * 0.25 - 2.0).collect()
}

fn small(c: &mut Criterion) {
    let mut g = c.benchmark_group("matmul small static f32");
    g.warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));

    let a3 = Tensor::<f32, shape![3, 3]>::from_slice(&data(9)).unwrap();
    let n3 = SMatrix::<f32, 3, 3>::from_row_slice(&data(9));
    let h3: [[f32; 3]; 3] = [[1.0, -0.5, 0.25], [0.0, 2.0, 1.5], [-1.0, 0.75, 0.5]];
    g.bench_function("3x3 static", |b| {
        b.iter(|| black_box(&a3).matmul(black_box(&a3)))
    });
    g.bench_function("3x3 nalgebra", |b| {
        b.iter(|| black_box(&n3) * black_box(&n3))
    });
    g.bench_function("3x3 hand", |b| {
        b.iter(|| hand::<3>(black_box(&h3), black_box(&h3)))
    });

    let a4 = Tensor::<f32, shape![4, 4]>::from_slice(&data(16)).unwrap();
    let n4 = SMatrix::<f32, 4, 4>::from_row_slice(&data(16));
    let h4: [[f32; 4]; 4] = core::array::from_fn(|i| core::array::from_fn(|j| (i * 4 + j) as f32));
    g.bench_function("4x4 static", |b| {
        b.iter(|| black_box(&a4).matmul(black_box(&a4)))
    });
    g.bench_function("4x4 nalgebra", |b| {
        b.iter(|| black_box(&n4) * black_box(&n4))
    });
    g.bench_function("4x4 hand", |b| {
        b.iter(|| hand::<4>(black_box(&h4), black_box(&h4)))
    });
    g.finish();
}

fn hand<const N: usize>(a: &[[f32; N]; N], b: &[[f32; N]; N]) -> [[f32; N]; N] {
    let mut c = [[0.0; N]; N];
    for i in 0..N {
        for j in 0..N {
            let mut s = 0.0;
            for p in 0..N {
                s += a[i][p] * b[p][j];
            }
            c[i][j] = s;
        }
    }
    c
}

macro_rules! square {
    ($name:ident, $t:ty, $gemm:path) => {
        fn $name(c: &mut Criterion) {
            let mut g = c.benchmark_group(concat!("matmul square ", stringify!($t)));
            g.warm_up_time(Duration::from_millis(300))
                .measurement_time(Duration::from_secs(2))
                .sample_size(10);
            for n in [64usize, 256, 1024] {
                g.throughput(Throughput::Elements((n * n * n) as u64));
                let v: Vec<$t> = (0..n * n).map(|i| (i % 17) as $t * 0.25).collect();
                let t = DynTensor::from_vec(v.clone(), &[n, n]).unwrap();
                let a = Array2::from_shape_vec((n, n), v.clone()).unwrap();
                g.bench_with_input(BenchmarkId::new("shaped", n), &n, |b, _| {
                    b.iter(|| black_box(&t).matmul(black_box(&t)))
                });
                g.bench_with_input(BenchmarkId::new("ndarray dot", n), &n, |b, _| {
                    b.iter(|| black_box(&a).dot(black_box(&a)))
                });
                g.bench_with_input(BenchmarkId::new("matrixmultiply", n), &n, |b, _| {
                    b.iter(|| {
                        let mut out = vec![0.0 as $t; n * n];
                        // SAFETY: `v` and `out` hold n x n row-major matrices.
                        unsafe {
                            $gemm(
                                n,
                                n,
                                n,
                                1.0,
                                v.as_ptr(),
                                n as isize,
                                1,
                                v.as_ptr(),
                                n as isize,
                                1,
                                0.0,
                                out.as_mut_ptr(),
                                n as isize,
                                1,
                            )
                        }
                        black_box(out)
                    })
                });
            }
            g.finish();
        }
    };
}
square!(square_f32, f32, matrixmultiply::sgemm);
square!(square_f64, f64, matrixmultiply::dgemm);

fn batched(c: &mut Criterion) {
    let mut g = c.benchmark_group("matmul batched f32");
    g.warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20);
    for (batch, n) in [(64usize, 32usize), (4096, 3)] {
        let id = format!("[{batch}, {n}, {n}] @ [{n}, {n}]");
        let x = DynTensor::from_vec(data(batch * n * n), &[batch, n, n]).unwrap();
        let w = DynTensor::from_vec(data(n * n), &[n, n]).unwrap();
        let xa = Array3::from_shape_vec((batch, n, n), data(batch * n * n)).unwrap();
        let wa = Array2::from_shape_vec((n, n), data(n * n)).unwrap();
        g.bench_function(BenchmarkId::new("shaped", &id), |b| {
            b.iter(|| black_box(&x).matmul(black_box(&w)))
        });
        let (xv, wv) = (data(batch * n * n), data(n * n));
        g.bench_function(BenchmarkId::new("matrixmultiply folded", &id), |b| {
            b.iter(|| {
                let mut out = vec![0.0f32; batch * n * n];
                // SAFETY: `xv` is (batch * n) x n, `wv` n x n, `out` (batch * n) x n, row-major.
                unsafe {
                    matrixmultiply::sgemm(
                        batch * n,
                        n,
                        n,
                        1.0,
                        xv.as_ptr(),
                        n as isize,
                        1,
                        wv.as_ptr(),
                        n as isize,
                        1,
                        0.0,
                        out.as_mut_ptr(),
                        n as isize,
                        1,
                    )
                }
                black_box(out)
            })
        });
        g.bench_function(BenchmarkId::new("ndarray dot per matrix", &id), |b| {
            b.iter(|| {
                let mut out = Array3::<f32>::zeros((batch, n, n));
                for (mut o, m) in out.axis_iter_mut(Axis(0)).zip(xa.axis_iter(Axis(0))) {
                    o.assign(&m.dot(&wa));
                }
                black_box(out)
            })
        });
    }
    g.finish();
}

/// `aᵀ · b` at 256: the transposed view's strides handed to GEMM, against
/// copying `aᵀ` into a new tensor first, and ndarray's `a.t().dot(&b)`.
fn transposed(c: &mut Criterion) {
    let mut g = c.benchmark_group("matmul transposed f32");
    g.warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20);
    let n = 256;
    g.throughput(Throughput::Elements((n * n * n) as u64));
    let a = DynTensor::from_vec(data(n * n), &[n, n]).unwrap();
    let b = DynTensor::from_vec(data(n * n), &[n, n]).unwrap();
    let (aa, ba) = (
        Array2::from_shape_vec((n, n), data(n * n)).unwrap(),
        Array2::from_shape_vec((n, n), data(n * n)).unwrap(),
    );
    g.bench_function(BenchmarkId::new("shaped a.t() @ b (strided)", n), |bn| {
        bn.iter(|| black_box(&a).t().matmul(&black_box(&b).view()))
    });
    g.bench_function(BenchmarkId::new("shaped copy a.t(), then @ b", n), |bn| {
        bn.iter(|| black_box(&a).t().to_owned().matmul(black_box(&b)))
    });
    g.bench_function(BenchmarkId::new("ndarray a.t().dot(b)", n), |bn| {
        bn.iter(|| black_box(&aa).t().dot(black_box(&ba)))
    });
    g.finish();
}

/// Attention's two batched products of small matrices, `[64, 16, 32] @
/// [64, 32, 16]` (the second operand a transposed view, as `q @ k.t()`
/// is) and `[64, 16, 16] @ [64, 16, 32]`, against ndarray's `dot` per matrix.
fn batched_small(c: &mut Criterion) {
    let mut g = c.benchmark_group("matmul batched small f32");
    g.warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .sample_size(30);
    let (bt, l, d) = (64usize, 16usize, 32usize);
    let q = DynTensor::from_vec(data(bt * l * d), &[bt, l, d]).unwrap();
    let p = DynTensor::from_vec(data(bt * l * l), &[bt, l, l]).unwrap();
    let qa = Array3::from_shape_vec((bt, l, d), data(bt * l * d)).unwrap();
    let pa = Array3::from_shape_vec((bt, l, l), data(bt * l * l)).unwrap();
    g.bench_function("q @ k.t() shaped", |bn| {
        bn.iter(|| {
            let q = black_box(&q);
            q.view().matmul(&q.view().transpose(1, 2))
        })
    });
    g.bench_function("q @ k.t() ndarray dot per matrix", |bn| {
        bn.iter(|| {
            let qa = black_box(&qa);
            let mut out = Array3::<f32>::zeros((bt, l, l));
            for (mut o, m) in out.axis_iter_mut(Axis(0)).zip(qa.axis_iter(Axis(0))) {
                o.assign(&m.dot(&m.t()));
            }
            out
        })
    });
    g.bench_function("p @ v shaped", |bn| {
        bn.iter(|| black_box(&p).matmul(black_box(&q)))
    });
    g.bench_function("p @ v ndarray dot per matrix", |bn| {
        bn.iter(|| {
            let (pa, qa) = (black_box(&pa), black_box(&qa));
            let mut out = Array3::<f32>::zeros((bt, l, d));
            for ((mut o, a), b) in out
                .axis_iter_mut(Axis(0))
                .zip(pa.axis_iter(Axis(0)))
                .zip(qa.axis_iter(Axis(0)))
            {
                o.assign(&a.dot(&b));
            }
            out
        })
    });
    g.finish();
}

criterion_group!(
    benches,
    small,
    square_f32,
    square_f64,
    batched,
    batched_small,
    transposed
);
criterion_main!(benches);
