// Issue 5: in place by name, each size of the right side is 1 or the left
// side's size for the same name (it cannot grow a dimension of the left).
use shaped::{Tensor, dim_names, shape};

dim_names!(H, W);

fn main() {
    let mut a = Tensor::<f32, shape![H: 1, W: 5]>::zeros();
    let b = Tensor::<f32, shape![W: 5, H: 4]>::zeros();
    a /= b;
}
