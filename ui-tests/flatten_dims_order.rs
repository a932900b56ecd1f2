// Issue 44: `flatten_dims(start, end)` needs start <= end, as PyTorch's flatten.
use shaped::{Axis, Tensor, shape};

fn main() {
    let t = Tensor::<f32, shape![2, 3, 4]>::zeros();
    let _f = t.flatten_dims(Axis::<2>, Axis::<1>);
}
