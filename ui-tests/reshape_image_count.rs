// Issue 43: the image pipeline's reshape, rejected at the user's line.
use shaped::{Tensor, shape};

fn main() {
    let x = Tensor::<f32, shape![48, 64, 3]>::zeros();
    let _y = x.reshape::<shape![24, 2, 32, 2, 2]>();
}
