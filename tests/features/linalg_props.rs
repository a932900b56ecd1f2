//! Reconstruction properties of `shaped::linalg` over random shapes,
//! batches and size 0 included: `A inv(A) = I`, `A X = B`, `L Lᵀ = A`,
//! `Q R = A`, `U diag(S) Vh = A`, `A V = V diag(w)`, `A pinv(A) A = A`,
//! checked with a naive matrix product (tolerance 1e-9 in f64 and 1e-3
//! in f32 on well-conditioned matrices: a random part in [-1, 1] plus `n`
//! on the diagonal).
#![cfg(feature = "linalg")]

use proptest::prelude::*;
use shaped::DynTensor;
use shaped::linalg;

/// Row-major `[batch.., m, n]` matrices, product of each pair (no broadcast).
fn mm(a: &[f64], b: &[f64], count: usize, m: usize, k: usize, n: usize) -> Vec<f64> {
    let mut c = vec![0.0; count * m * n];
    for p in 0..count {
        for i in 0..m {
            for j in 0..n {
                c[p * m * n + i * n + j] = (0..k)
                    .map(|q| a[p * m * k + i * k + q] * b[p * k * n + q * n + j])
                    .sum();
            }
        }
    }
    c
}

fn transpose(a: &[f64], count: usize, m: usize, n: usize) -> Vec<f64> {
    let mut t = vec![0.0; a.len()];
    for p in 0..count {
        for i in 0..m {
            for j in 0..n {
                t[p * m * n + j * m + i] = a[p * m * n + i * n + j];
            }
        }
    }
    t
}

fn eye(count: usize, n: usize) -> Vec<f64> {
    (0..count * n * n)
        .map(|x| {
            if (x % (n * n)).is_multiple_of(n + 1) {
                1.0
            } else {
                0.0
            }
        })
        .collect()
}

#[track_caller]
fn near(got: &[f64], want: &[f64], tol: f64) -> Result<(), TestCaseError> {
    prop_assert_eq!(got.len(), want.len());
    for (g, w) in got.iter().zip(want) {
        prop_assert!(
            (g - w).abs() <= tol * w.abs().max(1.0),
            "{} vs {} ({:?} vs {:?})",
            g,
            w,
            got,
            want
        );
    }
    Ok(())
}

/// A batch shape of rank 0 to 2 (sizes 0 to 3), a matrix size 0 to 6, and
/// values for it.
fn square_batch() -> impl Strategy<Value = (Vec<usize>, usize, Vec<f64>)> {
    (prop::collection::vec(0usize..4, 0..3), 0usize..7).prop_flat_map(|(batch, n)| {
        let count: usize = batch.iter().product();
        (
            Just(batch),
            Just(n),
            prop::collection::vec(-1.0f64..1.0, count * n * n),
        )
    })
}

fn general_batch() -> impl Strategy<Value = (Vec<usize>, usize, usize, Vec<f64>)> {
    (prop::collection::vec(0usize..3, 0..3), 0usize..6, 0usize..6).prop_flat_map(|(batch, m, n)| {
        let count: usize = batch.iter().product();
        (
            Just(batch),
            Just(m),
            Just(n),
            prop::collection::vec(-1.0f64..1.0, count * m * n),
        )
    })
}

/// `values` with `n` added on each diagonal: diagonally dominant.
fn dominant(values: &[f64], n: usize) -> Vec<f64> {
    values
        .iter()
        .enumerate()
        .map(|(x, v)| {
            if (x % (n * n)).is_multiple_of(n + 1) {
                v + n as f64
            } else {
                *v
            }
        })
        .collect()
}

