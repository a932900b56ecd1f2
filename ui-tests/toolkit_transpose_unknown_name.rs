// Issue 21: swapping an axis named by a name the shape lacks says so.
use shaped::{Tensor, dim_names, shape};

dim_names!(H, W, DEPTH);

fn main() {
    let t = Tensor::<f32, shape![2, H: 4, W: 3]>::zeros();
    let _s = t.transpose(H, DEPTH);
}
