// Issue 21: the same axis twice, once by name and once by position, is
// "listed twice", naming the second spelling.
use shaped::{Axis, Tensor, dim_names, shape};

dim_names!(BATCH, CHANNEL, HEIGHT, WIDTH);

fn main() {
    let y = Tensor::<f32, shape![BATCH: 2, CHANNEL: 3, HEIGHT: 4, WIDTH: 5]>::zeros();
    let _m = y.sum_over((HEIGHT, Axis::<2>));
}
