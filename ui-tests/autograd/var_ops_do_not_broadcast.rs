// Tracked tensors broadcast as tensors do: [5, 2, 4, 1] and [3, 1, 1]
// do not (2 vs 3 at axis -3).
use shaped::autograd::Var;
use shaped::{Tensor, shape};

fn main() {
    let a = Var::param(Tensor::<f32, shape![5, 2, 4, 1]>::zeros());
    let b = Var::param(Tensor::<f32, shape![3, 1, 1]>::zeros());
    let c = &a * &b;
}
