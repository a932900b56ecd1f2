// Seed 001: A = arange(6).reshape(1, 3, 2), B of shape (2, 2, 1); A + B fails
// at the middle axis, 3 vs 2.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<i64, shape![1, 3, 2]>::arange();
    let b = Tensor::<i64, shape![2, 2, 1]>::arange();
    let _c = a + b;
}
