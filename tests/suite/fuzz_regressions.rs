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

use crate::huge;

/// The fuzz target's input as its program of little-endian words.
fn words(data: &[u8]) -> Vec<u64> {
    data.chunks(8)
        .map(|c| {
            let mut b = [0u8; 8];
            b[..c.len()].copy_from_slice(c);
            u64::from_le_bytes(b)
        })
        .collect()
}

/// fuzz/huge (out of memory after 162,824 runs): a scalar broadcast to
/// [2^32, 1], then reduced over its size-1 axis. The reduction copied the
/// view whole first (the strided engine leaves "nothing reduced" to the
/// copy): 16 GiB, which the allocator granted. The program now runs with
/// the copy counted in its allocation guard.
#[test]
fn huge_reduction_of_a_broadcast_view() {
    huge::run(&words(&[
        34, 78, 0, 3, 0, 2, 1, 2, 0, 0, 0, 4, 0, 0, 0, 0, 0, 78, 78, 110, 18, 17, 0, 7, 6, 6, 6, 6,
        6, 6, 6, 0, 0, 0, 0, 0, 78, 78, 110, 18, 17, 0, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 110, 18, 17,
        0, 7, 6, 6, 6, 6, 6, 6, 6, 6, 6, 96, 6, 6, 6, 6, 6, 0, 78, 255, 3, 132, 78, 252, 206, 91,
        91, 255, 78,
    ]));
}

/// Found from the one above: a reduction of a view whose copy the
/// allocator refuses (2^62 bytes) panicked inside `sum_dims`; it is the
/// call's `TooLarge`, and the result's own size does not matter.
#[test]
fn reduction_whose_copy_is_refused_is_too_large() {
    let t = DynTensor::from_vec(vec![1.0f64, 2.0], &[1, 2, 1]).unwrap();
    let v = t.view().broadcast_to(&[1 << 29, 2, 1 << 29]);
    // Axes 0 and 2 are not adjacent: the engine reads a copy.
    let e = v.sum_dims(&[0, 2], false).unwrap_err();
    assert!(matches!(e, shaped::ShapeError::TooLarge { .. }), "{e:?}");
    // The same reduction of a small broadcast: the sums NumPy gives.
    let small = t.view().broadcast_to(&[3, 2, 4]);
    assert_eq!(
        small.sum_dims(&[0, 2], false).unwrap().to_vec(),
        vec![12.0, 24.0]
    );
}

/// fuzz/toolkit (issue 58's calls): two positions selected along an axis
/// of 1 of `[isize::MAX, 1, 1, 1, 0]` make a result whose nonzero sizes
/// multiply past `isize::MAX`: `TooLarge`, as NumPy refuses that shape.
/// (The fuzz target's reference had accepted it.)
#[test]
fn index_select_past_the_size_policy_is_too_large() {
    let imax = isize::MAX as usize;
    let t = DynTensor::<f32>::try_zeros(&[imax, 1, 1, 1, 0]).unwrap();
    let e = t.try_index_select(-3, &[0, 0]).unwrap_err();
    assert_eq!(e.kind(), shaped::ShapeErrorKind::TooLarge);
    // One position keeps the shape, within the policy.
    assert_eq!(
        t.try_index_select(-3, &[0]).unwrap().shape(),
        &[imax, 1, 1, 1, 0]
    );
}

/// fuzz/toolkit, the other way: `[isize::MAX, 0, 1, 0, 0]` with two
/// positions along the axis of 1 was `Ok([isize::MAX, 0, 2, 0, 0])`, a
/// shape whose nonzero sizes multiply past `isize::MAX` (the check read
/// the collapsed `[0, 2, 0]`). It is `TooLarge` now, as NumPy's
/// `Maximum allowed dimension exceeded`.
#[test]
fn index_select_checks_the_policy_on_the_results_own_sizes() {
    let imax = isize::MAX as usize;
    let t = DynTensor::<f32>::try_zeros(&[imax, 0, 1, 0, 0]).unwrap();
    let e = t.try_index_select(-3, &[0, 0]).unwrap_err();
    assert_eq!(e.kind(), shaped::ShapeErrorKind::TooLarge);
    assert_eq!(
        t.try_index_select(-3, &[0]).unwrap().shape(),
        &[imax, 0, 1, 0, 0]
    );
}

