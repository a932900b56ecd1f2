//! Integer `sum` and `prod` accumulate in `i64` / `u64` (NumPy's and
//! PyTorch's rule) on every layout: static, mixed, runtime, contiguous and
//! strided views, the whole-tensor, `_over`, `_keepdim` and `_dims` forms.
//! Each case sums past the element's range and is checked against a naive
//! sum in `i128`.

use shaped::{Axis, Dyn, DynTensor, Tensor, s, shape};

/// Deterministic pseudo-random bits.
fn bits(n: usize, seed: u64) -> Vec<u64> {
    let mut x = seed;
    (0..n)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            x >> 11
        })
        .collect()
}

/// The naive sums over axes 0 and 1 of `[48, 64, 3]`, per channel.
fn channel_sums(x: &[i128]) -> Vec<i128> {
    let mut s = vec![0i128; 3];
    for (i, v) in x.iter().enumerate() {
        s[i % 3] += v;
    }
    s
}

/// `x` (row-major `[48, 64, 3]`) reordered as `[3, 64, 48]`, so that
/// permuting the axes back gives a strided view of the same elements.
fn reversed_axes<T: Copy>(x: &[T]) -> Vec<T> {
    let mut out = Vec::with_capacity(x.len());
    for c in 0..3 {
        for w in 0..64 {
            for h in 0..48 {
                out.push(x[(h * 64 + w) * 3 + c]);
            }
        }
    }
    out
}

macro_rules! past_the_range {
    ($($name:ident: $t:ty => $acc:ty, $lo:expr, $hi:expr;)*) => {$(
        #[test]
        fn $name() {
            // Values near both ends of the range, three in four near the top:
            // the sums leave it.
            let data: Vec<$t> = bits(48 * 64 * 3, 7)
                .iter()
                .map(|&b| {
                    let near = (b % 16) as i128;
                    let v = if b % 4 != 0 { $hi as i128 - near } else { $lo as i128 + near };
                    v as $t
                })
                .collect();
            let wide: Vec<i128> = data.iter().map(|&v| v as i128).collect();
            let want: Vec<$acc> = channel_sums(&wide).iter().map(|&v| v as $acc).collect();
            let total: $acc = wide.iter().sum::<i128>() as $acc;
            // The case leaves the values' range (the type's, except for
            // `isize`/`usize`, which stay within 32 bits).
            let (lo, hi) = ($lo as i128, $hi as i128);
            assert!(
                channel_sums(&wide).iter().all(|s| *s > hi || *s < lo),
                "the case must leave the range"
            );

            // Static.
            let st = Tensor::<$t, shape![48, 64, 3]>::from_slice(&data).unwrap();
            let k: Tensor<$acc, shape![1, 1, 3]> = st.sum_keepdim((Axis::<0>, Axis::<1>));
            assert_eq!(k.to_vec(), want);
            let o: Tensor<$acc, shape![3]> = st.sum_over((Axis::<0>, Axis::<1>));
            assert_eq!(o.to_vec(), want);
            let all: $acc = st.sum();
            assert_eq!(all, total);

            // Mixed.
            let mx = Tensor::<$t, shape![Dyn, 64, 3]>::from_vec(data.clone(), &[48]).unwrap();
            let k: Tensor<$acc, shape![1, 1, 3]> = mx.sum_keepdim((Axis::<0>, Axis::<1>));
            assert_eq!(k.to_vec(), want);
            let o: Tensor<$acc, shape![3]> = mx.sum_over((Axis::<0>, Axis::<1>));
            assert_eq!(o.to_vec(), want);
            assert_eq!(mx.sum(), total);

            // Runtime.
            let dy = DynTensor::from_vec(data.clone(), &[48, 64, 3]).unwrap();
            let k: DynTensor<$acc> = dy.sum_dims(&[0, 1], true).unwrap();
            assert_eq!((k.shape(), k.to_vec()), (&[1, 1, 3][..], want.clone()));
            let o = dy.sum_dims(&[-3, -2], false).unwrap();
            assert_eq!(o.to_vec(), want);
            assert_eq!(dy.sum(), total);

            // Views: contiguous, then strided (axes permuted back).
            assert_eq!(dy.view().sum(), total);
            assert_eq!(dy.view().sum_dims(&[0, 1], true).unwrap().to_vec(), want);
            let rev = DynTensor::from_vec(reversed_axes(&data), &[3, 64, 48]).unwrap();
            let v = rev.view().permute(&[2, 1, 0]);
            assert_eq!(v.shape(), &[48, 64, 3]);
            assert_eq!(v.sum(), total);
            assert_eq!(v.sum_dims(&[0, 1], false).unwrap().to_vec(), want);
            let typed = st.view().as_dyn();
            assert_eq!(typed.sum_dims(&[0, 1], true).unwrap().to_vec(), want);
            // A row of the batch, read in place.
            let row: i128 = wide[..64 * 3].iter().sum();
            assert_eq!(dy.slice(s![0, .., ..]).sum(), row as $acc);
        }
    )*};
}

