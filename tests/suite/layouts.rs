//! One toolkit for every layout: for each reduction, softmax, math function
//! and shape operation, the static, mixed and runtime versions agree with
//! each other (exactly: they run the same loop) and with a naive reference
//! written here (index by index, in `f64`), on random data and, for the
//! mixed and runtime layouts, random sizes, size 0 and rank 0 included.
//! The result types written out in the `let`s are type-level assertions.

// The reference clamp is spelled out (`f64::clamp` is what it checks against).
#![allow(clippy::manual_clamp)]

use proptest::prelude::*;
use shaped::shape::toolkit::ReduceAxes;
use shaped::{Axis, Dyn, DynTensor, Layout, Shape, Tensor, shape};

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------
// The naive reference.

/// Row-major multi-index of flat index `i` in `dims`.
fn unravel(mut i: usize, dims: &[usize]) -> Vec<usize> {
    let mut idx = vec![0; dims.len()];
    for d in (0..dims.len()).rev() {
        idx[d] = i % dims[d];
        i /= dims[d];
    }
    idx
}

#[derive(Clone, Copy, Debug)]
enum Op {
    Sum,
    Mean,
    Var(usize),
    Std(usize),
    Max,
    Min,
    ArgMax,
    ArgMin,
    LogSumExp,
}

/// The groups of a reduction of `dims` over `axes`: for each output element
/// (row-major), its inputs in the order of the reduced axes.
fn groups(data: &[f64], dims: &[usize], axes: &[usize]) -> (Vec<Vec<f64>>, Vec<usize>) {
    let kept: Vec<usize> = (0..dims.len()).filter(|i| !axes.contains(i)).collect();
    let out_dims: Vec<usize> = kept.iter().map(|&i| dims[i]).collect();
    let n_out: usize = out_dims.iter().product();
    let mut gs = vec![Vec::new(); n_out];
    for (i, &x) in data.iter().enumerate() {
        let idx = unravel(i, dims);
        let mut o = 0;
        for &k in &kept {
            o = o * dims[k] + idx[k];
        }
        gs[o].push(x);
    }
    (gs, out_dims)
}

fn naive(op: Op, g: &[f64]) -> f64 {
    let n = g.len() as f64;
    let mean = g.iter().sum::<f64>() / n;
    let var = |c: usize| {
        g.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (g.len().saturating_sub(c)) as f64
    };
    let first_nan = g.iter().position(|x| x.is_nan());
    let arg = |better: fn(f64, f64) -> bool| {
        first_nan.unwrap_or_else(|| {
            let mut b = 0;
            for i in 1..g.len() {
                if better(g[i], g[b]) {
                    b = i;
                }
            }
            b
        }) as f64
    };
    match op {
        Op::Sum => g.iter().sum(),
        Op::Mean => mean,
        Op::Var(c) => var(c),
        Op::Std(c) => var(c).sqrt(),
        Op::Max => first_nan.map_or_else(
            || g.iter().cloned().fold(f64::NEG_INFINITY, f64::max),
            |i| g[i],
        ),
        Op::Min => {
            first_nan.map_or_else(|| g.iter().cloned().fold(f64::INFINITY, f64::min), |i| g[i])
        }
        Op::ArgMax => arg(|a, b| a > b),
        Op::ArgMin => arg(|a, b| a < b),
        Op::LogSumExp => {
            let m = g.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
            if !m.is_finite() {
                return m;
            }
            m + g.iter().map(|x| (x - m).exp()).sum::<f64>().ln()
        }
    }
}

fn close(got: f64, want: f64, what: &str) {
    let ok = (got.is_nan() && want.is_nan())
        || got == want
        || (got - want).abs() <= 1e-9 * (1.0 + want.abs());
    assert!(ok, "{what}: got {got}, want {want}");
}

/// The keepdim shape of reducing `dims` over `axes`.
fn keep_dims(dims: &[usize], axes: &[usize]) -> Vec<usize> {
    (0..dims.len())
        .map(|i| if axes.contains(&i) { 1 } else { dims[i] })
        .collect()
}

/// Checks a result (its shape and values) against the naive reference.
fn check_naive(
    op: Op,
    data: &[f64],
    dims: &[usize],
    axes: &[usize],
    keepdim: bool,
    shape: &[usize],
    got: &[f64],
) {
    let (gs, out_dims) = groups(data, dims, axes);
    let want_shape = if keepdim {
        keep_dims(dims, axes)
    } else {
        out_dims
    };
    assert_eq!(
        shape,
        &want_shape[..],
        "{op:?} over {axes:?} of {dims:?}: shape"
    );
    assert_eq!(got.len(), gs.len());
    for (g, (&x, group)) in got.iter().zip(&gs).enumerate() {
        close(
            x,
            naive(op, group),
            &format!("{op:?} over {axes:?} of {dims:?}, output {g}"),
        );
    }
}

