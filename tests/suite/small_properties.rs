//! The small runtime path (`DynTensor` operations of rank at most 4 and at
//! most 128 result elements, `src/kernel/small.rs`) against the naive
//! reference of `common/naive.rs` and against the general path.
//!
//! Shapes are random, of rank 0 to 5 and sizes 0 to 4, so that they cover
//! rank 0, size 0, results on both sides of the small path's limits (rank 4
//! against 5, 128 elements against 129 to 1024) and mismatches. The general
//! path is reached by the same operation with both shapes lifted to rank 6
//! by leading 1s: the same elements in the same order, which must come out
//! bit for bit the same (`f32` compared by bits, `NaN`s included).
//!
//! A second strategy, `block_pair`, makes the shapes for which the small
//! path works in blocks of four rows (the last two axes an outer product, a
//! row or a column against a matrix), which random shapes of sizes up to 4
//! seldom are.

use crate::naive;
use crate::shapes;

use proptest::prelude::*;
use shaped::{DynTensor, ShapeError, ShapeErrorKind};

/// Any shape of rank 0 to 5 with sizes 0 to 4.
fn dims() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(0usize..=4, 0..=5)
}

/// Two shapes: independent (mostly incompatible), or a suffix of one base
/// each, every size kept (60%), 1 (30%) or any (10%).
fn shape_pair() -> impl Strategy<Value = (Vec<usize>, Vec<usize>)> {
    let derive = |base: Vec<usize>| shapes::derive(base, 4);
    prop_oneof![
        1 => (dims(), dims()),
        3 => dims().prop_flat_map(move |base| (derive(base.clone()), derive(base))),
    ]
}

/// Two shapes whose last two axes, `[k, l]` with `k` up to 8 (blocks of 4
/// rows, one or two of them) and `l` up to 5, have one of the forms where
/// one operand's row serves every row: `[k, 1]` with `[1, l]` (an outer
/// product), `[k, l]` with `[1, l]` or `[l]` (a row), `[k, l]` with
/// `[k, 1]` (a column), either operand first. The leading axes (0 to 2)
/// are derived from one base as in `shape_pair`, sizes 0 to 3.
fn block_pair() -> impl Strategy<Value = (Vec<usize>, Vec<usize>)> {
    let lead = prop::collection::vec(0usize..=3, 0..=2)
        .prop_flat_map(|base| (shapes::derive(base.clone(), 3), shapes::derive(base, 3)));
    (lead, 0usize..=8, 0usize..=5, 0u8..4, any::<bool>()).prop_map(
        |((mut la, mut lb), k, l, form, swap)| {
            let (ta, tb) = match form {
                0 => (vec![k, 1], vec![1, l]),
                1 => (vec![k, l], vec![1, l]),
                2 => (vec![k, l], vec![l]),
                _ => (vec![k, l], vec![k, 1]),
            };
            if form == 2 {
                lb.clear();
            }
            la.extend(ta);
            lb.extend(tb);
            if swap { (lb, la) } else { (la, lb) }
        },
    )
}

/// Two shapes of rank at most 2 in the forms the quick path takes
/// (`quick_plan` in `src/kernel/small.rs`): the same sizes, a row (`[1,
/// n]`, `[n]`), a column (`[m, 1]`) or one element (`[1, 1]`, `[1]`, `[]`)
/// against `[m, n]` or `[n]`, either operand first; `m` up to 9 and `n` up
/// to 6 cover one and two blocks of four rows, rows of 2 to 4 and longer,
/// size 0, and results on both sides of the 16 inline elements. Outer
/// products (`[m, 1]` with `[1, n]`), which the quick path leaves to the
/// general small plan, are mixed in.
fn quick_pair() -> impl Strategy<Value = (Vec<usize>, Vec<usize>)> {
    (0usize..=9, 0usize..=6, 0u8..9, any::<bool>(), any::<bool>()).prop_map(
        |(m, n, form, vector, swap)| {
            let full = if vector { vec![n] } else { vec![m, n] };
            let other = match form {
                0 => full.clone(),
                1 => vec![1, n],
                2 => vec![n],
                3 => vec![m, 1],
                4 => vec![1, 1],
                5 => vec![1],
                6 => vec![],
                7 => vec![1, m],
                _ => vec![m, 1, 1],
            };
            let full = if form == 7 { vec![m, 1] } else { full };
            if swap { (other, full) } else { (full, other) }
        },
    )
}

