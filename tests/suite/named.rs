//! Named dimensions at run time (the guide's rules chapter, section 5, seed 004).
//!
//! Expected values come from references written here: element formulas of
//! the indices, and a naive matcher that looks each dimension of `y` up by
//! name in `x`, one multi-index at a time. Neither shares code with the
//! crate's matching, permuting copy or kernel.

use proptest::prelude::*;
use shaped::broadcast_named_shapes;
use shaped::{DynTensor, ShapeError, ShapeErrorKind, Tensor, shape};

const H: Option<&str> = Some("H");
const W: Option<&str> = Some("W");
const U: Option<&str> = None;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// Row-major multi-index of the flat position `k` in `dims`.
fn unflatten(mut k: usize, dims: &[usize]) -> Vec<usize> {
    let mut idx = vec![0; dims.len()];
    for i in (0..dims.len()).rev() {
        idx[i] = k % dims[i];
        k /= dims[i];
    }
    idx
}

/// A tensor of `dims` whose element at a multi-index is `f(index)`.
fn from_fn(dims: &[usize], f: impl Fn(&[usize]) -> i64) -> DynTensor<i64> {
    let n: usize = dims.iter().product();
    let data = (0..n).map(|k| f(&unflatten(k, dims))).collect();
    DynTensor::from_vec(data, dims).unwrap()
}

fn named(t: DynTensor<i64>, names: &[Option<&str>]) -> DynTensor<i64> {
    t.with_names(names.iter().copied()).unwrap()
}

fn first_line(e: &ShapeError) -> String {
    e.to_string().lines().next().unwrap().to_string()
}

/// The seed's names.
fn img_names() -> [Option<&'static str>; 4] {
    [U, Some("CHANNEL"), H, W]
}
fn truth_names() -> [Option<&'static str>; 3] {
    [U, H, W]
}
fn prob_names() -> [Option<&'static str>; 4] {
    [U, Some("CLASS"), H, W]
}
fn pred_names() -> [Option<&'static str>; 6] {
    [U, Some("SCALE1"), Some("SCALE2"), Some("SCALE3"), H, W]
}

// ---------------------------------------------------------------------------
// The seed's tensors, shapes at their real sizes
// ---------------------------------------------------------------------------

#[test]
fn seed_img_plus_lbl_shape_real_size() {
    let r = broadcast_named_shapes(
        &[10, 3, 256, 384],
        &img_names(),
        &[10, 256, 384],
        &truth_names(),
    )
    .unwrap();
    assert_eq!(r.shape, vec![10, 3, 256, 384]);
    assert_eq!(r.names(), img_names());
    // Positionally the same shapes do not broadcast (3 vs 10 at axis 1).
    let e = broadcast_named_shapes(&[10, 3, 256, 384], &[], &[10, 256, 384], &[]).unwrap_err();
    assert!(matches!(e, ShapeError::Broadcast { axis: 1, .. }), "{e:?}");
}