/// Bitwise equality, NaN equal to NaN: the layouts run the same loop.
fn same(a: &[f64], b: &[f64], what: &str) {
    assert_eq!(a.len(), b.len(), "{what}");
    for (x, y) in a.iter().zip(b) {
        assert!(
            x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan()),
            "{what}: {x} vs {y}"
        );
    }
}

fn usizes(x: &[usize]) -> Vec<f64> {
    x.iter().map(|&i| i as f64).collect()
}

// ---------------------------------------------------------------------------
// Reductions: static, mixed and runtime against each other and the reference.

/// Every reduction over the axes `X` (numbers `axes`) of the static shape
/// `S`, seen also through the mixed layout `M` and at run time.
fn reductions<S, M, X: Copy>(data: &[f64], x: X, axes: &[usize])
where
    S: Shape + ReduceAxes<X>,
    M: Layout + ReduceAxes<X>,
{
    let dims = S::DIMS.to_vec();
    let st = Tensor::<f64, S>::from_slice(data).unwrap();
    let mx = Tensor::<f64, M>::try_from(st.to_dyn()).unwrap();
    let dy = st.to_dyn();
    macro_rules! each {
        ($($op:expr, $keep:ident, $over:ident, $dynm:ident $(, $arg:expr)?);*) => {$(
            for keepdim in [true, false] {
                let (s, sshape, m, mshape) = if keepdim {
                    let s = st.$keep(x $(, $arg)?);
                    let m = mx.$keep(x $(, $arg)?);
                    (s.to_vec(), s.shape().to_vec(), m.to_vec(), m.shape().to_vec())
                } else {
                    let s = st.$over(x $(, $arg)?);
                    let m = mx.$over(x $(, $arg)?);
                    (s.to_vec(), s.shape().to_vec(), m.to_vec(), m.shape().to_vec())
                };
                let d = dy.$dynm(axes, $($arg,)? keepdim).unwrap();
                let what = format!("{:?} over {axes:?} of {dims:?}, keepdim {keepdim}", $op);
                assert_eq!(sshape, mshape, "{what}");
                assert_eq!(&sshape[..], d.shape(), "{what}");
                same(&s, &m, &what);
                same(&s, &d.to_vec(), &what);
                check_naive($op, data, &dims, axes, keepdim, &sshape, &s);
            }
        )*};
    }
    each!(
        Op::Sum, sum_keepdim, sum_over, sum_dims;
        Op::Mean, mean_keepdim, mean_over, mean_dims;
        Op::Var(1), var_keepdim, var_over, var_dims;
        Op::Std(1), std_keepdim, std_over, std_dims;
        Op::Var(0), var_keepdim_correction, var_over_correction, var_dims_correction, 0;
        Op::Std(2), std_keepdim_correction, std_over_correction, std_dims_correction, 2;
        Op::LogSumExp, logsumexp_keepdim, logsumexp_over, logsumexp_dims
    );
    if !axes.iter().any(|&a| dims[a] == 0) {
        each!(
            Op::Max, max_keepdim, max_over, max_dims;
            Op::Min, min_keepdim, min_over, min_dims
        );
    }
}

/// argmax/argmin and softmax/log_softmax along axis `K` of `S` (through
/// `M` and at run time).
fn along<S, M, const K: usize>(data: &[f64])
where
    S: Shape + ReduceAxes<Axis<K>>,
    M: Layout + ReduceAxes<Axis<K>>,
{
    let dims = S::DIMS.to_vec();
    let st = Tensor::<f64, S>::from_slice(data).unwrap();
    let mx = Tensor::<f64, M>::try_from(st.to_dyn()).unwrap();
    let dy = st.to_dyn();
    if dims[K] != 0 {
        for (op, max) in [(Op::ArgMax, true), (Op::ArgMin, false)] {
            for keepdim in [true, false] {
                let (s, shape, m) = match (max, keepdim) {
                    (true, true) => {
                        let s = st.argmax_keepdim(Axis::<K>);
                        (
                            s.to_vec(),
                            s.shape().to_vec(),
                            mx.argmax_keepdim(Axis::<K>).to_vec(),
                        )
                    }
                    (true, false) => {
                        let s = st.argmax_over(Axis::<K>);
                        (
                            s.to_vec(),
                            s.shape().to_vec(),
                            mx.argmax_over(Axis::<K>).to_vec(),
                        )
                    }
                    (false, true) => {
                        let s = st.argmin_keepdim(Axis::<K>);
                        (
                            s.to_vec(),
                            s.shape().to_vec(),
                            mx.argmin_keepdim(Axis::<K>).to_vec(),
                        )
                    }
                    (false, false) => {
                        let s = st.argmin_over(Axis::<K>);
                        (
                            s.to_vec(),
                            s.shape().to_vec(),
                            mx.argmin_over(Axis::<K>).to_vec(),
                        )
                    }
                };
                let d = if max {
                    dy.argmax(K, keepdim)
                } else {
                    dy.argmin(K, keepdim)
                }
                .unwrap();
                assert_eq!(s, m);
                assert_eq!(s, d.to_vec());
                check_naive(op, data, &dims, &[K], keepdim, &shape, &usizes(&s));
            }
        }
    }
    // softmax: exp(x - logsumexp) of the group, by the reference.
    for log in [false, true] {
        let (s, m, d) = if log {
            (
                st.log_softmax(Axis::<K>),
                mx.log_softmax(Axis::<K>),
                dy.log_softmax(K).unwrap(),
            )
        } else {
            (
                st.softmax(Axis::<K>),
                mx.softmax(Axis::<K>),
                dy.softmax(K).unwrap(),
            )
        };
        same(s.as_slice(), m.as_slice(), "softmax static vs mixed");
        same(s.as_slice(), d.as_slice(), "softmax static vs runtime");
        let (gs, _) = groups(data, &dims, &[K]);
        let lse: Vec<f64> = gs.iter().map(|g| naive(Op::LogSumExp, g)).collect();
        for (i, &x) in data.iter().enumerate() {
            let idx = unravel(i, &dims);
            let mut o = 0;
            for k in (0..dims.len()).filter(|&k| k != K) {
                o = o * dims[k] + idx[k];
            }
            let want = if log { x - lse[o] } else { (x - lse[o]).exp() };
            let got = s.as_slice()[i];
            assert!(
                (got - want).abs() <= 1e-9 * (1.0 + want.abs()),
                "softmax(log {log}) {i}: {got} vs {want}"
            );
        }
    }
}

