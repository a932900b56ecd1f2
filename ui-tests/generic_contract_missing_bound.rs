// Generic code must name `S: ContractWith<R>`; without it, rustc names that
// bound (and nothing internal).
use shaped::{Shape, Tensor};

fn by_name<S: Shape, R: Shape>(a: &Tensor<f32, S>, b: &Tensor<f32, R>) {
    let _c = a.contract(b);
}

fn main() {
    let _ = by_name::<shaped::shape![2, 3], shaped::shape![3]>;
}
