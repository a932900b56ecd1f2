// `-=` with a reference on the right: [2, 3] -= &[3, 3] fails (3 vs 2 at axis -2).
use shaped::{Tensor, shape};

fn main() {
    let mut a = Tensor::<f32, shape![2, 3]>::zeros();
    let b = Tensor::<f32, shape![3, 3]>::zeros();
    a -= &b;
}
