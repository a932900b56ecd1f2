// flip and roll take typed axes on static tensors, checked by the compiler:
// axes 2 and 3 of a rank-2 tensor do not compile (numbers are checked when
// they run). The axes differ so that rustc reports both.
use shaped::{Axis, Tensor, shape};

fn main() {
    let t = Tensor::<f32, shape![2, 3]>::zeros();
    let _ = t.flip(&[Axis::<2>]);
    let _ = t.roll(1, Axis::<3>);
}
