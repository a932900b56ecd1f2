//! The elementwise vocabulary (unary float functions, masks, binary math
//! with broadcasting, `cast`) on static, mixed and runtime tensors, against
//! NumPy's values (floats to the last ulp unless a tolerance is stated).

use shaped::{Dyn, DynTensor, Tensor, shape};

/// `f64`s equal to within `ulps` units in the last place (NaN equal to NaN).
fn close(a: f64, b: f64, ulps: u64) -> bool {
    if a.is_nan() || b.is_nan() {
        return a.is_nan() && b.is_nan();
    }
    if a == b {
        return true;
    }
    if a.signum() != b.signum() {
        return false;
    }
    a.to_bits().abs_diff(b.to_bits()) <= ulps
}

fn assert_close(got: &[f64], want: &[f64], ulps: u64) {
    assert_eq!(got.len(), want.len());
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        assert!(
            close(g, w, ulps),
            "element {i}: got {g:e}, NumPy gives {w:e}"
        );
    }
}

#[test]
fn unary_functions_match_numpy_on_every_layout() {
    // (function, input, NumPy's value)
    #[allow(clippy::type_complexity)]
    let cases: &[(&str, fn(&DynTensor<f64>) -> DynTensor<f64>, f64, f64)] = &[
        ("log2", DynTensor::log2, 8.0, 3.0),
        ("log10", DynTensor::log10, 1000.0, 3.0),
        ("log1p", DynTensor::log1p, 1e-10, 9.9999999995e-11),
        ("exp2", DynTensor::exp2, 10.0, 1024.0),
        ("expm1", DynTensor::expm1, 1e-10, 1.00000000005e-10),
        ("tan", DynTensor::tan, 1.0, 1.5574077246549023),
        ("asin", DynTensor::asin, 1.0, core::f64::consts::FRAC_PI_2),
        ("acos", DynTensor::acos, -1.0, core::f64::consts::PI),
        ("atan", DynTensor::atan, 1.0, core::f64::consts::FRAC_PI_4),
        ("sinh", DynTensor::sinh, 1.0, 1.1752011936438014),
        ("cosh", DynTensor::cosh, 1.0, 1.5430806348152437),
        ("asinh", DynTensor::asinh, 1.0, 0.881373587019543),
        ("acosh", DynTensor::acosh, 2.0, 1.3169578969248166),
        ("atanh", DynTensor::atanh, 0.5, 0.5493061443340549),
        ("square", DynTensor::square, -3.0, 9.0),
        ("rsqrt", DynTensor::rsqrt, 4.0, 0.5),
        ("erf", DynTensor::erf, 1.0, 0.8427007929497149),
        ("erf", DynTensor::erf, 0.5, 0.5204998778130465),
        ("gelu", DynTensor::gelu, 1.0, 0.8413447460685429),
        ("gelu", DynTensor::gelu, -1.0, -0.15865525393145705),
        ("silu", DynTensor::silu, 1.0, 0.7310585786300049),
        ("softplus", DynTensor::softplus, 1.0, 1.3132616875182228),
        ("softplus", DynTensor::softplus, 30.0, 30.0),
        ("floor", DynTensor::floor, -0.5, -1.0),
        ("ceil", DynTensor::ceil, -0.5, -0.0),
        ("trunc", DynTensor::trunc, -1.7, -1.0),
    ];
    for &(name, f, x, want) in cases {
        let got = f(&DynTensor::from_vec(vec![x], &[1]).unwrap()).to_vec();
        // 2 ulps: `gelu` rounds `x/√2` before `erfc`.
        assert!(
            close(got[0], want, 2),
            "{name}({x}) = {:e}, NumPy {want:e}",
            got[0]
        );
    }
    // The same functions on static and mixed tensors give the same bits.
    // The value is Φ(-1)·(-1), Φ the normal CDF: -0.158655253931457051...
    let xs = [1.0f64, 1.5, 2.0, 3.5];
    let s = Tensor::<f64, shape![2, 2]>::from_slice(&xs).unwrap();
    let m = Tensor::<f64, shape![Dyn, 2]>::from_vec(xs.to_vec(), &[2]).unwrap();
    let d = DynTensor::from_vec(xs.to_vec(), &[2, 2]).unwrap();
    assert_eq!(s.gelu().to_vec(), d.gelu().to_vec());
    assert_eq!(m.acosh().to_vec(), d.acosh().to_vec());
    assert_eq!(s.softplus().as_slice(), m.softplus().to_vec().as_slice());
    assert_eq!(m.erf().shape(), m.shape());
}