past_the_range! {
    sum_of_i8_past_its_range: i8 => i64, i8::MIN, i8::MAX;
    sum_of_i16_past_its_range: i16 => i64, i16::MIN, i16::MAX;
    sum_of_i32_past_its_range: i32 => i64, i32::MIN, i32::MAX;
    sum_of_isize_past_i32: isize => i64, i32::MIN, i32::MAX;
    sum_of_u8_past_its_range: u8 => u64, 0u8, u8::MAX;
    sum_of_u16_past_its_range: u16 => u64, 0u16, u16::MAX;
    sum_of_u32_past_its_range: u32 => u64, 0u32, u32::MAX;
    sum_of_usize_past_u32: usize => u64, 0usize, u32::MAX;
}

#[test]
fn sum_of_i64_past_its_range_wraps_as_pytorch() {
    // i64 is its own accumulator: past it the sum wraps, as PyTorch's.
    let t = DynTensor::from_vec(vec![i64::MAX, 1], &[2]).unwrap();
    assert_eq!(t.sum(), i64::MIN);
    let u = Tensor::<u64, shape![2]>::from_slice(&[u64::MAX, 2]).unwrap();
    assert_eq!(u.sum(), 1);
    // i128 and u128 stay themselves.
    let w = DynTensor::from_vec(vec![i64::MAX as i128; 3], &[3]).unwrap();
    assert_eq!(w.sum(), 3 * i64::MAX as i128);
}

#[test]
fn the_issues_cases() {
    // NumPy: np.full(300, 200, np.uint8).sum() == 60000.
    assert_eq!(DynTensor::<u8>::full(&[300], 200).sum(), 60000u64);
    assert_eq!(Tensor::<u8, shape![300]>::full(200).sum(), 60000u64);
    // NumPy: np.array([2**31 - 1] * 3, np.int32).sum() == 6442450941.
    let big = DynTensor::from_vec(vec![i32::MAX; 3], &[3]).unwrap();
    assert_eq!(big.sum(), 6442450941i64);
    assert_eq!(
        big.sum_dims(&[0], false).unwrap().to_vec(),
        vec![6442450941i64]
    );
    let mixed = Tensor::<i32, shape![Dyn]>::from_vec(vec![i32::MAX; 3], &[3]).unwrap();
    assert_eq!(mixed.sum_over(Axis::<0>).to_vec(), vec![6442450941i64]);
}

#[test]
fn column_sums_of_many_rows_do_not_wrap() {
    // The lane loop (rows of lanes, eight rows at a time) widens too.
    let data: Vec<u8> = bits(1000 * 5, 3).iter().map(|&b| b as u8).collect();
    let t = DynTensor::from_vec(data.clone(), &[1000, 5]).unwrap();
    let want: Vec<u64> = (0..5)
        .map(|j| (0..1000).map(|r| u64::from(data[r * 5 + j])).sum())
        .collect();
    assert_eq!(t.sum_dims(&[0], false).unwrap().to_vec(), want);
    let st = Tensor::<u8, shape![1000, 5]>::from_slice(&data).unwrap();
    assert_eq!(st.sum_over(Axis::<0>).to_vec(), want);
    // Columns of a view: strided rows of lanes.
    let v = t.slice(s![.., 1..4]);
    assert_eq!(
        v.sum_dims(&[0], false).unwrap().to_vec(),
        want[1..4].to_vec()
    );
}

