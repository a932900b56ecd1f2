// Views of static layouts multiply with the tensors' compile-time check: a
// transposed view's inner size against another view's rows.
use shaped::{shape, Axis, Tensor};

fn main() {
    let a = Tensor::<f32, shape![4, 3]>::zeros();
    let at = a.view().transpose(Axis::<0>, Axis::<1>); // [3, 4]
    let _c = at.matmul(&at);
}
