// `*` broadcasts like `+`: [6, 2, 5] * [7, 5] fails, 2 vs 7 at axis -2.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<f32, shape![6, 2, 5]>::ones();
    let b = Tensor::<f32, shape![7, 5]>::ones();
    let _c = a * b;
}
