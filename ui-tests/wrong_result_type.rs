// The result of [4, 3] + [1, 3] is [4, 3]; annotating [4, 4] is a type error.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<f32, shape![4, 3]>::zeros();
    let b = Tensor::<f32, shape![1, 3]>::zeros();
    let _c: Tensor<f32, shape![4, 4]> = a + b;
}
