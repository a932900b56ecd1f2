//! Fused n-ary operations against a naive reference: the broadcast shape of
//! three operands (folded pairwise by the reference rule) and every output
//! element computed from its multi-index.

use crate::naive;

use naive::{ref_shape, source};
use proptest::prelude::*;
use shaped::{Dyn, DynTensor, ShapeErrorKind, Tensor, shape, try_zip, try_zip_into, zip, zip_into};

fn reference3(
    ops: [(&[i64], &[usize]); 3],
    f: impl Fn([i64; 3]) -> i64,
) -> Option<(Vec<usize>, Vec<i64>)> {
    let out = ref_shape(&ref_shape(ops[0].1, ops[1].1)?, ops[2].1)?;
    let n: usize = out.iter().product();
    let mut idx = vec![0; out.len()];
    let mut values = vec![];
    for flat in 0..n {
        let mut rest = flat;
        for k in (0..out.len()).rev() {
            idx[k] = rest % out[k];
            rest /= out[k];
        }
        values.push(f(core::array::from_fn(|k| {
            ops[k].0[source(&idx, ops[k].1)]
        })));
    }
    Some((out, values))
}

fn data(n: usize, seed: i64) -> Vec<i64> {
    (0..n as i64)
        .map(|i| (i * 13 + seed * 7) % 19 - 9)
        .collect()
}

fn f([x, m, s]: [i64; 3]) -> i64 {
    (x - m) * s + 3
}

fn dims() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(prop_oneof![Just(1usize), 0usize..=5], 0..=4)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Three runtime operands of random shapes: the values of the reference
    /// where it broadcasts, an error where it does not; `_into` agrees and
    /// leaves its output untouched on error.
    #[test]
    fn three_runtime_operands(a in dims(), b in dims(), c in dims()) {
        let (x, y, z) = (data(a.iter().product(), 1), data(b.iter().product(), 2), data(c.iter().product(), 3));
        let want = reference3([(&x, &a), (&y, &b), (&z, &c)], f);
        let (tx, ty, tz) = (
            DynTensor::from_vec(x.clone(), &a).unwrap(),
            DynTensor::from_vec(y.clone(), &b).unwrap(),
            DynTensor::from_vec(z.clone(), &c).unwrap(),
        );
        match (want, try_zip([&tx, &ty, &tz], f)) {
            (Some((shape, values)), Ok(t)) => {
                prop_assert_eq!(t.shape(), &shape[..]);
                prop_assert_eq!(t.to_vec(), values.clone());
                let mut out = DynTensor::full(&shape, 99);
                try_zip_into([&tx, &ty, &tz], &mut out, f).unwrap();
                prop_assert_eq!(out.to_vec(), values);
            }
            (None, Err(_)) => {
                let mut out = DynTensor::full(&[2], 99);
                prop_assert!(try_zip_into([&tx, &ty, &tz], &mut out, f).is_err());
                prop_assert_eq!(out.to_vec(), vec![99, 99]);
            }
            (w, g) => prop_assert!(false, "reference {:?}, crate {:?}", w, g),
        }
    }
}

#[test]
fn long_rows_and_every_operand_count() {
    // Rows longer than a chunk (64), with stretched operands on both axes.
    let (a, b) = ([3usize, 1, 150], [1usize, 5, 1]);
    let (x, y) = (data(450, 4), data(5, 5));
    let (tx, ty) = (
        DynTensor::from_vec(x.clone(), &a).unwrap(),
        DynTensor::from_vec(y.clone(), &b).unwrap(),
    );
    let want = naive::reference(&x, &a, &y, &b, |p, q| p * 2 - q);
    let got = try_zip([&tx, &ty], |[p, q]| p * 2 - q).unwrap();
    assert_eq!((got.shape(), got.to_vec()), (&want.0[..], want.1));
    // Six operands.
    let s = DynTensor::scalar(1i64);
    let six = try_zip([&tx, &ty, &s, &s, &s, &s], |[p, q, r, t, u, v]| {
        p * 2 - q + r + t + u + v
    })
    .unwrap();
    assert_eq!(
        six.to_vec(),
        try_zip([&tx, &ty], |[p, q]| p * 2 - q + 4)
            .unwrap()
            .to_vec()
    );
}

#[test]
fn static_and_mixed_operands() {
    let x = Tensor::<i64, shape![4, 3, 3]>::from_slice(&data(36, 1)).unwrap();
    let m = Tensor::<i64, shape![4, 1, 1]>::from_slice(&data(4, 2)).unwrap();
    let s = Tensor::<i64, shape![3]>::from_slice(&data(3, 3)).unwrap();
    let z: Tensor<i64, shape![4, 3, 3]> = zip((&x, &m, &s), f);
    let want = reference3(
        [
            (&x.to_vec(), &[4, 3, 3]),
            (&m.to_vec(), &[4, 1, 1]),
            (&s.to_vec(), &[3]),
        ],
        f,
    )
    .unwrap();
    assert_eq!(z.to_vec(), want.1);
    let mut out = Tensor::<i64, shape![4, 3, 3]>::zeros();
    zip_into((&x, &m, &s), &mut out, f);
    assert_eq!(out, z);

    let xm = Tensor::<i64, shape![Dyn, 3, 3]>::from_vec(data(36, 1), &[4]).unwrap();
    // A static 4 against `Dyn`: the result is static, the runtime size checked.
    let zm: Tensor<i64, shape![4, 3, 3]> = zip((&xm, &m, &s), f);
    assert_eq!(zm.to_vec(), want.1);
}

#[test]
fn named_operands_align_by_position() {
    let a = DynTensor::<f32>::ones(&[2, 3])
        .with_names(["N", "C"])
        .unwrap();
    let b = DynTensor::<f32>::ones(&[3]).with_names(["C"]).unwrap();
    let c = try_zip([&a, &b], |[p, q]| p + q).unwrap();
    assert_eq!(c.names(), [Some("N"), Some("C")]);
    let d = DynTensor::<f32>::ones(&[3]).with_names(["H"]).unwrap();
    let e = try_zip([&a, &d], |[p, q]| p + q).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::NameConflict);
}
