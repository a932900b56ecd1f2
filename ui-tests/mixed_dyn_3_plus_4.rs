// Issue 7: the static sizes of a mixed shape are still checked at compile time.
use shaped::{Dyn, Tensor, shape};

fn main() {
    let a = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[8]);
    let b = Tensor::<f32, shape![4]>::zeros();
    let _c = a + b;
}
