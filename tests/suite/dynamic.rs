//! Runtime shapes (`DynTensor`): the seeds' examples and error messages,
//! size-0 and rank-0 tensors, huge shapes, `broadcast_shapes`, the legacy
//! broadcast hook and static/runtime interoperation.
//!
//! Every expected value is a literal copied from a seed document
//! (see the guide's rules chapter, section 7), from the guide's rules chapter, or computed here by a plain
//! loop that does not use the crate; nothing expected is computed by the code
//! under test. (The one comparison between two outputs of the crate is the
//! contract itself: an operator panics with exactly the `Display` of the
//! error its `try_` method returns; the first line is also checked against a
//! literal.)

// The operators are exercised on references on purpose, including references
// to `Copy` static tensors.
#![allow(clippy::op_ref)]

use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;

use shaped::{DynTensor, ShapeError, ShapeErrorKind, Tensor, broadcast_shapes, legacy, shape};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// `torch.arange(n).reshape(shape)`, with `n` the element count of `shape`.
fn ar(shape: &[usize]) -> DynTensor<i64> {
    let n: usize = shape.iter().product();
    DynTensor::<i64>::arange(n).reshape(shape).unwrap()
}

/// A tensor from literal row-major data.
fn t(data: &[i64], shape: &[usize]) -> DynTensor<i64> {
    DynTensor::from_vec(data.to_vec(), shape).unwrap()
}

/// The first line of an error's `Display`.
fn first_line(e: &ShapeError) -> String {
    e.to_string().lines().next().unwrap_or("").to_string()
}

/// Runs `f`, which must panic, and returns the panic message.
fn panic_text<R>(f: impl FnOnce() -> R) -> String {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(_) => panic!("expected a panic, got none"),
        Err(p) => {
            if let Some(s) = p.downcast_ref::<String>() {
                s.clone()
            } else if let Some(s) = p.downcast_ref::<&str>() {
                (*s).to_string()
            } else {
                panic!("panic payload is not a string")
            }
        }
    }
}

/// The first line of a panic message.
fn first_line_of(s: &str) -> &str {
    s.lines().next().unwrap_or("")
}

/// Asserts the shape, rank, element count and elements of `t` (elements
/// through `to_vec`, `as_slice` and, one by one, through `get`).
fn check(t: &DynTensor<i64>, shape: &[usize], data: &[i64]) {
    assert_eq!(t.shape(), shape, "shape");
    assert_eq!(t.rank(), shape.len(), "rank");
    assert_eq!(t.numel(), data.len(), "numel");
    assert_eq!(t.to_vec(), data, "to_vec");
    assert_eq!(t.as_slice(), data, "as_slice");
    let mut index = vec![0usize; shape.len()];
    for (flat, want) in data.iter().enumerate() {
        let mut rest = flat;
        for k in (0..shape.len()).rev() {
            index[k] = rest % shape[k];
            rest /= shape[k];
        }
        assert_eq!(t.get(&index), Some(want), "get({index:?})");
    }
}

/// The PyTorch sentence of a binary broadcast error.
fn broadcast_sentence(x: usize, y: usize, axis: usize) -> String {
    format!(
        "The size of tensor a ({x}) must match the size of tensor b ({y}) at non-singleton dimension {axis}"
    )
}

/// Asserts that `a op b` fails, for every binary operation and every operator
/// form, with a `Broadcast` error at `axis` whose first line is `sentence`,
/// and that every operator panics with exactly the error's `Display`.
fn assert_broadcast_error(a: &DynTensor<i64>, b: &DynTensor<i64>, axis: usize, sentence: &str) {
    let results = [
        a.try_add(b),
        a.try_sub(b),
        a.try_mul(b),
        a.try_div(b),
        a.try_rem(b),
    ];
    for r in results {
        let e = r.expect_err("expected a broadcast error");
        assert_eq!(e.kind(), ShapeErrorKind::Broadcast);
        assert_eq!(e.axis(), Some(axis));
        assert_eq!(e.lhs(), a.shape());
        assert_eq!(e.rhs(), b.shape());
        assert_eq!(first_line(&e), sentence);
    }
    let full = a.try_add(b).unwrap_err().to_string();
    let texts = [
        panic_text(|| a + b),
        panic_text(|| a.clone() + b.clone()),
        panic_text(|| a.clone() + b),
        panic_text(|| a + b.clone()),
        panic_text(|| a - b),
        panic_text(|| a * b),
        panic_text(|| a / b),
        panic_text(|| a % b),
    ];
    for text in texts {
        assert_eq!(text, full, "operator panic message");
        assert_eq!(first_line_of(&text), sentence);
    }
}

/// The PyTorch sentence of an in-place (expand) error.
fn expand_sentence(x: usize, y: usize, axis: usize, target: &str, tensor: &str) -> String {
    format!(
        "The expanded size of the tensor ({x}) must match the existing size ({y}) at non-singleton dimension {axis}.  Target sizes: {target}.  Tensor sizes: {tensor}"
    )
}

/// Asserts that every in-place operation of `b` into `a` fails with `kind`
/// (and `axis`), first line `sentence`, leaves `a` exactly as it was, and that
/// every compound assignment operator panics with the error's `Display`, also
/// leaving `a` unchanged.
fn assert_in_place_error(
    a: &DynTensor<i64>,
    b: &DynTensor<i64>,
    kind: ShapeErrorKind,
    axis: Option<usize>,
    sentence: &str,
) {
    let original = a.clone();
    type TryAssign = fn(&mut DynTensor<i64>, &DynTensor<i64>) -> Result<(), ShapeError>;
    let ops: [TryAssign; 5] = [
        DynTensor::try_add_assign,
        DynTensor::try_sub_assign,
        DynTensor::try_mul_assign,
        DynTensor::try_div_assign,
        DynTensor::try_rem_assign,
    ];
    let mut full = None;
    for op in ops {
        let mut x = a.clone();
        let e = op(&mut x, b).expect_err("expected an in-place error");
        assert_eq!(e.kind(), kind);
        assert_eq!(e.axis(), axis);
        assert_eq!(e.lhs(), a.shape());
        assert_eq!(e.rhs(), b.shape());
        assert_eq!(first_line(&e), sentence);
        assert_eq!(
            x, original,
            "destination changed by a failed in-place operation"
        );
        assert_eq!(x.to_vec(), original.to_vec());
        full = Some(e.to_string());
    }
    let full = full.unwrap();
    type Assign = fn(&mut DynTensor<i64>, &DynTensor<i64>);
    let assigns: [Assign; 6] = [
        |x, y| *x += y,
        |x, y| *x -= y,
        |x, y| *x *= y,
        |x, y| *x /= y,
        |x, y| *x %= y,
        |x, y| *x += y.clone(),
    ];
    for assign in assigns {
        let mut x = a.clone();
        let text = panic_text(|| assign(&mut x, b));
        assert_eq!(text, full, "compound assignment panic message");
        assert_eq!(first_line_of(&text), sentence);
        assert_eq!(
            x, original,
            "destination changed by a failed compound assignment"
        );
    }
}

/// `a + b` in every form (method, four operator forms, `b + a`, and `a += b`
/// when the result has `a`'s shape) is `shape` with elements `data`.
fn assert_sum(a: &DynTensor<i64>, b: &DynTensor<i64>, shape: &[usize], data: &[i64]) {
    check(&a.try_add(b).unwrap(), shape, data);
    check(&(a + b), shape, data);
    check(&(a.clone() + b.clone()), shape, data);
    check(&(a.clone() + b), shape, data);
    check(&(a + b.clone()), shape, data);
    check(&b.try_add(a).unwrap(), shape, data);
    check(&(b + a), shape, data);
    if a.shape() == shape {
        let mut x = a.clone();
        x.try_add_assign(b).unwrap();
        check(&x, shape, data);
        let mut x = a.clone();
        x += b;
        check(&x, shape, data);
        let mut x = a.clone();
        x += b.clone();
        check(&x, shape, data);
    }
}

// ---------------------------------------------------------------------------
// Seed 003: example 1 (shapes) and examples 2-8 (values)
// ---------------------------------------------------------------------------

#[test]
fn seed003_example1_shapes() {
    let x = DynTensor::<f32>::zeros(&[5, 1, 4, 1]);
    let y = DynTensor::<f32>::zeros(&[3, 1, 1]);
    assert_eq!(x.try_add(&y).unwrap().shape(), &[5, 3, 4, 1]);
    assert_eq!((&x + &y).shape(), &[5, 3, 4, 1]);

    let x = DynTensor::<f32>::zeros(&[1]);
    let y = DynTensor::<f32>::zeros(&[3, 1, 7]);
    assert_eq!(x.try_add(&y).unwrap().shape(), &[3, 1, 7]);
    assert_eq!((&x + &y).shape(), &[3, 1, 7]);
}

#[test]
fn seed003_example1_error() {
    // RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1
    let x = ar(&[5, 2, 4, 1]);
    let y = ar(&[3, 1, 1]);
    let e = x.try_add(&y).unwrap_err();
    assert_eq!(
        first_line(&e),
        "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1"
    );
    assert_eq!(e.kind(), ShapeErrorKind::Broadcast);
    assert_eq!(e.axis(), Some(1));
    assert_eq!(e.lhs(), &[5, 2, 4, 1]);
    assert_eq!(e.rhs(), &[3, 1, 1]);
    assert_broadcast_error(
        &x,
        &y,
        1,
        "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1",
    );
    // The other order names the sizes the other way round.
    assert_broadcast_error(
        &y,
        &x,
        1,
        "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1",
    );
}

#[test]
fn seed003_not_broadcastable_3_2_4_1() {
    // x=torch.empty(3,2,4,1); y=torch.empty(3,1,1): the third trailing
    // dimension differs (2 vs 3).
    let x = DynTensor::<i64>::zeros(&[3, 2, 4, 1]);
    let y = DynTensor::<i64>::ones(&[3, 1, 1]);
    assert_broadcast_error(&x, &y, 1, &broadcast_sentence(2, 3, 1));
}

#[test]
fn seed003_example2() {
    let x = ar(&[2, 4, 3]);
    let y = ar(&[1, 3]);
    check(&x, &[2, 4, 3], &(0..24).collect::<Vec<_>>());
    check(&y, &[1, 3], &[0, 1, 2]);
    #[rustfmt::skip]
    let z = [
        0, 2, 4,  3, 5, 7,  6, 8, 10,  9, 11, 13,
        12, 14, 16,  15, 17, 19,  18, 20, 22,  21, 23, 25,
    ];
    assert_sum(&x, &y, &[2, 4, 3], &z);
}

#[test]
fn seed003_example3() {
    let x = ar(&[2, 4, 3]);
    let y = ar(&[4, 1]);
    check(&y, &[4, 1], &[0, 1, 2, 3]);
    #[rustfmt::skip]
    let z = [
        0, 1, 2,  4, 5, 6,  8, 9, 10,  12, 13, 14,
        12, 13, 14,  16, 17, 18,  20, 21, 22,  24, 25, 26,
    ];
    assert_sum(&x, &y, &[2, 4, 3], &z);
}

