// `...` may cover no dimension, but three labels need three dimensions.
use shaped::{einsum, shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::zeros();
    let _c = einsum!("ij...k->...", a);
}
