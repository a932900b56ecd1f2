// Issue 44: `meshgrid` takes vectors; a matrix input does not compile.
use shaped::{Tensor, meshgrid, shape};

fn main() {
    let x = Tensor::<f32, shape![3]>::zeros();
    let m = Tensor::<f32, shape![2, 2]>::zeros();
    let _g = meshgrid((&x, &m));
}
