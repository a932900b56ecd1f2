//! Integer arithmetic has one policy in every build (wrapping; division by
//! zero an error in `try_` functions and a panic with that message in the
//! operators), allocation failure is an error, and the two remainders are
//! what their docs say. The tests run in debug builds, where Rust's own
//! integer operators would panic on overflow.

use proptest::prelude::*;
use shaped::{DynTensor, ShapeErrorKind, Tensor, shape};
use std::panic::{AssertUnwindSafe, catch_unwind};

fn dyn_i32(v: Vec<i32>) -> DynTensor<i32> {
    let n = v.len();
    DynTensor::from_vec(v, &[n]).unwrap()
}

/// The message a closure panicked with.
fn panic_message(f: impl FnOnce()) -> String {
    let e = catch_unwind(AssertUnwindSafe(f)).expect_err("expected a panic");
    e.downcast_ref::<String>().cloned().unwrap_or_default()
}

#[test]
fn integer_division_by_zero_is_an_error() {
    let a = dyn_i32(vec![6, 7, 8]);
    let b = dyn_i32(vec![2, 0, 4]);
    let e = a.try_div(&b).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::DivisionByZero);
    assert_eq!(e.to_string(), "ZeroDivisionError: integer division by zero");
    assert_eq!(
        a.try_rem(&b).unwrap_err().to_string(),
        "ZeroDivisionError: integer remainder by zero"
    );
    // In place: the destination is unchanged.
    let mut c = a.clone();
    assert!(c.try_div_assign(&b).is_err());
    assert_eq!(c, a);
    // Operators panic with the message.
    assert_eq!(
        panic_message(|| drop(&a / &b)),
        "ZeroDivisionError: integer division by zero"
    );
    assert_eq!(
        panic_message(|| drop(&a % 0)),
        "ZeroDivisionError: integer remainder by zero"
    );
    assert_eq!(
        panic_message(|| drop(12 / &b)),
        "ZeroDivisionError: integer division by zero"
    );
    let s = Tensor::<i32, shape![3]>::from_slice(&[1, 2, 3]).unwrap();
    let z = Tensor::<i32, shape![3]>::zeros();
    assert_eq!(
        panic_message(|| {
            let _ = std::hint::black_box(s / z);
        }),
        "ZeroDivisionError: integer division by zero"
    );
    // Floats divide by zero as IEEE 754 says.
    let f = DynTensor::from_vec(vec![1.0f32, -1.0], &[2]).unwrap();
    let q = f.try_div(&DynTensor::scalar(0.0)).unwrap();
    assert_eq!(q.to_vec(), vec![f32::INFINITY, f32::NEG_INFINITY]);
}

#[test]
fn integers_wrap_in_every_build() {
    let a = DynTensor::from_vec(vec![250u8, 3], &[2]).unwrap();
    let b = DynTensor::from_vec(vec![10u8, 5], &[2]).unwrap();
    assert_eq!(a.try_add(&b).unwrap().to_vec(), vec![4, 8]);
    assert_eq!(a.try_sub(&b).unwrap().to_vec(), vec![240, 254]);
    assert_eq!(a.try_mul(&b).unwrap().to_vec(), vec![196, 15]);
    let m = dyn_i32(vec![i32::MIN]);
    assert_eq!(
        m.try_div(&dyn_i32(vec![-1])).unwrap().to_vec(),
        vec![i32::MIN]
    );
    assert_eq!(m.try_rem(&dyn_i32(vec![-1])).unwrap().to_vec(), vec![0]);
    assert_eq!((-&m).to_vec(), vec![i32::MIN]);
    let s = Tensor::<u8, shape![2]>::from_slice(&[250, 3]).unwrap();
    assert_eq!((s + 10).as_slice(), &[4, 13]);
    let mut t = s;
    t *= 2;
    assert_eq!(t.as_slice(), &[244, 6]);
}

#[test]
fn remainder_and_fmod() {
    let a = dyn_i32(vec![-7, 7]);
    let b = dyn_i32(vec![3, -3]);
    assert_eq!(a.remainder(&b).unwrap().to_vec(), vec![2, -2]);
    assert_eq!(a.fmod(&b).unwrap().to_vec(), vec![-1, 1]);
    assert_eq!(a.try_rem(&b).unwrap().to_vec(), vec![-1, 1]);
    let x = DynTensor::from_vec(vec![-7.0f32, 7.0], &[2]).unwrap();
    let y = DynTensor::from_vec(vec![3.0f32, -3.0], &[2]).unwrap();
    assert_eq!(x.remainder(&y).unwrap().to_vec(), vec![2.0, -2.0]);
    assert_eq!(x.fmod(&y).unwrap().to_vec(), vec![-1.0, 1.0]);
    let s = Tensor::<i64, shape![2]>::from_slice(&[-7, 7]).unwrap();
    let d = Tensor::<i64, shape![]>::full(3);
    assert_eq!(s.remainder(&d).as_slice(), &[2, 1]);
}

