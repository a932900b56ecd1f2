//! Mixed shapes (`shape![Dyn, 3]`): construction, conversions, the examples
//! of the issue, and properties: on random runtime sizes and data, every
//! mixed operation agrees with `DynTensor` (itself tested against a naive
//! reference in tests/suite/dynamic_properties.rs), errors included.

// The tests use references and clones on small (`Copy`) static tensors on
// purpose: those impls are under test too.
#![allow(clippy::op_ref, clippy::clone_on_copy)]

use proptest::prelude::*;
use shaped::{Dyn, DynTensor, ShapeError, Tensor, shape};

#[test]
fn construct_with_the_runtime_sizes_only() {
    let t = Tensor::<i32, shape![Dyn, 3]>::full_sized(&[4], 7);
    assert_eq!(&*t.shape(), &[4, 3]);
    assert_eq!(t.numel(), 12);
    assert!(t.as_slice().iter().all(|&x| x == 7));

    let t = Tensor::<i32, shape![2, Dyn, 3, Dyn]>::zeros_sized(&[5, 1]);
    assert_eq!(&*t.shape(), &[2, 5, 3, 1]);

    let t = Tensor::<i32, shape![Dyn, 2]>::from_vec(vec![1, 2, 3, 4, 5, 6], &[3]).unwrap();
    assert_eq!(t[[2, 1]], 6);
    assert_eq!(t.get(&[3, 0]), None);
}

#[test]
fn construction_errors() {
    let e = Tensor::<f32, shape![Dyn, 3]>::try_zeros_sized(&[1, 2]).unwrap_err();
    assert!(matches!(e, ShapeError::DynSizes { .. }));
    assert_eq!(
        e.to_string(),
        "expected 1 sizes for the Dyn dimensions of shape [Dyn, 3], got 2: [1, 2]"
    );

    let e = Tensor::<f32, shape![Dyn, 3]>::from_vec(vec![0.0; 5], &[2]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "shape '[2, 3]' is invalid for input of size 5"
    );

    let e = Tensor::<u8, shape![Dyn, Dyn]>::try_zeros_sized(&[usize::MAX, 2]).unwrap_err();
    assert!(matches!(e, ShapeError::TooLarge { .. }));

    // Size 0 is an ordinary size; an empty tensor may have other sizes up
    // to the size policy's limit (isize::MAX), not past it.
    let t = Tensor::<u8, shape![Dyn, Dyn]>::try_zeros_sized(&[isize::MAX as usize, 0]).unwrap();
    assert_eq!(t.numel(), 0);
    let e = Tensor::<u8, shape![Dyn, Dyn]>::try_zeros_sized(&[usize::MAX, 0]).unwrap_err();
    assert!(matches!(e, ShapeError::TooLarge { .. }));
}

/// An empty tensor whose other sizes multiply to the size policy's limit
/// ([isize::MAX / 2, 2, 0]): every path that builds its storage counts its
/// elements as 0, and none overflows.
#[test]
fn empty_tensors_with_huge_sizes_build_their_storage() {
    use shaped::Axis;
    let dims = [isize::MAX as usize / 2, 2, 0];
    let t = Tensor::<f32, shape![Dyn, Dyn, Dyn]>::try_zeros_sized(&dims).unwrap();
    assert_eq!(t.numel(), 0);
    let m = t.map_to(|x| x as f64);
    assert_eq!((&*m.shape(), m.numel()), (&dims[..], 0));
    let s = t.softmax(Axis::<2>);
    assert_eq!((&*s.shape(), s.numel()), (&dims[..], 0));
    let u = t.unsqueeze(Axis::<3>);
    assert_eq!(
        (&*u.shape(), u.numel()),
        (&[isize::MAX as usize / 2, 2, 0, 1][..], 0)
    );
    let sum = t.try_add(&t).unwrap();
    assert_eq!((&*sum.shape(), sum.numel()), (&dims[..], 0));
    let d = DynTensor::<f32>::try_zeros(&dims).unwrap();
    let back = Tensor::<f32, shape![Dyn, Dyn, Dyn]>::try_from(d).unwrap();
    assert_eq!((&*back.shape(), back.numel()), (&dims[..], 0));
}

