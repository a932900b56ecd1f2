//! The `rayon` feature: large operations split across the pool give the
//! results of a naive reference, and the same bits whatever the number of
//! threads.
#![cfg(feature = "rayon")]

use shaped::DynTensor;

fn ints(n: usize, seed: i64) -> Vec<i64> {
    (0..n as i64).map(|i| (i * 7 + seed) % 23 - 11).collect()
}

fn floats(n: usize, seed: usize) -> Vec<f32> {
    (0..n)
        .map(|i| ((i * 13 + seed) % 101) as f32 / 7.0 - 5.0)
        .collect()
}

/// `c[i][j] = sum_p a[i][p] * b[p][j]`, written out.
fn naive(m: usize, k: usize, n: usize, a: &[i64], b: &[i64]) -> Vec<i64> {
    let mut c = vec![0; m * n];
    for i in 0..m {
        for j in 0..n {
            for p in 0..k {
                c[i * n + j] += a[i * k + p] * b[p * n + j];
            }
        }
    }
    c
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

#[test]
fn large_integer_products_equal_the_triple_loop() {
    let (m, k, n) = (300, 200, 300);
    let (va, vb) = (ints(m * k, 1), ints(k * n, 5));
    let a = DynTensor::from_vec(va.clone(), &[m, k]).unwrap();
    let b = DynTensor::from_vec(vb.clone(), &[k, n]).unwrap();
    assert_eq!(a.matmul(&b).to_vec(), naive(m, k, n, &va, &vb));
}

#[test]
fn batched_integer_products_equal_the_triple_loop() {
    // A batch that broadcasts: [6, 1, 40, 50] @ [3, 50, 60].
    let (m, k, n) = (40, 50, 60);
    let va = ints(6 * m * k, 2);
    let vb = ints(3 * k * n, 3);
    let a = DynTensor::from_vec(va.clone(), &[6, 1, m, k]).unwrap();
    let b = DynTensor::from_vec(vb.clone(), &[3, k, n]).unwrap();
    let c = a.matmul(&b);
    assert_eq!(c.shape(), &[6, 3, m, n]);
    for i in 0..6 {
        for j in 0..3 {
            let want = naive(
                m,
                k,
                n,
                &va[i * m * k..][..m * k],
                &vb[j * k * n..][..k * n],
            );
            assert_eq!(
                &c.to_vec()[(i * 3 + j) * m * n..][..m * n],
                &want[..],
                "matrix ({i}, {j})"
            );
        }
    }
}

#[test]
fn float_products_do_not_depend_on_the_thread_count() {
    let a = DynTensor::from_vec(floats(16 * 96 * 80, 1), &[16, 96, 80]).unwrap();
    let b = DynTensor::from_vec(floats(80 * 70, 2), &[80, 70]).unwrap();
    let c = DynTensor::from_vec(floats(16 * 80 * 70, 3), &[16, 80, 70]).unwrap();
    let one = pool(1).install(|| (a.matmul(&b), a.matmul(&c)));
    let two = pool(2).install(|| (a.matmul(&b), a.matmul(&c)));
    let four = pool(4).install(|| (a.matmul(&b), a.matmul(&c)));
    assert_eq!(one, two);
    assert_eq!(one, four);
}

#[test]
fn large_elementwise_operations_equal_the_reference() {
    // [3, 1, 700, 256] + [700, 1]: 537,600 elements, above the threshold.
    let (va, vb) = (floats(3 * 700 * 256, 4), floats(700, 5));
    let a = DynTensor::from_vec(va.clone(), &[3, 1, 700, 256]).unwrap();
    let b = DynTensor::from_vec(vb.clone(), &[700, 1]).unwrap();
    let want: Vec<f32> = (0..3 * 700 * 256)
        .map(|i| va[i] * vb[(i / 256) % 700])
        .collect();
    for threads in [1, 2, 3] {
        let got = pool(threads).install(|| &a * &b);
        assert_eq!(got.shape(), &[3, 1, 700, 256]);
        assert_eq!(got.to_vec(), want, "{threads} threads");
    }
    // The stretched operand on the left.
    let got = &b - &a;
    let want: Vec<f32> = (0..3 * 700 * 256)
        .map(|i| vb[(i / 256) % 700] - va[i])
        .collect();
    assert_eq!(got.to_vec(), want);
}

#[test]
fn large_reductions_equal_the_reference_for_any_thread_count() {
    // [600, 1024]: 614,400 elements, above the threshold; axis 1 splits by
    // rows, axis 0 (one group) by columns.
    let (r, c) = (600, 1024);
    let v = floats(r * c, 6);
    let t = DynTensor::from_vec(v.clone(), &[r, c]).unwrap();
    let row_max: Vec<f32> = (0..r)
        .map(|i| v[i * c..][..c].iter().cloned().fold(f32::MIN, f32::max))
        .collect();
    let col_max: Vec<f32> = (0..c)
        .map(|j| (0..r).map(|i| v[i * c + j]).fold(f32::MIN, f32::max))
        .collect();
    let col_arg: Vec<usize> = (0..c)
        .map(|j| {
            let best = (0..r).map(|i| v[i * c + j]).fold(f32::MIN, f32::max);
            (0..r).position(|i| v[i * c + j] == best).unwrap()
        })
        .collect();
    let one = pool(1).install(|| {
        (
            t.sum_dims(&[1], false),
            t.sum_dims(&[0], false),
            t.var_dims(&[0], false),
        )
    });
    for threads in [2, 3] {
        let many = pool(threads).install(|| {
            (
                t.sum_dims(&[1], false),
                t.sum_dims(&[0], false),
                t.var_dims(&[0], false),
            )
        });
        assert_eq!(one, many, "{threads} threads");
        let (mr, mc) = pool(threads).install(|| (t.max_dims(&[1], false), t.max_dims(&[0], false)));
        assert_eq!(mr.unwrap().to_vec(), row_max);
        assert_eq!(mc.unwrap().to_vec(), col_max);
        let arg = pool(threads).install(|| t.argmax(0, false)).unwrap();
        assert_eq!(arg.to_vec(), col_arg);
    }
    // Sums against a plain f64 sum, within f32 rounding.
    let sums = one.0.unwrap().to_vec();
    for (i, s) in sums.iter().enumerate() {
        let want: f64 = v[i * c..][..c].iter().map(|&x| x as f64).sum();
        assert!((*s as f64 - want).abs() < 1e-2, "row {i}: {s} vs {want}");
    }
}