#[test]
fn impossible_allocations_are_errors() {
    let e = DynTensor::<f32>::try_zeros(&[1 << 40]).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::TooLarge);
    // A broadcast whose result cannot be allocated: an error, no abort.
    let one = DynTensor::<f32>::scalar(1.0);
    let e = one.broadcast_to(&[1 << 40]).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::TooLarge);
    let col = DynTensor::<f32>::zeros(&[1 << 20, 1]);
    let row = DynTensor::<f32>::zeros(&[1 << 20]);
    assert_eq!(
        col.try_add(&row).unwrap_err().kind(),
        ShapeErrorKind::TooLarge
    );
}

proptest! {
    /// i8 arithmetic with broadcasting equals wrapping arithmetic written
    /// here, element by element.
    #[test]
    fn i8_matches_wrapping_reference(a in prop::collection::vec(any::<i8>(), 6), b in prop::collection::vec(any::<i8>(), 3)) {
        let ta = DynTensor::from_vec(a.clone(), &[2, 3]).unwrap();
        let tb = DynTensor::from_vec(b.clone(), &[3]).unwrap();
        let at = |i: usize| (a[i], b[i % 3]);
        let sum: Vec<i8> = (0..6).map(|i| { let (x, y) = at(i); x.wrapping_add(y) }).collect();
        let diff: Vec<i8> = (0..6).map(|i| { let (x, y) = at(i); x.wrapping_sub(y) }).collect();
        let prod: Vec<i8> = (0..6).map(|i| { let (x, y) = at(i); x.wrapping_mul(y) }).collect();
        prop_assert_eq!(ta.try_add(&tb).unwrap().to_vec(), sum);
        prop_assert_eq!(ta.try_sub(&tb).unwrap().to_vec(), diff);
        prop_assert_eq!(ta.try_mul(&tb).unwrap().to_vec(), prod);
        if b.iter().all(|&y| y != 0) {
            let quot: Vec<i8> = (0..6).map(|i| { let (x, y) = at(i); x.wrapping_div(y) }).collect();
            let floor: Vec<i8> = (0..6).map(|i| { let (x, y) = at(i); x.wrapping_rem(y).wrapping_add(if x.wrapping_rem(y) != 0 && (x.wrapping_rem(y) < 0) != (y < 0) { y } else { 0 }) }).collect();
            prop_assert_eq!(ta.try_div(&tb).unwrap().to_vec(), quot);
            prop_assert_eq!(ta.remainder(&tb).unwrap().to_vec(), floor);
        } else {
            prop_assert_eq!(ta.try_div(&tb).unwrap_err().kind(), ShapeErrorKind::DivisionByZero);
        }
    }
}

/// The inference rows: these compile without annotations (a
/// regression is a build failure of this file) and return what they should.
#[test]
fn names_and_lists_infer() {
    let t = DynTensor::<f32>::zeros(&[2, 3]);
    let n = t.clone().with_names([None, None]).unwrap();
    assert_eq!(n.names(), [None, None]);
    assert!(!n.is_named());
    let s = DynTensor::<f32>::scalar(1.0).with_names(vec![]).unwrap();
    assert_eq!(s.rank(), 0);
    let owned = vec![String::from("H"), String::from("W")];
    assert_eq!(
        t.clone().with_names(&owned).unwrap().names(),
        [Some("H"), Some("W")]
    );
    assert_eq!(
        t.with_names(owned.iter().map(|s| Some(s.as_str())))
            .unwrap()
            .names(),
        [Some("H"), Some("W")]
    );
    assert_eq!(
        DynTensor::<f32>::stack(&[], 0).unwrap_err().to_string(),
        "stack expects a non-empty TensorList"
    );
    assert_eq!(
        DynTensor::<f32>::cat(&[], 0).unwrap_err().to_string(),
        "torch.cat(): expected a non-empty list of Tensors"
    );
}

/// `abs` wraps at the minimum integer, as every integer operation does,
/// in debug builds too (found reviewing the math functions).
#[test]
fn integer_abs_wraps() {
    let t = DynTensor::from_vec(vec![i32::MIN, -5, 7], &[3]).unwrap();
    assert_eq!(t.abs().to_vec(), vec![i32::MIN, 5, 7]);
    let s = shaped::Tensor::<i8, shaped::shape![2]>::from_slice(&[i8::MIN, -1]).unwrap();
    assert_eq!(s.abs().as_slice(), &[i8::MIN, 1]);
    let f = DynTensor::from_vec(vec![-0.0f32, -2.5], &[2])
        .unwrap()
        .abs();
    assert!(f.to_vec()[0].is_sign_positive());
    assert_eq!(f.to_vec()[1], 2.5);
}

