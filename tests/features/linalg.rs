//! `shaped::linalg` against numpy.linalg's values (tests/data/linalg_numpy.py
//! made them), on every tensor kind, with the errors of singular, not
//! positive-definite and ill-shaped inputs.
//!
//! Tolerances, as `|got - want| <= tol · max(1, |want|)`:
//! - f64, well-conditioned inputs (random normal, condition numbers below
//!   1e3): 1e-10 for every function;
//! - f64, the 6x6 Hilbert matrix (condition number 1.5e7): 1e-6 for
//!   `inv`, `solve`, `det` (relative), 1e-12 absolute for its eigenvalues;
//! - f32, the same well-conditioned inputs: 1e-3 (`inv`, `solve`, `det`,
//!   `cholesky`) .
#![cfg(feature = "linalg")]

use shaped::linalg::{self, MatrixOrd};
use shaped::{Dyn, DynTensor, ShapeErrorKind, Tensor, shape};

#[path = "../data/linalg_numpy.rs"]
mod numpy;
use numpy::*;

#[track_caller]
fn close(got: &[f64], want: &[f64], tol: f64) {
    assert_eq!(got.len(), want.len(), "lengths");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= tol * w.abs().max(1.0),
            "element {i}: got {g}, want {w} (tol {tol})\n got {got:?}\nwant {want:?}"
        );
    }
}

#[track_caller]
fn close32(got: &[f32], want: &[f64], tol: f64) {
    let got: Vec<f64> = got.iter().map(|&x| x as f64).collect();
    close(&got, want, tol);
}

fn dynt(data: &[f64], shape: &[usize]) -> DynTensor<f64> {
    DynTensor::from_vec(data.to_vec(), shape).unwrap()
}

const TOL: f64 = 1e-10;

#[test]
fn inv_det_slogdet_match_numpy_on_static_tensors() {
    let a3 = Tensor::<f64, shape![3, 3]>::from_slice(&A3).unwrap();
    let a4 = Tensor::<f64, shape![4, 4]>::from_slice(&A4).unwrap();
    let a6 = Tensor::<f64, shape![6, 6]>::from_slice(&A6).unwrap();
    close(linalg::inv(&a3).as_slice(), &A3_INV, TOL);
    close(linalg::inv(&a4).as_slice(), &A4_INV, TOL);
    close(linalg::inv(&a6).as_slice(), &A6_INV, TOL);
    let d: Tensor<f64, shape![]> = linalg::det(&a3);
    close(d.as_slice(), &A3_DET, TOL);
    close(linalg::det(&a4).as_slice(), &A4_DET, TOL);
    close(linalg::det(&a6).as_slice(), &A6_DET, TOL);
    let (s, l) = linalg::slogdet(&a6);
    close(s.as_slice(), &A6_SIGN, 0.0);
    close(l.as_slice(), &A6_LOGABSDET, TOL);
    let (s, l) = linalg::slogdet(&a4);
    close(s.as_slice(), &A4_SIGN, 0.0);
    close(l.as_slice(), &A4_LOGABSDET, TOL);
}

#[test]
fn batched_inv_det_on_every_kind() {
    // Static, mixed, runtime, a typed view and a runtime view: one answer.
    let st = Tensor::<f64, shape![2, 3, 3]>::from_slice(&BATCH).unwrap();
    let mx = Tensor::<f64, shape![Dyn, 3, 3]>::from_vec(BATCH.to_vec(), &[2]).unwrap();
    let dy = dynt(&BATCH, &[2, 3, 3]);
    let i_st: Tensor<f64, shape![2, 3, 3]> = linalg::inv(&st);
    let i_mx: Tensor<f64, shape![Dyn, 3, 3]> = linalg::inv(&mx);
    let i_dy: DynTensor<f64> = linalg::inv(&dy);
    let i_tv: Tensor<f64, shape![2, 3, 3]> = linalg::inv(&st.view());
    let i_dv: DynTensor<f64> = linalg::inv(&dy.view());
    for got in [
        i_st.to_vec(),
        i_mx.to_vec(),
        i_dy.to_vec(),
        i_tv.to_vec(),
        i_dv.to_vec(),
    ] {
        close(&got, &BATCH_INV, TOL);
    }
    let d: Tensor<f64, shape![2]> = linalg::det(&st);
    close(d.as_slice(), &BATCH_DET, TOL);
    let d: Tensor<f64, shape![Dyn]> = linalg::det(&mx);
    close(&d.to_vec(), &BATCH_DET, TOL);
    assert_eq!(linalg::det(&dy).shape(), &[2]);
    let (s, l) = linalg::slogdet(&dy);
    close(&s.to_vec(), &BATCH_SIGN, 0.0);
    close(&l.to_vec(), &BATCH_LOGABSDET, TOL);
}

