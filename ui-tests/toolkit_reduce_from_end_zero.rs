// Issue 21: counting from the end starts at 1 (the last axis).
use shaped::{AxisFromEnd, Tensor, shape};

fn main() {
    let t = Tensor::<f32, shape![2, 3]>::zeros();
    let _s = t.max_keepdim(AxisFromEnd::<0>);
}
