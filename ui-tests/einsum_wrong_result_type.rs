// The result type is computed: [2, 5], not [5, 2].
use shaped::{einsum, shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::zeros();
    let b = Tensor::<f32, shape![3, 5]>::zeros();
    let _c: Tensor<f32, shape![5, 2]> = einsum!("ij,jk->ik", a, b);
}
