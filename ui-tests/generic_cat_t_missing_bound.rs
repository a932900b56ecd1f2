// Issue 43: generic code joining parts with `cat` or transposing with
// `t()` is told the public bounds (`CatLayouts`, `Matrix`).
use shaped::{Axis, Layout, Tensor};

fn join<S: Layout, R: Layout>(a: &Tensor<f32, S>, b: &Tensor<f32, R>) {
    let _c = Tensor::cat((a, b), Axis::<0>);
}

fn cols<S: Layout>(a: &Tensor<f32, S>) {
    let _t = a.t();
}

fn main() {
    let _ = join::<shaped::shape![2], shaped::shape![2]>;
    let _ = cols::<shaped::shape![2, 2]>;
}