#[test]
fn a_transposed_view_is_read_through_its_strides() {
    // inv(Aᵀ) = inv(A)ᵀ, with Aᵀ a view (not copied).
    let a = dynt(&A4, &[4, 4]);
    let got = linalg::inv(&a.t());
    let want: Vec<f64> = (0..16).map(|k| A4_INV[(k % 4) * 4 + k / 4]).collect();
    close(&got.to_vec(), &want, TOL);
    // A typed transposed view.
    let s = Tensor::<f64, shape![4, 4]>::from_slice(&A4).unwrap();
    let t = s.view().transpose(shaped::Axis::<0>, shaped::Axis::<1>);
    let got: Tensor<f64, shape![4, 4]> = linalg::inv(&t);
    close(got.as_slice(), &want, TOL);
    close(linalg::det(&t).as_slice(), &A4_DET, TOL);
}

#[test]
fn solve_matches_numpy() {
    let a = Tensor::<f64, shape![6, 6]>::from_slice(&A6).unwrap();
    let b = Tensor::<f64, shape![6, 2]>::from_slice(&B6).unwrap();
    let x: Tensor<f64, shape![6, 2]> = linalg::solve(&a, &b);
    close(x.as_slice(), &A6_SOLVE_B6, TOL);
    let a4 = Tensor::<f64, shape![4, 4]>::from_slice(&A4).unwrap();
    let v = Tensor::<f64, shape![4]>::from_slice(&V4).unwrap();
    let x: Tensor<f64, shape![4]> = linalg::solve(&a4, &v);
    close(x.as_slice(), &A4_SOLVE_V4, TOL);
    // Runtime, and a view of B.
    let x = linalg::solve(&dynt(&A6, &[6, 6]), &dynt(&B6, &[6, 2]).view());
    close(&x.to_vec(), &A6_SOLVE_B6, TOL);
}

#[test]
fn solve_broadcasts_batches_and_takes_torch_vector_batches_at_run_time() {
    // A [2, 1, 4, 4] (the same matrix twice), B [3, 4, 1]: X [2, 3, 4, 1].
    let a: Vec<f64> = A4.iter().chain(&A4).copied().collect();
    let b: Vec<f64> = V4.iter().chain(&V4).chain(&V4).copied().collect();
    let sa = Tensor::<f64, shape![2, 1, 4, 4]>::from_slice(&a).unwrap();
    let sb = Tensor::<f64, shape![3, 4, 1]>::from_slice(&b).unwrap();
    let x: Tensor<f64, shape![2, 3, 4, 1]> = linalg::solve(&sa, &sb);
    let want: Vec<f64> = (0..6).flat_map(|_| A4_SOLVE_V4).collect();
    close(x.as_slice(), &want, TOL);
    // PyTorch's rule at run time: B [2, 4] against A [2, 4, 4] is a batch of vectors.
    let da = dynt(&a, &[2, 4, 4]);
    let x = linalg::solve(&da, &dynt(&b[..8], &[2, 4]));
    assert_eq!(x.shape(), &[2, 4]);
    close(&x.to_vec(), &want[..8], TOL);
}

#[test]
fn ill_conditioned_hilbert_matrix() {
    let h = Tensor::<f64, shape![6, 6]>::from_slice(&HILB6).unwrap();
    close(linalg::inv(&h).as_slice(), &HILB6_INV, 1e-6);
    let d = linalg::det(&h).as_slice()[0];
    assert!((d - HILB6_DET[0]).abs() <= 1e-6 * HILB6_DET[0].abs());
    let b = Tensor::<f64, shape![6, 2]>::from_slice(&B6).unwrap();
    close(linalg::solve(&h, &b).as_slice(), &HILB6_SOLVE_B6, 1e-6);
    let w = linalg::eigvalsh(&h);
    for (g, w) in w.as_slice().iter().zip(HILB6_EIGVALS) {
        assert!((g - w).abs() <= 1e-12, "{g} vs {w}");
    }
}

