// Issue 21: an axis named by a dimension name the shape does not have is a
// compile error that says so and lists the names the shape has.
use shaped::{Tensor, dim_names, shape};

dim_names!(BATCH, CHANNEL, HEIGHT, WIDTH, DEPTH);

fn main() {
    let y = Tensor::<f32, shape![BATCH: 2, CHANNEL: 3, HEIGHT: 4, WIDTH: 5]>::zeros();
    let _m = y.mean_keepdim((HEIGHT, DEPTH));
}
