//! Training a causal self-attention block with `shaped::autograd`: a
//! student block learns to reproduce a teacher block of the same shape
//! whose weights it does not see.
//!
//! ```sh
//! cargo run --release --features autograd --example train_attention
//! ```
//!
//! Sequences of `L` tokens of width `D` over a runtime batch; the block
//! is one head of scaled dot-product attention with a causal mask, a
//! residual connection and an output projection. Every layout is in the
//! types (`[Dyn, L, D] @ [D, D]` is `[Dyn, L, D]`, the scores `[Dyn, L,
//! L]`). The program checks its own result: the mean squared error must
//! fall below 3% of where it started.

use std::error::Error;

use shaped::autograd::{Adam, Optimizer, Parameters, Var, no_grad};
use shaped::{Axis, Dyn, Tensor, parameters, shape};

const L: usize = 8;
const D: usize = 16;

type Seq = shape![Dyn, L, D];

struct Attention {
    wq: Var<f32, shape![D, D]>,
    wk: Var<f32, shape![D, D]>,
    wv: Var<f32, shape![D, D]>,
    wo: Var<f32, shape![D, D]>,
    bo: Var<f32, shape![D]>,
}
parameters!(Attention<f32> { wq, wk, wv, wo, bo });

impl Attention {
    fn new(rng: &mut Lcg, scale: f32) -> Result<Self, Box<dyn Error>> {
        let mut w = || Tensor::from_slice(&rng.take(D * D, scale));
        Ok(Attention {
            wq: Var::param(w()?),
            wk: Var::param(w()?),
            wv: Var::param(w()?),
            wo: Var::param(w()?),
            bo: Var::param(Tensor::zeros()),
        })
    }

    fn forward(&self, x: &Var<f32, Seq>) -> Var<f32, Seq> {
        let (q, k, v) = (x.matmul(&self.wq), x.matmul(&self.wk), x.matmul(&self.wv));
        // Position i attends to positions j <= i.
        let future =
            Tensor::<f32, shape![L, L]>::from_fn_index(|[i, j]| if j > i { 1.0 } else { 0.0 })
                .gt(&Tensor::<f32, shape![]>::full(0.5));
        let scores: Var<f32, shape![Dyn, L, L]> =
            q.matmul(&k.transpose(Axis::<1>, Axis::<2>)) * (1.0 / (D as f32).sqrt());
        let weights = scores
            .masked_fill(&future, f32::NEG_INFINITY)
            .softmax(Axis::<2>);
        let mixed: Var<f32, Seq> = weights.matmul(&v) + x;
        mixed.matmul(&self.wo) + &self.bo
    }
}

/// A small deterministic generator of values in [-scale, scale).
struct Lcg(u64);
impl Lcg {
    fn take(&mut self, n: usize, scale: f32) -> Vec<f32> {
        (0..n)
            .map(|_| {
                self.0 = self
                    .0
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                ((self.0 >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * scale
            })
            .collect()
    }
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut rng = Lcg(0xa77e);
    let teacher = Attention::new(&mut rng, 0.4)?;
    let mut student = Attention::new(&mut rng, 0.25)?;
    let mut opt = Adam::new(0.01);
    let batch = 16;

    let sample = |rng: &mut Lcg| -> Result<_, Box<dyn Error>> {
        let x = Var::constant(Tensor::<f32, Seq>::from_vec(
            rng.take(batch * L * D, 1.0),
            &[batch],
        )?);
        let target = no_grad(|| teacher.forward(&x).detach());
        Ok((x, target))
    };
    let (x_test, y_test) = sample(&mut rng)?;
    let mse = |m: &Attention| no_grad(|| (m.forward(&x_test) - &y_test).square().mean().item());
    let first = mse(&student);

    for step in 0..400 {
        let (x, y) = sample(&mut rng)?;
        student.zero_grad();
        let loss = (student.forward(&x) - &y).square().mean();
        loss.backward();
        opt.step(&mut student);
        if step % 100 == 0 {
            println!("step {step:3}: training loss {:.5}", loss.item());
        }
    }
    let last = mse(&student);
    println!(
        "held-out mean squared error {first:.5} -> {last:.5} ({} parameters)",
        student.numel()
    );
    assert!(
        last < 0.03 * first,
        "the error fell only from {first} to {last}"
    );
    Ok(())
}
