// A label shared by two operands must have one size: j is 3 in a, 4 in b.
use shaped::{einsum, shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::zeros();
    let b = Tensor::<f32, shape![4, 5]>::zeros();
    let _c = einsum!("ij,jk->ik", a, b);
}
