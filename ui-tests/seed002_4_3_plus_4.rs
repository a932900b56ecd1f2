// Seed 002's table: (4, 3) + (4,) fails, 3 vs 4 in the last dimension.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<f32, shape![4, 3]>::zeros();
    let b = Tensor::<f32, shape![4]>::zeros();
    let _c = a + b;
}
