// A typed slice with a compile-time range past the end of a static axis
// does not compile; the message names the dimension and the range in
// decimal.
use shaped::{Tensor, shape, slice};

fn main() {
    let t = Tensor::<f32, shape![4, 3]>::zeros();
    let _v = slice!(t.view(), 1..3, 2..5);
}