#[test]
fn seed_lbl_shapes_real_size() {
    let truth: &[usize] = &[20, 512, 512];
    let prob: &[usize] = &[20, 3, 512, 512];
    let pred: &[usize] = &[20, 1, 17, 15, 512, 512];
    let r = broadcast_named_shapes(prob, &prob_names(), truth, &truth_names()).unwrap();
    assert_eq!(
        (r.shape.as_slice(), r.names()),
        (prob, prob_names().to_vec())
    );
    // The smaller operand on the left: x is b, the result still has x's order.
    let r = broadcast_named_shapes(truth, &truth_names(), prob, &prob_names()).unwrap();
    assert_eq!(
        (r.shape.as_slice(), r.names()),
        (prob, prob_names().to_vec())
    );
    let r = broadcast_named_shapes(pred, &pred_names(), truth, &truth_names()).unwrap();
    assert_eq!(
        (r.shape.as_slice(), r.names()),
        (pred, pred_names().to_vec())
    );

    let e = broadcast_named_shapes(pred, &pred_names(), prob, &prob_names()).unwrap_err();
    assert_eq!(
        first_line(&e),
        "dimension 'CLASS' of b has no match in a [?, SCALE1, SCALE2, SCALE3, H, W]"
    );
    match &e {
        ShapeError::NoMatch {
            name,
            of,
            within,
            names,
        } => {
            assert_eq!((name.as_str(), *of, *within), ("CLASS", "b", "a"));
            assert_eq!(names.len(), 6);
            assert_eq!(names[1].as_deref(), Some("SCALE1"));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(e.kind(), ShapeErrorKind::NoMatch);
    // Reversed, the larger tensor is b.
    let e = broadcast_named_shapes(prob, &prob_names(), pred, &pred_names()).unwrap_err();
    assert_eq!(
        first_line(&e),
        "dimension 'CLASS' of a has no match in b [?, SCALE1, SCALE2, SCALE3, H, W]"
    );
}

/// The seed's `img + lbl` on real tensors at their real sizes (u8: 2.9 MB).
#[test]
fn seed_img_plus_lbl_values_real_size() {
    // img[n, c, h, w] = c; lbl[n, h, w] = (its flat index) mod 250.
    let img_data: Vec<u8> = (0..10 * 3 * 256 * 384)
        .map(|k| ((k / (256 * 384)) % 3) as u8)
        .collect();
    let img = DynTensor::from_vec(img_data, &[10, 3, 256, 384])
        .unwrap()
        .with_names(img_names())
        .unwrap();
    let lbl_data: Vec<u8> = (0..10 * 256 * 384).map(|k| (k % 250) as u8).collect();
    let lbl = DynTensor::from_vec(lbl_data, &[10, 256, 384])
        .unwrap()
        .with_names(truth_names())
        .unwrap();
    let sum = img.try_add(&lbl).unwrap();
    assert_eq!(sum.shape(), &[10, 3, 256, 384]);
    assert_eq!(sum.names(), img_names());
    for &(n, c, h, w) in &[
        (0, 0, 0, 0),
        (9, 2, 255, 383),
        (4, 1, 100, 7),
        (7, 0, 3, 200),
    ] {
        let expected = ((n * 256 * 384 + h * 384 + w) % 250 + c) as u8;
        assert_eq!(sum.get(&[n, c, h, w]), Some(&expected), "{n} {c} {h} {w}");
    }
}

#[test]
fn seed_lbl_shapes_on_tensors() {
    // The tensors themselves at their real sizes would be 133M elements;
    // `broadcast_shape_with` needs only their shapes, so check it on small
    // stand-ins with the same names and the shape function above for sizes.
    let truth = DynTensor::<u8>::zeros(&[2, 4, 4])
        .with_names(truth_names())
        .unwrap();
    let prob = DynTensor::<u8>::zeros(&[2, 3, 4, 4])
        .with_names(prob_names())
        .unwrap();
    let pred = DynTensor::<u8>::zeros(&[2, 1, 3, 2, 4, 4])
        .with_names(pred_names())
        .unwrap();
    assert_eq!(
        prob.broadcast_shape_with(&truth).unwrap().shape,
        [2, 3, 4, 4]
    );
    assert_eq!(
        pred.broadcast_shape_with(&truth).unwrap().shape,
        [2, 1, 3, 2, 4, 4]
    );
    let e = pred.try_add(&prob).unwrap_err();
    assert_eq!(
        first_line(&e),
        "dimension 'CLASS' of b has no match in a [?, SCALE1, SCALE2, SCALE3, H, W]"
    );
}

// ---------------------------------------------------------------------------
// Values on scaled-down sizes
// ---------------------------------------------------------------------------

fn img_value(i: &[usize]) -> i64 {
    (1000 * i[0] + 100 * i[1] + 10 * i[2] + i[3]) as i64
}
fn lbl_value(i: &[usize]) -> i64 {
    (100_000 * (i[0] + 1) + 7 * i[1] + 3 * i[2]) as i64
}

#[test]
fn img_plus_lbl_values() {
    let img = named(from_fn(&[2, 3, 4, 5], img_value), &img_names());
    let lbl = named(from_fn(&[2, 4, 5], lbl_value), &truth_names());
    let sum = img.try_add(&lbl).unwrap();
    let expected = from_fn(&[2, 3, 4, 5], |i| {
        img_value(i) + lbl_value(&[i[0], i[2], i[3]])
    });
    assert_eq!(sum.names(), img_names());
    assert_eq!(sum.clone().drop_names(), expected);
    // The operators agree with the `try_` methods.
    assert_eq!(&img + &lbl, sum);
}

#[test]
fn operation_order_kept_when_right_side_is_larger() {
    let img = named(from_fn(&[2, 3, 4, 5], img_value), &img_names());
    let lbl = named(from_fn(&[2, 4, 5], lbl_value), &truth_names());
    let diff = lbl.try_sub(&img).unwrap();
    let expected = from_fn(&[2, 3, 4, 5], |i| {
        lbl_value(&[i[0], i[2], i[3]]) - img_value(i)
    });
    assert_eq!(diff.names(), img_names());
    assert_eq!(diff.drop_names(), expected);
    let q = (&lbl - &img).drop_names();
    assert_eq!(q, expected);
}

#[test]
fn lbl_prob_and_lbl_pred_plus_truth_values() {
    let truth = named(from_fn(&[2, 4, 5], lbl_value), &truth_names());
    let prob = named(from_fn(&[2, 3, 4, 5], img_value), &prob_names());
    let r = prob.try_mul(&truth).unwrap();
    let expected = from_fn(&[2, 3, 4, 5], |i| {
        img_value(i) * lbl_value(&[i[0], i[2], i[3]])
    });
    assert_eq!(r.drop_names(), expected);

    let pred_value = |i: &[usize]| (i.iter().fold(0, |acc, &x| acc * 10 + x)) as i64;
    let pred = named(from_fn(&[2, 1, 3, 2, 4, 5], pred_value), &pred_names());
    let r = pred.try_add(&truth).unwrap();
    assert_eq!(r.names(), pred_names());
    let expected = from_fn(&[2, 1, 3, 2, 4, 5], |i| {
        pred_value(i) + lbl_value(&[i[0], i[4], i[5]])
    });
    assert_eq!(r.drop_names(), expected);
}

#[test]
fn names_in_another_order_are_permuted() {
    let a = named(
        from_fn(&[4, 2], |i| (10 * i[0] + i[1]) as i64),
        &[Some("N"), Some("C")],
    );
    let b = named(
        from_fn(&[2, 4], |i| (1000 * i[0] + 100 * i[1]) as i64),
        &[Some("C"), Some("N")],
    );
    let r = a.try_add(&b).unwrap();
    assert_eq!(r.names(), [Some("N"), Some("C")]);
    let expected = from_fn(&[4, 2], |i| {
        (10 * i[0] + i[1] + 1000 * i[1] + 100 * i[0]) as i64
    });
    assert_eq!(r.drop_names(), expected);
    // Positionally these would broadcast [4, 2] with [2, 4]: an error.
    assert!(a.drop_names().try_add(&b.drop_names()).is_err());
}

#[test]
fn size_one_on_either_side_of_a_named_pair() {
    // x has H = 1, y has H = 3: the result takes 3.
    let x = named(from_fn(&[2, 1], |i| i[0] as i64), &[Some("N"), H]);
    let y = named(
        from_fn(&[3, 2], |i| (10 * i[0] + 100 * i[1]) as i64),
        &[H, Some("N")],
    );
    let r = x.try_add(&y).unwrap();
    assert_eq!(r.shape(), &[2, 3]);
    let expected = from_fn(&[2, 3], |i| (i[0] + 10 * i[1] + 100 * i[0]) as i64);
    assert_eq!(r.drop_names(), expected);
}

#[test]
fn unnamed_dims_match_right_aligned() {
    // x (?, ?, H) [2, 3, 4], y (H, ?) [4, 3]: y's unnamed goes to x's axis 1.
    let x = named(from_fn(&[2, 3, 4], |_| 0), &[U, U, H]);
    let y = named(from_fn(&[4, 3], |i| (10 * i[0] + i[1]) as i64), &[H, U]);
    let r = x.try_add(&y).unwrap();
    assert_eq!(r.shape(), &[2, 3, 4]);
    assert_eq!(r.names(), [U, U, H]);
    let expected = from_fn(&[2, 3, 4], |i| (10 * i[2] + i[1]) as i64);
    assert_eq!(r.drop_names(), expected);
}

// ---------------------------------------------------------------------------
// Errors that name the dimension
// ---------------------------------------------------------------------------

#[test]
fn size_mismatch_names_the_dimension_and_both_sizes() {
    let a = named(from_fn(&[2, 4, 5], |_| 0), &[U, H, W]);
    let b = named(from_fn(&[3], |_| 0), &[H]);
    let e = a.try_add(&b).unwrap_err();
    assert_eq!(
        first_line(&e),
        "The size of tensor a (4) must match the size of tensor b (3) at dimension 'H' (axis 1 of a, axis 0 of b)"
    );
    assert_eq!(e.axis(), Some(1));
    assert_eq!((e.lhs(), e.rhs()), (&[2, 4, 5][..], &[3][..]));
    assert!(e.to_string().contains("a: [2, 4, 5] named [?, H, W]"));
    // Swapped: b is the larger, the axes still say which is which.
    let e = b.try_add(&a).unwrap_err();
    assert_eq!(
        first_line(&e),
        "The size of tensor a (3) must match the size of tensor b (4) at dimension 'H' (axis 0 of a, axis 1 of b)"
    );
    // Two unnamed dimensions matched by position.
    let c = named(from_fn(&[7, 5], |_| 0), &[U, W]);
    let e = a.try_add(&c).unwrap_err();
    assert_eq!(
        first_line(&e),
        "The size of tensor a (2) must match the size of tensor b (7) at an unnamed dimension (axis 0 of a, axis 0 of b)"
    );
}

#[test]
fn rightmost_mismatch_reported() {
    let a = named(from_fn(&[2, 4, 5], |_| 0), &[U, H, W]);
    let b = named(from_fn(&[3, 6], |_| 0), &[H, W]);
    match a.try_add(&b).unwrap_err() {
        ShapeError::NamedMismatch(m) => {
            assert_eq!(
                (m.name.as_deref(), m.a_axis, m.b_axis, m.in_place),
                (Some("W"), 2, 1, false)
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn too_many_unnamed_dims() {
    let a = named(from_fn(&[2, 3], |_| 0), &[U, H]);
    let b = named(from_fn(&[2, 3], |_| 0), &[U, U]);
    // b has no names at all: positional, fine.
    assert!(a.try_add(&b).is_ok());
    let b = named(from_fn(&[2, 2, 3], |_| 0), &[U, U, H]);
    let e = b.try_add(&a.clone().rename("H", "W").unwrap()).unwrap_err();
    assert!(
        matches!(e, ShapeError::NoMatch { ref name, .. } if name == "W"),
        "{e:?}"
    );
    let c = named(from_fn(&[2, 3], |_| 0), &[U, W]);
    let d = named(from_fn(&[2, 2, 3], |_| 0), &[U, U, W]);
    let x = named(from_fn(&[2, 3, 5], |_| 0), &[U, W, Some("Z")]);
    assert!(x.try_add(&c).is_ok());
    let e = x.try_add(&d).unwrap_err();
    assert_eq!(
        first_line(&e),
        "b [?, ?, W] has 2 unnamed dimensions but a [?, W, Z] has only 1: unnamed dimensions are matched by position, and none can be added"
    );
    assert_eq!(e.kind(), ShapeErrorKind::TooManyUnnamed);
}

#[test]
fn duplicate_and_miscounted_names_refused() {
    let t = DynTensor::<f32>::zeros(&[2, 3, 4]);
    let e = t.clone().with_names([H, U, H]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Cannot construct a tensor with duplicate names: 'H' appears more than once in [H, ?, H]"
    );
    assert!(matches!(e, ShapeError::DuplicateName { ref name, .. } if name == "H"));
    let e = t.clone().with_names([H, W]).unwrap_err();
    assert_eq!(
        first_line(&e),
        "Number of names (2) and number of dimensions in tensor (3) do not match"
    );
    assert!(matches!(e, ShapeError::NameCount { count: 2, .. }));
    let t = t.with_names([H, W, U]).unwrap();
    let e = t.clone().rename("W", "H").unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::DuplicateName);
    let e = t.rename("C", "X").unwrap_err();
    assert_eq!(e.to_string(), "Name 'C' not found in Tensor[H, W, ?]");
    let e = broadcast_named_shapes(&[2, 2], &[H, H], &[2], &[H]).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::DuplicateName);
}

// ---------------------------------------------------------------------------
// In-place
// ---------------------------------------------------------------------------

#[test]
fn in_place_aligns_right_side_to_left() {
    let mut a = named(
        from_fn(&[2, 3, 4], |i| (100 * i[0] + 10 * i[1] + i[2]) as i64),
        &[U, H, W],
    );
    let b = named(
        from_fn(&[4, 3], |i| (1000 * i[0] + 10_000 * i[1]) as i64),
        &[W, H],
    );
    a.try_add_assign(&b).unwrap();
    assert_eq!(a.names(), [U, H, W]);
    let expected = from_fn(&[2, 3, 4], |i| {
        (100 * i[0] + 10 * i[1] + i[2] + 1000 * i[2] + 10_000 * i[1]) as i64
    });
    assert_eq!(a.clone().drop_names(), expected);
    a -= &b;
    let back = from_fn(&[2, 3, 4], |i| (100 * i[0] + 10 * i[1] + i[2]) as i64);
    assert_eq!(a.drop_names(), back);
}

#[test]
fn in_place_errors_and_left_unchanged() {
    let mut a = named(from_fn(&[2, 1, 4], |_| 5), &[U, H, W]);
    let before = a.clone();
    let b = named(from_fn(&[3, 4], |_| 1), &[H, W]);
    let e = a.try_add_assign(&b).unwrap_err();
    assert_eq!(
        first_line(&e),
        "The expanded size of the tensor (3) must match the existing size (1) at dimension 'H' (axis 1 of a, axis 0 of b)"
    );
    assert!(matches!(&e, ShapeError::NamedMismatch(m) if m.in_place));
    assert_eq!(a, before);
    // The left side is x even when the right side has more dimensions.
    let big = named(from_fn(&[2, 1, 4], |_| 1), &[Some("C"), H, W]);
    let mut small = named(from_fn(&[1, 4], |_| 1), &[H, W]);
    let e = small.try_add_assign(&big).unwrap_err();
    assert_eq!(
        first_line(&e),
        "dimension 'C' of b has no match in a [H, W]"
    );
}

#[test]
fn in_place_with_one_side_unnamed_is_positional() {
    let mut a = named(from_fn(&[2, 3], |_| 1), &[H, W]);
    a += &from_fn(&[3], |i| i[0] as i64);
    assert_eq!(a.names(), [H, W]);
    assert_eq!(a.to_vec(), vec![1, 2, 3, 1, 2, 3]);
    // An unnamed left side takes the right side's names, as `a + b` would.
    let mut c = from_fn(&[2, 3], |_| 0);
    c += &named(from_fn(&[3], |_| 1), &[W]);
    assert_eq!(c.names(), [U, W]);
}

// ---------------------------------------------------------------------------
// Names through the other operations
// ---------------------------------------------------------------------------

#[test]
fn one_side_named_is_positional_with_names_carried() {
    let a = named(from_fn(&[3], |i| i[0] as i64), &[W]);
    let b = from_fn(&[2, 1], |i| (10 * i[0]) as i64);
    let r = a.try_add(&b).unwrap();
    assert_eq!(r.shape(), &[2, 3]);
    assert_eq!(r.names(), [U, W]);
    assert_eq!(r.to_vec(), vec![0, 1, 2, 10, 11, 12]);
    let r = b.try_add(&a).unwrap();
    assert_eq!(r.names(), [U, W]);
    // A static tensor has no names: positional.
    let s = Tensor::<i64, shape![2, 1]>::from_slice(&[0, 10]).unwrap();
    let r = s + &a;
    assert_eq!((r.shape(), r.names()), (&[2, 3][..], vec![U, W]));
    let r = &a + s;
    assert_eq!(r.names(), [U, W]);
    // And the positional error is the ordinary one.
    let e = a.try_add(&from_fn(&[4], |_| 0)).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::Broadcast);
}

#[test]
fn shape_ops_move_names() {
    let t = named(
        from_fn(&[2, 1, 3], |i| (10 * i[0] + i[2]) as i64),
        &[Some("N"), H, W],
    );
    assert!(!t.reshape(&[6]).unwrap().is_named());
    assert_eq!(t.unsqueeze(1).unwrap().names(), [Some("N"), U, H, W]);
    assert_eq!(t.squeeze(1).unwrap().names(), [Some("N"), W]);
    let p = t.permute(&[2, 0, 1]).unwrap();
    assert_eq!(p.names(), [W, Some("N"), H]);
    assert_eq!(p.get(&[2, 1, 0]), Some(&12));
    assert_eq!(t.transpose(0, 2).unwrap().names(), [W, H, Some("N")]);
    let e = t.broadcast_to(&[4, 2, 5, 3]).unwrap();
    assert_eq!(e.names(), [U, Some("N"), H, W]);
    // Squeezing the only named dimension leaves no names.
    let only = named(from_fn(&[1, 2], |_| 0), &[H, U]);
    assert!(!only.squeeze(0).unwrap().is_named());
}

#[test]
fn reductions_drop_reduced_names_unless_keepdim() {
    let t = named(
        from_fn(&[2, 3, 4], |i| (i[0] + i[1] + i[2]) as i64),
        &[Some("N"), H, W],
    );
    let s = t.sum_dims(&[1], false).unwrap();
    assert_eq!(s.names(), [Some("N"), W]);
    let k = t.sum_dims(&[1, 2], true).unwrap();
    assert_eq!(k.names(), [Some("N"), H, W]);
    assert_eq!(k.shape(), &[2, 1, 1]);
    // keepdim keeps the names, so the result broadcasts back by name.
    let centered = t.try_sub(&k).unwrap();
    assert_eq!(centered.names(), [Some("N"), H, W]);
    let m = t.max_dims(&[0, 1, 2], false).unwrap();
    assert!(!m.is_named());
    assert_eq!(t.argmax(2, false).unwrap().names(), [Some("N"), H]);
    let f = t.map_to(|x| x as f64).mean_dims(&[0], false).unwrap();
    assert_eq!(f.names(), [H, W]);
}

#[test]
fn stack_and_cat_unify_names() {
    let a = named(from_fn(&[2, 3], |_| 1), &[H, U]);
    let b = named(from_fn(&[2, 3], |_| 2), &[U, W]);
    let s = DynTensor::stack([&a, &b], 1).unwrap();
    assert_eq!(s.names(), [H, U, W]);
    let c = DynTensor::cat([&a, &b], 0).unwrap();
    assert_eq!((c.shape(), c.names()), (&[4, 3][..], vec![H, W]));
    let plain = from_fn(&[2, 3], |_| 3);
    assert_eq!(DynTensor::cat([&plain, &a], 1).unwrap().names(), [H, U]);
    assert!(!DynTensor::cat([&plain, &plain], 1).unwrap().is_named());
    let d = named(from_fn(&[2, 3], |_| 2), &[W, U]);
    let e = DynTensor::stack([&a, &b, &d], 0).unwrap_err();
    assert!(
        matches!(
            e,
            ShapeError::NameConflict {
                index: 2,
                axis: 0,
                ..
            }
        ),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "names of tensor number 2 in the list, [W, ?], do not match [H, W] at dimension 0"
    );
}

#[test]
fn elementwise_and_masks_keep_names() {
    let t = named(from_fn(&[2, 3], |i| i[1] as i64), &[H, W]);
    assert_eq!(t.map(|x| x + 1).names(), [H, W]);
    assert_eq!((-&t).names(), [H, W]);
    assert_eq!((&t * 2).names(), [H, W]);
    let row = named(from_fn(&[3], |_| 1), &[W]);
    let m = t.try_gt(&row).unwrap();
    assert_eq!(m.names(), [H, W]);
    assert_eq!(m.to_vec(), vec![false, false, true, false, false, true]);
    assert_eq!((!&m).names(), [H, W]);
    assert_eq!(m.cast::<i32>().names(), [H, W]);
    let col = named(from_fn(&[2], |i| i[0] as i64), &[H]);
    let z = t.zip_with(&col, |x, y| x * 10 + y).unwrap();
    assert_eq!(z.names(), [H, W]);
    assert_eq!(z.to_vec(), vec![0, 10, 20, 1, 11, 21]);
}

#[test]
fn align_to_permutes_and_inserts() {
    let t = named(from_fn(&[2, 3], |i| (10 * i[0] + i[1]) as i64), &[U, W]);
    let a = t.align_to([Some("C"), W, U]).unwrap();
    assert_eq!(a.shape(), &[1, 3, 2]);
    assert_eq!(a.names(), [Some("C"), W, U]);
    let expected = from_fn(&[1, 3, 2], |i| (10 * i[2] + i[1]) as i64);
    assert_eq!(a.drop_names(), expected);
    // Unnamed dimensions go to the last `None` entries; extra ones are new.
    let b = t.align_to([U, W, U]).unwrap();
    assert_eq!(b.shape(), &[1, 3, 2]);
    let e = t.align_to([W]).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::TooManyUnnamed);
    let e = t.align_to([U, H]).unwrap_err();
    assert_eq!(
        first_line(&e),
        "dimension 'W' of the tensor has no match in the names [?, H]"
    );
}

#[test]
fn equality_debug_and_display_show_names() {
    let t = from_fn(&[2], |i| i[0] as i64);
    let n = t.clone().with_names([W]).unwrap();
    assert_ne!(t, n);
    assert_eq!(t, n.clone().drop_names());
    let debug = format!("{n:?}");
    assert!(debug.contains("names: [W]"), "{debug}");
    assert!(!format!("{t:?}").contains("names"));
    assert_eq!(n.to_string(), "tensor([0, 1], names=('W',))");
    let m = from_fn(&[2, 2], |i| i[1] as i64)
        .with_names([U, W])
        .unwrap();
    assert_eq!(
        m.to_string(),
        "tensor([[0, 1],\n        [0, 1]], names=(None, 'W'))"
    );
    // All `None` is the same as no names.
    let none = t.clone().with_names([U]).unwrap();
    assert!(!none.is_named());
    assert_eq!(none, t);
}

// ---------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------

/// Two shapes and their names: `(x, x names, y, y names)`.
type Pair<N> = (Vec<usize>, Vec<N>, Vec<usize>, Vec<N>);

const POOL: [&str; 6] = ["A", "B", "C", "D", "E", "F"];

/// A fully named `x` (rank 0 to 4, distinct names from `POOL`, sizes 1 to
/// 3) and a `y` named with a subset of `x`'s names in a random order, each
/// size equal to `x`'s or 1 (and where `x`'s is 1, sometimes larger).
fn named_pair() -> impl Strategy<Value = Pair<&'static str>> {
    (0usize..=4)
        .prop_flat_map(|rank| {
            (
                prop::collection::vec(1usize..=3, rank),
                Just(POOL.to_vec()).prop_shuffle(),
                prop::collection::vec(any::<bool>(), rank),
                prop::collection::vec(0usize..3, rank),
                any::<u64>(),
            )
        })
        .prop_map(|(xs, pool, keep, size_choice, order)| {
            let rank = xs.len();
            let xn: Vec<&str> = pool[..rank].to_vec();
            let mut picked: Vec<usize> = (0..rank).filter(|&i| keep[i]).collect();
            // A deterministic shuffle from `order`.
            let mut k = order;
            for i in (1..picked.len()).rev() {
                let j = (k % (i as u64 + 1)) as usize;
                picked.swap(i, j);
                k /= i as u64 + 1;
            }
            let ys: Vec<usize> = picked
                .iter()
                .map(|&i| match (xs[i], size_choice[i]) {
                    (1, 2) => 2,
                    (_, 0) => 1,
                    (s, _) => s,
                })
                .collect();
            let yn: Vec<&str> = picked.iter().map(|&i| xn[i]).collect();
            (xs, xn, ys, yn)
        })
}

fn seq(dims: &[usize], base: i64) -> DynTensor<i64> {
    let n: usize = dims.iter().product();
    DynTensor::from_vec((0..n as i64).map(|v| base + 3 * v).collect(), dims).unwrap()
}

/// For each axis of `y`, the axis of `x` it lands on: a named one by
/// looking its name up in `x`, the k-th unnamed one on the k-th of `x`'s
/// last unnamed axes (so the last with the last).
fn map_by_name(xn: &[Option<&str>], yn: &[Option<&str>]) -> Vec<usize> {
    let ux: Vec<usize> = (0..xn.len()).filter(|&i| xn[i].is_none()).collect();
    let uy = yn.iter().filter(|n| n.is_none()).count();
    let mut k = 0;
    yn.iter()
        .map(|n| match n {
            Some(_) => xn.iter().position(|m| m == n).unwrap(),
            None => {
                k += 1;
                ux[ux.len() - uy + k - 1]
            }
        })
        .collect()
}

/// The naive reference: `x op y`, axis `j` of `y` landing on axis
/// `ymap[j]` of `x`, one multi-index at a time.
fn reference(
    xs: &[usize],
    x: &[i64],
    ys: &[usize],
    y: &[i64],
    ymap: &[usize],
    op: impl Fn(i64, i64) -> i64,
) -> (Vec<usize>, Vec<i64>) {
    let out: Vec<usize> = (0..xs.len())
        .map(|i| {
            let yi = ymap.iter().position(|&m| m == i);
            xs[i].max(yi.map_or(1, |j| ys[j]))
        })
        .collect();
    let n: usize = out.iter().product();
    let flat = |idx: &[usize], dims: &[usize]| {
        idx.iter()
            .zip(dims)
            .fold(0, |acc, (&i, &d)| acc * d + if d == 1 { 0 } else { i })
    };
    let data = (0..n)
        .map(|k| {
            let idx = unflatten(k, &out);
            let yidx: Vec<usize> = ymap.iter().map(|&i| idx[i]).collect();
            op(x[flat(&idx, xs)], y[flat(&yidx, ys)])
        })
        .collect();
    (out, data)
}

/// A partially named `x` (rank 1 to 4, each dimension named with
/// probability 2/3) and a `y` made of a subset of `x`'s named dimensions in
/// a random order plus a suffix of `x`'s unnamed ones (in order, placed
/// among the named ones at random), sizes as in [`named_pair`]. At least
/// one dimension of each is named (else broadcasting is positional).
fn partial_pair() -> impl Strategy<Value = Pair<Option<&'static str>>> {
    (named_pair(), prop::collection::vec(0u8..3, 4), 0usize..=4).prop_filter_map(
        "needs a named dimension on each side",
        |((xs, xn, ys, yn), unnamed, suffix)| {
            let rank = xs.len();
            // Unname some of x's dimensions (those y does not use stay free to be).
            let xn2: Vec<Option<&str>> = (0..rank)
                .map(|i| (unnamed[i] != 0).then_some(xn[i]))
                .collect();
            let ux: Vec<usize> = (0..rank).filter(|&i| xn2[i].is_none()).collect();
            let take = suffix.min(ux.len());
            let mut yd: Vec<(usize, Option<&str>)> = Vec::new();
            for (j, n) in yn.iter().enumerate() {
                let i = xn.iter().position(|m| m == n).unwrap();
                if xn2[i].is_some() {
                    yd.push((ys[j], Some(*n)));
                }
            }
            // Interleave the unnamed suffix, in order, every other slot.
            let mut out = Vec::new();
            let mut u = ux[ux.len() - take..].iter().peekable();
            for (k, d) in yd.into_iter().enumerate() {
                if k % 2 == 1
                    && let Some(&i) = u.next()
                {
                    out.push((xs[i], None));
                }
                out.push(d);
            }
            for &i in u {
                out.push((xs[i], None));
            }
            let named_x = xn2.iter().any(Option::is_some);
            let named_y = out.iter().any(|(_, n)| n.is_some());
            (named_x && named_y).then(|| {
                let (ys2, yn2): (Vec<usize>, Vec<Option<&str>>) = out.into_iter().unzip();
                (xs, xn2, ys2, yn2)
            })
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Fully named pairs: broadcasting by name equals positional
    /// broadcasting after `align_to`, and the naive reference; in both
    /// operand orders, with the operation's order kept.
    #[test]
    fn by_name_equals_positional_after_align_to((xs, xn, ys, yn) in named_pair()) {
        let x = seq(&xs, 1).with_names(xn.iter().copied()).unwrap();
        let y = seq(&ys, 1000).with_names(yn.iter().copied()).unwrap();
        let xnames: Vec<Option<&str>> = xn.iter().map(|&n| Some(n)).collect();

        let r = x.try_sub(&y).unwrap();
        prop_assert_eq!(r.names(), xnames.clone());
        let aligned = y.align_to(x.names()).unwrap();
        let positional = x.clone().drop_names().try_sub(&aligned.clone().drop_names()).unwrap();
        prop_assert_eq!(r.clone().drop_names(), positional);
        let ymap = map_by_name(&x.names(), &y.names());
        let (shape, data) = reference(&xs, x.as_slice(), &ys, y.as_slice(), &ymap, |a, b| a - b);
        prop_assert_eq!(r.shape(), &shape[..]);
        prop_assert_eq!(r.to_vec(), data);
        // With the named tensor already aligned, nothing changes.
        prop_assert_eq!(x.try_sub(&aligned).unwrap(), r.clone());

        // y - x: x is the larger (or equal and then y is x: skip that case).
        if ys.len() < xs.len() {
            let r2 = y.try_sub(&x).unwrap();
            prop_assert_eq!(r2.names(), xnames);
            let (_, data) = reference(&xs, x.as_slice(), &ys, y.as_slice(), &ymap, |a, b| b - a);
            prop_assert_eq!(r2.to_vec(), data);
        }
        // The shape-only function agrees.
        let yo: Vec<Option<&str>> = yn.iter().map(|&n| Some(n)).collect();
        let s = broadcast_named_shapes(&xs, &x.names(), &ys, &yo).unwrap();
        prop_assert_eq!(s.shape, shape);

        // In place: x op= y when y's sizes fit x's.
        if ys.iter().zip(&yn).all(|(&s, n)| s == 1 || s == xs[xn.iter().position(|m| m == n).unwrap()]) {
            let mut z = x.clone();
            z.try_sub_assign(&y).unwrap();
            prop_assert_eq!(z, r);
        }
    }

    /// Partially named pairs: named dimensions meet by name, unnamed ones
    /// from the right; the naive reference and `align_to` agree.
    #[test]
    fn partially_named_match_reference((xs, xn, ys, yn) in partial_pair()) {
        let x = seq(&xs, 1).with_names(xn.iter().copied()).unwrap();
        let y = seq(&ys, 1000).with_names(yn.iter().copied()).unwrap();
        let r = x.try_mul(&y).unwrap();
        prop_assert_eq!(r.names(), xn.clone());
        let ymap = map_by_name(&xn, &yn);
        let (shape, data) = reference(&xs, x.as_slice(), &ys, y.as_slice(), &ymap, |a, b| a * b);
        prop_assert_eq!(r.shape(), &shape[..]);
        prop_assert_eq!(r.to_vec(), data);
        let aligned = y.align_to(x.names()).unwrap();
        prop_assert_eq!(
            r.drop_names(),
            x.drop_names().try_mul(&aligned.drop_names()).unwrap()
        );
    }

    /// Tensors without names behave exactly as before: naming one side only
    /// changes nothing but the result's names, and `drop_names` gives back
    /// the unnamed behaviour (values, shapes and errors).
    #[test]
    fn unnamed_behaviour_unchanged(
        sa in prop::collection::vec(1usize..=3, 0..=4),
        sb in prop::collection::vec(1usize..=3, 0..=4),
    ) {
        let a = seq(&sa, 0);
        let b = seq(&sb, 50);
        let plain = a.try_add(&b);
        let an: Vec<Option<&str>> = (0..sa.len()).map(|i| Some(POOL[i])).collect();
        let a_named = a.clone().with_names(an.iter().copied()).unwrap();
        let one_named = a_named.try_add(&b);
        match (&plain, &one_named) {
            (Ok(p), Ok(o)) => {
                prop_assert!(!p.is_named());
                prop_assert_eq!(p, &o.clone().drop_names());
                // a's names land right-aligned on the result.
                let rank = p.rank();
                let mut expected = vec![None; rank - sa.len()];
                expected.extend(an.iter().copied());
                prop_assert_eq!(o.names(), expected);
            }
            (Err(p), Err(o)) => prop_assert_eq!(p, o),
            _ => prop_assert!(false, "{:?} vs {:?}", plain, one_named),
        }
        // In place too.
        let mut x = a.clone();
        let mut y = a_named.clone();
        match (x.try_add_assign(&b), y.try_add_assign(&b)) {
            (Ok(()), Ok(())) => {
                prop_assert_eq!(&x, &y.clone().drop_names());
                prop_assert_eq!(y.names(), an);
            }
            (Err(p), Err(o)) => prop_assert_eq!(p, o),
            (p, o) => prop_assert!(false, "{:?} vs {:?}", p, o),
        }
    }

    /// Errors name the right dimension: a name of `y` missing from `x`, or
    /// a size clash on one named dimension.
    #[test]
    fn errors_name_the_dimension((xs, xn, ys, yn) in named_pair(), pick in any::<usize>()) {
        let x = seq(&xs, 1).with_names(xn.iter().copied()).unwrap();
        // Add a name x does not have.
        let missing = POOL.iter().copied().find(|n| !xn.contains(n));
        if let Some(missing) = missing {
            let mut yn2 = yn.clone();
            let mut ys2 = ys.clone();
            yn2.push(missing);
            ys2.push(2);
            if ys2.len() <= xs.len() {
                let y = seq(&ys2, 0).with_names(yn2.iter().copied()).unwrap();
                match x.try_add(&y).unwrap_err() {
                    ShapeError::NoMatch { name, of, within, .. } => {
                        prop_assert_eq!(name, missing);
                        prop_assert_eq!((of, within), ("b", "a"));
                    }
                    other => prop_assert!(false, "{:?}", other),
                }
            }
        }
        // A clash: y's size on one dimension is x's + 1 (never 1, never x's)
        // where x's is not 1.
        let clashable: Vec<usize> = (0..yn.len())
            .filter(|&j| xs[xn.iter().position(|m| *m == yn[j]).unwrap()] != 1)
            .collect();
        if !clashable.is_empty() {
            let j = clashable[pick % clashable.len()];
            let i = xn.iter().position(|m| *m == yn[j]).unwrap();
            let mut ys2 = ys.clone();
            // Only this dimension clashes: the others fit.
            for (k, s) in ys2.iter_mut().enumerate() {
                if k != j {
                    *s = 1;
                }
            }
            ys2[j] = xs[i] + 1;
            let y = seq(&ys2, 0).with_names(yn.iter().copied()).unwrap();
            let e = x.try_add(&y).unwrap_err();
            let line = first_line(&e);
            match e {
                ShapeError::NamedMismatch(m) => {
                    prop_assert_eq!(m.name.as_deref(), Some(yn[j]));
                    prop_assert_eq!((m.a_axis, m.b_axis, m.in_place), (i, j, false));
                }
                other => prop_assert!(false, "{:?}", other),
            }
            prop_assert_eq!(
                line,
                format!(
                    "The size of tensor a ({}) must match the size of tensor b ({}) at dimension '{}' (axis {} of a, axis {} of b)",
                    xs[i], xs[i] + 1, yn[j], i, j
                )
            );
        }
    }
}