/// `n` values from `seed` (splitmix64): integers in -3..=3 (zeros included,
/// for the divisor check), as `f32` with a `NaN`, infinities and a negative
/// zero among them when `special`.
fn values(n: usize, seed: u64, special: bool) -> Vec<f32> {
    shapes::splitmix(n, seed)
        .map(|z| match z % 16 {
            0 if special => f32::NAN,
            1 if special => f32::INFINITY,
            2 if special => -0.0,
            3 if special => f32::NEG_INFINITY,
            r => (r % 7) as f32 - 3.0 + (z >> 60) as f32 * 0.25,
        })
        .collect()
}

/// `s` with leading 1s up to rank 6: the same elements, past the small
/// path's rank.
fn lifted(s: &[usize]) -> Vec<usize> {
    let mut v = vec![1; 6 - s.len()];
    v.extend_from_slice(s);
    v
}

/// PyTorch's words for the rightmost mismatch of `a` and `b` (axes counted
/// from the left of the longer shape), written here from the guide's rules chapter, section 3.
fn mismatch_text(a: &[usize], b: &[usize]) -> String {
    let rank = a.len().max(b.len());
    let pad = |s: &[usize]| {
        let mut v = vec![1; rank - s.len()];
        v.extend_from_slice(s);
        v
    };
    let (pa, pb) = (pad(a), pad(b));
    let axis = (0..rank)
        .rev()
        .find(|&i| pa[i] != pb[i] && pa[i] != 1 && pb[i] != 1)
        .expect("a mismatch");
    format!(
        "The size of tensor a ({}) must match the size of tensor b ({}) at non-singleton dimension {}",
        pa[axis], pb[axis], axis
    )
}

fn first_line(e: &ShapeError) -> String {
    e.to_string().lines().next().unwrap_or("").to_string()
}

fn bits(v: &[f32]) -> Vec<u32> {
    v.iter().map(|x| x.to_bits()).collect()
}

type Op = fn(f32, f32) -> f32;
type TryOp = fn(&DynTensor<f32>, &DynTensor<f32>) -> Result<DynTensor<f32>, ShapeError>;
type TryInto = fn(&DynTensor<f32>, &DynTensor<f32>, &mut DynTensor<f32>) -> Result<(), ShapeError>;
type TryAssign = fn(&mut DynTensor<f32>, &DynTensor<f32>) -> Result<(), ShapeError>;

/// The five operations: the reference's `f(x, y)`, the allocating method,
/// the `_into` function and the in-place method.
fn ops() -> [(Op, TryOp, TryInto, TryAssign); 5] {
    [
        (
            |x, y| x + y,
            DynTensor::try_add,
            shaped::try_add_into,
            DynTensor::try_add_assign,
        ),
        (
            |x, y| x - y,
            DynTensor::try_sub,
            shaped::try_sub_into,
            DynTensor::try_sub_assign,
        ),
        (
            |x, y| x * y,
            DynTensor::try_mul,
            shaped::try_mul_into,
            DynTensor::try_mul_assign,
        ),
        (
            |x, y| x / y,
            DynTensor::try_div,
            shaped::try_div_into,
            DynTensor::try_div_assign,
        ),
        (
            |x, y| x % y,
            DynTensor::try_rem,
            shaped::try_rem_into,
            DynTensor::try_rem_assign,
        ),
    ]
}

