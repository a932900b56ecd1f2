//! Empty tensors with huge axes, and allocations the allocator refuses:
//! one test per row of the table of issue 48, then a property test over
//! random huge empty shapes. Built with overflow checks (as `cargo test`
//! builds), so an overflow anywhere is a failing panic here.

use shaped::{DynTensor, ShapeError, s};

const IMAX: usize = isize::MAX as usize;

fn too_large<T: core::fmt::Debug>(r: Result<T, ShapeError>) -> bool {
    matches!(r, Err(ShapeError::TooLarge { .. }))
}

// Row 1: a reduction whose result the allocator refuses is `TooLarge`,
// not an abort. 2^59 f64 elements are 2^62 bytes: within the size policy,
// and more than any address space holds, so the refusal is certain.
#[test]
fn row1_reduction_result_the_allocator_refuses_is_too_large() {
    let t = DynTensor::<f64>::try_zeros(&[0, 1 << 59]).unwrap();
    assert!(too_large(t.sum_dims(&[0], false)));
    assert!(too_large(t.sum_dims(&[0], true)));
    assert!(too_large(t.view().sum_dims(&[0], false)));
    assert!(too_large(t.mean_dims(&[0], false)));
    let f = DynTensor::<f32>::try_zeros(&[1 << 60, 0]).unwrap();
    assert!(too_large(f.sum_dims(&[1], true)));
    assert!(too_large(f.view().sum_dims(&[-1], false)));
    // The same result shape from a constructor: the same error.
    assert!(too_large(DynTensor::<f64>::try_zeros(&[1 << 59])));
}

#[test]
#[should_panic(expected = "is too large")]
fn row1_panicking_form_panics_with_the_message() {
    let _ = DynTensor::<f64>::zeros(&[1 << 59]);
}

#[test]
#[should_panic(expected = "is too large")]
fn row1_copy_of_a_huge_view_panics_with_the_message() {
    let one = DynTensor::<f64>::zeros(&[1]);
    let _ = one.view().broadcast_to(&[1 << 59]).to_owned();
}

// Row 2: the matrix-product message folds batch and rows without
// overflowing: the product where it fits, else the sizes joined by `*`.
#[test]
fn row2_matmul_message_cannot_overflow() {
    let e = ShapeError::MatMulInner {
        a: vec![3, usize::MAX, 0],
        b: vec![2, 4],
    };
    assert_eq!(
        e.to_string(),
        "mat1 and mat2 shapes cannot be multiplied (3*18446744073709551615x0 and 2x4)"
    );
    // Such an operand cannot be built any more (the size policy).
    assert!(too_large(DynTensor::<f32>::try_zeros(&[3, usize::MAX, 0])));
    // The largest allowed one displays its true row count.
    let a = DynTensor::<f32>::try_zeros(&[3, IMAX / 3, 0]).unwrap();
    let b = DynTensor::<f32>::zeros(&[2, 4]);
    let msg = a.try_matmul(&b).unwrap_err().to_string();
    assert_eq!(
        msg,
        format!(
            "mat1 and mat2 shapes cannot be multiplied ({}x0 and 2x4)",
            IMAX / 3 * 3
        )
    );
}

// Row 3: negative bounds count from the axis length (Python's rule).
#[test]
fn row3_negative_bounds_count_from_the_axis() {
    assert!(too_large(DynTensor::<f32>::try_zeros(&[usize::MAX, 0, 0])));
    let t = DynTensor::<f32>::try_zeros(&[IMAX, 0, 0]).unwrap();
    // len(range(IMAX - 2, IMAX, 2)) == 1
    assert_eq!(t.try_slice(s![-2..;2]).unwrap().shape(), &[1, 0, 0]);
    assert_eq!(t.try_slice(s![-3..-1]).unwrap().shape(), &[2, 0, 0]);
    assert_eq!(
        t.try_slice(s![isize::MIN..]).unwrap().shape(),
        &[IMAX, 0, 0]
    );
    let small = DynTensor::<f32>::zeros(&[5, 0]);
    assert_eq!(small.try_slice(s![-2..;2]).unwrap().shape(), &[1, 0]);
    assert_eq!(small.try_slice(s![-9..-4]).unwrap().shape(), &[1, 0]);
}

