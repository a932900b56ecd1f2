//! Creation functions (`eye`, `linspace`, `arange_step`, `*_like`, `tril`,
//! `triu`, `meshgrid`) against NumPy's values, on every layout.

use shaped::{Dyn, DynTensor, ShapeError, Tensor, shape};

#[test]
fn eye_matches_numpy() {
    // numpy.eye(2, 3), numpy.eye(3, 2)
    assert_eq!(DynTensor::<i32>::eye(2, 3).to_vec(), vec![1, 0, 0, 0, 1, 0]);
    assert_eq!(DynTensor::<i32>::eye(3, 2).to_vec(), vec![1, 0, 0, 1, 0, 0]);
    assert_eq!(DynTensor::<f32>::eye(0, 4).shape(), &[0, 4]);
    let s = Tensor::<u8, shape![3, 3]>::eye();
    assert_eq!(
        s,
        Tensor::<u8, shape![3, 3]>::from_slice(&[1, 0, 0, 0, 1, 0, 0, 0, 1]).unwrap()
    );
    assert_eq!(s.to_dyn(), DynTensor::<u8>::eye(3, 3));
    assert!(matches!(
        DynTensor::<f64>::try_eye(usize::MAX, 3),
        Err(ShapeError::TooLarge { .. })
    ));
}

#[test]
fn linspace_matches_numpy() {
    // numpy.linspace(0, 1, 11)[3] is 0.30000000000000004 (3 * 0.1).
    let t = DynTensor::<f64>::linspace(0.0, 1.0, 11).to_vec();
    assert_eq!(t[3], 0.30000000000000004);
    assert_eq!(t[10], 1.0);
    assert_eq!(DynTensor::<f64>::linspace(2.0, 3.0, 1).to_vec(), vec![2.0]);
    assert_eq!(DynTensor::<f64>::linspace(2.0, 3.0, 0).numel(), 0);
    assert_eq!(
        DynTensor::<f32>::linspace(1.0, -1.0, 5).to_vec(),
        vec![1.0, 0.5, 0.0, -0.5, -1.0]
    );
    let s = Tensor::<f64, shape![4]>::linspace(0.0, 3.0);
    assert_eq!(s.as_slice(), &[0.0, 1.0, 2.0, 3.0]);
    let nan = DynTensor::<f32>::linspace(0.0, f32::NAN, 2).to_vec();
    assert!(nan.iter().all(|x| x.is_nan())); // numpy: [nan, nan]
}

#[test]
fn arange_step_matches_numpy() {
    assert_eq!(
        DynTensor::<i32>::arange_step(1, 10, 3).to_vec(),
        vec![1, 4, 7]
    );
    assert_eq!(
        DynTensor::<i32>::arange_step(-5, -1, 1).to_vec(),
        vec![-5, -4, -3, -2]
    );
    assert_eq!(DynTensor::<i64>::arange_step(5, 5, 1).numel(), 0);
    assert_eq!(
        DynTensor::<u8>::arange_step(250, 255, 2).to_vec(),
        vec![250, 252, 254]
    );
    // numpy.arange(0, 1, 0.1) has 10 elements; the 4th is 0.30000000000000004.
    let f = DynTensor::<f64>::arange_step(0.0, 1.0, 0.1).to_vec();
    assert_eq!(f.len(), 10);
    assert_eq!(f[3], 0.30000000000000004);
    assert_eq!(
        DynTensor::<f64>::arange_step(1.0, 0.0, -0.25).to_vec(),
        vec![1.0, 0.75, 0.5, 0.25]
    );
    let e = DynTensor::<f32>::try_arange_step(0.0, 1.0, 0.0).unwrap_err();
    assert_eq!(e, ShapeError::ArangeStep);
    assert_eq!(e.to_string(), "step must be nonzero"); // PyTorch's arange check
    assert_eq!(DynTensor::<f64>::arange_step(0.0, f64::NAN, 1.0).numel(), 0);
    assert!(DynTensor::<f64>::try_arange_step(0.0, f64::INFINITY, 1.0).is_err());
}

