// Generic code must name `R: BroadcastTo<S>` for an in-place operator;
// without it, rustc names that bound (and nothing internal).
use shaped::{Shape, Tensor};

fn add_in_place<S: Shape, R: Shape>(a: &mut Tensor<f32, S>, b: &Tensor<f32, R>) {
    *a += b;
}

fn main() {
    let _ = add_in_place::<shaped::shape![2, 3], shaped::shape![3]>;
}
