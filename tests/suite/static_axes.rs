//! Axes of static tensors named at compile time by their dimension name
//! (`x.mean_keepdim((HEIGHT, WIDTH))`) or counted from the end
//! (`AxisFromEnd::<1>` is the last): each `let x: Tensor<_, shape![..]>` is a
//! type-level assertion, the values are checked against a naive reference
//! written here, and the names against the runtime `axis_named` forms.

#![allow(clippy::type_complexity)] // each named shape written out is a type-level assertion

use proptest::prelude::*;
use shaped::{Axis, AxisFromEnd, Dyn, Tensor, dim_names, shape};

dim_names!(BATCH, CHANNEL, HEIGHT, WIDTH);

type Img = shape![BATCH: 2, CHANNEL: 3, HEIGHT: 4, WIDTH: 5];
const DIMS: [usize; 4] = [2, 3, 4, 5];

/// A naive sum over `axes` of a row-major array of sizes `dims`, the
/// reduced axes kept as size 1 (the same elements in the same order as
/// dropping them).
fn naive_sum(data: &[f64], dims: &[usize], axes: &[usize]) -> Vec<f64> {
    let out_dims: Vec<usize> = (0..dims.len())
        .map(|k| if axes.contains(&k) { 1 } else { dims[k] })
        .collect();
    let mut out = vec![0.0; out_dims.iter().product()];
    for (flat, &x) in data.iter().enumerate() {
        // Unravel `flat`, then ravel it in the output with reduced axes at 0.
        let mut rest = flat;
        let mut idx = vec![0; dims.len()];
        for k in (0..dims.len()).rev() {
            idx[k] = rest % dims[k];
            rest /= dims[k];
        }
        let mut o = 0;
        for k in 0..dims.len() {
            o = o * out_dims[k] + if axes.contains(&k) { 0 } else { idx[k] };
        }
        out[o] += x;
    }
    out
}

fn img(data: &[f64]) -> Tensor<f64, Img> {
    Tensor::from_slice(data).unwrap()
}

fn values(seed: u64) -> Vec<f64> {
    (0..120u64)
        .map(|k| ((k * 37 + seed * 11) % 23) as f64 - 11.0)
        .collect()
}

#[test]
fn mean_keepdim_by_name_keeps_the_names() {
    let data = values(1);
    let y = img(&data);
    let m: Tensor<f64, shape![BATCH: 2, CHANNEL: 3, HEIGHT: 1, WIDTH: 1]> =
        y.mean_keepdim((HEIGHT, WIDTH));
    let want: Vec<f64> = naive_sum(&data, &DIMS, &[2, 3])
        .iter()
        .map(|s| s / 20.0)
        .collect();
    assert_eq!(m.to_vec(), want);
    assert_eq!(
        m.names(),
        [
            Some("BATCH"),
            Some("CHANNEL"),
            Some("HEIGHT"),
            Some("WIDTH")
        ]
    );
    // The runtime form with `axis_named` agrees on sizes and names.
    let d = y.to_dyn();
    let axes = [
        d.axis_named("HEIGHT").unwrap(),
        d.axis_named("WIDTH").unwrap(),
    ];
    let r = d.mean_dims(&axes, true).unwrap();
    assert_eq!((r.shape(), r.names()), (&[2, 3, 1, 1][..], m.names()));
}

#[test]
fn sum_over_by_name_drops_the_names() {
    let data = values(2);
    let y = img(&data);
    let s: Tensor<f64, shape![BATCH: 2, CHANNEL: 3]> = y.sum_over((HEIGHT, WIDTH));
    assert_eq!(s.to_vec(), naive_sum(&data, &DIMS, &[2, 3]));
    assert_eq!(s.names(), [Some("BATCH"), Some("CHANNEL")]);
    let d = y.to_dyn();
    let r = d
        .sum_dims(&[d.axis_named("HEIGHT").unwrap(), 3], false)
        .unwrap();
    assert_eq!(r.names(), s.names());

    // The order the names are listed in does not matter, nor does mixing
    // names with positions.
    let t: Tensor<f64, shape![BATCH: 2, CHANNEL: 3]> = y.sum_over((WIDTH, HEIGHT));
    let u: Tensor<f64, shape![BATCH: 2, CHANNEL: 3]> = y.sum_over((Axis::<3>, HEIGHT));
    assert_eq!((t.to_vec(), u.to_vec()), (s.to_vec(), s.to_vec()));

    // One name alone, not in a tuple.
    let c: Tensor<f64, shape![BATCH: 2, HEIGHT: 4, WIDTH: 5]> = y.sum_over(CHANNEL);
    assert_eq!(c.to_vec(), naive_sum(&data, &DIMS, &[1]));
    assert_eq!(c.names(), [Some("BATCH"), Some("HEIGHT"), Some("WIDTH")]);
}

