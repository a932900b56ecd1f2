// Issue 6: reducing over an axis the tensor does not have is a compile error.
use shaped::{Tensor, shape, Axis};

fn main() {
    let t = Tensor::<f32, shape![2, 3]>::zeros();
    let _s = t.mean_keepdim(Axis::<2>);
}
