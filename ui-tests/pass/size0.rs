// SEMANTICS.md §1: size 0 is an ordinary size. It pairs with 0 or 1, the result
// is 0, and operations on empty results give empty tensors.
use shaped::{Tensor, shape};

fn main() {
    // [0] + [1] is [0].
    let a = Tensor::<f32, shape![0]>::zeros();
    let b = Tensor::<f32, shape![1]>::ones();
    let c: Tensor<f32, shape![0]> = &a + &b;
    assert_eq!(c.shape(), [0]);
    assert_eq!(c.numel(), 0);
    assert!(c.as_slice().is_empty());
    let c2: Tensor<f32, shape![0]> = &b + &a;
    assert_eq!(c2.shape(), [0]);

    // [1, 0] + [0, 1] is [0, 0].
    let x = Tensor::<f32, shape![1, 0]>::zeros();
    let y = Tensor::<f32, shape![0, 1]>::zeros();
    let z: Tensor<f32, shape![0, 0]> = x * y;
    assert_eq!(z.shape(), [0, 0]);
    assert!(z.to_vec().is_empty());

    // [0, 3] + [3] is [0, 3].
    let p = Tensor::<i64, shape![0, 3]>::zeros();
    let q = Tensor::<i64, shape![3]>::arange();
    let r: Tensor<i64, shape![0, 3]> = &p - &q;
    assert_eq!(r.shape(), [0, 3]);
    assert_eq!(r.numel(), 0);

    // [0] + [0] is [0]; [] + [0] is [0].
    let e: Tensor<i64, shape![0]> =
        Tensor::<i64, shape![0]>::zeros() + Tensor::<i64, shape![0]>::zeros();
    assert_eq!(e.shape(), [0]);
    let s: Tensor<i64, shape![0]> = Tensor::<i64, shape![]>::full(1) + e;
    assert_eq!(s.shape(), [0]);

    // In place: [0, 3] += [3] and [0, 3] += [1, 3] are fine (and do nothing).
    let mut m = Tensor::<i64, shape![0, 3]>::zeros();
    m += &q;
    m %= Tensor::<i64, shape![1, 3]>::ones();
    assert_eq!(m.shape(), [0, 3]);
}