/// Every operation on shapes `sa` and `sb` with elements from seeds `ka`
/// and `kb`, allocating and into a preallocated output, on the small path
/// and on the general path: the reference's shape and elements bit for
/// bit, or PyTorch's error with `out` unchanged.
fn check_pair(
    sa: &[usize],
    sb: &[usize],
    ka: u64,
    kb: u64,
    special: bool,
) -> Result<(), TestCaseError> {
    let (da, db) = (
        values(sa.iter().product(), ka, special),
        values(sb.iter().product(), kb, special),
    );
    let a = DynTensor::from_vec(da.clone(), sa).unwrap();
    let b = DynTensor::from_vec(db.clone(), sb).unwrap();
    let (la, lb) = (
        a.reshape(&lifted(sa)).unwrap(),
        b.reshape(&lifted(sb)).unwrap(),
    );
    for (i, (f, try_op, try_into, try_assign)) in ops().into_iter().enumerate() {
        // In place: the reference where `b` broadcasts to `a`'s shape, else
        // an error with `a` unchanged.
        let mut x = a.clone();
        match naive::ref_shape(sa, sb) {
            Some(shape) if shape == sa => {
                try_assign(&mut x, &b).unwrap();
                let (_, want) = naive::reference(&da, sa, &db, sb, f);
                prop_assert_eq!(bits(x.as_slice()), bits(&want));
            }
            _ => {
                prop_assert!(try_assign(&mut x, &b).is_err());
                prop_assert_eq!(bits(x.as_slice()), bits(&da));
            }
        }
        match naive::ref_shape(sa, sb) {
            Some(_) => {
                let (shape, want) = naive::reference(&da, sa, &db, sb, f);
                let got = try_op(&a, &b).unwrap();
                prop_assert_eq!(got.shape(), &shape[..]);
                prop_assert_eq!(bits(got.as_slice()), bits(&want));
                let general = try_op(&la, &lb).unwrap();
                prop_assert_eq!(bits(general.as_slice()), bits(&want));
                let mut out = DynTensor::full(&shape, 9.0);
                try_into(&a, &b, &mut out).unwrap();
                prop_assert_eq!(bits(out.as_slice()), bits(&want));
                if i == 0 {
                    // The operators, by reference and by value.
                    prop_assert_eq!(bits((&a + &b).as_slice()), bits(&want));
                    prop_assert_eq!(bits((a.clone() + &b).as_slice()), bits(&want));
                }
            }
            None => {
                let text = mismatch_text(sa, sb);
                let e = try_op(&a, &b).unwrap_err();
                prop_assert_eq!(e.kind(), ShapeErrorKind::Broadcast);
                prop_assert_eq!(first_line(&e), text.clone());
                let mut out = DynTensor::full(sa, 9.0);
                let e = try_into(&a, &b, &mut out).unwrap_err();
                prop_assert_eq!(first_line(&e), text);
                prop_assert!(out.as_slice().iter().all(|&x| x == 9.0));
            }
        }
    }
    Ok(())
}

