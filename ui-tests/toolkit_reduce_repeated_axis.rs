// Issue 6: reducing over the same axis twice is a compile error.
use shaped::{Tensor, shape, Axis};

fn main() {
    let t = Tensor::<f32, shape![2, 3]>::zeros();
    let _s = t.sum_over((Axis::<1>, Axis::<1>));
}
