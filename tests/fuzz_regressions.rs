//! Inputs the fuzzer (`fuzz/`) found failing, each kept as a test.

use shaped::DynTensor;

/// fuzz/binary: a u8 dot product overflowed in the matrix-product loop
/// (debug builds panicked); integer products wrap as every operator does.
#[test]
fn u8_matmul_wraps() {
    let a = DynTensor::from_vec(vec![255u8, 1], &[2]).unwrap();
    let b = DynTensor::from_vec(vec![245u8, 1], &[2]).unwrap();
    let want = 255u8.wrapping_mul(245).wrapping_add(1);
    assert_eq!(a.try_matmul(&b).unwrap().to_vec(), vec![want]);
}

/// Found while fixing the one above: an integer sum must not overflow
/// (debug builds panicked). It now accumulates in `u64`, as NumPy's and
/// PyTorch's integer sums do, so it neither panics nor wraps.
#[test]
fn u8_sum_does_not_overflow() {
    let t = DynTensor::from_vec(vec![200u8, 100], &[2]).unwrap();
    assert_eq!(t.sum(), 300u64);
}
