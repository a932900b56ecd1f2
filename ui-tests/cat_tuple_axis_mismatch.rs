// Issue 43: parts of a tuple `cat` must agree on every other axis.
use shaped::{Axis, Tensor, shape};

fn main() {
    let a = Tensor::<i32, shape![2, 3]>::zeros();
    let b = Tensor::<i32, shape![2, 2]>::ones();
    let _c = Tensor::cat((&a, &b), Axis::<0>);
}
