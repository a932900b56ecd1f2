// Issue 43: generic code using `where_cond` and `masked_fill` is told the
// public bounds (`BroadcastWith`, `BroadcastTo`).
use shaped::{Layout, Mask, Tensor};

fn relu<S: Layout, M: Layout>(x: &Tensor<f32, S>, keep: &Mask<M>) {
    let _a = keep.where_cond(x, 0.0);
    let _b = x.masked_fill(keep, 0.0);
}

fn main() {
    let _ = relu::<shaped::shape![2], shaped::shape![2]>;
}
