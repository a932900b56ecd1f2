//! `c = a + b` on f32, side by side in one run: the static `Tensor`,
//! `DynTensor`, ndarray (fixed-rank `Array` and `ArrayD`) and a hand-written
//! loop (fixed-size arrays for A and B, a strided loop over `Vec` otherwise).
//! Every implementation allocates its output, as `a + b` does.
//!
//! Run with `cargo bench --bench broadcast`.

use criterion::{
    BenchmarkGroup, Criterion, black_box, criterion_group, criterion_main, measurement::WallTime,
};
use ndarray::{Array, ArrayD, IxDyn};
use shaped::{DynTensor, Tensor, shape};
use std::time::Duration;

/// Deterministic, non-trivial data.
fn data(n: usize) -> Vec<f32> {
    (0..n).map(|i| (i % 251) as f32 * 0.5).collect()
}

fn group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1500))
        .sample_size(30);
    g
}

/// The static tensor, `DynTensor` and ndarray's `ArrayD` on the same shapes.
macro_rules! shaped_and_arrayd {
    ($g:expr, [$($a:expr),*], [$($b:expr),*]) => {{
        let (sa, sb) = (&[$($a),*][..], &[$($b),*][..]);
        let (na, nb) = (sa.iter().product::<usize>(), sb.iter().product::<usize>());
        let a = Tensor::<f32, shape![$($a),*]>::from_slice(&data(na)).unwrap();
        let b = Tensor::<f32, shape![$($b),*]>::from_slice(&data(nb)).unwrap();
        $g.bench_function("static", |bn| bn.iter(|| black_box(&a) + black_box(&b)));
        let (a, b) = (DynTensor::from_vec(data(na), sa).unwrap(), DynTensor::from_vec(data(nb), sb).unwrap());
        $g.bench_function("dyn", |bn| bn.iter(|| black_box(&a) + black_box(&b)));
        let a = ArrayD::from_shape_vec(IxDyn(sa), data(na)).unwrap();
        let b = ArrayD::from_shape_vec(IxDyn(sb), data(nb)).unwrap();
        $g.bench_function("ndarray_dyn", |bn| bn.iter(|| black_box(&a) + black_box(&b)));
    }};
}

/// ndarray's fixed-rank `Array` (shapes given as tuples).
macro_rules! ndarray_fixed {
    ($g:expr, $sa:expr, $sb:expr) => {{
        let a = Array::from_shape_vec(
            $sa,
            data(ndarray::Dimension::size(
                &ndarray::IntoDimension::into_dimension($sa),
            )),
        )
        .unwrap();
        let b = Array::from_shape_vec(
            $sb,
            data(ndarray::Dimension::size(
                &ndarray::IntoDimension::into_dimension($sb),
            )),
        )
        .unwrap();
        $g.bench_function("ndarray", |bn| bn.iter(|| black_box(&a) + black_box(&b)));
    }};
}

fn a_4x3(c: &mut Criterion) {
    let mut g = group(c, "A [4,3]+[1,3]");
    shaped_and_arrayd!(g, [4, 3], [1, 3]);
    ndarray_fixed!(g, (4, 3), (1, 3));
    let a: [[f32; 3]; 4] = [
        [0.0, 0.5, 1.0],
        [1.5, 2.0, 2.5],
        [3.0, 3.5, 4.0],
        [4.5, 5.0, 5.5],
    ];
    let b: [[f32; 3]; 1] = [[0.0, 0.5, 1.0]];
    g.bench_function("hand", |bn| {
        bn.iter(|| {
            let (a, b) = (black_box(&a), black_box(&b));
            let mut c = [[0f32; 3]; 4];
            for i in 0..4 {
                for j in 0..3 {
                    c[i][j] = a[i][j] + b[0][j];
                }
            }
            c
        })
    });
    g.finish();
}

fn b_5x3x4x1(c: &mut Criterion) {
    let mut g = group(c, "B [5,3,4,1]+[3,1,2]");
    shaped_and_arrayd!(g, [5, 3, 4, 1], [3, 1, 2]);
    ndarray_fixed!(g, (5, 3, 4, 1), (3, 1, 2));
    let mut a = [[[[0f32; 1]; 4]; 3]; 5];
    a.as_flattened_mut()
        .as_flattened_mut()
        .as_flattened_mut()
        .copy_from_slice(&data(60));
    let mut b = [[[0f32; 2]; 1]; 3];
    b.as_flattened_mut()
        .as_flattened_mut()
        .copy_from_slice(&data(6));
    g.bench_function("hand", |bn| {
        bn.iter(|| {
            let (a, b) = (black_box(&a), black_box(&b));
            let mut c = [[[[0f32; 2]; 4]; 3]; 5];
            for i in 0..5 {
                for j in 0..3 {
                    for k in 0..4 {
                        for l in 0..2 {
                            c[i][j][k][l] = a[i][j][k][0] + b[j][0][l];
                        }
                    }
                }
            }
            c
        })
    });
    g.finish();
}

