//! Training a two-layer perceptron with `shaped::autograd`: three
//! interleaved spirals in the plane, a runtime batch, static feature
//! sizes, the gradients computed by `loss.backward()`.
//!
//! ```sh
//! cargo run --release --features autograd,npy --example train_mlp
//! ```
//!
//! The program generates its data, writes it to `.npy` files and reads
//! them back (as NumPy would exchange it), trains with Adam on shuffled
//! mini-batches, and checks its own result: the loss must fall below 0.25
//! from about ln 3 = 1.10, and the accuracy on the training set must
//! exceed 90% (a linear model reaches about 50% on spirals).

use std::error::Error;

use shaped::autograd::{Adam, Optimizer, Parameters, Var};
use shaped::interop::npy::{load_npy, save_npy};
use shaped::{Axis, Dyn, Tensor, parameters, shape};

const HIDDEN: usize = 64;
const CLASSES: usize = 3;
const PER_CLASS: usize = 100;

struct Mlp {
    w1: Var<f32, shape![2, HIDDEN]>,
    b1: Var<f32, shape![HIDDEN]>,
    w2: Var<f32, shape![HIDDEN, CLASSES]>,
    b2: Var<f32, shape![CLASSES]>,
}
parameters!(Mlp<f32> { w1, b1, w2, b2 });

impl Mlp {
    fn logits(&self, x: &Var<f32, shape![Dyn, 2]>) -> Var<f32, shape![Dyn, CLASSES]> {
        (x.matmul(&self.w1) + &self.b1).tanh().matmul(&self.w2) + &self.b2
    }
}

/// A small deterministic generator of values in [0, 1).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> f32 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 40) as f32 / (1u64 << 24) as f32
    }
    fn take(&mut self, n: usize, scale: f32) -> Vec<f32> {
        (0..n).map(|_| (self.next() * 2.0 - 1.0) * scale).collect()
    }
}

/// Three spirals of `PER_CLASS` points each, with a little noise.
fn spirals(rng: &mut Lcg) -> (Vec<f32>, Vec<i64>) {
    let (mut x, mut y) = (Vec::new(), Vec::new());
    for class in 0..CLASSES {
        for i in 0..PER_CLASS {
            let r = i as f32 / PER_CLASS as f32;
            let angle = class as f32 * 4.0 + r * 4.0 + (rng.next() - 0.5) * 0.4;
            x.extend([r * angle.sin(), r * angle.cos()]);
            y.push(class as i64);
        }
    }
    (x, y)
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut rng = Lcg(0x5eed);
    let (xs, ys) = spirals(&mut rng);
    let n = ys.len();

    // The data set as NumPy files, and back.
    let dir = std::env::temp_dir().join(format!("shaped-train-mlp-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let x_written = Tensor::<f32, shape![Dyn, 2]>::from_vec(xs, &[n])?;
    let y_written = Tensor::<i64, shape![Dyn]>::from_vec(ys, &[n])?;
    save_npy(dir.join("x.npy"), &x_written)?;
    save_npy(dir.join("y.npy"), &y_written)?;
    let x: Tensor<f32, shape![Dyn, 2]> = load_npy(dir.join("x.npy"))?;
    let y: Tensor<i64, shape![Dyn]> = load_npy(dir.join("y.npy"))?;
    std::fs::remove_dir_all(&dir)?;
    assert_eq!(
        (&x, &y),
        (&x_written, &y_written),
        "the .npy round trip changed the data"
    );
    let labels: Vec<usize> = y.as_slice().iter().map(|&c| c as usize).collect();

    let mut model = Mlp {
        w1: Var::param(Tensor::from_slice(&rng.take(2 * HIDDEN, 1.0))?),
        b1: Var::param(Tensor::zeros()),
        w2: Var::param(Tensor::from_slice(&rng.take(HIDDEN * CLASSES, 0.125))?),
        b2: Var::param(Tensor::zeros()),
    };
    let mut opt = Adam::new(0.02);
    let all = Var::constant(x.clone());
    let first = model.logits(&all).cross_entropy(&labels).item();

    // Mini-batches of 30 rows, reshuffled each epoch.
    let mut order: Vec<usize> = (0..n).collect();
    for epoch in 0..150 {
        for i in (1..n).rev() {
            order.swap(i, (rng.next() * (i + 1) as f32) as usize % (i + 1));
        }
        for rows in order.chunks(30) {
            let batch = Var::constant(x.index_select(Axis::<0>, rows));
            let targets: Vec<usize> = rows.iter().map(|&r| labels[r]).collect();
            model.zero_grad();
            let loss = model.logits(&batch).cross_entropy(&targets);
            loss.backward();
            opt.step(&mut model);
        }
        if epoch % 50 == 0 {
            let loss = model.logits(&all).cross_entropy(&labels).item();
            println!("epoch {epoch:3}: loss {loss:.4}");
        }
    }

    let logits = model.logits(&all).value();
    let predicted = logits.argmax_over(Axis::<1>);
    let correct = predicted
        .as_slice()
        .iter()
        .zip(&labels)
        .filter(|(p, t)| p == t)
        .count();
    let accuracy = correct as f32 / n as f32;
    let last = model.logits(&all).cross_entropy(&labels).item();
    println!(
        "loss {first:.4} -> {last:.4}, training accuracy {:.1}%",
        accuracy * 100.0
    );
    assert!(last < 0.25, "the loss did not fall below 0.25: {last}");
    assert!(accuracy > 0.9, "accuracy {accuracy}");
    Ok(())
}