/// Reducing away the size-0 axis of an empty mixed tensor whose other
/// sizes are huge leaves a result too large to hold: the reduction panics
/// with the shape error's message, not an allocator's.
#[test]
#[should_panic(expected = "is too large: every size and the product of the nonzero sizes")]
fn reducing_away_a_size_0_axis_to_a_huge_result_says_so() {
    use shaped::Axis;
    let t = Tensor::<f32, shape![Dyn, Dyn]>::try_zeros_sized(&[0, usize::MAX / 2]).unwrap();
    let _ = t.sum_over(Axis::<0>);
}

#[test]
fn the_issues_examples() {
    // [Dyn, 3] + [3] keeps the batch dynamic and the features static.
    let x = Tensor::<i64, shape![Dyn, 3]>::from_vec(vec![0, 1, 2, 3, 4, 5], &[2]).unwrap();
    let b = Tensor::<i64, shape![3]>::from_slice(&[10, 20, 30]).unwrap();
    let y: Tensor<i64, shape![Dyn, 3]> = &x + &b;
    assert_eq!(y.as_slice(), &[10, 21, 32, 13, 24, 35]);

    // [Dyn, 1] + [5, 3] is statically [5, 3]; the dynamic size must be 1 or 5.
    let col = Tensor::<i64, shape![Dyn, 1]>::from_vec(vec![0, 1, 2, 3, 4], &[5]).unwrap();
    let z: Tensor<i64, shape![5, 3]> = &col + &Tensor::<i64, shape![5, 3]>::zeros();
    assert_eq!(z[[4, 2]], 4);
    let one = Tensor::<i64, shape![Dyn, 1]>::from_vec(vec![9], &[1]).unwrap();
    let z: Tensor<i64, shape![5, 3]> = one.try_add(&Tensor::<i64, shape![5, 3]>::zeros()).unwrap();
    assert!(z.as_slice().iter().all(|&v| v == 9));
    let bad = Tensor::<i64, shape![Dyn, 1]>::zeros_sized(&[4]);
    let e = bad
        .try_add(&Tensor::<i64, shape![5, 3]>::zeros())
        .unwrap_err();
    assert_eq!(
        e.to_string().lines().next().unwrap(),
        "The size of tensor a (4) must match the size of tensor b (5) at non-singleton dimension 0"
    );
    // The operator panics with the same message.
    let panic =
        std::panic::catch_unwind(|| bad + Tensor::<i64, shape![5, 3]>::zeros()).unwrap_err();
    let msg = panic.downcast_ref::<String>().unwrap();
    assert_eq!(msg, &e.to_string());
}

#[test]
fn in_place_checks_only_the_dynamic_sizes() {
    let mut m = Tensor::<i32, shape![Dyn, 3]>::zeros_sized(&[2]);
    m += Tensor::<i32, shape![3]>::from_slice(&[1, 2, 3]).unwrap();
    m += &Tensor::<i32, shape![Dyn, 3]>::ones_sized(&[2]);
    assert_eq!(m.as_slice(), &[2, 3, 4, 2, 3, 4]);

    let before = m.clone();
    let e = m
        .try_add_assign(&Tensor::<i32, shape![Dyn, 3]>::ones_sized(&[3]))
        .unwrap_err();
    assert!(matches!(e, ShapeError::Expand { axis: 0, .. }));
    assert_eq!(
        m, before,
        "a failed in-place operation leaves the destination unchanged"
    );

    // A static left side with a mixed right side.
    let mut s = Tensor::<i32, shape![2, 3]>::zeros();
    s += Tensor::<i32, shape![Dyn, 3]>::ones_sized(&[1]);
    assert!(s.as_slice().iter().all(|&v| v == 1));
    assert!(
        s.try_add_assign(&Tensor::<i32, shape![Dyn, 3]>::ones_sized(&[3]))
            .is_err()
    );
}