fn data(n: usize) -> impl Strategy<Value = Vec<f64>> {
    prop::collection::vec(-50.0f64..50.0, n)
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn reductions_4_3(d in data(12)) {
        reductions::<shape![4, 3], shape![Dyn, 3], _>(&d, Axis::<0>, &[0]);
        reductions::<shape![4, 3], shape![Dyn, 3], _>(&d, Axis::<1>, &[1]);
        reductions::<shape![4, 3], shape![4, Dyn], _>(&d, (Axis::<0>, Axis::<1>), &[0, 1]);
        along::<shape![4, 3], shape![Dyn, 3], 0>(&d);
        along::<shape![4, 3], shape![Dyn, Dyn], 1>(&d);
    }

    #[test]
    fn reductions_5_3_4(d in data(60)) {
        reductions::<shape![5, 3, 4], shape![5, Dyn, 4], _>(&d, Axis::<0>, &[0]);
        reductions::<shape![5, 3, 4], shape![5, Dyn, 4], _>(&d, Axis::<1>, &[1]);
        reductions::<shape![5, 3, 4], shape![Dyn, 3, Dyn], _>(&d, Axis::<2>, &[2]);
        // Not adjacent: the gathering path.
        reductions::<shape![5, 3, 4], shape![Dyn, 3, 4], _>(&d, (Axis::<2>, Axis::<0>), &[2, 0]);
        reductions::<shape![5, 3, 4], shape![Dyn, 3, 4], _>(&d, (Axis::<1>, Axis::<2>), &[1, 2]);
        along::<shape![5, 3, 4], shape![5, Dyn, 4], 0>(&d);
        along::<shape![5, 3, 4], shape![5, Dyn, 4], 1>(&d);
        along::<shape![5, 3, 4], shape![Dyn, 3, 4], 2>(&d);
    }

    #[test]
    fn reductions_with_size_1_axes_and_long_rows(d in data(2 * 70)) {
        reductions::<shape![2, 1, 70], shape![Dyn, 1, 70], _>(&d, (Axis::<0>, Axis::<2>), &[0, 2]);
        reductions::<shape![2, 1, 70], shape![Dyn, 1, Dyn], _>(&d, Axis::<2>, &[2]);
        reductions::<shape![2, 1, 70], shape![2, Dyn, 70], _>(&d, Axis::<1>, &[1]);
        along::<shape![2, 1, 70], shape![Dyn, 1, 70], 0>(&d);
        along::<shape![2, 1, 70], shape![Dyn, 1, 70], 2>(&d);
    }

    #[test]
    fn reductions_of_size_0(d in data(0)) {
        reductions::<shape![2, 0, 3], shape![Dyn, 0, 3], _>(&d, Axis::<1>, &[1]);
        reductions::<shape![2, 0, 3], shape![2, Dyn, 3], _>(&d, Axis::<2>, &[2]);
        reductions::<shape![2, 0, 3], shape![2, Dyn, 3], _>(&d, Axis::<0>, &[0]);
        along::<shape![2, 0, 3], shape![Dyn, 0, 3], 0>(&d);
        along::<shape![2, 0, 3], shape![Dyn, 0, 3], 1>(&d);
    }

    /// Runtime shapes of rank 0 to 4 with sizes 0 to 4, a random set of axes.
    #[test]
    fn runtime_reductions_against_the_reference(
        (dims, d, mask) in prop::collection::vec(0usize..5, 0..5).prop_flat_map(|dims| {
            let n: usize = dims.iter().product();
            let r = dims.len();
            (Just(dims), data(n), prop::collection::vec(any::<bool>(), r))
        }),
        keepdim in any::<bool>(),
    ) {
        let t = DynTensor::from_vec(d.clone(), &dims).unwrap();
        let axes: Vec<usize> = (0..dims.len()).filter(|&i| mask[i]).collect();
        let empty = axes.iter().any(|&a| dims[a] == 0);
        let cases: Vec<(Op, Result<DynTensor<f64>, shaped::ShapeError>)> = vec![
            (Op::Sum, t.sum_dims(&axes, keepdim)),
            (Op::Mean, t.mean_dims(&axes, keepdim)),
            (Op::Var(1), t.var_dims(&axes, keepdim)),
            (Op::Std(0), t.std_dims_correction(&axes, 0, keepdim)),
            (Op::LogSumExp, t.logsumexp_dims(&axes, keepdim)),
            (Op::Max, t.max_dims(&axes, keepdim)),
            (Op::Min, t.min_dims(&axes, keepdim)),
        ];
        for (op, r) in cases {
            match (op, r) {
                (Op::Max | Op::Min, Err(e)) if empty => {
                    prop_assert!(e.to_string().contains("Expected reduction dim"));
                }
                (op, r) => {
                    let r = r.unwrap();
                    check_naive(op, &d, &dims, &axes, keepdim, r.shape(), &r.to_vec());
                }
            }
        }
    }

    /// Mixed layouts with random runtime sizes (0 to 5) against `DynTensor`.
    #[test]
    fn mixed_with_random_sizes(a in 0usize..6, b in 0usize..6, seed in data(6 * 3 * 6)) {
        let n = a * 3 * b;
        let d = seed[..n].to_vec();
        let m = Tensor::<f64, shape![Dyn, 3, Dyn]>::from_vec(d.clone(), &[a, b]).unwrap();
        let t = DynTensor::from_vec(d.clone(), &[a, 3, b]).unwrap();
        let s0: Tensor<f64, shape![1, 3, Dyn]> = m.sum_keepdim(Axis::<0>);
        let s1: Tensor<f64, shape![Dyn, Dyn]> = m.mean_over(Axis::<1>);
        let s2: Tensor<f64, shape![3]> = m.var_over((Axis::<0>, Axis::<2>));
        let s3: Tensor<f64, shape![Dyn, 3, 1]> = m.logsumexp_keepdim(Axis::<2>);
        same(s0.as_slice(), t.sum_dims(&[0], true).unwrap().as_slice(), "sum 0");
        same(s1.as_slice(), t.mean_dims(&[1], false).unwrap().as_slice(), "mean 1");
        same(s2.as_slice(), t.var_dims(&[0, 2], false).unwrap().as_slice(), "var 0 2");
        same(s3.as_slice(), t.logsumexp_dims(&[2], true).unwrap().as_slice(), "lse 2");
        let sm: Tensor<f64, shape![Dyn, 3, Dyn]> = m.softmax(Axis::<1>);
        same(sm.as_slice(), t.softmax(1).unwrap().as_slice(), "softmax 1");
        if a > 0 {
            let am: Tensor<usize, shape![3, Dyn]> = m.argmax_over(Axis::<0>);
            prop_assert_eq!(am.to_vec(), t.argmax(0, false).unwrap().to_vec());
        }
        check_naive(Op::Sum, &d, &[a, 3, b], &[0], true, &s0.shape(), s0.as_slice());
        check_naive(Op::Var(1), &d, &[a, 3, b], &[0, 2], false, &s2.shape(), s2.as_slice());
    }
}

