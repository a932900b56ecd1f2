// Issue 44: the sizes of a static `unflatten` must multiply to the axis size.
use shaped::{Axis, Tensor, shape};

fn main() {
    let t = Tensor::<f32, shape![2, 6]>::zeros();
    let _u = t.unflatten::<shape![4, 2], _>(Axis::<1>);
}
