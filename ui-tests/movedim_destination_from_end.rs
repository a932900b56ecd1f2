// Issue 44: the destination of `movedim` must be an axis of the tensor too.
use shaped::{Axis, AxisFromEnd, Dyn, Tensor, shape};

fn main() {
    let t = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[2]);
    let _m = t.movedim(Axis::<0>, AxisFromEnd::<3>);
}
