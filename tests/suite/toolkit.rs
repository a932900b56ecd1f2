//! The toolkit around broadcasting that the seeds use: seed 001's
//! normalisation, `b[:, None]`, `stack`/`cat`, reshaping axes, reductions,
//! elementwise functions, the `tensor!` literal and random constructors.
//!
//! Expected values are the seeds' printed ones or worked out by hand.

// Seed 001's values are copied digit for digit as printed (`498.7290`).
#![allow(clippy::excessive_precision)]

use shaped::{DynTensor, ShapeError, ShapeErrorKind, Tensor, shape, tensor};

fn first_line(e: &ShapeError) -> String {
    e.to_string().lines().next().unwrap_or("").to_string()
}

fn close(got: &[f32], want: &[f32], tol: f32) {
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= tol,
            "element {i}: got {g}, want {w} (tolerance {tol})"
        );
    }
}

// ------------------------------------------------------ seed 001: normalise

/// Seed 001's `value`, as printed there (rounded to four decimals).
const VALUE: [[[f32; 3]; 3]; 4] = [
    [
        [12.8460, 11.6038, 8.2267],
        [13.3707, 13.0595, 9.3532],
        [10.6257, 10.8800, 5.5372],
    ],
    [
        [102.3054, 98.2987, 89.9491],
        [103.9013, 98.5896, 98.1971],
        [106.4493, 98.1544, 96.3743],
    ],
    [
        [501.0322, 499.2918, 504.5105],
        [496.8454, 498.7290, 499.3281],
        [499.4231, 504.0831, 499.4671],
    ],
    [
        [997.9377, 1001.2782, 1005.9980],
        [999.5461, 1001.3517, 997.5663],
        [1003.1572, 999.6476, 1001.6178],
    ],
];

/// Seed 001's `mean`, `std` and `(value - mean) / std`, as printed there.
const MEAN: [f32; 4] = [10.6114, 99.1355, 500.3011, 1000.9001];
const STD: [f32; 4] = [2.5660, 4.7580, 2.5100, 2.6277];
const NORMALIZED: [f32; 36] = [
    0.8708, 0.3867, -0.9293, 1.0753, 0.9540, -0.4904, 0.0056, 0.1047, -1.9775, //
    0.6662, -0.1759, -1.9307, 1.0016, -0.1147, -0.1972, 1.5372, -0.2062, -0.5803, //
    0.2912, -0.4021, 1.6770, -1.3768, -0.6263, -0.3877, -0.3498, 1.5068, -0.3323, //
    -1.1274, 0.1439, 1.9401, -0.5153, 0.1719, -1.2687, 0.8590, -0.4767, 0.2731,
];

fn seed_value() -> DynTensor<f32> {
    let objects: Vec<DynTensor<f32>> = VALUE
        .iter()
        .map(|m| DynTensor::from_vec(m.as_flattened().to_vec(), &[3, 3]).unwrap())
        .collect();
    DynTensor::stack(&objects, 0).unwrap()
}

#[test]
fn seed_001_normalization() {
    let value = seed_value();
    assert_eq!(value.shape(), &[4, 3, 3]);
    assert_eq!(value.get(&[2, 1, 0]), Some(&496.8454));

    let mean = value.mean_dims(&[1, 2], true).unwrap();
    let std = value.std_dims(&[1, 2], true).unwrap();
    assert_eq!(mean.shape(), &[4, 1, 1]);
    assert_eq!(std.shape(), &[4, 1, 1]);
    // The inputs are rounded to 4 decimals, so the statistics may move by
    // about 5e-5; printed with 4 decimals they are the seed's.
    close(&mean.to_vec(), &MEAN, 1e-4);
    close(&std.to_vec(), &STD, 1e-4);

    let normalized = (&value - &mean) / &std;
    assert_eq!(normalized.shape(), &[4, 3, 3]);
    close(&normalized.to_vec(), &NORMALIZED, 2e-4);

    // The same through the fallible API.
    let again = value.try_sub(&mean).unwrap().try_div(&std).unwrap();
    assert_eq!(again, normalized);
    // Each object now has mean 0 and standard deviation 1.
    close(
        &normalized.mean_dims(&[1, 2], false).unwrap().to_vec(),
        &[0.0; 4],
        1e-4,
    );
    close(
        &normalized.std_dims(&[1, 2], false).unwrap().to_vec(),
        &[1.0; 4],
        1e-4,
    );
}

