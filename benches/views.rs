//! Views as operands, side by side with ndarray and a hand loop, in one run:
//!
//! - `[1024, 1024]` transposed view + a contiguous tensor (`&a.t() + &b`);
//! - a slice of rows (`s![256..768, ..]`) and a slice of columns
//!   (`s![.., 256..768]`) of `[1024, 1024]` added to a tensor of the
//!   slice's shape;
//! - a contiguous view of a whole tensor + a tensor, against the tensor
//!   itself (a contiguous view runs at a tensor's speed);
//! - iterating the rows of `[4096, 64]` and summing each, against a hand
//!   loop over the slice's chunks;
//! - reductions of a slice of columns of `[1024, 1024]` over each axis,
//!   read in place, against the same on a contiguous copy (what views did
//!   before), ndarray's `sum_axis` and a hand loop;
//! - `sum()` of a slice of columns and of a transpose of `[1024, 1024]`,
//!   read in place through the strides (in memory order), against the
//!   same on a copy and ndarray's `sum()`, and `sum_dims` over each axis
//!   of the transpose against ndarray's `sum_axis`;
//! - a named view plus a tensor whose names are in the other order, by
//!   name, against the same on a copy of the view (what views did before);
//! - a view with its columns reversed (`s![.., ..;-1]`, a negative stride)
//!   copied (`to_owned`), summed, and added to a tensor, against ndarray's
//!   `s![.., ..;-1]` and a hand loop.
//!
//! Run with `cargo bench --bench views`.

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, black_box, criterion_group, criterion_main};
use ndarray::{Array2, Axis, s as nd_s};
use shaped::{DynTensor, s};
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

const N: usize = 1024;

fn transposed(c: &mut Criterion) {
    let mut g = setup(c, "[1024,1024] a.t() + b");
    let (a, b) = (
        data(N * N),
        data(N * N).into_iter().rev().collect::<Vec<_>>(),
    );
    let (ta, tb) = (
        DynTensor::from_vec(a.clone(), &[N, N]).unwrap(),
        DynTensor::from_vec(b.clone(), &[N, N]).unwrap(),
    );
    let (na, nb) = (
        Array2::from_shape_vec((N, N), a.clone()).unwrap(),
        Array2::from_shape_vec((N, N), b.clone()).unwrap(),
    );
    g.bench_function("shaped", |bn| {
        bn.iter(|| &black_box(&ta).t() + black_box(&tb))
    });
    g.bench_function("ndarray", |bn| {
        bn.iter(|| &black_box(&na).t() + black_box(&nb))
    });
    g.bench_function("hand", |bn| {
        bn.iter(|| {
            let (a, b) = (black_box(&a), black_box(&b));
            let mut out = Vec::with_capacity(N * N);
            for i in 0..N {
                for j in 0..N {
                    out.push(a[j * N + i] + b[i * N + j]);
                }
            }
            out
        })
    });
    g.finish();
}

fn slices(c: &mut Criterion) {
    let (a, m) = (data(N * N), N / 2);
    let ta = DynTensor::from_vec(a.clone(), &[N, N]).unwrap();
    let na = Array2::from_shape_vec((N, N), a.clone()).unwrap();
    let tb = DynTensor::from_vec(data(m * N), &[m, N]).unwrap();
    let nb = Array2::from_shape_vec((m, N), data(m * N)).unwrap();
    let tc = DynTensor::from_vec(data(N * m), &[N, m]).unwrap();
    let nc = Array2::from_shape_vec((N, m), data(N * m)).unwrap();

    let mut g = setup(c, "[1024,1024] rows 256..768 + b");
    g.bench_function("shaped", |bn| {
        bn.iter(|| &black_box(&ta).slice(s![256..768, ..]) + black_box(&tb))
    });
    g.bench_function("ndarray", |bn| {
        bn.iter(|| &black_box(&na).slice(nd_s![256..768, ..]) + black_box(&nb))
    });
    g.bench_function("hand", |bn| {
        bn.iter(|| {
            let (a, b) = (black_box(&a), black_box(tb.as_slice()));
            let mut out = Vec::with_capacity(m * N);
            out.extend(a[256 * N..768 * N].iter().zip(b).map(|(x, y)| x + y));
            out
        })
    });
    g.finish();

    let mut g = setup(c, "[1024,1024] cols 256..768 + c");
    g.bench_function("shaped", |bn| {
        bn.iter(|| &black_box(&ta).slice(s![.., 256..768]) + black_box(&tc))
    });
    g.bench_function("ndarray", |bn| {
        bn.iter(|| &black_box(&na).slice(nd_s![.., 256..768]) + black_box(&nc))
    });
    g.bench_function("hand", |bn| {
        bn.iter(|| {
            let (a, c) = (black_box(&a), black_box(tc.as_slice()));
            let mut out = Vec::with_capacity(N * m);
            for i in 0..N {
                let row = &a[i * N + 256..i * N + 768];
                out.extend(row.iter().zip(&c[i * m..(i + 1) * m]).map(|(x, y)| x + y));
            }
            out
        })
    });
    g.finish();

    let mut g = setup(c, "[1024,1024] contiguous view + b");
    let tb = DynTensor::from_vec(data(N * N), &[N, N]).unwrap();
    g.bench_function("view", |bn| {
        bn.iter(|| &black_box(&ta).view() + black_box(&tb))
    });
    g.bench_function("tensor", |bn| bn.iter(|| black_box(&ta) + black_box(&tb)));
    g.finish();
}

