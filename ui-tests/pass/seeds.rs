// The seeds' compatible examples: shapes (SEMANTICS.md §1 table) and the test
// vectors of seeds 001 and 003.
use shaped::{Tensor, shape};

fn main() {
    // SEMANTICS.md §1 table.
    let r: Tensor<f32, shape![4, 3]> =
        Tensor::<f32, shape![4, 3]>::zeros() + Tensor::<f32, shape![1, 3]>::zeros();
    assert_eq!(r.shape(), [4, 3]);
    let r: Tensor<f32, shape![5, 3, 4, 1]> =
        Tensor::<f32, shape![5, 3, 4, 1]>::zeros() + Tensor::<f32, shape![3, 1, 1]>::zeros();
    assert_eq!(r.shape(), [5, 3, 4, 1]);
    let r: Tensor<f32, shape![5, 3, 4, 2]> =
        Tensor::<f32, shape![5, 1, 4, 1]>::zeros() + Tensor::<f32, shape![3, 1, 2]>::zeros();
    assert_eq!(r.shape(), [5, 3, 4, 2]);
    let r: Tensor<f32, shape![3, 1, 7]> =
        Tensor::<f32, shape![1]>::zeros() + Tensor::<f32, shape![3, 1, 7]>::zeros();
    assert_eq!(r.shape(), [3, 1, 7]);
    let r: Tensor<f32, shape![4, 3]> =
        Tensor::<f32, shape![4, 1]>::zeros() + Tensor::<f32, shape![3]>::zeros();
    assert_eq!(r.shape(), [4, 3]);
    let r: Tensor<f32, shape![2, 3, 4]> =
        Tensor::<f32, shape![2, 3, 4]>::zeros() + Tensor::<f32, shape![2, 1, 1]>::zeros();
    assert_eq!(r.shape(), [2, 3, 4]);
    let r: Tensor<f32, shape![2, 3, 2]> =
        Tensor::<f32, shape![1, 3, 2]>::zeros() + Tensor::<f32, shape![2, 3, 1]>::zeros();
    assert_eq!(r.shape(), [2, 3, 2]);
    // Seed 004: X (64, 32, 8, 5) and Y (32, 8, 1) broadcast.
    let r: Tensor<u8, shape![64, 32, 8, 5]> =
        Tensor::<u8, shape![64, 32, 8, 5]>::zeros() + Tensor::<u8, shape![32, 8, 1]>::zeros();
    assert_eq!(r.shape(), [64, 32, 8, 5]);

    // Seed 001: a = arange(4).reshape(2, 2), b = [1, 2].
    let a = Tensor::<i64, shape![2, 2]>::arange();
    let b = Tensor::<i64, shape![2]>::from_slice(&[1, 2]).unwrap();
    assert_eq!((&a + &b).to_vec(), [1, 3, 3, 5]); // a + b and a + b[None]
    let b_col = Tensor::<i64, shape![2, 1]>::from_slice(&[1, 2]).unwrap();
    assert_eq!((&a + &b_col).to_vec(), [1, 2, 4, 5]); // a + b[:, None]
    // Seed 001: A (1, 3, 2) + B (2, 3, 1).
    let big_a = Tensor::<i64, shape![1, 3, 2]>::arange();
    let big_b = Tensor::<i64, shape![2, 3, 1]>::arange();
    let c: Tensor<i64, shape![2, 3, 2]> = big_a + big_b;
    assert_eq!(c.to_vec(), [0, 1, 3, 4, 6, 7, 3, 4, 6, 7, 9, 10]);
    // Seed 001: [[1, 2]] + [[1], [2]] and the (2, 2, 1) + (1, 2, 2) example.
    let p = Tensor::<i64, shape![1, 2]>::from_slice(&[1, 2]).unwrap()
        + Tensor::<i64, shape![2, 1]>::from_slice(&[1, 2]).unwrap();
    assert_eq!(p.to_vec(), [2, 3, 3, 4]);
    let q = Tensor::<i64, shape![2, 2, 1]>::from_slice(&[1, 2, 3, 4]).unwrap()
        + Tensor::<i64, shape![1, 2, 2]>::from_slice(&[1, 2, 2, 3]).unwrap();
    assert_eq!(q.shape(), [2, 2, 2]);
    assert_eq!(q.to_vec(), [2, 3, 4, 5, 4, 5, 6, 7]);

    // Seed 003, examples 2, 3 and 8.
    let x = Tensor::<i64, shape![2, 4, 3]>::arange();
    let z = x + Tensor::<i64, shape![1, 3]>::arange();
    assert_eq!(
        z.to_vec(),
        [
            0, 2, 4, 3, 5, 7, 6, 8, 10, 9, 11, 13, 12, 14, 16, 15, 17, 19, 18, 20, 22, 21, 23, 25
        ]
    );
    let z = x + Tensor::<i64, shape![4, 1]>::arange();
    assert_eq!(
        z.to_vec(),
        [
            0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 12, 13, 14, 16, 17, 18, 20, 21, 22, 24, 25, 26
        ]
    );
    let x = Tensor::<i64, shape![2, 4, 3, 1]>::arange();
    let y = Tensor::<i64, shape![2, 1, 3, 2]>::arange();
    let z: Tensor<i64, shape![2, 4, 3, 2]> = x + y;
    assert_eq!(
        z.to_vec(),
        [
            0, 1, 3, 4, 6, 7, 3, 4, 6, 7, 9, 10, 6, 7, 9, 10, 12, 13, 9, 10, 12, 13, 15,
            16, //
            18, 19, 21, 22, 24, 25, 21, 22, 24, 25, 27, 28, 24, 25, 27, 28, 30, 31, 27, 28, 30, 31,
            33, 34,
        ]
    );
}