#[test]
fn seed_001_statistics_print_as_in_the_seed() {
    let value = seed_value();
    let mean = value.mean_dims(&[1, 2], true).unwrap();
    let std = value.std_dims(&[1, 2], true).unwrap();
    assert_eq!(
        mean.to_string(),
        "tensor([[[  10.6114]],\n\n        [[  99.1355]],\n\n        [[ 500.3011]],\n\n        [[1000.9001]]])"
    );
    assert_eq!(
        std.to_string(),
        "tensor([[[2.5660]],\n\n        [[4.7580]],\n\n        [[2.5100]],\n\n        [[2.6277]]])"
    );
}

#[test]
fn seed_001_value_from_static_literals() {
    // The objects written with `tensor!`, stacked at run time.
    let objects = [
        tensor![
            [12.8460f32, 11.6038, 8.2267],
            [13.3707, 13.0595, 9.3532],
            [10.6257, 10.8800, 5.5372]
        ]
        .into_dyn(),
        tensor![
            [102.3054f32, 98.2987, 89.9491],
            [103.9013, 98.5896, 98.1971],
            [106.4493, 98.1544, 96.3743]
        ]
        .into_dyn(),
        tensor![
            [501.0322f32, 499.2918, 504.5105],
            [496.8454, 498.7290, 499.3281],
            [499.4231, 504.0831, 499.4671]
        ]
        .into_dyn(),
        tensor![
            [997.9377f32, 1001.2782, 1005.9980],
            [999.5461, 1001.3517, 997.5663],
            [1003.1572, 999.6476, 1001.6178]
        ]
        .into_dyn(),
    ];
    let value = DynTensor::stack(&objects, 0).unwrap();
    assert_eq!(value, seed_value());
    let mean = value.mean_dims(&[1, 2], true).unwrap();
    close(&mean.to_vec(), &MEAN, 1e-4);
}

// ---------------------------------------------------- b[:, None] and b[None]

#[test]
fn seed_001_unsqueeze_is_indexing_with_none() {
    let a = DynTensor::<i64>::arange(4).reshape(&[2, 2]).unwrap();
    let b = DynTensor::from_vec(vec![1i64, 2], &[2]).unwrap();
    let col = b.unsqueeze(1).unwrap(); // b[:, None]
    let row = b.unsqueeze(0).unwrap(); // b[None]
    assert_eq!((col.shape(), col.to_vec()), (&[2, 1][..], vec![1, 2]));
    assert_eq!((row.shape(), row.to_vec()), (&[1, 2][..], vec![1, 2]));
    assert_eq!((&a + &col).to_vec(), vec![1, 2, 4, 5]);
    assert_eq!((&a + &row).to_vec(), vec![1, 3, 3, 5]);
    assert_eq!((&a + &b).to_vec(), vec![1, 3, 3, 5]);
}

#[test]
fn unsqueeze_everywhere_and_out_of_range() {
    let t = DynTensor::<i32>::zeros(&[2, 3]);
    assert_eq!(t.unsqueeze(0).unwrap().shape(), &[1, 2, 3]);
    assert_eq!(t.unsqueeze(1).unwrap().shape(), &[2, 1, 3]);
    assert_eq!(t.unsqueeze(2).unwrap().shape(), &[2, 3, 1]);
    let e = t.unsqueeze(3).unwrap_err();
    assert_eq!(
        first_line(&e),
        "Dimension out of range (expected to be in range of [-3, 2], but got 3)"
    );
    assert_eq!(e.kind(), ShapeErrorKind::AxisOutOfRange);
    assert!(matches!(
        &e,
        ShapeError::AxisOutOfRange {
            axis: 3,
            dims: 3,
            ..
        }
    ));
    assert_eq!(e.lhs(), &[2, 3]);
    assert_eq!(e.axis(), Some(3));
    // A scalar becomes a vector of one.
    let s = DynTensor::scalar(7u8).unsqueeze(0).unwrap();
    assert_eq!((s.shape(), s.to_vec()), (&[1][..], vec![7]));
}

