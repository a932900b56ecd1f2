// A size 1 does not broadcast against another size under one label.
use shaped::{einsum, shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![2, 1]>::zeros();
    let b = Tensor::<f32, shape![4, 5]>::zeros();
    let _c = einsum!("ij,jk->ik", a, b);
}
