// Rank 8 (the longest shapes printed in full in errors) and rank 9 broadcast
// like any other.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<u32, shape![2, 1, 2, 1, 2, 1, 2, 1]>::arange();
    let b = Tensor::<u32, shape![1, 2, 1, 2, 1, 2, 1, 2]>::arange();
    let c: Tensor<u32, shape![2, 2, 2, 2, 2, 2, 2, 2]> =
        &a * &Tensor::<u32, shape![]>::full(100) + &b;
    assert_eq!(c.shape(), [2; 8]);
    assert_eq!(c.numel(), 256);
    // Element at multi-index i: 100 * a[i with odd axes set to 0] + b[i with even axes set to 0].
    for flat in 0..256usize {
        let i: [usize; 8] = core::array::from_fn(|k| (flat >> (7 - k)) & 1);
        let ia: [usize; 8] = core::array::from_fn(|k| if k % 2 == 0 { i[k] } else { 0 });
        let ib: [usize; 8] = core::array::from_fn(|k| if k % 2 == 1 { i[k] } else { 0 });
        assert_eq!(c[i], 100 * a[ia] + b[ib], "at {i:?}");
    }

    // Rank 8 with a lower rank, and rank 9.
    let d: Tensor<u8, shape![3, 1, 1, 1, 1, 1, 1, 4]> =
        Tensor::<u8, shape![3, 1, 1, 1, 1, 1, 1, 1]>::ones() + Tensor::<u8, shape![4]>::ones();
    assert_eq!(d.shape(), [3, 1, 1, 1, 1, 1, 1, 4]);
    let e: Tensor<u8, shape![2, 1, 1, 1, 1, 1, 1, 3, 4]> =
        Tensor::<u8, shape![2, 1, 1, 1, 1, 1, 1, 1, 4]>::ones()
            + Tensor::<u8, shape![3, 1]>::ones();
    assert_eq!(e.shape(), [2, 1, 1, 1, 1, 1, 1, 3, 4]);
    assert!(e.as_slice().iter().all(|&x| x == 2));
    let mut f = e;
    f += Tensor::<u8, shape![1, 1, 1, 1, 1, 1, 1, 1, 1]>::ones();
    assert!(f.as_slice().iter().all(|&x| x == 3));
}
