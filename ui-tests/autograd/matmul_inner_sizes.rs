// A planted mistake of a hand-written backward pass, `x @ g` for
// `x.t() @ g`, cannot be made: products check their inner sizes.
use shaped::autograd::Var;
use shaped::{Tensor, shape};

fn main() {
    let x = Var::constant(Tensor::<f32, shape![64, 784]>::zeros());
    let w = Var::param(Tensor::<f32, shape![256, 10]>::zeros());
    let y = x.matmul(&w);
}
