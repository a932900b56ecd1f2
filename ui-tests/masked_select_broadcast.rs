// masked_select's mask broadcasts with the tensor: a mask of [2] on
// [2, 3] fails (2 vs 3 at axis -1).
use shaped::{Tensor, shape};

fn main() {
    let x = Tensor::<i32, shape![2, 3]>::zeros();
    let m = Tensor::<i32, shape![2]>::zeros().gt(&Tensor::<i32, shape![]>::zeros());
    let _ = x.masked_select(&m);
}