#[test]
fn unary_functions_on_f32_are_within_one_ulp_of_numpy() {
    let t = Tensor::<f32, shape![3]>::from_slice(&[0.5, 1.0, -2.0]).unwrap();
    // The float32 nearest to the exact values (scipy.special.erf, numpy.expm1
    // in float64, rounded once).
    let erf = t.erf();
    let want = [
        0.5204998778130465f64,
        0.8427007929497149,
        -0.9953222650189527,
    ]
    .map(|v| v as f32);
    for (g, w) in erf.as_slice().iter().zip(want) {
        assert!(g.to_bits().abs_diff(w.to_bits()) <= 1, "{g} vs {w}");
    }
    let expm1 = t.expm1();
    let want = [
        0.6487212707001282f64,
        1.718281828459045,
        -0.8646647167633873,
    ]
    .map(|v| v as f32);
    for (g, w) in expm1.as_slice().iter().zip(want) {
        assert!(g.to_bits().abs_diff(w.to_bits()) <= 1, "{g} vs {w}");
    }
}

#[test]
fn round_takes_halves_to_even_as_numpy() {
    let d = DynTensor::from_vec(
        vec![
            0.5f64,
            1.5,
            2.5,
            -0.5,
            -2.5,
            2.4999999999999996,
            4503599627370497.0,
        ],
        &[7],
    )
    .unwrap();
    let r = d.round().to_vec();
    assert_eq!(r, vec![0.0, 2.0, 2.0, -0.0, -2.0, 2.0, 4503599627370497.0]);
    assert!(r[3].is_sign_negative());
    let s = Tensor::<f32, shape![3]>::from_slice(&[0.5, 1.5, -3.5]).unwrap();
    assert_eq!(s.round().as_slice(), &[0.0, 2.0, -4.0]);
}

#[test]
fn edges_nan_infinities_and_domains() {
    let nan = f64::NAN;
    let inf = f64::INFINITY;
    let d = DynTensor::from_vec(vec![nan, inf, -inf, 0.0, -1.0], &[5]).unwrap();
    assert_close(&d.log2().to_vec(), &[nan, inf, nan, -inf, nan], 0);
    assert_close(&d.log1p().to_vec(), &[nan, inf, nan, 0.0, -inf], 0);
    assert_close(
        &d.expm1().to_vec(),
        &[nan, inf, -1.0, 0.0, -0.6321205588285577],
        1,
    );
    assert_close(
        &d.erf().to_vec(),
        &[nan, 1.0, -1.0, 0.0, -0.8427007929497149],
        1,
    );
    assert_close(&d.rsqrt().to_vec(), &[nan, 0.0, nan, inf, nan], 0);
    assert_close(&d.atanh().to_vec(), &[nan, nan, nan, 0.0, -inf], 0);
    assert_close(
        &d.softplus().to_vec(),
        &[nan, inf, 0.0, core::f64::consts::LN_2, 0.31326168751822286],
        1,
    );
    assert_close(
        &d.silu().to_vec(),
        &[nan, inf, nan, 0.0, -0.2689414213699951],
        1,
    );
    assert_close(&d.round().to_vec(), &[nan, inf, -inf, 0.0, -1.0], 0);
    // -inf * sigmoid(-inf): PyTorch's silu(-inf) is NaN too (-inf * 0).
}

#[test]
fn masks_classify_every_layout() {
    let v = vec![
        1.0f32,
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        -0.0,
        f32::MAX,
    ];
    let d = DynTensor::from_vec(v.clone(), &[2, 3]).unwrap();
    assert_eq!(
        d.isnan().to_vec(),
        vec![false, true, false, false, false, false]
    );
    assert_eq!(
        d.isinf().to_vec(),
        vec![false, false, true, true, false, false]
    );
    assert_eq!(
        d.isfinite().to_vec(),
        vec![true, false, false, false, true, true]
    );
    assert_eq!(d.isnan().shape(), &[2, 3]);
    let s = Tensor::<f32, shape![2, 3]>::from_slice(&v).unwrap();
    assert_eq!(s.isinf().to_vec(), d.isinf().to_vec());
    let m = Tensor::<f32, shape![Dyn, 3]>::from_vec(v, &[2]).unwrap();
    assert_eq!(m.isfinite().count(), 3);
    // Integers: never NaN or infinite (PyTorch's isnan on an int tensor).
    let i = DynTensor::from_vec(vec![i32::MIN, 0, i32::MAX], &[3]).unwrap();
    assert!(i.isfinite().all() && !i.isnan().any() && !i.isinf().any());
}

