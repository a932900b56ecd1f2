// In place, a rank-0 left side and a mixed right side: [] *= [Dyn] fails.
use shaped::{Dyn, Tensor, shape};

fn main() {
    let mut a = Tensor::<f32, shape![]>::ones();
    let b = Tensor::<f32, shape![Dyn]>::ones_sized(&[3]);
    a *= b;
}
