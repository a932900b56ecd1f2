// Narrowing a named axis by its name past its end does not compile; the
// message gives the size and the range in decimal.
use shaped::{Tensor, dim_names, narrow, shape};

dim_names!(H, W);

fn main() {
    let t = Tensor::<f32, shape![H: 4, W: 3]>::zeros();
    let _v = narrow!(t.view(), W, 2..4);
}
