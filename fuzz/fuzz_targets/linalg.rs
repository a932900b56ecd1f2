//! `shaped::linalg`'s `try_` forms on random shapes (batches of rank 0 to
//! 2, matrices 0 to 9 on a side, and huge batches of empty matrices up to
//! `usize::MAX / 3`), random values (NaN, infinities, zeros, huge and tiny
//! numbers among them), `f32` and `f64`, read contiguously or through a
//! transposed view. Nothing may panic or abort; every result's data must
//! agree with its shape, and a function that succeeds on finite input may
//! not have been handed a non-finite one (those are `NonFinite` errors).
#![no_main]

use libfuzzer_sys::fuzz_target;
use shaped::linalg::{self, MatrixOrd, Real};
use shaped::{DynTensor, DynView, ShapeError};

/// The input, read a byte at a time (zeros past its end).
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }
}

/// A size: mostly small, sometimes huge (kept only where another size is 0).
fn size(b: &mut Bytes) -> usize {
    match b.byte() % 16 {
        x @ 0..=9 => x as usize,
        10 => 1 << 40,
        11 => usize::MAX / 3,
        12 => usize::MAX,
        13 => 1 << 20,
        _ => 0,
    }
}

fn value(b: &mut Bytes) -> f64 {
    match b.byte() % 24 {
        0 => f64::NAN,
        1 => f64::INFINITY,
        2 => f64::NEG_INFINITY,
        3 => 0.0,
        4 => 1e300,
        5 => 1e-300,
        6 => -1e300,
        7 => 5e-324,
        x => (x as f64 - 15.0) / (1.0 + (b.byte() % 4) as f64),
    }
}

/// A tensor of `dims`, or `None` where the shape is refused or too large
/// to fill here.
fn tensor<T: Real>(b: &mut Bytes, dims: &[usize], cast: fn(f64) -> T) -> Option<DynTensor<T>> {
    let n = dims
        .iter()
        .try_fold(1usize, |a, &d| a.checked_mul(d))
        .unwrap_or(usize::MAX);
    let n = if dims.contains(&0) { 0 } else { n };
    if n > 4096 {
        return None;
    }
    let data = (0..n).map(|_| cast(value(b))).collect();
    DynTensor::from_vec(data, dims).ok()
}

/// The result's data agrees with its shape; returns its element count.
fn consistent<T: Real>(t: &DynTensor<T>) -> usize {
    let n = if t.shape().contains(&0) {
        0
    } else {
        t.shape().iter().product()
    };
    assert_eq!(t.numel(), n);
    assert_eq!(t.to_vec().len(), n);
    n
}

fn check<T: Real, X>(r: Result<X, ShapeError>, finite: bool, each: impl Fn(&X) -> usize) {
    match r {
        Ok(x) => {
            // Non-finite input read is never a result (an empty result
            // read nothing).
            let n = each(&x);
            assert!(finite || n == 0, "Ok from non-finite input");
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

fn run<T: Real>(b: &mut Bytes, cast: fn(f64) -> T, finite: fn(&T) -> bool) {
    let op = b.byte() % 17;
    let rank = (b.byte() % 3) as usize;
    let mut dims: Vec<usize> = (0..rank).map(|_| size(b)).collect();
    let (m, n) = (size(b), size(b));
    let square = b.byte() % 4 != 0;
    dims.extend([m, if square { m } else { n }]);
    let Some(a) = tensor::<T>(b, &dims, cast) else {
        return;
    };
    // A second operand: right-hand sides of the same or a broadcast batch.
    let mut bdims: Vec<usize> = dims[..rank].to_vec();
    if b.byte() % 4 == 0 && rank > 0 {
        bdims[0] = 1;
    }
    let vector = b.byte() % 3 == 0;
    bdims.push(dims[rank]);
    if !vector {
        bdims.push(size(b).min(9));
    }
    let Some(rhs) = tensor::<T>(b, &bdims, cast) else {
        return;
    };
    let finite_a = a.to_vec().iter().all(finite);
    let finite_ab = finite_a && rhs.to_vec().iter().all(finite);
    let transposed = b.byte() % 4 == 0;
    let view: DynView<'_, T> = if transposed {
        match a.view().try_transpose(-2, -1) {
            Ok(v) => v,
            Err(_) => return,
        }
    } else {
        a.view()
    };
    // Only the lower triangle counts for cholesky and eigh: judge finiteness
    // on the whole input there only when it was all finite.
    let lower_only = matches!(op, 5 | 7 | 8);
    let ok_allowed = finite_a || lower_only;
    let v = &view;
    match op {
        0 => check::<T, _>(linalg::try_inv(v), ok_allowed, consistent),
        1 => check::<T, _>(linalg::try_det(v), ok_allowed, consistent),
        2 => check::<T, _>(linalg::try_slogdet(v), ok_allowed, |(s, l)| {
            consistent(s) + consistent(l)
        }),
        3 => check::<T, _>(linalg::try_solve(v, &rhs), finite_ab, consistent),
        4 => {
            let p = (b.byte() % 9) as i64 - 4;
            check::<T, _>(linalg::try_matrix_power(v, p), ok_allowed, consistent)
        }
        5 => check::<T, _>(linalg::try_cholesky(v), ok_allowed, consistent),
        6 => check::<T, _>(linalg::try_qr(v), ok_allowed, |(q, r)| {
            consistent(q) + consistent(r)
        }),
        7 => check::<T, _>(linalg::try_eigh(v), ok_allowed, |(w, u)| {
            consistent(w) + consistent(u)
        }),
        8 => check::<T, _>(linalg::try_eigvalsh(v), ok_allowed, consistent),
        9 => check::<T, _>(linalg::try_svd(v), ok_allowed, |(u, s, vh)| {
            consistent(u) + consistent(s) + consistent(vh)
        }),
        10 => check::<T, _>(linalg::try_svdvals(v), ok_allowed, consistent),
        11 => check::<T, _>(linalg::try_pinv(v), ok_allowed, consistent),
        12 => check::<T, _>(linalg::try_lstsq(v, &rhs), finite_ab, consistent),
        13 => {
            let ord = [
                MatrixOrd::Fro,
                MatrixOrd::Nuc,
                MatrixOrd::Two,
                MatrixOrd::NegTwo,
                MatrixOrd::One,
                MatrixOrd::NegOne,
                MatrixOrd::Inf,
                MatrixOrd::NegInf,
            ][(b.byte() % 8) as usize];
            // Plain arithmetic for some orders: NaN in, NaN out is allowed.
            check::<T, _>(linalg::try_matrix_norm(v, ord), true, consistent)
        }
        14 => check::<T, _>(linalg::try_vector_norm(v, value(b)), true, consistent),
        15 => check::<T, _>(linalg::try_cross(v, &rhs), true, consistent),
        _ => check::<T, _>(linalg::try_inv(&a), ok_allowed, consistent),
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    if b.byte() % 2 == 0 {
        run::<f64>(&mut b, |x| x, |x| x.is_finite());
    } else {
        run::<f32>(&mut b, |x| x as f32, |x| x.is_finite());
    }
});