fn shape(batch: &[usize], tail: &[usize]) -> Vec<usize> {
    batch.iter().chain(tail).copied().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_times_inv_a_is_the_identity((batch, n, v) in square_batch()) {
        let count: usize = batch.iter().product();
        let a = dominant(&v, n);
        let t = DynTensor::from_vec(a.clone(), &shape(&batch, &[n, n])).unwrap();
        let i = linalg::inv(&t);
        prop_assert_eq!(i.shape(), t.shape());
        near(&mm(&a, &i.to_vec(), count, n, n, n), &eye(count, n), 1e-9)?;
        // The transposed view gives the transposed inverse.
        let it = linalg::inv(&t.transpose(-1, -2).unwrap().view());
        near(&it.to_vec(), &transpose(&i.to_vec(), count, n, n), 1e-9)?;
        // det = sign · exp(logabsdet).
        let d = linalg::det(&t).to_vec();
        let (s, l) = linalg::slogdet(&t);
        let from_log: Vec<f64> = s.to_vec().iter().zip(l.to_vec()).map(|(s, l)| s * l.exp()).collect();
        near(&d, &from_log, 1e-9)?;
        // f32: the same, looser.
        let a32: Vec<f32> = a.iter().map(|&x| x as f32).collect();
        let i32 = linalg::inv(&DynTensor::from_vec(a32, t.shape()).unwrap());
        let i64: Vec<f64> = i32.to_vec().iter().map(|&x| x as f64).collect();
        near(&mm(&a, &i64, count, n, n, n), &eye(count, n), 1e-3)?;
    }

    #[test]
    fn solve_satisfies_a_x_equals_b((batch, n, v) in square_batch(), k in 0usize..4, seed in 0u64..1000) {
        let count: usize = batch.iter().product();
        let a = dominant(&v, n);
        let b: Vec<f64> = (0..count * n * k).map(|i| ((i as u64 * 7919 + seed) % 13) as f64 - 6.0).collect();
        let ta = DynTensor::from_vec(a.clone(), &shape(&batch, &[n, n])).unwrap();
        let tb = DynTensor::from_vec(b.clone(), &shape(&batch, &[n, k])).unwrap();
        let x = linalg::solve(&ta, &tb);
        prop_assert_eq!(x.shape(), tb.shape());
        near(&mm(&a, &x.to_vec(), count, n, n, k), &b, 1e-9)?;
        // One B for the whole batch: broadcast.
        let col: Vec<f64> = (0..n).map(|i| i as f64 - 2.0).collect();
        let xb = linalg::solve(&ta, &DynTensor::from_vec(col.clone(), &[n, 1]).unwrap());
        // (PyTorch's rule: a B of shape A.shape[:-1] is a batch of vectors.)
        let vectors = shape(&batch, &[n]) == [n, 1];
        let want = if vectors { shape(&batch, &[n]) } else { shape(&batch, &[n, 1]) };
        prop_assert_eq!(xb.shape(), &want[..]);
        let cols: Vec<f64> = (0..count).flat_map(|_| col.clone()).collect();
        near(&mm(&a, &xb.to_vec(), count, n, n, 1), &cols, 1e-9)?;
    }

    #[test]
    fn cholesky_reconstructs((batch, n, v) in square_batch()) {
        let count: usize = batch.iter().product();
        // M Mᵀ + n I is symmetric positive-definite.
        let m = v;
        let mut a = mm(&m, &transpose(&m, count, n, n), count, n, n, n);
        a = dominant(&a, n);
        let t = DynTensor::from_vec(a.clone(), &shape(&batch, &[n, n])).unwrap();
        let l = linalg::cholesky(&t).to_vec();
        for p in 0..count {
            for i in 0..n {
                for j in i + 1..n {
                    prop_assert_eq!(l[p * n * n + i * n + j], 0.0);
                }
            }
        }
        near(&mm(&l, &transpose(&l, count, n, n), count, n, n, n), &a, 1e-9)?;
        // eigh: A V = V diag(w), w ascending.
        let (w, q) = linalg::eigh(&t);
        let (w, q) = (w.to_vec(), q.to_vec());
        let av = mm(&a, &q, count, n, n, n);
        let vw: Vec<f64> = q.iter().enumerate().map(|(x, q)| q * w[x / (n * n) * n + x % n]).collect();
        near(&av, &vw, 1e-9)?;
        for p in 0..count {
            for i in 1..n {
                prop_assert!(w[p * n + i - 1] <= w[p * n + i]);
            }
        }
    }

    #[test]
    fn qr_svd_pinv_reconstruct((batch, m, n, a) in general_batch()) {
        let count: usize = batch.iter().product();
        let k = m.min(n);
        let t = DynTensor::from_vec(a.clone(), &shape(&batch, &[m, n])).unwrap();
        let (q, r) = linalg::qr(&t);
        prop_assert_eq!(q.shape(), &shape(&batch, &[m, k])[..]);
        prop_assert_eq!(r.shape(), &shape(&batch, &[k, n])[..]);
        let (q, r) = (q.to_vec(), r.to_vec());
        near(&mm(&q, &r, count, m, k, n), &a, 1e-9)?;
        near(&mm(&transpose(&q, count, m, k), &q, count, k, m, k), &eye(count, k), 1e-9)?;
        let (u, s, vh) = linalg::svd(&t);
        prop_assert_eq!(s.shape(), &shape(&batch, &[k])[..]);
        let (u, s, vh) = (u.to_vec(), s.to_vec(), vh.to_vec());
        let us: Vec<f64> = u.iter().enumerate().map(|(x, u)| u * s[x / (m * k) * k + x % k]).collect();
        near(&mm(&us, &vh, count, m, k, n), &a, 1e-9)?;
        for p in 0..count {
            for i in 0..k {
                prop_assert!(s[p * k + i] >= 0.0);
                if i > 0 {
                    prop_assert!(s[p * k + i - 1] >= s[p * k + i]);
                }
            }
        }
        let p = linalg::pinv(&t).to_vec();
        let apa = mm(&mm(&a, &p, count, m, n, m), &a, count, m, m, n);
        near(&apa, &a, 1e-9)?;
    }
}
