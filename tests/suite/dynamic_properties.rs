//! Property tests for runtime shapes: random shapes (rank 0 to 6, sizes 0 to
//! 5) and random data, checked against a naive reference written here from
//! the guide's rules chapter, independently of the crate.
//!
//! The reference pads the shorter shape with 1s on the left, scans every axis
//! from the left and remembers the LAST (so the rightmost) mismatch, which is
//! the one PyTorch reports; its elements are gathered one multi-index at a
//! time. The crate's kernel merges axes and walks strides instead, so the two
//! share no code.

use crate::shapes;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use shaped::{DynTensor, ShapeError, ShapeErrorKind, Tensor, broadcast_shapes, shape};

// ---------------------------------------------------------------------------
// The naive reference
// ---------------------------------------------------------------------------

/// The element count (the shapes here are small, no overflow).
fn numel(s: &[usize]) -> usize {
    s.iter().product()
}

/// `s` padded on the left with 1s to `rank`.
fn pad(s: &[usize], rank: usize) -> Vec<usize> {
    let mut v = vec![1; rank - s.len()];
    v.extend_from_slice(s);
    v
}

/// A failing axis (counted from the left of the padded shapes) and the two
/// sizes there: `x` of the first (or target) shape, `y` of the second.
#[derive(Debug, Clone, PartialEq)]
struct Mismatch {
    axis: usize,
    x: usize,
    y: usize,
}

/// The broadcast shape of `a` and `b`, or their rightmost mismatch.
fn ref_broadcast(a: &[usize], b: &[usize]) -> Result<Vec<usize>, Mismatch> {
    let rank = a.len().max(b.len());
    let (pa, pb) = (pad(a, rank), pad(b, rank));
    let mut out = Vec::with_capacity(rank);
    let mut last = None;
    for i in 0..rank {
        let (x, y) = (pa[i], pb[i]);
        if x == y || y == 1 {
            out.push(x);
        } else if x == 1 {
            out.push(y);
        } else {
            last = Some(Mismatch { axis: i, x, y });
        }
    }
    match last {
        None => Ok(out),
        Some(m) => Err(m),
    }
}

/// Why `src` does not fit `target` in place.
#[derive(Debug, Clone, PartialEq)]
enum Misfit {
    /// `src` has more dimensions.
    Rank,
    /// The rightmost axis (of `target`) where `src`'s size is neither 1 nor `target`'s.
    At(Mismatch),
}

/// The in-place rule (also `broadcast_to`'s): `src` broadcasts to `target`
/// without changing it.
fn ref_fits(target: &[usize], src: &[usize]) -> Result<(), Misfit> {
    if src.len() > target.len() {
        return Err(Misfit::Rank);
    }
    let ps = pad(src, target.len());
    let mut last = None;
    for i in 0..target.len() {
        if ps[i] != 1 && ps[i] != target[i] {
            last = Some(Mismatch {
                axis: i,
                x: target[i],
                y: ps[i],
            });
        }
    }
    match last {
        None => Ok(()),
        Some(m) => Err(Misfit::At(m)),
    }
}

/// Calls `f` with every multi-index of `shape`, in row-major order.
fn for_each_index(shape: &[usize], mut f: impl FnMut(&[usize])) {
    if shape.contains(&0) {
        return;
    }
    let mut idx = vec![0; shape.len()];
    'outer: loop {
        f(&idx);
        for k in (0..shape.len()).rev() {
            idx[k] += 1;
            if idx[k] < shape[k] {
                continue 'outer;
            }
            idx[k] = 0;
        }
        break;
    }
}

/// The element of `data` (row-major, shape `s`) seen at multi-index `idx`
/// of a broadcast result whose rank is `idx.len()`.
fn gather(data: &[i64], s: &[usize], idx: &[usize]) -> i64 {
    let off = idx.len() - s.len();
    let mut flat = 0;
    for (k, &d) in s.iter().enumerate() {
        let i = if d == 1 { 0 } else { idx[off + k] };
        flat = flat * d + i;
    }
    data[flat]
}

type Op = fn(i64, i64) -> i64;
const ADD: Op = |x, y| x + y;
const SUB: Op = |x, y| x - y;
const MUL: Op = |x, y| x * y;
const DIV: Op = |x, y| x / y;
const REM: Op = |x, y| x % y;

