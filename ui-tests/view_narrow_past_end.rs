// A compile-time range past the end of a static axis does not compile,
// and the message says which dimension and which range, in decimal.
use shaped::{Tensor, narrow, shape};

fn main() {
    let t = Tensor::<f32, shape![4, 3]>::zeros();
    let _v = narrow!(t.view(), 0, 3..5);
}