// Row 4: the stride and offset arithmetic of views of huge empty tensors
// never overflows: the issue's shapes are refused up front, and the largest
// allowed ones give `Ok`.
#[test]
fn row4_view_arithmetic_never_overflows() {
    assert!(too_large(DynTensor::<f32>::try_zeros(&[
        0,
        1 << 32,
        1 << 62
    ])));
    assert!(too_large(DynTensor::<f32>::try_zeros(&[
        4,
        0,
        usize::MAX,
        usize::MAX
    ])));
    assert!(too_large(DynTensor::<f32>::try_zeros(&[0, usize::MAX, 3])));

    let a = DynTensor::<f32>::try_zeros(&[0, 1 << 31, 1 << 31]).unwrap();
    assert_eq!(a.try_index_axis(-2, -6).unwrap().shape(), &[0, 1 << 31]);
    assert_eq!(a.try_index_axis(2, -1).unwrap().shape(), &[0, 1 << 31]);
    let b = DynTensor::<f32>::try_zeros(&[4, 0, 1 << 30, 1 << 30]).unwrap();
    let n = b.try_narrow(2, 4, 4).unwrap();
    assert_eq!(n.shape(), &[4, 0, 4, 1 << 30]);
    assert_eq!(n.to_owned().numel(), 0);
    let c = DynTensor::<f32>::try_zeros(&[0, IMAX / 3, 3]).unwrap();
    let v = c.try_slice(s![.., 1..;isize::MAX, ..;isize::MAX]).unwrap();
    assert_eq!(v.shape(), &[0, 1, 1]);
    assert_eq!(v.to_owned().shape(), &[0, 1, 1]);
    // A broadcast to a huge empty shape: within the policy, or refused.
    let one = DynTensor::<f32>::zeros(&[1]);
    let e = one.view().try_broadcast_to(&[IMAX, 0]).unwrap();
    assert_eq!(e.try_index_axis(0, -1).unwrap().shape(), &[0]);
    assert!(too_large(one.view().try_broadcast_to(&[usize::MAX, 0])));
    assert!(too_large(one.view().try_broadcast_to(&[
        1 << 32,
        1 << 32,
        0
    ])));
}

// Row 5: squeezing axis 0 of a rank-0 view is what it is on the tensor.
#[test]
fn row5_rank0_view_squeezes_as_the_tensor_does() {
    let t = DynTensor::scalar(1.0f64);
    let on_tensor = t.squeeze(0).unwrap();
    let on_view = t.view().try_squeeze(0).unwrap();
    assert_eq!(on_view.shape(), on_tensor.shape());
    assert_eq!(on_view.to_owned().to_vec(), vec![1.0]);
    assert_eq!(t.view().try_squeeze(-1).unwrap().shape(), &[] as &[usize]);
    let (a, b) = (
        t.squeeze(1).unwrap_err(),
        t.view().try_squeeze(1).unwrap_err(),
    );
    assert_eq!(a.to_string(), b.to_string());
}

// Issue 58: each reproducer answers at once with an error or the right
// value. (The allocations refused by the allocator are in tests/suite/alloc.rs,
// under an allocator that refuses them whatever the machine grants.)

#[test]
fn issue58_diagonal_of_an_empty_tensor_has_no_start_offset() {
    let t = DynTensor::<f64>::from_vec(vec![], &[0, 1, 1, usize::MAX / 3]).unwrap();
    // numpy: the offset-2 diagonal of axes 1 and 3 has length
    // min(1, MAX/3 - 2) = 1; the result [0, 1, 1] is empty.
    let d = t.try_diagonal(2, -3, -1).unwrap();
    assert_eq!((d.shape(), d.numel()), (&[0, 1, 1][..], 0));
    let d = t.try_diagonal(-5, 1, 3).unwrap();
    assert_eq!(d.shape(), &[0, 1, 0]);
}

#[test]
fn issue58_scalar_index_select_and_topk_follow_pytorch() {
    // torch.tensor(-4).index_select(0, torch.tensor([], dtype=long)):
    // "index_select(): Index to scalar can have only 1 value, got 0 value(s)"
    let s = DynTensor::<i64>::scalar(-4);
    let e = s.try_index_select(0, &[]).unwrap_err();
    assert!(matches!(e, ShapeError::ScalarIndexCount { count: 0 }));
    assert_eq!(
        e.to_string(),
        "index_select(): Index to scalar can have only 1 value, got 0 value(s)"
    );
    assert!(s.try_index_select(0, &[0, 0]).is_err());
    assert!(s.try_index_select(0, &[1]).is_err());
    let one = s.try_index_select(0, &[0]).unwrap();
    assert_eq!((one.shape(), one.to_vec()), (&[][..], vec![-4]));
    assert_eq!((&one + &one).to_vec(), vec![-8]);
    // torch.tensor(4).topk(0) and .topk(1): (tensor(4), tensor(0)), rank 0.
    let s = DynTensor::<i64>::scalar(4);
    for k in [0, 1] {
        let (v, i) = s.try_topk(k, 0, true).unwrap();
        assert_eq!((v.shape(), v.to_vec()), (&[][..], vec![4]));
        assert_eq!((i.shape(), i.to_vec()), (&[][..], vec![0]));
        assert_eq!((&v + &v).to_vec(), vec![8]);
    }
    assert!(s.try_topk(2, 0, true).is_err());
}

