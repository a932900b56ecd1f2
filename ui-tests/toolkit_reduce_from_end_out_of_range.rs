// Issue 21: an axis counted from the end past the rank is a compile error in
// decimal.
use shaped::{AxisFromEnd, Tensor, shape};

fn main() {
    let t = Tensor::<f32, shape![2, 3]>::zeros();
    let _s = t.sum_over(AxisFromEnd::<3>);
}
