// Values, references and scalars on either side all broadcast the same way.
use shaped::{Tensor, shape};

fn main() {
    let a = Tensor::<f64, shape![2, 1]>::from_slice(&[1.0, 2.0]).unwrap();
    let b = Tensor::<f64, shape![3]>::from_slice(&[10.0, 20.0, 30.0]).unwrap();
    let expect = [11.0, 21.0, 31.0, 12.0, 22.0, 32.0];
    let c1: Tensor<f64, shape![2, 3]> = &a + &b;
    let c2: Tensor<f64, shape![2, 3]> = a.clone() + &b;
    let c3: Tensor<f64, shape![2, 3]> = &a + b.clone();
    let c4: Tensor<f64, shape![2, 3]> = a.clone() + b.clone();
    for c in [&c1, &c2, &c3, &c4] {
        assert_eq!(c.to_vec(), expect);
    }
    // b + a has the same shape as a + b.
    let d: Tensor<f64, shape![2, 3]> = &b - &a;
    assert_eq!(d.to_vec(), [9.0, 19.0, 29.0, 8.0, 18.0, 28.0]);
    let e = &b / &a;
    assert_eq!(e.to_vec(), [10.0, 20.0, 30.0, 5.0, 10.0, 15.0]);
    let f = Tensor::<i32, shape![2, 3]>::arange() % Tensor::<i32, shape![1]>::full(4);
    assert_eq!(f.to_vec(), [0, 1, 2, 3, 0, 1]);

    // Scalars on either side, and unary minus.
    assert_eq!((&b * 2.0).to_vec(), [20.0, 40.0, 60.0]);
    assert_eq!((2.0 * &b).to_vec(), [20.0, 40.0, 60.0]);
    assert_eq!((100.0 - b.clone()).to_vec(), [90.0, 80.0, 70.0]);
    assert_eq!((-&a).to_vec(), [-1.0, -2.0]);
    assert_eq!(
        (7u8 % Tensor::<u8, shape![2]>::from_slice(&[2, 4]).unwrap()).to_vec(),
        [1, 3]
    );
}