#[test]
fn rank_0() {
    let s = Tensor::<f64, shape![]>::full(2.5);
    let d = DynTensor::scalar(2.5f64);
    assert_eq!(s.sum(), 2.5);
    assert_eq!(s.mean(), 2.5);
    assert_eq!(d.sum_dims(&[0], false).unwrap().to_vec(), vec![2.5]);
    assert_eq!(d.softmax(0).unwrap().to_vec(), vec![1.0]);
    assert_eq!(d.log_softmax(0).unwrap().to_vec(), vec![0.0]);
    assert_eq!(d.logsumexp_dims(&[0], true).unwrap().to_vec(), vec![2.5]);
    assert_eq!(s.exp().as_slice(), &[2.5f64.exp()]);
    let u: Tensor<f64, shape![1]> = s.unsqueeze(Axis::<0>);
    assert_eq!(u.as_slice(), &[2.5]);
}

#[test]
fn empty_max_panics_with_pytorchs_message() {
    let t = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[0]);
    let e = std::panic::catch_unwind(|| t.max_over(Axis::<0>)).unwrap_err();
    let msg = e.downcast_ref::<String>().unwrap();
    assert_eq!(
        msg,
        "amax(): Expected reduction dim 0 to have non-zero size."
    );
    let s = Tensor::<f32, shape![0, 3]>::zeros();
    let e = std::panic::catch_unwind(|| s.argmin_keepdim(Axis::<0>)).unwrap_err();
    assert!(
        e.downcast_ref::<String>()
            .unwrap()
            .starts_with("argmin(): Expected reduction dim 0")
    );
}