#[test]
fn size_zero_and_rank_zero() {
    let e = DynTensor::<f32>::zeros(&[0, 3]);
    assert_eq!(e.log1p().shape(), &[0, 3]);
    assert_eq!(e.isnan().shape(), &[0, 3]);
    assert_eq!(e.cast::<i8>().shape(), &[0, 3]);
    assert_eq!(
        e.try_maximum(&DynTensor::zeros(&[1, 3])).unwrap().shape(),
        &[0, 3]
    );
    let s = Tensor::<f64, shape![]>::full(0.25);
    assert_eq!(s.square().as_slice(), &[0.0625]);
    assert_eq!(s.cast::<u8>().as_slice(), &[0]);
    let r = DynTensor::scalar(2.0f64);
    assert_eq!(r.hypot(&r).to_vec(), vec![core::f64::consts::SQRT_2 * 2.0]);
    assert_eq!(r.exp2().shape(), &[] as &[usize]);
}

#[test]
fn binary_functions_match_numpy_and_broadcast() {
    let a = DynTensor::from_vec(vec![1.0, -1.0], &[2, 1]).unwrap();
    let b = DynTensor::from_vec(vec![-1.0, 0.0, 1.0], &[3]).unwrap();
    let t = a.atan2(&b);
    assert_eq!(t.shape(), &[2, 3]);
    let pi = core::f64::consts::PI;
    assert_close(
        &t.to_vec(),
        &[
            3.0 * pi / 4.0,
            pi / 2.0,
            pi / 4.0,
            -3.0 * pi / 4.0,
            -pi / 2.0,
            -pi / 4.0,
        ],
        0,
    );
    assert_close(
        &a.copysign(&b).to_vec(),
        &[-1.0, 1.0, 1.0, -1.0, 1.0, 1.0],
        0,
    );
    assert_close(
        &a.hypot(&b).to_vec(),
        &[2f64.sqrt(), 1.0, 2f64.sqrt(), 2f64.sqrt(), 1.0, 2f64.sqrt()],
        0,
    );
    // numpy.logaddexp
    let x = DynTensor::from_vec(
        vec![1.0, -1000.0, 1000.0, f64::NEG_INFINITY, f64::INFINITY, 0.0],
        &[6],
    )
    .unwrap();
    let y = DynTensor::from_vec(
        vec![
            2.0,
            -1000.0,
            1000.0,
            f64::NEG_INFINITY,
            f64::INFINITY,
            f64::NAN,
        ],
        &[6],
    )
    .unwrap();
    let l = x.logaddexp(&y).to_vec();
    assert_close(
        &l,
        &[
            2.3132616875182228,
            -999.3068528194401,
            1000.6931471805599,
            f64::NEG_INFINITY,
            f64::INFINITY,
            f64::NAN,
        ],
        1,
    );
    // maximum/minimum propagate NaN (numpy.maximum, torch.maximum).
    let p = DynTensor::from_vec(vec![1.0, f64::NAN, 3.0], &[3]).unwrap();
    let q = DynTensor::from_vec(vec![f64::NAN, 2.0, 2.0], &[3]).unwrap();
    assert_close(&p.maximum(&q).to_vec(), &[f64::NAN, f64::NAN, 3.0], 0);
    assert_close(&p.minimum(&q).to_vec(), &[f64::NAN, f64::NAN, 2.0], 0);
    let err = p.try_atan2(&DynTensor::zeros(&[2])).unwrap_err();
    assert_eq!(
        err.to_string().lines().next().unwrap(),
        "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0"
    );
}

