// Issue 44: `tril` works on the last two dimensions; a rank-1 tensor has one.
use shaped::{Dyn, Tensor, shape};

fn main() {
    let t = Tensor::<f32, shape![Dyn]>::zeros_sized(&[4]);
    let _l = t.tril(0);
}
