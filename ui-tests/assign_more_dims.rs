// In place, the right side may not have more dimensions: [3] += [2, 3] fails.
use shaped::{Tensor, shape};

fn main() {
    let mut a = Tensor::<f32, shape![3]>::zeros();
    let b = Tensor::<f32, shape![2, 3]>::zeros();
    a += b;
}
