// Issue 5: with names on one side only, broadcasting is positional, and the
// seed's img + lbl fails as it would without names (3 vs 10).
use shaped::{Tensor, dim_names, shape};

dim_names!(CHANNEL, H, W);

fn main() {
    let img = Tensor::<u8, shape![10, CHANNEL: 3, H: 256, W: 384]>::zeros();
    let lbl = Tensor::<u8, shape![10, 256, 384]>::zeros();
    let _ = img + lbl;
}
