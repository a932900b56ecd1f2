//! The elementwise functions on views: on a contiguous slice, a
//! transpose and a reversed view, each gives what the same function gives
//! on the view's elements copied out (`to_owned`), and `map` gives `f` of
//! each element in row-major order (computed here by index).

use shaped::{DynTensor, Mask, Tensor, TensorView, s, shape};

/// `[3, 4]` floats with a NaN, an infinity, zeros and negatives.
fn values() -> DynTensor<f64> {
    DynTensor::from_vec(
        vec![
            -2.5,
            -1.0,
            -0.0,
            0.0,
            0.5,
            1.0,
            2.0,
            3.5,
            f64::NAN,
            f64::INFINITY,
            -7.25,
            100.0,
        ],
        &[3, 4],
    )
    .unwrap()
}

/// Equal, NaN equal to NaN.
fn same(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan()))
}

#[test]
fn runtime_views_match_their_copies() {
    let t = values();
    let views = [t.slice(s![1.., ..]), t.t(), t.slice(s![..;-1, ..;-2])];
    for v in &views {
        let c = v.to_owned();
        let pairs: [(DynTensor<f64>, DynTensor<f64>); 9] = [
            (v.exp(), c.exp()),
            (v.ln(), c.ln()),
            (v.sqrt(), c.sqrt()),
            (v.abs(), c.abs()),
            (v.tanh(), c.tanh()),
            (v.floor(), c.floor()),
            (v.round(), c.round()),
            (v.gelu(), c.gelu()),
            (v.relu(), c.relu()),
        ];
        for (i, (got, want)) in pairs.iter().enumerate() {
            assert_eq!(got.shape(), v.shape(), "function {i}");
            assert!(
                same(&got.to_vec(), &want.to_vec()),
                "function {i}: {got:?} vs {want:?}"
            );
        }
        assert_eq!(v.isnan().to_vec(), c.isnan().to_vec());
        assert_eq!(v.isfinite().to_vec(), c.isfinite().to_vec());
    }
    // map by index: the transpose's element [i, j] is t's [j, i].
    let m = t.t().map(|x| 2.0 * x);
    for i in 0..4 {
        for j in 0..3 {
            let want = 2.0 * t.to_vec()[j * 4 + i];
            let got = m.to_vec()[i * 3 + j];
            assert!(same(&[got], &[want]), "[{i}, {j}]");
        }
    }
    // Names stay with their axes.
    let named = t.clone().with_names([Some("R"), Some("C")]).unwrap();
    assert_eq!(named.t().exp().names(), vec![Some("C"), Some("R")]);
}

#[test]
fn typed_views_keep_their_layout() {
    let t =
        Tensor::<f32, shape![2, 3]>::from_slice(&[1.0, -4.0, 9.0, 0.25, f32::NAN, -0.5]).unwrap();
    let v: TensorView<'_, f32, shape![3, 2]> = t.t();
    let e: Tensor<f32, shape![3, 2]> = v.exp();
    let wide =
        |t: Tensor<f32, shape![3, 2]>| t.to_vec().iter().map(|&x| f64::from(x)).collect::<Vec<_>>();
    assert!(same(&wide(e), &wide(v.to_owned().exp())));
    let a: Tensor<f32, shape![3, 2]> = v.abs();
    // The transpose's elements: 1, 0.25, -4, NaN, 9, -0.5.
    assert_eq!(a.to_vec()[..3], [1.0, 0.25, 4.0]);
    assert!(a.to_vec()[3].is_nan());
    assert_eq!(a.to_vec()[4..], [9.0, 0.5]);
    let nan: Mask<shape![3, 2]> = v.isnan();
    assert_eq!(nan.to_vec(), vec![false, false, false, true, false, false]);
    let sq: Tensor<f32, shape![3, 2]> = v.map(|x| x * x);
    assert_eq!(sq.to_vec()[..2], [1.0, 0.0625]);
    let r: Tensor<i32, shape![3, 2]> = v.map_to(|x| x as i32);
    assert_eq!(r.to_vec(), vec![1, 0, -4, 0, 9, 0]);
}
