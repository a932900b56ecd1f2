// Issue 44: chunking along an axis the tensor does not have.
use shaped::{Axis, Tensor, shape};

fn main() {
    let t = Tensor::<f32, shape![2, 3]>::zeros();
    let _c = t.chunk(2, Axis::<2>);
}
