//! One training step (forward, cross-entropy from logits and class
//! indices, backward, SGD with lr 0.1) of the 64-32-10 perceptron at
//! batch 64 and of 784-256-10 at batch 128, f32, in one run: `shaped`
//! with autograd, `shaped` by hand (both from `benches/common/mlp_step.rs`),
//! dfdx 0.13 and candle 0.11 on the CPU. All four start from the same
//! weights and data; their losses over three steps agree to 1e-4
//! (checked before timing).
//!
//! ```sh
//! cd benches/peers && RAYON_NUM_THREADS=1 cargo bench
//! ```
//!
//! Two runs on a shared 2-core Intel Xeon at load average 9-10 (medians;
//! criterion's estimates):
//!
//! | step | shaped autograd | shaped by hand | dfdx 0.13 | candle 0.11 |
//! |---|---|---|---|---|
//! | 64-32-10, batch 64 | 58.4 / 57.5 µs | 56.1 / 62.2 µs | 94.2 / 96.8 µs | 169.5 / 179.1 µs |
//! | 784-256-10, batch 128 | 3.00 / 3.07 ms | 3.22 / 3.47 ms | 6.51 / 6.76 ms | 6.48 / 5.99 ms |

use candle_core::{DType, Device, Module, Tensor as CTensor, Var as CVar};
use candle_nn::{Linear as CLinear, Optimizer as _, SGD};
use criterion::{Criterion, black_box, criterion_group, criterion_main};
use dfdx::prelude::*;
use shaped::autograd::Sgd as ShapedSgd;
use std::time::Duration;

#[path = "../../common/mlp_step.rs"]
mod mlp_step;

/// A row-major [rows, cols] matrix transposed (dfdx and candle keep a
/// linear layer's weight as [out, in], PyTorch's convention).
fn transposed(w: &[f32], rows: usize, cols: usize) -> Vec<f32> {
    (0..cols * rows)
        .map(|k| w[(k % rows) * cols + k / rows])
        .collect()
}

macro_rules! peers {
    ($c:expr, $m:ident, $name:literal) => {{
        use mlp_step::$m::*;
        let (x, y) = batch();
        let [w1, b1, w2, b2] = init();

        // shaped
        let (mut a, mut h) = (model(), hand());
        let (xa, xh) = (input(&x), hand_input(&x));
        let mut opt = ShapedSgd::new(0.1);

        // dfdx
        type DMlp = (
            Linear<{ IN }, { HIDDEN }>,
            ReLU,
            Linear<{ HIDDEN }, { OUT }>,
        );
        let dev = Cpu::default();
        let mut dm = dev.build_module::<DMlp, f32>();
        dm.0.weight.copy_from(&transposed(&w1, IN, HIDDEN));
        dm.0.bias.copy_from(&b1);
        dm.2.weight.copy_from(&transposed(&w2, HIDDEN, OUT));
        dm.2.bias.copy_from(&b2);
        let mut dgrads = Some(dm.alloc_grads());
        let mut dopt = dfdx::optim::Sgd::new(
            &dm,
            SgdConfig {
                lr: 0.1,
                momentum: None,
                weight_decay: None,
            },
        );
        let dx = dev.tensor_from_vec(x.clone(), (Const::<{ BATCH }>, Const::<{ IN }>));
        let mut onehot = vec![0.0f32; BATCH * OUT];
        for (r, &t) in y.iter().enumerate() {
            onehot[r * OUT + t] = 1.0;
        }
        let dy = dev.tensor_from_vec(onehot, (Const::<{ BATCH }>, Const::<{ OUT }>));
        let mut dfdx_step = || {
            let g = dgrads.take().unwrap();
            let logits = dm.forward_mut(dx.clone().traced(g));
            let loss = cross_entropy_with_logits_loss(logits, dy.clone());
            let l = loss.array();
            let mut g = loss.backward();
            dopt.update(&mut dm, &g).unwrap();
            dm.zero_grads(&mut g);
            dgrads = Some(g);
            l
        };

        // candle
        let cpu = Device::Cpu;
        let cw1 = CVar::from_vec(transposed(&w1, IN, HIDDEN), (HIDDEN, IN), &cpu).unwrap();
        let cb1 = CVar::from_vec(b1.clone(), HIDDEN, &cpu).unwrap();
        let cw2 = CVar::from_vec(transposed(&w2, HIDDEN, OUT), (OUT, HIDDEN), &cpu).unwrap();
        let cb2 = CVar::from_vec(b2.clone(), OUT, &cpu).unwrap();
        let l1 = CLinear::new(cw1.as_tensor().clone(), Some(cb1.as_tensor().clone()));
        let l2 = CLinear::new(cw2.as_tensor().clone(), Some(cb2.as_tensor().clone()));
        let mut copt = SGD::new(
            vec![cw1.clone(), cb1.clone(), cw2.clone(), cb2.clone()],
            0.1,
        )
        .unwrap();
        let cx = CTensor::from_vec(x.clone(), (BATCH, IN), &cpu).unwrap();
        let cy = CTensor::from_vec(y.iter().map(|&t| t as u32).collect::<Vec<_>>(), BATCH, &cpu)
            .unwrap();
        let mut candle_step = || {
            let logits = l2
                .forward(&l1.forward(&cx).unwrap().relu().unwrap())
                .unwrap();
            let loss = candle_nn::loss::cross_entropy(&logits, &cy).unwrap();
            copt.backward_step(&loss).unwrap();
            loss.to_dtype(DType::F32)
                .unwrap()
                .to_scalar::<f32>()
                .unwrap()
        };

        for i in 0..3 {
            let la = step(&mut a, &xa, &y, &mut opt);
            let lh = hand_step(&mut h, &xh, &y, 0.1);
            let (ld, lc) = (dfdx_step(), candle_step());
            for (who, l) in [("by hand", lh), ("dfdx", ld), ("candle", lc)] {
                assert!(
                    (la - l).abs() < 1e-4,
                    "step {i}: autograd {la} vs {who} {l}"
                );
            }
        }

        let mut g = $c.benchmark_group($name);
        g.warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(3))
            .sample_size(30);
        g.bench_function("shaped autograd", |b| {
            b.iter(|| black_box(step(&mut a, &xa, &y, &mut opt)))
        });
        g.bench_function("shaped by hand", |b| {
            b.iter(|| black_box(hand_step(&mut h, &xh, &y, 0.1)))
        });
        g.bench_function("dfdx", |b| b.iter(|| black_box(dfdx_step())));
        g.bench_function("candle", |b| b.iter(|| black_box(candle_step())));
        g.finish();
    }};
}

fn steps(c: &mut Criterion) {
    peers!(c, small, "mlp step 64-32-10 batch 64");
    peers!(c, large, "mlp step 784-256-10 batch 128");
}

criterion_group!(benches, steps);
criterion_main!(benches);
