// Two mutable views of one tensor cannot coexist either.
use shaped::{DynTensor, s};

fn main() {
    let mut t = DynTensor::<f32>::zeros(&[4, 3]);
    let mut top = t.slice_mut(s![..2, ..]);
    let bottom = t.slice_mut(s![2.., ..]);
    top += &bottom;
}
