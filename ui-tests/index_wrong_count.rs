// A static tensor takes one index per dimension: `t[[i]]` on a matrix does
// not compile.
use shaped::{Tensor, shape};

fn main() {
    let t = Tensor::<f32, shape![4, 3]>::zeros();
    let _x = t[[1]];
}
