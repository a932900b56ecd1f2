// A repeated label takes the diagonal: its sizes must be equal.
use shaped::{einsum, shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![3, 4]>::zeros();
    let _d = einsum!("ii->i", a);
}
