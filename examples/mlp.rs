//! The forward pass of a two-layer perceptron over a runtime batch.
//!
//! ```sh
//! cargo run --example mlp          # a batch of 32
//! cargo run --example mlp -- 1000  # any batch size
//! ```
//!
//! The batch size is known only at run time; the feature sizes (4 inputs, 8
//! hidden units, 3 classes) are in the types, so every matrix product below
//! is checked by the compiler: `[Dyn, 4] @ [4, 8]` is `[Dyn, 8]`, and a
//! weight of the wrong shape does not compile. Each layer is a matrix
//! product plus a bias broadcast over the batch; the hidden layer goes
//! through `relu`, the output through `softmax` over the class axis.
//!
//! The weights come from a small fixed generator, so the run is the same
//! everywhere; the program checks its result against the same computation
//! written as plain loops over `Vec`s.

use std::error::Error;

use shaped::{Axis, Dyn, Tensor, shape};

const IN: usize = 4;
const HIDDEN: usize = 8;
const CLASSES: usize = 3;

/// The parameters of both layers.
struct Mlp {
    w1: Tensor<f32, shape![IN, HIDDEN]>,
    b1: Tensor<f32, shape![HIDDEN]>,
    w2: Tensor<f32, shape![HIDDEN, CLASSES]>,
    b2: Tensor<f32, shape![CLASSES]>,
}

impl Mlp {
    /// Class probabilities for each row of `x`.
    fn forward(&self, x: &Tensor<f32, shape![Dyn, IN]>) -> Tensor<f32, shape![Dyn, CLASSES]> {
        let hidden: Tensor<f32, shape![Dyn, HIDDEN]> = (x.matmul(&self.w1) + self.b1).relu();
        let logits: Tensor<f32, shape![Dyn, CLASSES]> = hidden.matmul(&self.w2) + self.b2;
        logits.softmax(Axis::<1>)
    }
}

/// A small deterministic generator of values in [-1, 1).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> f32 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
    }
    fn take(&mut self, n: usize) -> Vec<f32> {
        (0..n).map(|_| self.next()).collect()
    }
}

/// The same forward pass, written out: `x` is `n x IN`, row-major.
fn reference(x: &[f32], n: usize, w1: &[f32], b1: &[f32], w2: &[f32], b2: &[f32]) -> Vec<f32> {
    let mut out = Vec::with_capacity(n * CLASSES);
    for row in x.chunks(IN) {
        let hidden: Vec<f32> = (0..HIDDEN)
            .map(|j| {
                let s: f32 = (0..IN).map(|i| row[i] * w1[i * HIDDEN + j]).sum::<f32>() + b1[j];
                s.max(0.0)
            })
            .collect();
        let logits: Vec<f32> = (0..CLASSES)
            .map(|c| {
                (0..HIDDEN)
                    .map(|j| hidden[j] * w2[j * CLASSES + c])
                    .sum::<f32>()
                    + b2[c]
            })
            .collect();
        let max = logits.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
        let exps: Vec<f32> = logits.iter().map(|l| (l - max).exp()).collect();
        let total: f32 = exps.iter().sum();
        out.extend(exps.iter().map(|e| e / total));
    }
    out
}

fn main() -> Result<(), Box<dyn Error>> {
    let n: usize = match std::env::args().nth(1) {
        Some(arg) => arg.parse()?,
        None => 32,
    };
    let mut rng = Lcg(0x5eed);
    let (w1, b1) = (rng.take(IN * HIDDEN), rng.take(HIDDEN));
    let (w2, b2) = (rng.take(HIDDEN * CLASSES), rng.take(CLASSES));
    let xs = rng.take(n * IN);
    let mlp = Mlp {
        w1: Tensor::from_slice(&w1)?,
        b1: Tensor::from_slice(&b1)?,
        w2: Tensor::from_slice(&w2)?,
        b2: Tensor::from_slice(&b2)?,
    };
    let x = Tensor::<f32, shape![Dyn, IN]>::from_vec(xs.clone(), &[n])?;

    let probs = mlp.forward(&x);

    let want = reference(&xs, n, &w1, &b1, &w2, &b2);
    let worst = probs
        .as_slice()
        .iter()
        .zip(&want)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0f32, f32::max);
    assert_eq!(probs.shape()[..], [n, CLASSES]);
    assert!(worst < 1e-5, "differs from the loops by {worst}");
    for row in probs.as_slice().chunks(CLASSES) {
        assert!((row.iter().sum::<f32>() - 1.0).abs() < 1e-5);
    }
    println!("batch of {n}: probabilities [{n}, {CLASSES}], first rows");
    for row in probs.as_slice().chunks(CLASSES).take(4) {
        println!("  {row:.4?}");
    }
    println!("largest difference from plain loops: {worst:.1e}");
    Ok(())
}
