//! Saving a model's parameters as a `safetensors` checkpoint and loading
//! them back, the file Python's `safetensors` (and PyTorch, candle, ...)
//! reads.
//!
//! ```sh
//! cargo run --features safetensors --example checkpoint -- /tmp/model.safetensors
//! python3 tests/data/autograd/check_rust_written.py /tmp/model.safetensors
//! ```
//!
//! Each parameter holds `(arange(n) - n / 2) / 16`, the values the Python
//! check expects. The program loads the file back into a fresh model and
//! checks every value, then shows the error a model of another layout
//! gets.

use std::error::Error;

use shaped::autograd::checkpoint::{load_safetensors, save_safetensors};
use shaped::autograd::{Parameters, Var};
use shaped::{Shape, Tensor, parameters, shape};

struct Mlp {
    w1: Var<f32, shape![4, 8]>,
    b1: Var<f32, shape![8]>,
    w2: Var<f32, shape![8, 3]>,
    b2: Var<f32, shape![3]>,
}
parameters!(Mlp<f32> { w1, b1, w2, b2 });

/// A parameter holding `(arange(n) - n / 2) / 16`.
fn filled<S: Shape>() -> Var<f32, S> {
    let n = Tensor::<f32, S>::zeros().numel();
    Var::param(Tensor::from_fn(|k| (k as f32 - n as f32 / 2.0) / 16.0))
}

fn main() -> Result<(), Box<dyn Error>> {
    let path = std::env::args()
        .nth(1)
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("shaped-checkpoint.safetensors"));
    let mut model = Mlp {
        w1: filled(),
        b1: filled(),
        w2: filled(),
        b2: filled(),
    };
    save_safetensors(&mut model, &path)?;

    let mut fresh = Mlp {
        w1: Var::param(Tensor::zeros()),
        b1: Var::param(Tensor::zeros()),
        w2: Var::param(Tensor::zeros()),
        b2: Var::param(Tensor::zeros()),
    };
    load_safetensors(&mut fresh, &path)?;
    assert_eq!(fresh.w1.value(), model.w1.value());
    assert_eq!(fresh.b1.value(), model.b1.value());
    assert_eq!(fresh.w2.value(), model.w2.value());
    assert_eq!(fresh.b2.value(), model.b2.value());
    println!(
        "wrote and read back {} ({} parameters: {:?})",
        path.display(),
        model.numel(),
        model.names()
    );

    // The same names with a transposed first layer do not load.
    struct Transposed {
        w1: Var<f32, shape![8, 4]>,
        b1: Var<f32, shape![8]>,
        w2: Var<f32, shape![8, 3]>,
        b2: Var<f32, shape![3]>,
    }
    parameters!(Transposed<f32> { w1, b1, w2, b2 });
    let mut other = Transposed {
        w1: Var::param(Tensor::zeros()),
        b1: Var::param(Tensor::zeros()),
        w2: Var::param(Tensor::zeros()),
        b2: Var::param(Tensor::zeros()),
    };
    let err = load_safetensors(&mut other, &path).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tensor 'w1': expected a tensor of shape [8, 4], got shape [4, 8]"
    );
    println!("a [8, 4] model: {err}");
    Ok(())
}