/// `a op b` by the reference: the result's shape and elements, or the mismatch.
fn ref_binary(
    a: &[i64],
    sa: &[usize],
    b: &[i64],
    sb: &[usize],
    op: Op,
) -> Result<(Vec<usize>, Vec<i64>), Mismatch> {
    let out = ref_broadcast(sa, sb)?;
    let mut v = Vec::with_capacity(numel(&out));
    for_each_index(&out, |idx| {
        v.push(op(gather(a, sa, idx), gather(b, sb, idx)))
    });
    Ok((out, v))
}

/// `src` (shape `ss`) broadcast to `target`'s shape, elements only.
fn ref_expand(src: &[i64], ss: &[usize], target: &[usize]) -> Vec<i64> {
    let mut v = Vec::with_capacity(numel(target));
    for_each_index(target, |idx| v.push(gather(src, ss, idx)));
    v
}

// ---------------------------------------------------------------------------
// Data and strategies
// ---------------------------------------------------------------------------

/// `n` pseudo-random values in -20..=20 (in ±1..=20 when `nonzero`), from `seed`.
fn fill(n: usize, seed: u64, nonzero: bool) -> Vec<i64> {
    shapes::splitmix(n, seed)
        .map(|z| {
            if nonzero {
                let m = (z % 20) as i64 + 1;
                if z & (1 << 40) == 0 { m } else { -m }
            } else {
                (z % 41) as i64 - 20
            }
        })
        .collect()
}

fn tensor(shape: &[usize], seed: u64, nonzero: bool) -> (DynTensor<i64>, Vec<i64>) {
    let data = fill(numel(shape), seed, nonzero);
    (DynTensor::from_vec(data.clone(), shape).unwrap(), data)
}

/// Any shape of rank 0 to 6 with sizes 0 to 5.
fn dims() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(0usize..=5, 0..=6)
}

/// A shape derived from `base` (see `common/shapes.rs`), sizes up to 5.
fn derive(base: Vec<usize>) -> impl Strategy<Value = Vec<usize>> {
    shapes::derive(base, 5)
}

/// Two shapes: independent (mostly incompatible) or derived from one base.
fn shape_pair() -> impl Strategy<Value = (Vec<usize>, Vec<usize>)> {
    prop_oneof![
        1 => (dims(), dims()),
        3 => dims().prop_flat_map(|base| (derive(base.clone()), derive(base))),
    ]
}

/// A tensor shape and a `broadcast_to` target for it: the shape with 0 to 2
/// sizes prepended, its 1s often replaced by any size and, rarely, any size
/// replaced or the first dimension dropped (fewer dimensions than the tensor).
fn expand_pair() -> impl Strategy<Value = (Vec<usize>, Vec<usize>)> {
    dims().prop_flat_map(|s| {
        let n = s.len();
        (
            Just(s),
            prop::collection::vec(0usize..=5, 0..=2),
            prop::collection::vec(0u8..10, n),
            prop::collection::vec(0usize..=5, n),
            0u8..10,
        )
            .prop_map(|(s, prefix, modes, any, shrink)| {
                let n = s.len();
                if shrink == 0 && n > 0 {
                    return (s.clone(), s[1..].to_vec());
                }
                let mut target = prefix;
                for j in 0..n {
                    target.push(match (s[j], modes[j]) {
                        (1, 0..=4) => any[j],
                        (_, 9) => any[j],
                        (d, _) => d,
                    });
                }
                (s, target)
            })
    })
}

/// A shape and a reshape target: any shape, the same sizes shuffled with
/// two 1s inserted, a leading run of sizes merged into one, or everything in
/// one or two dimensions.
fn reshape_pair() -> impl Strategy<Value = (Vec<usize>, Vec<usize>)> {
    dims().prop_flat_map(|s| {
        let n = numel(&s);
        let mut with_ones = s.clone();
        with_ones.extend([1, 1]);
        let merge_from = s.clone();
        (
            Just(s.clone()),
            prop_oneof![
                dims(),
                Just(with_ones).prop_shuffle(),
                (0..=s.len()).prop_map(move |k| {
                    let mut v = vec![numel(&merge_from[..k])];
                    v.extend_from_slice(&merge_from[k..]);
                    v
                }),
                Just(vec![n]),
                Just(vec![1, n]),
            ],
        )
    })
}

