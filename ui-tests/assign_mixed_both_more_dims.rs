// In place, both sides mixed: [Dyn, 3] += [2, Dyn, 3] fails, the message names
// both layouts.
use shaped::{Dyn, Tensor, shape};

fn main() {
    let mut a = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[5]);
    let b = Tensor::<f32, shape![2, Dyn, 3]>::zeros_sized(&[5]);
    a += &b;
}
