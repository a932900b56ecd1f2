//! Issue 43, "typed all the way": each row of its table has a test here
//! (or a ui-test, named in the comment). The result types written out in
//! the `let`s are the assertions that no operation drops a static or
//! mixed layout.

use shaped::{Dyn, Tensor, shape};

// Row "annotation-driven constructors": the annotation alone picks the
// static constructor (no E0034 against the mixed layouts' `_sized` ones).
#[test]
fn static_constructors_from_the_annotation() {
    let z: Tensor<f32, shape![2, 3]> = Tensor::zeros();
    let o: Tensor<f32, shape![2, 3]> = Tensor::ones();
    let f: Tensor<f32, shape![2, 3]> = Tensor::full(2.5);
    let a: Tensor<i32, shape![2, 3]> = Tensor::arange();
    let g: Tensor<i32, shape![2, 3]> = Tensor::from_fn(|k| 10 * k as i32);
    let h: Tensor<usize, shape![2, 3]> = Tensor::from_fn_index(|[i, j]: [usize; 2]| 10 * i + j);
    assert_eq!(z.to_vec(), vec![0.0; 6]);
    assert_eq!(o.to_vec(), vec![1.0; 6]);
    assert_eq!(f.to_vec(), vec![2.5; 6]);
    assert_eq!(a.to_vec(), vec![0, 1, 2, 3, 4, 5]);
    assert_eq!(g.to_vec(), vec![0, 10, 20, 30, 40, 50]);
    assert_eq!(h.to_vec(), vec![0, 1, 2, 10, 11, 12]);
}

#[test]
fn mixed_constructors_take_the_dyn_sizes() {
    let z: Tensor<f32, shape![Dyn, 3]> = Tensor::zeros_sized(&[2]);
    let o: Tensor<f32, shape![Dyn, 3]> = Tensor::ones_sized(&[1]);
    let f: Tensor<f32, shape![2, Dyn]> = Tensor::full_sized(&[2], 7.0);
    let g: Tensor<i32, shape![Dyn, 2]> = Tensor::from_fn_sized(&[2], |k| k as i32);
    let h: Tensor<usize, shape![Dyn, 2]> =
        Tensor::from_fn_index_sized(&[2], |[i, j]: [usize; 2]| 10 * i + j);
    assert_eq!((&*z.shape(), z.to_vec()), (&[2, 3][..], vec![0.0; 6]));
    assert_eq!(o.to_vec(), vec![1.0; 3]);
    assert_eq!((&*f.shape(), f.to_vec()), (&[2, 2][..], vec![7.0; 4]));
    assert_eq!(g.to_vec(), vec![0, 1, 2, 3]);
    assert_eq!(h.to_vec(), vec![0, 1, 10, 11]);
    let e = Tensor::<f32, shape![Dyn, 3]>::try_zeros_sized(&[2, 2]).unwrap_err();
    assert!(e.to_string().contains("Dyn"), "{e}");
}

// Row "static reshape checked by `cargo check`": the bound holds for equal
// counts (named and large sizes included); the mismatch is the ui-tests
// `reshape_image_count` and `toolkit_reshape_count`, the missing bound
// `generic_reshape_missing_bound`.
#[test]
fn reshape_bound_holds_for_equal_counts() {
    use shaped::ReshapeTo;
    fn flat<S: ReshapeTo<shape![6]>>(t: &Tensor<i32, S>) -> Tensor<i32, shape![6]> {
        t.reshape()
    }
    let t = Tensor::<i32, shape![2, 3]>::arange();
    assert_eq!(flat(&t).to_vec(), vec![0, 1, 2, 3, 4, 5]);
    let x = Tensor::<f32, shape![48, 64, 3]>::from_fn(|k| k as f32);
    let y: Tensor<f32, shape![24, 2, 32, 2, 3]> = x.reshape();
    assert_eq!(y.as_slice(), x.as_slice());
    let big = Tensor::<u8, shape![1024, 1024, 8]>::zeros();
    let _: Tensor<u8, shape![8, 1024, 1024]> = big.reshape();
}
