// The equation gives operand 0 three labels; it has two dimensions.
use shaped::{einsum, shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::zeros();
    let b = Tensor::<f32, shape![2, 3, 5]>::zeros();
    let _c = einsum!("bij,bjk->bik", a, b);
}
