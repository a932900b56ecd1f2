// Issue 43: the parts of a tuple `stack` must have equal layouts.
use shaped::{Axis, Tensor, shape};

fn main() {
    let a = Tensor::<i32, shape![2, 3]>::zeros();
    let b = Tensor::<i32, shape![2, 4]>::ones();
    let _s = Tensor::stack((&a, &b.view()), Axis::<0>);
}
