// A reference on the left, a value on the right: &[2, 3] - [3, 2] fails at the
// last axis (3 vs 2); the mismatch at axis -2 is not the one reported.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::zeros();
    let b = Tensor::<f32, shape![3, 2]>::zeros();
    let _c = &a - b;
}
