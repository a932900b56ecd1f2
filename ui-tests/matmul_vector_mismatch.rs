// Matrix times vector: the vector's length is the inner size.
use shaped::{shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::zeros();
    let v = Tensor::<f32, shape![4]>::zeros();
    let _c = a.matmul(&v);
}
