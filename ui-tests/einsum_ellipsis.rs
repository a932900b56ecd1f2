// The dimensions `...` covers broadcast: 2 (operand 0) vs 3 (operand 1) at the last.
use shaped::{einsum, shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![5, 2, 3, 4]>::zeros();
    let b = Tensor::<f32, shape![3, 4, 6]>::zeros();
    let _c = einsum!("...ij,...jk->...ik", a, b);
}
