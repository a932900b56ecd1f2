// Issue 6: only a size-1 dimension can be squeezed.
use shaped::{Tensor, shape, Axis};

fn main() {
    let t = Tensor::<f32, shape![2, 3]>::zeros();
    let _s = t.squeeze(Axis::<0>);
}
