//! `Display` snapshots: tensors print exactly as PyTorch prints them.
//!
//! Every expected string below is what `print(t)` shows in PyTorch for the
//! same values (written out by hand from PyTorch's printing rules and the
//! seeds' transcripts), not output of this crate.

// Seed 001's values are copied digit for digit as printed (`498.7290`).
#![allow(clippy::excessive_precision)]

use shaped::{DynTensor, Tensor, shape, tensor};

fn dyn_f32(data: &[f32], shape: &[usize]) -> DynTensor<f32> {
    DynTensor::from_vec(data.to_vec(), shape).unwrap()
}

/// Collapses every run of whitespace into one space, as the seed's
/// transcript (copied from a web page) did.
fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

// ---------------------------------------------------------------- integers

#[test]
fn integer_matrix() {
    let t = DynTensor::<i64>::arange(4).reshape(&[2, 2]).unwrap();
    assert_eq!(t.to_string(), "tensor([[0, 1],\n        [2, 3]])");
}

#[test]
fn integer_vector() {
    let t = DynTensor::from_vec(vec![5i32, 6], &[2]).unwrap();
    assert_eq!(t.to_string(), "tensor([5, 6])");
}

#[test]
fn integers_right_aligned_with_a_sign_column() {
    let t = DynTensor::from_vec(vec![-1i32, 10, 3, -200], &[2, 2]).unwrap();
    assert_eq!(
        t.to_string(),
        "tensor([[  -1,   10],\n        [   3, -200]])"
    );
}

#[test]
fn seed_001_rank_3_integers() {
    // A + B with A = arange(6).reshape(1, 3, 2), B = arange(6).reshape(2, 3, 1).
    let a = DynTensor::<i64>::arange(6).reshape(&[1, 3, 2]).unwrap();
    let b = DynTensor::<i64>::arange(6).reshape(&[2, 3, 1]).unwrap();
    assert_eq!(
        (&a + &b).to_string(),
        "tensor([[[ 0,  1],\n\
         \x20        [ 3,  4],\n\
         \x20        [ 6,  7]],\n\
         \n\
         \x20       [[ 3,  4],\n\
         \x20        [ 6,  7],\n\
         \x20        [ 9, 10]]])"
    );
    assert_eq!(
        b.to_string(),
        "tensor([[[0],\n         [1],\n         [2]],\n\n        [[3],\n         [4],\n         [5]]])"
    );
}

#[test]
fn static_tensor_prints_the_same() {
    let t: Tensor<i32, shape![2, 2]> = tensor![[1, 2], [3, 4]];
    assert_eq!(t.to_string(), "tensor([[1, 2],\n        [3, 4]])");
    let u = Tensor::<i32, shape![1, 2]>::from_slice(&[1, 2]).unwrap();
    assert_eq!(u.to_string(), "tensor([[1, 2]])");
}

#[test]
fn unsigned_and_wide_integers() {
    let t = DynTensor::from_vec(vec![255u8, 0, 7], &[3]).unwrap();
    assert_eq!(t.to_string(), "tensor([255,   0,   7])");
    // 40 characters wide: one element per line, each padded to 40.
    let w = DynTensor::from_vec(vec![i128::MIN, 1], &[2]).unwrap();
    let pad = " ".repeat(39);
    assert_eq!(
        w.to_string(),
        format!("tensor([-170141183460469231731687303715884105728,\n        {pad}1])")
    );
}

// ------------------------------------------------------------------ floats

#[test]
fn floats_four_decimals() {
    let t = dyn_f32(&[0.5, 1.25, 2.0], &[3]);
    assert_eq!(t.to_string(), "tensor([0.5000, 1.2500, 2.0000])");
}

#[test]
fn negative_floats_get_a_sign_column() {
    let t = dyn_f32(&[-1.5, 2.25], &[2]);
    assert_eq!(t.to_string(), "tensor([-1.5000,  2.2500])");
    let m = dyn_f32(&[1.5, -2.25, 10.0, 0.0], &[2, 2]);
    assert_eq!(
        m.to_string(),
        "tensor([[ 1.5000, -2.2500],\n        [10.0000,  0.0000]])"
    );
}

#[test]
fn whole_floats_print_with_a_trailing_point() {
    assert_eq!(
        dyn_f32(&[1.0, 2.0, -3.0], &[3]).to_string(),
        "tensor([ 1.,  2., -3.])"
    );
    assert_eq!(
        DynTensor::<f64>::zeros(&[3]).to_string(),
        "tensor([0., 0., 0.])"
    );
    assert_eq!(
        DynTensor::<f32>::ones(&[2, 2]).to_string(),
        "tensor([[1., 1.],\n        [1., 1.]])"
    );
    assert_eq!(
        dyn_f32(&[100.0, 5.0], &[2]).to_string(),
        "tensor([100.,   5.])"
    );
}

