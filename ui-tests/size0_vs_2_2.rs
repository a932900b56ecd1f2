// SEMANTICS.md §1: size 0 is an ordinary size; [0] + [2, 2] fails, 0 vs 2.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<f32, shape![0]>::zeros();
    let b = Tensor::<f32, shape![2, 2]>::zeros();
    let _c = a + b;
}