#[test]
fn every_reduction_takes_names() {
    let data = values(3);
    let y = img(&data);
    let by_pos = y.max_over(Axis::<1>);
    let by_name: Tensor<f64, shape![BATCH: 2, HEIGHT: 4, WIDTH: 5]> = y.max_over(CHANNEL);
    assert_eq!(by_name.to_vec(), by_pos.to_vec());
    // Naive maximum over CHANNEL.
    for b in 0..2 {
        for h in 0..4 {
            for w in 0..5 {
                let want = (0..3)
                    .map(|c| data[((b * 3 + c) * 4 + h) * 5 + w])
                    .fold(f64::NEG_INFINITY, f64::max);
                assert_eq!(by_name[[b, h, w]], want);
            }
        }
    }
    let a: Tensor<usize, shape![BATCH: 2, CHANNEL: 1, HEIGHT: 4, WIDTH: 5]> =
        y.argmax_keepdim(CHANNEL);
    assert_eq!(a.to_vec(), y.argmax_keepdim(Axis::<1>).to_vec());
    let v: Tensor<f64, shape![BATCH: 2, CHANNEL: 3]> = y.var_over((HEIGHT, WIDTH));
    assert_eq!(v.to_vec(), y.var_over((Axis::<2>, Axis::<3>)).to_vec());
    let p = y.softmax(WIDTH);
    assert_eq!(p.to_vec(), y.softmax(Axis::<3>).to_vec());
    assert_eq!(p.names(), y.names());
}

#[test]
fn axes_from_the_end() {
    let data = values(4);
    let y = img(&data);
    let last: Tensor<f64, shape![BATCH: 2, CHANNEL: 3, HEIGHT: 4]> = y.sum_over(AxisFromEnd::<1>);
    assert_eq!(last.to_vec(), naive_sum(&data, &DIMS, &[3]));
    let first: Tensor<f64, shape![CHANNEL: 3, HEIGHT: 4, WIDTH: 5]> = y.sum_over(AxisFromEnd::<4>);
    assert_eq!(first.to_vec(), naive_sum(&data, &DIMS, &[0]));
    let two: Tensor<f64, shape![BATCH: 2, CHANNEL: 1, HEIGHT: 4, WIDTH: 1]> =
        y.sum_keepdim((AxisFromEnd::<1>, AxisFromEnd::<3>));
    assert_eq!(two.to_vec(), naive_sum(&data, &DIMS, &[1, 3]));

    // Unnamed and mixed layouts too: the rank is static.
    let x = Tensor::<i32, shape![2, 3]>::arange();
    let rows: Tensor<i64, shape![2]> = x.sum_over(AxisFromEnd::<1>);
    assert_eq!(rows.to_vec(), vec![3, 12]);
    let m = Tensor::<i32, shape![Dyn, 3]>::from_vec((0..6).collect(), &[2]).unwrap();
    let cols: Tensor<i64, shape![3]> = m.sum_over(AxisFromEnd::<2>);
    assert_eq!(cols.to_vec(), vec![3, 5, 7]);
    assert_eq!(m.argmax_over(AxisFromEnd::<1>).to_vec(), vec![2, 2]);
}

#[test]
fn names_on_mixed_layouts() {
    let data: Vec<f64> = (0..24).map(f64::from).collect();
    let t = Tensor::<f64, shape![Dyn, HEIGHT: 3, WIDTH: 4]>::from_vec(data.clone(), &[2]).unwrap();
    let s: Tensor<f64, shape![Dyn, WIDTH: 4]> = t.sum_over(HEIGHT);
    assert_eq!(s.to_vec(), naive_sum(&data, &[2, 3, 4], &[1]));
    assert_eq!(s.names(), [None, Some("WIDTH")]);
    // Reducing the only `Dyn` axis gives a static layout, names kept.
    let b: Tensor<f64, shape![1, HEIGHT: 3, WIDTH: 4]> = t.sum_keepdim(AxisFromEnd::<3>);
    assert_eq!(b.to_vec(), naive_sum(&data, &[2, 3, 4], &[0]));
    assert_eq!(b.to_dyn().names(), [None, Some("HEIGHT"), Some("WIDTH")]);
}

