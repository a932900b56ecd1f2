//! Causal attention over a runtime batch, written the way the guide writes
//! it, side by side with the same computation as an ndarray loop (per
//! batch `dot`, mask, row softmax, `dot`), in one run:
//!
//! - `attention`: batch 64, sequence 16, width 32, `f32`;
//! - `softmax` and `logsumexp`: over the last axis of `[1024, 16]` and
//!   `[64, 1024]`, against a hand loop over the rows of the slice;
//! - `row sums`: `sum_over(AxisFromEnd::<1>)`, `max_over` and `mean_over`
//!   of `[1024, 16]`, against a hand loop.
//!
//! Run with `cargo bench --bench attention`.

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, black_box, criterion_group, criterion_main};
use ndarray::{Array2, Array3, Axis as NdAxis};
use shaped::{AxisFromEnd, Dyn, Mask, Tensor, shape};
use std::time::Duration;

const B: usize = 64;
const L: usize = 16;
const D: usize = 32;

fn data(n: usize, seed: usize) -> Vec<f32> {
    (0..n)
        .map(|i| ((i * 37 + seed * 11) % 251) as f32 * 0.004 - 0.5)
        .collect()
}

fn setup<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(2000))
        .sample_size(40);
    g
}

type Seq = shape![Dyn, 16, 32];

/// The guide's attention: scores through a zero-copy transpose of `k`'s
/// last two axes, the causal mask filled with `-inf`, softmax over the
/// last axis, then `P V`.
fn attention_shaped(
    q: &Tensor<f32, Seq>,
    k: &Tensor<f32, Seq>,
    v: &Tensor<f32, Seq>,
    causal: &Mask<shape![16, 16]>,
) -> Tensor<f32, Seq> {
    let scale = 1.0 / (D as f32).sqrt();
    let scores = q.matmul(&k.view().transpose(AxisFromEnd::<2>, AxisFromEnd::<1>)) * scale;
    scores
        .masked_fill(causal, f32::NEG_INFINITY)
        .softmax(AxisFromEnd::<1>)
        .matmul(v)
}

/// The same with ndarray: per batch `q k^T`, the mask, a row softmax, `p v`.
fn attention_ndarray(q: &Array3<f32>, k: &Array3<f32>, v: &Array3<f32>) -> Array3<f32> {
    let scale = 1.0 / (D as f32).sqrt();
    let mut out = Array3::<f32>::zeros((B, L, D));
    for b in 0..B {
        let (qb, kb, vb) = (
            q.index_axis(NdAxis(0), b),
            k.index_axis(NdAxis(0), b),
            v.index_axis(NdAxis(0), b),
        );
        let mut s = qb.dot(&kb.t());
        for (i, mut row) in s.axis_iter_mut(NdAxis(0)).enumerate() {
            let row = row.as_slice_mut().unwrap();
            let mut m = f32::NEG_INFINITY;
            for (j, x) in row.iter_mut().enumerate() {
                *x = if j > i { f32::NEG_INFINITY } else { *x * scale };
                m = m.max(*x);
            }
            let mut sum = 0.0;
            for x in row.iter_mut() {
                *x = (*x - m).exp();
                sum += *x;
            }
            let inv = 1.0 / sum;
            row.iter_mut().for_each(|x| *x *= inv);
        }
        out.index_axis_mut(NdAxis(0), b).assign(&s.dot(&vb));
    }
    out
}

fn attention(c: &mut Criterion) {
    let mut g = setup(c, "causal attention [64, 16, 32] f32");
    let (qv, kv, vv) = (data(B * L * D, 1), data(B * L * D, 2), data(B * L * D, 3));
    let q = Tensor::<f32, Seq>::from_vec(qv.clone(), &[B]).unwrap();
    let k = Tensor::<f32, Seq>::from_vec(kv.clone(), &[B]).unwrap();
    let v = Tensor::<f32, Seq>::from_vec(vv.clone(), &[B]).unwrap();
    // Row i may look at columns j <= i: the mask is where j > i.
    let causal = Tensor::<i32, shape![16, 16]>::from_fn(|i| (i % L > i / L) as i32).gt(0);
    let qa = Array3::from_shape_vec((B, L, D), qv).unwrap();
    let ka = Array3::from_shape_vec((B, L, D), kv).unwrap();
    let va = Array3::from_shape_vec((B, L, D), vv).unwrap();
    // Same answer, before timing anything.
    let (x, y) = (
        attention_shaped(&q, &k, &v, &causal),
        attention_ndarray(&qa, &ka, &va),
    );
    let worst = x
        .as_slice()
        .iter()
        .zip(y.as_slice().unwrap())
        .map(|(a, b)| (a - b).abs())
        .fold(0.0f32, f32::max);
    assert!(worst < 1e-5, "shaped and ndarray differ by {worst}");
    g.bench_function("shaped", |bn| {
        bn.iter(|| attention_shaped(black_box(&q), black_box(&k), black_box(&v), &causal))
    });
    g.bench_function("ndarray loop", |bn| {
        bn.iter(|| attention_ndarray(black_box(&qa), black_box(&ka), black_box(&va)))
    });
    g.finish();
}

