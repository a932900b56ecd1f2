// Issue 6/43: reshaping to another element count is a compile error that
// `cargo check` reports (a trait bound), naming both shapes in decimal.
use shaped::{Tensor, shape};

fn main() {
    let t = Tensor::<f32, shape![2, 3]>::zeros();
    let _r = t.reshape::<shape![4]>();
}
