// Generic code must name the bound `S: BroadcastWith<R>`; without it `a + b`
// does not compile.
use shaped::{Shape, Tensor};

fn add<S: Shape, R: Shape>(a: Tensor<f32, S>, b: Tensor<f32, R>) {
    let _c = a + b;
}

fn main() {
    let _ = add::<shaped::shape![2], shaped::shape![2]>;
}
