// Issue 20: squeezing a static axis whose size is not 1 does not compile,
// in a mixed layout too (a `Dyn` axis would be checked at run time).
use shaped::{Axis, Dyn, Tensor, shape};

fn main() {
    let t = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[1]);
    let _s = t.squeeze(Axis::<1>);
}