#[test]
fn squeeze() {
    let t = DynTensor::<i32>::arange(6).reshape(&[2, 1, 3, 1]).unwrap();
    assert_eq!(t.squeeze(1).unwrap().shape(), &[2, 3, 1]);
    assert_eq!(t.squeeze(3).unwrap().shape(), &[2, 1, 3]);
    assert_eq!(t.squeeze(3).unwrap().to_vec(), (0..6).collect::<Vec<_>>());
    let e = t.squeeze(0).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::SqueezeSize);
    assert_eq!(
        first_line(&e),
        "cannot select an axis to squeeze out which has size not equal to one"
    );
    assert_eq!(
        first_line(&t.squeeze(4).unwrap_err()),
        "Dimension out of range (expected to be in range of [-4, 3], but got 4)"
    );
    // Rank 0: axis 0 is accepted and changes nothing, as in PyTorch.
    assert_eq!(
        DynTensor::scalar(1.0f32).squeeze(0).unwrap().shape(),
        &[] as &[usize]
    );
    // unsqueeze then squeeze is the identity.
    let u = t.unsqueeze(2).unwrap().squeeze(2).unwrap();
    assert_eq!(u, t);
}

// --------------------------------------------------- permute and transpose

#[test]
fn permute_and_transpose() {
    // t[i][j][k] = 100 i + 10 j + k, shape [2, 3, 4].
    let data: Vec<i32> = (0..2)
        .flat_map(|i| (0..3).flat_map(move |j| (0..4).map(move |k| 100 * i + 10 * j + k)))
        .collect();
    let t = DynTensor::from_vec(data, &[2, 3, 4]).unwrap();
    let p = t.permute(&[2, 0, 1]).unwrap();
    assert_eq!(p.shape(), &[4, 2, 3]);
    // p[k][i][j] = t[i][j][k]
    assert_eq!(p.get(&[3, 1, 2]), Some(&123));
    assert_eq!(p.get(&[0, 1, 0]), Some(&100));
    assert_eq!(&p.to_vec()[..6], &[0, 10, 20, 100, 110, 120]);

    let tr = t.transpose(0, 2).unwrap();
    assert_eq!(tr.shape(), &[4, 3, 2]);
    assert_eq!(tr.get(&[1, 2, 1]), Some(&121));
    assert_eq!(t.transpose(1, 1).unwrap(), t);
    assert_eq!(t.permute(&[0, 1, 2]).unwrap(), t);

    let e = t.permute(&[0, 1]).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::PermuteLength);
    assert_eq!(
        first_line(&e),
        "number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = 3 is not equal to len(dims) = 2"
    );
    let e = t.permute(&[0, 2, 2]).unwrap_err();
    assert_eq!(
        first_line(&e),
        "dim 2 appears multiple times in the list of dims"
    );
    let e = t.permute(&[0, 1, 5]).unwrap_err();
    assert_eq!(
        first_line(&e),
        "Dimension out of range (expected to be in range of [-3, 2], but got 5)"
    );
    assert!(t.transpose(0, 3).is_err());
    // Empty tensors permute too.
    let z = DynTensor::<f32>::zeros(&[0, 2]).transpose(0, 1).unwrap();
    assert_eq!((z.shape(), z.numel()), (&[2, 0][..], 0));
}

// --------------------------------------------------------------- stack, cat

#[test]
fn stack_along_each_axis() {
    let a = DynTensor::from_vec(vec![1, 2, 3, 4], &[2, 2]).unwrap();
    let b = DynTensor::from_vec(vec![5, 6, 7, 8], &[2, 2]).unwrap();
    let s0 = DynTensor::stack(&[a.clone(), b.clone()], 0).unwrap();
    assert_eq!(
        (s0.shape(), s0.to_vec()),
        (&[2, 2, 2][..], vec![1, 2, 3, 4, 5, 6, 7, 8])
    );
    let s1 = DynTensor::stack(&[a.clone(), b.clone()], 1).unwrap();
    assert_eq!(
        (s1.shape(), s1.to_vec()),
        (&[2, 2, 2][..], vec![1, 2, 5, 6, 3, 4, 7, 8])
    );
    let s2 = DynTensor::stack([&a, &b], 2).unwrap();
    assert_eq!(
        (s2.shape(), s2.to_vec()),
        (&[2, 2, 2][..], vec![1, 5, 2, 6, 3, 7, 4, 8])
    );
    // A Vec works through deref.
    let v = vec![a.clone(), b.clone(), a.clone()];
    assert_eq!(DynTensor::stack(&v, 0).unwrap().shape(), &[3, 2, 2]);
    // Scalars stack into a vector.
    let s = DynTensor::stack(&[DynTensor::scalar(1.5), DynTensor::scalar(2.5)], 0).unwrap();
    assert_eq!((s.shape(), s.to_vec()), (&[2][..], vec![1.5, 2.5]));
}