#[test]
fn softmax_on_infinities_nan_and_size_0() {
    let inf = f64::INFINITY;
    let t =
        Tensor::<f64, shape![4, 2]>::from_slice(&[-inf, 0.0, -inf, -inf, inf, 1.0, f64::NAN, 1.0])
            .unwrap();
    let p = t.softmax(Axis::<1>);
    let l = t.log_softmax(Axis::<1>);
    assert_eq!(&p.as_slice()[..2], &[0.0, 1.0]);
    assert_eq!(&l.as_slice()[..2], &[-inf, 0.0]);
    // All -inf, a +inf, a NaN: NaN throughout, as PyTorch.
    assert!(p.as_slice()[2..].iter().all(|x| x.is_nan()));
    assert!(l.as_slice()[2..].iter().all(|x| x.is_nan()));
    let lse = t.logsumexp_over(Axis::<1>);
    assert_eq!(&lse.as_slice()[..3], &[0.0, -inf, inf]);
    assert!(lse.as_slice()[3].is_nan());
    // Large values: no overflow.
    let big = Tensor::<f32, shape![2]>::from_slice(&[1000.0, 1000.0]).unwrap();
    assert_eq!(big.softmax(Axis::<0>).as_slice(), &[0.5, 0.5]);
    // log_softmax is not ln(softmax): tiny probabilities keep their logs.
    let far = Tensor::<f32, shape![2]>::from_slice(&[0.0, -200.0]).unwrap();
    assert_eq!(far.log_softmax(Axis::<0>).as_slice(), &[0.0, -200.0]);
    // Size 0: empty result; the logsumexp of nothing is -inf.
    let e = Tensor::<f64, shape![Dyn, 0]>::zeros_sized(&[3]);
    assert_eq!(e.softmax(Axis::<1>).numel(), 0);
    assert_eq!(e.logsumexp_over(Axis::<1>).to_vec(), vec![-inf; 3]);
    assert_eq!(
        DynTensor::<f64>::zeros(&[0, 4]).softmax(0).unwrap().shape(),
        &[0, 4]
    );
}

// ---------------------------------------------------------------------------
// Math, comparisons, where, map/zip on every layout.

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn math_on_every_layout(d in prop::collection::vec(-5.0f64..5.0, 6)) {
        let s = Tensor::<f64, shape![2, 3]>::from_slice(&d).unwrap();
        let m: Tensor<f64, shape![Dyn, 3]> = s.into_mixed();
        let t = s.to_dyn();
        macro_rules! each {
            ($($name:ident $(($($arg:expr),*))? => $f:expr),*) => {$(
                let want: Vec<f64> = d.iter().map(|&x| $f(x)).collect();
                let st: Tensor<f64, shape![2, 3]> = s.$name($($($arg),*)?);
                let mt: Tensor<f64, shape![Dyn, 3]> = m.$name($($($arg),*)?);
                same(st.as_slice(), &want, stringify!($name));
                same(mt.as_slice(), &want, stringify!($name));
                same(&t.$name($($($arg),*)?).to_vec(), &want, stringify!($name));
            )*};
        }
        let sign = |x: f64| if x > 0.0 { 1.0 } else if x < 0.0 { -1.0 } else { x };
        each!(
            exp => f64::exp, ln => f64::ln, sqrt => f64::sqrt, abs => f64::abs,
            sin => f64::sin, cos => f64::cos, tanh => f64::tanh, recip => f64::recip,
            sigmoid => |x: f64| 1.0 / (1.0 + (-x).exp()),
            relu => |x: f64| if x < 0.0 { 0.0 } else { x },
            signum => sign,
            powf(1.5) => |x: f64| x.powf(1.5),
            clamp(-1.0, 2.0) => |x: f64| if x < -1.0 { -1.0 } else if x > 2.0 { 2.0 } else { x }
        );
    }

    #[test]
    fn comparisons_where_and_zip_on_every_layout(a in data(6), b in data(3)) {
        let sa = Tensor::<f64, shape![2, 3]>::from_slice(&a).unwrap();
        let sb = Tensor::<f64, shape![3]>::from_slice(&b).unwrap();
        let ma: Tensor<f64, shape![Dyn, 3]> = sa.into_mixed();
        let (da, db) = (sa.to_dyn(), sb.to_dyn());
        let want: Vec<bool> = (0..6).map(|i| a[i] > b[i % 3]).collect();
        let s: shaped::Mask<shape![2, 3]> = sa.gt(&sb);
        let m: shaped::Mask<shape![Dyn, 3]> = ma.try_gt(&sb).unwrap();
        prop_assert_eq!(s.to_vec(), want.clone());
        prop_assert_eq!(m.to_vec(), want.clone());
        prop_assert_eq!(da.try_gt(&db).unwrap().to_vec(), want.clone());
        let wm: Vec<f64> = (0..6).map(|i| if want[i] { a[i] } else { b[i % 3] }).collect();
        let ws: Tensor<f64, shape![2, 3]> = s.where_cond(&sa, &sb);
        let wmx: Tensor<f64, shape![Dyn, 3]> = m.where_cond(&ma, &sb);
        prop_assert_eq!(ws.to_vec(), wm.clone());
        prop_assert_eq!(wmx.to_vec(), wm.clone());
        prop_assert_eq!(da.try_gt(&db).unwrap().where_cond(&da, &db).unwrap().to_vec(), wm);
        prop_assert_eq!((!&s).count(), 6 - want.iter().filter(|&&x| x).count());
        prop_assert_eq!(s.cast::<f64>().to_vec(), want.iter().map(|&x| x as u8 as f64).collect::<Vec<_>>());
        let z: Tensor<f64, shape![Dyn, 3]> = ma.zip_with(&sb, |x, y| x * y - 1.0);
        let zd = da.zip_with(&db, |x, y| x * y - 1.0).unwrap();
        prop_assert_eq!(z.to_vec(), zd.to_vec());
        let le: Tensor<u8, shape![Dyn, 3]> = ma.map_to(|x| (x <= 0.0) as u8);
        prop_assert_eq!(le.to_vec(), da.map_to(|x| (x <= 0.0) as u8).to_vec());
        let eq = sa.eq_elem(&sa);
        prop_assert!(eq.all());
    }
}

