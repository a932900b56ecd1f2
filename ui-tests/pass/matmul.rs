// Promotion, batch broadcasting and `Dyn` batches, each result type written out.
use shaped::{Dyn, MatMul, Tensor, shape};

fn main() {
    let v = Tensor::<f32, shape![3]>::ones();
    let m = Tensor::<f32, shape![4, 3]>::ones();
    let dot: Tensor<f32, shape![]> = v.matmul(&v);
    assert_eq!(dot.as_slice(), &[3.0]);
    let mv: Tensor<f32, shape![4]> = m.matmul(&v);
    assert_eq!(mv.as_slice(), &[3.0; 4]);
    let w = Tensor::<f32, shape![3, 5]>::ones();
    let vm: Tensor<f32, shape![5]> = v.matmul(&w);
    assert_eq!(vm.as_slice(), &[3.0; 5]);
    let mm: Tensor<f32, shape![4, 5]> = m.matmul(&w);
    assert_eq!(mm[[3, 4]], 3.0);
    let a = Tensor::<f32, shape![7, 1, 4, 3]>::ones();
    let b = Tensor::<f32, shape![2, 3, 5]>::ones();
    let c: Tensor<f32, MatMul<shape![7, 1, 4, 3], shape![2, 3, 5]>> = a.matmul(&b);
    let d: Tensor<f32, shape![7, 2, 4, 5]> = c;
    assert_eq!(d[[6, 1, 3, 4]], 3.0);
    let x = Tensor::<f32, shape![Dyn, 4, 3]>::ones_sized(&[6]);
    let y: Tensor<f32, shape![Dyn, 4, 5]> = x.matmul(&w);
    assert_eq!(&*y.shape(), &[6, 4, 5]);
    // A static batch size against a `Dyn` one is static in the result.
    let one = Tensor::<f32, shape![Dyn, 4, 3]>::ones_sized(&[1]);
    let z: Tensor<f32, shape![2, 4, 5]> = one.matmul(&b);
    assert_eq!(z[[1, 3, 4]], 3.0);
}
