//! Named static dimensions against the same work written positionally, in
//! one run: the seed's `img + lbl` (scaled to [8, 3, 64, 64] (?, CHANNEL, H,
//! W) + [8, 64, 64] (?, H, W)), and the same sum with `lbl` permuted to
//! (?, W, H), which costs a copy. Side by side: the static positional
//! `[8, 3, 64, 64] + [8, 1, 64, 64]`, named `DynTensor`s, ndarray (`lbl`
//! with an inserted axis) and a hand-written loop. Also a small shape,
//! `[4, H: 3] + [H: 3]`, where the bookkeeping shows.
//!
//! Run with `cargo bench --bench named`.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use ndarray::{Array3, Array4, Axis};
use shaped::{Tensor, dim_names, shape};
use std::time::Duration;

dim_names!(CHANNEL, H, W);

const B: usize = 8;
const C: usize = 3;
const N: usize = 64;

type Img = shape![B, CHANNEL: C, H: N, W: N];
type Lbl = shape![B, H: N, W: N];
type LblWh = shape![B, W: N, H: N];

fn data(n: usize) -> Vec<f32> {
    (0..n).map(|i| (i % 251) as f32 * 0.5).collect()
}

fn img_plus_lbl(c: &mut Criterion) {
    let mut g = c.benchmark_group("img+lbl [8,3,64,64]+[8,64,64]");
    g.warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1500))
        .sample_size(30);
    let (xi, xl) = (data(B * C * N * N), data(B * N * N));

    let img = Tensor::<f32, Img>::from_slice(&xi).unwrap();
    let lbl = Tensor::<f32, Lbl>::from_slice(&xl).unwrap();
    g.bench_function("static named", |bn| {
        bn.iter(|| black_box(&img) + black_box(&lbl))
    });
    let lbl_wh = Tensor::<f32, LblWh>::from_slice(&xl).unwrap();
    g.bench_function("static named, lbl (?, W, H)", |bn| {
        bn.iter(|| black_box(&img) + black_box(&lbl_wh))
    });

    let pimg = Tensor::<f32, shape![B, C, N, N]>::from_slice(&xi).unwrap();
    let plbl = Tensor::<f32, shape![B, 1, N, N]>::from_slice(&xl).unwrap();
    g.bench_function("static positional [8,1,64,64]", |bn| {
        bn.iter(|| black_box(&pimg) + black_box(&plbl))
    });

    let dimg = img.clone().into_dyn();
    let dlbl = lbl.clone().into_dyn();
    g.bench_function("DynTensor named", |bn| {
        bn.iter(|| black_box(&dimg) + black_box(&dlbl))
    });

    let aimg = Array4::from_shape_vec((B, C, N, N), xi.clone()).unwrap();
    let albl = Array3::from_shape_vec((B, N, N), xl.clone()).unwrap();
    g.bench_function("ndarray insert_axis", |bn| {
        bn.iter(|| black_box(&aimg) + &black_box(&albl).view().insert_axis(Axis(1)))
    });

    g.bench_function("hand loop", |bn| {
        bn.iter(|| {
            let (a, l) = (black_box(&xi), black_box(&xl));
            let mut out = Vec::with_capacity(a.len());
            for b in 0..B {
                for ch in 0..C {
                    let ai = &a[(b * C + ch) * N * N..][..N * N];
                    let li = &l[b * N * N..][..N * N];
                    out.extend(ai.iter().zip(li).map(|(x, y)| x + y));
                }
            }
            out
        })
    });
    g.finish();
}

/// A small shape, where the static positional path unrolls and the named
/// path pays the runtime rule's bookkeeping.
fn small(c: &mut Criterion) {
    let mut g = c.benchmark_group("small [4,H:3]+[H:3]");
    g.warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1500))
        .sample_size(30);
    let a = Tensor::<f32, shape![4, H: 3]>::from_slice(&data(12)).unwrap();
    let b = Tensor::<f32, shape![H: 3]>::from_slice(&data(3)).unwrap();
    g.bench_function("static named", |bn| {
        bn.iter(|| black_box(&a) + black_box(&b))
    });
    let (pa, pb) = (a.drop_names(), b.drop_names());
    g.bench_function("static positional", |bn| {
        bn.iter(|| black_box(&pa) + black_box(&pb))
    });
    let (da, db) = (a.into_dyn(), b.into_dyn());
    g.bench_function("DynTensor named", |bn| {
        bn.iter(|| black_box(&da) + black_box(&db))
    });
    g.finish();
}

criterion_group!(benches, img_plus_lbl, small);
criterion_main!(benches);
