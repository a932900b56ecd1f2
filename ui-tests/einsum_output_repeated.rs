// An output label appears once.
use shaped::{einsum, shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::zeros();
    let _c = einsum!("ij->ii", a);
}
