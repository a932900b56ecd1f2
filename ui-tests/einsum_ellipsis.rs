// `...` is for the runtime einsum only.
use shaped::{einsum, shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::zeros();
    let _c = einsum!("...j->...", a);
}
