// Seed 003: x = empty(3, 2, 4, 1), y = empty(3, 1, 1) cannot broadcast
// (3rd trailing dimension: 2 vs 3).
use shaped::{Tensor, shape};

fn main() {
    let x = Tensor::<f32, shape![3, 2, 4, 1]>::zeros();
    let y = Tensor::<f32, shape![3, 1, 1]>::zeros();
    let _z = x + y;
}
