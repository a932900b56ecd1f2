// Issue 44: `outer` of a mixed vector and a matrix does not compile.
use shaped::{Dyn, Tensor, shape};

fn main() {
    let x = Tensor::<f32, shape![Dyn]>::zeros_sized(&[3]);
    let m = Tensor::<f32, shape![Dyn, 2]>::zeros_sized(&[2]);
    let _o = x.outer(&m);
}