#[test]
fn scientific_notation_when_magnitudes_differ() {
    // Largest / smallest non-zero magnitude > 1000.
    assert_eq!(
        DynTensor::from_vec(vec![1e-5f64, 1.0], &[2])
            .unwrap()
            .to_string(),
        "tensor([1.0000e-05, 1.0000e+00])"
    );
    // A value below 1e-4.
    assert_eq!(
        DynTensor::from_vec(vec![0.00001f64], &[1])
            .unwrap()
            .to_string(),
        "tensor([1.0000e-05])"
    );
    // Whole numbers above 1e8.
    assert_eq!(
        DynTensor::from_vec(vec![123456789.0f64, 1.0], &[2])
            .unwrap()
            .to_string(),
        "tensor([1.2346e+08, 1.0000e+00])"
    );
    // Negative values and zero in scientific mode.
    assert_eq!(
        DynTensor::from_vec(vec![-25000.0f64, 0.5, 0.0], &[3])
            .unwrap()
            .to_string(),
        "tensor([-2.5000e+04,  5.0000e-01,  0.0000e+00])"
    );
    // A ratio of exactly 1000 stays fixed.
    assert_eq!(
        dyn_f32(&[0.5, 500.0], &[2]).to_string(),
        "tensor([  0.5000, 500.0000])"
    );
}

#[test]
fn non_finite_values() {
    let t = DynTensor::from_vec(vec![1.5f64, f64::NAN, f64::INFINITY], &[3]).unwrap();
    assert_eq!(t.to_string(), "tensor([1.5000,    nan,    inf])");
    let n = DynTensor::from_vec(vec![f64::NAN], &[1]).unwrap();
    assert_eq!(n.to_string(), "tensor([nan])");
    let w = DynTensor::from_vec(vec![1.0f32, f32::NAN, f32::NEG_INFINITY], &[3]).unwrap();
    assert_eq!(w.to_string(), "tensor([1., nan, -inf])");
}

// ----------------------------------------------------------- rank 0, empty

#[test]
fn rank_zero() {
    assert_eq!(DynTensor::scalar(5i64).to_string(), "tensor(5)");
    assert_eq!(DynTensor::scalar(2.5f32).to_string(), "tensor(2.5000)");
    assert_eq!(DynTensor::scalar(-0.5f64).to_string(), "tensor(-0.5000)");
    assert_eq!(DynTensor::scalar(3.0f32).to_string(), "tensor(3.)");
    assert_eq!(Tensor::<i32, shape![]>::full(-7).to_string(), "tensor(-7)");
}

#[test]
fn empty_tensors() {
    assert_eq!(DynTensor::<f32>::zeros(&[0]).to_string(), "tensor([])");
    assert_eq!(
        DynTensor::<f32>::zeros(&[2, 0]).to_string(),
        "tensor([], size=(2, 0))"
    );
    assert_eq!(
        DynTensor::<i64>::zeros(&[0, 3, 4]).to_string(),
        "tensor([], size=(0, 3, 4))"
    );
    let t: Tensor<u8, shape![0]> = tensor![];
    assert_eq!(t.to_string(), "tensor([])");
}

// ------------------------------------------------- wrapping, summarising

#[test]
fn long_rows_wrap_at_80_columns() {
    let t = DynTensor::<i64>::arange(30);
    assert_eq!(
        t.to_string(),
        "tensor([ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, 17,\n\
         \x20       18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29])"
    );
}

#[test]
fn more_than_1000_elements_are_summarised() {
    let t = DynTensor::<i64>::arange(2000);
    assert_eq!(
        t.to_string(),
        "tensor([   0,    1,    2,  ..., 1997, 1998, 1999])"
    );
    let m = t.reshape(&[40, 50]).unwrap();
    assert_eq!(
        m.to_string(),
        "tensor([[   0,    1,    2,  ...,   47,   48,   49],\n\
         \x20       [  50,   51,   52,  ...,   97,   98,   99],\n\
         \x20       [ 100,  101,  102,  ...,  147,  148,  149],\n\
         \x20       ...,\n\
         \x20       [1850, 1851, 1852,  ..., 1897, 1898, 1899],\n\
         \x20       [1900, 1901, 1902,  ..., 1947, 1948, 1949],\n\
         \x20       [1950, 1951, 1952,  ..., 1997, 1998, 1999]])"
    );
}