/// A hand loop over `Vec`s: rows of `n` output elements, each from a row of
/// `a` (or one element when `a` is stretched along it) and one of `b`.
fn hand_rows(
    g: &mut BenchmarkGroup<'_, WallTime>,
    rows: usize,
    n: usize,
    a: Vec<f32>,
    b: Vec<f32>,
    f: fn(&mut [f32], &[f32], &[f32], usize, usize),
) {
    g.bench_function("hand", |bn| {
        bn.iter(|| {
            let (a, b) = (black_box(&a), black_box(&b));
            let mut c = vec![0f32; rows * n];
            f(&mut c, a, b, rows, n);
            c
        })
    });
}

fn c_row(c: &mut Criterion) {
    let mut g = group(c, "C [256,256]+[1,256]");
    shaped_and_arrayd!(g, [256, 256], [1, 256]);
    ndarray_fixed!(g, (256, 256), (1, 256));
    hand_rows(&mut g, 256, 256, data(65536), data(256), |c, a, b, _, n| {
        for (c, a) in c.chunks_exact_mut(n).zip(a.chunks_exact(n)) {
            for ((c, a), b) in c.iter_mut().zip(a).zip(b) {
                *c = a + b;
            }
        }
    });
    g.finish();
}

fn d_col(c: &mut Criterion) {
    let mut g = group(c, "D [256,256]+[256,1]");
    shaped_and_arrayd!(g, [256, 256], [256, 1]);
    ndarray_fixed!(g, (256, 256), (256, 1));
    hand_rows(&mut g, 256, 256, data(65536), data(256), |c, a, b, _, n| {
        for ((c, a), b) in c.chunks_exact_mut(n).zip(a.chunks_exact(n)).zip(b) {
            for (c, a) in c.iter_mut().zip(a) {
                *c = a + b;
            }
        }
    });
    g.finish();
}

fn e_outer(c: &mut Criterion) {
    let mut g = group(c, "E [1024,1]+[1,1024]");
    shaped_and_arrayd!(g, [1024, 1], [1, 1024]);
    ndarray_fixed!(g, (1024, 1), (1, 1024));
    hand_rows(
        &mut g,
        1024,
        1024,
        data(1024),
        data(1024),
        |c, a, b, _, n| {
            for (c, a) in c.chunks_exact_mut(n).zip(a) {
                for (c, b) in c.iter_mut().zip(b) {
                    *c = a + b;
                }
            }
        },
    );
    g.finish();
}

fn f_same(c: &mut Criterion) {
    let mut g = group(c, "F [1024,1024]+[1024,1024]");
    shaped_and_arrayd!(g, [1024, 1024], [1024, 1024]);
    ndarray_fixed!(g, (1024, 1024), (1024, 1024));
    hand_rows(
        &mut g,
        1024,
        1024,
        data(1 << 20),
        data(1 << 20),
        |c, a, b, _, _| {
            for ((c, a), b) in c.iter_mut().zip(a).zip(b) {
                *c = a + b;
            }
        },
    );
    g.finish();
}

fn g_rows(c: &mut Criterion) {
    let mut g = group(c, "G [4096,1024]+[1024]");
    shaped_and_arrayd!(g, [4096, 1024], [1024]);
    ndarray_fixed!(g, (4096, 1024), (1024,));
    hand_rows(
        &mut g,
        4096,
        1024,
        data(4 << 20),
        data(1024),
        |c, a, b, _, n| {
            for (c, a) in c.chunks_exact_mut(n).zip(a.chunks_exact(n)) {
                for ((c, a), b) in c.iter_mut().zip(a).zip(b) {
                    *c = a + b;
                }
            }
        },
    );
    g.finish();
}

fn h_inner(c: &mut Criterion) {
    let mut g = group(c, "H [64,32,8,5]+[32,8,1]");
    shaped_and_arrayd!(g, [64, 32, 8, 5], [32, 8, 1]);
    ndarray_fixed!(g, (64, 32, 8, 5), (32, 8, 1));
    // Rows of 5 (the last axis), each with one element of b; b repeats every 256 rows.
    hand_rows(
        &mut g,
        64 * 256,
        5,
        data(64 * 32 * 8 * 5),
        data(256),
        |c, a, b, _, n| {
            for (c, a) in c.chunks_exact_mut(256 * n).zip(a.chunks_exact(256 * n)) {
                for ((c, a), b) in c.chunks_exact_mut(n).zip(a.chunks_exact(n)).zip(b) {
                    for (c, a) in c.iter_mut().zip(a) {
                        *c = a + b;
                    }
                }
            }
        },
    );
    g.finish();
}

criterion_group!(
    benches, a_4x3, b_5x3x4x1, c_row, d_col, e_outer, f_same, g_rows, h_inner
);
criterion_main!(benches);