#[test]
fn stack_errors() {
    let a = DynTensor::<f32>::zeros(&[2, 3]);
    let b = DynTensor::<f32>::zeros(&[3, 3]);
    let e = DynTensor::stack(&[a.clone(), a.clone(), b], 0).unwrap_err();
    assert_eq!(
        e.to_string(),
        "stack expects each tensor to be equal size, but got [2, 3] at entry 0 and [3, 3] at entry 2"
    );
    assert_eq!(e.kind(), ShapeErrorKind::StackMismatch);
    assert_eq!((e.lhs(), e.rhs()), (&[2, 3][..], &[3, 3][..]));
    let none: [DynTensor<f32>; 0] = [];
    assert_eq!(
        DynTensor::stack(&none, 0).unwrap_err().to_string(),
        "stack expects a non-empty TensorList"
    );
    assert_eq!(
        first_line(&DynTensor::stack(&[a], 3).unwrap_err()),
        "Dimension out of range (expected to be in range of [-3, 2], but got 3)"
    );
}

#[test]
fn cat_along_each_axis() {
    let a = DynTensor::from_vec(vec![1, 2, 3, 4], &[2, 2]).unwrap();
    let b = DynTensor::from_vec(vec![5, 6], &[1, 2]).unwrap();
    let c0 = DynTensor::cat(&[a.clone(), b.clone()], 0).unwrap();
    assert_eq!(
        (c0.shape(), c0.to_vec()),
        (&[3, 2][..], vec![1, 2, 3, 4, 5, 6])
    );
    let c = DynTensor::from_vec(vec![7, 8], &[2, 1]).unwrap();
    let c1 = DynTensor::cat([&a, &c, &a], 1).unwrap();
    assert_eq!(
        (c1.shape(), c1.to_vec()),
        (&[2, 5][..], vec![1, 2, 7, 1, 2, 3, 4, 8, 3, 4])
    );
    // Empty pieces are fine.
    let e = DynTensor::<i32>::zeros(&[0, 2]);
    assert_eq!(DynTensor::cat(&[e.clone(), a.clone(), e], 0).unwrap(), a);
}

#[test]
fn cat_errors() {
    let a = DynTensor::<f32>::zeros(&[2, 3]);
    let b = DynTensor::<f32>::zeros(&[2, 4]);
    let e = DynTensor::cat(&[a.clone(), b.clone()], 0).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Sizes of tensors must match except in dimension 0. Expected size 3 but got size 4 for tensor number 1 in the list."
    );
    assert_eq!(e.kind(), ShapeErrorKind::CatMismatch);
    assert_eq!(DynTensor::cat(&[a.clone(), b], 1).unwrap().shape(), &[2, 7]);
    let r = DynTensor::<f32>::zeros(&[2, 3, 1]);
    assert_eq!(
        DynTensor::cat(&[a.clone(), r], 0).unwrap_err().to_string(),
        "Tensors must have same number of dimensions: got 2 and 3"
    );
    assert_eq!(
        DynTensor::cat(&[a.clone(), DynTensor::scalar(1.0)], 0)
            .unwrap_err()
            .to_string(),
        "zero-dimensional tensor (at position 1) cannot be concatenated"
    );
    let none: Vec<DynTensor<f32>> = Vec::new();
    assert_eq!(
        DynTensor::cat(&none, 0).unwrap_err().to_string(),
        "torch.cat(): expected a non-empty list of Tensors"
    );
    assert_eq!(
        first_line(&DynTensor::cat(&[a], 2).unwrap_err()),
        "Dimension out of range (expected to be in range of [-2, 1], but got 2)"
    );
}

// ------------------------------------------------------------- reductions

