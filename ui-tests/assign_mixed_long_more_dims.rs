// In place, a mixed left side and a right side of rank 5 (past the rank the
// mixed messages print in full): the short message.
use shaped::{Dyn, Tensor, shape};

fn main() {
    let mut a = Tensor::<f32, shape![Dyn, 2]>::ones_sized(&[2]);
    let b = Tensor::<f32, shape![1, 1, 1, 2, 2]>::ones();
    a += b;
}