// ---------------------------------------------------------------------------
// Shape operations on every layout, against DynTensor's (tested in
// tests/suite/toolkit.rs) and an index-by-index reference for transpose.

proptest! {
    #![proptest_config(config(32))]

    #[test]
    fn shape_ops_on_every_layout(n in 0usize..5, d in prop::collection::vec(-9i32..9, 4 * 2 * 3)) {
        let data: Vec<i32> = d[..n * 2 * 3].to_vec();
        let m = Tensor::<i32, shape![Dyn, 2, 3]>::from_vec(data.clone(), &[n]).unwrap();
        let t = DynTensor::from_vec(data.clone(), &[n, 2, 3]).unwrap();

        let u: Tensor<i32, shape![Dyn, 2, 1, 3]> = m.unsqueeze(Axis::<2>);
        prop_assert_eq!(u.to_vec(), t.unsqueeze(2).unwrap().to_vec());
        prop_assert_eq!(u.shape().to_vec(), t.unsqueeze(2).unwrap().shape().to_vec());
        let q: Tensor<i32, shape![Dyn, 2, 3]> = u.squeeze(Axis::<2>);
        prop_assert_eq!(q.as_slice(), &data[..]);

        let tr: Tensor<i32, shape![3, 2, Dyn]> = m.transpose(Axis::<0>, Axis::<2>);
        prop_assert_eq!(tr.to_vec(), t.transpose(0, 2).unwrap().to_vec());
        for i in 0..n {
            for j in 0..2 {
                for k in 0..3 {
                    prop_assert_eq!(tr[[k, j, i]], m[[i, j, k]]);
                }
            }
        }
        let p: Tensor<i32, shape![2, 3, Dyn]> = m.permute((Axis::<1>, Axis::<2>, Axis::<0>));
        prop_assert_eq!(p.to_vec(), t.permute(&[1, 2, 0]).unwrap().to_vec());

        let r: Tensor<i32, shape![Dyn, 6]> = m.try_reshape().unwrap();
        prop_assert_eq!(&*r.shape(), &[n, 6]);
        prop_assert_eq!(r.as_slice(), &data[..]);
        prop_assert_eq!(m.try_reshape::<shape![Dyn, 4]>().is_ok(), (n * 6) % 4 == 0);

        let s: Tensor<i32, shape![Dyn, 2, 2, 3]> = Tensor::try_stack([&m, &m], Axis::<2>).unwrap();
        prop_assert_eq!(s.to_vec(), DynTensor::stack([&t, &t], 2).unwrap().to_vec());
        let c: Tensor<i32, shape![Dyn, 2, 3]> = Tensor::try_cat([&m, &m, &m], Axis::<0>).unwrap();
        prop_assert_eq!(c.to_vec(), DynTensor::cat([&t, &t, &t], 0).unwrap().to_vec());
        let c1: Tensor<i32, shape![Dyn, 4, 3]> = Tensor::try_cat([&m, &m], Axis::<1>).unwrap();
        prop_assert_eq!(c1.to_vec(), DynTensor::cat([&t, &t], 1).unwrap().to_vec());
        // A static size in the result that the parts do not have.
        prop_assert!(Tensor::try_stack::<shape![3, Dyn, 2, 3], 0>(&[&m, &m], Axis::<0>).is_err());

        let row = Tensor::<i32, shape![3]>::from_slice(&[1, 2, 3]).unwrap();
        let b: Tensor<i32, shape![Dyn, 2, 3]> = row.try_broadcast_as(&m).unwrap();
        prop_assert_eq!(b.to_vec(), row.to_dyn().broadcast_to(&[n, 2, 3]).unwrap().to_vec());
    }
}