#[test]
fn reductions_by_hand() {
    // [[1, 2, 3], [4, 5, 9]]
    let t = DynTensor::from_vec(vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 9.0], &[2, 3]).unwrap();
    let s = t.sum_dims(&[0], false).unwrap();
    assert_eq!((s.shape(), s.to_vec()), (&[3][..], vec![5.0, 7.0, 12.0]));
    let s = t.sum_dims(&[1], true).unwrap();
    assert_eq!((s.shape(), s.to_vec()), (&[2, 1][..], vec![6.0, 18.0]));
    assert_eq!(t.sum(), 24.0);
    assert_eq!(t.mean(), 4.0);
    assert_eq!(t.mean_dims(&[1], false).unwrap().to_vec(), vec![2.0, 6.0]);
    // Row 1: mean 6, squared deviations 4 + 1 + 9 = 14, /2 = 7.
    assert_eq!(t.var_dims(&[1], false).unwrap().to_vec(), vec![1.0, 7.0]);
    assert_eq!(
        t.var_dims_correction(&[1], 0, false).unwrap().to_vec(),
        vec![2.0 / 3.0, 14.0 / 3.0]
    );
    assert_eq!(
        t.std_dims(&[1], false).unwrap().to_vec(),
        vec![1.0, 7.0f64.sqrt()]
    );
    // All six: mean 4, squared deviations 9 + 4 + 1 + 0 + 1 + 25 = 40.
    let all = t.std_dims_correction(&[0, 1], 0, true).unwrap();
    assert_eq!(all.shape(), &[1, 1]);
    assert_eq!(all.to_vec(), vec![(40.0f64 / 6.0).sqrt()]);
    assert_eq!(t.var_dims(&[0, 1], false).unwrap().to_vec(), vec![8.0]);
    assert_eq!(t.max_dims(&[0, 1], false).unwrap().to_vec(), vec![9.0]);
    assert_eq!(t.min_dims(&[1], true).unwrap().to_vec(), vec![1.0, 4.0]);
    assert_eq!(t.argmax(1, false).unwrap().to_vec(), vec![2, 2]);
    assert_eq!(t.argmin(0, false).unwrap().to_vec(), vec![0, 0, 0]);
    assert_eq!(t.argmax(0, true).unwrap().shape(), &[1, 3]);
}

#[test]
fn reductions_over_inner_and_outer_axes() {
    let t = DynTensor::<i64>::arange(24).reshape(&[2, 3, 4]).unwrap();
    // t[i][j][k] = 12 i + 4 j + k. Over axes 0 and 2, for each j:
    // sum over i in 0..2, k in 0..4 = 4 * 12 + 8 * 4 j + 2 * 6 = 60 + 32 j.
    assert_eq!(
        t.sum_dims(&[0, 2], false).unwrap().to_vec(),
        vec![60, 92, 124]
    );
    assert_eq!(t.sum_dims(&[2, 0], true).unwrap().shape(), &[1, 3, 1]);
    // Over axis 1: t[i][.][k] summed = 3 (12 i + k) + 4 (0 + 1 + 2).
    assert_eq!(
        t.sum_dims(&[1], false).unwrap().to_vec(),
        vec![12, 15, 18, 21, 48, 51, 54, 57]
    );
    assert_eq!(
        t.max_dims(&[0, 1], false).unwrap().to_vec(),
        vec![20, 21, 22, 23]
    );
    assert_eq!(
        t.min_dims(&[2], false).unwrap().to_vec(),
        vec![0, 4, 8, 12, 16, 20]
    );
    assert_eq!(t.argmax(1, false).unwrap().to_vec(), vec![2; 8]);
    // No axes: nothing is reduced.
    assert_eq!(t.sum_dims::<usize>(&[], false).unwrap(), t);
}