#[test]
fn f32_follows_the_input_type() {
    let a: Vec<f32> = A4.iter().map(|&x| x as f32).collect();
    let t = Tensor::<f32, shape![4, 4]>::from_slice(&a).unwrap();
    let i: Tensor<f32, shape![4, 4]> = linalg::inv(&t);
    close32(i.as_slice(), &A4_INV, 1e-3);
    close32(linalg::det(&t).as_slice(), &A4_DET, 1e-3);
    let v: Vec<f32> = V4.iter().map(|&x| x as f32).collect();
    let x = linalg::solve(&t, &Tensor::<f32, shape![4]>::from_slice(&v).unwrap());
    close32(x.as_slice(), &A4_SOLVE_V4, 1e-3);
    let spd: Vec<f32> = SPD6.iter().map(|&x| x as f32).collect();
    let l = linalg::cholesky(&DynTensor::from_vec(spd, &[6, 6]).unwrap());
    close32(&l.to_vec(), &SPD6_CHOL, 1e-3);
}

#[test]
fn singular_inputs_are_errors_in_pytorch_words() {
    let s = Tensor::<f64, shape![3, 3]>::from_slice(&SING3).unwrap();
    let e = linalg::try_inv(&s).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::Linalg);
    assert_eq!(
        e.to_string(),
        "linalg.inv: The diagonal element 3 is zero, the inversion could not be completed because the input matrix is singular."
    );
    let b = Tensor::<f64, shape![3]>::from_slice(&[1.0, 2.0, 3.0]).unwrap();
    assert_eq!(
        linalg::try_solve(&s, &b).unwrap_err().to_string(),
        "linalg.solve: The solver failed because the input matrix is singular."
    );
    assert_eq!(linalg::det(&s).as_slice(), &[0.0]);
    let (sign, l) = linalg::slogdet(&s);
    assert_eq!(
        (sign.as_slice()[0], l.as_slice()[0]),
        (0.0, f64::NEG_INFINITY)
    );
    // In a batch: the matrix is named, as PyTorch names it.
    let mut data = A3.to_vec();
    data.extend(SING3);
    let e = linalg::try_inv(&dynt(&data, &[2, 3, 3])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "linalg.inv: (Batch element 1): The diagonal element 3 is zero, the inversion could not be completed because the input matrix is singular."
    );
    // A zero first column: U's first diagonal element is zero (large matrices: LU).
    let mut z = A6.to_vec();
    for r in 0..6 {
        z[r * 6] = 0.0;
    }
    assert!(
        linalg::try_inv(&dynt(&z, &[6, 6]))
            .unwrap_err()
            .to_string()
            .starts_with("linalg.inv: The diagonal element 1 is zero")
    );
    assert!(linalg::try_matrix_power(&dynt(&z, &[6, 6]), -1).is_err());
}

#[test]
#[should_panic(expected = "linalg.inv: The diagonal element 3 is zero")]
fn inv_without_try_panics_with_the_message() {
    let s = Tensor::<f64, shape![3, 3]>::from_slice(&SING3).unwrap();
    let _ = linalg::inv(&s);
}

#[test]
fn runtime_shape_errors() {
    let e = linalg::try_inv(&dynt(&[0.0; 12], &[3, 4])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "linalg.inv: A must be batches of square matrices, but they are 3 by 4 matrices"
    );
    let e = linalg::try_det(&dynt(&[0.0; 3], &[3])).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("linalg.det: The input tensor A must have at least 2 dimensions."),
        "{e}"
    );
    // A mixed layout's Dyn sizes are checked when the function runs.
    let m = Tensor::<f64, shape![3, Dyn]>::from_vec(vec![0.0; 12], &[4]).unwrap();
    assert!(linalg::try_inv(&m).is_err());
    let e = linalg::try_solve(&dynt(&[1.0; 9], &[3, 3]), &dynt(&[1.0; 8], &[4, 2])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "linalg.solve: Incompatible shapes of A and B for the equation AX = B (3x3 and 4x2)"
    );
    let e = linalg::try_solve(&dynt(&[1.0; 18], &[2, 3, 3]), &dynt(&[1.0; 27], &[3, 3, 3]))
        .unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::Broadcast);
    let e = linalg::try_cross(&dynt(&[1.0; 4], &[4]), &dynt(&[1.0; 3], &[3])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "linalg.cross: inputs dimension -1 must have length 3. Got 4 and 3"
    );
    let e = linalg::try_lstsq(&dynt(&[1.0; 6], &[3, 2]), &dynt(&[1.0; 4], &[4, 1])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "linalg.lstsq: input.size(-2) should match other.size(-2) (3 and 4)"
    );
    let e = linalg::try_vector_norm(&dynt(&[], &[0]), f64::INFINITY).unwrap_err();
    assert_eq!(
        e.to_string(),
        "linalg.vector_norm cannot compute the inf norm on an empty tensor because the operation does not have an identity"
    );
}