/// fuzz/huge (issue 58's calls; out of memory after about 3.35 million
/// runs): a `repeat` whose result the allocator refuses filled its inner
/// passes first (678 MB, then more) and failed only at the last. It now
/// asks for the result's storage before any pass, so it fails at once.
#[test]
fn repeat_refused_before_its_passes() {
    huge::run(&words(&[
        101, 246, 246, 40, 255, 9, 155, 255, 0, 192, 44, 255, 0, 63, 63, 63, 63, 63, 63, 63, 63,
        63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 64, 8, 101, 0, 246,
        255, 255, 255, 255, 17, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 63, 63, 63, 63,
        63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 255, 40, 255, 206, 181, 177, 177,
        32, 216, 32, 216, 177, 0, 0, 177, 91, 177, 255, 255, 255, 255, 255, 255, 255, 70, 177, 255,
        177, 177, 91, 177, 255, 255, 255, 255, 255, 255, 255, 45, 177, 91, 91, 62, 62, 62, 62, 255,
        1, 0, 0, 0, 0, 255, 255, 45, 177, 91, 91, 62, 62, 62, 62, 255, 1, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 255, 62, 0, 255, 0, 0, 0, 0, 0, 0, 0, 193, 1, 62, 255, 255, 255, 255, 113, 0, 0, 177,
        91, 177, 91, 177, 91, 106, 0, 0, 0, 0, 0, 0, 0, 241, 62, 62, 47, 255, 177, 255, 177, 177,
        91, 177, 255, 255, 255, 255, 255, 255, 255, 45, 177, 91, 91, 62, 62, 62, 62, 255, 1, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 255, 62, 0, 255, 0, 0, 0, 0, 0, 0, 0, 193, 1, 62, 255, 255, 255, 255,
        113, 2, 0, 0, 0, 58, 0, 0, 0, 0, 0, 255, 62, 0, 255, 0, 0, 0, 0, 0, 0, 0, 193, 1, 62, 255,
        255, 255, 255, 113, 2, 63, 64, 8, 101, 0, 246, 255, 255, 255, 255, 17, 223, 223, 223, 223,
        223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223,
        223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223,
        228, 223, 223, 223, 223, 223, 223, 0, 255, 255, 255, 255, 255, 255, 223, 223, 223, 223,
        223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 220, 223, 223, 223, 223, 223, 223, 223,
        223, 223, 223, 223, 223, 223, 223, 223, 155, 223, 223, 223, 223, 223, 223, 223, 223, 223,
        223, 223, 0, 0, 91, 255, 241, 255, 47, 206, 58, 58, 58, 58, 58, 58, 58, 64, 58, 223, 223,
        223, 223, 223, 223, 223, 223, 215, 223, 223, 223, 223, 228, 223, 223, 223, 223, 223, 223,
        223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 63, 63, 63, 63, 63, 63,
        63, 63, 63, 63, 63, 63, 0, 255, 62, 33, 0, 7, 0, 0, 0, 0, 0, 0, 62, 62, 255, 91, 62, 62,
        62, 255, 255, 62, 1, 171, 171, 171, 171, 171, 171, 171, 171, 171, 171, 171, 171, 171, 171,
        171, 171, 171, 171, 171, 171, 171, 171, 171, 171, 171, 171, 171, 171, 171, 32, 193, 177, 0,
        63, 63, 63, 63, 63, 63, 64, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223,
        223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223,
        228, 223, 223, 223, 223, 223, 223, 0, 255, 255, 255, 255, 255, 255, 223, 223, 223, 223,
        223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 220, 223, 223, 223, 223, 223, 223, 223,
        223, 223, 223, 223, 223, 223, 223, 223, 155, 223, 223, 223, 223, 223, 223, 223, 223, 223,
        223, 223, 0, 0, 91, 44, 206, 255, 241, 255, 47, 206, 58, 58, 58, 58, 58, 58, 58, 64, 58,
        223, 223, 223, 223, 223, 223, 223, 223, 215, 223, 223, 223, 223, 228, 223, 223, 223, 223,
        223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 223, 63, 63, 63, 63,
        63, 63, 63, 63, 63, 63, 63, 63, 0, 255, 62, 33, 0, 7, 0, 0, 0, 0, 0, 0, 62, 62, 255, 91,
        62, 62, 62, 255, 255, 62, 1, 171, 171, 171, 171, 171, 171, 171, 255, 171, 171, 171, 171,
        171, 171, 171, 171, 171, 171, 171, 171, 171, 171, 171, 171, 171, 171, 171, 171, 171, 171,
        0, 193, 177, 0, 63, 63, 63, 63, 63, 63, 64, 8, 101, 0, 255,
    ]));
}
