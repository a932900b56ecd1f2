// Issue 43: generic code using `narrow!` is told the public bound
// `NarrowStatic` (and not the internal `GetAt`/`SetAt`).
use shaped::{AxisFromEnd, Layout, Tensor, narrow};

fn dehomogenize<S: Layout>(h: &Tensor<f64, S>) {
    let _w = narrow!(h.view(), AxisFromEnd::<1>, 3..4);
}

fn main() {
    let _ = dehomogenize::<shaped::shape![2, 4]>;
}
