//! The `approx` feature: whole-tensor approximate equality, never across
//! shapes.
#![cfg(feature = "approx")]

use approx::{
    abs_diff_eq, assert_abs_diff_eq, assert_relative_eq, assert_relative_ne, assert_ulps_eq,
    relative_eq, ulps_eq,
};
use shaped::{Dyn, DynTensor, Tensor, shape};

/// `x` moved by `n` units in the last place (for positive `x`).
fn ulps_up(x: f64, n: u64) -> f64 {
    f64::from_bits(x.to_bits() + n)
}

#[test]
fn static_tensors_compare_elementwise() {
    let sum = Tensor::<f64, shape![2, 2]>::from_slice(&[0.1, 0.7, 1e6, -2.0]).unwrap()
        + Tensor::<f64, shape![2, 2]>::from_slice(&[0.2, 0.1, 0.1, 1.0]).unwrap();
    let expected = Tensor::<f64, shape![2, 2]>::from_slice(&[0.3, 0.8, 1000000.1, -1.0]).unwrap();
    assert_ne!(sum, expected, "0.1 + 0.2 is not 0.3 in binary");
    assert_relative_eq!(sum, expected);
    assert_ulps_eq!(sum, expected);

    // One element off by a thousandth: not equal by default, equal with room.
    let off = Tensor::<f64, shape![2, 2]>::from_slice(&[0.3, 0.801, 1000000.1, -1.0]).unwrap();
    assert_relative_ne!(sum, off);
    assert_relative_eq!(sum, off, max_relative = 1e-2);
    assert_abs_diff_eq!(sum, off, epsilon = 2e-3);
    assert!(!abs_diff_eq!(sum, off, epsilon = 5e-4));

    let a = Tensor::<f32, shape![3]>::from_slice(&[1.0, 2.0, 3.0]).unwrap();
    let b = Tensor::<f32, shape![3]>::from_slice(&[1.0, 2.0 + 1e-7, 3.0]).unwrap();
    assert_relative_eq!(a, b);
    assert!(!relative_eq!(
        a,
        Tensor::<f32, shape![3]>::from_slice(&[1.0, 2.1, 3.0]).unwrap()
    ));
    // NaN equals nothing, as for the elements themselves.
    let nan = Tensor::<f32, shape![3]>::from_slice(&[1.0, f32::NAN, 3.0]).unwrap();
    assert!(!relative_eq!(nan, nan));
}

#[test]
fn ulps_are_counted_per_element() {
    let a = Tensor::<f64, shape![2]>::from_slice(&[1.0, 4.0]).unwrap();
    let b = Tensor::<f64, shape![2]>::from_slice(&[ulps_up(1.0, 1), ulps_up(4.0, 3)]).unwrap();
    assert!(ulps_eq!(a, b, epsilon = 0.0, max_ulps = 3));
    assert!(!ulps_eq!(a, b, epsilon = 0.0, max_ulps = 2));
}

#[test]
fn integer_tensors_take_an_absolute_epsilon() {
    let a = Tensor::<i32, shape![3]>::from_slice(&[10, 20, 30]).unwrap();
    let b = Tensor::<i32, shape![3]>::from_slice(&[11, 19, 30]).unwrap();
    assert!(abs_diff_eq!(a, b, epsilon = 1));
    assert!(!abs_diff_eq!(a, b, epsilon = 0));
}

#[test]
fn different_shapes_are_never_equal() {
    let data = vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
    let m23 = Tensor::<f64, shape![Dyn, 3]>::from_vec(data.clone(), &[2]).unwrap();
    let m33 = Tensor::<f64, shape![Dyn, 3]>::from_vec([data.clone(), vec![0.0; 3]].concat(), &[3])
        .unwrap();
    assert!(!abs_diff_eq!(m23, m33, epsilon = 1e9));
    assert_relative_eq!(m23, m23.clone());

    let d6 = DynTensor::from_vec(data.clone(), &[6]).unwrap();
    let d23 = DynTensor::from_vec(data.clone(), &[2, 3]).unwrap();
    let d32 = DynTensor::from_vec(data, &[3, 2]).unwrap();
    for (x, y) in [(&d6, &d23), (&d23, &d32), (&d32, &d6)] {
        assert!(!abs_diff_eq!(x, y, epsilon = 1e9));
        assert!(!relative_eq!(x, y, epsilon = 1e9, max_relative = 1e9));
        assert!(!ulps_eq!(x, y, epsilon = 1e9, max_ulps = u32::MAX));
    }
    // Even where one would broadcast to the other.
    let row = DynTensor::from_vec(vec![1.0, 2.0, 3.0], &[1, 3]).unwrap();
    let rows = DynTensor::from_vec(vec![1.0, 2.0, 3.0, 1.0, 2.0, 3.0], &[2, 3]).unwrap();
    assert!(!relative_eq!(row, rows, max_relative = 1.0));
}

#[test]
fn runtime_tensors_compare_names_too() {
    let a = DynTensor::from_vec(vec![0.1f32 + 0.2, 1.0], &[2, 1]).unwrap();
    let b = DynTensor::from_vec(vec![0.3f32, 1.0], &[2, 1]).unwrap();
    assert_relative_eq!(a, b);
    let a_named = a.clone().with_names([Some("H"), None]).unwrap();
    let b_named = b.clone().with_names([Some("H"), None]).unwrap();
    assert_relative_eq!(a_named, b_named);
    assert!(!relative_eq!(a_named, b));
    let other = b.with_names([Some("W"), None]).unwrap();
    assert!(!relative_eq!(a_named, other));
}
