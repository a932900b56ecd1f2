// A value on the left, a reference on the right: [4, 3] + &[4] fails.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<f32, shape![4, 3]>::zeros();
    let b = Tensor::<f32, shape![4]>::zeros();
    let _c = a + &b;
}
