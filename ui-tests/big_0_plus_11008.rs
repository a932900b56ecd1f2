// A small size (0) against one above 1024: [3, 0] + [11008] fails, 0 vs 11008.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<u8, shape![3, 0]>::zeros();
    let b = Tensor::<u8, shape![11008]>::zeros();
    let _c = a + b;
}