fn rows(c: &mut Criterion) {
    let mut g = setup(c, "[4096,64] rows summed");
    let (r, k) = (4096, 64);
    let a = data(r * k);
    let t = DynTensor::from_vec(a.clone(), &[r, k]).unwrap();
    let na = Array2::from_shape_vec((r, k), a.clone()).unwrap();
    g.bench_function("shaped", |bn| {
        bn.iter(|| {
            black_box(&t)
                .rows()
                .map(|row| row.sum())
                .collect::<Vec<f32>>()
        })
    });
    g.bench_function("ndarray", |bn| {
        bn.iter(|| {
            black_box(&na)
                .rows()
                .into_iter()
                .map(|row| row.sum())
                .collect::<Vec<f32>>()
        })
    });
    g.bench_function("hand", |bn| {
        bn.iter(|| {
            black_box(&a)
                .chunks_exact(k)
                .map(|row| row.iter().sum())
                .collect::<Vec<f32>>()
        })
    });
    g.finish();
}

fn reductions(c: &mut Criterion) {
    let a = data(N * N);
    let ta = DynTensor::from_vec(a.clone(), &[N, N]).unwrap();
    let na = Array2::from_shape_vec((N, N), a.clone()).unwrap();
    for (axis, name) in [(1usize, "row sums"), (0, "column sums")] {
        let mut g = setup(c, &format!("[1024,1024] cols 256..768 {name}"));
        g.bench_function("view", |bn| {
            bn.iter(|| {
                black_box(&ta)
                    .slice(s![.., 256..768])
                    .sum_dims(&[axis], false)
                    .unwrap()
            })
        });
        g.bench_function("copy", |bn| {
            bn.iter(|| {
                black_box(&ta)
                    .slice(s![.., 256..768])
                    .to_owned()
                    .sum_dims(&[axis], false)
                    .unwrap()
            })
        });
        g.bench_function("ndarray", |bn| {
            bn.iter(|| {
                black_box(&na)
                    .slice(nd_s![.., 256..768])
                    .sum_axis(Axis(axis))
            })
        });
        g.bench_function("hand", |bn| {
            bn.iter(|| {
                let a = black_box(&a);
                if axis == 1 {
                    (0..N)
                        .map(|i| a[i * N + 256..i * N + 768].iter().sum())
                        .collect::<Vec<f32>>()
                } else {
                    let mut out = vec![0.0f32; 512];
                    for i in 0..N {
                        for (o, x) in out.iter_mut().zip(&a[i * N + 256..i * N + 768]) {
                            *o += x;
                        }
                    }
                    out
                }
            })
        });
        g.finish();
    }
}

