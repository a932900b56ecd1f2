// Generic code must name the toolkit's public bounds; without them, rustc
// names those bounds (and nothing internal).
use shaped::{Axis, Shape, Tensor};

fn unsqueeze_it<S: Shape>(a: Tensor<f32, S>) {
    let _c = a.unsqueeze(Axis::<0>);
}

fn transpose_it<S: Shape>(a: Tensor<f32, S>) {
    let _c = a.transpose(Axis::<0>, Axis::<1>);
}

fn squeeze_it<S: Shape>(a: Tensor<f32, S>) {
    let _c = a.squeeze(Axis::<0>);
}

fn main() {
    let _ = unsqueeze_it::<shaped::shape![2]>;
    let _ = transpose_it::<shaped::shape![2, 3]>;
    let _ = squeeze_it::<shaped::shape![1, 3]>;
}
