// A size given by a const item: shape![BATCH, 3] with BATCH = 2 does not
// broadcast with [4, 3] (2 vs 4 at axis -2).
use shaped::{Tensor, shape};

const BATCH: usize = 2;

fn main() {
    let a = Tensor::<f32, shape![BATCH, 3]>::zeros();
    let b = Tensor::<f32, shape![4, 3]>::zeros();
    let _c = a + b;
}
