//! Operations writing into a preallocated output (`shaped::into`): values
//! against a naive reference and against the operators, shapes, errors, and
//! no allocation.

use crate::counting_alloc;
use crate::naive;

use counting_alloc::count_allocs;
use naive::reference;
use shaped::{
    DynTensor, ShapeError, ShapeErrorKind, Tensor, add_into, div_into, mul_into, rem_into, shape,
    sub_into, try_add_into, try_div_into, try_mul_into, try_rem_into, try_sub_into,
};

/// Deterministic data without zeros (so that `/` and `%` are defined).
fn data(n: usize, seed: i64) -> Vec<i64> {
    (0..n as i64).map(|i| (i * 7 + seed) % 23 + 1).collect()
}

// ---------------------------------------------------------------------------
// Static shapes: every operation, small (unrolled), inline and heap outputs.

macro_rules! check_static {
    ([$($a:expr),*], [$($b:expr),*], [$($o:expr),*]) => {{
        let (ad, bd): (&[usize], &[usize]) = (&[$($a),*], &[$($b),*]);
        let av = data(ad.iter().product(), 3);
        let bv = data(bd.iter().product(), 5);
        let a = Tensor::<i64, shape![$($a),*]>::from_slice(&av).unwrap();
        let b = Tensor::<i64, shape![$($b),*]>::from_slice(&bv).unwrap();
        let mut out = Tensor::<i64, shape![$($o),*]>::full(-1);
        let ops: [(fn(i64, i64) -> i64, &str); 5] = [
            (|x, y| x + y, "+"),
            (|x, y| x - y, "-"),
            (|x, y| x * y, "*"),
            (|x, y| x / y, "/"),
            (|x, y| x % y, "%"),
        ];
        for (f, name) in ops {
            match name {
                "+" => add_into(&a, &b, &mut out),
                "-" => sub_into(&a, &b, &mut out),
                "*" => mul_into(&a, &b, &mut out),
                "/" => div_into(&a, &b, &mut out),
                _ => rem_into(&a, &b, &mut out),
            }
            let (dims, want) = reference(&av, ad, &bv, bd, f);
            assert_eq!(&*out.shape(), &dims[..], "{name}");
            assert_eq!(out.as_slice(), &want[..], "{:?} {name} {:?}", ad, bd);
        }
        // The same as the operator.
        add_into(&a, &b, &mut out);
        assert_eq!(out, &a + &b);
    }};
}

#[test]
fn static_small_shapes_unrolled() {
    check_static!([4, 3], [1, 3], [4, 3]);
    check_static!([5, 3, 4, 1], [3, 1, 2], [5, 3, 4, 2]);
    check_static!([3], [2, 1], [2, 3]);
    check_static!([2, 1, 3, 1, 2], [3, 2, 1], [2, 1, 3, 2, 2]); // four axes: nested loops
    check_static!([2, 1, 2, 1, 2], [2, 1, 2, 1], [2, 2, 2, 2, 2]); // five axes: offset table
    check_static!([1], [1], [1]);
    check_static!([], [2, 2], [2, 2]);
    check_static!([7], [], [7]);
}

#[test]
fn static_larger_shapes() {
    check_static!([16, 16], [16, 1], [16, 16]); // inline, runtime plan
    check_static!([32, 8, 5], [8, 1], [32, 8, 5]); // short rows of 5
    check_static!([64, 64], [64], [64, 64]); // on the heap
    check_static!([32, 1], [1, 40], [32, 40]);
}

#[test]
fn static_zero_size() {
    let a = Tensor::<i64, shape![0, 3]>::zeros();
    let b = Tensor::<i64, shape![1, 3]>::ones();
    let mut out = Tensor::<i64, shape![0, 3]>::zeros();
    add_into(&a, &b, &mut out);
    assert_eq!(out.numel(), 0);
}

#[test]
fn static_overwrites_whatever_was_there() {
    let a = Tensor::<f32, shape![2, 2]>::arange();
    let b = Tensor::<f32, shape![2]>::ones();
    let mut out = Tensor::<f32, shape![2, 2]>::full(f32::NAN);
    add_into(&a, &b, &mut out);
    assert_eq!(out.as_slice(), &[1.0, 2.0, 3.0, 4.0]);
}

// ---------------------------------------------------------------------------
// Runtime shapes.

fn dyn_tensor(dims: &[usize], seed: i64) -> DynTensor<i64> {
    DynTensor::from_vec(data(dims.iter().product(), seed), dims).unwrap()
}

