// Tensors of different element types do not combine, even with equal shapes.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::zeros();
    let b = Tensor::<f64, shape![2, 3]>::zeros();
    let _c = a + b;
}
