// SEMANTICS.md §1: rank-0 tensors (scalars) broadcast with everything.
use shaped::{Tensor, shape};

fn main() {
    let s = Tensor::<i32, shape![]>::full(10);
    let m = Tensor::<i32, shape![3, 4]>::arange();

    // [] + [3, 4] is [3, 4], and so is [3, 4] + [].
    let c: Tensor<i32, shape![3, 4]> = &s + &m;
    assert_eq!(c.shape(), [3, 4]);
    assert_eq!(c.to_vec(), (10..22).collect::<Vec<_>>());
    let d: Tensor<i32, shape![3, 4]> = &m - &s;
    assert_eq!(d.to_vec(), (-10..2).collect::<Vec<_>>());

    // [] + [] is [], with one element.
    let e: Tensor<i32, shape![]> = &s * &Tensor::<i32, shape![]>::full(3);
    assert!(e.shape().is_empty());
    assert_eq!((e.rank(), e.numel()), (0, 1));
    assert_eq!(e.as_slice(), &[30]);

    // In place: [3, 4] += [] is fine.
    let mut f = m;
    f += &s;
    assert_eq!(f.to_vec(), (10..22).collect::<Vec<_>>());
}