/// A row softmax by hand over the rows of a slice: max, `exp` and sum, scale.
fn softmax_hand(x: &[f32], row: usize) -> Vec<f32> {
    let mut out = x.to_vec();
    for r in out.chunks_mut(row) {
        let m = r.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let mut s = 0.0;
        for v in r.iter_mut() {
            *v = (*v - m).exp();
            s += *v;
        }
        let inv = 1.0 / s;
        r.iter_mut().for_each(|v| *v *= inv);
    }
    out
}

fn softmax(c: &mut Criterion) {
    for (rows, cols) in [(1024usize, 16usize), (64, 1024)] {
        let mut g = setup(c, &format!("softmax [{rows}, {cols}] f32"));
        let x = data(rows * cols, 4);
        let t = Tensor::<f32, shape![Dyn, Dyn]>::from_vec(x.clone(), &[rows, cols]).unwrap();
        g.bench_function("shaped", |bn| {
            bn.iter(|| black_box(&t).softmax(AxisFromEnd::<1>))
        });
        g.bench_function("hand", |bn| bn.iter(|| softmax_hand(black_box(&x), cols)));
        g.bench_function("logsumexp/shaped", |bn| {
            bn.iter(|| black_box(&t).logsumexp_over(AxisFromEnd::<1>))
        });
        g.bench_function("logsumexp/hand", |bn| {
            bn.iter(|| {
                black_box(&x)
                    .chunks_exact(cols)
                    .map(|r| {
                        let m = r.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                        m + r.iter().map(|v| (v - m).exp()).sum::<f32>().ln()
                    })
                    .collect::<Vec<_>>()
            })
        });
        g.finish();
    }
}

fn row_reductions(c: &mut Criterion) {
    let mut g = setup(c, "row reductions [1024, 16] f32");
    let x = data(1024 * 16, 5);
    let t = Tensor::<f32, shape![Dyn, 16]>::from_vec(x.clone(), &[1024]).unwrap();
    let a = Array2::from_shape_vec((1024, 16), x.clone()).unwrap();
    g.bench_function("sum/shaped", |bn| {
        bn.iter(|| black_box(&t).sum_over(AxisFromEnd::<1>))
    });
    g.bench_function("sum/hand", |bn| {
        bn.iter(|| {
            black_box(&x)
                .chunks_exact(16)
                .map(|r| r.iter().sum::<f32>())
                .collect::<Vec<_>>()
        })
    });
    g.bench_function("sum/ndarray", |bn| {
        bn.iter(|| black_box(&a).sum_axis(NdAxis(1)))
    });
    g.bench_function("max/shaped", |bn| {
        bn.iter(|| black_box(&t).max_over(AxisFromEnd::<1>))
    });
    g.bench_function("max/hand", |bn| {
        bn.iter(|| {
            black_box(&x)
                .chunks_exact(16)
                .map(|r| r.iter().copied().fold(f32::NEG_INFINITY, f32::max))
                .collect::<Vec<_>>()
        })
    });
    g.bench_function("mean/shaped", |bn| {
        bn.iter(|| black_box(&t).mean_over(AxisFromEnd::<1>))
    });
    g.bench_function("mean/hand", |bn| {
        bn.iter(|| {
            black_box(&x)
                .chunks_exact(16)
                .map(|r| r.iter().sum::<f32>() / 16.0)
                .collect::<Vec<_>>()
        })
    });
    g.finish();
}

criterion_group!(benches, attention, softmax, row_reductions);
criterion_main!(benches);
