// The inner sizes of a matrix product must be equal.
use shaped::{shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![4, 3]>::zeros();
    let b = Tensor::<f32, shape![4, 5]>::zeros();
    let _c = a.matmul(&b);
}
