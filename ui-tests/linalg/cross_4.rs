use shaped::{linalg, shape, Tensor};

fn main() {
    let a = Tensor::<f64, shape![2, 4]>::zeros();
    let b = Tensor::<f64, shape![4]>::zeros();
    let _ = linalg::cross(&a, &b);
}