#[test]
fn cholesky_matches_numpy_and_names_the_failing_minor() {
    let spd = Tensor::<f64, shape![6, 6]>::from_slice(&SPD6).unwrap();
    close(linalg::cholesky(&spd).as_slice(), &SPD6_CHOL, TOL);
    // Not positive-definite from order 2 on; then from order 4 on.
    let a = dynt(&[1.0, 2.0, 2.0, 1.0], &[2, 2]);
    assert_eq!(
        linalg::try_cholesky(&a).unwrap_err().to_string(),
        "linalg.cholesky: The factorization could not be completed because the input is not positive-definite (the leading minor of order 2 is not positive-definite)."
    );
    let mut m = vec![0.0; 25];
    for i in 0..5 {
        m[i * 6] = if i == 3 { -1.0 } else { 1.0 };
    }
    let e = linalg::try_cholesky(&dynt(&m, &[1, 5, 5])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "linalg.cholesky: (Batch element 0): The factorization could not be completed because the input is not positive-definite (the leading minor of order 4 is not positive-definite)."
    );
}

#[test]
fn eigh_matches_numpy() {
    let spd = Tensor::<f64, shape![6, 6]>::from_slice(&SPD6).unwrap();
    let (w, v) = linalg::eigh(&spd);
    let w: Tensor<f64, shape![6]> = w;
    let v: Tensor<f64, shape![6, 6]> = v;
    close(w.as_slice(), &SPD6_EIGVALS, TOL);
    // A V = V diag(w).
    let av = spd.matmul(&v);
    for i in 0..6 {
        for j in 0..6 {
            assert!((av[[i, j]] - v[[i, j]] * w[[j]]).abs() < 1e-9);
        }
    }
    // Only the lower triangle is read.
    let mut upper_garbage = SPD6.to_vec();
    for i in 0..6 {
        for j in i + 1..6 {
            upper_garbage[i * 6 + j] = 1e6;
        }
    }
    close(
        &linalg::eigvalsh(&dynt(&upper_garbage, &[6, 6])).to_vec(),
        &SPD6_EIGVALS,
        TOL,
    );
    let e = linalg::try_eigh(&dynt(&[f64::NAN, 0.0, 0.0, 1.0], &[2, 2])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "linalg.eigh: The algorithm failed to converge because the input matrix contained non-finite values."
    );
}

#[test]
fn svd_qr_pinv_lstsq_match_numpy() {
    let r = Tensor::<f64, shape![5, 3]>::from_slice(&R53).unwrap();
    let (u, s, vh) = linalg::svd(&r);
    let u: Tensor<f64, shape![5, 3]> = u;
    let s: Tensor<f64, shape![3]> = s;
    let vh: Tensor<f64, shape![3, 3]> = vh;
    close(s.as_slice(), &R53_SVALS, TOL);
    let us = Tensor::<f64, shape![5, 3]>::from_fn(|k| u.as_slice()[k] * s.as_slice()[k % 3]);
    close(us.matmul(&vh).as_slice(), &R53, TOL);
    close(
        linalg::svdvals(&dynt(&R53, &[5, 3])).to_vec().as_slice(),
        &R53_SVALS,
        TOL,
    );
    let (q, rr) = linalg::qr(&r);
    let q: Tensor<f64, shape![5, 3]> = q;
    let rr: Tensor<f64, shape![3, 3]> = rr;
    close(q.matmul(&rr).as_slice(), &R53, TOL);
    let rabs: Vec<f64> = rr.as_slice().iter().map(|x| x.abs()).collect();
    close(&rabs, &R53_R_ABS, TOL);
    let p: Tensor<f64, shape![3, 5]> = linalg::pinv(&r);
    close(p.as_slice(), &R53_PINV, TOL);
    let b = Tensor::<f64, shape![5, 2]>::from_slice(&R53_RHS).unwrap();
    let x: Tensor<f64, shape![3, 2]> = linalg::lstsq(&r, &b);
    close(x.as_slice(), &R53_LSTSQ, TOL);
    // The wide matrix: k = min(5, 3) on the other side.
    let wide = dynt(&R53, &[3, 5]);
    let (u, s, vh) = linalg::svd(&wide);
    assert_eq!(
        (u.shape(), s.shape(), vh.shape()),
        (&[3, 3][..], &[3][..], &[3, 5][..])
    );
}