#[test]
fn summarised_rank_3_elides_whole_blocks() {
    let t = DynTensor::<i64>::arange(1024).reshape(&[8, 8, 16]).unwrap();
    let s = t.to_string();
    let lines: Vec<&str> = s.lines().collect();
    assert_eq!(
        lines[0],
        "tensor([[[   0,    1,    2,  ...,   13,   14,   15],"
    );
    assert_eq!(
        lines[1],
        "         [  16,   17,   18,  ...,   29,   30,   31],"
    );
    assert_eq!(lines[3], "         ...,");
    // Between blocks: a blank line, and `...` for the elided ones.
    assert!(s.contains("  125,  126,  127]],\n\n        [[ 128,"), "{s}");
    assert!(s.contains("]],\n\n        ...,\n\n        [[ 640,"), "{s}");
    assert!(s.ends_with(" 1021, 1022, 1023]]])"), "{s}");
}

#[test]
fn only_the_elements_shown_decide_the_format() {
    // 1e12 would switch to scientific notation, but it sits in the elided
    // middle; the elements shown are 1.000, 1.001, 1.002 and 2.997 .. 2.999.
    let mut v: Vec<f64> = (0..2000).map(|i| 1.0 + i as f64 * 0.001).collect();
    v[1000] = 1.0e12;
    let t = DynTensor::from_vec(v, &[2000]).unwrap();
    assert_eq!(
        t.to_string(),
        "tensor([1.0000, 1.0010, 1.0020,  ..., 2.9970, 2.9980, 2.9990])"
    );
    // Shown, it does.
    let w = DynTensor::from_vec(vec![1.5f64, 1.0e12], &[2]).unwrap();
    assert_eq!(w.to_string(), "tensor([1.5000e+00, 1.0000e+12])");
}

#[test]
fn wrapped_floats() {
    let t = DynTensor::from_vec((0..10).map(|i| i as f32 - 4.5).collect(), &[10]).unwrap();
    assert_eq!(
        t.to_string(),
        "tensor([-4.5000, -3.5000, -2.5000, -1.5000, -0.5000,  0.5000,  1.5000,  2.5000,\n\
         \x20        3.5000,  4.5000])"
    );
}

// ------------------------------------------------------------------- bools

#[test]
fn boolean_tensors() {
    let a = DynTensor::from_vec(vec![1, 5, 3], &[3]).unwrap();
    let m = a.try_gt(&DynTensor::scalar(2)).unwrap();
    assert_eq!(m.to_string(), "tensor([False,  True,  True])");
    let all = a.try_gt(&DynTensor::scalar(0)).unwrap();
    assert_eq!(all.to_string(), "tensor([True, True, True])");
    let e = DynTensor::from_bools(vec![], &[0, 2]).unwrap();
    assert_eq!(e.to_string(), "tensor([], size=(0, 2))");
}

// ------------------------------------------------------------------- Debug

#[test]
fn debug_shows_shape_and_element_type() {
    let t = dyn_f32(&[1.0, 2.0], &[2, 1]);
    let d = format!("{t:?}");
    assert!(d.contains("shape: [2, 1]") && d.contains("f32"), "{d}");
    let m = t.try_lt(&DynTensor::scalar(1.5)).unwrap();
    let d = format!("{m:?}");
    assert!(
        d.contains("shape: [2, 1]") && d.contains("bool") && d.contains("[true, false]"),
        "{d}"
    );
}

// --------------------------------------------------- seed 001's tensors

/// Seed 001's `value`, as printed there.
const VALUE: [f32; 36] = [
    12.8460, 11.6038, 8.2267, 13.3707, 13.0595, 9.3532, 10.6257, 10.8800, 5.5372, //
    102.3054, 98.2987, 89.9491, 103.9013, 98.5896, 98.1971, 106.4493, 98.1544, 96.3743, //
    501.0322, 499.2918, 504.5105, 496.8454, 498.7290, 499.3281, 499.4231, 504.0831,
    499.4671, //
    997.9377, 1001.2782, 1005.9980, 999.5461, 1001.3517, 997.5663, 1003.1572, 999.6476, 1001.6178,
];

/// Seed 001's `(value - mean) / std`, as printed there.
const NORMALIZED: [f32; 36] = [
    0.8708, 0.3867, -0.9293, 1.0753, 0.9540, -0.4904, 0.0056, 0.1047, -1.9775, //
    0.6662, -0.1759, -1.9307, 1.0016, -0.1147, -0.1972, 1.5372, -0.2062, -0.5803, //
    0.2912, -0.4021, 1.6770, -1.3768, -0.6263, -0.3877, -0.3498, 1.5068, -0.3323, //
    -1.1274, 0.1439, 1.9401, -0.5153, 0.1719, -1.2687, 0.8590, -0.4767, 0.2731,
];