#[test]
fn try_into_matches_reference_on_many_shapes() {
    let shapes: &[(&[usize], &[usize])] = &[
        (&[4, 3], &[1, 3]),
        (&[5, 3, 4, 1], &[3, 1, 2]),
        (&[256, 256], &[256, 1]),
        (&[64, 1], &[1, 64]),
        (&[8, 4, 2, 5], &[4, 2, 1]),
        (&[3, 1, 2, 1, 2, 1, 2], &[2, 1, 2, 3, 2]),
        (&[], &[3]),
        (&[], &[]),
        (&[2, 0, 3], &[1, 3]),
    ];
    type Try = fn(&DynTensor<i64>, &DynTensor<i64>, &mut DynTensor<i64>) -> Result<(), ShapeError>;
    type Op = (Try, fn(i64, i64) -> i64);
    let ops: [Op; 5] = [
        (|a, b, o| try_add_into(a, b, o), |x, y| x + y),
        (|a, b, o| try_sub_into(a, b, o), |x, y| x - y),
        (|a, b, o| try_mul_into(a, b, o), |x, y| x * y),
        (|a, b, o| try_div_into(a, b, o), |x, y| x / y),
        (|a, b, o| try_rem_into(a, b, o), |x, y| x % y),
    ];
    for &(ad, bd) in shapes {
        let (a, b) = (dyn_tensor(ad, 3), dyn_tensor(bd, 5));
        for (op, f) in ops {
            // Both orders: the broadcast is symmetric, the operation is not.
            for (x, y) in [(&a, &b), (&b, &a)] {
                let (dims, want) = reference(x.as_slice(), x.shape(), y.as_slice(), y.shape(), f);
                let mut out = DynTensor::full(&dims, -1);
                op(x, y, &mut out).unwrap();
                assert_eq!(
                    out.as_slice(),
                    &want[..],
                    "{:?} with {:?}",
                    x.shape(),
                    y.shape()
                );
            }
        }
    }
}

#[test]
fn try_into_agrees_with_the_operators() {
    let a = DynTensor::<f64>::arange(24).reshape(&[2, 3, 4]).unwrap();
    let b = DynTensor::<f64>::arange(4).reshape(&[4]).unwrap();
    let mut out = DynTensor::zeros(&[2, 3, 4]);
    try_add_into(&a, &b, &mut out).unwrap();
    assert_eq!(out, &a + &b);
    try_sub_into(&b, &a, &mut out).unwrap();
    assert_eq!(out, &b - &a);
    try_mul_into(&a, &b, &mut out).unwrap();
    assert_eq!(out, &a * &b);
}

#[test]
fn try_into_mixes_static_and_runtime_tensors() {
    let s = Tensor::<f32, shape![4, 3]>::arange();
    let d = DynTensor::<f32>::ones(&[2, 1, 3]);
    // Runtime output from static and runtime inputs.
    let mut out = DynTensor::zeros(&[2, 4, 3]);
    try_add_into(&d, &s, &mut out).unwrap();
    assert_eq!(out, &d + s);
    // Static output from runtime inputs: checked at run time.
    let mut fixed = Tensor::<f32, shape![2, 4, 3]>::zeros();
    try_add_into(&d, &s, &mut fixed).unwrap();
    assert_eq!(fixed.as_slice(), out.as_slice());
    let mut wrong = Tensor::<f32, shape![4, 3]>::zeros();
    let err = try_add_into(&d, &s, &mut wrong).unwrap_err();
    assert_eq!(err.kind(), ShapeErrorKind::Mismatch);
    // All static: the same as `add_into`.
    let mut both = Tensor::<f32, shape![4, 3]>::zeros();
    try_mul_into(&s, &s, &mut both).unwrap();
    assert_eq!(both, s * s);
}

#[test]
fn operands_that_do_not_broadcast_are_a_broadcast_error() {
    let a = DynTensor::<f32>::zeros(&[5, 2, 4, 1]);
    let b = DynTensor::<f32>::zeros(&[3, 1, 1]);
    let mut out = DynTensor::full(&[5, 2, 4, 1], 7.0);
    let err = try_add_into(&a, &b, &mut out).unwrap_err();
    // The same error as the operator's.
    assert_eq!(err, a.try_add(&b).unwrap_err());
    assert!(matches!(err, ShapeError::Broadcast { axis: 1, .. }));
    assert!(out.as_slice().iter().all(|&x| x == 7.0), "out unchanged");
}

