// Rank 8, the longest shapes printed in full; the mismatch is at the outermost axis -8.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<u8, shape![2, 1, 2, 1, 2, 1, 2, 1]>::zeros();
    let b = Tensor::<u8, shape![3, 2, 1, 2, 1, 2, 1, 2]>::zeros();
    let _c = a + b;
}
