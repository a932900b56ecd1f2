//! The toolkit on static tensors: result types computed by the compiler
//! (each `let x: Tensor<_, shape![..]>` below is a type-level assertion),
//! values against the seeds' printed output or a naive reference.

#![allow(clippy::excessive_precision)] // the seed's values, digit for digit

use proptest::prelude::*;
use shaped::{Axis, Tensor, shape, tensor};

/// Seed 001's `value`, as printed.
fn seed_value() -> Tensor<f32, shape![4, 3, 3]> {
    Tensor::from_slice(&[
        12.8460, 11.6038, 8.2267, 13.3707, 13.0595, 9.3532, 10.6257, 10.8800, 5.5372, //
        102.3054, 98.2987, 89.9491, 103.9013, 98.5896, 98.1971, 106.4493, 98.1544, 96.3743, //
        501.0322, 499.2918, 504.5105, 496.8454, 498.7290, 499.3281, 499.4231, 504.0831,
        499.4671, //
        997.9377, 1001.2782, 1005.9980, 999.5461, 1001.3517, 997.5663, 1003.1572, 999.6476,
        1001.6178,
    ])
    .unwrap()
}

fn close(got: &[f32], want: &[f32], tol: f32) {
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!((g - w).abs() <= tol, "element {i}: {g} vs {w}");
    }
}

#[test]
fn seed001_normalization_on_static_shapes() {
    let value = seed_value();
    let mean: Tensor<f32, shape![4, 1, 1]> = value.mean_keepdim((Axis::<1>, Axis::<2>));
    let std: Tensor<f32, shape![4, 1, 1]> = value.std_keepdim((Axis::<1>, Axis::<2>));
    close(
        mean.as_slice(),
        &[10.6114, 99.1355, 500.3011, 1000.9001],
        2e-4,
    );
    close(std.as_slice(), &[2.5660, 4.7580, 2.5100, 2.6277], 2e-4);
    let normalized: Tensor<f32, shape![4, 3, 3]> = (value - mean) / std;
    #[rustfmt::skip]
    let printed = [
        0.8708, 0.3867, -0.9293, 1.0753, 0.9540, -0.4904, 0.0056, 0.1047, -1.9775,
        0.6662, -0.1759, -1.9307, 1.0016, -0.1147, -0.1972, 1.5372, -0.2062, -0.5803,
        0.2912, -0.4021, 1.6770, -1.3768, -0.6263, -0.3877, -0.3498, 1.5068, -0.3323,
        -1.1274, 0.1439, 1.9401, -0.5153, 0.1719, -1.2687, 0.8590, -0.4767, 0.2731,
    ];
    // The seed's input is rounded to 4 decimals, hence the tolerance.
    close(normalized.as_slice(), &printed, 2e-4);
}

#[test]
fn seed001_stack_builds_value() {
    let a = tensor![
        [12.8460f32, 11.6038, 8.2267],
        [13.3707, 13.0595, 9.3532],
        [10.6257, 10.8800, 5.5372]
    ];
    let b = tensor![
        [102.3054f32, 98.2987, 89.9491],
        [103.9013, 98.5896, 98.1971],
        [106.4493, 98.1544, 96.3743]
    ];
    let c = tensor![
        [501.0322f32, 499.2918, 504.5105],
        [496.8454, 498.7290, 499.3281],
        [499.4231, 504.0831, 499.4671]
    ];
    let d = tensor![
        [997.9377f32, 1001.2782, 1005.9980],
        [999.5461, 1001.3517, 997.5663],
        [1003.1572, 999.6476, 1001.6178]
    ];
    let value: Tensor<f32, shape![4, 3, 3]> = Tensor::stack([&a, &b, &c, &d], Axis::<0>);
    assert_eq!(value, seed_value());
}

