// A typed slice with a compile-time index past the end of a static axis
// does not compile.
use shaped::{Tensor, shape, slice};

fn main() {
    let t = Tensor::<f32, shape![4, 3]>::zeros();
    let _v = slice!(t.view(), .., 3);
}