#[test]
fn seed003_example4() {
    let x = ar(&[2, 4, 3, 2]);
    let y = ar(&[3, 1]);
    check(&x, &[2, 4, 3, 2], &(0..48).collect::<Vec<_>>());
    check(&y, &[3, 1], &[0, 1, 2]);
    #[rustfmt::skip]
    let z = [
        0, 1, 3, 4, 6, 7,
        6, 7, 9, 10, 12, 13,
        12, 13, 15, 16, 18, 19,
        18, 19, 21, 22, 24, 25,
        24, 25, 27, 28, 30, 31,
        30, 31, 33, 34, 36, 37,
        36, 37, 39, 40, 42, 43,
        42, 43, 45, 46, 48, 49,
    ];
    assert_sum(&x, &y, &[2, 4, 3, 2], &z);
}

#[test]
fn seed003_example5() {
    let x = ar(&[2, 4, 3, 2]);
    let y = ar(&[4, 1, 2]);
    check(&y, &[4, 1, 2], &[0, 1, 2, 3, 4, 5, 6, 7]);
    #[rustfmt::skip]
    let z = [
        0, 2, 2, 4, 4, 6,
        8, 10, 10, 12, 12, 14,
        16, 18, 18, 20, 20, 22,
        24, 26, 26, 28, 28, 30,
        24, 26, 26, 28, 28, 30,
        32, 34, 34, 36, 36, 38,
        40, 42, 42, 44, 44, 46,
        48, 50, 50, 52, 52, 54,
    ];
    assert_sum(&x, &y, &[2, 4, 3, 2], &z);
}

#[test]
fn seed003_example6() {
    let x = ar(&[2, 4, 3, 2]);
    // torch.arange(2,4).reshape(1,1,2)
    let y = DynTensor::from_vec((2..4).collect(), &[2])
        .unwrap()
        .reshape(&[1, 1, 2])
        .unwrap();
    check(&y, &[1, 1, 2], &[2, 3]);
    #[rustfmt::skip]
    let z = [
        2, 4, 4, 6, 6, 8,
        8, 10, 10, 12, 12, 14,
        14, 16, 16, 18, 18, 20,
        20, 22, 22, 24, 24, 26,
        26, 28, 28, 30, 30, 32,
        32, 34, 34, 36, 36, 38,
        38, 40, 40, 42, 42, 44,
        44, 46, 46, 48, 48, 50,
    ];
    assert_sum(&x, &y, &[2, 4, 3, 2], &z);
}

#[test]
fn seed003_example7() {
    let x = ar(&[2, 4, 3, 2]);
    // torch.arange(2,8).reshape(2,1,3,1)
    let y = DynTensor::from_vec((2..8).collect(), &[6])
        .unwrap()
        .reshape(&[2, 1, 3, 1])
        .unwrap();
    check(&y, &[2, 1, 3, 1], &[2, 3, 4, 5, 6, 7]);
    #[rustfmt::skip]
    let z = [
        2, 3, 5, 6, 8, 9,
        8, 9, 11, 12, 14, 15,
        14, 15, 17, 18, 20, 21,
        20, 21, 23, 24, 26, 27,
        29, 30, 32, 33, 35, 36,
        35, 36, 38, 39, 41, 42,
        41, 42, 44, 45, 47, 48,
        47, 48, 50, 51, 53, 54,
    ];
    assert_sum(&x, &y, &[2, 4, 3, 2], &z);
}

#[test]
fn seed003_example8() {
    let x = ar(&[2, 4, 3, 1]);
    let y = ar(&[2, 1, 3, 2]);
    check(&x, &[2, 4, 3, 1], &(0..24).collect::<Vec<_>>());
    check(&y, &[2, 1, 3, 2], &(0..12).collect::<Vec<_>>());
    #[rustfmt::skip]
    let z = [
        0, 1, 3, 4, 6, 7,
        3, 4, 6, 7, 9, 10,
        6, 7, 9, 10, 12, 13,
        9, 10, 12, 13, 15, 16,
        18, 19, 21, 22, 24, 25,
        21, 22, 24, 25, 27, 28,
        24, 25, 27, 28, 30, 31,
        27, 28, 30, 31, 33, 34,
    ];
    assert_sum(&x, &y, &[2, 4, 3, 2], &z);
    // The result does not fit in x: x += y is an error (axis 3: 1 vs 2).
    assert_in_place_error(
        &x,
        &y,
        ShapeErrorKind::Expand,
        Some(3),
        &expand_sentence(1, 2, 3, "[2, 4, 3, 1]", "[2, 1, 3, 2]"),
    );
}

// ---------------------------------------------------------------------------
// Seed 002: the shape table, the official examples, in-place semantics
// ---------------------------------------------------------------------------