#[test]
fn conversions() {
    let s = Tensor::<f32, shape![2, 3]>::arange();
    let m: Tensor<f32, shape![Dyn, 3]> = s.into_mixed();
    assert_eq!(&*m.shape(), &[2, 3]);
    assert_eq!(m.as_slice(), s.as_slice());

    let d: DynTensor<f32> = m.clone().into_dyn();
    assert_eq!(d.shape(), &[2, 3]);
    let back = Tensor::<f32, shape![Dyn, 3]>::try_from(d).unwrap();
    assert_eq!(back, m);

    let e = Tensor::<f32, shape![Dyn, 3]>::try_from(DynTensor::<f32>::ones(&[7, 4])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "expected a tensor of shape [Dyn, 3], got shape [7, 4]"
    );
    assert!(Tensor::<f32, shape![Dyn, 3]>::try_from(DynTensor::<f32>::ones(&[3])).is_err());
}

#[test]
fn printing_and_scalars() {
    let m = Tensor::<i32, shape![Dyn, 2]>::from_vec(vec![0, 1, 2, 3], &[2]).unwrap();
    assert_eq!(m.to_string(), "tensor([[0, 1],\n        [2, 3]])");
    let n = -(&m * 2 + 1);
    assert_eq!(n.as_slice(), &[-1, -3, -5, -7]);
}

shaped::dim_names!(H);

/// Named dimensions in a mixed shape broadcast by name too: `[Dyn, H: 3]`
/// with `[H: 3]`, and with `[H: 3, 1]`, where `H` moves.
#[test]
fn named_mixed_shapes_broadcast_by_name() {
    type BatchOfH = shape![Dyn, H: 3];
    let a = Tensor::<i64, BatchOfH>::from_vec(vec![1, 2, 3, 4, 5, 6], &[2]).unwrap();
    let d = Tensor::<i64, shape![H: 3]>::from_slice(&[10, 20, 30]).unwrap();
    let e: Tensor<i64, BatchOfH> = &a + &d;
    assert_eq!(e.to_vec(), [11, 22, 33, 14, 25, 36]);
    assert_eq!(e.names(), [None, Some("H")]);
    // Equal ranks: a is x. b's H stands first and is matched by name; b's
    // unnamed 1 meets a's unnamed Dyn.
    let b = Tensor::<i64, shape![H: 3, 1]>::from_slice(&[100, 200, 300]).unwrap();
    let f: Tensor<i64, BatchOfH> = &a - &b;
    assert_eq!(f.to_vec(), [-99, -198, -297, -96, -195, -294]);
    let mut g = a.clone();
    g += &d;
    assert_eq!(g, e);
}

/// Data for a shape: small integers, never 0 (so `/` and `%` are defined).
fn data(n: usize, seed: i64) -> Vec<i64> {
    (0..n as i64)
        .map(|i| (i * 7 + seed).rem_euclid(9) + 1)
        .collect()
}

/// Checks `a op b` on mixed tensors against the same on `DynTensor`s.
macro_rules! agree {
    ($a:expr, $b:expr, $seed:expr) => {{
        let (a, b) = ($a, $b);
        let (da, db) = (a.clone().into_dyn(), b.clone().into_dyn());
        for (mixed, reference) in [
            (a.try_add(&b).map(|t| t.into_dyn()), da.try_add(&db)),
            (a.try_sub(&b).map(|t| t.into_dyn()), da.try_sub(&db)),
            (a.try_mul(&b).map(|t| t.into_dyn()), da.try_mul(&db)),
            (a.try_div(&b).map(|t| t.into_dyn()), da.try_div(&db)),
            (a.try_rem(&b).map(|t| t.into_dyn()), da.try_rem(&db)),
        ] {
            prop_assert_eq!(mixed, reference);
        }
        let _ = $seed;
    }};
}