#[test]
fn products_accumulate_in_64_bits() {
    // NumPy: np.array([[200, 200, 2], [3, 4, 5]], np.uint8).prod(axis=1)
    // == [80000, 60]; .prod(axis=0) == [600, 800, 10]; .prod() == 4800000.
    let data = [200u8, 200, 2, 3, 4, 5];
    let d = DynTensor::from_vec(data.to_vec(), &[2, 3]).unwrap();
    assert_eq!(
        d.prod_dims(&[1], false).unwrap().to_vec(),
        vec![80000u64, 60]
    );
    assert_eq!(
        d.prod_dims(&[0], true).unwrap().to_vec(),
        vec![600u64, 800, 10]
    );
    assert_eq!(d.prod(), 4_800_000u64);
    assert_eq!(d.view().t().prod(), 4_800_000u64);
    assert_eq!(
        d.view().t().prod_dims(&[0], false).unwrap().to_vec(),
        vec![80000u64, 60]
    );
    let st = Tensor::<u8, shape![2, 3]>::from_slice(&data).unwrap();
    assert_eq!(st.prod_over(Axis::<1>).to_vec(), vec![80000u64, 60]);
    let k: Tensor<u64, shape![1, 3]> = st.prod_keepdim(Axis::<0>);
    assert_eq!(k.to_vec(), vec![600, 800, 10]);
    let mx = Tensor::<u8, shape![Dyn, 3]>::from_vec(data.to_vec(), &[2]).unwrap();
    assert_eq!(mx.prod(), 4_800_000);
    // Signed: (-128)^3 = -2097152 in i64.
    let n = DynTensor::<i8>::full(&[3], i8::MIN);
    assert_eq!(n.prod(), -2_097_152i64);
    // The empty product is 1; over a size-0 axis too.
    let e = DynTensor::<i32>::zeros(&[2, 0]);
    assert_eq!(e.prod_dims(&[1], false).unwrap().to_vec(), vec![1i64, 1]);
    assert_eq!(e.prod(), 1);
    // Floats keep their type: 0.5^3.
    let f = DynTensor::from_vec(vec![0.5f32; 3], &[3]).unwrap();
    let p: f32 = f.prod();
    assert_eq!(p, 0.125);
}

#[test]
fn floats_keep_their_type_and_their_rounding() {
    // The float sum is the one before the change: pairwise, in f32.
    let x: Vec<f32> = (0..1000)
        .map(|i| ((i * 37) % 251) as f32 * 0.01 - 1.0)
        .collect();
    let t = DynTensor::from_vec(x.clone(), &[1000]).unwrap();
    let s: f32 = t.sum();
    let mean: f32 = t.mean();
    assert_eq!(s / 1000.0, mean);
    let exact: f64 = x.iter().map(|&v| f64::from(v)).sum();
    assert!((f64::from(s) - exact).abs() < 1e-3);
}

#[test]
fn max_min_and_argmax_keep_the_element_type() {
    let t = DynTensor::from_vec(vec![250u8, 3, 7, 255], &[2, 2]).unwrap();
    let m: DynTensor<u8> = t.max_dims(&[1], false).unwrap();
    assert_eq!(m.to_vec(), vec![250, 255]);
    let a: DynTensor<usize> = t.argmin(0, false).unwrap();
    assert_eq!(a.to_vec(), vec![1, 0]);
}

