// flip and roll take typed axes on static tensors, checked by the compiler:
// axis 2 of a rank-2 tensor does not compile (numbers are checked when they run).
use shaped::{Axis, Tensor, shape};

fn main() {
    let t = Tensor::<f32, shape![2, 3]>::zeros();
    let _ = t.flip(&[Axis::<2>]);
    let _ = t.roll(1, Axis::<2>);
}
