// In place with rank 9 (short fallback message): 3 vs 1 at axis -9.
use shaped::{Tensor, shape};

fn main() {
    let mut a = Tensor::<u8, shape![1, 2, 2, 2, 2, 2, 2, 2, 2]>::ones();
    let b = Tensor::<u8, shape![3, 2, 2, 2, 2, 2, 2, 2, 2]>::ones();
    a += b;
}
