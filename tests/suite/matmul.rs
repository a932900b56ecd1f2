//! Matrix multiplication against a naive reference (`common/naive_matmul.rs`:
//! torch.matmul's promotion and batch-broadcasting rules spelled out with
//! multi-indices and a triple loop), for every element type the issue names.

use proptest::prelude::*;
use shaped::{
    Dyn, DynTensor, ShapeErrorKind, Tensor, dim_names, matmul_into, matmul_shape, shape,
    try_matmul_into,
};

use crate::naive_matmul;
use naive_matmul::naive;

fn data(n: usize, seed: i64) -> Vec<i64> {
    (0..n as i64).map(|i| (i * 7 + seed * 3) % 11 - 5).collect()
}

fn numel(s: &[usize]) -> usize {
    s.iter().product()
}

/// The crate's product for element type `T`, compared with the reference.
macro_rules! check_type {
    ($t:ty, $ad:expr, $bd:expr) => {{
        let (ad, bd): (&[usize], &[usize]) = ($ad, $bd);
        let (a, b) = (data(numel(ad), 1), data(numel(bd), 2));
        let want = naive(&a, ad, &b, bd);
        let ta = DynTensor::from_vec(a.iter().map(|&x| x as $t).collect(), ad).unwrap();
        let tb = DynTensor::from_vec(b.iter().map(|&x| x as $t).collect(), bd).unwrap();
        let got = ta.try_matmul(&tb);
        match (want, got) {
            (Some((shape, values)), Ok(c)) => {
                assert_eq!(c.shape(), &shape[..], "{ad:?} @ {bd:?}");
                let values: Vec<$t> = values.iter().map(|&x| x as $t).collect();
                assert_eq!(c.to_vec(), values, "{ad:?} @ {bd:?} ({})", stringify!($t));
                assert_eq!(matmul_shape(ad, bd).unwrap(), shape);
            }
            (None, Err(_)) => assert!(matmul_shape(ad, bd).is_err()),
            (w, g) => panic!("{ad:?} @ {bd:?}: reference {w:?}, crate {g:?}"),
        }
    }};
}

fn check_all(ad: &[usize], bd: &[usize]) {
    check_type!(f32, ad, bd);
    check_type!(f64, ad, bd);
    check_type!(i32, ad, bd);
    check_type!(i64, ad, bd);
}

#[test]
fn every_promotion_and_broadcast_case() {
    for (a, b) in [
        (&[3][..], &[3][..]),         // dot
        (&[4, 3], &[3, 5]),           // matrix product
        (&[3], &[3, 5]),              // vector · matrix
        (&[4, 3], &[3]),              // matrix · vector
        (&[2, 4, 3], &[3, 5]),        // batch · matrix (folded)
        (&[4, 3], &[2, 3, 5]),        // matrix · batch
        (&[2, 4, 3], &[2, 3, 5]),     // batch · batch
        (&[3, 1, 4, 2], &[5, 2, 6]),  // [j, 1, n, m] @ [k, m, p]
        (&[3], &[2, 3, 5]),           // vector · batch
        (&[2, 4, 3], &[3]),           // batch · vector
        (&[1, 4, 3], &[7, 3, 2]),     // size-1 batch broadcast
        (&[0, 4, 3], &[3, 2]),        // empty batch
        (&[4, 0], &[0, 5]),           // k = 0: zeros
        (&[0, 3], &[3, 5]),           // m = 0
        (&[4, 3], &[3, 0]),           // n = 0
        (&[0], &[0]),                 // empty dot: 0
        (&[17, 33], &[33, 9]),        // large enough for matrixmultiply
        (&[2, 20, 30], &[2, 30, 10]), // batched, large matrices
        (&[4096, 3, 3], &[3, 3]),     // many small matrices, folded
    ] {
        check_all(a, b);
    }
}

