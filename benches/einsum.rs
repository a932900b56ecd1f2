//! einsum side by side in one run (f32): `bij,bjk->bik` against `matmul`
//! on the same operands (the same batched product), `ij,ij->i`, `ii->i`
//! and attention scores `bhqd,bhkd->bhqk` against ndarray written by hand.
//! Each pair computes the same result from the same operands.
//!
//! Run with `cargo bench --bench einsum`.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use ndarray::{Array1, Array2, Array4, Zip};
use shaped::{DynTensor, Tensor, einsum, shape};
use std::time::Duration;

fn data(n: usize) -> Vec<f32> {
    (0..n).map(|i| (i % 17) as f32 * 0.25 - 2.0).collect()
}

fn dyn_tensor(shape: &[usize]) -> DynTensor<f32> {
    DynTensor::from_vec(data(shape.iter().product()), shape).unwrap()
}

fn batched(c: &mut Criterion) {
    let mut g = c.benchmark_group("einsum bij,bjk->bik");
    for (b, n) in [(16, 32), (8, 128)] {
        let x = dyn_tensor(&[b, n, n]);
        let y = dyn_tensor(&[b, n, n]);
        assert_eq!(einsum("bij,bjk->bik", &[&x, &y]).unwrap(), x.matmul(&y));
        g.bench_function(format!("{b}x{n}x{n} einsum"), |bn| {
            bn.iter(|| einsum("bij,bjk->bik", &[black_box(&x), black_box(&y)]).unwrap())
        });
        g.bench_function(format!("{b}x{n}x{n} matmul"), |bn| {
            bn.iter(|| black_box(&x).matmul(black_box(&y)))
        });
    }
    let xs = Tensor::<f32, shape![8, 128, 128]>::from_slice(&data(8 * 128 * 128)).unwrap();
    g.bench_function("8x128x128 einsum! static", |bn| {
        bn.iter(|| {
            let (p, q) = (black_box(&xs), black_box(&xs));
            shaped::einsum!("bij,bjk->bik", p, q)
        })
    });
    g.bench_function("8x128x128 matmul static", |bn| {
        bn.iter(|| black_box(&xs).matmul(black_box(&xs)))
    });
    g.finish();
}

fn row_dots(c: &mut Criterion) {
    let mut g = c.benchmark_group("einsum ij,ij->i");
    let (m, n) = (512, 512);
    let x = dyn_tensor(&[m, n]);
    let y = dyn_tensor(&[m, n]);
    let xa = Array2::from_shape_vec((m, n), data(m * n)).unwrap();
    let ya = xa.clone();
    let hand = |a: &Array2<f32>, b: &Array2<f32>| {
        let mut out = Array1::<f32>::zeros(a.nrows());
        Zip::from(&mut out)
            .and(a.rows())
            .and(b.rows())
            .for_each(|o, r, q| *o = r.dot(&q));
        out
    };
    let want = hand(&xa, &ya);
    let got = einsum("ij,ij->i", &[&x, &y]).unwrap().to_vec();
    assert!(
        got.iter()
            .zip(want.iter())
            .all(|(p, q)| (p - q).abs() <= 1e-3 * q.abs().max(1.0))
    );
    g.bench_function("512x512 einsum", |b| {
        b.iter(|| einsum("ij,ij->i", &[black_box(&x), black_box(&y)]).unwrap())
    });
    g.bench_function("512x512 ndarray", |b| {
        b.iter(|| hand(black_box(&xa), black_box(&ya)))
    });
    g.finish();
}

fn diagonal(c: &mut Criterion) {
    let mut g = c.benchmark_group("einsum ii->i");
    let n = 1024;
    let x = dyn_tensor(&[n, n]);
    let xa = Array2::from_shape_vec((n, n), data(n * n)).unwrap();
    assert_eq!(einsum("ii->i", &[&x]).unwrap().to_vec(), xa.diag().to_vec());
    g.bench_function("1024x1024 einsum", |b| {
        b.iter(|| einsum("ii->i", &[black_box(&x)]).unwrap())
    });
    g.bench_function("1024x1024 ndarray", |b| {
        b.iter(|| black_box(&xa).diag().to_owned())
    });
    g.finish();
}

fn attention(c: &mut Criterion) {
    let mut g = c.benchmark_group("einsum bhqd,bhkd->bhqk");
    let (b, h, q, k, d) = (2, 8, 128, 128, 64);
    let x = dyn_tensor(&[b, h, q, d]);
    let y = dyn_tensor(&[b, h, k, d]);
    let xa = Array4::from_shape_vec((b, h, q, d), data(b * h * q * d)).unwrap();
    let ya = Array4::from_shape_vec((b, h, k, d), data(b * h * k * d)).unwrap();
    let hand = |x: &Array4<f32>, y: &Array4<f32>| {
        let mut out = Array4::<f32>::zeros((b, h, q, k));
        for (mut o, (xb, yb)) in out.outer_iter_mut().zip(x.outer_iter().zip(y.outer_iter())) {
            for (mut oh, (xh, yh)) in o.outer_iter_mut().zip(xb.outer_iter().zip(yb.outer_iter())) {
                oh.assign(&xh.dot(&yh.t()));
            }
        }
        out
    };
    let want = hand(&xa, &ya);
    let got = einsum("bhqd,bhkd->bhqk", &[&x, &y]).unwrap().to_vec();
    assert!(
        got.iter()
            .zip(want.iter())
            .all(|(p, q)| (p - q).abs() <= 1e-3 * q.abs().max(1.0))
    );
    g.bench_function("2x8x128x64 einsum", |bn| {
        bn.iter(|| einsum("bhqd,bhkd->bhqk", &[black_box(&x), black_box(&y)]).unwrap())
    });
    g.bench_function("2x8x128x64 ndarray", |bn| {
        bn.iter(|| hand(black_box(&xa), black_box(&ya)))
    });
    g.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

criterion_group! {
    name = benches;
    config = config();
    targets = batched, row_dots, diagonal, attention
}
criterion_main!(benches);