#[test]
fn shape_operations_take_names_and_axes_from_the_end() {
    let data = values(5);
    let y = img(&data);
    // transpose by name: element [b, c, w, h] is y[b, c, h, w].
    let t: Tensor<f64, shape![BATCH: 2, CHANNEL: 3, WIDTH: 5, HEIGHT: 4]> =
        y.transpose(HEIGHT, WIDTH);
    for (b, c, h, w) in [(0, 0, 0, 0), (1, 2, 3, 4), (0, 1, 2, 3), (1, 0, 3, 1)] {
        assert_eq!(t[[b, c, w, h]], data[((b * 3 + c) * 4 + h) * 5 + w]);
    }
    assert_eq!(
        t.names(),
        [
            Some("BATCH"),
            Some("CHANNEL"),
            Some("WIDTH"),
            Some("HEIGHT")
        ]
    );
    let t2: Tensor<f64, shape![BATCH: 2, CHANNEL: 3, WIDTH: 5, HEIGHT: 4]> =
        y.transpose(AxisFromEnd::<2>, Axis::<3>);
    assert_eq!(t2.to_vec(), t.to_vec());

    // permute by names: NCHW to NHWC.
    let p: Tensor<f64, shape![BATCH: 2, HEIGHT: 4, WIDTH: 5, CHANNEL: 3]> =
        y.permute((BATCH, HEIGHT, WIDTH, CHANNEL));
    for (b, c, h, w) in [(0, 0, 0, 0), (1, 2, 3, 4), (0, 1, 2, 3), (1, 0, 3, 1)] {
        assert_eq!(p[[b, h, w, c]], data[((b * 3 + c) * 4 + h) * 5 + w]);
    }
    let p2 = y.permute((Axis::<0>, AxisFromEnd::<2>, WIDTH, Axis::<1>));
    assert_eq!(p2.to_vec(), p.to_vec());

    // squeeze by name and from the end.
    let k: Tensor<f64, shape![BATCH: 2, CHANNEL: 3, HEIGHT: 1, WIDTH: 1]> =
        y.sum_keepdim((HEIGHT, WIDTH));
    let s: Tensor<f64, shape![BATCH: 2, CHANNEL: 3, WIDTH: 1]> = k.squeeze(HEIGHT);
    let s2: Tensor<f64, shape![BATCH: 2, CHANNEL: 3]> = s.squeeze(AxisFromEnd::<1>);
    assert_eq!(s2.to_vec(), naive_sum(&data, &DIMS, &[2, 3]));
    assert_eq!(s2.names(), [Some("BATCH"), Some("CHANNEL")]);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn named_sums_match_a_naive_reference(data in prop::collection::vec(-50i32..50, 120)) {
        let data: Vec<f64> = data.into_iter().map(f64::from).collect();
        let y = img(&data);
        prop_assert_eq!(y.sum_over(BATCH).to_vec(), naive_sum(&data, &DIMS, &[0]));
        prop_assert_eq!(y.sum_over((BATCH, WIDTH)).to_vec(), naive_sum(&data, &DIMS, &[0, 3]));
        prop_assert_eq!(y.sum_keepdim((CHANNEL, HEIGHT, WIDTH)).to_vec(), naive_sum(&data, &DIMS, &[1, 2, 3]));
        prop_assert_eq!(y.sum_over((HEIGHT, AxisFromEnd::<4>)).to_vec(), naive_sum(&data, &DIMS, &[0, 2]));
    }
}

// Generic code written against the `Axis` bounds keeps compiling: they are
// the `Axis` cases of the bounds that take any axis.
fn squeeze_one<S: shaped::Squeeze<1>>(x: &Tensor<i32, S>) -> Tensor<i32, shaped::Squeezed<S, 1>> {
    x.squeeze(Axis::<1>)
}
fn swap<S: shaped::Transpose<0, 1>>(
    x: &Tensor<i32, S>,
) -> Tensor<i32, shaped::Transposed<S, 0, 1>> {
    x.transpose(Axis::<0>, Axis::<1>)
}
fn swap_named<S: shaped::TransposeAxes<HEIGHT, AxisFromEnd<1>>>(
    x: &Tensor<i32, S>,
) -> Tensor<i32, shaped::TransposedAxes<S, HEIGHT, AxisFromEnd<1>>> {
    x.transpose(HEIGHT, AxisFromEnd::<1>)
}

#[test]
fn generic_code_names_the_axis_bounds() {
    let x = Tensor::<i32, shape![2, 1, 3]>::arange();
    let s: Tensor<i32, shape![2, 3]> = squeeze_one(&x);
    assert_eq!(s.to_vec(), x.to_vec());
    let m = Tensor::<i32, shape![2, 3]>::arange();
    let t: Tensor<i32, shape![3, 2]> = swap(&m);
    assert_eq!(t.to_vec(), vec![0, 3, 1, 4, 2, 5]);
    let n = Tensor::<i32, shape![HEIGHT: 2, WIDTH: 3]>::arange();
    let u: Tensor<i32, shape![WIDTH: 3, HEIGHT: 2]> = swap_named(&n);
    assert_eq!(u.to_vec(), vec![0, 3, 1, 4, 2, 5]);
}
