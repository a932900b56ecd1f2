//! `shaped::linalg` on the inputs that broke it: huge batches of empty
//! matrices (an error or the result at once, never an abort or a walk over
//! every matrix), rank-deficient and exactly singular matrices in the SVD
//! and the pseudo-inverse (against NumPy's singular values), and
//! non-finite input (`NonFinite` from every `try_` form that factorizes).
//! Each reproducer of the issue that reported them is a test here.

#![cfg(feature = "linalg")]

use shaped::linalg::{self, MatrixOrd};
use shaped::{DynTensor, ShapeError, ShapeErrorKind, Tensor, shape};

#[path = "../data/rank_deficient.rs"]
mod rank_deficient;

fn dynt(data: &[f64], shape: &[usize]) -> DynTensor<f64> {
    DynTensor::from_vec(data.to_vec(), shape).unwrap()
}

fn empty(shape: &[usize]) -> DynTensor<f64> {
    DynTensor::from_vec(vec![], shape).unwrap()
}

fn is_too_large(e: &ShapeError) -> bool {
    e.kind() == ShapeErrorKind::TooLarge
}

#[test]
fn det_of_a_huge_batch_of_empty_matrices_is_too_large_not_an_abort() {
    // 2^41 determinants (each 1): 16 TiB, which the allocator refuses.
    let a = empty(&[1 << 40, 2, 1, 0, 0]);
    assert!(is_too_large(&linalg::try_det(&a).unwrap_err()));
    assert!(is_too_large(&linalg::try_slogdet(&a).unwrap_err()));
    assert!(is_too_large(
        &linalg::try_matrix_norm(&a, MatrixOrd::Fro).unwrap_err()
    ));
    // Past isize::MAX bytes: refused before asking.
    let b = empty(&[usize::MAX / 3, 0, 0]);
    assert!(is_too_large(&linalg::try_det(&b).unwrap_err()));
    // A batch that fits gives the empty product.
    let c = empty(&[2, 3, 0, 0]);
    assert_eq!(linalg::try_det(&c).unwrap().to_vec(), vec![1.0; 6]);
    let (s, l) = linalg::try_slogdet(&c).unwrap();
    assert_eq!((s.to_vec(), l.to_vec()), (vec![1.0; 6], vec![0.0; 6]));
}

#[test]
fn huge_batches_of_empty_matrices_return_at_once() {
    // Each result is empty: no matrix is visited (these walked 2^41 or
    // more matrices before).
    let l = linalg::try_cholesky(&empty(&[1 << 40, 2, 0, 0])).unwrap();
    assert_eq!(l.shape(), &[1 << 40, 2, 0, 0]);
    let i = linalg::try_inv(&empty(&[1 << 40, 3, 0, 0])).unwrap();
    assert_eq!(i.shape(), &[1 << 40, 3, 0, 0]);
    let a = empty(&[usize::MAX / 3, 0, 0]);
    let (w, v) = linalg::try_eigh(&a).unwrap();
    assert_eq!(
        (w.shape(), v.shape()),
        (&[usize::MAX / 3, 0][..], &[usize::MAX / 3, 0, 0][..])
    );
    assert_eq!(
        linalg::try_eigvalsh(&a).unwrap().shape(),
        &[usize::MAX / 3, 0]
    );
    let p = linalg::try_matrix_power(&empty(&[1 << 40, 0, 0]), 3).unwrap();
    assert_eq!(p.shape(), &[1 << 40, 0, 0]);
    let p = linalg::try_matrix_power(&empty(&[1 << 40, 0, 0]), -3).unwrap();
    assert_eq!(p.shape(), &[1 << 40, 0, 0]);
    let e = empty(&[1 << 40, 3, 0, 0]);
    let (u, s, vh) = linalg::try_svd(&e).unwrap();
    assert_eq!((u.numel(), s.numel(), vh.numel()), (0, 0, 0));
    let (q, r) = linalg::try_qr(&e).unwrap();
    assert_eq!((q.numel(), r.numel()), (0, 0));
    assert_eq!(linalg::try_pinv(&e).unwrap().shape(), &[1 << 40, 3, 0, 0]);
    let x = linalg::try_solve(&e, &empty(&[1 << 40, 3, 0, 5])).unwrap();
    assert_eq!(x.shape(), &[1 << 40, 3, 0, 5]);
    // Two batches that broadcast to 2^80 systems with nothing in them: a
    // shape past isize::MAX elements, refused as NumPy refuses it.
    let x = linalg::try_solve(&empty(&[1 << 40, 1, 0, 0]), &empty(&[1, 1 << 40, 0, 0]));
    assert!(is_too_large(&x.unwrap_err()));
    // The least-norm solution of no equations is 2^80 zero matrices: too
    // large, an error rather than a walk.
    let x = linalg::try_lstsq(&empty(&[1 << 40, 1, 0, 2]), &empty(&[1, 1 << 40, 0, 3]));
    assert!(is_too_large(&x.unwrap_err()));
}

