// `/` broadcasts like `+`: [8, 1, 6, 1] / [7, 2, 5] fails, 6 vs 2 at axis -2.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<f32, shape![8, 1, 6, 1]>::ones();
    let b = Tensor::<f32, shape![7, 2, 5]>::ones();
    let _c = a / b;
}
