use shaped::{linalg, shape, Tensor};

fn main() {
    let a = Tensor::<f64, shape![3, 2]>::zeros();
    let b = Tensor::<f64, shape![4, 1]>::zeros();
    let _ = linalg::lstsq(&a, &b);
}
