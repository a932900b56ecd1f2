// Issue 44: `unflatten` of an axis the tensor lacks does not compile.
use shaped::{Axis, Tensor, shape};

fn main() {
    let t = Tensor::<f32, shape![2, 6]>::zeros();
    let _u = t.unflatten::<shape![2, 3], _>(Axis::<2>);
}
