// Issue 7: `[Dyn, 3] + [3]` compiles to `[Dyn, 3]`; `[Dyn, 1] + [5, 3]` has
// the static type `[5, 3]` and checks the dynamic size at run time.
use shaped::{Dyn, Tensor, shape};

fn main() {
    let x = Tensor::<f32, shape![Dyn, 3]>::ones_sized(&[6]);
    let b = Tensor::<f32, shape![3]>::from_slice(&[1.0, 2.0, 3.0]).unwrap();
    let y: Tensor<f32, shape![Dyn, 3]> = &x + &b;
    assert_eq!(&*y.shape(), &[6, 3]);
    assert_eq!(y[[5, 2]], 4.0);

    let col = Tensor::<f32, shape![Dyn, 1]>::ones_sized(&[5]);
    let z: Tensor<f32, shape![5, 3]> = &col + &Tensor::<f32, shape![5, 3]>::zeros();
    assert_eq!(z.numel(), 15);

    let wrong = Tensor::<f32, shape![Dyn, 1]>::ones_sized(&[2]);
    assert!(wrong.try_add(&Tensor::<f32, shape![5, 3]>::zeros()).is_err());

    // Dyn meets 1 without a check: the result stays dynamic.
    let w: Tensor<f32, shape![Dyn, 3]> = Tensor::<f32, shape![1, 3]>::ones() + &x;
    assert_eq!(&*w.shape(), &[6, 3]);
}
