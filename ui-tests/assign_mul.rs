// `*=`: [5, 3, 4, 1] *= [2, 1, 1] fails (2 vs 3 at axis -3).
use shaped::{Tensor, shape};

fn main() {
    let mut a = Tensor::<f32, shape![5, 3, 4, 1]>::ones();
    let b = Tensor::<f32, shape![2, 1, 1]>::ones();
    a *= b;
}
