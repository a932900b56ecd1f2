// take_along_dim broadcasts the input with the indices but never adds
// dimensions (PyTorch's rule): [2, 3] by indices [3] does not compile.
use shaped::{Axis, Tensor, shape};

fn main() {
    let x = Tensor::<i32, shape![2, 3]>::zeros();
    let i = Tensor::<usize, shape![3]>::zeros();
    let _ = x.take_along_dim(&i, Axis::<0>);
}
