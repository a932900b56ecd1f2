use shaped::{linalg, shape, Tensor};

fn main() {
    let a = Tensor::<f64, shape![1, 3]>::zeros();
    let _ = linalg::eigh(&a);
}