#[test]
fn static_shape_ops() {
    let t = Tensor::<i32, shape![2, 3]>::arange();
    let d = t.to_dyn();
    let tr: Tensor<i32, shape![3, 2]> = t.transpose(Axis::<0>, Axis::<1>);
    assert_eq!(tr.as_slice(), d.transpose(0, 1).unwrap().as_slice());
    let s: Tensor<i32, shape![2, 2, 3]> = Tensor::stack([&t, &t], Axis::<0>);
    assert_eq!(
        s.as_slice(),
        DynTensor::stack([&d, &d], 0).unwrap().as_slice()
    );
    let c: Tensor<i32, shape![2, 6]> = Tensor::cat([&t, &t], Axis::<1>);
    assert_eq!(
        c.as_slice(),
        DynTensor::cat([&d, &d], 1).unwrap().as_slice()
    );
    let b: Tensor<i32, shape![4, 2, 3]> = t.broadcast_to();
    assert_eq!(b.as_slice(), d.broadcast_to(&[4, 2, 3]).unwrap().as_slice());
    let r: Tensor<i32, shape![3, 2]> = t.reshape();
    assert_eq!(r.as_slice(), t.as_slice());
    // A static tensor into a mixed layout by reshape (the Dyn size inferred).
    let m: Tensor<i32, shape![Dyn, 2]> = t.try_reshape().unwrap();
    assert_eq!(&*m.shape(), &[3, 2]);
    // Squeezing a Dyn axis is checked at run time.
    let e = Tensor::<i32, shape![Dyn, 3]>::zeros_sized(&[2])
        .try_squeeze(Axis::<0>)
        .unwrap_err();
    assert!(matches!(e, shaped::ShapeError::SqueezeSize { .. }));
}

/// NaN propagates through `max`/`min` and `argmax` points at the first NaN,
/// in short rows (one comparison chain) and long ones (eight lanes).
#[test]
fn nan_in_short_and_long_rows() {
    for len in [3usize, 40, 100] {
        for at in [0, len / 2, len - 1] {
            let mut d: Vec<f64> = (0..len).map(|i| ((i * 7) % 13) as f64).collect();
            d[at] = f64::NAN;
            if at + 1 < len {
                d[at + 1] = f64::NAN;
            }
            let t = DynTensor::from_vec(d.clone(), &[1, len]).unwrap();
            assert!(t.max_dims(&[1], false).unwrap().to_vec()[0].is_nan());
            assert!(t.min_dims(&[1], false).unwrap().to_vec()[0].is_nan());
            assert_eq!(t.argmax(1, false).unwrap().to_vec(), vec![at]);
            assert_eq!(t.argmin(1, false).unwrap().to_vec(), vec![at]);
            assert!(t.softmax(1).unwrap().to_vec().iter().all(|x| x.is_nan()));
            // Without NaN: the reference maximum and minimum, first on ties.
            let clean: Vec<f64> = (0..len).map(|i| ((i * 7) % 13) as f64).collect();
            let c = DynTensor::from_vec(clean.clone(), &[len]).unwrap();
            assert_eq!(
                c.max_dims(&[0], false).unwrap().to_vec(),
                vec![clean.iter().cloned().fold(f64::MIN, f64::max)]
            );
            assert_eq!(
                c.min_dims(&[0], false).unwrap().to_vec(),
                vec![clean.iter().cloned().fold(f64::MAX, f64::min)]
            );
            let top = clean.iter().cloned().fold(f64::MIN, f64::max);
            let first = clean.iter().position(|&x| x == top).unwrap();
            assert_eq!(c.argmax(0, false).unwrap().to_vec(), vec![first]);
        }
    }
}

