//! diagonal, trace, outer, kron against NumPy's values.

use shaped::{DynTensor, ShapeError, ShapeErrorKind, Tensor, shape};

#[test]
fn diagonal_matches_numpy() {
    let a = DynTensor::<i32>::arange(12).reshape(&[3, 4]).unwrap();
    // numpy.diagonal(a, k) for k = 0, 1, 3, 4, -1, -2, -3
    assert_eq!(a.diagonal(0, 0, 1).to_vec(), vec![0, 5, 10]);
    assert_eq!(a.diagonal(1, 0, 1).to_vec(), vec![1, 6, 11]);
    assert_eq!(a.diagonal(3, 0, 1).to_vec(), vec![3]);
    assert_eq!(a.diagonal(4, 0, 1).shape(), &[0]);
    assert_eq!(a.diagonal(-1, 0, 1).to_vec(), vec![4, 9]);
    assert_eq!(a.diagonal(-2, 0, 1).to_vec(), vec![8]);
    assert_eq!(a.diagonal(-3, 0, 1).numel(), 0);
    assert_eq!(a.diagonal(isize::MIN, 0, 1).numel(), 0);
    // Swapped axes read the transpose's diagonal.
    assert_eq!(a.diagonal(1, 1, 0).to_vec(), vec![4, 9]);
    // numpy.diagonal(b, 0, 0, 2) of b = arange(24).reshape(2, 3, 4): shape (3, 2)
    let b = DynTensor::<i32>::arange(24).reshape(&[2, 3, 4]).unwrap();
    let d = b.diagonal(0, 0, 2);
    assert_eq!(d.shape(), &[3, 2]);
    assert_eq!(d.to_vec(), vec![0, 13, 4, 17, 8, 21]);
    assert!(matches!(
        a.try_diagonal(0, 0, -2),
        Err(ShapeError::DuplicateAxis { .. })
    ));
    assert_eq!(
        DynTensor::<i32>::arange(3)
            .try_diagonal(0, 0, 1)
            .unwrap_err()
            .to_string()
            .lines()
            .next()
            .unwrap(),
        "Dimension out of range (expected to be in range of [-1, 0], but got 1)"
    );
    assert_eq!(
        DynTensor::<i32>::zeros(&[0, 3]).diagonal(0, 0, 1).shape(),
        &[0]
    );
}

#[test]
fn trace_matches_numpy() {
    let a = DynTensor::<i32>::arange(12).reshape(&[3, 4]).unwrap();
    assert_eq!(a.trace(), 15);
    assert_eq!(DynTensor::<f32>::zeros(&[0, 0]).trace(), 0.0);
    // torch.trace(torch.zeros(2, 2, 2))
    let e = DynTensor::<f32>::zeros(&[2, 2, 2]).try_trace().unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::TraceRank);
    assert_eq!(
        e.to_string().lines().next(),
        Some("trace: expected a matrix, but got tensor with dim 3")
    );
    assert_eq!(
        DynTensor::<f32>::zeros(&[4]).try_trace().unwrap_err(),
        ShapeError::TraceRank { shape: vec![4] }
    );
    assert_eq!(Tensor::<i64, shape![3, 4]>::arange().trace(), 15);
    let nan = DynTensor::from_vec(vec![1.0, f64::NAN, 2.0, 3.0], &[2, 2]).unwrap();
    assert_eq!(nan.trace(), 4.0); // the NaN is off the diagonal
    // Integer traces are sums: in i64/u64, past the element's range
    // (NumPy's np.trace(np.full((2, 2), 200, np.uint8)) is 400).
    assert_eq!(Tensor::<u8, shape![2, 2]>::full(200).trace(), 400u64);
    assert_eq!(DynTensor::<i8>::full(&[3, 3], -100).trace(), -300i64);
}

#[test]
fn outer_matches_numpy() {
    let a = DynTensor::from_vec(vec![1, -2], &[2]).unwrap();
    let b = DynTensor::from_vec(vec![3, 4, 5], &[3]).unwrap();
    let o = a.outer(&b);
    assert_eq!(
        (o.shape(), o.to_vec()),
        (&[2, 3][..], vec![3, 4, 5, -6, -8, -10])
    );
    assert_eq!(a.outer(&DynTensor::zeros(&[0])).shape(), &[2, 0]);
    // torch.outer(a, torch.tensor(1)) and torch.outer(torch.zeros(2, 2), a)
    let e = a.try_outer(&DynTensor::scalar(1)).unwrap_err();
    assert_eq!(
        e,
        ShapeError::OuterRank {
            operand: 1,
            shape: vec![]
        }
    );
    assert_eq!(
        e.to_string().lines().next(),
        Some("outer: Expected 1-D argument vec2, but got 0-D")
    );
    assert_eq!(
        DynTensor::<i32>::zeros(&[2, 2])
            .try_outer(&a)
            .unwrap_err()
            .to_string()
            .lines()
            .next(),
        Some("outer: Expected 1-D argument self, but got 2-D")
    );
    let s = Tensor::<f32, shape![2]>::from_slice(&[1.0, 2.0]).unwrap();
    let t = Tensor::<f32, shape![2]>::from_slice(&[f32::INFINITY, 0.0]).unwrap();
    let st: Tensor<f32, shape![2, 2]> = s.outer(&t);
    assert_eq!(st.as_slice(), &[f32::INFINITY, 0.0, f32::INFINITY, 0.0]);
}

#[test]
fn kron_matches_numpy() {
    // numpy.kron([[1, 2], [3, 4]], [[0, 5], [6, 7]])
    let a = DynTensor::from_vec(vec![1, 2, 3, 4], &[2, 2]).unwrap();
    let b = DynTensor::from_vec(vec![0, 5, 6, 7], &[2, 2]).unwrap();
    let k = a.kron(&b);
    assert_eq!(k.shape(), &[4, 4]);
    assert_eq!(
        k.to_vec(),
        vec![0, 5, 0, 10, 6, 7, 12, 14, 0, 15, 0, 20, 18, 21, 24, 28]
    );
    // Ranks differ: numpy.kron([1, 2], [[1], [10]]) has shape (2, 2).
    let v = DynTensor::from_vec(vec![1, 2], &[2]).unwrap();
    let c = DynTensor::from_vec(vec![1, 10], &[2, 1]).unwrap();
    let k = v.kron(&c);
    assert_eq!((k.shape(), k.to_vec()), (&[2, 2][..], vec![1, 2, 10, 20]));
    assert_eq!(
        DynTensor::scalar(3).kron(&DynTensor::scalar(4)).to_vec(),
        vec![12]
    );
    assert_eq!(v.kron(&DynTensor::zeros(&[0])).shape(), &[0]);
}
