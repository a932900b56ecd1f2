// Issue 44: the mixed identity needs a 2-D layout.
use shaped::{Dyn, Tensor, shape};

fn main() {
    let _i = Tensor::<f32, shape![Dyn, 2, 2]>::eye_sized(&[2]);
}