/// Checks `a += b` on mixed tensors against the same on `DynTensor`s (only
/// where the types allow it: the rest does not compile).
macro_rules! agree_in_place {
    ($a:expr, $b:expr) => {{
        let (mut a, b) = ($a, $b);
        let (mut da, db) = (a.clone().into_dyn(), b.clone().into_dyn());
        prop_assert_eq!(a.try_mul_assign(&b), da.try_mul_assign(&db));
        prop_assert_eq!(a.into_dyn(), da);
    }};
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn dyn_batch_with_static_features(n in 0usize..6, m in 0usize..6, seed in 0i64..9) {
        let a = Tensor::<i64, shape![Dyn, 3]>::from_vec(data(n * 3, seed), &[n]).unwrap();
        let b = Tensor::<i64, shape![3]>::from_slice(&data(3, seed + 1)).unwrap();
        agree!(a.clone(), b.clone(), seed);
        agree_in_place!(a.clone(), b);
        let c = Tensor::<i64, shape![Dyn, 1]>::from_vec(data(m, seed + 2), &[m]).unwrap();
        agree!(a.clone(), c.clone(), seed);
        agree_in_place!(a, c);
    }

    #[test]
    fn dyn_against_static_sizes(n in 0usize..7, seed in 0i64..9) {
        // [Dyn, 1] + [5, 3]: fine for n in {1, 5}, an error otherwise.
        let a = Tensor::<i64, shape![Dyn, 1]>::from_vec(data(n, seed), &[n]).unwrap();
        let b = Tensor::<i64, shape![5, 3]>::from_slice(&data(15, seed + 3)).unwrap();
        prop_assert_eq!(a.try_add(&b).is_ok(), n == 1 || n == 5);
        agree!(a, b, seed);
    }

    #[test]
    fn dyn_against_dyn(n in 0usize..5, m in 0usize..5, k in 0usize..5, seed in 0i64..9) {
        let a = Tensor::<i64, shape![Dyn, Dyn]>::from_vec(data(n * m, seed), &[n, m]).unwrap();
        let b = Tensor::<i64, shape![Dyn]>::from_vec(data(k, seed + 1), &[k]).unwrap();
        agree!(a.clone(), b.clone(), seed);
        agree!(b.clone(), a.clone(), seed);
        agree_in_place!(a.clone(), b);
        let c = Tensor::<i64, shape![2, Dyn, 1]>::from_vec(data(2 * k, seed + 4), &[k]).unwrap();
        agree!(a.clone(), c.clone(), seed);
        agree!(c.clone(), a.clone(), seed);
        agree_in_place!(c, a);
    }

    #[test]
    fn static_left_side(n in 0usize..4, seed in 0i64..9) {
        let a = Tensor::<i64, shape![2, 3]>::from_slice(&data(6, seed)).unwrap();
        let b = Tensor::<i64, shape![Dyn, 3]>::from_vec(data(n * 3, seed + 5), &[n]).unwrap();
        agree!(a.clone(), b.clone(), seed);
        agree_in_place!(a, b);
    }

    #[test]
    fn mixed_matches_a_naive_reference(n in 1usize..6, seed in 0i64..9) {
        let a = Tensor::<i64, shape![Dyn, 4]>::from_vec(data(n * 4, seed), &[n]).unwrap();
        let b = Tensor::<i64, shape![4]>::from_slice(&data(4, seed + 1)).unwrap();
        let mixed = (&a * &b).into_dyn();
        let expected: Vec<i64> = a.as_slice().iter().enumerate().map(|(i, x)| x * b.as_slice()[i % 4]).collect();
        prop_assert_eq!(mixed.to_vec(), expected);
    }
}
