// Issue 5: the unnamed dimensions of `y` (here b, the shorter operand)
// meet those of `x` from the right; b has two, a only one.
use shaped::{Tensor, dim_names, shape};

dim_names!(H, W, C);

fn main() {
    let a = Tensor::<f32, shape![2, C: 3, H: 4, W: 5]>::zeros();
    let b = Tensor::<f32, shape![2, 3, H: 4]>::zeros();
    let _ = a - b;
}
