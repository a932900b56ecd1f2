// Sizes above 1024 (stored differently at the type level) broadcast like any
// other: with 1, with themselves, and mixed with sizes up to 1024.
use shaped::{Tensor, shape};

fn main() {
    // [1536] + [1, 1536] is [1, 1536].
    let a = Tensor::<u32, shape![1536]>::arange();
    let b = Tensor::<u32, shape![1, 1536]>::full(1);
    let c: Tensor<u32, shape![1, 1536]> = &a + &b;
    assert_eq!(c.shape(), [1, 1536]);
    assert_eq!(c.to_vec(), (1..1537).collect::<Vec<_>>());

    // [50257] + [1] is [50257] (a GPT-2 vocabulary).
    let v = Tensor::<u8, shape![50257]>::zeros();
    let one = Tensor::<u8, shape![1]>::full(7);
    let w: Tensor<u8, shape![50257]> = v + one;
    assert_eq!(w.shape(), [50257]);
    assert!(w.as_slice().iter().all(|&x| x == 7));

    // [11008, 1] + [1, 3] is [11008, 3].
    let col = Tensor::<u32, shape![11008, 1]>::arange();
    let row = Tensor::<u32, shape![1, 3]>::arange();
    let m: Tensor<u32, shape![11008, 3]> = &col * &Tensor::<u32, shape![]>::full(10) + &row;
    assert_eq!(m.shape(), [11008, 3]);
    assert_eq!(m[[0, 0]], 0);
    assert_eq!(m[[11007, 2]], 110072);
    assert_eq!(m[[5, 1]], 51);

    // [3, 1] + [1, 4096] is [3, 4096]; [4096] + [4096] is [4096].
    let g: Tensor<u16, shape![3, 4096]> =
        Tensor::<u16, shape![3, 1]>::arange() + Tensor::<u16, shape![1, 4096]>::ones();
    assert_eq!(g.shape(), [3, 4096]);
    assert_eq!((g[[0, 4095]], g[[2, 0]]), (1, 3));
    let h: Tensor<u16, shape![4096]> =
        Tensor::<u16, shape![4096]>::ones() + Tensor::<u16, shape![4096]>::ones();
    assert!(h.as_slice().iter().all(|&x| x == 2));

    // In place: [2, 1536] += [1536] and [3072] -= [1].
    let mut p = Tensor::<u32, shape![2, 1536]>::zeros();
    p += &a;
    assert_eq!((p[[0, 1535]], p[[1, 7]]), (1535, 7));
    let mut q = Tensor::<i32, shape![3072]>::zeros();
    q -= Tensor::<i32, shape![1]>::full(2);
    assert!(q.as_slice().iter().all(|&x| x == -2));
}