#[test]
fn seed002_shape_table() {
    // a.shape + b.shape -> c.shape, or None for the rows marked バツ.
    type Row = (&'static [usize], &'static [usize], Option<&'static [usize]>);
    let rows: [Row; 9] = [
        (&[4, 1], &[1], Some(&[4, 1])),
        (&[4, 1], &[3], Some(&[4, 3])),
        (&[2, 3, 4], &[1, 4], Some(&[2, 3, 4])),
        (&[2, 3, 4], &[3, 1], Some(&[2, 3, 4])),
        (&[2, 3, 4], &[2, 1, 1], Some(&[2, 3, 4])),
        (&[2, 3, 4], &[3], None),
        (&[4, 3], &[4], None),
        (&[4, 3], &[3], Some(&[4, 3])),
        (&[4, 3], &[3], Some(&[4, 3])), // the table's "(3)" row: same shape
    ];
    for (a, b, c) in rows {
        let (x, y) = (ar(a), ar(b));
        match c {
            Some(c) => {
                assert_eq!(x.try_add(&y).unwrap().shape(), c, "{a:?} + {b:?}");
                assert_eq!(y.try_add(&x).unwrap().shape(), c, "{b:?} + {a:?}");
                assert_eq!((&x * &y).shape(), c, "{a:?} * {b:?}");
                assert_eq!(broadcast_shapes(&[a, b]).unwrap(), c);
            }
            None => {
                let e = x.try_add(&y).unwrap_err();
                assert_eq!(e.kind(), ShapeErrorKind::Broadcast, "{a:?} + {b:?}");
                assert!(y.try_add(&x).is_err(), "{b:?} + {a:?}");
                assert!(broadcast_shapes(&[a, b]).is_err());
            }
        }
    }
}

#[test]
fn seed002_table_error_messages() {
    // (2, 3, 4) + (3,): 4 vs 3 at dimension 2; (4, 3) + (4,): 3 vs 4 at dimension 1.
    assert_broadcast_error(&ar(&[2, 3, 4]), &ar(&[3]), 2, &broadcast_sentence(4, 3, 2));
    assert_broadcast_error(&ar(&[4, 3]), &ar(&[4]), 1, &broadcast_sentence(3, 4, 1));
}

#[test]
fn seed002_table_values() {
    // (4, 1) + (3,) with arange operands: a[i] + b[j].
    #[rustfmt::skip]
    let z = [
        0, 1, 2,
        1, 2, 3,
        2, 3, 4,
        3, 4, 5,
    ];
    assert_sum(&ar(&[4, 1]), &ar(&[3]), &[4, 3], &z);
    // (4, 1) + (1,): the single element 0 is added everywhere.
    assert_sum(&ar(&[4, 1]), &ar(&[1]), &[4, 1], &[0, 1, 2, 3]);
}

#[test]
fn seed002_official_examples() {
    // Same shapes always broadcast.
    let x = DynTensor::<f32>::ones(&[5, 7, 3]);
    let y = DynTensor::<f32>::full(&[5, 7, 3], 2.0);
    let z = x.try_add(&y).unwrap();
    assert_eq!(z.shape(), &[5, 7, 3]);
    assert!(z.to_vec().iter().all(|&v| v == 3.0));
    // torch.empty((0,)) + torch.empty(2, 2): 0 vs 2 (the guide's rules chapter, section 1).
    let x = DynTensor::<i64>::zeros(&[0]);
    let y = DynTensor::<i64>::zeros(&[2, 2]);
    assert_broadcast_error(&x, &y, 1, &broadcast_sentence(0, 2, 1));
    // [5, 3, 4, 1] and [3, 1, 1] broadcast; [5, 2, 4, 1] and [3, 1, 1] do not.
    assert_eq!(
        ar(&[5, 3, 4, 1]).try_add(&ar(&[3, 1, 1])).unwrap().shape(),
        &[5, 3, 4, 1]
    );
    assert_broadcast_error(
        &ar(&[5, 2, 4, 1]),
        &ar(&[3, 1, 1]),
        1,
        &broadcast_sentence(2, 3, 1),
    );
}

#[test]
fn seed002_in_place_ok() {
    // (x.add_(y)).size() == torch.Size([5, 3, 4, 1])
    let mut x = ar(&[5, 3, 4, 1]);
    let y = t(&[100, 200, 300], &[3, 1, 1]);
    x.try_add_assign(&y).unwrap();
    let mut want = Vec::new();
    for i in 0..5 {
        for j in 0..3 {
            for k in 0..4 {
                want.push((i * 12 + j * 4 + k) as i64 + 100 * (j as i64 + 1));
            }
        }
    }
    check(&x, &[5, 3, 4, 1], &want);
    let mut x2 = ar(&[5, 3, 4, 1]);
    x2 += &y;
    assert_eq!(x2, x);
}

#[test]
fn seed002_in_place_error() {
    // x=torch.empty(1,3,1); y=torch.empty(3,1,7); x.add_(y) fails although x + y works.
    let x = ar(&[1, 3, 1]);
    let y = ar(&[3, 1, 7]);
    assert_eq!(x.try_add(&y).unwrap().shape(), &[3, 3, 7]);
    let mut z = x.clone();
    let e = z.try_add_assign(&y).unwrap_err();
    assert_eq!(
        first_line(&e),
        "The expanded size of the tensor (1) must match the existing size (7) at non-singleton dimension 2.  Target sizes: [1, 3, 1].  Tensor sizes: [3, 1, 7]"
    );
    assert_eq!(e.kind(), ShapeErrorKind::Expand);
    assert_eq!(e.axis(), Some(2));
    assert_eq!(e.lhs(), &[1, 3, 1]);
    assert_eq!(e.rhs(), &[3, 1, 7]);
    check(&z, &[1, 3, 1], &[0, 1, 2]);
    assert_in_place_error(
        &x,
        &y,
        ShapeErrorKind::Expand,
        Some(2),
        "The expanded size of the tensor (1) must match the existing size (7) at non-singleton dimension 2.  Target sizes: [1, 3, 1].  Tensor sizes: [3, 1, 7]",
    );
}

#[test]
fn seed002_legacy_example_shape() {
    // torch.add(torch.ones(4,1), torch.randn(4)) is now torch.Size([4,4]).
    let z = DynTensor::<f32>::ones(&[4, 1]) + DynTensor::<f32>::full(&[4], 0.5);
    assert_eq!(z.shape(), &[4, 4]);
    assert!(z.to_vec().iter().all(|&v| v == 1.5));
}

// ---------------------------------------------------------------------------
// Seed 001 (with b = [1, 2], see the guide's rules chapter, section 7)
// ---------------------------------------------------------------------------

#[test]
fn seed001_dimensioning() {
    let a = ar(&[2, 2]);
    check(&a, &[2, 2], &[0, 1, 2, 3]);
    let b = t(&[1, 2], &[2]);

    // b[:, None]
    let col = b.reshape(&[2, 1]).unwrap();
    check(&col, &[2, 1], &[1, 2]);
    assert_sum(&a, &col, &[2, 2], &[1, 2, 4, 5]);

    // b[None]
    let row = b.reshape(&[1, 2]).unwrap();
    check(&row, &[1, 2], &[1, 2]);
    assert_sum(&a, &row, &[2, 2], &[1, 3, 3, 5]);

    // a + b: the extra dimension is added on the left (by rows).
    assert_sum(&a, &b, &[2, 2], &[1, 3, 3, 5]);
}

#[test]
fn seed001_compatibility() {
    let a = ar(&[1, 3, 2]);
    check(&a, &[1, 3, 2], &[0, 1, 2, 3, 4, 5]);
    let b = ar(&[2, 3, 1]);
    check(&b, &[2, 3, 1], &[0, 1, 2, 3, 4, 5]);
    #[rustfmt::skip]
    let sum = [
        0, 1,  3, 4,  6, 7,
        3, 4,  6, 7,  9, 10,
    ];
    assert_sum(&a, &b, &[2, 3, 2], &sum);
}

#[test]
fn seed001_reshape_error() {
    // RuntimeError: shape '[2, 2, 1]' is invalid for input of size 6
    let e = DynTensor::<i64>::arange(6).reshape(&[2, 2, 1]).unwrap_err();
    assert_eq!(
        first_line(&e),
        "shape '[2, 2, 1]' is invalid for input of size 6"
    );
    assert_eq!(e.kind(), ShapeErrorKind::Reshape { numel: 6 });
    assert_eq!(e.lhs(), &[2, 2, 1]);
    assert_eq!(e.axis(), None);
    let e = DynTensor::from_vec((0..6).collect::<Vec<i64>>(), &[2, 2, 1]).unwrap_err();
    assert_eq!(
        first_line(&e),
        "shape '[2, 2, 1]' is invalid for input of size 6"
    );
    assert_eq!(e.kind(), ShapeErrorKind::Reshape { numel: 6 });
}

#[test]
fn seed001_broadcasting_examples() {
    // torch.tensor([[1,2]]) + torch.tensor([[1], [2]])
    let x = t(&[1, 2], &[1, 2]);
    let y = t(&[1, 2], &[2, 1]);
    assert_sum(&x, &y, &[2, 2], &[2, 3, 3, 4]);

    // A (2, 2, 1) + B (1, 2, 2)
    let a = t(&[1, 2, 3, 4], &[2, 2, 1]);
    let b = t(&[1, 2, 2, 3], &[1, 2, 2]);
    assert_sum(&a, &b, &[2, 2, 2], &[2, 3, 4, 5, 4, 5, 6, 7]);
    // The stretched operands themselves, as the seed spells them out.
    check(
        &a.broadcast_to(&[2, 2, 2]).unwrap(),
        &[2, 2, 2],
        &[1, 1, 2, 2, 3, 3, 4, 4],
    );
    check(
        &b.broadcast_to(&[2, 2, 2]).unwrap(),
        &[2, 2, 2],
        &[1, 2, 2, 3, 1, 2, 2, 3],
    );
    check(
        &t(&[1, 2], &[1, 2]).broadcast_to(&[2, 2]).unwrap(),
        &[2, 2],
        &[1, 2, 1, 2],
    );
    check(
        &t(&[1, 2], &[2, 1]).broadcast_to(&[2, 2]).unwrap(),
        &[2, 2],
        &[1, 1, 2, 2],
    );
}

#[test]
fn seed001_practical_example_standardisation() {
    // (value - mean) / std with the printed value, mean and std; the printed
    // result is rounded to 4 decimals, so compare within 2e-4.
    #[rustfmt::skip]
    let value = vec![
        12.8460, 11.6038, 8.2267, 13.3707, 13.0595, 9.3532, 10.6257, 10.8800, 5.5372,
        102.3054, 98.2987, 89.9491, 103.9013, 98.5896, 98.1971, 106.4493, 98.1544, 96.3743,
        501.0322, 499.2918, 504.5105, 496.8454, 498.7290, 499.3281, 499.4231, 504.0831, 499.4671,
        997.9377, 1001.2782, 1005.9980, 999.5461, 1001.3517, 997.5663, 1003.1572, 999.6476, 1001.6178,
    ];
    #[rustfmt::skip]
    let expected = [
        0.8708, 0.3867, -0.9293, 1.0753, 0.9540, -0.4904, 0.0056, 0.1047, -1.9775,
        0.6662, -0.1759, -1.9307, 1.0016, -0.1147, -0.1972, 1.5372, -0.2062, -0.5803,
        0.2912, -0.4021, 1.6770, -1.3768, -0.6263, -0.3877, -0.3498, 1.5068, -0.3323,
        -1.1274, 0.1439, 1.9401, -0.5153, 0.1719, -1.2687, 0.8590, -0.4767, 0.2731,
    ];
    let value = DynTensor::<f64>::from_vec(value, &[4, 3, 3]).unwrap();
    let mean = DynTensor::<f64>::from_vec(vec![10.6114, 99.1355, 500.3011, 1000.9001], &[4, 1, 1])
        .unwrap();
    let std = DynTensor::<f64>::from_vec(vec![2.5660, 4.7580, 2.5100, 2.6277], &[4, 1, 1]).unwrap();
    let out = (&value - &mean) / &std;
    assert_eq!(out.shape(), &[4, 3, 3]);
    for (i, (got, want)) in out.to_vec().iter().zip(expected).enumerate() {
        assert!(
            (got - want).abs() < 2e-4,
            "element {i}: got {got}, want {want}"
        );
    }
    let out2 = value.try_sub(&mean).unwrap().try_div(&std).unwrap();
    assert_eq!(out2, out);
    let mut out3 = value.clone();
    out3 -= &mean;
    out3 /= &std;
    assert_eq!(out3, out);
}

// ---------------------------------------------------------------------------
// The rules chapter's section 1 table and seed 004: more shapes and the rightmost rule
// ---------------------------------------------------------------------------

#[test]
fn semantics_table() {
    let ok: [(&[usize], &[usize], &[usize]); 7] = [
        (&[4, 3], &[1, 3], &[4, 3]),
        (&[5, 3, 4, 1], &[3, 1, 1], &[5, 3, 4, 1]),
        (&[5, 1, 4, 1], &[3, 1, 2], &[5, 3, 4, 2]),
        (&[1], &[3, 1, 7], &[3, 1, 7]),
        (&[4, 1], &[3], &[4, 3]),
        (&[2, 3, 4], &[2, 1, 1], &[2, 3, 4]),
        (&[1, 3, 2], &[2, 3, 1], &[2, 3, 2]),
    ];
    for (a, b, c) in ok {
        let (x, y) = (DynTensor::<u8>::zeros(a), DynTensor::<u8>::ones(b));
        let z = x.try_add(&y).unwrap();
        assert_eq!(z.shape(), c, "{a:?} + {b:?}");
        assert_eq!(z.numel(), c.iter().product::<usize>());
        assert!(z.to_vec().iter().all(|&v| v == 1));
        assert_eq!(y.try_add(&x).unwrap().shape(), c, "{b:?} + {a:?}");
    }
    // The seed-004 pair that broadcasts: (64, 32, 8, 5) with (32, 8, 1).
    let x = DynTensor::<u8>::zeros(&[64, 32, 8, 5]);
    let y = DynTensor::<u8>::ones(&[32, 8, 1]);
    assert_eq!(x.try_add(&y).unwrap().shape(), &[64, 32, 8, 5]);
}

#[test]
fn rightmost_mismatch_is_reported() {
    // Seed 004: (64, 32, 8, 5) with (64, 32, 8) mismatches at axes 1, 2 and 3.
    assert_broadcast_error(
        &DynTensor::zeros(&[64, 32, 8, 5]),
        &DynTensor::zeros(&[64, 32, 8]),
        3,
        "The size of tensor a (5) must match the size of tensor b (8) at non-singleton dimension 3",
    );
    // Mismatches at axes 0, 1 and 2.
    assert_broadcast_error(
        &ar(&[2, 3, 4]),
        &ar(&[3, 2, 5]),
        2,
        &broadcast_sentence(4, 5, 2),
    );
    // Mismatches at axes 0 and 1, none at 2.
    assert_broadcast_error(
        &ar(&[2, 3, 4]),
        &ar(&[3, 4, 4]),
        1,
        &broadcast_sentence(3, 4, 1),
    );
    // Ranks differ: the axis counts from the left of the padded result.
    assert_broadcast_error(
        &ar(&[7, 2, 3, 1]),
        &ar(&[3, 2, 5]),
        2,
        &broadcast_sentence(3, 2, 2),
    );
    assert_broadcast_error(
        &ar(&[3, 2, 5]),
        &ar(&[7, 2, 3, 1]),
        2,
        &broadcast_sentence(2, 3, 2),
    );
    // In place, the rightmost mismatch too: axes 0 (2 vs 3) and 1 (3 vs 2).
    assert_in_place_error(
        &ar(&[2, 3, 4]),
        &ar(&[3, 2, 4]),
        ShapeErrorKind::Expand,
        Some(1),
        &expand_sentence(3, 2, 1, "[2, 3, 4]", "[3, 2, 4]"),
    );
    // In place with fewer dimensions on the right: the axis is the target's.
    assert_in_place_error(
        &ar(&[5, 2, 3, 4]),
        &ar(&[3, 5]),
        ShapeErrorKind::Expand,
        Some(3),
        &expand_sentence(4, 5, 3, "[5, 2, 3, 4]", "[3, 5]"),
    );
}

#[test]
fn in_place_right_side_with_more_dimensions() {
    // PyTorch: "output with shape [3] doesn't match the broadcast shape [2, 3]".
    assert_in_place_error(
        &ar(&[3]),
        &ar(&[2, 3]),
        ShapeErrorKind::InPlaceRank,
        None,
        "output with shape [3] doesn't match the broadcast shape [2, 3]",
    );
    // Even when the extra dimensions are all 1 (the guide's rules chapter, section 2: rank(b) <= rank(a)).
    assert_in_place_error(
        &ar(&[3]),
        &ar(&[1, 3]),
        ShapeErrorKind::InPlaceRank,
        None,
        "output with shape [3] doesn't match the broadcast shape [1, 3]",
    );
    assert_in_place_error(
        &DynTensor::scalar(4),
        &ar(&[1]),
        ShapeErrorKind::InPlaceRank,
        None,
        "output with shape [] doesn't match the broadcast shape [1]",
    );
}

#[test]
fn in_place_all_operations() {
    let base = t(&[10, 20, 30, 40, 50, 60], &[2, 3]);
    let row = t(&[1, 2, 3], &[3]);
    let mut x = base.clone();
    x.try_add_assign(&row).unwrap();
    check(&x, &[2, 3], &[11, 22, 33, 41, 52, 63]);
    let mut x = base.clone();
    x.try_sub_assign(&row).unwrap();
    check(&x, &[2, 3], &[9, 18, 27, 39, 48, 57]);
    let mut x = base.clone();
    x.try_mul_assign(&row).unwrap();
    check(&x, &[2, 3], &[10, 40, 90, 40, 100, 180]);
    let mut x = base.clone();
    x.try_div_assign(&row).unwrap();
    check(&x, &[2, 3], &[10, 10, 10, 40, 25, 20]);
    let mut x = base.clone();
    x.try_rem_assign(&t(&[7, 9, 11], &[3])).unwrap();
    check(&x, &[2, 3], &[3, 2, 8, 5, 5, 5]);

    let col = t(&[3, 7], &[2, 1]);
    let mut x = base.clone();
    x += &col;
    check(&x, &[2, 3], &[13, 23, 33, 47, 57, 67]);
    x -= col.clone();
    assert_eq!(x, base);
    x *= &col;
    check(&x, &[2, 3], &[30, 60, 90, 280, 350, 420]);
    x /= &col;
    assert_eq!(x, base);
    x %= &col;
    check(&x, &[2, 3], &[1, 2, 0, 5, 1, 4]);
}

#[test]
fn binary_all_operations() {
    let a = t(&[10, 20, 30, 40, 50, 60], &[2, 3]);
    let col = t(&[3, 7], &[2, 1]);
    check(
        &a.try_add(&col).unwrap(),
        &[2, 3],
        &[13, 23, 33, 47, 57, 67],
    );
    check(&a.try_sub(&col).unwrap(), &[2, 3], &[7, 17, 27, 33, 43, 53]);
    check(
        &col.try_sub(&a).unwrap(),
        &[2, 3],
        &[-7, -17, -27, -33, -43, -53],
    );
    check(
        &a.try_mul(&col).unwrap(),
        &[2, 3],
        &[30, 60, 90, 280, 350, 420],
    );
    check(&a.try_div(&col).unwrap(), &[2, 3], &[3, 6, 10, 5, 7, 8]);
    check(&col.try_div(&a).unwrap(), &[2, 3], &[0, 0, 0, 0, 0, 0]);
    check(&a.try_rem(&col).unwrap(), &[2, 3], &[1, 2, 0, 5, 1, 4]);
    check(&(&a - &col), &[2, 3], &[7, 17, 27, 33, 43, 53]);
    check(
        &(a.clone() * col.clone()),
        &[2, 3],
        &[30, 60, 90, 280, 350, 420],
    );
    check(&(&a / col.clone()), &[2, 3], &[3, 6, 10, 5, 7, 8]);
    check(&(a.clone() % &col), &[2, 3], &[1, 2, 0, 5, 1, 4]);
}

#[test]
fn scalar_operators_both_sides() {
    let a = t(&[1, 2, 3, 4], &[2, 2]);
    check(&(&a + 10), &[2, 2], &[11, 12, 13, 14]);
    check(&(a.clone() + 10), &[2, 2], &[11, 12, 13, 14]);
    check(&(10 + &a), &[2, 2], &[11, 12, 13, 14]);
    check(&(10 + a.clone()), &[2, 2], &[11, 12, 13, 14]);
    check(&(&a - 1), &[2, 2], &[0, 1, 2, 3]);
    check(&(10 - &a), &[2, 2], &[9, 8, 7, 6]);
    check(&(&a * 3), &[2, 2], &[3, 6, 9, 12]);
    check(&(3 * &a), &[2, 2], &[3, 6, 9, 12]);
    check(&(&a / 2), &[2, 2], &[0, 1, 1, 2]);
    check(&(12 / &a), &[2, 2], &[12, 6, 4, 3]);
    check(&(&a % 3), &[2, 2], &[1, 2, 0, 1]);
    check(&(7 % &a), &[2, 2], &[0, 1, 1, 3]);
    check(&(-&a), &[2, 2], &[-1, -2, -3, -4]);
    check(&(-a.clone()), &[2, 2], &[-1, -2, -3, -4]);

    let mut x = a.clone();
    x += 5;
    check(&x, &[2, 2], &[6, 7, 8, 9]);
    x -= 1;
    check(&x, &[2, 2], &[5, 6, 7, 8]);
    x *= 2;
    check(&x, &[2, 2], &[10, 12, 14, 16]);
    x /= 4;
    check(&x, &[2, 2], &[2, 3, 3, 4]);
    x %= 3;
    check(&x, &[2, 2], &[2, 0, 0, 1]);

    let f = DynTensor::<f64>::from_vec(vec![1.0, -2.5], &[2]).unwrap();
    assert_eq!((2.0 * &f).to_vec(), vec![2.0, -5.0]);
    assert_eq!((&f * 2.0).to_vec(), vec![2.0, -5.0]);
    assert_eq!((1.0 - &f).to_vec(), vec![0.0, 3.5]);
    assert_eq!((5.0 / &f).to_vec(), vec![5.0, -2.0]);
    assert_eq!((-f).to_vec(), vec![-1.0, 2.5]);

    // Scalars keep rank 0 and size 0.
    let s = DynTensor::scalar(7i64);
    check(&(&s * 2), &[], &[14]);
    check(&(2 - &s), &[], &[-5]);
    check(&(-&s), &[], &[-7]);
    let e = DynTensor::<i64>::zeros(&[3, 0]);
    check(&(&e + 1), &[3, 0], &[]);
    check(&(1 / &e), &[3, 0], &[]);
    check(&(-&e), &[3, 0], &[]);
}

// ---------------------------------------------------------------------------
// Rank 0 and size 0
// ---------------------------------------------------------------------------

#[test]
fn rank0_constructors_and_accessors() {
    let s = DynTensor::scalar(5i64);
    check(&s, &[], &[5]);
    assert_eq!(s.get(&[]), Some(&5));
    assert_eq!(s.get(&[0]), None);
    check(&DynTensor::<i64>::zeros(&[]), &[], &[0]);
    check(&DynTensor::<i64>::ones(&[]), &[], &[1]);
    check(&DynTensor::<i64>::full(&[], 9), &[], &[9]);
    check(&DynTensor::<i64>::try_zeros(&[]).unwrap(), &[], &[0]);
    check(&DynTensor::<i64>::try_full(&[], 3).unwrap(), &[], &[3]);
    check(&t(&[8], &[]), &[], &[8]);
    assert_eq!(DynTensor::from_vec(vec![8i64], &[]).unwrap(), s.clone() + 3);
    let e = DynTensor::<i64>::from_vec(vec![], &[]).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::Reshape { numel: 0 });
    assert_eq!(e.lhs(), &[] as &[usize]);
    let e = DynTensor::<i64>::from_vec(vec![1, 2], &[]).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::Reshape { numel: 2 });
}

