// Updating a parameter with another parameter's gradient: [64, 32] minus
// the gradient of a [10] bias does not broadcast.
use shaped::autograd::Var;
use shaped::{Tensor, shape};

fn main() {
    let w = Var::param(Tensor::<f32, shape![64, 32]>::zeros());
    let b = Var::param(Tensor::<f32, shape![10]>::zeros());
    let grads = (w.sum() + b.sum()).backward();
    let updated = w.value() - grads.get(&b) * 0.1;
}
