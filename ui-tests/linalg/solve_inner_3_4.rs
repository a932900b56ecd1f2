use shaped::{linalg, shape, Tensor};

fn main() {
    let a = Tensor::<f64, shape![3, 3]>::zeros();
    let b = Tensor::<f64, shape![4, 2]>::zeros();
    let _ = linalg::solve(&a, &b);
}