/// Whether an `Ok` result's data has the element count its shape says.
fn agrees<T: shaped::Element>(r: Result<DynTensor<T>, shaped::ShapeError>) -> Result<(), String> {
    match r {
        Ok(t) => {
            let n: usize = t.shape().iter().product();
            if n == t.as_slice().len() {
                Ok(())
            } else {
                Err(format!(
                    "shape {:?} with {} elements",
                    t.shape(),
                    t.as_slice().len()
                ))
            }
        }
        Err(e) => {
            // Every error displays, in one line at least.
            assert!(!e.to_string().is_empty());
            Ok(())
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// Issue 58: no `try_` form returns a tensor whose data disagrees with
    /// its shape (the scalar `index_select` and `topk` did), and none
    /// panics, on tensors of rank 0 to 3 with sizes 0 to 3 and small
    /// arguments of every sign. (Debug builds also check every
    /// constructor path inside the crate.)
    #[test]
    fn try_results_agree_with_their_shapes(
        dims in prop::collection::vec(0usize..4, 0..4),
        a in -4isize..4,
        b in -4isize..4,
        k in 0usize..5,
        shift in -5isize..6,
        positions in prop::collection::vec(0usize..4, 0..3),
        flag in any::<bool>(),
    ) {
        let n: usize = dims.iter().product();
        let t = DynTensor::from_vec((0..n).map(|i| (i as i64 * 7) % 5 - 2).collect(), &dims).unwrap();
        let f = t.map_to(|x| x as f64);
        let checks = [
            agrees(t.try_cumsum(a)),
            agrees(t.try_cumprod(a)),
            agrees(t.try_diff(a)),
            agrees(t.try_diff_n(k, a)),
            agrees(t.try_diagonal(shift, a, b)),
            agrees(t.try_flatten(a, b)),
            agrees(t.try_flip(&[a])),
            agrees(t.try_roll(shift, a)),
            agrees(t.try_index_select(a, &positions)),
            agrees(t.try_topk(k, a, flag).map(|p| p.0)),
            agrees(t.try_topk(k, a, flag).map(|p| p.1)),
            agrees(t.try_sort(a, flag).map(|p| p.0)),
            agrees(t.try_argsort(a, flag)),
            agrees(t.try_median(a, flag)),
            agrees(f.try_quantile(0.25, a, flag)),
            agrees(f.try_quantiles(&[0.0, 0.5], a, flag)),
            agrees(t.try_repeat(&[k, 2, 1, 1][..dims.len().max(k.min(4))])),
            agrees(t.try_repeat_interleave(k, a)),
            agrees(t.try_tril(shift)),
            agrees(t.try_triu(shift)),
            agrees(t.try_movedim(a, b)),
            agrees(t.try_unflatten(a, &positions)),
            agrees(t.try_outer(&t)),
            agrees(t.try_kron(&t)),
            agrees(t.try_take_along_dim(&t.map_to(|x| x.unsigned_abs() as usize % 2), a)),
            agrees(t.try_gather(a, &t.map_to(|x| x.unsigned_abs() as usize % 2))),
            agrees(t.try_masked_select(&t.gt(0i64))),
            agrees(t.sum_dims(&[a], flag)),
            agrees(t.max_dims(&[a, b], flag)),
            agrees(t.argmax(a, flag)),
            agrees(t.reshape(&positions)),
            agrees(t.squeeze(a)),
            agrees(t.unsqueeze(a)),
            agrees(t.transpose(a, b)),
            agrees(DynTensor::<i64>::try_arange_step(a as i64, b as i64 * 3, shift as i64)),
            agrees(DynTensor::stack(&[t.clone(), t.clone()], a)),
            agrees(DynTensor::cat(&[t.clone(), t.clone()], a)),
            agrees(t.try_add(&t.try_index_select(a, &positions).unwrap_or_else(|_| t.clone()))),
        ];
        for (i, c) in checks.into_iter().enumerate() {
            prop_assert!(c.is_ok(), "check {i}: {c:?}");
        }
        for parts in [t.try_split(k, a), t.try_chunk(k, a), t.try_unbind(a)] {
            for p in parts.unwrap_or_default() {
                prop_assert!(agrees(Ok(p)).is_ok());
            }
        }
    }
}