/// Reshape errors whose requested shape is `[]` (rank 0) display like any
/// other: `shape '[]' is invalid for input of size N`.
#[test]
fn reshape_error_to_rank0_displays() {
    let e = DynTensor::<i64>::from_vec(vec![], &[]).unwrap_err();
    assert_eq!(first_line(&e), "shape '[]' is invalid for input of size 0");
    let e = DynTensor::<i64>::from_vec(vec![1, 2], &[]).unwrap_err();
    assert_eq!(first_line(&e), "shape '[]' is invalid for input of size 2");
    let e = DynTensor::<i64>::zeros(&[0]).reshape(&[]).unwrap_err();
    assert_eq!(first_line(&e), "shape '[]' is invalid for input of size 0");
    let e = ar(&[2, 3]).reshape(&[]).unwrap_err();
    assert_eq!(e.to_string(), "shape '[]' is invalid for input of size 6");
    let e = Tensor::<i64, shape![]>::from_slice(&[]).unwrap_err();
    assert_eq!(e.to_string(), "shape '[]' is invalid for input of size 0");
}

#[test]
fn rank0_binary_operations() {
    let s = DynTensor::scalar(10i64);
    let u = DynTensor::scalar(3i64);
    check(&s.try_add(&u).unwrap(), &[], &[13]);
    check(&s.try_sub(&u).unwrap(), &[], &[7]);
    check(&s.try_mul(&u).unwrap(), &[], &[30]);
    check(&s.try_div(&u).unwrap(), &[], &[3]);
    check(&s.try_rem(&u).unwrap(), &[], &[1]);
    // [] + [3, 4] is [3, 4] on either side.
    let m = ar(&[3, 4]);
    let plus10: Vec<i64> = (10..22).collect();
    assert_sum(&m, &s, &[3, 4], &plus10);
    let ten_minus: Vec<i64> = (0..12).map(|i| 10 - i).collect();
    check(&s.try_sub(&m).unwrap(), &[3, 4], &ten_minus);
    // [] with [1] and [1, 1] gives those shapes.
    assert_sum(&s, &t(&[1], &[1]), &[1], &[11]);
    assert_sum(&s, &t(&[2], &[1, 1]), &[1, 1], &[12]);
    // [] with size 0.
    assert_sum(&s, &DynTensor::zeros(&[0]), &[0], &[]);
    assert_sum(&s, &DynTensor::zeros(&[2, 0, 3]), &[2, 0, 3], &[]);
}

#[test]
fn rank0_in_place() {
    let mut s = DynTensor::scalar(10i64);
    s.try_add_assign(&DynTensor::scalar(5)).unwrap();
    check(&s, &[], &[15]);
    s *= &DynTensor::scalar(2);
    check(&s, &[], &[30]);
    // A scalar right side into any shape.
    let mut m = ar(&[2, 3]);
    m += &DynTensor::scalar(100);
    check(&m, &[2, 3], &[100, 101, 102, 103, 104, 105]);
    let mut e = DynTensor::<i64>::zeros(&[0, 4]);
    e.try_add_assign(&DynTensor::scalar(1)).unwrap();
    check(&e, &[0, 4], &[]);
    // A non-scalar right side into a scalar: error, scalar unchanged.
    assert_in_place_error(
        &DynTensor::scalar(1),
        &ar(&[2]),
        ShapeErrorKind::InPlaceRank,
        None,
        "output with shape [] doesn't match the broadcast shape [2]",
    );
}

#[test]
fn rank0_reshape_and_broadcast_to() {
    let s = DynTensor::scalar(4i64);
    check(&s.reshape(&[]).unwrap(), &[], &[4]);
    check(&s.reshape(&[1, 1, 1]).unwrap(), &[1, 1, 1], &[4]);
    check(&t(&[6], &[1, 1]).reshape(&[]).unwrap(), &[], &[6]);
    let e = s.reshape(&[0]).unwrap_err();
    assert_eq!(first_line(&e), "shape '[0]' is invalid for input of size 1");
    let e = s.reshape(&[2]).unwrap_err();
    assert_eq!(first_line(&e), "shape '[2]' is invalid for input of size 1");
    assert_eq!(e.kind(), ShapeErrorKind::Reshape { numel: 1 });

    check(&s.broadcast_to(&[]).unwrap(), &[], &[4]);
    check(&s.broadcast_to(&[2, 3]).unwrap(), &[2, 3], &[4; 6]);
    check(&s.broadcast_to(&[0]).unwrap(), &[0], &[]);
    check(&s.broadcast_to(&[3, 0, 2]).unwrap(), &[3, 0, 2], &[]);
    // broadcast_to may not drop dimensions.
    let e = ar(&[2]).broadcast_to(&[]).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::ExpandRank);
    assert_eq!(e.lhs(), &[] as &[usize]);
    assert_eq!(e.rhs(), &[2]);
    assert!(
        first_line(&e).contains("the number of sizes provided (0) must be greater or equal to the number of dimensions in the tensor (1)"),
        "{e}"
    );
}

