// In place, a size-1 dimension of the LEFT side cannot stretch:
// [4, 1] += [4, 3] fails (3 vs 1 at axis -1).
use shaped::{Tensor, shape};

fn main() {
    let mut a = Tensor::<f32, shape![4, 1]>::zeros();
    let b = Tensor::<f32, shape![4, 3]>::zeros();
    a += b;
}
