// Issue 44: `eye` builds a matrix; a rank-1 static shape does not compile.
use shaped::{Tensor, shape};

fn main() {
    let _i = Tensor::<f32, shape![3]>::eye();
}