#[test]
fn issue58_unbind_and_split_of_huge_empty_axes_are_too_large() {
    // usize::MAX / 3 pieces: past what any memory holds.
    let t = DynTensor::<i32>::from_vec(vec![], &[0, usize::MAX / 3]).unwrap();
    assert!(too_large(t.try_unbind(1)));
    let u = DynTensor::<i32>::from_vec(vec![], &[1, 0, usize::MAX / 3]).unwrap();
    assert!(too_large(u.try_split(2, 2)));
    assert!(too_large(u.try_chunk(usize::MAX, 2)));
    // The axis that is 0 splits into one empty piece (PyTorch).
    assert_eq!(u.try_split(2, 1).unwrap().len(), 1);
    assert_eq!(u.try_unbind(1).unwrap().len(), 0);
}

#[test]
#[should_panic(expected = "is too large")]
fn issue58_split_panics_with_the_message() {
    let u = DynTensor::<i32>::from_vec(vec![], &[1, 0, usize::MAX / 3]).unwrap();
    let _ = u.split(2, 2);
}

#[test]
fn issue58_roll_of_a_scalar_is_the_scalar() {
    // numpy.roll(np.array(7), 3) == 7
    let s = DynTensor::<i32>::scalar(7);
    for (shift, axis) in [(3, 0), (-1, -1), (isize::MIN, 0)] {
        let r = s.try_roll(shift, axis).unwrap();
        assert_eq!((r.shape(), r.to_vec()), (&[][..], vec![7]));
    }
}

#[test]
fn issue58_diff_n_of_an_empty_tensor_answers_at_once() {
    let t = DynTensor::<f64>::from_vec(vec![], &[0, 3, 1 << 40, 3]).unwrap();
    // numpy.diff(np.empty((0, 3, 2**40, 3)), n=2**40, axis=-2).shape
    let d = t.try_diff_n(1 << 40, -2).unwrap();
    assert_eq!(d.shape(), &[0, 3, 0, 3]);
    let d = t.try_diff_n(5, -2).unwrap();
    assert_eq!(d.shape(), &[0, 3, (1 << 40) - 5, 3]);
    let d = t.try_diff_n(usize::MAX, 1).unwrap();
    assert_eq!(d.shape(), &[0, 0, 1 << 40, 3]);
}

#[test]
fn issue58_repeat_of_a_certainly_refused_size_is_too_large() {
    // 2^46 * 4 i32: 2^50 bytes, more than an address space holds.
    let scalar = DynTensor::<i32>::from_vec(vec![-3], &[]).unwrap();
    assert!(too_large(scalar.try_repeat(&[1 << 46, 2, 2])));
    assert!(too_large(scalar.try_repeat_interleave(1 << 48, 0)));
}

use crate::huge;

use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Random huge empty shapes (rank 0-4, one axis 0, the others up to
    /// `usize::MAX`) through 8 random view operations, reductions, copies,
    /// matrix products and the display of every error: each `Ok` or `Err`
    /// as the naive reference says (the shape of a slice by Python's
    /// rule), never a panic, and every view within the size policy.
    #[test]
    fn huge_empty_shapes_never_panic(words in prop::collection::vec(any::<u64>(), 0..80)) {
        huge::run(&words);
    }
}

/// The naive reference itself, against lengths Python gives.
#[test]
fn python_reference_agrees_with_python() {
    // len(range(10)[a:b:c]) in Python 3.
    assert_eq!(huge::python_len(Some(-2), None, 2, 10), 1);
    assert_eq!(huge::python_len(Some(-3), Some(-1), 1, 10), 2);
    assert_eq!(huge::python_len(Some(2), Some(9), 3, 10), 3);
    assert_eq!(huge::python_len(Some(-100), Some(100), 4, 10), 3);
    assert_eq!(huge::python_len(Some(5), Some(2), 1, 10), 0);
    assert_eq!(huge::python_len(Some(isize::MIN), None, isize::MAX, 10), 1);
    // Negative steps: x[::-1], x[5:2:-1], x[2:5:-1], x[:7:-1], x[7::-1],
    // x[-1:0:-1], x[::-3], x[-100:100:-1], x[100:-100:-1].
    assert_eq!(huge::python_len(None, None, -1, 10), 10);
    assert_eq!(huge::python_len(Some(5), Some(2), -1, 10), 3);
    assert_eq!(huge::python_len(Some(2), Some(5), -1, 10), 0);
    assert_eq!(huge::python_len(None, Some(7), -1, 10), 2);
    assert_eq!(huge::python_len(Some(7), None, -1, 10), 8);
    assert_eq!(huge::python_len(Some(-1), Some(0), -1, 10), 9);
    assert_eq!(huge::python_len(None, None, -3, 10), 4);
    assert_eq!(huge::python_len(Some(-100), Some(100), -1, 10), 0);
    assert_eq!(huge::python_len(Some(100), Some(-100), -1, 10), 10);
    assert_eq!(huge::python_len(None, None, isize::MIN, 10), 1);
    assert!(huge::within_policy(&[IMAX, 0]));
    assert!(!huge::within_policy(&[IMAX + 1, 0]));
    assert!(!huge::within_policy(&[1 << 32, 0, 1 << 32]));
}