/// Issue 58: integer ranges count in integer arithmetic, exactly, over
/// the whole range of the type; the expected lists are NumPy 2.4's
/// `numpy.arange(start, end, step, dtype=...)`.
#[test]
fn integer_arange_step_counts_exactly() {
    const M: i64 = i64::MAX;
    assert_eq!(
        DynTensor::<i64>::try_arange_step(M - 10, M, 3)
            .unwrap()
            .to_vec(),
        vec![
            9223372036854775797,
            9223372036854775800,
            9223372036854775803,
            9223372036854775806
        ]
    );
    assert_eq!(
        DynTensor::<i64>::try_arange_step((1 << 60) + 1, (1 << 60) + 10, 3)
            .unwrap()
            .to_vec(),
        vec![
            1152921504606846977,
            1152921504606846980,
            1152921504606846983
        ]
    );
    // With step 1 near 2^60, f64 counting gave up to 255 extra elements.
    let t = DynTensor::<i64>::arange_step(1 << 60, (1 << 60) + 100, 1).to_vec();
    assert_eq!(t.len(), 100);
    assert_eq!(*t.last().unwrap(), (1 << 60) + 99);
    assert_eq!(
        DynTensor::<i64>::arange_step(i64::MIN, i64::MIN + 7, 3).to_vec(),
        vec![
            -9223372036854775808,
            -9223372036854775805,
            -9223372036854775802
        ]
    );
    assert_eq!(
        DynTensor::<i64>::arange_step(M, M - 7, -3).to_vec(),
        vec![
            9223372036854775807,
            9223372036854775804,
            9223372036854775801
        ]
    );
    assert_eq!(
        DynTensor::<u64>::arange_step(u64::MAX - 4, u64::MAX, 2).to_vec(),
        vec![18446744073709551611, 18446744073709551613]
    );
    assert_eq!(
        DynTensor::<i8>::arange_step(-128, 127, 100).to_vec(),
        vec![-128, -28, 72]
    );
    // The widest types: a count past usize is too large, exact below it.
    assert!(DynTensor::<i128>::try_arange_step(i128::MIN, i128::MAX, 1).is_err());
    assert!(DynTensor::<u128>::try_arange_step(0, u128::MAX, 1).is_err());
    assert_eq!(
        DynTensor::<u128>::arange_step(u128::MAX - 5, u128::MAX, 2).to_vec(),
        vec![u128::MAX - 5, u128::MAX - 3, u128::MAX - 1]
    );
    assert_eq!(
        DynTensor::<i128>::arange_step(i128::MAX, i128::MIN, i128::MIN).to_vec(),
        vec![i128::MAX, -1]
    );
    // Pointing away from the end: empty, as in NumPy.
    assert_eq!(DynTensor::<i64>::arange_step(M - 1, M, -1).numel(), 0);
    assert_eq!(DynTensor::<u8>::arange_step(5, 5, 1).numel(), 0);
}

proptest::proptest! {
    /// The integer count is `len(range(start, end, step))`, checked
    /// against `i128` arithmetic for `i64` ranges of up to 64 elements.
    #[test]
    fn integer_arange_step_is_pythons_range(start in proptest::prelude::any::<i64>(), len in 0i64..64, step in -9i64..10, back in proptest::prelude::any::<bool>()) {
        proptest::prop_assume!(step != 0);
        let end = if back { start.saturating_sub(len * step.abs()) } else { start.saturating_add(len * step.abs()) };
        let want: Vec<i64> = {
            let (mut v, mut at) = (Vec::new(), start as i128);
            while (step > 0 && at < end as i128) || (step < 0 && at > end as i128) {
                v.push(at as i64);
                at += step as i128;
            }
            v
        };
        proptest::prop_assert_eq!(DynTensor::<i64>::try_arange_step(start, end, step).unwrap().to_vec(), want);
    }
}