/// Named static shapes in the toolkit: reductions keep the names of the
/// axes they keep (and, with keepdim, of the reduced ones, as at run time);
/// shape operations move names with their dimensions.
#[test]
// The annotated named types are the assertions; small tensors are `Copy`,
// and the reference operators are what is under test.
#[allow(clippy::type_complexity, clippy::op_ref)]
fn named_static_shapes() {
    shaped::dim_names!(BATCH, CHANNEL, HEIGHT, WIDTH);
    type Img = shape![BATCH: 2, CHANNEL: 3, HEIGHT: 4, WIDTH: 5];
    let y = Tensor::<f32, Img>::arange();
    let m: Tensor<f32, shape![BATCH: 2, CHANNEL: 3, HEIGHT: 1, WIDTH: 1]> =
        y.mean_keepdim((Axis::<2>, Axis::<3>));
    let d = y.to_dyn();
    let dm = d.mean_dims(&[2, 3], true).unwrap();
    assert_eq!(m.names(), dm.names());
    same(
        &m.to_vec().iter().map(|&x| x as f64).collect::<Vec<_>>(),
        &dm.to_vec().iter().map(|&x| x as f64).collect::<Vec<_>>(),
        "named mean",
    );
    let s: Tensor<f32, shape![BATCH: 2, WIDTH: 5]> = y.sum_over((Axis::<1>, Axis::<2>));
    assert_eq!(s.names(), d.sum_dims(&[1, 2], false).unwrap().names());
    // The statistics broadcast back by name.
    let centred: Tensor<f32, Img> = &y - &m;
    assert_eq!(centred.names(), y.names());
    let t: Tensor<f32, shape![WIDTH: 5, CHANNEL: 3, HEIGHT: 4, BATCH: 2]> =
        y.transpose(Axis::<0>, Axis::<3>);
    assert_eq!(t.names(), d.transpose(0, 3).unwrap().names());
    let u: Tensor<f32, shape![BATCH: 2, 1, CHANNEL: 3, HEIGHT: 4, WIDTH: 5]> =
        y.unsqueeze(Axis::<1>);
    assert_eq!(u.names(), d.unsqueeze(1).unwrap().names());
}

// ---------------------------------------------------------------------------
// Negative runtime axes: -1 is the last, as in PyTorch.

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn negative_axes_count_from_the_right(
        (dims, d) in prop::collection::vec(1usize..4, 1..5).prop_flat_map(|dims| {
            let n: usize = dims.iter().product();
            (Just(dims), data(n))
        }),
        pick in any::<prop::sample::Index>(),
    ) {
        let t = DynTensor::from_vec(d, &dims).unwrap();
        let r = dims.len();
        let k = pick.index(r);
        let neg = k as i64 - r as i64; // the same axis, from the right
        prop_assert_eq!(t.sum_dims(&[neg], true).unwrap(), t.sum_dims(&[k], true).unwrap());
        let (a, b) = (t.var_dims(&[neg as i32], false).unwrap(), t.var_dims(&[k], false).unwrap());
        prop_assert_eq!(a.shape(), b.shape());
        same(a.as_slice(), b.as_slice(), "var"); // NaN for a single element
        prop_assert_eq!(t.argmax(neg, false).unwrap(), t.argmax(k, false).unwrap());
        prop_assert_eq!(t.softmax(neg).unwrap(), t.softmax(k).unwrap());
        prop_assert_eq!(t.transpose(neg, 0).unwrap(), t.transpose(k, 0).unwrap());
        prop_assert_eq!(t.unsqueeze(neg - 1).unwrap(), t.unsqueeze(k).unwrap());
        prop_assert_eq!(t.unsqueeze(-1).unwrap().shape().last().copied(), Some(1));
        prop_assert_eq!(
            DynTensor::stack([&t, &t], neg - 1).unwrap(),
            DynTensor::stack([&t, &t], k).unwrap()
        );
        prop_assert_eq!(DynTensor::cat([&t, &t], neg).unwrap(), DynTensor::cat([&t, &t], k).unwrap());
        let perm: Vec<i64> = (0..r as i64).rev().map(|a| a - r as i64).collect();
        let plain: Vec<usize> = (0..r).rev().collect();
        prop_assert_eq!(t.permute(&perm).unwrap(), t.permute(&plain).unwrap());
        // One past either end is PyTorch's error, quoting the axis as given.
        let e = t.sum_dims(&[-(r as i64) - 1], false).unwrap_err();
        let want = format!(
            "Dimension out of range (expected to be in range of [-{r}, {}], but got {})",
            r - 1,
            -(r as i64) - 1
        );
        let msg = e.to_string();
        prop_assert_eq!(msg.lines().next().unwrap(), want.as_str());
        prop_assert!(t.sum_dims(&[k as i64, neg], false).is_err()); // the same axis twice
    }
}

#[test]
fn negative_axes_examples() {
    let t = DynTensor::from_vec(vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3]).unwrap();
    assert_eq!(t.sum_dims(&[-1], false).unwrap().to_vec(), vec![6.0, 15.0]);
    assert!(t.squeeze(-1).is_err()); // size 3, not 1
    assert_eq!(t.unsqueeze(0).unwrap().squeeze(-3).unwrap(), t);
    assert_eq!(
        t.unsqueeze(-4)
            .unwrap_err()
            .to_string()
            .lines()
            .next()
            .unwrap(),
        "Dimension out of range (expected to be in range of [-3, 2], but got -4)"
    );
    let s = DynTensor::scalar(3.0f32);
    assert_eq!(s.sum_dims(&[-1], false).unwrap().to_vec(), vec![3.0]);
}