/// The first line of an error's `Display`.
fn first_line(e: &ShapeError) -> String {
    e.to_string().lines().next().unwrap_or("").to_string()
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------
// Checks shared by the properties
// ---------------------------------------------------------------------------

/// The crate's result `got` of `a op b` agrees with the reference.
fn check_binary(
    a: &DynTensor<i64>,
    da: &[i64],
    b: &DynTensor<i64>,
    db: &[i64],
    op: Op,
    got: Result<DynTensor<i64>, ShapeError>,
) -> Result<(), TestCaseError> {
    match (ref_binary(da, a.shape(), db, b.shape(), op), got) {
        (Ok((shape, data)), Ok(t)) => {
            prop_assert_eq!(t.shape(), &shape[..]);
            prop_assert_eq!(t.rank(), shape.len());
            prop_assert_eq!(t.numel(), data.len());
            prop_assert_eq!(t.to_vec(), data);
        }
        (Err(m), Err(e)) => {
            prop_assert_eq!(e.kind(), ShapeErrorKind::Broadcast);
            prop_assert_eq!(e.axis(), Some(m.axis));
            prop_assert_eq!(e.lhs(), a.shape());
            prop_assert_eq!(e.rhs(), b.shape());
            prop_assert_eq!(
                first_line(&e),
                format!(
                    "The size of tensor a ({}) must match the size of tensor b ({}) at non-singleton dimension {}",
                    m.x, m.y, m.axis
                )
            );
        }
        (want, got) => {
            prop_assert!(
                false,
                "{:?} op {:?}: reference {:?}, crate {:?}",
                a.shape(),
                b.shape(),
                want.map(|w| w.0),
                got.map(|t| t.shape().to_vec())
            );
        }
    }
    Ok(())
}

type TryAssign = fn(&mut DynTensor<i64>, &DynTensor<i64>) -> Result<(), ShapeError>;

/// `a op= b` by the crate agrees with the reference; `a` is unchanged on error.
fn check_in_place(
    a: &DynTensor<i64>,
    da: &[i64],
    b: &DynTensor<i64>,
    db: &[i64],
    op: Op,
    try_assign: TryAssign,
) -> Result<(), TestCaseError> {
    let mut x = a.clone();
    let got = try_assign(&mut x, b);
    match (ref_fits(a.shape(), b.shape()), got) {
        (Ok(()), Ok(())) => {
            prop_assert_eq!(x.shape(), a.shape());
            let mut want = Vec::with_capacity(da.len());
            for_each_index(a.shape(), |idx| {
                want.push(op(gather(da, a.shape(), idx), gather(db, b.shape(), idx)))
            });
            prop_assert_eq!(x.to_vec(), want);
        }
        (Err(misfit), Err(e)) => {
            prop_assert_eq!(x.shape(), a.shape(), "destination reshaped by a failed op");
            prop_assert_eq!(
                x.to_vec(),
                da.to_vec(),
                "destination changed by a failed op"
            );
            prop_assert_eq!(e.lhs(), a.shape());
            prop_assert_eq!(e.rhs(), b.shape());
            match misfit {
                Misfit::Rank => {
                    prop_assert_eq!(e.kind(), ShapeErrorKind::InPlaceRank);
                    // PyTorch: "output with shape [..] doesn't match the broadcast shape [..]".
                    let head = format!(
                        "output with shape {:?} doesn't match the broadcast shape ",
                        a.shape()
                    );
                    let line = first_line(&e);
                    prop_assert!(line.starts_with(&head), "{}", line);
                    if let Ok(full) = ref_broadcast(a.shape(), b.shape()) {
                        prop_assert_eq!(line, format!("{}{:?}", head, full));
                    }
                }
                Misfit::At(m) => {
                    prop_assert_eq!(e.kind(), ShapeErrorKind::Expand);
                    prop_assert_eq!(e.axis(), Some(m.axis));
                    prop_assert_eq!(
                        first_line(&e),
                        format!(
                            "The expanded size of the tensor ({}) must match the existing size ({}) at non-singleton dimension {}.  Target sizes: {:?}.  Tensor sizes: {:?}",
                            m.x,
                            m.y,
                            m.axis,
                            a.shape(),
                            b.shape()
                        )
                    );
                }
            }
        }
        (want, got) => {
            prop_assert!(
                false,
                "{:?} op= {:?}: reference {:?}, crate {:?}",
                a.shape(),
                b.shape(),
                want,
                got
            );
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(256))]

    /// `try_add`, `try_sub`, `try_mul` and the operators: shape, elements and errors.
    #[test]
    fn binary_ops_match_reference((sa, sb) in shape_pair(), ka in any::<u64>(), kb in any::<u64>()) {
        let (a, da) = tensor(&sa, ka, false);
        let (b, db) = tensor(&sb, kb, false);
        check_binary(&a, &da, &b, &db, ADD, a.try_add(&b))?;
        check_binary(&a, &da, &b, &db, SUB, a.try_sub(&b))?;
        check_binary(&a, &da, &b, &db, MUL, a.try_mul(&b))?;
        check_binary(&b, &db, &a, &da, SUB, b.try_sub(&a))?;
        if let Ok(sum) = a.try_add(&b) {
            prop_assert_eq!(&(&a + &b), &sum);
            prop_assert_eq!(&(a.clone() * b.clone()), &a.try_mul(&b).unwrap());
            prop_assert_eq!(&(&b - a.clone()), &b.try_sub(&a).unwrap());
        }
    }

    /// Ranks around the one-pass plan's limit of 8 (6 to 11, sizes 0 to 2)
    /// and results around the inline size of 16 elements: the operators
    /// and `try_add_into` against the reference, whichever path runs.
    #[test]
    fn high_ranks_and_into_match_reference(
        (sa, sb) in prop::collection::vec(0usize..=2, 6..=11)
            .prop_flat_map(|base| (derive(base.clone()), derive(base))),
        ka in any::<u64>(),
        kb in any::<u64>(),
    ) {
        let (a, da) = tensor(&sa, ka, false);
        let (b, db) = tensor(&sb, kb, false);
        check_binary(&a, &da, &b, &db, ADD, a.try_add(&b))?;
        check_binary(&b, &db, &a, &da, SUB, b.try_sub(&a))?;
        if let Ok((shape, want)) = ref_binary(&da, &sa, &db, &sb, MUL) {
            let mut out = DynTensor::<i64>::full(&shape, 7);
            shaped::try_mul_into(&a, &b, &mut out).unwrap();
            prop_assert_eq!(out.to_vec(), want);
            prop_assert_eq!(out.shape(), &shape[..]);
        } else {
            let mut out = DynTensor::<i64>::full(&sa, 7);
            prop_assert!(shaped::try_mul_into(&a, &b, &mut out).is_err());
            prop_assert_eq!(out.to_vec(), vec![7; da.len()]);
        }
    }

    /// `try_div` and `try_rem` with non-zero divisors.
    #[test]
    fn div_rem_match_reference((sa, sb) in shape_pair(), ka in any::<u64>(), kb in any::<u64>()) {
        let (a, da) = tensor(&sa, ka, false);
        let (b, db) = tensor(&sb, kb, true);
        check_binary(&a, &da, &b, &db, DIV, a.try_div(&b))?;
        check_binary(&a, &da, &b, &db, REM, a.try_rem(&b))?;
        if let Ok(q) = a.try_div(&b) {
            prop_assert_eq!(&(&a / &b), &q);
            prop_assert_eq!(&(&a % &b), &a.try_rem(&b).unwrap());
        }
    }

    /// `a + b` and `b + a` have the same shape (and, for + and *, the same
    /// elements), or fail at the same axis with the sizes swapped.
    #[test]
    fn result_shapes_are_symmetric((sa, sb) in shape_pair(), ka in any::<u64>(), kb in any::<u64>()) {
        let (a, _) = tensor(&sa, ka, false);
        let (b, _) = tensor(&sb, kb, false);
        match (a.try_add(&b), b.try_add(&a)) {
            (Ok(ab), Ok(ba)) => {
                prop_assert_eq!(ab.shape(), ba.shape());
                prop_assert_eq!(&ab, &ba);
                prop_assert_eq!(&a.try_mul(&b).unwrap(), &b.try_mul(&a).unwrap());
                prop_assert_eq!(a.try_sub(&b).unwrap().shape().to_vec(), ab.shape().to_vec());
                prop_assert_eq!(broadcast_shapes(&[&sa, &sb]).unwrap(), ab.shape().to_vec());
                prop_assert_eq!(broadcast_shapes(&[&sb, &sa]).unwrap(), ab.shape().to_vec());
            }
            (Err(e1), Err(e2)) => {
                prop_assert_eq!(e1.axis(), e2.axis());
                prop_assert_eq!(e1.lhs(), e2.rhs());
                prop_assert_eq!(e1.rhs(), e2.lhs());
                prop_assert!(broadcast_shapes(&[&sa, &sb]).is_err());
                prop_assert!(broadcast_shapes(&[&sb, &sa]).is_err());
            }
            (x, y) => prop_assert!(false, "{:?} + {:?}: {:?} vs {:?}", sa, sb, x, y),
        }
    }

    /// The in-place operations: allowed exactly when the right side fits the
    /// left side's shape; the destination is untouched on error.
    #[test]
    fn in_place_matches_reference((sa, sb) in shape_pair(), ka in any::<u64>(), kb in any::<u64>()) {
        let (a, da) = tensor(&sa, ka, false);
        let (b, db) = tensor(&sb, kb, true);
        check_in_place(&a, &da, &b, &db, ADD, DynTensor::try_add_assign)?;
        check_in_place(&a, &da, &b, &db, SUB, DynTensor::try_sub_assign)?;
        check_in_place(&a, &da, &b, &db, MUL, DynTensor::try_mul_assign)?;
        check_in_place(&a, &da, &b, &db, DIV, DynTensor::try_div_assign)?;
        check_in_place(&a, &da, &b, &db, REM, DynTensor::try_rem_assign)?;
        // Consistency with the binary operation: fits exactly when the rank
        // does not grow and `a + b` has `a`'s shape.
        let fits = b.rank() <= a.rank()
            && a.try_add(&b).map(|c| c.shape() == a.shape()).unwrap_or(false);
        let mut x = a.clone();
        prop_assert_eq!(x.try_add_assign(&b).is_ok(), fits);
        if fits {
            let mut y = a.clone();
            y += &b;
            prop_assert_eq!(&y, &x);
            prop_assert_eq!(&y, &a.try_add(&b).unwrap());
        }
    }

    /// `broadcast_to`: the reference's shape and elements, or its error.
    #[test]
    fn broadcast_to_matches_reference((ss, target) in expand_pair(), k in any::<u64>()) {
        let (t, data) = tensor(&ss, k, false);
        let got = t.broadcast_to(&target);
        match (ref_fits(&target, &ss), got) {
            (Ok(()), Ok(e)) => {
                prop_assert_eq!(e.shape(), &target[..]);
                prop_assert_eq!(e.to_vec(), ref_expand(&data, &ss, &target));
            }
            (Err(Misfit::Rank), Err(e)) => {
                prop_assert_eq!(e.kind(), ShapeErrorKind::ExpandRank);
                prop_assert_eq!(e.lhs(), &target[..]);
                prop_assert_eq!(e.rhs(), &ss[..]);
                let line = first_line(&e);
                let want = format!(
                    "the number of sizes provided ({}) must be greater or equal to the number of dimensions in the tensor ({})",
                    target.len(),
                    ss.len()
                );
                prop_assert!(line.contains(&want), "{}", line);
            }
            (Err(Misfit::At(m)), Err(e)) => {
                prop_assert_eq!(e.kind(), ShapeErrorKind::Expand);
                prop_assert_eq!(e.axis(), Some(m.axis));
                prop_assert_eq!(e.lhs(), &target[..]);
                prop_assert_eq!(e.rhs(), &ss[..]);
                prop_assert_eq!(
                    first_line(&e),
                    format!(
                        "The expanded size of the tensor ({}) must match the existing size ({}) at non-singleton dimension {}.  Target sizes: {:?}.  Tensor sizes: {:?}",
                        m.x, m.y, m.axis, target, ss
                    )
                );
            }
            (want, got) => prop_assert!(false, "{:?} to {:?}: reference {:?}, crate {:?}", ss, target, want, got),
        }
        prop_assert_eq!(t.shape(), &ss[..]);
        prop_assert_eq!(t.to_vec(), data);
    }

    /// `reshape`: same elements when the counts agree, the PyTorch error otherwise.
    #[test]
    fn reshape_matches_reference((ss, target) in reshape_pair(), k in any::<u64>()) {
        let (t, data) = tensor(&ss, k, false);
        let n = numel(&ss);
        match t.reshape(&target) {
            Ok(r) => {
                prop_assert_eq!(numel(&target), n, "reshape {:?} to {:?} succeeded", ss, target);
                prop_assert_eq!(r.shape(), &target[..]);
                prop_assert_eq!(r.to_vec(), data.clone());
                prop_assert_eq!(&r.reshape(&ss).unwrap(), &t);
            }
            Err(e) => {
                prop_assert_ne!(numel(&target), n, "reshape {:?} to {:?} failed", ss, target);
                prop_assert_eq!(e.kind(), ShapeErrorKind::Reshape { numel: n });
                prop_assert_eq!(e.lhs(), &target[..]);
                // An empty target's message is checked in tests/suite/dynamic.rs
                // (`reshape_error_to_rank0_displays`).
                if !target.is_empty() {
                    prop_assert_eq!(
                        first_line(&e),
                        format!("shape '{:?}' is invalid for input of size {}", target, n)
                    );
                }
            }
        }
        match DynTensor::from_vec(data.clone(), &target) {
            Ok(r) => prop_assert_eq!(r.to_vec(), data),
            Err(e) => prop_assert_eq!(e.kind(), ShapeErrorKind::Reshape { numel: n }),
        }
        prop_assert_eq!(t.shape(), &ss[..]);
    }

    /// `broadcast_shapes` of 0 to 4 shapes is the reference's fold, equals
    /// folding it pairwise from either end, and does not depend on the order.
    #[test]
    fn broadcast_shapes_matches_fold(
        shapes in prop_oneof![
            prop::collection::vec(dims(), 0..=4),
            dims().prop_flat_map(|base| prop::collection::vec(derive(base), 0..=4)),
        ]
    ) {
        let refs: Vec<&[usize]> = shapes.iter().map(|s| &s[..]).collect();
        let want = refs
            .iter()
            .try_fold(Vec::new(), |acc, s| ref_broadcast(&acc, s));
        let all = broadcast_shapes(&refs);
        let left = refs
            .iter()
            .try_fold(Vec::new(), |acc, s| broadcast_shapes(&[&acc, s]));
        let right = refs
            .iter()
            .rev()
            .try_fold(Vec::new(), |acc, s| broadcast_shapes(&[s, &acc]));
        let reversed: Vec<&[usize]> = refs.iter().rev().copied().collect();
        let rev = broadcast_shapes(&reversed);
        match want {
            Ok(w) => {
                prop_assert_eq!(all.unwrap(), w.clone());
                prop_assert_eq!(left.unwrap(), w.clone());
                prop_assert_eq!(right.unwrap(), w.clone());
                prop_assert_eq!(rev.unwrap(), w);
            }
            Err(_) => {
                prop_assert_eq!(all.unwrap_err().kind(), ShapeErrorKind::Broadcast);
                prop_assert!(left.is_err());
                prop_assert!(right.is_err());
                prop_assert!(rev.is_err());
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Static and runtime results agree
// ---------------------------------------------------------------------------

/// For static shapes `[$a..]` and `[$b..]` with random data: the static
/// result of `+ - * / %`, the runtime result of the same tensors made
/// dynamic, the mixed static/runtime result and the reference all agree.
macro_rules! static_agrees {
    ($name:ident: [$($a:literal),*] with [$($b:literal),*]) => {
        proptest! {
            #![proptest_config(config(48))]
            #[test]
            fn $name(ka in any::<u64>(), kb in any::<u64>()) {
                const SA: &[usize] = &[$($a),*];
                const SB: &[usize] = &[$($b),*];
                let da = fill(numel(SA), ka, false);
                let db = fill(numel(SB), kb, true);
                let a = Tensor::<i64, shape![$($a),*]>::from_slice(&da).unwrap();
                let b = Tensor::<i64, shape![$($b),*]>::from_slice(&db).unwrap();
                let (ya, yb) = (a.into_dyn(), b.into_dyn());
                for (op, st, dy, mixed, mixed_rev) in [
                    (ADD, (a + b).to_vec(), ya.try_add(&yb).unwrap(), a + &yb, &ya + b),
                    (SUB, (a - b).to_vec(), ya.try_sub(&yb).unwrap(), a - &yb, &ya - b),
                    (MUL, (a * b).to_vec(), ya.try_mul(&yb).unwrap(), a * &yb, &ya * b),
                    (DIV, (a / b).to_vec(), ya.try_div(&yb).unwrap(), a / &yb, &ya / b),
                    (REM, (a % b).to_vec(), ya.try_rem(&yb).unwrap(), a % &yb, &ya % b),
                ] {
                    let (shape, want) = ref_binary(&da, SA, &db, SB, op).unwrap();
                    prop_assert_eq!(dy.shape(), &shape[..]);
                    prop_assert_eq!(&st, &want);
                    prop_assert_eq!(dy.to_vec(), want.clone());
                    prop_assert_eq!(&mixed, &dy);
                    prop_assert_eq!(&mixed_rev, &dy);
                }
                prop_assert_eq!((a + b).shape().to_vec(), ya.try_add(&yb).unwrap().shape().to_vec());
                // The other order, b op a, for the shape.
                prop_assert_eq!((b + a).shape().to_vec(), yb.try_add(&ya).unwrap().shape().to_vec());
                prop_assert_eq!((b - a).to_vec(), yb.try_sub(&ya).unwrap().to_vec());
            }
        }
    };
}

/// A plan of more axes than the odometer keeps on the stack: sizes of 2
/// that move alternately in `a` and in `b`, so that no two axes merge.
#[test]
fn unmerged_plan_of_rank_12_matches_reference() {
    let sa: Vec<usize> = (0..12).map(|i| if i % 2 == 0 { 2 } else { 1 }).collect();
    let sb: Vec<usize> = (0..12).map(|i| if i % 2 == 0 { 1 } else { 2 }).collect();
    let (a, da) = tensor(&sa, 1, false);
    let (b, db) = tensor(&sb, 2, false);
    let (shape, want) = ref_binary(&da, &sa, &db, &sb, ADD).unwrap();
    assert_eq!(shape, vec![2; 12]);
    let got = a.try_add(&b).unwrap();
    assert_eq!(got.to_vec(), want);
    let mut out = DynTensor::<i64>::zeros(&shape);
    shaped::try_add_into(&a, &b, &mut out).unwrap();
    assert_eq!(out.to_vec(), want);
    // Rank 8 exactly, the last the one-pass plan takes.
    let (a8, da8) = tensor(&sa[4..], 3, false);
    let (b8, db8) = tensor(&sb[4..], 4, false);
    let (_, want8) = ref_binary(&da8, &sa[4..], &db8, &sb[4..], ADD).unwrap();
    assert_eq!((&a8 + &b8).to_vec(), want8);
}

static_agrees!(static_2_3_4_with_3_1: [2, 3, 4] with [3, 1]);
static_agrees!(static_4_1_with_3: [4, 1] with [3]);
static_agrees!(static_1_3_2_with_2_3_1: [1, 3, 2] with [2, 3, 1]);
static_agrees!(static_5_1_4_1_with_3_1_2: [5, 1, 4, 1] with [3, 1, 2]);
static_agrees!(static_rank0_with_2_3: [] with [2, 3]);
static_agrees!(static_1_with_rank0: [1] with []);
static_agrees!(static_0_3_with_1_3: [0, 3] with [1, 3]);
static_agrees!(static_2_0_with_2_1: [2, 0] with [2, 1]);
static_agrees!(static_2_1_3_with_1: [2, 1, 3] with [1]);
static_agrees!(static_3_1_1_2_with_1_4_1: [3, 1, 1, 2] with [1, 4, 1]);
static_agrees!(static_8_1_6_1_with_7_1_5: [8, 1, 6, 1] with [7, 1, 5]);
static_agrees!(static_1_1_9_with_9_1: [1, 1, 9] with [9, 1]);