#[test]
fn seed001_unsqueeze_as_indexing() {
    // a + b[:, None] and a + b[None], with b = [1, 2].
    let a = Tensor::<i32, shape![2, 2]>::arange();
    let b = Tensor::<i32, shape![2]>::from_slice(&[1, 2]).unwrap();
    let col: Tensor<i32, shape![2, 1]> = b.unsqueeze(Axis::<1>);
    let row: Tensor<i32, shape![1, 2]> = b.unsqueeze(Axis::<0>);
    assert_eq!((a + col).as_slice(), &[1, 2, 4, 5]);
    assert_eq!((a + row).as_slice(), &[1, 3, 3, 5]);
    let back: Tensor<i32, shape![2]> = col.squeeze(Axis::<1>);
    assert_eq!(back, b);
}

#[test]
fn shape_operations() {
    let t = Tensor::<i32, shape![2, 3, 4]>::arange();
    let r: Tensor<i32, shape![6, 4]> = t.reshape();
    assert_eq!(r.as_slice(), t.as_slice());

    let tr: Tensor<i32, shape![4, 3, 2]> = t.transpose(Axis::<0>, Axis::<2>);
    let p: Tensor<i32, shape![3, 4, 2]> = t.permute((Axis::<1>, Axis::<2>, Axis::<0>));
    for i in 0..2 {
        for j in 0..3 {
            for k in 0..4 {
                assert_eq!(tr[[k, j, i]], t[[i, j, k]]);
                assert_eq!(p[[j, k, i]], t[[i, j, k]]);
            }
        }
    }

    let e: Tensor<i32, shape![2, 3, 4]> = Tensor::<i32, shape![3, 1]>::arange().broadcast_to();
    assert_eq!(e[[1, 2, 3]], 2);
    assert_eq!(e[[0, 1, 0]], 1);

    let x = Tensor::<i32, shape![2, 2]>::arange();
    let y = Tensor::<i32, shape![2, 2]>::full(9);
    let c0: Tensor<i32, shape![4, 2]> = Tensor::cat([&x, &y], Axis::<0>);
    let c1: Tensor<i32, shape![2, 4]> = Tensor::cat([&x, &y], Axis::<1>);
    assert_eq!(c0.as_slice(), &[0, 1, 2, 3, 9, 9, 9, 9]);
    assert_eq!(c1.as_slice(), &[0, 1, 9, 9, 2, 3, 9, 9]);
    let s: Tensor<i32, shape![2, 2, 2]> = Tensor::stack([&x, &y], Axis::<2>);
    assert_eq!(s.as_slice(), &[0, 9, 1, 9, 2, 9, 3, 9]);
}

