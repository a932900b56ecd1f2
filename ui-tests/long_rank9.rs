// Shapes of rank above 8 are not printed in full: the message falls back to
// the two sizes and the axis. [2, 1, 1, 1, 1, 1, 1, 1, 1] + [3, 1, 1, 1, 1, 1, 1, 1, 1]
// fails at axis -9, 2 vs 3.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<u8, shape![2, 1, 1, 1, 1, 1, 1, 1, 1]>::zeros();
    let b = Tensor::<u8, shape![3, 1, 1, 1, 1, 1, 1, 1, 1]>::zeros();
    let _c = a + b;
}
