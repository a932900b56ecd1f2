// A mutable view and another view of the same tensor cannot coexist: the
// borrow checker refuses the second while the first is used.
use shaped::{DynTensor, s};

fn main() {
    let mut t = DynTensor::<f32>::zeros(&[4, 3]);
    let row = t.slice(s![0, ..]);
    let mut col = t.index_axis_mut(1, 0);
    col += &row;
}