#[test]
fn like_constructors_keep_layout_and_names() {
    let d = DynTensor::<f32>::zeros(&[2, 0, 3])
        .with_names(["a", "b", "c"])
        .unwrap();
    assert_eq!(d.ones_like().shape(), &[2, 0, 3]);
    assert_eq!(
        d.full_like(3.0).names(),
        vec![Some("a"), Some("b"), Some("c")]
    );
    let m = Tensor::<i8, shape![Dyn, 2]>::from_vec(vec![1, 2, 3, 4], &[2]).unwrap();
    assert_eq!(m.zeros_like().to_vec(), vec![0; 4]);
    let r = Tensor::<f64, shape![]>::full(5.0);
    assert_eq!(r.ones_like().as_slice(), &[1.0]);
}

#[test]
fn tril_and_triu_match_numpy() {
    let a = DynTensor::<i32>::arange(12).reshape(&[3, 4]).unwrap();
    // numpy.tril(a, 1), numpy.triu(a, -1)
    assert_eq!(
        a.tril(1).to_vec(),
        vec![0, 1, 0, 0, 4, 5, 6, 0, 8, 9, 10, 11]
    );
    assert_eq!(
        a.triu(-1).to_vec(),
        vec![0, 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11]
    );
    assert_eq!(a.tril(-5).to_vec(), vec![0; 12]);
    assert_eq!(a.triu(isize::MIN).to_vec(), a.to_vec());
    // Batched: each matrix of the last two dimensions.
    let b = DynTensor::<i32>::ones(&[2, 2, 2]);
    assert_eq!(b.triu(0).to_vec(), vec![1, 1, 0, 1, 1, 1, 0, 1]);
    let s = Tensor::<i32, shape![2, 2, 2]>::ones();
    assert_eq!(s.triu(0).to_vec(), b.triu(0).to_vec());
    let m = Tensor::<i32, shape![Dyn, 2]>::ones_sized(&[0]);
    assert_eq!(m.tril(0).numel(), 0);
    let err = DynTensor::<f32>::ones(&[3]).try_triu(0).unwrap_err();
    assert_eq!(
        err.to_string().lines().next().unwrap(),
        "Dimension out of range (expected to be in range of [-1, 0], but got -2)"
    );
    assert!(DynTensor::scalar(1.0f32).try_tril(0).is_err());
}

#[test]
fn meshgrid_ij_and_numpy_xy() {
    let x = DynTensor::from_vec(vec![1, 2, 3], &[3]).unwrap();
    let y = DynTensor::from_vec(vec![4, 5], &[2]).unwrap();
    let g = DynTensor::meshgrid(&[&x, &y]);
    assert_eq!(g[0].to_vec(), vec![1, 1, 2, 2, 3, 3]);
    assert_eq!(g[1].to_vec(), vec![4, 5, 4, 5, 4, 5]);
    // numpy.meshgrid(x, y) ("xy") is the transpose: [[1, 2, 3], [1, 2, 3]].
    let xy = g[0].transpose(0, 1).unwrap();
    assert_eq!(xy.to_vec(), vec![1, 2, 3, 1, 2, 3]);
    let z = DynTensor::scalar(7);
    let e = DynTensor::<i32>::zeros(&[0]);
    let h = DynTensor::meshgrid(&[&z, &e, &x]);
    assert_eq!(h[2].shape(), &[1, 0, 3]);
    assert!(DynTensor::meshgrid(&[] as &[&DynTensor<i32>]).is_empty());
    let bad = DynTensor::<i32>::zeros(&[2, 2]);
    let e = DynTensor::try_meshgrid(&[&x, &bad]).unwrap_err();
    assert_eq!(
        e,
        ShapeError::MeshgridRank {
            index: 1,
            shape: vec![2, 2]
        }
    );
    // PyTorch's sentence, which then prints the tensor itself.
    assert!(e.to_string().starts_with(
        "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: a 2-D tensor of shape [2, 2]"
    ));
}