#[test]
fn binary_functions_on_static_and_mixed_layouts() {
    let a = Tensor::<i32, shape![2, 1]>::from_slice(&[3, -2]).unwrap();
    let b = Tensor::<i32, shape![3]>::from_slice(&[0, 1, 5]).unwrap();
    let m: Tensor<i32, shape![2, 3]> = a.maximum(&b);
    assert_eq!(m.as_slice(), &[3, 3, 5, 0, 1, 5]);
    let n: Tensor<i32, shape![2, 3]> = a.minimum(&b);
    assert_eq!(n.as_slice(), &[0, 1, 3, -2, -2, -2]);
    let p: Tensor<i32, shape![2, 3]> = a.pow(&b);
    assert_eq!(p.as_slice(), &[1, 3, 243, 1, -2, -32]);
    let x = Tensor::<f32, shape![Dyn, 2]>::from_vec(vec![1.0, 2.0, 3.0, 4.0], &[2]).unwrap();
    let y = Tensor::<f32, shape![2]>::from_slice(&[2.0, 0.5]).unwrap();
    assert_eq!(x.pow(&y).to_vec(), vec![1.0, 2f32.sqrt(), 9.0, 2.0]);
    let bad = Tensor::<f32, shape![Dyn]>::from_vec(vec![1.0; 3], &[3]).unwrap();
    assert!(x.try_hypot(&bad).is_err());
    assert_eq!(x.try_hypot(&y).unwrap().to_vec(), x.hypot(&y).to_vec());
}

#[test]
fn integer_pow_wraps_and_negative_exponents_truncate() {
    let base = DynTensor::from_vec(vec![2i32, -1, -1, 1, 3, 0, 2], &[7]).unwrap();
    let exp = DynTensor::from_vec(vec![31i32, -3, -2, -5, -1, 0, 40], &[7]).unwrap();
    // 2^31 wraps to i32::MIN; 2^40 wraps to 0 (low 32 bits); 0^0 = 1.
    assert_eq!(base.pow(&exp).to_vec(), vec![i32::MIN, -1, 1, 1, 0, 1, 0]);
    let u = DynTensor::from_vec(vec![3u8], &[1]).unwrap();
    assert_eq!(u.pow(&DynTensor::scalar(5u8)).to_vec(), vec![243]);
    assert_eq!(
        u.pow(&DynTensor::scalar(6u8)).to_vec(),
        vec![(729u32 % 256) as u8]
    );
}

#[test]
fn cast_truncates_saturates_and_wraps() {
    let f = DynTensor::from_vec(vec![-1.7f64, 1.7, 1e20, -1e20, f64::NAN, -0.0], &[6]).unwrap();
    assert_eq!(
        f.cast::<i64>().to_vec(),
        vec![-1, 1, i64::MAX, i64::MIN, 0, 0]
    );
    assert_eq!(f.cast::<u16>().to_vec(), vec![0, 1, u16::MAX, 0, 0, 0]);
    assert_eq!(f.cast::<f32>().to_vec()[2], 1e20f32);
    let big = DynTensor::from_vec(vec![1e300f64], &[1]).unwrap();
    assert_eq!(big.cast::<f32>().to_vec(), vec![f32::INFINITY]);
    let i = Tensor::<i64, shape![3]>::from_slice(&[-1, 256, 16_777_217]).unwrap();
    assert_eq!(i.cast::<u8>().as_slice(), &[255, 0, 1]);
    assert_eq!(i.cast::<f32>().as_slice(), &[-1.0, 256.0, 16_777_216.0]); // nearest f32
    let m = Tensor::<u32, shape![Dyn, 1]>::from_vec(vec![u32::MAX], &[1]).unwrap();
    let c: Tensor<i32, shape![Dyn, 1]> = m.cast();
    assert_eq!(c.to_vec(), vec![-1]);
}

#[test]
fn names_survive_elementwise_functions() {
    let d = DynTensor::from_vec(vec![1.0f32, 2.0], &[2])
        .unwrap()
        .with_names(["x"])
        .unwrap();
    assert_eq!(d.tan().names(), vec![Some("x")]);
    assert_eq!(d.cast::<i8>().names(), vec![Some("x")]);
    assert_eq!(d.isnan().shape(), &[2]);
}

proptest::proptest! {
    #[test]
    fn round_agrees_with_round_ties_even(bits in proptest::prelude::any::<u32>(), wide in proptest::prelude::any::<u64>()) {
        let x = f32::from_bits(bits);
        let got = DynTensor::from_vec(vec![x], &[1]).unwrap().round().to_vec()[0];
        let want = x.round_ties_even();
        proptest::prop_assert!(got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()), "{x}: {got} vs {want}");
        let y = f64::from_bits(wide);
        let got = DynTensor::from_vec(vec![y], &[1]).unwrap().round().to_vec()[0];
        let want = y.round_ties_even();
        proptest::prop_assert!(got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()), "{y}: {got} vs {want}");
    }
}

