// A scalar must have the tensor's element type: Tensor<f32, _> + 1i32 fails.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::zeros();
    let _c = a + 1i32;
}
