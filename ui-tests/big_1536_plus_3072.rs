// Two sizes above 1024 that differ: [1536] + [3072] fails, 1536 vs 3072.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<u8, shape![1536]>::zeros();
    let b = Tensor::<u8, shape![3072]>::zeros();
    let _c = a + b;
}