// Arithmetic with masks (issue 56): the mask read as 0 and 1 of the
// tensor's type, against NumPy 2.4 (`gh * (h > 0)`, `gh + m`, `m - gh`,
// `x * mm`, `mm - x` with boolean arrays).
#[test]
#[allow(clippy::op_ref)] // the reference forms are under test
fn masks_in_arithmetic_match_numpy_on_every_layout() {
    let h = Tensor::<f32, shape![2, 3]>::from_slice(&[-1.0, 2.0, 0.0, 3.0, -4.0, 5.0]).unwrap();
    let gh = Tensor::<f32, shape![2, 3]>::from_slice(&[1.5, 2.5, 3.5, 4.5, 5.5, 6.5]).unwrap();
    let relu_back = vec![0.0, 2.5, 0.0, 4.5, 0.0, 6.5];
    let s: Tensor<f32, shape![2, 3]> = &gh * &h.gt(0.0);
    assert_eq!(s.to_vec(), relu_back);
    let s: Tensor<f32, shape![2, 3]> = h.gt(0.0) * gh;
    assert_eq!(s.to_vec(), relu_back);
    let gm: Tensor<f32, shape![Dyn, 3]> = gh.into_mixed();
    let hm: Tensor<f32, shape![Dyn, 3]> = h.into_mixed();
    let m: Tensor<f32, shape![Dyn, 3]> = &gm * &hm.gt(0.0);
    assert_eq!(m.to_vec(), relu_back);
    let d = &gh.to_dyn() * &h.to_dyn().gt(0.0);
    assert_eq!((d.shape(), d.to_vec()), (&[2, 3][..], relu_back.clone()));
    assert_eq!((&h.to_dyn().gt(0.0) * gh.to_dyn()).to_vec(), relu_back);
    // Mixed kinds give a DynTensor.
    assert_eq!((&gh * &h.to_dyn().gt(0.0)).to_vec(), relu_back);
    assert_eq!((&gh.to_dyn() * &h.gt(0.0)).to_vec(), relu_back);

    // Broadcasting a [3] mask over [2, 3]: np gh + m, m - gh, gh / (m | True).
    let mask = Tensor::<f32, shape![3]>::from_slice(&[1.0, -1.0, 1.0])
        .unwrap()
        .gt(0.0);
    let add: Tensor<f32, shape![2, 3]> = &gh + &mask;
    assert_eq!(add.to_vec(), vec![2.5, 2.5, 4.5, 5.5, 5.5, 7.5]);
    let sub: Tensor<f32, shape![2, 3]> = &mask - &gh;
    assert_eq!(sub.to_vec(), vec![-0.5, -2.5, -2.5, -3.5, -5.5, -5.5]);
    let all = mask.logical_or(&mask.logical_not());
    let div: Tensor<f32, shape![2, 3]> = &gh / &all;
    assert_eq!(div.to_vec(), gh.to_vec());
    let dm = mask.clone().into_dyn();
    assert_eq!((&gh.to_dyn() + &dm).to_vec(), add.to_vec());
    assert_eq!((&dm - &gh.to_dyn()).to_vec(), sub.to_vec());

    // Integers, a column mask [2, 1]: np x * mm, mm - x.
    let x = Tensor::<i32, shape![2, 3]>::from_slice(&[1, 2, 3, 4, 5, 6]).unwrap();
    let col = Tensor::<i32, shape![2, 1]>::from_slice(&[1, 0])
        .unwrap()
        .gt(0);
    let xm: Tensor<i32, shape![2, 3]> = &x * &col;
    assert_eq!(xm.to_vec(), vec![1, 2, 3, 0, 0, 0]);
    let mx: Tensor<i32, shape![2, 3]> = col - x;
    assert_eq!(mx.to_vec(), vec![0, -1, -2, -4, -5, -6]);

    // A runtime mismatch panics, as the operators do.
    let bad = DynTensor::from_bools(vec![true, false], &[2]).unwrap();
    assert!(std::panic::catch_unwind(|| &gh.to_dyn() * &bad).is_err());
}
