// One label over two dimensions of different names.
use shaped::{dim_names, einsum, shape, Tensor};

dim_names!(H, W);

fn main() {
    let a = Tensor::<f32, shape![2, H: 3]>::zeros();
    let b = Tensor::<f32, shape![W: 3, 5]>::zeros();
    let _c = einsum!("ij,jk->ik", a, b);
}
