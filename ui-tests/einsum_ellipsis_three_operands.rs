// Every pair of `...` must broadcast: operands 0 and 1 do (1 vs 4), 1 and 2 do not (4 vs 5).
use shaped::{einsum, shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![1, 3]>::zeros();
    let b = Tensor::<f32, shape![4, 3]>::zeros();
    let c = Tensor::<f32, shape![5, 3, 2]>::zeros();
    let _d = einsum!("...i,...i,...ij->...j", a, b, c);
}
