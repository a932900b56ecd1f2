// Issue 43: `x * x` in a shape-generic function; the note gives the bound
// that keeps the result's layout, `S: BroadcastWith<S, Output = S>`.
use shaped::{Layout, Tensor};

fn square<S: Layout>(x: &Tensor<f32, S>) -> Tensor<f32, S> {
    x * x
}

fn main() {
    let _ = square::<shaped::shape![2]>;
}
