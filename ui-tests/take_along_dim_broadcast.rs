// take_along_dim's sizes off the axis broadcast: [2, 3] by indices
// [3, 1] along axis 1 fails (2 vs 3 at axis 0).
use shaped::{Axis, Tensor, shape};

fn main() {
    let x = Tensor::<i32, shape![2, 3]>::zeros();
    let i = Tensor::<usize, shape![3, 1]>::zeros();
    let _ = x.take_along_dim(&i, Axis::<1>);
}