#[test]
fn a_wrong_output_shape_is_a_mismatch_naming_the_broadcast_shape() {
    let a = DynTensor::<i32>::zeros(&[4, 1]);
    let b = DynTensor::<i32>::zeros(&[3]);
    for wrong in [&[3, 4][..], &[4], &[1, 4, 3], &[4, 3, 1], &[12], &[]] {
        let mut out = DynTensor::full(wrong, 9);
        let err = try_add_into(&a, &b, &mut out).unwrap_err();
        assert_eq!(
            err,
            ShapeError::Mismatch {
                expected: vec![4, 3],
                got: wrong.to_vec()
            },
            "{wrong:?}"
        );
        assert_eq!(
            err.to_string(),
            format!("expected a tensor of shape [4, 3], got shape {wrong:?}")
        );
        assert!(out.as_slice().iter().all(|&x| x == 9), "out unchanged");
    }
    // An output of the right size but the wrong shape is still refused:
    // broadcasting `[4, 1]` with `[3]` never gives `[1, 3, 4]`.
    let mut out = DynTensor::zeros(&[1, 4, 3]);
    assert!(try_add_into(&a, &b, &mut out).is_err());
}

#[test]
fn into_never_allocates() {
    // Static shapes: small (unrolled), inline, heap.
    let a = Tensor::<f32, shape![4, 3]>::ones();
    let b = Tensor::<f32, shape![1, 3]>::ones();
    let mut c = Tensor::<f32, shape![4, 3]>::zeros();
    let big_a = Tensor::<f32, shape![512, 512]>::ones();
    let big_b = Tensor::<f32, shape![512]>::ones();
    let mut big_c = Tensor::<f32, shape![512, 512]>::zeros();
    let x = DynTensor::<f32>::ones(&[64, 32, 8, 5]);
    let y = DynTensor::<f32>::ones(&[32, 8, 1]);
    let mut z = DynTensor::<f32>::zeros(&[64, 32, 8, 5]);
    let mut wrong = DynTensor::<f32>::zeros(&[64, 32, 8, 5, 1, 1, 1, 1, 1]);
    let (n, ()) = count_allocs(|| {
        add_into(&a, &b, &mut c);
        add_into(&big_a, &big_b, &mut big_c);
        try_add_into(&x, &y, &mut z).unwrap();
        try_mul_into(&big_a, &big_b, &mut big_c).unwrap();
        try_add_into(&x, &y, &mut wrong).unwrap_err(); // only the error allocates
    });
    assert_eq!(c.as_slice()[0], 2.0);
    assert_eq!(big_c.as_slice()[0], 1.0);
    assert_eq!(z.as_slice()[0], 2.0);
    // The error's two shape vectors (and the broadcast shape it names).
    assert!(n <= 3, "{n} allocations");
    let (n, ()) = count_allocs(|| {
        add_into(&a, &b, &mut c);
        add_into(&big_a, &big_b, &mut big_c);
        try_add_into(&x, &y, &mut z).unwrap();
        try_mul_into(&big_a, &big_b, &mut big_c).unwrap();
    });
    assert_eq!(n, 0);
}

#[test]
fn mixed_shapes_are_checked_at_run_time() {
    use shaped::Dyn;
    let x = Tensor::<f32, shape![Dyn, 3]>::ones_sized(&[4]);
    let w = Tensor::<f32, shape![3]>::from_slice(&[1.0, 2.0, 3.0]).unwrap();
    let mut y = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[4]);
    mul_into(&x, &w, &mut y);
    assert_eq!(y, &x * w);
    let mut short = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[2]);
    let err = try_mul_into(&x, &w, &mut short).unwrap_err();
    assert_eq!(err.kind(), ShapeErrorKind::Mismatch);
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        mul_into(&x, &w, &mut short);
    }));
    assert!(
        caught.is_err(),
        "the panicking form panics on a runtime mismatch"
    );
}

#[test]
fn named_operands_broadcast_by_name_as_the_operators_do() {
    let a = DynTensor::<i64>::arange(8)
        .reshape(&[4, 2])
        .unwrap()
        .with_names([Some("N"), Some("C")])
        .unwrap();
    let b = DynTensor::<i64>::from_vec(vec![100, 200], &[2, 1])
        .unwrap()
        .with_names([Some("C"), Some("N")])
        .unwrap();
    let want = &a + &b; // `b` is aligned by name: its C runs along a's C
    let mut out = DynTensor::zeros(&[4, 2]);
    try_add_into(&a, &b, &mut out).unwrap();
    assert_eq!(out.as_slice(), want.as_slice());
    assert_eq!(out.as_slice()[..2], [100, 201]);
    // One named operand: positional, as for the operators.
    let plain = DynTensor::<i64>::from_vec(vec![10, 20], &[2]).unwrap();
    try_add_into(&a, &plain, &mut out).unwrap();
    assert_eq!(out.as_slice(), (&a + &plain).as_slice());
    // Names that do not match are the operator's error.
    let bad = DynTensor::<i64>::zeros(&[2])
        .with_names([Some("W")])
        .unwrap();
    let err = try_add_into(&a, &bad, &mut out).unwrap_err();
    assert_eq!(err, a.try_add(&bad).unwrap_err());
}
