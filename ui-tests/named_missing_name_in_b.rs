// Issue 5: the left operand has fewer dimensions, so it is `y`, and its
// name CHANNEL must be found in the right operand.
use shaped::{Tensor, dim_names, shape};

dim_names!(CHANNEL, H, W);

fn main() {
    let a = Tensor::<f32, shape![CHANNEL: 3, H: 4]>::zeros();
    let b = Tensor::<f32, shape![2, H: 4, W: 5]>::zeros();
    let _ = &a + &b;
}
