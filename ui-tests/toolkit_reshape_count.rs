// Issue 6: reshaping to another element count is a compile error (raised
// when the program is built: element counts are compared by the compiler's
// constant evaluation, not by a trait bound).
use shaped::{Tensor, shape};

fn main() {
    let t = Tensor::<f32, shape![2, 3]>::zeros();
    let _r = t.reshape::<shape![4]>();
}