#[test]
fn a_non_finite_operand_that_is_never_read_is_no_error() {
    // Found by the fuzz target: a batch of no systems against a right-hand
    // side holding NaN reads nothing, and the (empty) result is right.
    let a = DynTensor::<f32>::from_vec(vec![], &[0, 5, 2]).unwrap();
    let b = DynTensor::from_vec(vec![f32::NAN; 5], &[1, 5, 1]).unwrap();
    assert_eq!(linalg::try_lstsq(&a, &b).unwrap().shape(), &[0, 2, 1]);
    assert_eq!(
        linalg::try_solve(
            &empty(&[0, 5, 5]),
            &DynTensor::from_vec(vec![f64::NAN; 5], &[1, 5, 1]).unwrap()
        )
        .unwrap()
        .shape(),
        &[0, 5, 1]
    );
    // Also found by it: no matrices of 1 by usize::MAX / 3 (the batch's
    // cost estimate overflowed).
    let a = empty(&[0, 1, usize::MAX / 3]);
    assert_eq!(
        linalg::try_pinv(&a).unwrap().shape(),
        &[0, usize::MAX / 3, 1]
    );
    assert_eq!(linalg::try_svdvals(&a).unwrap().shape(), &[0, 1]);
    assert_eq!(
        linalg::try_qr(&a).unwrap().1.shape(),
        &[0, 1, usize::MAX / 3]
    );
    // And: the spectral norms of no 3x2 matrices (faer was handed a view
    // of no data).
    let e = DynTensor::<f32>::from_vec(vec![], &[0, 8, 3, 2]).unwrap();
    for ord in [MatrixOrd::Two, MatrixOrd::NegTwo, MatrixOrd::Nuc] {
        assert_eq!(linalg::try_matrix_norm(&e, ord).unwrap().shape(), &[0, 8]);
    }
    // And (a timeout): the norm of one usize::MAX / 3 by 0 matrix walked
    // its rows.
    let tall = empty(&[usize::MAX / 3, 0]);
    for ord in [MatrixOrd::Fro, MatrixOrd::Nuc] {
        assert_eq!(
            linalg::try_matrix_norm(&tall, ord).unwrap().to_vec(),
            vec![0.0]
        );
    }
    let sq = empty(&[0, 1 << 30, 1 << 30]);
    assert_eq!(linalg::try_inv(&sq).unwrap().numel(), 0);
    assert_eq!(linalg::try_cholesky(&sq).unwrap().numel(), 0);
    assert_eq!(linalg::try_eigvalsh(&sq).unwrap().numel(), 0);
}

/// `U diag(S) Vh` of `u` (`m` by `k`), `s`, `vh` (`k` by `n`).
fn reconstruct(u: &[f64], s: &[f64], vh: &[f64], m: usize, n: usize) -> Vec<f64> {
    let k = s.len();
    (0..m * n)
        .map(|ij| {
            let (i, j) = (ij / n, ij % n);
            (0..k).map(|l| u[i * k + l] * s[l] * vh[l * n + j]).sum()
        })
        .collect()
}

fn matmul(a: &[f64], b: &[f64], m: usize, k: usize, n: usize) -> Vec<f64> {
    (0..m * n)
        .map(|ij| (0..k).map(|l| a[ij / n * k + l] * b[l * n + ij % n]).sum())
        .collect()
}

fn max_diff(a: &[f64], b: &[f64]) -> f64 {
    assert_eq!(a.len(), b.len());
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f64::max)
}