/// Integer division on shapes `sa` and `sb` with elements from seeds `ka`
/// and `kb`: a shape mismatch is reported before a zero divisor, a zero
/// divisor is an error when the result is not empty, and the quotients are
/// the reference's otherwise.
fn check_int_division(sa: &[usize], sb: &[usize], ka: u64, kb: u64) -> Result<(), TestCaseError> {
    let int = |n: usize, k: u64| {
        values(n, k, false)
            .iter()
            .map(|&x| x as i32)
            .collect::<Vec<_>>()
    };
    let (da, db) = (int(sa.iter().product(), ka), int(sb.iter().product(), kb));
    let a = DynTensor::from_vec(da.clone(), sa).unwrap();
    let b = DynTensor::from_vec(db.clone(), sb).unwrap();
    let got = a.try_div(&b);
    let mut out = DynTensor::<i32>::full(sa, 9);
    let into = shaped::try_div_into(&a, &b, &mut out);
    match naive::ref_shape(sa, sb) {
        None => {
            let text = mismatch_text(sa, sb);
            prop_assert_eq!(first_line(&got.unwrap_err()), text.clone());
            prop_assert_eq!(first_line(&into.unwrap_err()), text);
        }
        Some(shape) if !da.is_empty() && db.contains(&0) => {
            let e = got.unwrap_err();
            prop_assert!(matches!(e, ShapeError::DivisionByZero { .. }), "{:?}", e);
            if shape == sa {
                let e = into.unwrap_err();
                prop_assert!(matches!(e, ShapeError::DivisionByZero { .. }), "{:?}", e);
                prop_assert!(out.as_slice().iter().all(|&x| x == 9));
            }
        }
        Some(_) => {
            let (shape, want) = naive::reference(&da, sa, &db, sb, |x, y| x.wrapping_div(y));
            let q = got.unwrap();
            prop_assert_eq!(q.shape(), &shape[..]);
            prop_assert_eq!(q.as_slice(), &want[..]);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    /// Every operation, allocating and into a preallocated output, on the
    /// small path and on the general path: the reference's shape and
    /// elements bit for bit, or PyTorch's error with `out` unchanged.
    #[test]
    fn small_path_matches_reference_and_general_path(
        (sa, sb) in shape_pair(),
        ka in any::<u64>(),
        kb in any::<u64>(),
        special in any::<bool>(),
    ) {
        check_pair(&sa, &sb, ka, kb, special)?;
    }

    /// The same for shapes whose last two axes make blocks of rows in
    /// which one operand's row is the same for every row (outer products,
    /// a row against a matrix, a column against a matrix), either way
    /// round, with leading axes up to rank 4.
    #[test]
    fn block_forms_match_reference_and_general_path(
        (sa, sb) in block_pair(),
        ka in any::<u64>(),
        kb in any::<u64>(),
        special in any::<bool>(),
    ) {
        check_pair(&sa, &sb, ka, kb, special)?;
    }

    /// The same for the quick path's forms (ranks up to 2, one operand
    /// with the result's sizes), and the mismatches around them.
    #[test]
    fn quick_forms_match_reference_and_general_path(
        (sa, sb) in quick_pair(),
        ka in any::<u64>(),
        kb in any::<u64>(),
        special in any::<bool>(),
    ) {
        check_pair(&sa, &sb, ka, kb, special)?;
    }

    /// Integer division on the quick path's forms: a zero divisor is
    /// reported (after any shape mismatch), as on the other paths.
    #[test]
    fn quick_forms_integer_division(
        (sa, sb) in quick_pair(),
        ka in any::<u64>(),
        kb in any::<u64>(),
    ) {
        check_int_division(&sa, &sb, ka, kb)?;
    }

    /// Integer division and remainder: a shape mismatch is reported before
    /// a zero divisor, a zero divisor is an error when the result is not
    /// empty, and the quotients are the reference's otherwise.
    #[test]
    fn small_integer_division_checks_divisor_after_shapes(
        (sa, sb) in shape_pair(),
        ka in any::<u64>(),
        kb in any::<u64>(),
    ) {
        check_int_division(&sa, &sb, ka, kb)?;
    }

    /// The same for the block forms of `block_pair`.
    #[test]
    fn block_forms_integer_division(
        (sa, sb) in block_pair(),
        ka in any::<u64>(),
        kb in any::<u64>(),
    ) {
        check_int_division(&sa, &sb, ka, kb)?;
    }
}

/// The cases the small path is built for, and those at its limits.
#[test]
fn small_path_examples() {
    let a = DynTensor::from_vec((0..12).map(|x| x as f32).collect(), &[4, 3]).unwrap();
    let b = DynTensor::from_vec(vec![10.0, 20.0, 30.0], &[1, 3]).unwrap();
    let c = &a + &b;
    assert_eq!(c.shape(), &[4, 3]);
    assert_eq!(&c.as_slice()[..6], &[10.0, 21.0, 32.0, 13.0, 24.0, 35.0]);
    // [5, 3, 4, 1] + [3, 1, 2]: rows of 2 along which only `b` moves.
    let a = DynTensor::from_vec((0..60).map(|x| x as f32).collect(), &[5, 3, 4, 1]).unwrap();
    let b = DynTensor::from_vec((0..6).map(|x| x as f32 * 100.0).collect(), &[3, 1, 2]).unwrap();
    let c = &a + &b;
    assert_eq!(c.shape(), &[5, 3, 4, 2]);
    // Element [4, 2, 3, 1] = a[4, 2, 3, 0] + b[2, 0, 1] = 59 + 500.
    assert_eq!(c[[4, 2, 3, 1]], 559.0);
    assert_eq!(c[[0, 1, 2, 0]], 6.0 + 200.0);
    // Rank 0 with rank 0, and with a vector.
    let s = DynTensor::scalar(2.5f32);
    assert_eq!((&s + &s).as_slice(), &[5.0]);
    assert_eq!((&s + &s).rank(), 0);
    let v = DynTensor::from_vec(vec![1.0f32, 2.0], &[2]).unwrap();
    assert_eq!((&v - &s).as_slice(), &[-1.5, -0.5]);
    // Size 0 with a larger size elsewhere (the general path's).
    let e = DynTensor::<f32>::zeros(&[0, 1000]);
    let r = DynTensor::<f32>::zeros(&[1, 1000]);
    assert_eq!((&e + &r).shape(), &[0, 1000]);
    // 128 elements (small) and 129 (general), same values either way.
    for n in [127, 128, 129] {
        let a = DynTensor::from_vec((0..n).map(|x| x as f32).collect(), &[n, 1]).unwrap();
        let b = DynTensor::from_vec(vec![0.5f32], &[1]).unwrap();
        let c = &a * &b;
        assert_eq!(c.shape(), &[n, 1]);
        assert_eq!(c.as_slice()[n - 1], (n - 1) as f32 * 0.5);
    }
}
