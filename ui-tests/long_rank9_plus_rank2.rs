// One shape of rank 9, one of rank 2: [1, 1, 1, 1, 1, 1, 1, 4, 5] + [4, 3]
// fails at axis -1, 5 vs 3 (short fallback message).
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<u8, shape![1, 1, 1, 1, 1, 1, 1, 4, 5]>::zeros();
    let b = Tensor::<u8, shape![4, 3]>::zeros();
    let _c = a + b;
}