#[test]
fn size0_binary_operations() {
    let z0 = DynTensor::<i64>::zeros(&[0]);
    // [0] + [1] is [0]; [1, 0] + [0, 1] is [0, 0] (the guide's rules chapter, section 1).
    assert_sum(&z0, &t(&[5], &[1]), &[0], &[]);
    assert_sum(
        &DynTensor::zeros(&[1, 0]),
        &DynTensor::zeros(&[0, 1]),
        &[0, 0],
        &[],
    );
    assert_sum(&z0, &z0, &[0], &[]);
    assert_sum(&DynTensor::zeros(&[0, 3]), &ar(&[3]), &[0, 3], &[]);
    assert_sum(
        &DynTensor::zeros(&[2, 0, 3]),
        &ar(&[1, 1, 1]),
        &[2, 0, 3],
        &[],
    );
    assert_sum(&DynTensor::zeros(&[4, 1, 0]), &ar(&[5, 1]), &[4, 5, 0], &[]);
    // Every operation, including / and % (no element to divide by zero).
    let a = DynTensor::<i64>::zeros(&[3, 0]);
    let b = DynTensor::<i64>::zeros(&[1, 0]);
    for r in [
        a.try_add(&b),
        a.try_sub(&b),
        a.try_mul(&b),
        a.try_div(&b),
        a.try_rem(&b),
    ] {
        check(&r.unwrap(), &[3, 0], &[]);
    }
    check(&(&a / &b), &[3, 0], &[]);
    check(&(&a % &b), &[3, 0], &[]);
    // 0 against any size > 1 is an error (0 vs 2).
    assert_broadcast_error(
        &z0,
        &DynTensor::zeros(&[2, 2]),
        1,
        &broadcast_sentence(0, 2, 1),
    );
    assert_broadcast_error(&ar(&[5]), &z0, 0, &broadcast_sentence(5, 0, 0));
    assert_broadcast_error(
        &DynTensor::zeros(&[0, 3]),
        &DynTensor::zeros(&[2, 3]),
        0,
        &broadcast_sentence(0, 2, 0),
    );
    // Seed 000: torch.ones(0,) + torch.ones(3, 4): 0 vs 4 at dimension 1.
    assert_broadcast_error(
        &DynTensor::ones(&[0]),
        &DynTensor::ones(&[3, 4]),
        1,
        &broadcast_sentence(0, 4, 1),
    );
}

#[test]
fn size0_in_place() {
    let mut e = DynTensor::<i64>::zeros(&[0, 3]);
    e.try_add_assign(&ar(&[3])).unwrap();
    check(&e, &[0, 3], &[]);
    e.try_mul_assign(&ar(&[1, 3])).unwrap();
    e.try_div_assign(&DynTensor::zeros(&[1])).unwrap();
    e.try_rem_assign(&DynTensor::zeros(&[0, 1])).unwrap();
    e += &DynTensor::zeros(&[0, 3]);
    check(&e, &[0, 3], &[]);
    let mut z = DynTensor::<i64>::zeros(&[0]);
    z.try_sub_assign(&DynTensor::zeros(&[0])).unwrap();
    z.try_sub_assign(&DynTensor::ones(&[1])).unwrap();
    check(&z, &[0], &[]);
    // A size-0 right side does not fit a size > 1, nor the other way round.
    assert_in_place_error(
        &ar(&[3]),
        &DynTensor::zeros(&[0]),
        ShapeErrorKind::Expand,
        Some(0),
        &expand_sentence(3, 0, 0, "[3]", "[0]"),
    );
    assert_in_place_error(
        &DynTensor::zeros(&[0]),
        &ar(&[2]),
        ShapeErrorKind::Expand,
        Some(0),
        &expand_sentence(0, 2, 0, "[0]", "[2]"),
    );
    // Nor a size-0 right side into a size-1 left side.
    assert_in_place_error(
        &ar(&[2, 1]),
        &DynTensor::zeros(&[2, 0]),
        ShapeErrorKind::Expand,
        Some(1),
        &expand_sentence(1, 0, 1, "[2, 1]", "[2, 0]"),
    );
}

#[test]
fn size0_reshape_broadcast_to_from_vec() {
    let e = DynTensor::<i64>::zeros(&[0]);
    check(&e.reshape(&[0, 5]).unwrap(), &[0, 5], &[]);
    check(&e.reshape(&[5, 0, 7]).unwrap(), &[5, 0, 7], &[]);
    // The size policy: a size above isize::MAX is refused, even empty.
    let imax = isize::MAX as usize;
    check(&e.reshape(&[imax, 0]).unwrap(), &[imax, 0], &[]);
    let err = e.reshape(&[usize::MAX, 0]).unwrap_err();
    assert_eq!(err.kind(), ShapeErrorKind::TooLarge);
    let err = e.reshape(&[1]).unwrap_err();
    assert_eq!(
        first_line(&err),
        "shape '[1]' is invalid for input of size 0"
    );
    let err = e.reshape(&[]).unwrap_err();
    assert_eq!(err.kind(), ShapeErrorKind::Reshape { numel: 0 });
    let err = ar(&[2, 3]).reshape(&[0, 6]).unwrap_err();
    assert_eq!(
        first_line(&err),
        "shape '[0, 6]' is invalid for input of size 6"
    );

    check(&e.broadcast_to(&[3, 0]).unwrap(), &[3, 0], &[]);
    check(&ar(&[1]).broadcast_to(&[0]).unwrap(), &[0], &[]);
    check(
        &ar(&[2, 1]).broadcast_to(&[4, 2, 0]).unwrap(),
        &[4, 2, 0],
        &[],
    );
    let err = e.broadcast_to(&[1]).unwrap_err();
    assert_eq!(err.kind(), ShapeErrorKind::Expand);
    assert_eq!(err.axis(), Some(0));
    assert_eq!(first_line(&err), expand_sentence(1, 0, 0, "[1]", "[0]"));
    let err = e.broadcast_to(&[3]).unwrap_err();
    assert_eq!(first_line(&err), expand_sentence(3, 0, 0, "[3]", "[0]"));

    check(&t(&[], &[0]), &[0], &[]);
    check(&t(&[], &[3, 0, 2]), &[3, 0, 2], &[]);
    check(&t(&[], &[0, 1 << 31, 1 << 31]), &[0, 1 << 31, 1 << 31], &[]);
    let err = DynTensor::from_vec(vec![1i64], &[0]).unwrap_err();
    assert_eq!(
        first_line(&err),
        "shape '[0]' is invalid for input of size 1"
    );
    assert_eq!(err.kind(), ShapeErrorKind::Reshape { numel: 1 });

    let z = DynTensor::<i64>::zeros(&[2, 0]);
    assert_eq!(z.numel(), 0);
    assert_eq!(z.rank(), 2);
    assert_eq!(z.get(&[0, 0]), None);
    assert!(z.to_vec().is_empty());
    check(&DynTensor::<i64>::arange(0), &[0], &[]);
    check(&DynTensor::<i64>::full(&[0, 2], 7), &[0, 2], &[]);
    check(
        &DynTensor::<i64>::try_full(&[4, 0], 7).unwrap(),
        &[4, 0],
        &[],
    );
}

// ---------------------------------------------------------------------------
// Huge shapes and high ranks
// ---------------------------------------------------------------------------

/// Asserts `r` is a `TooLarge` error about `shape`.
fn assert_too_large<T>(r: Result<T, ShapeError>, shape: &[usize]) {
    match r {
        Ok(_) => panic!("{shape:?}: expected a TooLarge error, got Ok"),
        Err(e) => {
            assert_eq!(e.kind(), ShapeErrorKind::TooLarge, "{shape:?}: {e}");
            assert_eq!(e.lhs(), shape);
        }
    }
}

#[test]
fn huge_shapes_are_errors_not_panics() {
    let half = isize::MAX as usize; // 2^63 - 1
    // Element counts overflowing usize, including ones whose wrapped product is 0.
    let overflowing: [&[usize]; 5] = [
        &[usize::MAX, 2],
        &[usize::MAX, usize::MAX],
        &[1 << 32, 1 << 32],
        &[1 << 63, 2],
        &[2, 3, 1 << 62, 5],
    ];
    for s in overflowing {
        assert_too_large(DynTensor::<u8>::try_zeros(s), s);
        assert_too_large(DynTensor::<i64>::try_full(s, 1), s);
        assert_too_large(DynTensor::<u8>::from_vec(vec![], s), s);
        assert_too_large(DynTensor::<u8>::from_vec(vec![1], s), s);
        assert_too_large(DynTensor::<u8>::zeros(&[0]).reshape(s), s);
        assert_too_large(DynTensor::<u8>::scalar(1).reshape(s), s);
        assert_too_large(DynTensor::<u8>::scalar(1).broadcast_to(s), s);
        assert_too_large(DynTensor::<u8>::ones(&[1, 1]).broadcast_to(s), s);
    }
    // Counts that fit in usize but whose bytes exceed isize::MAX.
    assert_too_large(DynTensor::<u8>::try_zeros(&[half + 1]), &[half + 1]);
    assert_too_large(DynTensor::<u8>::try_zeros(&[1 << 62, 2]), &[1 << 62, 2]);
    let n = half / 8 + 1; // 2^60 elements of 8 bytes = 2^63 bytes
    assert_too_large(DynTensor::<i64>::try_zeros(&[n]), &[n]);
    assert_too_large(DynTensor::<i64>::try_full(&[n], 3), &[n]);
    assert_too_large(DynTensor::<f64>::from_vec(vec![], &[n]), &[n]);
    assert_too_large(DynTensor::<i64>::scalar(0).broadcast_to(&[n]), &[n]);
    assert_too_large(DynTensor::<i64>::zeros(&[0]).reshape(&[n]), &[n]);
    assert_too_large(DynTensor::<i128>::try_zeros(&[1 << 59]), &[1 << 59]);
    assert_too_large(DynTensor::<u16>::try_zeros(&[1 << 62]), &[1 << 62]);
    // The Display names the shape.
    let e = DynTensor::<u8>::try_zeros(&[usize::MAX, 2]).unwrap_err();
    assert!(
        e.to_string().contains(&format!("{:?}", [usize::MAX, 2])),
        "{e}"
    );
    // The panicking constructors panic (not abort) with that message.
    let text = panic_text(|| DynTensor::<u8>::zeros(&[usize::MAX, 2]));
    assert_eq!(text, e.to_string());
}

#[test]
fn huge_but_empty_shapes_are_valid() {
    // Up to the size policy's limit: every size, and the product of the
    // nonzero sizes, at most isize::MAX.
    let s: &[usize] = &[isize::MAX as usize, 0];
    check(&DynTensor::<i64>::try_zeros(s).unwrap(), s, &[]);
    check(&DynTensor::<i64>::try_full(s, 1).unwrap(), s, &[]);
    check(&DynTensor::<i64>::zeros(s), s, &[]);
    check(&DynTensor::<i64>::from_vec(vec![], s).unwrap(), s, &[]);
    check(
        &DynTensor::<i64>::scalar(1).broadcast_to(s).unwrap(),
        s,
        &[],
    );
    check(
        &DynTensor::<i64>::zeros(&[1, 0]).broadcast_to(s).unwrap(),
        s,
        &[],
    );
    let big = DynTensor::<i64>::zeros(s);
    // Operations on it stay empty: with [1], [0] and [isize::MAX, 1].
    check(&big.try_add(&ar(&[1])).unwrap(), s, &[]);
    check(&big.try_add(&DynTensor::zeros(&[0])).unwrap(), s, &[]);
    let mut b2 = big.clone();
    b2 += &ar(&[1]);
    check(&b2, s, &[]);
    assert_broadcast_error(&big, &ar(&[2]), 1, &broadcast_sentence(0, 2, 1));
    assert_eq!(
        broadcast_shapes(&[s, &[1], &[isize::MAX as usize, 1]]).unwrap(),
        s
    );
}

