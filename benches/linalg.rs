//! `shaped::linalg` side by side with the libraries a user would call
//! instead, in one run, f64, single-threaded:
//!
//! - `inv`, `det`, `solve` (8 right-hand sides), `cholesky`, `qr`, `eigh`,
//!   `svd` at n = 32, 128, 512 against faer called directly (its `Mat`
//!   API: the backend without this crate's batches and row-major layout)
//!   and nalgebra's `DMatrix` factorizations (`shaped` before faer);
//! - the same functions at n = 5 to 24 (`crossover`): where faer starts
//!   to beat nalgebra, which sets where `shaped` switches;
//! - static 3x3 and 4x4 `inv`, `det`, `solve` against nalgebra's
//!   `Matrix3`/`Matrix4`;
//! - batches of 4096 3x3 inverses and 4x4 solves against loops of
//!   nalgebra's stack matrices.
//!
//! NumPy's numbers for the same sizes come from `benches/numpy_linalg.py`.
//! Run with `cargo bench --features linalg --bench linalg`
//! (`-- 'linalg n='` for the large sizes alone).

use criterion::{BenchmarkId, Criterion, black_box, criterion_group, criterion_main};
use faer::Mat;
use faer::linalg::solvers::{DenseSolveCore, Solve};
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

/// One problem of size `n` in each library's form: `A` (general), `S`
/// (symmetric positive-definite, `A Aᵀ`), `B` (`n` by 8).
struct Problem {
    a: DynTensor<f64>,
    s: DynTensor<f64>,
    b: DynTensor<f64>,
    fa: Mat<f64>,
    fs: Mat<f64>,
    fb: Mat<f64>,
    na: DMatrix<f64>,
    ns: DMatrix<f64>,
    nb: DMatrix<f64>,
}

impl Problem {
    fn new(n: usize) -> Self {
        let a = matrices(1, n);
        let s: Vec<f64> = (0..n * n)
            .map(|ij| (0..n).map(|k| a[ij / n * n + k] * a[ij % n * n + k]).sum())
            .collect();
        let b: Vec<f64> = (0..n * 8).map(|i| (i % 7) as f64).collect();
        let fm = |d: &[f64], c: usize| Mat::from_fn(d.len() / c, c, |i, j| d[i * c + j]);
        Problem {
            a: DynTensor::from_vec(a.clone(), &[n, n]).unwrap(),
            s: DynTensor::from_vec(s.clone(), &[n, n]).unwrap(),
            b: DynTensor::from_vec(b.clone(), &[n, 8]).unwrap(),
            fa: fm(&a, n),
            fs: fm(&s, n),
            fb: fm(&b, 8),
            na: DMatrix::from_row_slice(n, n, &a),
            ns: DMatrix::from_row_slice(n, n, &s),
            nb: DMatrix::from_row_slice(n, 8, &b),
        }
    }
}

/// Every function at size `n`, for `shaped`, faer and nalgebra, in the
/// group `name`.
fn functions(c: &mut Criterion, name: &str, sizes: &[usize], nalgebra_too: bool) {
    let mut g = c.benchmark_group(name);
    for &n in sizes {
        let (warm, time, samples) = if n >= 512 {
            (500, 4000, 10)
        } else if n >= 128 {
            (300, 1500, 20)
        } else {
            (200, 700, 40)
        };
        g.warm_up_time(Duration::from_millis(warm))
            .measurement_time(Duration::from_millis(time))
            .sample_size(samples);
        let p = Problem::new(n);
        let id = |f: &str, who: &str| BenchmarkId::new(format!("{f} {who}"), n);
        // Each library in turn for one function, so that a change in the
        // machine's load hits the three alike.
        g.bench_function(id("inv", "shaped"), |b| {
            b.iter(|| linalg::inv(black_box(&p.a)))
        });
        g.bench_function(id("inv", "faer"), |b| {
            b.iter(|| black_box(&p.fa).partial_piv_lu().inverse())
        });
        if nalgebra_too {
            g.bench_function(id("inv", "nalgebra"), |b| {
                b.iter(|| black_box(&p.na).clone().try_inverse())
            });
        }
        g.bench_function(id("det", "shaped"), |b| {
            b.iter(|| linalg::det(black_box(&p.a)))
        });
        g.bench_function(id("det", "faer"), |b| {
            b.iter(|| black_box(&p.fa).determinant())
        });
        if nalgebra_too {
            g.bench_function(id("det", "nalgebra"), |b| {
                b.iter(|| black_box(&p.na).clone().lu().determinant())
            });
        }
        g.bench_function(id("solve", "shaped"), |b| {
            b.iter(|| linalg::solve(black_box(&p.a), black_box(&p.b)))
        });
        g.bench_function(id("solve", "faer"), |b| {
            b.iter(|| black_box(&p.fa).partial_piv_lu().solve(black_box(&p.fb)))
        });
        if nalgebra_too {
            g.bench_function(id("solve", "nalgebra"), |b| {
                b.iter(|| black_box(&p.na).clone().lu().solve(black_box(&p.nb)))
            });
        }
        g.bench_function(id("cholesky", "shaped"), |b| {
            b.iter(|| linalg::cholesky(black_box(&p.s)))
        });
        g.bench_function(id("cholesky", "faer"), |b| {
            b.iter(|| {
                black_box(&p.fs)
                    .llt(faer::Side::Lower)
                    .map(|l| l.L().to_owned())
            })
        });
        if nalgebra_too {
            g.bench_function(id("cholesky", "nalgebra"), |b| {
                b.iter(|| black_box(&p.ns).clone().cholesky().map(|c| c.l()))
            });
        }
        g.bench_function(id("qr", "shaped"), |b| {
            b.iter(|| linalg::qr(black_box(&p.a)))
        });
        g.bench_function(id("qr", "faer"), |b| {
            b.iter(|| {
                let f = black_box(&p.fa).qr();
                (f.compute_thin_Q(), f.thin_R().to_owned())
            })
        });
        if nalgebra_too {
            g.bench_function(id("qr", "nalgebra"), |b| {
                b.iter(|| {
                    let f = black_box(&p.na).clone().qr();
                    (f.q(), f.r())
                })
            });
        }
        g.bench_function(id("eigh", "shaped"), |b| {
            b.iter(|| linalg::eigh(black_box(&p.s)))
        });
        g.bench_function(id("eigh", "faer"), |b| {
            b.iter(|| black_box(&p.fs).self_adjoint_eigen(faer::Side::Lower))
        });
        if nalgebra_too {
            g.bench_function(id("eigh", "nalgebra"), |b| {
                b.iter(|| black_box(&p.ns).clone().symmetric_eigen())
            });
        }
        g.bench_function(id("svd", "shaped"), |b| {
            b.iter(|| linalg::svd(black_box(&p.a)))
        });
        g.bench_function(id("svd", "faer"), |b| {
            b.iter(|| black_box(&p.fa).thin_svd())
        });
        if nalgebra_too {
            g.bench_function(id("svd", "nalgebra"), |b| {
                b.iter(|| nalgebra::SVD::new(black_box(&p.na).clone(), true, true))
            });
        }
    }
    g.finish();
}

