use shaped::{linalg, shape, Tensor};

fn main() {
    let a = Tensor::<f64, shape![7, 2, 5]>::zeros();
    let _ = linalg::matrix_power(&a, 3);
}
