//! Properties of the runtime toolkit against naive references written here,
//! independently of the crate: reductions (including size-0 axes, repeated
//! and out-of-range axes), `permute`, and `cat`/`stack` round trips.

use proptest::prelude::*;
use shaped::{DynTensor, ShapeError};

/// The multi-index of flat index `flat` in `shape` (row-major).
fn unravel(mut flat: usize, shape: &[usize]) -> Vec<usize> {
    let mut idx = vec![0; shape.len()];
    for d in (0..shape.len()).rev() {
        idx[d] = flat % shape[d];
        flat /= shape[d];
    }
    idx
}

/// The flat index of `idx` in `shape` (row-major).
fn ravel(idx: &[usize], shape: &[usize]) -> usize {
    idx.iter().zip(shape).fold(0, |acc, (&i, &d)| acc * d + i)
}

/// What a reduction over `axes` must do: either the error (its kind and
/// axis), or the output shape and, for each output element, the inputs
/// reduced into it as (position along `axes[0]`, value) in input order.
enum Expected {
    Error(&'static str, usize),
    Groups(Vec<usize>, Vec<Vec<(usize, i64)>>),
}

fn reference(data: &[i64], shape: &[usize], axes: &[usize], keepdim: bool) -> Expected {
    let valid = shape.len().max(1);
    let mut seen = vec![false; valid];
    for &a in axes {
        if a >= valid {
            return Expected::Error("range", a);
        }
        if seen[a] {
            return Expected::Error("duplicate", a);
        }
        seen[a] = true;
    }
    let reduced = |d: usize| axes.contains(&d);
    let out_shape: Vec<usize> = (0..shape.len())
        .filter(|&d| keepdim || !reduced(d))
        .map(|d| if reduced(d) { 1 } else { shape[d] })
        .collect();
    let out_numel: usize = out_shape.iter().product();
    let mut groups = vec![Vec::new(); out_numel];
    for (flat, &v) in data.iter().enumerate() {
        let idx = unravel(flat, shape);
        let out_idx: Vec<usize> = (0..shape.len())
            .filter(|&d| keepdim || !reduced(d))
            .map(|d| if reduced(d) { 0 } else { idx[d] })
            .collect();
        let pos = axes.first().and_then(|&a| idx.get(a)).copied().unwrap_or(0);
        groups[ravel(&out_idx, &out_shape)].push((pos, v));
    }
    Expected::Groups(out_shape, groups)
}

fn error_matches(e: &ShapeError, kind: &str, axis: usize) -> bool {
    match (e, kind) {
        (ShapeError::AxisOutOfRange { axis: a, .. }, "range") => usize::try_from(*a) == Ok(axis),
        (ShapeError::DuplicateAxis { axis: a, .. }, "duplicate") => *a == axis,
        _ => false,
    }
}

/// A shape of rank 0 to 4 with sizes 0 to 3, and matching small integers.
fn tensor() -> impl Strategy<Value = (Vec<usize>, Vec<i64>)> {
    prop::collection::vec(0usize..4, 0..=4).prop_flat_map(|shape| {
        let n: usize = shape.iter().product();
        (Just(shape), prop::collection::vec(-50i64..50, n))
    })
}

/// Up to 3 axes, sometimes out of range or repeated.
fn axes() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(0usize..5, 0..=3)
}

