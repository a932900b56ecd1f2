// In place, a static left side [10] and a mixed right side [Dyn, 10] (a bias
// gradient not summed over the batch): the right side has more dimensions,
// and the message names both layouts.
use shaped::{Dyn, Tensor, shape};

fn main() {
    let mut b = Tensor::<f32, shape![10]>::zeros();
    let g = Tensor::<f32, shape![Dyn, 10]>::zeros_sized(&[4]);
    b -= &g * 0.1;
}
