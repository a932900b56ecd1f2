// contract sums over J, which both tensors name: its sizes must be equal.
use shaped::{dim_names, shape, Tensor};

dim_names!(I, J, K);

fn main() {
    let a = Tensor::<f32, shape![I: 2, J: 3]>::zeros();
    let b = Tensor::<f32, shape![J: 4, K: 5]>::zeros();
    let _c = a.contract(&b);
}
