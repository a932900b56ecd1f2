use shaped::{linalg, shape, Tensor};

fn main() {
    let a = Tensor::<f64, shape![3]>::zeros();
    let _ = linalg::svd(&a);
}
