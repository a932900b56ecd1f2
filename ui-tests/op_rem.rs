// `%` broadcasts like `+`: [3, 4] % [4, 4] fails, 3 vs 4 at axis -2.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<i32, shape![3, 4]>::ones();
    let b = Tensor::<i32, shape![4, 4]>::ones();
    let _c = a % b;
}
