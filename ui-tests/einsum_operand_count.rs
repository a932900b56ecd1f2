// The equation names two operands; one tensor is given.
use shaped::{einsum, shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::zeros();
    let _c = einsum!("ij,jk->ik", a);
}
