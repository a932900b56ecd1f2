// The equation gives operand 1 two labels; it has three dimensions.
use shaped::{einsum, shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::zeros();
    let b = Tensor::<f32, shape![2, 3, 5]>::zeros();
    let _c = einsum!("ij,jk->ik", a, b);
}
