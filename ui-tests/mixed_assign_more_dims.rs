// In place, a mixed left side still cannot gain dimensions.
use shaped::{Dyn, Tensor, shape};

fn main() {
    let mut a = Tensor::<f32, shape![Dyn]>::zeros_sized(&[3]);
    a += Tensor::<f32, shape![2, 3]>::zeros();
}
