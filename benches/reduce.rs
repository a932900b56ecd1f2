//! Reductions and softmax on every layout, side by side with a hand loop
//! over fixed arrays and with ndarray, in one run:
//!
//! - static `[4, 3]` and `[5, 3, 4]` sums and means over each axis against
//!   a hand loop over `[[f32; 3]; 4]` (resp. `[[[f32; 4]; 3]; 5]`) and
//!   ndarray's `sum_axis` / `mean_axis`;
//! - `[4096, 1024]` sums and means over each axis, static, mixed
//!   (`[Dyn, 1024]`) and runtime, against ndarray;
//! - softmax over the last axis of `[Dyn, 1024]` with 4096 rows against
//!   the same computation written with ndarray.
//!
//! Run with `cargo bench --bench reduce`.

// The hand loops index arrays as one writes them by hand.
#![allow(clippy::needless_range_loop)]

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, black_box, criterion_group, criterion_main};
use ndarray::{Array2, Array3, Axis as NdAxis};
use shaped::{Axis, Dyn, DynTensor, Tensor, shape};
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

fn small_4_3(c: &mut Criterion) {
    let mut g = setup(c, "[4,3]");
    let t = Tensor::<f32, shape![4, 3]>::from_slice(&data(12)).unwrap();
    let mut arr = [[0.0f32; 3]; 4];
    for (i, x) in arr.as_flattened_mut().iter_mut().enumerate() {
        *x = data(12)[i];
    }
    let nd = Array2::from_shape_vec((4, 3), data(12)).unwrap();

    g.bench_function("sum axis 0/shaped", |b| {
        b.iter(|| black_box(&t).sum_over(Axis::<0>))
    });
    g.bench_function("sum axis 0/hand", |b| {
        b.iter(|| {
            let a = black_box(&arr);
            let mut s = a[0];
            for row in &a[1..] {
                for j in 0..3 {
                    s[j] += row[j];
                }
            }
            s
        })
    });
    g.bench_function("sum axis 0/ndarray", |b| {
        b.iter(|| black_box(&nd).sum_axis(NdAxis(0)))
    });

    g.bench_function("sum axis 1/shaped", |b| {
        b.iter(|| black_box(&t).sum_over(Axis::<1>))
    });
    g.bench_function("sum axis 1/hand", |b| {
        b.iter(|| {
            let a = black_box(&arr);
            let mut s = [0.0f32; 4];
            for i in 0..4 {
                s[i] = a[i][0] + a[i][1] + a[i][2];
            }
            s
        })
    });
    g.bench_function("sum axis 1/ndarray", |b| {
        b.iter(|| black_box(&nd).sum_axis(NdAxis(1)))
    });

    g.bench_function("mean axis 0/shaped", |b| {
        b.iter(|| black_box(&t).mean_over(Axis::<0>))
    });
    g.bench_function("mean axis 0/hand", |b| {
        b.iter(|| {
            let a = black_box(&arr);
            let mut s = a[0];
            for row in &a[1..] {
                for j in 0..3 {
                    s[j] += row[j];
                }
            }
            s.map(|x| x / 4.0)
        })
    });
    g.bench_function("mean axis 0/ndarray", |b| {
        b.iter(|| black_box(&nd).mean_axis(NdAxis(0)))
    });

    g.bench_function("mean axis 1/shaped", |b| {
        b.iter(|| black_box(&t).mean_over(Axis::<1>))
    });
    g.bench_function("mean axis 1/hand", |b| {
        b.iter(|| {
            let a = black_box(&arr);
            let mut s = [0.0f32; 4];
            for i in 0..4 {
                s[i] = (a[i][0] + a[i][1] + a[i][2]) / 3.0;
            }
            s
        })
    });
    g.bench_function("mean axis 1/ndarray", |b| {
        b.iter(|| black_box(&nd).mean_axis(NdAxis(1)))
    });
    g.finish();
}

fn small_5_3_4(c: &mut Criterion) {
    let mut g = setup(c, "[5,3,4]");
    let t = Tensor::<f32, shape![5, 3, 4]>::from_slice(&data(60)).unwrap();
    let mut arr = [[[0.0f32; 4]; 3]; 5];
    for (i, x) in arr
        .as_flattened_mut()
        .as_flattened_mut()
        .iter_mut()
        .enumerate()
    {
        *x = data(60)[i];
    }
    let nd = Array3::from_shape_vec((5, 3, 4), data(60)).unwrap();

    g.bench_function("sum axis 0/shaped", |b| {
        b.iter(|| black_box(&t).sum_over(Axis::<0>))
    });
    g.bench_function("sum axis 0/hand", |b| {
        b.iter(|| {
            let a = black_box(&arr);
            let mut s = a[0];
            for m in &a[1..] {
                for j in 0..3 {
                    for k in 0..4 {
                        s[j][k] += m[j][k];
                    }
                }
            }
            s
        })
    });
    g.bench_function("sum axis 0/ndarray", |b| {
        b.iter(|| black_box(&nd).sum_axis(NdAxis(0)))
    });

    g.bench_function("sum axis 1/shaped", |b| {
        b.iter(|| black_box(&t).sum_over(Axis::<1>))
    });
    g.bench_function("sum axis 1/hand", |b| {
        b.iter(|| {
            let a = black_box(&arr);
            let mut s = [[0.0f32; 4]; 5];
            for i in 0..5 {
                s[i] = a[i][0];
                for j in 1..3 {
                    for k in 0..4 {
                        s[i][k] += a[i][j][k];
                    }
                }
            }
            s
        })
    });
    g.bench_function("sum axis 1/ndarray", |b| {
        b.iter(|| black_box(&nd).sum_axis(NdAxis(1)))
    });

    g.bench_function("sum axis 2/shaped", |b| {
        b.iter(|| black_box(&t).sum_over(Axis::<2>))
    });
    g.bench_function("sum axis 2/hand", |b| {
        b.iter(|| {
            let a = black_box(&arr);
            let mut s = [[0.0f32; 3]; 5];
            for i in 0..5 {
                for j in 0..3 {
                    let r = a[i][j];
                    s[i][j] = r[0] + r[1] + r[2] + r[3];
                }
            }
            s
        })
    });
    g.bench_function("sum axis 2/ndarray", |b| {
        b.iter(|| black_box(&nd).sum_axis(NdAxis(2)))
    });

    g.bench_function("mean axis 2/shaped", |b| {
        b.iter(|| black_box(&t).mean_over(Axis::<2>))
    });
    g.bench_function("mean axis 2/hand", |b| {
        b.iter(|| {
            let a = black_box(&arr);
            let mut s = [[0.0f32; 3]; 5];
            for i in 0..5 {
                for j in 0..3 {
                    let r = a[i][j];
                    s[i][j] = (r[0] + r[1] + r[2] + r[3]) / 4.0;
                }
            }
            s
        })
    });
    g.bench_function("mean axis 2/ndarray", |b| {
        b.iter(|| black_box(&nd).mean_axis(NdAxis(2)))
    });
    g.finish();
}

