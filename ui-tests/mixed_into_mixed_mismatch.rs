// A static tensor can be seen through a mixed shape only with equal static sizes.
use shaped::{Dyn, Tensor, shape};

fn main() {
    let t = Tensor::<f32, shape![2, 3]>::zeros();
    let _m: Tensor<f32, shape![Dyn, 4]> = t.into_mixed();
}
