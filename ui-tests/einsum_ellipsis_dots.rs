// Two dots are not an ellipsis.
use shaped::{einsum, shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::zeros();
    let _c = einsum!("i..j->i", a);
}
