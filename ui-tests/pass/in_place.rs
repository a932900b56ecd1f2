// SEMANTICS.md §2: `a op= b` where `b` broadcasts to `a`'s shape.
use shaped::{Tensor, shape};

fn main() {
    // Seed 002: [5, 3, 4, 1] += [3, 1, 1] keeps the shape [5, 3, 4, 1].
    let mut x = Tensor::<f32, shape![5, 3, 4, 1]>::zeros();
    let y = Tensor::<f32, shape![3, 1, 1]>::from_slice(&[1.0, 2.0, 3.0]).unwrap();
    x += &y;
    assert_eq!(x.shape(), [5, 3, 4, 1]);
    for i in 0..5 {
        for j in 0..3 {
            for k in 0..4 {
                assert_eq!(x[[i, j, k, 0]], (j + 1) as f32);
            }
        }
    }

    // Every operator, with a tensor value, a reference and a scalar.
    let mut a = Tensor::<i32, shape![4, 3]>::arange(); // 0..12
    a -= Tensor::<i32, shape![3]>::from_slice(&[0, 1, 2]).unwrap();
    assert_eq!(a.to_vec(), [0, 0, 0, 3, 3, 3, 6, 6, 6, 9, 9, 9]);
    a *= &Tensor::<i32, shape![4, 1]>::from_slice(&[1, 2, 3, 4]).unwrap();
    assert_eq!(a.to_vec(), [0, 0, 0, 6, 6, 6, 18, 18, 18, 36, 36, 36]);
    a /= Tensor::<i32, shape![1, 1]>::full(3);
    assert_eq!(a.to_vec(), [0, 0, 0, 2, 2, 2, 6, 6, 6, 12, 12, 12]);
    a %= &Tensor::<i32, shape![1, 3]>::from_slice(&[5, 4, 7]).unwrap();
    assert_eq!(a.to_vec(), [0, 0, 0, 2, 2, 2, 1, 2, 6, 2, 0, 5]);
    a += 1;
    a *= 2;
    assert_eq!(a.to_vec(), [2, 2, 2, 6, 6, 6, 4, 6, 14, 6, 2, 12]);

    // Equal shapes, and a [1, 3, 1] += [1] (the reverse of seed 002's error).
    let mut b = Tensor::<f64, shape![1, 3, 1]>::arange();
    b += Tensor::<f64, shape![1, 3, 1]>::ones();
    b += Tensor::<f64, shape![1]>::full(0.5);
    assert_eq!(b.to_vec(), [1.5, 2.5, 3.5]);
}
