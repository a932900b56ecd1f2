// Issue 5: dimensions with the same name must have equal sizes (or one 1);
// H stands at different positions in the two operands.
use shaped::{Tensor, dim_names, shape};

dim_names!(H, W);

fn main() {
    let a = Tensor::<f32, shape![H: 4, W: 5]>::zeros();
    let b = Tensor::<f32, shape![W: 5, H: 3]>::zeros();
    let _ = a * b;
}
