// Issue 5: in place, every name of the right side must be a name of the
// left side.
use shaped::{Tensor, dim_names, shape};

dim_names!(CLASS, H, W);

fn main() {
    let mut a = Tensor::<f32, shape![2, H: 4, W: 5]>::zeros();
    let b = Tensor::<f32, shape![CLASS: 3, W: 5]>::zeros();
    a += &b;
}
