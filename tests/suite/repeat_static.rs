//! `repeat_static::<R>()`: the repeats in the type, the layout computed
//! by the compiler, the elements NumPy's `tile` gives (written here) and
//! the runtime `repeat`'s.

use shaped::{Dyn, DynTensor, Tensor, shape};

#[test]
fn repeat_static_matches_numpy_tile() {
    let t = Tensor::<i32, shape![2, 2]>::from_slice(&[1, 2, 3, 4]).unwrap();
    // numpy.tile([[1, 2], [3, 4]], (2, 1))
    let r: Tensor<i32, shape![4, 2]> = t.repeat_static::<shape![2, 1]>();
    assert_eq!(r.to_vec(), vec![1, 2, 3, 4, 1, 2, 3, 4]);
    // numpy.tile([[1, 2], [3, 4]], (1, 2))
    let c: Tensor<i32, shape![2, 4]> = t.repeat_static::<shape![1, 2]>();
    assert_eq!(c.to_vec(), vec![1, 2, 1, 2, 3, 4, 3, 4]);
    // More repeats than dimensions add leading axes: numpy.tile(t, (2, 1, 1)).
    let l: Tensor<i32, shape![2, 2, 2]> = t.repeat_static::<shape![2, 1, 1]>();
    assert_eq!(l.to_vec(), vec![1, 2, 3, 4, 1, 2, 3, 4]);
    assert_eq!(l.to_vec(), t.to_dyn().repeat(&[2, 1, 1]).to_vec());
    // A repeat of 0 and a size 0.
    let z: Tensor<i32, shape![0, 2]> = t.repeat_static::<shape![0, 1]>();
    assert_eq!(z.numel(), 0);
    let e = Tensor::<i32, shape![0, 3]>::zeros();
    let ez: Tensor<i32, shape![0, 6]> = e.repeat_static::<shape![5, 2]>();
    assert_eq!(ez.shape().as_slice(), &[0, 6]);
    // Rank 0: the repeats make the shape.
    let s = Tensor::<i32, shape![]>::full(7);
    let sr: Tensor<i32, shape![3]> = s.repeat_static::<shape![3]>();
    assert_eq!(sr.to_vec(), vec![7, 7, 7]);
}

#[test]
fn repeat_static_of_mixed_and_large_layouts() {
    for n in [0, 1, 3] {
        let m = Tensor::<i32, shape![Dyn, 2]>::arange_sized(&[n]);
        let r: Tensor<i32, shape![Dyn, 6]> = m.repeat_static::<shape![2, 3]>();
        let d = DynTensor::<i32>::arange(2 * n).reshape(&[n, 2]).unwrap();
        assert_eq!(r.shape().as_slice(), &[2 * n, 6]);
        assert_eq!(r.to_vec(), d.repeat(&[2, 3]).to_vec());
    }
    // A product past 1024 is a runtime size.
    let big = Tensor::<u8, shape![40]>::full(1);
    let r: Tensor<u8, shape![Dyn]> = big.repeat_static::<shape![30]>();
    assert_eq!(r.shape().as_slice(), &[1200]);
}
