//! A training step of a two-layer perceptron with `shaped::autograd`
//! against the same step with the backward pass written by hand in
//! `shaped` (`benches/common/mlp_step.rs`), in one run: 64-32-10 at batch 64 and
//! 784-256-10 at batch 128, f32, one thread. The peers (dfdx, candle) are
//! in `benches/peers`, a crate of its own.
//!
//! Run with `cargo bench --features autograd --bench autograd`.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use shaped::autograd::Sgd;
use std::time::Duration;

#[path = "common/mlp_step.rs"]
mod mlp_step;

macro_rules! bench_sizes {
    ($c:expr, $m:ident, $name:literal) => {{
        use mlp_step::$m::*;
        let (x, y) = batch();
        let mut g = $c.benchmark_group($name);
        g.warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(3))
            .sample_size(40);
        // The two steps compute the same losses.
        let (mut a, mut h) = (model(), hand());
        let (xa, xh) = (input(&x), hand_input(&x));
        let mut opt = Sgd::new(0.1);
        for _ in 0..3 {
            let (la, lh) = (
                step(&mut a, &xa, &y, &mut opt),
                hand_step(&mut h, &xh, &y, 0.1),
            );
            assert!((la - lh).abs() < 1e-5, "autograd {la} vs hand {lh}");
        }
        g.bench_function("autograd", |b| {
            b.iter(|| black_box(step(&mut a, &xa, &y, &mut opt)))
        });
        g.bench_function("by hand", |b| {
            b.iter(|| black_box(hand_step(&mut h, &xh, &y, 0.1)))
        });
        g.finish();
    }};
}

fn steps(c: &mut Criterion) {
    bench_sizes!(c, small, "mlp step 64-32-10 batch 64");
    bench_sizes!(c, large, "mlp step 784-256-10 batch 128");
}

criterion_group!(benches, steps);
criterion_main!(benches);
