// `einsum!` checks its equation against concrete layouts; in generic code
// it says so, and points to the bounds generic code can name.
use shaped::{einsum, Shape, Tensor};

fn trace<S: Shape>(a: &Tensor<f32, S>) {
    let _c = einsum!("ij->ji", a);
}

fn main() {
    let _ = trace::<shaped::shape![2, 3]>;
}
