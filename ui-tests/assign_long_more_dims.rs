// In place, rank 9 on the right of a rank-2 left side (short fallback message):
// the right side has more dimensions.
use shaped::{Tensor, shape};

fn main() {
    let mut a = Tensor::<u8, shape![2, 2]>::ones();
    let b = Tensor::<u8, shape![1, 1, 1, 1, 1, 1, 1, 2, 2]>::ones();
    a += b;
}
