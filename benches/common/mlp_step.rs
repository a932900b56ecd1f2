//! One training step of a two-layer perceptron (forward, cross-entropy,
//! backward, SGD), written twice on `shaped`: with `shaped::autograd`
//! and with the backward pass by hand. Shared by `benches/autograd.rs`
//! and the peer comparison (`benches/peers`), so both time the same code.
//! The sizes are those of issue 55: 64-32-10 at batch 64 and 784-256-10
//! at batch 128.

#![allow(dead_code)]

/// Deterministic values in [-scale, scale).
pub fn data(n: usize, seed: u64, scale: f32) -> Vec<f32> {
    let mut s = seed;
    (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((s >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * scale
        })
        .collect()
}

macro_rules! mlp_sizes {
    ($name:ident: $in:literal, $hidden:literal, $out:literal, batch $batch:literal) => {
        pub mod $name {
            use shaped::autograd::{Optimizer, Parameters, Sgd, Var};
            use shaped::{Axis, Dyn, Tensor, parameters, shape};

            pub const IN: usize = $in;
            pub const HIDDEN: usize = $hidden;
            pub const OUT: usize = $out;
            pub const BATCH: usize = $batch;

            /// The weights, row-major: w1 [IN, HIDDEN], b1, w2 [HIDDEN, OUT], b2.
            pub fn init() -> [Vec<f32>; 4] {
                [
                    super::data(IN * HIDDEN, 1, (1.0 / IN as f32).sqrt()),
                    vec![0.0; HIDDEN],
                    super::data(HIDDEN * OUT, 2, (1.0 / HIDDEN as f32).sqrt()),
                    vec![0.0; OUT],
                ]
            }
            /// The inputs [BATCH, IN] and the class of each row.
            pub fn batch() -> (Vec<f32>, Vec<usize>) {
                let x = super::data(BATCH * IN, 3, 1.0);
                let y = (0..BATCH).map(|i| (i * 7) % OUT).collect();
                (x, y)
            }

            // ---- with autograd: the model and its step --------------------
            pub struct Mlp {
                pub w1: Var<f32, shape![$in, $hidden]>,
                pub b1: Var<f32, shape![$hidden]>,
                pub w2: Var<f32, shape![$hidden, $out]>,
                pub b2: Var<f32, shape![$out]>,
            }
            parameters!(Mlp<f32> { w1, b1, w2, b2 });

            pub fn step(m: &mut Mlp, x: &Var<f32, shape![Dyn, $in]>, y: &[usize], opt: &mut Sgd<f32>) -> f32 {
                m.zero_grad();
                let h = (x.matmul(&m.w1) + &m.b1).relu();
                let loss = (h.matmul(&m.w2) + &m.b2).cross_entropy(y);
                loss.backward();
                opt.step(m);
                loss.item()
            }
            // ---- end of the model and its step ----------------------------

            pub fn model() -> Mlp {
                let [w1, b1, w2, b2] = init();
                Mlp {
                    w1: Var::param(Tensor::from_slice(&w1).unwrap()),
                    b1: Var::param(Tensor::from_slice(&b1).unwrap()),
                    w2: Var::param(Tensor::from_slice(&w2).unwrap()),
                    b2: Var::param(Tensor::from_slice(&b2).unwrap()),
                }
            }
            pub fn input(x: &[f32]) -> Var<f32, shape![Dyn, $in]> {
                Var::constant(Tensor::from_vec(x.to_vec(), &[x.len() / IN]).unwrap())
            }

            /// The same model with the backward pass written by hand.
            pub struct Hand {
                pub w1: Tensor<f32, shape![$in, $hidden]>,
                pub b1: Tensor<f32, shape![$hidden]>,
                pub w2: Tensor<f32, shape![$hidden, $out]>,
                pub b2: Tensor<f32, shape![$out]>,
            }

            pub fn hand() -> Hand {
                let [w1, b1, w2, b2] = init();
                Hand {
                    w1: Tensor::from_slice(&w1).unwrap(),
                    b1: Tensor::from_slice(&b1).unwrap(),
                    w2: Tensor::from_slice(&w2).unwrap(),
                    b2: Tensor::from_slice(&b2).unwrap(),
                }
            }
            pub fn hand_input(x: &[f32]) -> Tensor<f32, shape![Dyn, $in]> {
                Tensor::from_vec(x.to_vec(), &[x.len() / IN]).unwrap()
            }

            pub fn hand_step(m: &mut Hand, x: &Tensor<f32, shape![Dyn, $in]>, y: &[usize], lr: f32) -> f32 {
                let z1: Tensor<f32, shape![Dyn, $hidden]> = x.matmul(&m.w1) + &m.b1;
                let h = z1.relu();
                let logits: Tensor<f32, shape![Dyn, $out]> = h.matmul(&m.w2) + &m.b2;
                let n = y.len();
                // The loss and its gradient (softmax - one_hot) / n, row by row.
                let mut dl = logits.log_softmax(Axis::<1>);
                let mut loss = 0.0;
                for (row, &t) in dl.as_mut_slice().chunks_mut(OUT).zip(y) {
                    loss -= row[t];
                    for v in row.iter_mut() {
                        *v = v.exp() / n as f32;
                    }
                    row[t] -= 1.0 / n as f32;
                }
                let gw2 = h.t().matmul(&dl);
                let gb2 = dl.sum_over(Axis::<0>);
                let mut dh = dl.matmul(&m.w2.t());
                for (d, &z) in dh.as_mut_slice().iter_mut().zip(z1.as_slice()) {
                    if z <= 0.0 {
                        *d = 0.0;
                    }
                }
                let gw1 = x.t().matmul(&dh);
                let gb1 = dh.sum_over(Axis::<0>);
                m.w1 -= &(gw1 * lr);
                m.b1 -= &(gb1 * lr);
                m.w2 -= &(gw2 * lr);
                m.b2 -= &(gb2 * lr);
                loss / n as f32
            }
        }
    };
}

mlp_sizes!(small: 64, 32, 10, batch 64);
mlp_sizes!(large: 784, 256, 10, batch 128);
