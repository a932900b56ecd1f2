// Three operands: the batch label b is 2 in the first operand, 7 in the third.
use shaped::{einsum, shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![2, 3, 4]>::zeros();
    let b = Tensor::<f32, shape![2, 4, 5]>::zeros();
    let c = Tensor::<f32, shape![7, 5]>::zeros();
    let _d = einsum!("bij,bjk,bk->bi", a, b, c);
}