/// Issue 58: the plain forms wrap past `i64`/`u64` (NumPy and PyTorch
/// give the same values); the checked forms return `Overflow` exactly
/// when the mathematical result does not fit, computed here in `i128`.
#[test]
fn checked_reductions_fail_only_past_the_accumulator() {
    use shaped::{ShapeError, ShapeErrorKind};
    let t = DynTensor::from_vec(vec![i64::MAX, 1], &[2]).unwrap();
    assert_eq!(t.sum(), i64::MIN);
    assert_eq!(t.cumsum(0).to_vec(), vec![i64::MAX, i64::MIN]);
    assert_eq!(t.checked_sum(), Err(ShapeError::Overflow { op: "sum" }));
    assert_eq!(
        t.checked_cumsum(0).unwrap_err().kind(),
        ShapeErrorKind::Overflow
    );
    // The whole sum fits although a running sum passes i64::MAX.
    let back = DynTensor::from_vec(vec![i64::MAX, 1, -1], &[3]).unwrap();
    assert_eq!(back.checked_sum(), Ok(i64::MAX));
    assert!(back.checked_cumsum(0).is_err());
    let neg = DynTensor::from_vec(vec![i64::MIN, -1], &[2]).unwrap();
    assert_eq!(
        neg.checked_sum().unwrap_err().kind(),
        ShapeErrorKind::Overflow
    );
    // Products: 2^62 * 2 = 2^63 does not fit; * -2 gives -2^63, which does.
    let p = DynTensor::from_vec(vec![1i64 << 62, 2], &[2]).unwrap();
    assert!(p.checked_prod().is_err());
    assert_eq!(p.prod(), i64::MIN); // wraps
    let q = DynTensor::from_vec(vec![1i64 << 62, -2], &[2]).unwrap();
    assert_eq!(q.checked_prod(), Ok(i64::MIN));
    assert_eq!(
        DynTensor::from_vec(vec![1i64 << 62, 4, 0], &[3])
            .unwrap()
            .checked_prod(),
        Ok(0)
    );
    assert_eq!(
        q.checked_cumprod(0).unwrap().to_vec(),
        vec![1i64 << 62, i64::MIN]
    );
    assert!(p.checked_cumprod(0).is_err());
    // Narrow types widen first: no overflow short of the accumulator.
    let bytes = DynTensor::<u8>::full(&[300], 200);
    assert_eq!(bytes.checked_sum(), Ok(60000u64));
    assert_eq!(
        DynTensor::<u8>::full(&[8], 255).checked_prod(),
        Ok(255u64.pow(8))
    );
    // 255^9 > 2^64 - 1 (255^9 is about 4.6e21): the product wraps.
    assert!(DynTensor::<u8>::full(&[9], 255).checked_prod().is_err());
    // Unsigned: u64::MAX + 1 does not fit.
    let u = Tensor::<u64, shape![2]>::from_slice(&[u64::MAX, 1]).unwrap();
    assert_eq!(u.sum(), 0);
    assert!(u.checked_sum().is_err());
    assert!(u.view().checked_sum().is_err());
    assert!(u.to_dyn().view().checked_sum().is_err());
    // Along an axis, each running sum is checked.
    let m = DynTensor::from_vec(vec![i64::MAX, 0, 1, 5], &[2, 2]).unwrap();
    assert!(m.checked_cumsum(0).is_err());
    assert_eq!(
        m.checked_cumsum(1).unwrap().to_vec(),
        vec![i64::MAX, i64::MAX, 1, 6]
    );
    // Trace: the diagonal's exact sum.
    let d = DynTensor::from_vec(vec![i64::MAX, 7, 7, 1], &[2, 2]).unwrap();
    assert_eq!(d.trace(), i64::MIN);
    assert_eq!(d.checked_trace(), Err(ShapeError::Overflow { op: "trace" }));
    assert!(DynTensor::<i64>::zeros(&[3]).checked_trace().is_err());
    // Floats never fail.
    let f = DynTensor::from_vec(vec![f64::MAX, f64::MAX], &[2]).unwrap();
    assert_eq!(f.checked_sum(), Ok(f64::INFINITY));
    // Empty: 0 and 1.
    assert_eq!(DynTensor::<i64>::zeros(&[0, 3]).checked_sum(), Ok(0));
    assert_eq!(DynTensor::<i64>::zeros(&[0, 3]).checked_prod(), Ok(1));
    assert_eq!(
        DynTensor::<i64>::zeros(&[0, 1 << 40])
            .checked_cumsum(1)
            .unwrap()
            .shape(),
        &[0, 1 << 40]
    );
}

proptest::proptest! {
    /// `checked_sum`, `checked_cumsum` and `checked_prod` of `i64`
    /// against exact `i128` arithmetic, on terms near the range's ends.
    #[test]
    fn checked_forms_agree_with_exact_arithmetic(
        v in proptest::collection::vec(
            proptest::prop_oneof![
                proptest::prelude::any::<i64>(),
                (-3i64..4),
                (i64::MAX - 3..=i64::MAX),
                (i64::MIN..i64::MIN + 3),
            ],
            0..8,
        )
    ) {
        let t = DynTensor::from_vec(v.clone(), &[v.len()]).unwrap();
        let exact: i128 = v.iter().map(|&x| x as i128).sum();
        let fits = |x: i128| i64::try_from(x).ok();
        proptest::prop_assert_eq!(t.checked_sum().ok(), fits(exact));
        let mut run = 0i128;
        let prefixes: Option<Vec<i64>> = v.iter().map(|&x| { run += x as i128; fits(run) }).collect();
        proptest::prop_assert_eq!(t.checked_cumsum(0).ok().map(|c| c.to_vec()), prefixes);
        // The product, exact in i128 while it fits, with a flag past it.
        let mut prod = Some(1i128);
        for &x in &v {
            prod = prod.and_then(|p| p.checked_mul(x as i128));
        }
        let want = if v.contains(&0) { Some(0) } else { prod.and_then(fits) };
        proptest::prop_assert_eq!(t.checked_prod().ok(), want);
    }
}
