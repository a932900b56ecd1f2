//! With the `rayon` feature a batch of factorizations is spread over
//! rayon's pool: the results must be the same, bit for bit, and the error
//! the same (the first matrix in batch order), for any number of threads.

#![cfg(all(feature = "linalg", feature = "rayon"))]

use shaped::{DynTensor, ShapeError, linalg};

/// 64 well-conditioned 32x32 matrices (enough work to be split), made
/// symmetric so that `eigh` and `cholesky` apply too.
fn batch() -> Vec<f64> {
    let n = 32;
    (0..64 * n * n)
        .map(|k| {
            let (m, i, j) = (k / (n * n), k % (n * n) / n, k % n);
            let (a, b) = (i.min(j), i.max(j));
            let v = ((a * 31 + b * 17 + m * 7) % 23) as f64 / 23.0 - 0.5;
            if i == j { v + n as f64 } else { v }
        })
        .collect()
}

fn in_pool<R: Send>(threads: usize, f: impl FnOnce() -> R + Send) -> R {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(f)
}

type All = (
    Vec<f64>,
    Vec<f64>,
    Vec<f64>,
    Vec<f64>,
    Vec<f64>,
    Vec<f64>,
    Vec<f64>,
);

fn everything(a: &DynTensor<f64>, b: &DynTensor<f64>) -> All {
    let (s, l) = linalg::slogdet(a);
    let (w, v) = linalg::eigh(a);
    let (u, sv, vh) = linalg::svd(a);
    let (q, r) = linalg::qr(a);
    (
        linalg::inv(a).to_vec(),
        [linalg::det(a).to_vec(), s.to_vec(), l.to_vec()].concat(),
        linalg::solve(a, b).to_vec(),
        linalg::cholesky(a).to_vec(),
        [w.to_vec(), v.to_vec()].concat(),
        [
            u.to_vec(),
            sv.to_vec(),
            vh.to_vec(),
            linalg::pinv(a).to_vec(),
        ]
        .concat(),
        [q.to_vec(), r.to_vec(), linalg::lstsq(a, b).to_vec()].concat(),
    )
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let a = DynTensor::from_vec(batch(), &[64, 32, 32]).unwrap();
    let b = DynTensor::from_vec(
        (0..64 * 32 * 3).map(|i| (i % 5) as f64).collect(),
        &[64, 32, 3],
    )
    .unwrap();
    let one = in_pool(1, || everything(&a, &b));
    for threads in [2, 3, 4] {
        let many = in_pool(threads, || everything(&a, &b));
        assert!(one == many, "{threads} threads differ from one");
    }
}

#[test]
fn the_first_failing_matrix_is_named_for_any_thread_count() {
    // Matrices 9 and 50 singular (a zero row) and not positive-definite.
    let mut d = batch();
    for m in [9, 50] {
        d[m * 1024..m * 1024 + 32].fill(0.0);
    }
    let a = DynTensor::from_vec(d, &[64, 32, 32]).unwrap();
    let errs = |t| -> Vec<String> {
        in_pool(t, || {
            let e = |r: Result<DynTensor<f64>, ShapeError>| r.unwrap_err().to_string();
            vec![e(linalg::try_inv(&a)), e(linalg::try_cholesky(&a))]
        })
    };
    let one = errs(1);
    assert!(
        one.iter().all(|e| e.contains("(Batch element 9)")),
        "{one:?}"
    );
    for t in [2, 3, 4] {
        assert_eq!(errs(t), one);
    }
}