#[test]
fn reductions_of_empty_axes_follow_pytorch() {
    let e = DynTensor::<f32>::zeros(&[2, 0]);
    assert_eq!(e.sum_dims(&[1], false).unwrap().to_vec(), vec![0.0, 0.0]);
    assert!(
        e.mean_dims(&[1], false)
            .unwrap()
            .to_vec()
            .iter()
            .all(|x| x.is_nan())
    );
    assert!(
        e.var_dims(&[1], true)
            .unwrap()
            .to_vec()
            .iter()
            .all(|x| x.is_nan())
    );
    assert!(e.std_dims(&[0, 1], false).unwrap().to_vec()[0].is_nan());
    assert_eq!(e.sum(), 0.0);
    assert!(e.mean().is_nan());
    // Reducing the non-empty axis gives an empty result.
    let r = e.sum_dims(&[0], false).unwrap();
    assert_eq!((r.shape(), r.numel()), (&[0][..], 0));
    assert_eq!(e.max_dims(&[0], true).unwrap().shape(), &[1, 0]);
    // No identity: an error, as PyTorch's amax/amin/argmax/argmin.
    let err = e.max_dims(&[1], false).unwrap_err();
    assert_eq!(
        err.to_string(),
        "amax(): Expected reduction dim 1 to have non-zero size."
    );
    assert_eq!(err.kind(), ShapeErrorKind::EmptyReduction);
    assert_eq!(
        e.min_dims(&[0, 1], false).unwrap_err().to_string(),
        "amin(): Expected reduction dim 1 to have non-zero size."
    );
    assert_eq!(
        e.argmax(1, false).unwrap_err().to_string(),
        "argmax(): Expected reduction dim 1 to have non-zero size."
    );
    assert!(e.argmin(1, true).is_err());
    // One element: the unbiased variance divides by 0.
    let one = DynTensor::from_vec(vec![3.0f64], &[1]).unwrap();
    assert!(one.var_dims(&[0], false).unwrap().to_vec()[0].is_nan());
    assert_eq!(
        one.var_dims_correction(&[0], 0, false).unwrap().to_vec(),
        vec![0.0]
    );
}

#[test]
fn reduction_axis_errors() {
    let t = DynTensor::<f32>::zeros(&[2, 3]);
    let e = t.sum_dims(&[2], false).unwrap_err();
    assert_eq!(
        first_line(&e),
        "Dimension out of range (expected to be in range of [-2, 1], but got 2)"
    );
    let e = t.mean_dims(&[1, 1], true).unwrap_err();
    assert_eq!(
        first_line(&e),
        "dim 1 appears multiple times in the list of dims"
    );
    assert_eq!(e.kind(), ShapeErrorKind::DuplicateAxis);
    assert!(t.argmax(5, false).is_err());
    // A scalar accepts axis 0 (and only 0), as in PyTorch.
    let s = DynTensor::scalar(4.0f32);
    assert_eq!(s.sum_dims(&[0], true).unwrap(), s);
    assert_eq!(s.argmax(0, false).unwrap().to_vec(), vec![0]);
    assert_eq!(
        first_line(&s.sum_dims(&[1], false).unwrap_err()),
        "Dimension out of range (expected to be in range of [-1, 0], but got 1)"
    );
}

#[test]
fn nan_propagates_through_max_and_argmax() {
    let t = DynTensor::from_vec(vec![1.0, f64::NAN, 3.0, 2.0, 5.0, 5.0], &[2, 3]).unwrap();
    let m = t.max_dims(&[1], false).unwrap().to_vec();
    assert!(m[0].is_nan());
    assert_eq!(m[1], 5.0);
    assert!(t.min_dims(&[1], false).unwrap().to_vec()[0].is_nan());
    assert_eq!(t.argmax(1, false).unwrap().to_vec(), vec![1, 1]); // first NaN; first of the tie
    assert_eq!(t.argmin(1, false).unwrap().to_vec(), vec![1, 0]);
}

// ------------------------------------------------------------ elementwise

#[test]
fn zip_with_broadcasts() {
    let a = DynTensor::from_vec(vec![1, 2, 3], &[3, 1]).unwrap();
    let b = DynTensor::from_vec(vec![10, 20], &[2]).unwrap();
    let c = a.zip_with(&b, |x, y| x.max(y / 10 * 2)).unwrap();
    assert_eq!(
        (c.shape(), c.to_vec()),
        (&[3, 2][..], vec![2, 4, 2, 4, 3, 4])
    );
    let d = a.zip_with(&b, |x, y| f64::from(x) / f64::from(y)).unwrap();
    assert_eq!(d.to_vec(), vec![0.1, 0.05, 0.2, 0.1, 0.3, 0.15]);
    let bad = DynTensor::from_vec(vec![1, 2], &[1, 2]).unwrap();
    let e = DynTensor::<i32>::zeros(&[3, 3])
        .zip_with(&bad, |x, y| x + y)
        .unwrap_err();
    assert_eq!(
        first_line(&e),
        "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1"
    );
}

