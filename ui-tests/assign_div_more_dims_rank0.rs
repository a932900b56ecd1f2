// `/=` into a rank-0 tensor: [] /= [3] fails (the right side has more dimensions).
use shaped::{Tensor, shape};

fn main() {
    let mut a = Tensor::<f32, shape![]>::ones();
    let b = Tensor::<f32, shape![3]>::ones();
    a /= b;
}