#[test]
fn errors_in_pytorchs_words() {
    let t = |s: &[usize]| DynTensor::<f32>::zeros(s);
    let msg = |a: &[usize], b: &[usize]| t(a).try_matmul(&t(b)).unwrap_err().to_string();
    assert_eq!(
        msg(&[4, 3], &[4, 5]),
        "mat1 and mat2 shapes cannot be multiplied (4x3 and 4x5)"
    );
    assert_eq!(
        msg(&[3], &[4, 5]),
        "mat1 and mat2 shapes cannot be multiplied (1x3 and 4x5)"
    );
    assert_eq!(
        msg(&[2, 4, 3], &[4, 5]),
        "mat1 and mat2 shapes cannot be multiplied (8x3 and 4x5)"
    );
    assert_eq!(
        msg(&[3], &[4]),
        "inconsistent tensor size, expected tensor [3] and src [4] to have the same number of elements, but got 3 and 4 elements respectively"
    );
    assert_eq!(
        msg(&[2, 3], &[4]),
        "size mismatch, got input (2), mat (2x3), vec (4)"
    );
    assert_eq!(
        msg(&[], &[2, 3]),
        "both arguments to matmul need to be at least 1D, but they are 0D and 2D"
    );
    assert!(msg(&[2, 4, 3], &[5, 3, 2]).starts_with(
        "The size of tensor a (2) must match the size of tensor b (5) at non-singleton dimension 0"
    ));
    // The inner size never broadcasts.
    let e = t(&[3, 1]).try_matmul(&t(&[5, 2])).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::MatMulInner);
    assert_eq!(
        t(&[3]).try_matmul(&t(&[])).unwrap_err().kind(),
        ShapeErrorKind::MatMulRank
    );
}

#[test]
fn static_and_mixed_agree_with_the_reference() {
    let a = Tensor::<f32, shape![2, 3]>::from_fn(|i| i as f32 - 2.0);
    let b = Tensor::<f32, shape![3, 4]>::from_fn(|i| (i % 5) as f32);
    let c: Tensor<f32, shape![2, 4]> = a.matmul(&b);
    let want = naive(
        &a.to_vec().iter().map(|&x| x as i64).collect::<Vec<_>>(),
        &[2, 3],
        &b.to_vec().iter().map(|&x| x as i64).collect::<Vec<_>>(),
        &[3, 4],
    )
    .unwrap();
    assert_eq!(
        c.to_vec(),
        want.1.iter().map(|&x| x as f32).collect::<Vec<_>>()
    );

    // Vectors and batches, static.
    let v = Tensor::<i64, shape![3]>::from_slice(&[1, 2, 3]).unwrap();
    let dot: Tensor<i64, shape![]> = v.matmul(&v);
    assert_eq!(dot.as_slice(), &[14]);
    let m = Tensor::<i64, shape![2, 3]>::arange();
    let mv: Tensor<i64, shape![2]> = m.matmul(&v);
    assert_eq!(mv.as_slice(), &[8, 26]);
    let batch = Tensor::<i64, shape![4, 1, 2, 3]>::arange();
    let w = Tensor::<i64, shape![5, 3, 2]>::arange();
    let y: Tensor<i64, shape![4, 5, 2, 2]> = batch.matmul(&w);
    let want = naive(&batch.to_vec(), &[4, 1, 2, 3], &w.to_vec(), &[5, 3, 2]).unwrap();
    assert_eq!(y.to_vec(), want.1);

    // A runtime batch over static matrices.
    let x = Tensor::<i64, shape![Dyn, 2, 3]>::from_vec(data(18, 4), &[3]).unwrap();
    let k = Tensor::<i64, shape![3, 2]>::from_slice(&data(6, 5)).unwrap();
    let y: Tensor<i64, shape![Dyn, 2, 2]> = x.matmul(&k);
    let want = naive(&x.to_vec(), &[3, 2, 3], &k.to_vec(), &[3, 2]).unwrap();
    assert_eq!((&*y.shape(), y.to_vec()), (&want.0[..], want.1));
    // A `Dyn` inner size is checked at run time.
    let z = Tensor::<i64, shape![2, Dyn]>::from_vec(data(8, 6), &[4]).unwrap();
    let e = z.try_matmul(&k).unwrap_err();
    assert_eq!(
        e.to_string(),
        "mat1 and mat2 shapes cannot be multiplied (2x4 and 3x2)"
    );
}