fn same_float(got: f64, want: f64) -> bool {
    (got.is_nan() && want.is_nan())
        || got == want
        || (got - want).abs() <= 1e-9 * want.abs().max(1.0)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn sum_and_mean_match_the_reference((shape, data) in tensor(), axes in axes(), keepdim: bool) {
        let t = DynTensor::from_vec(data.clone(), &shape).unwrap();
        let f = DynTensor::from_vec(data.iter().map(|&x| x as f64).collect(), &shape).unwrap();
        match reference(&data, &shape, &axes, keepdim) {
            Expected::Error(kind, axis) => {
                let e = t.sum_dims(&axes, keepdim).unwrap_err();
                prop_assert!(error_matches(&e, kind, axis), "{e}");
                let e = f.mean_dims(&axes, keepdim).unwrap_err();
                prop_assert!(error_matches(&e, kind, axis), "{e}");
            }
            Expected::Groups(out_shape, groups) => {
                let s = t.sum_dims(&axes, keepdim).unwrap();
                prop_assert_eq!(s.shape(), &out_shape[..]);
                let want: Vec<i64> = groups.iter().map(|g| g.iter().map(|p| p.1).sum()).collect();
                prop_assert_eq!(s.to_vec(), want);
                let m = f.mean_dims(&axes, keepdim).unwrap();
                prop_assert_eq!(m.shape(), &out_shape[..]);
                for (got, g) in m.to_vec().into_iter().zip(&groups) {
                    // The mean of nothing is NaN: 0 / 0.
                    let want = g.iter().map(|p| p.1 as f64).sum::<f64>() / g.len() as f64;
                    prop_assert!(same_float(got, want), "{} vs {}", got, want);
                }
            }
        }
    }

    #[test]
    fn var_and_std_match_the_reference(
        (shape, data) in tensor(), axes in axes(), keepdim: bool, correction in 0usize..3,
    ) {
        let f = DynTensor::from_vec(data.iter().map(|&x| x as f64).collect(), &shape).unwrap();
        match reference(&data, &shape, &axes, keepdim) {
            Expected::Error(kind, axis) => {
                let e = f.var_dims_correction(&axes, correction, keepdim).unwrap_err();
                prop_assert!(error_matches(&e, kind, axis), "{e}");
                prop_assert!(f.std_dims(&axes, keepdim).is_err());
            }
            Expected::Groups(out_shape, groups) => {
                let v = f.var_dims_correction(&axes, correction, keepdim).unwrap();
                let s = f.std_dims_correction(&axes, correction, keepdim).unwrap();
                let unbiased = f.var_dims(&axes, keepdim).unwrap();
                prop_assert_eq!(v.shape(), &out_shape[..]);
                prop_assert_eq!(s.shape(), &out_shape[..]);
                for (k, g) in groups.iter().enumerate() {
                    let n = g.len() as f64;
                    let mean = g.iter().map(|p| p.1 as f64).sum::<f64>() / n;
                    let ss: f64 = g.iter().map(|p| (p.1 as f64 - mean).powi(2)).sum();
                    let var = |c: usize| ss / (n - c as f64).max(0.0);
                    prop_assert!(same_float(v.to_vec()[k], var(correction)), "{:?} {}", g, v.to_vec()[k]);
                    prop_assert!(same_float(s.to_vec()[k], var(correction).sqrt()));
                    prop_assert!(same_float(unbiased.to_vec()[k], var(1)));
                }
            }
        }
    }

    #[test]
    fn max_min_match_the_reference((shape, data) in tensor(), axes in axes(), keepdim: bool) {
        let t = DynTensor::from_vec(data.clone(), &shape).unwrap();
        match reference(&data, &shape, &axes, keepdim) {
            Expected::Error(kind, axis) => {
                let e = t.max_dims(&axes, keepdim).unwrap_err();
                prop_assert!(error_matches(&e, kind, axis), "{e}");
                prop_assert!(t.min_dims(&axes, keepdim).is_err());
            }
            Expected::Groups(out_shape, groups) => {
                // No identity: reducing a size-0 axis is an error, naming the
                // first such axis, even when the result would be empty.
                let empty_axis = (0..shape.len()).find(|&d| axes.contains(&d) && shape[d] == 0);
                if let Some(axis) = empty_axis {
                    let e = t.max_dims(&axes, keepdim).unwrap_err();
                    let ok = matches!(&e, ShapeError::EmptyReduction { axis: a, op: "amax", .. } if *a == axis);
                    prop_assert!(ok, "{e}");
                    prop_assert!(t.min_dims(&axes, keepdim).is_err());
                } else {
                    let mx = t.max_dims(&axes, keepdim).unwrap();
                    let mn = t.min_dims(&axes, keepdim).unwrap();
                    prop_assert_eq!(mx.shape(), &out_shape[..]);
                    prop_assert_eq!(mn.shape(), &out_shape[..]);
                    let want_max: Vec<i64> = groups.iter().map(|g| g.iter().map(|p| p.1).max().unwrap()).collect();
                    let want_min: Vec<i64> = groups.iter().map(|g| g.iter().map(|p| p.1).min().unwrap()).collect();
                    prop_assert_eq!(mx.to_vec(), want_max);
                    prop_assert_eq!(mn.to_vec(), want_min);
                }
            }
        }
    }

    #[test]
    fn argmax_argmin_match_the_reference((shape, data) in tensor(), axis in 0usize..5, keepdim: bool) {
        let t = DynTensor::from_vec(data.clone(), &shape).unwrap();
        match reference(&data, &shape, &[axis], keepdim) {
            Expected::Error(kind, a) => {
                let e = t.argmax(axis, keepdim).unwrap_err();
                prop_assert!(error_matches(&e, kind, a), "{e}");
            }
            Expected::Groups(out_shape, groups) => {
                if shape.get(axis) == Some(&0) {
                    prop_assert!(t.argmax(axis, keepdim).is_err());
                    prop_assert!(t.argmin(axis, keepdim).is_err());
                } else {
                    let am = t.argmax(axis, keepdim).unwrap();
                    prop_assert_eq!(am.shape(), &out_shape[..]);
                    // The first position holding the extreme value.
                    let first = |g: &Vec<(usize, i64)>, best: i64| g.iter().find(|p| p.1 == best).unwrap().0;
                    let want: Vec<usize> = groups.iter().map(|g| first(g, g.iter().map(|p| p.1).max().unwrap())).collect();
                    prop_assert_eq!(am.to_vec(), want);
                    let want: Vec<usize> = groups.iter().map(|g| first(g, g.iter().map(|p| p.1).min().unwrap())).collect();
                    prop_assert_eq!(t.argmin(axis, keepdim).unwrap().to_vec(), want);
                }
            }
        }
    }

    #[test]
    fn full_sum_and_mean((shape, data) in tensor()) {
        let t = DynTensor::from_vec(data.clone(), &shape).unwrap();
        prop_assert_eq!(t.sum(), data.iter().sum::<i64>());
        let f = DynTensor::from_vec(data.iter().map(|&x| x as f64).collect(), &shape).unwrap();
        let want = data.iter().sum::<i64>() as f64 / data.len() as f64;
        prop_assert!(same_float(f.mean(), want));
        // Reducing every axis at once is the same, as a rank-0 tensor.
        let all: Vec<usize> = (0..shape.len()).collect();
        prop_assert_eq!(t.sum_dims(&all, false).unwrap().to_vec(), vec![t.sum()]);
    }

    #[test]
    fn permute_matches_the_reference(
        ((shape, data), perm) in tensor().prop_flat_map(|(shape, data)| {
            let ident: Vec<usize> = (0..shape.len()).collect();
            (Just((shape, data)), Just(ident).prop_shuffle())
        }),
    ) {
        let t = DynTensor::from_vec(data.clone(), &shape).unwrap();
        let p = t.permute(&perm).unwrap();
        let out_shape: Vec<usize> = perm.iter().map(|&a| shape[a]).collect();
        prop_assert_eq!(p.shape(), &out_shape[..]);
        for (flat, &got) in p.to_vec().iter().enumerate() {
            let out_idx = unravel(flat, &out_shape);
            let mut idx = vec![0; shape.len()];
            for (i, &a) in perm.iter().enumerate() {
                idx[a] = out_idx[i];
            }
            prop_assert_eq!(got, data[ravel(&idx, &shape)]);
        }
    }

    #[test]
    fn cat_of_a_split_is_the_original((shape, data) in tensor(), axis in 0usize..4, cut in 0usize..4) {
        prop_assume!(axis < shape.len());
        let t = DynTensor::from_vec(data.clone(), &shape).unwrap();
        let cut = cut.min(shape[axis]);
        // Split along `axis` at `cut` by hand.
        let mut left = Vec::new();
        let mut right = Vec::new();
        for (flat, &v) in data.iter().enumerate() {
            if unravel(flat, &shape)[axis] < cut { left.push(v) } else { right.push(v) }
        }
        let mut ls = shape.clone();
        ls[axis] = cut;
        let mut rs = shape.clone();
        rs[axis] = shape[axis] - cut;
        let l = DynTensor::from_vec(left, &ls).unwrap();
        let r = DynTensor::from_vec(right, &rs).unwrap();
        prop_assert_eq!(DynTensor::cat(&[l, r], axis).unwrap(), t);
    }

    #[test]
    fn stack_is_unsqueeze_then_cat((shape, data) in tensor(), axis in 0usize..5, copies in 1usize..4) {
        let t = DynTensor::from_vec(data, &shape).unwrap();
        let list = vec![t.clone(); copies];
        if axis > shape.len() {
            prop_assert!(DynTensor::stack(&list, axis).is_err());
        } else {
            let s = DynTensor::stack(&list, axis).unwrap();
            let u = t.unsqueeze(axis).unwrap();
            let c = DynTensor::cat(vec![u; copies], axis).unwrap();
            prop_assert_eq!(s, c);
        }
    }
}
