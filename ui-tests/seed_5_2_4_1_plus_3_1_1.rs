// Seeds 000, 002, 003 and SEMANTICS.md §1: in the 3rd trailing dimension 2 != 3.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<f32, shape![5, 2, 4, 1]>::zeros();
    let b = Tensor::<f32, shape![3, 1, 1]>::zeros();
    let _c = a + b;
}
