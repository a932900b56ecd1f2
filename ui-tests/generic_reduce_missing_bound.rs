// Issue 21: a shape-generic reduction needs one public bound,
// `S: ReduceAxes<Axis<0>>`; without it the error names that bound and no
// internal trait.
use shaped::{Axis, Layout, Tensor};

fn standardise<S: Layout>(x: &Tensor<f32, S>) {
    let _m = x.mean_keepdim(Axis::<0>);
}

fn main() {
    standardise(&Tensor::<f32, shaped::shape![2, 3]>::zeros());
}
