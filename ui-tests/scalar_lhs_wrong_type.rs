// A scalar on the left must have the tensor's element type too: 2.0f64 * Tensor<f32, _>.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::zeros();
    let _c = 2.0f64 * a;
}
