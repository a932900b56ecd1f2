// Generic code must name `S: MatMulWith<R>`; without it, rustc names that
// bound (and nothing internal).
use shaped::{Shape, Tensor};

fn product<S: Shape, R: Shape>(a: &Tensor<f32, S>, b: &Tensor<f32, R>) {
    let _c = a.matmul(b);
}

fn main() {
    let _ = product::<shaped::shape![2, 3], shaped::shape![3, 4]>;
}