#[test]
fn empty_shapes_past_the_size_policy_are_too_large() {
    // NumPy's rule: `Maximum allowed dimension exceeded`, even when empty.
    let too_large = |r: Result<DynTensor<i64>, ShapeError>| {
        assert_eq!(r.unwrap_err().kind(), ShapeErrorKind::TooLarge);
    };
    for s in [
        &[usize::MAX, 0][..],
        &[(isize::MAX as usize) + 1, 0],
        &[1 << 32, 0, 1 << 32],
    ] {
        too_large(DynTensor::try_zeros(s));
        too_large(DynTensor::try_full(s, 1));
        too_large(DynTensor::from_vec(vec![], s));
        too_large(DynTensor::zeros(&[0]).reshape(s));
        too_large(DynTensor::scalar(1).broadcast_to(s));
    }
    let text = panic_text(|| DynTensor::<u8>::zeros(&[usize::MAX, 0]));
    assert!(text.contains("is too large"), "{text}");
}

/// Two empty operands whose broadcast shape is empty: the result is an
/// empty tensor when the shape is within the size policy, else `TooLarge`
/// (never an overflow computing its element count).
#[test]
fn binary_result_with_huge_empty_shape() {
    let a = DynTensor::<i64>::zeros(&[1 << 31, 0]);
    let b = DynTensor::<i64>::zeros(&[1 << 31, 1, 0]);
    let want: &[usize] = &[1 << 31, 1 << 31, 0];
    assert_eq!(broadcast_shapes(&[a.shape(), b.shape()]).unwrap(), want);
    check(&a.try_mul(&b).unwrap(), want, &[]);
    check(&b.try_add(&a).unwrap(), want, &[]);
    check(&(&a - &b), want, &[]);
    let c = DynTensor::<u8>::zeros(&[1, 1 << 40, 2, 0]);
    let d = DynTensor::<u8>::zeros(&[1 << 40, 1, 1, 0]);
    assert_eq!(c.try_add(&d).unwrap_err().kind(), ShapeErrorKind::TooLarge);
}

#[test]
fn rank_above_64_is_an_error() {
    let r65 = [1usize; 65];
    let r64 = [1usize; 64];
    let check_rank = |r: Result<DynTensor<i64>, ShapeError>| {
        let e = r.expect_err("rank 65 must be an error");
        assert_eq!(e.kind(), ShapeErrorKind::RankTooLarge);
    };
    check_rank(DynTensor::try_zeros(&r65));
    check_rank(DynTensor::try_full(&r65, 1));
    check_rank(DynTensor::from_vec(vec![1], &r65));
    check_rank(DynTensor::scalar(1).reshape(&r65));
    check_rank(DynTensor::scalar(1).broadcast_to(&r65));
    let e = broadcast_shapes(&[&r65]).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::RankTooLarge);
    assert!(broadcast_shapes(&[&[2], &r65, &[1]]).is_err());
    // Size 0 does not make a rank-65 shape valid.
    let mut r65_empty = r65;
    r65_empty[10] = 0;
    check_rank(DynTensor::try_zeros(&r65_empty));
    check_rank(DynTensor::from_vec(vec![], &r65_empty));
    let text = panic_text(|| DynTensor::<i64>::zeros(&r65));
    assert_eq!(
        text,
        DynTensor::<i64>::try_zeros(&r65).unwrap_err().to_string()
    );

    // Rank 64 works, including operations on it.
    let a = DynTensor::from_vec(vec![5i64], &r64).unwrap();
    check(&a, &r64, &[5]);
    let mut s3 = r64.to_vec();
    s3[63] = 3;
    check(&a.try_add(&ar(&[3])).unwrap(), &s3, &[5, 6, 7]);
    check(&ar(&[3]).try_mul(&a).unwrap(), &s3, &[0, 5, 10]);
    check(
        &DynTensor::scalar(5).broadcast_to(&r64).unwrap(),
        &r64,
        &[5],
    );
    check(&DynTensor::scalar(5).reshape(&r64).unwrap(), &r64, &[5]);
    assert_eq!(broadcast_shapes(&[&r64, &[3]]).unwrap(), s3);
}

#[test]
fn high_rank_values() {
    // Rank 18 (beyond any small inline buffer): a[i, .., k] + b[.., j, 1].
    let mut sa = vec![1usize; 18];
    sa[0] = 2;
    sa[17] = 3;
    let mut sb = vec![1usize; 17];
    sb[15] = 4;
    let a = t(&[1, 2, 3, 4, 5, 6], &sa);
    let b = t(&[10, 20, 30, 40], &sb);
    let mut so = sa.clone();
    so[16] = 4;
    let mut want = Vec::new();
    for i in 0..2 {
        for j in 0..4 {
            for k in 0..3 {
                want.push((i * 3 + k + 1) as i64 + 10 * (j as i64 + 1));
            }
        }
    }
    assert_sum(&a, &b, &so, &want);
    // In place into the result's shape.
    let mut x = DynTensor::<i64>::zeros(&so);
    x += &a;
    x += &b;
    check(&x, &so, &want);
    // Reshape to rank 8 and back.
    let r8 = a.reshape(&[1, 2, 1, 1, 1, 3, 1, 1]).unwrap();
    check(&r8, &[1, 2, 1, 1, 1, 3, 1, 1], &[1, 2, 3, 4, 5, 6]);
    assert_eq!(r8.reshape(&sa).unwrap(), a);
}

#[test]
fn alternating_broadcast_at_ranks_around_buffer_sizes() {
    // a = [2, 1, 2, 1, ..] and b = [1, 2, 1, 2, ..] of rank r: no two adjacent
    // axes can be merged, so every axis is its own loop. The result has every
    // size 2; its element at bits (i_0 .. i_{r-1}) is a[even bits] + b[odd bits].
    for r in [6usize, 7, 15, 16, 17] {
        let sa: Vec<usize> = (0..r).map(|k| if k % 2 == 0 { 2 } else { 1 }).collect();
        let sb: Vec<usize> = (0..r).map(|k| if k % 2 == 1 { 2 } else { 1 }).collect();
        let na: usize = sa.iter().product();
        let nb: usize = sb.iter().product();
        let a = DynTensor::from_vec((0..na as i64).collect(), &sa).unwrap();
        let b = DynTensor::from_vec((0..nb as i64).map(|x| 1000 * x).collect(), &sb).unwrap();
        let mut want = Vec::with_capacity(1 << r);
        for flat in 0..(1usize << r) {
            let (mut ia, mut ib) = (0i64, 0i64);
            for k in 0..r {
                let bit = ((flat >> (r - 1 - k)) & 1) as i64;
                if k % 2 == 0 {
                    ia = ia * 2 + bit;
                } else {
                    ib = ib * 2 + bit;
                }
            }
            want.push(ia + 1000 * ib);
        }
        let so = vec![2usize; r];
        let c = a.try_add(&b).unwrap();
        assert_eq!(c.shape(), &so[..], "rank {r}");
        assert_eq!(c.to_vec(), want, "rank {r}");
        assert_eq!((&b + &a).to_vec(), want, "rank {r}");
        let mut x = a.broadcast_to(&so).unwrap();
        x += &b;
        assert_eq!(x.to_vec(), want, "rank {r}");
        let mut y = DynTensor::<i64>::zeros(&so);
        y.try_add_assign(&b).unwrap();
        y.try_add_assign(&a).unwrap();
        assert_eq!(y.to_vec(), want, "rank {r}");
    }
}

// ---------------------------------------------------------------------------
// broadcast_to
// ---------------------------------------------------------------------------

#[test]
fn broadcast_to_values_and_errors() {
    let col = t(&[1, 2, 3], &[3, 1]);
    let e = col.broadcast_to(&[2, 3, 4]).unwrap();
    #[rustfmt::skip]
    check(&e, &[2, 3, 4], &[
        1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
        1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
    ]);
    check(&col.broadcast_to(&[3, 1]).unwrap(), &[3, 1], &[1, 2, 3]);
    // The tensor's size must be 1 or equal to the target's (rightmost mismatch).
    let err = col.broadcast_to(&[2, 4, 4]).unwrap_err();
    assert_eq!(err.kind(), ShapeErrorKind::Expand);
    assert_eq!(err.axis(), Some(1));
    assert_eq!(err.lhs(), &[2, 4, 4]);
    assert_eq!(err.rhs(), &[3, 1]);
    assert_eq!(
        first_line(&err),
        expand_sentence(4, 3, 1, "[2, 4, 4]", "[3, 1]")
    );
    let err = ar(&[2, 3]).broadcast_to(&[3, 2]).unwrap_err();
    assert_eq!(err.axis(), Some(1));
    assert_eq!(
        first_line(&err),
        expand_sentence(2, 3, 1, "[3, 2]", "[2, 3]")
    );
    // Fewer target dimensions than the tensor has.
    let err = col.broadcast_to(&[3]).unwrap_err();
    assert_eq!(err.kind(), ShapeErrorKind::ExpandRank);
    assert!(
        first_line(&err).contains("the number of sizes provided (1) must be greater or equal to the number of dimensions in the tensor (2)"),
        "{err}"
    );
    // The source is not modified.
    check(&col, &[3, 1], &[1, 2, 3]);
}

// ---------------------------------------------------------------------------
// broadcast_shapes
// ---------------------------------------------------------------------------

#[test]
fn broadcast_shapes_several() {
    assert_eq!(broadcast_shapes(&[]).unwrap(), Vec::<usize>::new());
    assert_eq!(broadcast_shapes(&[&[3, 4]]).unwrap(), vec![3, 4]);
    assert_eq!(broadcast_shapes(&[&[]]).unwrap(), Vec::<usize>::new());
    assert_eq!(broadcast_shapes(&[&[], &[]]).unwrap(), Vec::<usize>::new());
    assert_eq!(broadcast_shapes(&[&[], &[3]]).unwrap(), vec![3]);
    assert_eq!(
        broadcast_shapes(&[&[8, 1, 6, 1], &[7, 1, 5], &[1]]).unwrap(),
        vec![8, 7, 6, 5]
    );
    assert_eq!(
        broadcast_shapes(&[&[], &[1], &[2, 1], &[3, 1, 1]]).unwrap(),
        vec![3, 2, 1]
    );
    assert_eq!(
        broadcast_shapes(&[&[5, 1, 1], &[1, 4, 1], &[1, 1, 3], &[3]]).unwrap(),
        vec![5, 4, 3]
    );
    // Size 0.
    assert_eq!(
        broadcast_shapes(&[&[0], &[1], &[3, 1]]).unwrap(),
        vec![3, 0]
    );
    assert_eq!(
        broadcast_shapes(&[&[1, 0], &[0, 1], &[]]).unwrap(),
        vec![0, 0]
    );
    assert_eq!(broadcast_shapes(&[&[0], &[0], &[0]]).unwrap(), vec![0]);
    // Errors.
    let e = broadcast_shapes(&[&[5, 2, 4, 1], &[3, 1, 1]]).unwrap_err();
    assert_eq!(
        first_line(&e),
        "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1"
    );
    assert_eq!(e.kind(), ShapeErrorKind::Broadcast);
    assert_eq!(e.axis(), Some(1));
    let e = broadcast_shapes(&[&[4, 3], &[4]]).unwrap_err();
    assert_eq!(first_line(&e), broadcast_sentence(3, 4, 1));
    let e = broadcast_shapes(&[&[0], &[2]]).unwrap_err();
    assert_eq!(first_line(&e), broadcast_sentence(0, 2, 0));
    // The third shape conflicts with the first two's result.
    let e = broadcast_shapes(&[&[2, 1], &[1, 3], &[4]]).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::Broadcast);
    let e = broadcast_shapes(&[&[2], &[1], &[], &[3]]).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::Broadcast);
    assert!(broadcast_shapes(&[&[3], &[3], &[0]]).is_err());
}

