// Issue 5, seed 004: `lbl_pred + lbl_prob` at the seed's sizes. CLASS has
// no match in lbl_pred, which has the larger rank.
use shaped::{Tensor, dim_names, shape};

dim_names!(CLASS, SCALE1, SCALE2, SCALE3, H, W);

fn main() {
    let lbl_pred = Tensor::<u8, shape![20, SCALE1: 1, SCALE2: 17, SCALE3: 15, H: 512, W: 512]>::zeros();
    let lbl_prob = Tensor::<u8, shape![20, CLASS: 3, H: 512, W: 512]>::zeros();
    let _ = lbl_pred + lbl_prob;
}
