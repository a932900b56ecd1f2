// Different ranks, the left one longer: [2, 3, 4] + [2, 4] fails, 3 vs 2 at axis -2.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<f32, shape![2, 3, 4]>::zeros();
    let b = Tensor::<f32, shape![2, 4]>::zeros();
    let _c = a + b;
}