const SEED_VALUE: &str = "tensor([[[ 12.8460, 11.6038, 8.2267],
[ 13.3707, 13.0595, 9.3532],
[ 10.6257, 10.8800, 5.5372]],
[[ 102.3054, 98.2987, 89.9491],
[ 103.9013, 98.5896, 98.1971],
[ 106.4493, 98.1544, 96.3743]],
[[ 501.0322, 499.2918, 504.5105],
[ 496.8454, 498.7290, 499.3281],
[ 499.4231, 504.0831, 499.4671]],
[[ 997.9377, 1001.2782, 1005.9980],
[ 999.5461, 1001.3517, 997.5663],
[1003.1572, 999.6476, 1001.6178]]])";

const SEED_NORMALIZED: &str = "tensor([[[ 0.8708, 0.3867, -0.9293],
[ 1.0753, 0.9540, -0.4904],
[ 0.0056, 0.1047, -1.9775]],
[[ 0.6662, -0.1759, -1.9307],
[ 1.0016, -0.1147, -0.1972],
[ 1.5372, -0.2062, -0.5803]],
[[ 0.2912, -0.4021, 1.6770],
[-1.3768, -0.6263, -0.3877],
[-0.3498, 1.5068, -0.3323]],
[[-1.1274, 0.1439, 1.9401],
[-0.5153, 0.1719, -1.2687],
[ 0.8590, -0.4767, 0.2731]]])";

#[test]
fn seed_001_value() {
    let t = dyn_f32(&VALUE, &[4, 3, 3]);
    let expected = "\
tensor([[[  12.8460,   11.6038,    8.2267],
         [  13.3707,   13.0595,    9.3532],
         [  10.6257,   10.8800,    5.5372]],

        [[ 102.3054,   98.2987,   89.9491],
         [ 103.9013,   98.5896,   98.1971],
         [ 106.4493,   98.1544,   96.3743]],

        [[ 501.0322,  499.2918,  504.5105],
         [ 496.8454,  498.7290,  499.3281],
         [ 499.4231,  504.0831,  499.4671]],

        [[ 997.9377, 1001.2782, 1005.9980],
         [ 999.5461, 1001.3517,  997.5663],
         [1003.1572,  999.6476, 1001.6178]]])";
    assert_eq!(t.to_string(), expected);
    // The seed's transcript lost runs of spaces; otherwise it is the same text.
    assert_eq!(collapse(&t.to_string()), collapse(SEED_VALUE));
}

#[test]
fn seed_001_mean_and_std() {
    let mean = dyn_f32(&[10.6114, 99.1355, 500.3011, 1000.9001], &[4, 1, 1]);
    assert_eq!(
        mean.to_string(),
        "tensor([[[  10.6114]],\n\n        [[  99.1355]],\n\n        [[ 500.3011]],\n\n        [[1000.9001]]])"
    );
    let std = dyn_f32(&[2.5660, 4.7580, 2.5100, 2.6277], &[4, 1, 1]);
    assert_eq!(
        std.to_string(),
        "tensor([[[2.5660]],\n\n        [[4.7580]],\n\n        [[2.5100]],\n\n        [[2.6277]]])"
    );
    assert_eq!(
        collapse(&mean.to_string()),
        collapse("tensor([[[ 10.6114]],\n[[ 99.1355]],\n[[ 500.3011]],\n[[1000.9001]]])")
    );
}

#[test]
fn seed_001_normalized() {
    let t = dyn_f32(&NORMALIZED, &[4, 3, 3]);
    let expected = "\
tensor([[[ 0.8708,  0.3867, -0.9293],
         [ 1.0753,  0.9540, -0.4904],
         [ 0.0056,  0.1047, -1.9775]],

        [[ 0.6662, -0.1759, -1.9307],
         [ 1.0016, -0.1147, -0.1972],
         [ 1.5372, -0.2062, -0.5803]],

        [[ 0.2912, -0.4021,  1.6770],
         [-1.3768, -0.6263, -0.3877],
         [-0.3498,  1.5068, -0.3323]],

        [[-1.1274,  0.1439,  1.9401],
         [-0.5153,  0.1719, -1.2687],
         [ 0.8590, -0.4767,  0.2731]]])";
    assert_eq!(t.to_string(), expected);
    assert_eq!(collapse(&t.to_string()), collapse(SEED_NORMALIZED));
}

#[test]
fn seed_001_small_tensors() {
    let b = DynTensor::from_vec(vec![1i64, 2], &[2]).unwrap();
    assert_eq!(
        b.unsqueeze(1).unwrap().to_string(),
        "tensor([[1],\n        [2]])"
    );
    assert_eq!(b.unsqueeze(0).unwrap().to_string(), "tensor([[1, 2]])");
    let a = DynTensor::<i64>::arange(4).reshape(&[2, 2]).unwrap();
    assert_eq!(
        (&a + &b.unsqueeze(1).unwrap()).to_string(),
        "tensor([[1, 2],\n        [4, 5]])"
    );
}