#[test]
fn norms_match_numpy() {
    let r = Tensor::<f64, shape![5, 3]>::from_slice(&R53).unwrap();
    for (ord, want) in [
        (MatrixOrd::Fro, R53_NORM_FRO),
        (MatrixOrd::Nuc, R53_NORM_NUC),
        (MatrixOrd::Two, R53_NORM_TWO),
        (MatrixOrd::NegTwo, R53_NORM_NEGTWO),
        (MatrixOrd::One, R53_NORM_ONE),
        (MatrixOrd::NegOne, R53_NORM_NEGONE),
        (MatrixOrd::Inf, R53_NORM_INF),
        (MatrixOrd::NegInf, R53_NORM_NEGINF),
    ] {
        let n: Tensor<f64, shape![]> = linalg::matrix_norm(&r, ord);
        close(n.as_slice(), &want, TOL);
    }
    let v = Tensor::<f64, shape![4]>::from_slice(&V4).unwrap();
    for (ord, want) in [
        (2.0, V4_NORM_TWO),
        (1.0, V4_NORM_ONE),
        (3.0, V4_NORM_THREE),
        (0.0, V4_NORM_ZERO),
        (f64::INFINITY, V4_NORM_INF),
        (f64::NEG_INFINITY, V4_NORM_NEGINF),
        (-1.5, V4_NORM_NEG1_5),
    ] {
        close(linalg::vector_norm(&v, ord).as_slice(), &want, TOL);
    }
    // A batch of matrices: one norm per matrix.
    let b = Tensor::<f64, shape![2, 3, 3]>::from_slice(&BATCH).unwrap();
    let n: Tensor<f64, shape![2]> = linalg::matrix_norm(&b, MatrixOrd::Fro);
    let want = |m: &[f64]| m.iter().map(|x| x * x).sum::<f64>().sqrt();
    close(n.as_slice(), &[want(&BATCH[..9]), want(&BATCH[9..])], TOL);
}

#[test]
fn cross_and_matrix_power_match_numpy() {
    let c1 = Tensor::<f64, shape![2, 3]>::from_slice(&C1).unwrap();
    let c2 = Tensor::<f64, shape![3]>::from_slice(&C2).unwrap();
    let z: Tensor<f64, shape![2, 3]> = linalg::cross(&c1, &c2);
    close(z.as_slice(), &C1_CROSS_C2, TOL);
    close(
        &linalg::cross(&dynt(&C1, &[2, 3]), &dynt(&C2, &[3])).to_vec(),
        &C1_CROSS_C2,
        TOL,
    );
    let a = Tensor::<f64, shape![3, 3]>::from_slice(&A3).unwrap();
    close(linalg::matrix_power(&a, 5).as_slice(), &A3_POW5, TOL);
    close(linalg::matrix_power(&a, -3).as_slice(), &A3_POWM3, 1e-9);
    let id = linalg::matrix_power(&a, 0);
    assert_eq!(
        id.as_slice(),
        &[1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]
    );
}

#[test]
fn empty_matrices_and_batches() {
    let e = dynt(&[], &[0, 0]);
    assert_eq!(linalg::inv(&e).shape(), &[0, 0]);
    assert_eq!(linalg::det(&e).to_vec(), vec![1.0]);
    let (u, s, vh) = linalg::svd(&dynt(&[], &[4, 0]));
    assert_eq!(
        (u.shape(), s.shape(), vh.shape()),
        (&[4, 0][..], &[0][..], &[0, 0][..])
    );
    let b = Tensor::<f64, shape![0, 3, 3]>::zeros();
    let i: Tensor<f64, shape![0, 3, 3]> = linalg::inv(&b);
    assert_eq!(i.numel(), 0);
    let (q, r) = linalg::qr(&dynt(&[], &[0, 3]));
    assert_eq!((q.shape(), r.shape()), (&[0, 0][..], &[0, 3][..]));
}
