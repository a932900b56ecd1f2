// A gradient has its parameter's layout: the gradient of a [64, 32]
// weight is not a [32, 64] tensor (the transposed-gradient mistake).
use shaped::autograd::Var;
use shaped::{Tensor, shape};

fn main() {
    let w = Var::param(Tensor::<f32, shape![64, 32]>::zeros());
    let grads = w.sum().backward();
    let g: Tensor<f32, shape![32, 64]> = grads.get(&w);
}
