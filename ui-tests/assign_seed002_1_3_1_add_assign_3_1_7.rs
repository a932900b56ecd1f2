// Seed 002 / SEMANTICS.md §2: x = empty(1, 3, 1); x += empty(3, 1, 7) fails
// even though x + y has a shape ([3, 3, 7]): it would not fit in x.
use shaped::{Tensor, shape};

fn main() {
    let mut x = Tensor::<f32, shape![1, 3, 1]>::zeros();
    let y = Tensor::<f32, shape![3, 1, 7]>::zeros();
    x += y;
}