#[test]
fn the_issues_rank_one_six_by_six_matrix() {
    // A zero first row and column, ones elsewhere: singular values 5, 0, ...
    let a: Vec<f64> = (0..36)
        .map(|k| if k / 6 == 0 || k % 6 == 0 { 0.0 } else { 1.0 })
        .collect();
    let t = dynt(&a, &[6, 6]);
    let (u, s, vh) = linalg::try_svd(&t).unwrap();
    let s = s.to_vec();
    assert!((s[0] - 5.0).abs() < 1e-12, "{s:?}");
    assert!(s[1..].iter().all(|x| x.abs() < 1e-12), "{s:?}");
    assert!(max_diff(&reconstruct(&u.to_vec(), &s, &vh.to_vec(), 6, 6), &a) < 1e-12);
    let p = linalg::try_pinv(&t).unwrap().to_vec();
    let apa = matmul(&matmul(&a, &p, 6, 6, 6), &a, 6, 6, 6);
    assert!(max_diff(&apa, &a) < 1e-12);
    // pinv of this matrix: every nonzero entry 1/25.
    assert!(p.iter().zip(&a).all(|(x, y)| (x - y / 25.0).abs() < 1e-14));
    // Batched [3, 6, 6]: the same for every matrix.
    let b = dynt(&[a.clone(), a.clone(), a.clone()].concat(), &[3, 6, 6]);
    let (u3, s3, vh3) = linalg::try_svd(&b).unwrap();
    for i in 0..3 {
        let (ui, si, vi) = (
            &u3.to_vec()[i * 36..(i + 1) * 36],
            &s3.to_vec()[i * 6..(i + 1) * 6],
            &vh3.to_vec()[i * 36..(i + 1) * 36],
        );
        assert!((si[0] - 5.0).abs() < 1e-12 && si[1..].iter().all(|x| x.abs() < 1e-12));
        assert!(max_diff(&reconstruct(ui, si, vi, 6, 6), &a) < 1e-12);
    }
    let p3 = linalg::try_pinv(&b).unwrap().to_vec();
    assert_eq!(&p3[..36], &p[..]);
}

#[test]
fn rank_deficient_and_singular_matrices_of_sizes_1_to_12() {
    // Singular values against NumPy's (tests/data/rank_deficient.py), and
    // U diag(S) Vh = A, A pinv(A) A = A, for each matrix alone and for
    // all those of one size and kind stacked into a batch of 3.
    for &(name, m, n, a, want) in rank_deficient::CASES {
        let scale = want[0].max(1.0);
        let tol = 1e-12 * scale * (m.max(n) as f64);
        let t = dynt(a, &[m, n]);
        let (u, s, vh) = linalg::try_svd(&t).unwrap();
        let s = s.to_vec();
        assert!(
            max_diff(&s, want) < tol,
            "{name} {m}x{n}: {s:?} against {want:?}"
        );
        assert!(
            s.windows(2).all(|w| w[0] >= w[1]),
            "{name} {m}x{n}: not descending"
        );
        let back = reconstruct(&u.to_vec(), &s, &vh.to_vec(), m, n);
        assert!(max_diff(&back, a) < tol, "{name} {m}x{n}: U S Vh");
        assert!(max_diff(&linalg::try_svdvals(&t).unwrap().to_vec(), want) < tol);
        let p = linalg::try_pinv(&t).unwrap().to_vec();
        let apa = matmul(&matmul(a, &p, m, n, m), a, m, m, n);
        assert!(max_diff(&apa, a) < tol, "{name} {m}x{n}: A pinv(A) A");
        let pap = matmul(&matmul(&p, a, n, m, n), &p, n, n, m);
        let pmax = p.iter().fold(1.0f64, |x, y| x.max(y.abs()));
        assert!(
            max_diff(&pap, &p) < tol * pmax * pmax,
            "{name} {m}x{n}: pinv A pinv"
        );
        // The batch: three copies, each the single matrix's result.
        let b = dynt(&[a, a, a].concat(), &[3, m, n]);
        let (ub, sb, vb) = linalg::try_svd(&b).unwrap();
        let k = m.min(n);
        let (ub, sb, vb) = (ub.to_vec(), sb.to_vec(), vb.to_vec());
        for i in 0..3 {
            let si = &sb[i * k..(i + 1) * k];
            assert!(max_diff(si, want) < tol, "{name} {m}x{n} batched");
            let back = reconstruct(
                &ub[i * m * k..(i + 1) * m * k],
                si,
                &vb[i * k * n..(i + 1) * k * n],
                m,
                n,
            );
            assert!(max_diff(&back, a) < tol, "{name} {m}x{n} batched: U S Vh");
        }
        let pb = linalg::try_pinv(&b).unwrap().to_vec();
        for i in 0..3 {
            assert!(
                max_diff(&pb[i * m * n..(i + 1) * m * n], &p) < tol,
                "{name} {m}x{n} batched pinv"
            );
        }
    }
}

