// Generic code reshaping a static tensor names the public bound
// `S: ReshapeTo<S2>` (and nothing internal).
use shaped::{Shape, Tensor, shape};

fn flat<S: Shape>(t: &Tensor<f32, S>) -> Tensor<f32, shape![6]> {
    t.reshape()
}

fn main() {
    let _ = flat::<shape![2, 3]>;
}
