// Issue 44: a diagonal takes two axes; a rank-1 tensor has one.
use shaped::{Tensor, shape};

fn main() {
    let v = Tensor::<f32, shape![3]>::zeros();
    let _d = v.diagonal();
}
