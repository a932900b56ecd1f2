// Seed 002's table: (2, 3, 4) + (3,) fails, 4 vs 3 in the last dimension.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<f32, shape![2, 3, 4]>::zeros();
    let b = Tensor::<f32, shape![3]>::zeros();
    let _c = a + b;
}