#[test]
fn into_existing_storage() {
    let a = Tensor::<f64, shape![2, 3]>::arange();
    let b = Tensor::<f64, shape![3, 2]>::ones();
    let mut out = Tensor::<f64, shape![2, 2]>::zeros();
    matmul_into(&a, &b, &mut out);
    assert_eq!(out.as_slice(), &[3.0, 3.0, 12.0, 12.0]);

    let x = DynTensor::<i32>::arange(6).reshape(&[2, 3]).unwrap();
    let y = DynTensor::<i32>::arange(6).reshape(&[3, 2]).unwrap();
    let mut o = DynTensor::<i32>::full(&[2, 2], 7);
    try_matmul_into(&x, &y, &mut o).unwrap();
    assert_eq!(o.to_vec(), vec![10, 13, 28, 40]);
    // Errors leave the output as it was.
    let mut wrong = DynTensor::<i32>::full(&[2, 3], 7);
    assert_eq!(
        try_matmul_into(&x, &y, &mut wrong).unwrap_err().kind(),
        ShapeErrorKind::Mismatch
    );
    assert_eq!(wrong.to_vec(), vec![7; 6]);
    assert_eq!(
        try_matmul_into(&x, &x, &mut o).unwrap_err().kind(),
        ShapeErrorKind::MatMulInner
    );
    assert_eq!(o.to_vec(), vec![10, 13, 28, 40]);
}

#[test]
fn names_of_the_product() {
    let a = DynTensor::<f32>::ones(&[2, 4, 3])
        .with_names(["B", "N", "K"])
        .unwrap();
    let b = DynTensor::<f32>::ones(&[3, 5])
        .with_names(["K", "P"])
        .unwrap();
    let c = a.try_matmul(&b).unwrap();
    assert_eq!(c.names(), [Some("B"), Some("N"), Some("P")]);
    let other = DynTensor::<f32>::ones(&[3, 5])
        .with_names(["J", "P"])
        .unwrap();
    let e = a.try_matmul(&other).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::MatMulNames);
    assert_eq!(
        e.to_string(),
        "matmul: the inner dimensions have different names, 'K' in the first operand and 'J' in the second"
    );

    dim_names!(N, K, P);
    let x = Tensor::<f32, shape![N: 2, K: 3]>::ones();
    let w = Tensor::<f32, shape![K: 3, P: 4]>::ones();
    let y: Tensor<f32, shape![N: 2, P: 4]> = x.matmul(&w);
    assert_eq!(y.names(), [Some("N"), Some("P")]);
}

fn shape_strategy() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(0usize..=6, 1..=5)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random shapes: where the reference multiplies, the crate gives its
    /// values; where it refuses, the crate errs.
    #[test]
    fn random_shapes(mut a in shape_strategy(), mut b in shape_strategy(), fit in any::<bool>()) {
        if fit {
            // Make the inner sizes agree, so that most cases multiply.
            let ka = *a.last().unwrap();
            if b.len() == 1 { b[0] = ka } else { let i = b.len() - 2; b[i] = ka }
            // Batch sizes from a's, or 1.
            let (ra, rb) = (a.len().saturating_sub(2), b.len().saturating_sub(2));
            for i in 0..rb.min(ra) {
                let (x, y) = (a.len() - 3 - i, b.len() - 3 - i);
                if b[y] != 1 && a[x] != 1 { b[y] = a[x]; }
            }
        }
        if a.iter().product::<usize>() > 4000 || b.iter().product::<usize>() > 4000 {
            a.truncate(1); b.truncate(1);
        }
        check_all(&a, &b);
    }
}