#[test]
fn comparisons_give_boolean_tensors() {
    let a = DynTensor::from_vec(vec![1, 2, 3, 4], &[2, 2]).unwrap();
    let b = DynTensor::from_vec(vec![2, 3], &[2]).unwrap();
    assert_eq!(
        a.try_lt(&b).unwrap().to_vec(),
        vec![true, true, false, false]
    );
    assert_eq!(
        a.try_le(&b).unwrap().to_vec(),
        vec![true, true, false, false]
    );
    assert_eq!(
        a.try_gt(&b).unwrap().to_vec(),
        vec![false, false, true, true]
    );
    assert_eq!(
        a.try_ge(&b).unwrap().to_vec(),
        vec![false, false, true, true]
    );
    assert_eq!(
        a.try_eq(&b).unwrap().to_vec(),
        vec![false, false, false, false]
    );
    let c = DynTensor::from_vec(vec![1, 4], &[2, 1]).unwrap();
    let eq = a.try_eq(&c).unwrap();
    assert_eq!(
        (eq.shape(), eq.to_vec()),
        (&[2, 2][..], vec![true, false, false, true])
    );
    assert_eq!(a.try_ne(&c).unwrap(), !&eq);
    assert_eq!((eq.count(), eq.any(), eq.all()), (2, true, false));
    assert!(a.try_eq(&DynTensor::zeros(&[3])).is_err());
    // NaN compares false, except with !=.
    let n = DynTensor::from_vec(vec![f32::NAN], &[1]).unwrap();
    assert_eq!(n.try_eq(&n).unwrap().to_vec(), vec![false]);
    assert_eq!(n.try_ne(&n).unwrap().to_vec(), vec![true]);
}

#[test]
fn masks_combine_and_where_cond() {
    let x = DynTensor::from_vec(vec![-2.0, -0.5, 0.5, 2.0], &[4]).unwrap();
    let big = x.try_gt(&DynTensor::scalar(1.0)).unwrap();
    let small = x.try_lt(&DynTensor::scalar(-1.0)).unwrap();
    let outside = big.try_or(&small).unwrap();
    assert_eq!(outside.to_vec(), vec![true, false, false, true]);
    assert_eq!(
        outside.try_and(&big).unwrap().to_vec(),
        vec![false, false, false, true]
    );
    assert_eq!(outside.cast::<f32>().to_vec(), vec![1.0, 0.0, 0.0, 1.0]);
    let clipped = outside.where_cond(&DynTensor::scalar(0.0), &x).unwrap();
    assert_eq!(clipped.to_vec(), vec![0.0, -0.5, 0.5, 0.0]);
    // The three broadcast together.
    let m = DynTensor::from_bools(vec![true, false], &[2, 1]).unwrap();
    let w = m.where_cond(&x, &DynTensor::scalar(9.0)).unwrap();
    assert_eq!(w.shape(), &[2, 4]);
    assert_eq!(w.to_vec(), vec![-2.0, -0.5, 0.5, 2.0, 9.0, 9.0, 9.0, 9.0]);
    assert!(m.where_cond(&x, &DynTensor::zeros(&[3])).is_err());
    assert!(DynTensor::from_bools(vec![true], &[2]).is_err());
    // Three different shapes, each broadcast, against a loop over the result.
    let m = DynTensor::from_bools(vec![true, false], &[2, 1, 1]).unwrap();
    let yes = DynTensor::from_vec(vec![f32::NAN, 1.0, 2.0], &[3, 1]).unwrap();
    let no = DynTensor::from_vec(vec![10.0, 11.0, 12.0, 13.0], &[4]).unwrap();
    let w = m.where_cond(&yes, &no).unwrap();
    assert_eq!(w.shape(), &[2, 3, 4]);
    for i in 0..2 {
        for j in 0..3 {
            for k in 0..4 {
                let want = if i == 0 {
                    yes.to_vec()[j]
                } else {
                    no.to_vec()[k]
                };
                let got = w.to_vec()[(i * 3 + j) * 4 + k];
                assert!(got == want || (got.is_nan() && want.is_nan()));
            }
        }
    }
}

