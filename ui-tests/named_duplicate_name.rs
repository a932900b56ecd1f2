// Issue 5: names are unique within a shape.
use shaped::{Tensor, dim_names, shape};

dim_names!(H);

fn main() {
    let _t = Tensor::<f32, shape![H: 4, 2, H: 4]>::zeros();
}
