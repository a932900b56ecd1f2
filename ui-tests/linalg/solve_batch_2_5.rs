use shaped::{linalg, shape, Tensor};

fn main() {
    // The batches [2] and [5] do not broadcast.
    let a = Tensor::<f64, shape![2, 3, 3]>::zeros();
    let b = Tensor::<f64, shape![5, 3, 1]>::zeros();
    let _ = linalg::solve(&a, &b);
}
