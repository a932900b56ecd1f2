// contract: the unnamed dimensions broadcast by position, 5 vs 2 does not.
use shaped::{dim_names, shape, Tensor};

dim_names!(H, W);

fn main() {
    let img = Tensor::<f32, shape![5, H: 4, W: 3]>::zeros();
    let lbl = Tensor::<f32, shape![2, H: 4, W: 3]>::zeros();
    let _c = img.contract(&lbl);
}
