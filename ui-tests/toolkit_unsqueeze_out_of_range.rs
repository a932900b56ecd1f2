// Issue 6: an axis out of range is a compile error on static tensors.
use shaped::{Tensor, shape, Axis};

fn main() {
    let t = Tensor::<f32, shape![2, 3]>::zeros();
    let _u = t.unsqueeze(Axis::<5>);
}
