//! `from_fn` (flat index) and `from_fn_index` (multi-index) on static,
//! mixed and runtime tensors: the same values in the same order on all
//! three, checked against indices computed here, and the errors of the
//! `try_` forms.

use shaped::{Dyn, DynTensor, Tensor, shape};

/// Every multi-index of `dims` in row-major order, written out by nested
/// counting (independently of the crate's own stepping).
fn all_indices(dims: &[usize]) -> Vec<Vec<usize>> {
    let mut out = vec![vec![]];
    for &d in dims {
        out = out
            .into_iter()
            .flat_map(|prefix| {
                (0..d).map(move |i| {
                    let mut p = prefix.clone();
                    p.push(i);
                    p
                })
            })
            .collect();
    }
    out
}

fn code(idx: &[usize]) -> i64 {
    idx.iter().fold(0, |acc, &i| acc * 100 + i as i64 + 1)
}

#[test]
fn static_multi_index_is_an_array_of_the_rank() {
    let t = Tensor::<i64, shape![2, 3, 4]>::from_fn_index(|[i, j, k]| code(&[i, j, k]));
    let want: Vec<i64> = all_indices(&[2, 3, 4]).iter().map(|v| code(v)).collect();
    assert_eq!(t.to_vec(), want);
    assert_eq!(t[[1, 2, 3]], code(&[1, 2, 3]));

    // Rank 0: one element, the empty index.
    let s = Tensor::<i64, shape![]>::from_fn_index(|idx: [usize; 0]| idx.len() as i64 + 7);
    assert_eq!(s.to_vec(), vec![7]);
    // Size 0: the function is never called.
    let e = Tensor::<i64, shape![3, 0]>::from_fn_index(|_| unreachable!("no elements"));
    assert_eq!(e.numel(), 0);
}

#[test]
fn flat_and_multi_index_agree_on_every_kind() {
    let dims = [3, 2, 5];
    let want: Vec<i64> = all_indices(&dims).iter().map(|v| code(v)).collect();
    let flat: Vec<i64> = (0..30).map(|k| k as i64 * 3 - 4).collect();

    let st = Tensor::<i64, shape![3, 2, 5]>::from_fn(|k| k as i64 * 3 - 4);
    assert_eq!(st.to_vec(), flat);

    let mx =
        Tensor::<i64, shape![3, Dyn, 5]>::from_fn_index_sized(&[2], |[i, j, k]| code(&[i, j, k]));
    assert_eq!((&*mx.shape(), mx.to_vec()), (&dims[..], want.clone()));
    let mf = Tensor::<i64, shape![Dyn, 2, Dyn]>::from_fn_sized(&[3, 5], |k| k as i64 * 3 - 4);
    assert_eq!(mf.to_vec(), flat);

    let dy = DynTensor::from_fn_index(&dims, code);
    assert_eq!((dy.shape(), dy.to_vec()), (&dims[..], want));
    let df = DynTensor::from_fn(&dims, |k| k as i64 * 3 - 4);
    assert_eq!(df.to_vec(), flat);

    // The function runs once per element, in row-major order.
    let mut seen = Vec::new();
    let _ = DynTensor::from_fn_index(&[2, 2], |idx| {
        seen.push(idx.to_vec());
        0i32
    });
    assert_eq!(seen, all_indices(&[2, 2]));
}

#[test]
fn try_forms_return_the_errors() {
    // Wrong number of `Dyn` sizes.
    let e = Tensor::<f32, shape![Dyn, 3]>::try_from_fn_sized(&[2, 2], |_| 0.0).unwrap_err();
    assert_eq!(
        e.to_string(),
        Tensor::<f32, shape![Dyn, 3]>::try_zeros_sized(&[2, 2])
            .unwrap_err()
            .to_string()
    );
    assert!(Tensor::<f32, shape![Dyn, 3]>::try_from_fn_index_sized(&[], |_| 0.0).is_err());
    // An element count past `usize`: an error, no allocation, no call.
    let huge = [usize::MAX, 2];
    assert!(DynTensor::<u8>::try_from_fn(&huge, |_| unreachable!()).is_err());
    assert!(DynTensor::<u8>::try_from_fn_index(&huge, |_| unreachable!()).is_err());
    assert!(
        Tensor::<u8, shape![Dyn, 2]>::try_from_fn_index_sized(&[usize::MAX], |_| unreachable!())
            .is_err()
    );
    // Rank 0 at run time.
    let s = DynTensor::from_fn_index(&[], |idx| idx.len() as i32 + 1);
    assert_eq!((s.shape(), s.to_vec()), (&[][..], vec![1]));
}
