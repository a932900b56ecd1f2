// `-` broadcasts like `+`: [2, 3] - [2] fails, 3 vs 2 at axis -1.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<f64, shape![2, 3]>::ones();
    let b = Tensor::<f64, shape![2]>::ones();
    let _c = a - b;
}