/// Every `try_` form that factorizes, on `a` (square) and right-hand
/// sides `b`: each must be a `NonFinite` error naming `op`.
fn assert_all_non_finite(a: &DynTensor<f64>, b: &DynTensor<f64>, tag: &str) {
    fn check<X>(r: Result<X, ShapeError>, op: &str, tag: &str) {
        match r {
            Ok(_) => panic!("{op} of {tag}: Ok"),
            Err(e) => {
                let msg = e.to_string();
                assert!(
                    msg.starts_with(op) && msg.contains("non-finite values"),
                    "{op} of {tag}: {msg}"
                );
            }
        }
    }
    check(linalg::try_inv(a), "linalg.inv", tag);
    check(linalg::try_det(a), "linalg.det", tag);
    check(linalg::try_slogdet(a), "linalg.slogdet", tag);
    check(linalg::try_solve(a, b), "linalg.solve", tag);
    check(linalg::try_matrix_power(a, 2), "linalg.matrix_power", tag);
    check(linalg::try_matrix_power(a, -1), "linalg.matrix_power", tag);
    check(linalg::try_cholesky(a), "linalg.cholesky", tag);
    check(linalg::try_qr(a), "linalg.qr", tag);
    check(linalg::try_eigh(a), "linalg.eigh", tag);
    check(linalg::try_eigvalsh(a), "linalg.eigvalsh", tag);
    check(linalg::try_svd(a), "linalg.svd", tag);
    check(linalg::try_svdvals(a), "linalg.svdvals", tag);
    check(linalg::try_pinv(a), "linalg.pinv", tag);
    check(linalg::try_lstsq(a, b), "linalg.lstsq", tag);
    check(
        linalg::try_matrix_norm(a, MatrixOrd::Two),
        "linalg.matrix_norm",
        tag,
    );
}

#[test]
fn non_finite_input_is_an_error_from_every_factorization() {
    // The issue's reproducer: this was Ok([0, -0, -0, NaN]).
    let a = dynt(&[f64::INFINITY, 0.0, 0.0, 1.0], &[2, 2]);
    let e = linalg::try_inv(&a).unwrap_err();
    assert_eq!(
        e.to_string(),
        "linalg.inv: The algorithm failed to converge because the input matrix contained non-finite values."
    );
    let s = Tensor::<f64, shape![2, 2]>::from_slice(&[f64::INFINITY, 0.0, 0.0, 1.0]).unwrap();
    assert!(linalg::try_inv(&s).is_err());
    assert!(linalg::try_det(&s).is_err());
    let v = Tensor::<f64, shape![2]>::from_slice(&[1.0, 2.0]).unwrap();
    assert!(linalg::try_solve(&s, &v).is_err());
    // NaN and infinities at every size path: the closed forms (2 to 4),
    // nalgebra's and faer's factorizations (larger), in the lower
    // triangle (read by every function).
    for n in [1, 2, 3, 4, 5, 8, 40] {
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let mut d: Vec<f64> = (0..n * n)
                .map(|k| if k % (n + 1) == 0 { 4.0 } else { 0.5 })
                .collect();
            d[(n - 1) * n] = bad;
            let b = dynt(&vec![1.0; n], &[n, 1]);
            assert_all_non_finite(&dynt(&d, &[n, n]), &b, &format!("{n}x{n} with {bad}"));
            // A batch: the error names the matrix.
            let good: Vec<f64> = (0..n * n)
                .map(|k| if k % (n + 1) == 0 { 4.0 } else { 0.5 })
                .collect();
            let batch = dynt(&[good.clone(), d.clone()].concat(), &[2, n, n]);
            let e = linalg::try_inv(&batch).unwrap_err().to_string();
            assert!(e.contains("(Batch element 1)"), "{e}");
            // A non-finite right-hand side.
            let mut bb = vec![1.0; n];
            bb[n - 1] = bad;
            let e = linalg::try_solve(&dynt(&good, &[n, n]), &dynt(&bb, &[n])).unwrap_err();
            assert!(e.to_string().contains("non-finite"), "{e}");
            let e = linalg::try_lstsq(&dynt(&good, &[n, n]), &dynt(&bb, &[n, 1])).unwrap_err();
            assert!(e.to_string().contains("non-finite"), "{e}");
        }
    }
    // A contiguous batch of small systems (the fast path) tags the matrix.
    let mut d = vec![0.0; 3 * 16];
    for m in 0..3 {
        for i in 0..4 {
            d[m * 16 + i * 5] = 1.0;
        }
    }
    d[2 * 16 + 7] = f64::NAN;
    let e = linalg::try_solve(&dynt(&d, &[3, 4, 4]), &dynt(&[1.0; 12], &[3, 4])).unwrap_err();
    assert!(e.to_string().contains("(Batch element 2)"), "{e}");
}

#[test]
fn the_upper_triangle_is_not_read_by_cholesky_and_eigh() {
    // PyTorch reads the lower triangle only: a NaN above the diagonal is
    // not input.
    for n in [3, 8] {
        let mut d: Vec<f64> = (0..n * n)
            .map(|k| if k % (n + 1) == 0 { 4.0 } else { 0.5 })
            .collect();
        d[1] = f64::NAN;
        let a = dynt(&d, &[n, n]);
        assert!(linalg::try_cholesky(&a).is_ok());
        assert!(linalg::try_eigvalsh(&a).is_ok());
    }
}
