use shaped::{linalg, shape, Dyn, Tensor};

fn main() {
    // A runtime batch of 2x3 matrices: the static sizes are still checked.
    let a = Tensor::<f32, shape![Dyn, 2, 3]>::zeros_sized(&[5]);
    let _ = linalg::det(&a);
}
