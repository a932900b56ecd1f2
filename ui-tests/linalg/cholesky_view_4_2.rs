use shaped::{linalg, shape, Axis, Tensor};

fn main() {
    // A view's layout is checked as a tensor's is.
    let a = Tensor::<f64, shape![2, 4]>::zeros();
    let t = a.view().transpose(Axis::<0>, Axis::<1>);
    let _ = linalg::cholesky(&t);
}