#[test]
fn float_functions() {
    let t = DynTensor::from_vec(vec![1.0f64, 4.0, 0.25], &[3]).unwrap();
    assert_eq!(t.sqrt().to_vec(), vec![1.0, 2.0, 0.5]);
    assert_eq!(t.powf(2.0).to_vec(), vec![1.0, 16.0, 0.0625]);
    let half = t.powf(0.5).to_vec();
    assert!(
        half.iter()
            .zip([1.0, 2.0, 0.5])
            .all(|(g, w)| (g - w).abs() < 1e-15),
        "{half:?}"
    );
    let ln = t.ln().to_vec();
    let want = [0.0, 1.3862943611198906, -1.3862943611198906];
    assert!(
        ln.iter().zip(want).all(|(g, w)| (g - w).abs() < 1e-15),
        "{ln:?}"
    );
    assert_eq!(
        DynTensor::from_vec(vec![0.0f32], &[1])
            .unwrap()
            .exp()
            .to_vec(),
        vec![1.0]
    );
    let e = DynTensor::<f64>::ones(&[2]).exp().to_vec();
    assert!((e[0] - std::f64::consts::E).abs() < 1e-15);
    let s = DynTensor::from_vec(vec![-1.5f32, 0.0, 2.0], &[3]).unwrap();
    assert_eq!(s.abs().to_vec(), vec![1.5, 0.0, 2.0]);
    assert_eq!(
        DynTensor::from_vec(vec![-3i32, 3], &[2])
            .unwrap()
            .abs()
            .to_vec(),
        vec![3, 3]
    );
    assert_eq!(s.clamp(-1.0, 1.0).to_vec(), vec![-1.0, 0.0, 1.0]);
    // PyTorch: min > max gives max everywhere; NaN stays NaN.
    assert_eq!(s.clamp(1.0, 0.0).to_vec(), vec![0.0, 0.0, 0.0]);
    let n = DynTensor::from_vec(vec![f32::NAN], &[1]).unwrap();
    assert!(n.clamp(0.0, 1.0).to_vec()[0].is_nan());
    assert!(
        DynTensor::from_vec(vec![-1.0f64], &[1])
            .unwrap()
            .sqrt()
            .to_vec()[0]
            .is_nan()
    );
    let m = DynTensor::<i32>::arange(3).map_to(|x| x as f32 * 0.5);
    assert_eq!(m.to_vec(), vec![0.0, 0.5, 1.0]);
}

// ---------------------------------------------------------------- tensor!

#[test]
fn tensor_literal_infers_the_static_shape() {
    let a: Tensor<i32, shape![2, 2]> = tensor![[1, 2], [3, 4]];
    assert_eq!(a.as_slice(), &[1, 2, 3, 4]);
    let v = tensor![1.5, -2.0, 3.25];
    let _: &Tensor<f64, shape![3]> = &v;
    assert_eq!(v.to_vec(), vec![1.5, -2.0, 3.25]);
    let r = tensor![[[1u8], [2]], [[3], [4]], [[5], [6]]];
    let _: &Tensor<u8, shape![3, 2, 1]> = &r;
    assert_eq!(r[[2, 1, 0]], 6);
    let row = tensor![[1, 2, 3]];
    assert_eq!(&*row.shape(), &[1, 3]);
    let e: Tensor<f32, shape![0]> = tensor![];
    assert_eq!(e.numel(), 0);
    // Elements may be any expressions, trailing commas allowed.
    let x = 2;
    let w = tensor![[x * 2, -x], [x - 1, 7],];
    assert_eq!(w.to_vec(), vec![4, -2, 1, 7]);
    // Broadcasting as usual: [2, 2] + [2].
    let s = a + tensor![10, 20];
    assert_eq!(s.as_slice(), &[11, 22, 13, 24]);
    assert_eq!(
        tensor![[1.0f32, 2.0], [3.0, 4.0]].into_dyn(),
        DynTensor::from_vec(vec![1.0, 2.0, 3.0, 4.0], &[2, 2]).unwrap()
    );
}

#[test]
fn tensor_literal_long_rows() {
    // The sizes are counted by the compiler, in constant context.
    let t = tensor![
        [
            0u16, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19
        ],
        [
            0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19
        ]
    ];
    let _: &Tensor<u16, shape![2, 20]> = &t;
    assert_eq!(t[[1, 19]], 19);
}