#[test]
fn reductions_keep_or_drop_dimensions() {
    let t = Tensor::<i64, shape![2, 3]>::arange();
    let keep: Tensor<i64, shape![2, 1]> = t.sum_keepdim(Axis::<1>);
    let drop: Tensor<i64, shape![3]> = t.sum_over(Axis::<0>);
    let all: Tensor<i64, shape![]> = t.sum_over((Axis::<0>, Axis::<1>));
    assert_eq!(keep.as_slice(), &[3, 12]);
    assert_eq!(drop.as_slice(), &[3, 5, 7]);
    assert_eq!(all.as_slice(), &[15]);
    let mx: Tensor<i64, shape![2]> = t.max_over(Axis::<1>);
    let mn: Tensor<i64, shape![1, 3]> = t.min_keepdim(Axis::<0>);
    assert_eq!(mx.as_slice(), &[2, 5]);
    assert_eq!(mn.as_slice(), &[0, 1, 2]);

    let am: Tensor<usize, shape![2]> = Tensor::<i64, shape![2, 3]>::from_slice(&[3, 9, 1, 7, 2, 7])
        .unwrap()
        .argmax_over(Axis::<1>);
    assert_eq!(am.as_slice(), &[1, 0]); // the first maximum, as PyTorch
    let an: Tensor<usize, shape![1, 3]> = t.argmin_keepdim(Axis::<0>);
    assert_eq!(an.as_slice(), &[0, 0, 0]);

    // Bessel's correction: population (0) and unbiased (1) variance of 1..=4.
    let v = Tensor::<f64, shape![1, 4]>::from_slice(&[1.0, 2.0, 3.0, 4.0]).unwrap();
    let pop: Tensor<f64, shape![1]> = v.var_over_correction(Axis::<1>, 0);
    let unbiased: Tensor<f64, shape![1, 1]> = v.var_keepdim_correction(Axis::<1>, 1);
    assert_eq!(pop.as_slice(), &[1.25]);
    assert!((unbiased.as_slice()[0] - 5.0 / 3.0).abs() < 1e-12);
    let sd: Tensor<f64, shape![1]> = v.std_over_correction(Axis::<1>, 0);
    assert_eq!(sd.as_slice(), &[1.25f64.sqrt()]);

    // Size-0 axes: a sum of nothing is 0, a mean of nothing NaN (as PyTorch).
    let empty = Tensor::<f64, shape![2, 0]>::zeros();
    let s: Tensor<f64, shape![2]> = empty.sum_over(Axis::<1>);
    let m: Tensor<f64, shape![2]> = empty.mean_over(Axis::<1>);
    assert_eq!(s.as_slice(), &[0.0, 0.0]);
    assert!(m.as_slice().iter().all(|x| x.is_nan()));
    // The maximum of nothing is PyTorch's error, raised as a panic.
    let panic = std::panic::catch_unwind(|| {
        let _: Tensor<f64, shape![2]> = empty.max_over(Axis::<1>);
    })
    .unwrap_err();
    let msg = panic.downcast_ref::<String>().unwrap();
    assert!(
        msg.contains("Expected reduction dim 1 to have non-zero size"),
        "{msg}"
    );
}

/// A naive sum over a set of axes of a row-major `[a, b, c]` array.
fn naive_sum(data: &[i64], dims: [usize; 3], axes: &[usize]) -> Vec<i64> {
    let out_dims: Vec<usize> = (0..3)
        .map(|k| if axes.contains(&k) { 1 } else { dims[k] })
        .collect();
    let mut out = vec![0; out_dims.iter().product()];
    for i in 0..dims[0] {
        for j in 0..dims[1] {
            for k in 0..dims[2] {
                let idx = [i, j, k];
                let o: Vec<usize> = (0..3)
                    .map(|a| if axes.contains(&a) { 0 } else { idx[a] })
                    .collect();
                out[(o[0] * out_dims[1] + o[1]) * out_dims[2] + o[2]] +=
                    data[(i * dims[1] + j) * dims[2] + k];
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn static_sums_match_a_naive_reference(data in prop::collection::vec(-50i64..50, 60)) {
        let t = Tensor::<i64, shape![3, 4, 5]>::from_slice(&data).unwrap();
        let d = [3, 4, 5];
        let s0: Tensor<i64, shape![1, 4, 5]> = t.sum_keepdim(Axis::<0>);
        let s1: Tensor<i64, shape![3, 5]> = t.sum_over(Axis::<1>);
        let s2: Tensor<i64, shape![3, 4, 1]> = t.sum_keepdim(Axis::<2>);
        let s02: Tensor<i64, shape![4]> = t.sum_over((Axis::<0>, Axis::<2>));
        let s12: Tensor<i64, shape![3, 1, 1]> = t.sum_keepdim((Axis::<2>, Axis::<1>));
        prop_assert_eq!(s0.to_vec(), naive_sum(&data, d, &[0]));
        prop_assert_eq!(s1.to_vec(), naive_sum(&data, d, &[1]));
        prop_assert_eq!(s2.to_vec(), naive_sum(&data, d, &[2]));
        prop_assert_eq!(s02.to_vec(), naive_sum(&data, d, &[0, 2]));
        prop_assert_eq!(s12.to_vec(), naive_sum(&data, d, &[1, 2]));
    }
}
