// Issue 20: reducing a mixed tensor over an axis past its rank is a compile
// error, as for static shapes.
use shaped::{Axis, Dyn, Tensor, shape};

fn main() {
    let t = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[4]);
    let _s = t.sum_over(Axis::<2>);
}
