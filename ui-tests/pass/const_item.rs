// Sizes may be const items and constant expressions.
use shaped::{Tensor, shape};

const BATCH: usize = 1;
const HIDDEN: usize = 3;

fn main() {
    let a = Tensor::<f32, shape![BATCH, HIDDEN]>::arange();
    let b = Tensor::<f32, shape![4, 3]>::ones();
    let c: Tensor<f32, shape![4, 3]> = &a + &b;
    assert_eq!(c.shape(), [4, 3]);
    assert_eq!(
        c.to_vec(),
        [1.0, 2.0, 3.0, 1.0, 2.0, 3.0, 1.0, 2.0, 3.0, 1.0, 2.0, 3.0]
    );

    // A constant expression: [2 * 2, HIDDEN] is [4, 3].
    let d: Tensor<f32, shape![4, 3]> = Tensor::<f32, shape![2 * 2, HIDDEN]>::ones() - b;
    assert!(d.as_slice().iter().all(|&x| x == 0.0));

    // In place: [4, 3] += [BATCH, HIDDEN].
    let mut e = Tensor::<f32, shape![4, 3]>::zeros();
    e += a;
    assert_eq!(e[[3, 2]], 2.0);
}
