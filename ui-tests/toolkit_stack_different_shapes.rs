// Issue 20: a static stack takes parts of one shape; a part of another
// shape does not compile.
use shaped::{Axis, Tensor, shape};

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::zeros();
    let b = Tensor::<f32, shape![2, 4]>::zeros();
    let _s: Tensor<f32, shape![2, 2, 3]> = Tensor::stack([&a, &b], Axis::<0>);
}
