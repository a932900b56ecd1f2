// Issue 5: by name, the unnamed dimensions still broadcast by position
// among themselves: 10 vs 7 (CHANNEL is named, so lbl's 7 meets img's 10).
use shaped::{Tensor, dim_names, shape};

dim_names!(CHANNEL, H, W);

fn main() {
    let img = Tensor::<f32, shape![10, CHANNEL: 3, H: 4, W: 5]>::zeros();
    let lbl = Tensor::<f32, shape![7, H: 4, W: 5]>::zeros();
    let _ = img + lbl;
}