fn large(c: &mut Criterion) {
    let mut g = setup(c, "[4096,1024]");
    const R: usize = 4096;
    let st = Tensor::<f32, shape![4096, 1024]>::from_slice(&data(R * 1024)).unwrap();
    let mx = Tensor::<f32, shape![Dyn, 1024]>::from_vec(data(R * 1024), &[R]).unwrap();
    let dy = DynTensor::from_vec(data(R * 1024), &[R, 1024]).unwrap();
    let nd = Array2::from_shape_vec((R, 1024), data(R * 1024)).unwrap();

    g.bench_function("sum axis 0/static", |b| {
        b.iter(|| black_box(&st).sum_over(Axis::<0>))
    });
    g.bench_function("sum axis 0/mixed", |b| {
        b.iter(|| black_box(&mx).sum_over(Axis::<0>))
    });
    g.bench_function("sum axis 0/dyn", |b| {
        b.iter(|| black_box(&dy).sum_dims(&[0], false))
    });
    g.bench_function("sum axis 0/ndarray", |b| {
        b.iter(|| black_box(&nd).sum_axis(NdAxis(0)))
    });
    g.bench_function("sum axis 1/static", |b| {
        b.iter(|| black_box(&st).sum_over(Axis::<1>))
    });
    g.bench_function("sum axis 1/mixed", |b| {
        b.iter(|| black_box(&mx).sum_over(Axis::<1>))
    });
    g.bench_function("sum axis 1/dyn", |b| {
        b.iter(|| black_box(&dy).sum_dims(&[1], false))
    });
    g.bench_function("sum axis 1/ndarray", |b| {
        b.iter(|| black_box(&nd).sum_axis(NdAxis(1)))
    });
    g.bench_function("mean axis 0/static", |b| {
        b.iter(|| black_box(&st).mean_over(Axis::<0>))
    });
    g.bench_function("mean axis 0/mixed", |b| {
        b.iter(|| black_box(&mx).mean_over(Axis::<0>))
    });
    g.bench_function("mean axis 0/dyn", |b| {
        b.iter(|| black_box(&dy).mean_dims(&[0], false))
    });
    g.bench_function("mean axis 0/ndarray", |b| {
        b.iter(|| black_box(&nd).mean_axis(NdAxis(0)))
    });
    g.bench_function("mean axis 1/static", |b| {
        b.iter(|| black_box(&st).mean_over(Axis::<1>))
    });
    g.bench_function("mean axis 1/mixed", |b| {
        b.iter(|| black_box(&mx).mean_over(Axis::<1>))
    });
    g.bench_function("mean axis 1/dyn", |b| {
        b.iter(|| black_box(&dy).mean_dims(&[1], false))
    });
    g.bench_function("mean axis 1/ndarray", |b| {
        b.iter(|| black_box(&nd).mean_axis(NdAxis(1)))
    });
    g.finish();
}

fn softmax(c: &mut Criterion) {
    let mut g = setup(c, "softmax [Dyn,1024] x4096");
    const R: usize = 4096;
    let mx = Tensor::<f32, shape![Dyn, 1024]>::from_vec(data(R * 1024), &[R]).unwrap();
    let nd = Array2::from_shape_vec((R, 1024), data(R * 1024)).unwrap();
    g.bench_function("shaped", |b| b.iter(|| black_box(&mx).softmax(Axis::<1>)));
    g.bench_function("ndarray by hand", |b| {
        b.iter(|| {
            let a = black_box(&nd);
            let mut out = Array2::<f32>::zeros(a.raw_dim());
            for (row, mut o) in a.rows().into_iter().zip(out.rows_mut()) {
                let m = row.fold(f32::NEG_INFINITY, |m, &x| m.max(x));
                o.zip_mut_with(&row, |o, &x| *o = (x - m).exp());
                let s = o.sum();
                o.mapv_inplace(|v| v / s);
            }
            out
        })
    });
    g.finish();
}

criterion_group!(benches, small_4_3, small_5_3_4, large, softmax);
criterion_main!(benches);