fn whole_sums(c: &mut Criterion) {
    // `sum()` of views that are not contiguous, read in place through
    // their strides, against the same on a contiguous copy (what views did
    // before) and ndarray's `sum()`.
    let a = data(N * N);
    let ta = DynTensor::from_vec(a.clone(), &[N, N]).unwrap();
    let na = Array2::from_shape_vec((N, N), a).unwrap();
    let mut g = setup(c, "[1024,1024] cols 256..768 sum()");
    g.bench_function("view", |bn| {
        bn.iter(|| black_box(&ta).slice(s![.., 256..768]).sum())
    });
    g.bench_function("copy", |bn| {
        bn.iter(|| black_box(&ta).slice(s![.., 256..768]).to_owned().sum())
    });
    g.bench_function("ndarray", |bn| {
        bn.iter(|| black_box(&na).slice(nd_s![.., 256..768]).sum())
    });
    g.finish();
    let mut g = setup(c, "[1024,1024] a.t() sum()");
    g.bench_function("view", |bn| bn.iter(|| black_box(&ta).t().sum()));
    g.bench_function("copy", |bn| bn.iter(|| black_box(&ta).t().to_owned().sum()));
    g.bench_function("ndarray", |bn| bn.iter(|| black_box(&na).t().sum()));
    g.finish();
    // Over one axis of the transpose: axis 0 reads rows of memory as
    // slices, axis 1 adds rows of memory as lanes.
    for axis in [0usize, 1] {
        let mut g = setup(c, &format!("[1024,1024] a.t() sum_dims(&[{axis}])"));
        g.bench_function("view", |bn| {
            bn.iter(|| black_box(&ta).t().sum_dims(&[axis], false).unwrap())
        });
        g.bench_function("ndarray", |bn| {
            bn.iter(|| black_box(&na).t().sum_axis(Axis(axis)))
        });
        g.finish();
    }
}

fn named(c: &mut Criterion) {
    // Named views broadcast by name: `b`'s names are in the other order,
    // so aligning it permutes its axes (strides now, a copy before).
    let m = N / 2;
    let ta = DynTensor::from_vec(data(N * N), &[N, N])
        .unwrap()
        .with_names(["R", "C"])
        .unwrap();
    let tb = DynTensor::from_vec(data(N * m), &[N, m])
        .unwrap()
        .with_names(["C", "R"])
        .unwrap();
    let mut g = setup(c, "named [1024,1024] rows 256..768 + b by name");
    g.bench_function("view", |bn| {
        bn.iter(|| &black_box(&ta).slice(s![256..768, ..]) + &black_box(&tb).view())
    });
    g.bench_function("copy", |bn| {
        bn.iter(|| &black_box(&ta).slice(s![256..768, ..]).to_owned() + black_box(&tb))
    });
    g.finish();
}

fn reversed(c: &mut Criterion) {
    let a = data(N * N);
    let b = data(N * N).into_iter().rev().collect::<Vec<_>>();
    let ta = DynTensor::from_vec(a.clone(), &[N, N]).unwrap();
    let tb = DynTensor::from_vec(b.clone(), &[N, N]).unwrap();
    let na = Array2::from_shape_vec((N, N), a.clone()).unwrap();
    let nb = Array2::from_shape_vec((N, N), b.clone()).unwrap();
    let mut g = setup(c, "[1024,1024] cols reversed to_owned");
    g.bench_function("view", |bn| {
        bn.iter(|| black_box(&ta).slice(s![.., ..;-1]).to_owned())
    });
    g.bench_function("ndarray", |bn| {
        bn.iter(|| black_box(&na).slice(nd_s![.., ..;-1]).to_owned())
    });
    g.bench_function("hand", |bn| {
        bn.iter(|| {
            let a = black_box(&a);
            let mut out: Vec<f32> = Vec::with_capacity(N * N);
            for row in a.chunks_exact(N) {
                out.extend(row.iter().rev());
            }
            out
        })
    });
    g.finish();
    let mut g = setup(c, "[1024,1024] cols reversed sum()");
    g.bench_function("view", |bn| {
        bn.iter(|| black_box(&ta).slice(s![.., ..;-1]).sum())
    });
    g.bench_function("ndarray", |bn| {
        bn.iter(|| black_box(&na).slice(nd_s![.., ..;-1]).sum())
    });
    g.finish();
    let mut g = setup(c, "[1024,1024] cols reversed + b");
    g.bench_function("view", |bn| {
        bn.iter(|| &black_box(&ta).slice(s![.., ..;-1]) + &black_box(&tb).view())
    });
    g.bench_function("ndarray", |bn| {
        bn.iter(|| &black_box(&na).slice(nd_s![.., ..;-1]) + black_box(&nb))
    });
    g.bench_function("hand", |bn| {
        bn.iter(|| {
            let (a, b) = (black_box(&a), black_box(&b));
            let mut out = Vec::with_capacity(N * N);
            for (ra, rb) in a.chunks_exact(N).zip(b.chunks_exact(N)) {
                out.extend(ra.iter().rev().zip(rb).map(|(x, y)| x + y));
            }
            out
        })
    });
    g.finish();
}

criterion_group!(
    benches, transposed, slices, rows, reductions, whole_sums, named, reversed
);
criterion_main!(benches);
