// Seed 004: X (64, 32, 8, 5) and Y (64, 32, 8) are not broadcastable
// (right-aligned, the last pair is 5 vs 8).
use shaped::{Tensor, shape};

fn main() {
    let x = Tensor::<f32, shape![64, 32, 8, 5]>::zeros();
    let y = Tensor::<f32, shape![64, 32, 8]>::zeros();
    let _z = x + y;
}
