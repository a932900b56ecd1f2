// A rank-0 operand cannot take part in a matrix product.
use shaped::{shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![]>::zeros();
    let b = Tensor::<f32, shape![3, 2]>::zeros();
    let _c = a.matmul(&b);
}
