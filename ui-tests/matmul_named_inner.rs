// Two differently named inner dimensions do not multiply.
use shaped::{dim_names, shape, Tensor};

dim_names!(N, K, J, P);

fn main() {
    let a = Tensor::<f32, shape![N: 2, K: 3]>::zeros();
    let b = Tensor::<f32, shape![J: 3, P: 4]>::zeros();
    let _c = a.matmul(&b);
}
