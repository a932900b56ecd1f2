// The batch dimensions broadcast; 2 against 5 does not.
use shaped::{shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![2, 4, 3]>::zeros();
    let b = Tensor::<f32, shape![5, 3, 2]>::zeros();
    let _c = a.matmul(&b);
}
