// A size above 1024 against one below: [4096] + [1024] fails, 4096 vs 1024.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<u8, shape![4096]>::zeros();
    let b = Tensor::<u8, shape![1024]>::zeros();
    let _c = a + b;
}
