// Issue 44: `movedim` of a static tensor checks both axes at compile time.
use shaped::{Axis, Tensor, shape};

fn main() {
    let t = Tensor::<f32, shape![2, 3, 4]>::zeros();
    let _m = t.movedim(Axis::<3>, Axis::<0>);
}
