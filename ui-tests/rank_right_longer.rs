// Different ranks, the right one longer: [5] + [2, 3, 4, 1, 6] fails, 5 vs 6 at axis -1.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<f32, shape![5]>::zeros();
    let b = Tensor::<f32, shape![2, 3, 4, 1, 6]>::zeros();
    let _c = a + b;
}
