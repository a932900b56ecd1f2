// Issue 44: the static diagonal's length is known only for square matrices.
use shaped::{Tensor, shape};

fn main() {
    let m = Tensor::<f32, shape![3, 4]>::zeros();
    let _d = m.diagonal();
}
