// einsum! computes the result type; a wrong annotation would not compile.
use shaped::{Dyn, dim_names, einsum, shape, Tensor};

dim_names!(H, W);

fn main() {
    let a = Tensor::<f32, shape![2, 3, 4]>::arange();
    let b = Tensor::<f32, shape![2, 4, 5]>::ones();
    let c: Tensor<f32, shape![2, 3, 5]> = einsum!("bij,bjk->bik", a, b);
    assert_eq!(c, a.matmul(&b));
    let r: Tensor<f32, shape![2, 3, 5]> = einsum!("bij,bjk->bik", &a, &b);
    assert_eq!(r, c);
    let t: Tensor<f32, shape![5, 3, 2]> = einsum!("bij,bjk->kib", a, b);
    assert_eq!(t[[4, 2, 1]], c[[1, 2, 4]]);
    // Implicit output: the labels seen once, alphabetically.
    let i: Tensor<f32, shape![3, 5]> = einsum!("bij,bjk", a, b);
    assert_eq!(i[[1, 2]], c[[0, 1, 2]] + c[[1, 1, 2]]);
    // Mixed layouts: the static size wins over Dyn.
    let m = Tensor::<f32, shape![Dyn, 4]>::ones_sized(&[3]);
    let w = Tensor::<f32, shape![4, 5]>::ones();
    let n: Tensor<f32, shape![Dyn, 5]> = einsum!("ij,jk->ik", m, w);
    assert_eq!(n.as_slice(), &[4.0; 15]);
    let d: Tensor<f32, shape![Dyn]> = einsum!("ij->i", m);
    assert_eq!(&*d.shape(), &[3]);
    // Names ride along.
    let x = Tensor::<f32, shape![H: 2, 3]>::ones();
    let y = Tensor::<f32, shape![3, W: 4]>::ones();
    let z: Tensor<f32, shape![H: 2, W: 4]> = einsum!("ij,jk->ik", x, y);
    assert_eq!(z.names(), [Some("H"), Some("W")]);
}