#[test]
fn broadcast_shapes_is_associative_and_symmetric() {
    type S = &'static [usize];
    let triples: [(S, S, S, Option<S>); 10] = [
        (&[8, 1, 6, 1], &[7, 1, 5], &[1], Some(&[8, 7, 6, 5])),
        (&[5, 1, 4, 1], &[3, 1, 1], &[2], Some(&[5, 3, 4, 2])),
        (&[], &[4, 1], &[3], Some(&[4, 3])),
        (&[1, 0], &[0, 1], &[2, 1, 1], Some(&[2, 0, 0])),
        (&[2, 1], &[1, 3], &[4], None),
        (&[2, 1], &[1, 3], &[3], Some(&[2, 3])),
        (&[1], &[1, 1], &[], Some(&[1, 1])),
        (&[2], &[3], &[1], None),
        (&[6, 1, 1], &[1, 5, 1], &[1, 1, 4], Some(&[6, 5, 4])),
        (&[0, 3], &[2, 3], &[3], None),
    ];
    for (a, b, c, want) in triples {
        let all = broadcast_shapes(&[a, b, c]);
        let left = broadcast_shapes(&[a, b]).and_then(|ab| broadcast_shapes(&[&ab, c]));
        let right = broadcast_shapes(&[b, c]).and_then(|bc| broadcast_shapes(&[a, &bc]));
        let perms: [[S; 3]; 5] = [[a, c, b], [b, a, c], [b, c, a], [c, a, b], [c, b, a]];
        match want {
            Some(w) => {
                assert_eq!(all.as_deref().unwrap(), w, "{a:?} {b:?} {c:?}");
                assert_eq!(left.as_deref().unwrap(), w, "(({a:?} {b:?}) {c:?})");
                assert_eq!(right.as_deref().unwrap(), w, "({a:?} ({b:?} {c:?}))");
                for p in perms {
                    assert_eq!(broadcast_shapes(&p).unwrap(), w, "{p:?}");
                }
                // The tensors agree: ((x + y) + z) has that shape.
                let (x, y, z) = (ar(a), ar(b), ar(c));
                assert_eq!((&(&x + &y) + &z).shape(), w);
                assert_eq!((&x + &(&y + &z)).shape(), w);
            }
            None => {
                assert!(all.is_err(), "{a:?} {b:?} {c:?}");
                assert!(left.is_err(), "(({a:?} {b:?}) {c:?})");
                assert!(right.is_err(), "({a:?} ({b:?} {c:?}))");
                for p in perms {
                    assert!(broadcast_shapes(&p).is_err(), "{p:?}");
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The legacy broadcast hook (the guide's rules chapter, section 4)
// ---------------------------------------------------------------------------

/// Serialises the tests that set the global hook.
static HOOK_LOCK: Mutex<()> = Mutex::new(());

type Seen = (Vec<usize>, Vec<usize>, Vec<usize>, String);

thread_local! {
    /// What the hook saw on this thread (tests run on their own threads, so
    /// broadcasts made concurrently by other tests land elsewhere).
    static SEEN: RefCell<Vec<Seen>> = const { RefCell::new(Vec::new()) };
}

fn record(w: &legacy::LegacyBroadcast<'_>) {
    SEEN.with(|s| {
        s.borrow_mut()
            .push((w.a.to_vec(), w.b.to_vec(), w.result.to_vec(), w.to_string()))
    });
}

fn take_seen() -> Vec<Seen> {
    SEEN.with(|s| std::mem::take(&mut *s.borrow_mut()))
}

/// Holds the lock and removes the hook when dropped (also on a failed assert).
struct HookGuard {
    _lock: std::sync::MutexGuard<'static, ()>,
}

impl HookGuard {
    fn new() -> Self {
        let g = HOOK_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        take_seen();
        HookGuard { _lock: g }
    }
}

impl Drop for HookGuard {
    fn drop(&mut self) {
        legacy::set_hook(None);
    }
}

fn ones(shape: &[usize]) -> DynTensor<f32> {
    DynTensor::ones(shape)
}

#[test]
fn legacy_hook_off_by_default_and_after_reset() {
    let _g = HookGuard::new();
    // No hook: the broadcast happens, nothing is reported.
    let z = ones(&[4, 1]) + ones(&[4]);
    assert_eq!(z.shape(), &[4, 4]);
    assert!(take_seen().is_empty());
    // With the hook: reported once.
    legacy::set_hook(Some(record));
    let _ = ones(&[4, 1]) + ones(&[4]);
    assert_eq!(take_seen().len(), 1);
    // Removed again: not reported, and the result is unchanged.
    legacy::set_hook(None);
    let z = ones(&[4, 1]) + ones(&[4]);
    assert_eq!(z.shape(), &[4, 4]);
    assert!(z.to_vec().iter().all(|&v| v == 2.0));
    assert!(take_seen().is_empty());
}

#[test]
fn legacy_hook_reports_same_count_broadcasts() {
    let _g = HookGuard::new();
    legacy::set_hook(Some(record));
    // torch.add(torch.ones(4,1), torch.ones(4)) -> [4, 4]
    let z = ones(&[4, 1]) + ones(&[4]);
    assert_eq!(z.shape(), &[4, 4]);
    let seen = take_seen();
    assert_eq!(seen.len(), 1);
    let (a, b, r, text) = &seen[0];
    assert_eq!(a, &[4, 1]);
    assert_eq!(b, &[4]);
    assert_eq!(r, &[4, 4]);
    assert!(
        text.starts_with(
            "self and other do not have the same shape, but are broadcastable, and have the same number of elements."
        ),
        "{text}"
    );
    assert!(text.contains("Changing behavior in a backwards incompatible manner to broadcasting rather than viewing as 1-dimensional."), "{text}");

    // Every operation and form reports, with the operands in order.
    let (x, y) = (ones(&[4, 1]), ones(&[4]));
    let _ = x.try_add(&y).unwrap();
    let _ = x.try_sub(&y).unwrap();
    let _ = x.try_mul(&y).unwrap();
    let _ = x.try_div(&y).unwrap();
    let _ = x.try_rem(&y).unwrap();
    let _ = &x * &y;
    let _ = x.clone() - y.clone();
    let seen = take_seen();
    assert_eq!(seen.len(), 7);
    for (a, b, r, _) in &seen {
        assert_eq!(
            (a.as_slice(), b.as_slice(), r.as_slice()),
            (&[4, 1][..], &[4][..], &[4, 4][..])
        );
    }
    let _ = &y + &x;
    let seen = take_seen();
    assert_eq!(seen.len(), 1);
    assert_eq!(
        (
            seen[0].0.as_slice(),
            seen[0].1.as_slice(),
            seen[0].2.as_slice()
        ),
        (&[4][..], &[4, 1][..], &[4, 4][..])
    );

    // Other same-count pairs whose result is larger.
    let _ = ones(&[2, 3, 1]) + ones(&[1, 6]);
    let _ = ones(&[1, 4]) + ones(&[4, 1]);
    let seen = take_seen();
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[0].2, vec![2, 3, 6]);
    assert_eq!(seen[1].2, vec![4, 4]);

    // A static operand with a runtime one.
    let s = Tensor::<f32, shape![4, 1]>::ones();
    let _ = s + &ones(&[4]);
    let _ = &ones(&[4]) + &s;
    let seen = take_seen();
    assert_eq!(seen.len(), 2);
    assert_eq!(
        (seen[0].0.as_slice(), seen[0].1.as_slice()),
        (&[4, 1][..], &[4][..])
    );
    assert_eq!(
        (seen[1].0.as_slice(), seen[1].1.as_slice()),
        (&[4][..], &[4, 1][..])
    );
}

#[test]
fn legacy_hook_ignores_other_broadcasts() {
    let _g = HookGuard::new();
    legacy::set_hook(Some(record));
    // Same shapes.
    let _ = ones(&[4, 1]) + ones(&[4, 1]);
    let _ = ones(&[]) + ones(&[]);
    // Different element counts.
    let _ = ones(&[4, 1]) + ones(&[3]);
    let _ = ones(&[2, 3]) + ones(&[3]);
    let _ = ones(&[4, 1]) + ones(&[]);
    // Same count but the result is not larger ([1, 4] + [4] is [1, 4]).
    let _ = ones(&[1, 4]) + ones(&[4]);
    let _ = ones(&[1]) + ones(&[]);
    let _ = ones(&[0, 1]) + ones(&[1, 0]);
    // A failed broadcast with the same count.
    assert!(ones(&[2, 3]).try_add(&ones(&[3, 2])).is_err());
    // In-place operations and broadcast_to never grow a tensor.
    let mut x = ones(&[4, 4]);
    x += &ones(&[4]);
    x.try_add_assign(&ones(&[4, 1])).unwrap();
    let _ = ones(&[4]).broadcast_to(&[4, 4]).unwrap();
    // Scalars.
    let _ = ones(&[4, 1]) * 2.0;
    assert!(take_seen().is_empty());
}

#[test]
fn legacy_hook_with_huge_empty_shapes() {
    // Same element count (0), different shapes, result not larger (0): no
    // report, and no overflow computing the result's element count.
    let _g = HookGuard::new();
    legacy::set_hook(Some(record));
    let a = DynTensor::<i64>::zeros(&[1 << 31, 0]);
    let b = DynTensor::<i64>::zeros(&[1 << 31, 1, 0]);
    let r = catch_unwind(AssertUnwindSafe(|| a.try_add(&b)));
    legacy::set_hook(None);
    let c = r.expect("broadcasting two empty tensors panicked").unwrap();
    assert_eq!(c.shape(), &[1 << 31, 1 << 31, 0]);
    assert!(take_seen().is_empty());
}

// ---------------------------------------------------------------------------
// Static and runtime shapes together
// ---------------------------------------------------------------------------

#[test]
fn into_dyn_and_try_from() {
    let d = Tensor::<i64, shape![2, 3]>::arange().into_dyn();
    check(&d, &[2, 3], &[0, 1, 2, 3, 4, 5]);
    check(&Tensor::<i64, shape![]>::full(7).into_dyn(), &[], &[7]);
    check(
        &Tensor::<i64, shape![0, 3]>::zeros().into_dyn(),
        &[0, 3],
        &[],
    );
    check(
        &Tensor::<i64, shape![3, 0]>::zeros().into_dyn(),
        &[3, 0],
        &[],
    );
    check(
        &Tensor::<i64, shape![1, 2, 1, 2, 1, 2, 1, 2]>::arange().into_dyn(),
        &[1, 2, 1, 2, 1, 2, 1, 2],
        &(0..16).collect::<Vec<_>>(),
    );
    let big = Tensor::<u8, shape![70, 70]>::ones().into_dyn();
    assert_eq!(big.shape(), &[70, 70]);
    assert!(big.to_vec().iter().all(|&v| v == 1));
    let from: DynTensor<i64> = Tensor::<i64, shape![2]>::arange().into();
    check(&from, &[2], &[0, 1]);

    // Back to static: the shape must match exactly.
    let s = Tensor::<i64, shape![2, 3]>::try_from(d.clone()).unwrap();
    assert_eq!(s.as_slice(), &[0, 1, 2, 3, 4, 5]);
    let s0 = Tensor::<i64, shape![]>::try_from(DynTensor::scalar(9)).unwrap();
    assert_eq!(s0.as_slice(), &[9]);
    let se = Tensor::<i64, shape![0, 3]>::try_from(DynTensor::zeros(&[0, 3])).unwrap();
    assert_eq!(se.numel(), 0);

    let e = Tensor::<i64, shape![3, 2]>::try_from(d.clone()).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::Mismatch);
    assert_eq!(e.lhs(), &[3, 2]);
    assert_eq!(e.rhs(), &[2, 3]);
    assert!(
        e.to_string().contains("[3, 2]") && e.to_string().contains("[2, 3]"),
        "{e}"
    );
    let e = Tensor::<i64, shape![6]>::try_from(d.clone()).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::Mismatch);
    let e = Tensor::<i64, shape![2, 3, 1]>::try_from(d).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::Mismatch);
    assert!(Tensor::<i64, shape![]>::try_from(t(&[1], &[1])).is_err());
    assert!(Tensor::<i64, shape![1]>::try_from(DynTensor::scalar(1)).is_err());
    assert!(Tensor::<i64, shape![0, 3]>::try_from(DynTensor::zeros(&[3, 0])).is_err());
    assert!(Tensor::<i64, shape![2, 2]>::try_from(DynTensor::zeros(&[4])).is_err());
}

#[test]
fn static_with_dyn_operators() {
    // [2, 3] (static) with [2, 1] (runtime).
    let s = Tensor::<i64, shape![2, 3]>::from_slice(&[10, 20, 30, 40, 50, 60]).unwrap();
    let d = t(&[3, 7], &[2, 1]);
    let sum = [13, 23, 33, 47, 57, 67];
    let c: DynTensor<i64> = s + &d;
    check(&c, &[2, 3], &sum);
    check(&(s + d.clone()), &[2, 3], &sum);
    check(&(&s + &d), &[2, 3], &sum);
    check(&(&s + d.clone()), &[2, 3], &sum);
    check(&(&d + &s), &[2, 3], &sum);
    check(&(d.clone() + s), &[2, 3], &sum);
    check(&(&d + s), &[2, 3], &sum);
    check(&(d.clone() + &s), &[2, 3], &sum);
    check(&(&s - &d), &[2, 3], &[7, 17, 27, 33, 43, 53]);
    check(&(&d - &s), &[2, 3], &[-7, -17, -27, -33, -43, -53]);
    check(&(&s * &d), &[2, 3], &[30, 60, 90, 280, 350, 420]);
    check(&(&s / &d), &[2, 3], &[3, 6, 10, 5, 7, 8]);
    check(&(&s % &d), &[2, 3], &[1, 2, 0, 5, 1, 4]);
    check(&(&d / &s), &[2, 3], &[0, 0, 0, 0, 0, 0]);
    check(&(&d % &s), &[2, 3], &[3, 3, 3, 7, 7, 7]);

    // A result larger than either operand: [3, 1] static with [4] runtime.
    let col = Tensor::<i64, shape![3, 1]>::from_slice(&[0, 10, 20]).unwrap();
    let row = t(&[1, 2, 3, 4], &[4]);
    #[rustfmt::skip]
    let want = [1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 23, 24];
    check(&(&col + &row), &[3, 4], &want);
    check(&(&row + &col), &[3, 4], &want);
    // Rank 0 and size 0 across the boundary.
    let s0 = Tensor::<i64, shape![]>::full(5);
    check(&(&s0 + &row), &[4], &[6, 7, 8, 9]);
    check(&(&row * &s0), &[4], &[5, 10, 15, 20]);
    let e0 = Tensor::<i64, shape![0, 1]>::zeros();
    check(&(&e0 + &row), &[0, 4], &[]);
    check(&(&row - &e0), &[0, 4], &[]);

    // The static result agrees with the mixed result.
    let srow = Tensor::<i64, shape![4]>::from_slice(&[1, 2, 3, 4]).unwrap();
    assert_eq!((col + srow).to_vec(), (&col + &row).to_vec());
}

#[test]
fn static_with_dyn_mismatch_panics() {
    let s = Tensor::<i64, shape![2, 3]>::arange();
    let d = ar(&[2]);
    for text in [
        panic_text(|| &s + &d),
        panic_text(|| s + d.clone()),
        panic_text(|| &s - &d),
        panic_text(|| &s * d.clone()),
        panic_text(|| &s / &d),
        panic_text(|| &s % &d),
    ] {
        assert_eq!(first_line_of(&text), broadcast_sentence(3, 2, 1));
        assert_eq!(text, s.into_dyn().try_add(&d).unwrap_err().to_string());
    }
    for text in [
        panic_text(|| &d + &s),
        panic_text(|| d.clone() + s),
        panic_text(|| &d - s),
    ] {
        assert_eq!(first_line_of(&text), broadcast_sentence(2, 3, 1));
    }
}

#[test]
fn dyn_assign_static() {
    let row = Tensor::<i64, shape![3]>::from_slice(&[1, 2, 3]).unwrap();
    let mut d = t(&[10, 20, 30, 40, 50, 60], &[2, 3]);
    d += &row;
    check(&d, &[2, 3], &[11, 22, 33, 41, 52, 63]);
    d -= row;
    check(&d, &[2, 3], &[10, 20, 30, 40, 50, 60]);
    d *= &row;
    check(&d, &[2, 3], &[10, 40, 90, 40, 100, 180]);
    d /= &row;
    check(&d, &[2, 3], &[10, 20, 30, 40, 50, 60]);
    d %= &Tensor::<i64, shape![2, 1]>::from_slice(&[7, 9]).unwrap();
    check(&d, &[2, 3], &[3, 6, 2, 4, 5, 6]);
    let mut s0 = DynTensor::scalar(3i64);
    s0 += &Tensor::<i64, shape![]>::full(4);
    check(&s0, &[], &[7]);

    // Mismatch: panics with the in-place message and leaves d unchanged.
    let before = d.clone();
    let big = Tensor::<i64, shape![4, 1, 3]>::zeros();
    let text = panic_text(|| d += &big);
    assert_eq!(
        first_line_of(&text),
        "output with shape [2, 3] doesn't match the broadcast shape [4, 2, 3]"
    );
    assert_eq!(d, before);
    let text = panic_text(|| d += &Tensor::<i64, shape![2]>::zeros());
    assert_eq!(
        first_line_of(&text),
        expand_sentence(3, 2, 1, "[2, 3]", "[2]")
    );
    assert_eq!(d, before);
    let text = panic_text(|| d *= Tensor::<i64, shape![3, 3]>::zeros());
    assert_eq!(
        first_line_of(&text),
        expand_sentence(2, 3, 0, "[2, 3]", "[3, 3]")
    );
    assert_eq!(d, before);
}

#[test]
fn static_assign_dyn() {
    let mut s = Tensor::<i64, shape![2, 3]>::from_slice(&[10, 20, 30, 40, 50, 60]).unwrap();
    s += &t(&[1, 2, 3], &[3]);
    assert_eq!(s.as_slice(), &[11, 22, 33, 41, 52, 63]);
    s -= t(&[1, 2, 3], &[3]);
    assert_eq!(s.as_slice(), &[10, 20, 30, 40, 50, 60]);
    s *= &t(&[2, 3], &[2, 1]);
    assert_eq!(s.as_slice(), &[20, 40, 60, 120, 150, 180]);
    s /= &DynTensor::scalar(10);
    assert_eq!(s.as_slice(), &[2, 4, 6, 12, 15, 18]);
    s %= &t(&[5, 7, 4], &[1, 3]);
    assert_eq!(s.as_slice(), &[2, 4, 2, 2, 1, 2]);
    let mut e = Tensor::<i64, shape![0, 3]>::zeros();
    e += &t(&[1, 2, 3], &[3]);
    assert_eq!(e.numel(), 0);

    // Mismatches panic with the in-place messages; s is unchanged.
    let before = s.to_vec();
    let text = panic_text(|| s += &ar(&[2]));
    assert_eq!(
        first_line_of(&text),
        "The expanded size of the tensor (3) must match the existing size (2) at non-singleton dimension 1.  Target sizes: [2, 3].  Tensor sizes: [2]"
    );
    assert_eq!(s.to_vec(), before);
    let text = panic_text(|| s -= ar(&[3, 3]));
    assert_eq!(
        first_line_of(&text),
        expand_sentence(2, 3, 0, "[2, 3]", "[3, 3]")
    );
    assert_eq!(s.to_vec(), before);
    let text = panic_text(|| s *= &ar(&[1, 2, 3]));
    assert_eq!(
        first_line_of(&text),
        "output with shape [2, 3] doesn't match the broadcast shape [1, 2, 3]"
    );
    assert_eq!(s.to_vec(), before);
    let text = panic_text(|| s %= &DynTensor::zeros(&[0]));
    assert_eq!(
        first_line_of(&text),
        expand_sentence(3, 0, 1, "[2, 3]", "[0]")
    );
    assert_eq!(s.to_vec(), before);
}

// ---------------------------------------------------------------------------
// Errors as values
// ---------------------------------------------------------------------------

#[test]
fn shape_error_is_a_std_error_with_data() {
    let e = ar(&[5, 2, 4, 1]).try_add(&ar(&[3, 1, 1])).unwrap_err();
    let as_dyn: &dyn std::error::Error = &e;
    assert!(as_dyn.source().is_none());
    assert_eq!(
        as_dyn.to_string().lines().next(),
        Some(
            "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1"
        )
    );
    // Equal errors compare equal, different ones do not.
    let e2 = broadcast_shapes(&[&[5, 2, 4, 1], &[3, 1, 1]]).unwrap_err();
    assert_eq!(e, e2);
    let e3 = ar(&[3, 1, 1]).try_add(&ar(&[5, 2, 4, 1])).unwrap_err();
    assert_ne!(e, e3);
    assert_eq!(e3.lhs(), &[3, 1, 1]);
    assert_eq!(e3.rhs(), &[5, 2, 4, 1]);
    assert_eq!(e3.axis(), Some(1));
    let cloned = e.clone();
    assert_eq!(cloned.kind(), e.kind());
}

#[test]
fn runtime_comparisons_take_plain_numbers() {
    // PyTorch's `t.gt(0.0)`: a number is a rank-0 operand.
    let t = DynTensor::from_vec(vec![-1.0, 0.0, 2.0, f64::NAN], &[2, 2]).unwrap();
    assert_eq!(t.gt(0.0).to_vec(), vec![false, false, true, false]);
    assert_eq!(t.le(0.0).to_vec(), vec![true, true, false, false]);
    assert_eq!(t.ne_elem(0.0).to_vec(), vec![true, false, true, true]);
    assert_eq!(t.try_ge(2.0).unwrap().shape(), &[2, 2]);
    // The same as comparing with a rank-0 tensor, and a tensor still works.
    let zero = DynTensor::scalar(0.0);
    assert_eq!(t.gt(0.0), t.try_gt(&zero).unwrap());
    let row = DynTensor::from_vec(vec![0.0, 1.0], &[2]).unwrap();
    assert_eq!(t.lt(&row).to_vec(), vec![true, true, false, false]);
    assert!(t.try_lt(&DynTensor::<f64>::zeros(&[3])).is_err());
    // Names are kept.
    let named = t.with_names([Some("r"), Some("c")]).unwrap();
    assert_eq!(named.gt(0.0).names(), vec![Some("r"), Some("c")]);
}