fn large(c: &mut Criterion) {
    functions(c, "linalg n=", &[32, 128, 512], true);
}

fn crossover(c: &mut Criterion) {
    functions(c, "linalg crossover n=", &[5, 8, 12, 16, 24], true);
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

fn batched(c: &mut Criterion) {
    let mut g = c.benchmark_group("linalg batched f64");
    g.warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    let d = matrices(4096, 3);
    let st = Tensor::<f64, shape![4096, 3, 3]>::from_slice(&d).unwrap();
    let dy = DynTensor::from_vec(d.clone(), &[4096, 3, 3]).unwrap();
    g.bench_function("inv [4096, 3, 3] shaped static", |b| {
        b.iter(|| linalg::inv(black_box(&st)))
    });
    g.bench_function("inv [4096, 3, 3] shaped runtime", |b| {
        b.iter(|| linalg::inv(black_box(&dy)))
    });
    g.bench_function("inv [4096, 3, 3] nalgebra loop", |b| {
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
    let a4 = matrices(4096, 4);
    let b4: Vec<f64> = (0..4096 * 4).map(|i| (i % 7) as f64).collect();
    let ta = DynTensor::from_vec(a4.clone(), &[4096, 4, 4]).unwrap();
    let tb = DynTensor::from_vec(b4.clone(), &[4096, 4]).unwrap();
    g.bench_function("solve [4096, 4, 4] shaped runtime", |b| {
        b.iter(|| linalg::solve(black_box(&ta), black_box(&tb)))
    });
    g.bench_function("solve [4096, 4, 4] nalgebra loop", |b| {
        b.iter(|| {
            let (a, v) = (black_box(&a4), black_box(&b4));
            let mut out = vec![0.0; v.len()];
            for ((m, r), o) in a
                .chunks_exact(16)
                .zip(v.chunks_exact(4))
                .zip(out.chunks_exact_mut(4))
            {
                let x = Matrix4::from_row_slice(m)
                    .lu()
                    .solve(&Vector4::from_row_slice(r))
                    .unwrap();
                o.copy_from_slice(x.as_slice());
            }
            out
        })
    });
    g.finish();
}

/// `shaped`'s `matmul` (matrixmultiply's `dgemm`, row-major) against
/// faer's product (the `gemm` crate, column-major), `n`x`n` f64, one
/// thread: whether `src/kernel/gemm.rs` should switch.
fn products(c: &mut Criterion) {
    let mut g = c.benchmark_group("matmul backend n=");
    for n in [64, 128, 256, 512, 1024] {
        let time = if n >= 512 { 3000 } else { 1000 };
        g.warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_millis(time))
            .sample_size(if n >= 512 { 10 } else { 30 });
        let a = matrices(1, n);
        let b: Vec<f64> = a.iter().rev().copied().collect();
        let (ta, tb) = (
            DynTensor::from_vec(a.clone(), &[n, n]).unwrap(),
            DynTensor::from_vec(b.clone(), &[n, n]).unwrap(),
        );
        let fm = |d: &[f64]| Mat::from_fn(n, n, |i, j| d[i * n + j]);
        let (fa, fb) = (fm(&a), fm(&b));
        // Both allocate their result, as `shaped`'s `matmul` does.
        g.bench_function(BenchmarkId::new("shaped (matrixmultiply)", n), |bch| {
            bch.iter(|| black_box(&ta).matmul(black_box(&tb)))
        });
        g.bench_function(BenchmarkId::new("faer", n), |bch| {
            bch.iter(|| black_box(&fa) * black_box(&fb))
        });
    }
    g.finish();
}

criterion_group!(benches, large, crossover, small, batched, products);
criterion_main!(benches);
