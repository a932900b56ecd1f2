// Issue 44: both axes of `flatten_dims` must be axes of the tensor.
use shaped::{Axis, Dyn, Tensor, shape};

fn main() {
    let t = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[2]);
    let _f = t.flatten_dims(Axis::<0>, Axis::<2>);
}
