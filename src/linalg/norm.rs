//! [`vector_norm`] and [`matrix_norm`], with PyTorch's orders.

use alloc::vec::Vec;

use num_traits::Zero;

use num_traits::float::FloatCore;

use super::batch::{Batch, at, walk};
use super::svd::SvdWork;
use super::{LinalgArg, LinalgLayout, Out, Real, build, or_panic};
use crate::error::{LinalgProblem, ShapeError};
use crate::shape::linalg::{MatrixRule, linalg_error, matrix_dims};

/// `linalg.vector_norm` of the whole input (PyTorch's default `dim=None`):
/// `(Σ |x|^ord)^(1/ord)` for a finite `ord` other than 0, the number of
/// non-zero elements for `ord = 0`, the largest `|x|` for `f64::INFINITY`
/// and the smallest for `f64::NEG_INFINITY`. The result has rank 0.
///
/// ```
/// use shaped::{linalg, shape, Tensor};
/// let x = Tensor::<f64, shape![2, 2]>::from_slice(&[3.0, -4.0, 0.0, 0.0]).unwrap();
/// let n: Tensor<f64, shape![]> = linalg::vector_norm(&x, 2.0);
/// assert_eq!(n.as_slice(), &[5.0]);
/// assert_eq!(linalg::vector_norm(&x, 1.0).as_slice(), &[7.0]);
/// assert_eq!(linalg::vector_norm(&x, f64::INFINITY).as_slice(), &[4.0]);
/// assert_eq!(linalg::vector_norm(&x, 0.0).as_slice(), &[2.0]);
/// ```
#[track_caller]
pub fn vector_norm<A: LinalgArg>(x: &A, ord: f64) -> Out<A, <A::Layout as LinalgLayout>::Scalar> {
    or_panic(try_vector_norm(x, ord))
}

/// [`vector_norm`], its errors returned: the infinite orders of an empty
/// input (`linalg.vector_norm cannot compute the inf norm on an empty
/// tensor because the operation does not have an identity`).
pub fn try_vector_norm<A: LinalgArg>(
    x: &A,
    ord: f64,
) -> Result<Out<A, <A::Layout as LinalgLayout>::Scalar>, ShapeError> {
    let v = x.matrices();
    let abs: Vec<A::Elem> = v.iter().map(|&e| nalgebra::ComplexField::abs(e)).collect();
    let n = norm_of::<A::Elem>(&abs, ord).ok_or_else(|| {
        let ord = if ord > 0.0 { "inf" } else { "-inf" };
        linalg_error("linalg.vector_norm", LinalgProblem::EmptyNorm { ord })
    })?;
    build::<A::Elem, <A::Layout as LinalgLayout>::Scalar>(&[], |out| {
        out[0] = n;
        Ok(())
    })
}

/// The `ord`-norm of the absolute values `abs`; `None` for an infinite
/// order of no values.
fn norm_of<T: Real>(abs: &[T], ord: f64) -> Option<T> {
    let fold = |pick: fn(T, T) -> T| abs.iter().copied().reduce(pick);
    if ord == f64::INFINITY {
        return fold(|a, b| if b > a || FloatCore::is_nan(b) { b } else { a });
    }
    if ord == f64::NEG_INFINITY {
        return fold(|a, b| if b < a || FloatCore::is_nan(b) { b } else { a });
    }
    let count = |n: usize| T::from_usize(n).unwrap_or_else(T::zero);
    if ord == 0.0 {
        return Some(count(abs.iter().filter(|&&a| a != T::zero()).count()));
    }
    if ord == 1.0 {
        return Some(abs.iter().fold(T::zero(), |s, &a| s + a));
    }
    if ord == 2.0 {
        return Some(nalgebra::ComplexField::sqrt(
            abs.iter().fold(T::zero(), |s, &a| s + a * a),
        ));
    }
    let p = T::from_f64(ord).unwrap_or_else(T::one);
    let sum = abs
        .iter()
        .fold(T::zero(), |s, &a| s + nalgebra::ComplexField::powf(a, p));
    Some(nalgebra::ComplexField::powf(sum, T::one() / p))
}

/// The orders of [`matrix_norm`], PyTorch's `ord` argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatrixOrd {
    /// `'fro'`: the Frobenius norm, `sqrt(Σ |a_ij|²)` (PyTorch's default).
    Fro,
    /// `'nuc'`: the nuclear norm, the sum of the singular values.
    Nuc,
    /// `2`: the largest singular value.
    Two,
    /// `-2`: the smallest singular value.
    NegTwo,
    /// `1`: the largest sum of absolute values of a column.
    One,
    /// `-1`: the smallest sum of absolute values of a column.
    NegOne,
    /// `inf`: the largest sum of absolute values of a row.
    Inf,
    /// `-inf`: the smallest sum of absolute values of a row.
    NegInf,
}

impl MatrixOrd {
    /// PyTorch's spelling of the order.
    fn name(self) -> &'static str {
        match self {
            MatrixOrd::Fro => "fro",
            MatrixOrd::Nuc => "nuc",
            MatrixOrd::Two => "2",
            MatrixOrd::NegTwo => "-2",
            MatrixOrd::One => "1",
            MatrixOrd::NegOne => "-1",
            MatrixOrd::Inf => "inf",
            MatrixOrd::NegInf => "-inf",
        }
    }
}

/// `linalg.matrix_norm`: the norm of each matrix of `a` (`[.., m, n]`
/// gives `[..]`) of the order `ord` ([`MatrixOrd`]).
///
/// ```
/// use shaped::{linalg, shape, Tensor};
/// use shaped::linalg::MatrixOrd;
/// let a = Tensor::<f64, shape![2, 2]>::from_slice(&[1.0, -2.0, 3.0, 4.0]).unwrap();
/// let fro: Tensor<f64, shape![]> = linalg::matrix_norm(&a, MatrixOrd::Fro);
/// assert!((fro.as_slice()[0] - 30f64.sqrt()).abs() < 1e-12);
/// assert_eq!(linalg::matrix_norm(&a, MatrixOrd::One).as_slice(), &[6.0]);
/// assert_eq!(linalg::matrix_norm(&a, MatrixOrd::Inf).as_slice(), &[7.0]);
/// ```
#[track_caller]
pub fn matrix_norm<A: LinalgArg>(a: &A, ord: MatrixOrd) -> Out<A, <A::Layout as MatrixRule>::Batch>
where
    A::Layout: MatrixRule,
{
    or_panic(try_matrix_norm(a, ord))
}

/// [`matrix_norm`], its errors returned: fewer than two dimensions, an
/// order without an identity on empty matrices, or those of
/// [`try_svd`](super::try_svd) for the orders `2`, `-2` and `nuc`.
pub fn try_matrix_norm<A: LinalgArg>(
    a: &A,
    ord: MatrixOrd,
) -> Result<Out<A, <A::Layout as MatrixRule>::Batch>, ShapeError>
where
    A::Layout: MatrixRule,
{
    const OP: &str = "linalg.matrix_norm";
    let v = a.matrices();
    let (batch, m, n) = matrix_dims(OP, v.shape())?;
    let mats = Batch::matrices(OP, &v)?;
    let steps = mats.steps(batch);
    let empty = m == 0 || n == 0;
    if empty && !matches!(ord, MatrixOrd::Fro | MatrixOrd::Nuc) && batch.iter().all(|&b| b > 0) {
        return Err(linalg_error(
            OP,
            LinalgProblem::EmptyNorm { ord: ord.name() },
        ));
    }
    let spectral = matches!(ord, MatrixOrd::Two | MatrixOrd::NegTwo | MatrixOrd::Nuc)
        && !empty
        && super::batch::count(batch) > 0;
    build::<A::Elem, <A::Layout as MatrixRule>::Batch>(batch, |out| {
        if empty {
            // The Frobenius and nuclear norms of empty matrices are 0,
            // without a walk over their (maybe huge) other dimension.
            return Ok(());
        }
        let (mut sw, mut sv) = if spectral {
            (
                Some(SvdWork::new(&mats, false, v.shape())?),
                super::zeros(m.min(n), v.shape())?,
            )
        } else {
            (None, Vec::new())
        };
        walk(batch, [&steps], |i, [off]| {
            let abs = |r, c| nalgebra::ComplexField::abs(mats.get(off, r, c));
            let sums = |rows: bool| -> Vec<A::Elem> {
                let (outer, inner) = if rows { (m, n) } else { (n, m) };
                (0..outer)
                    .map(|p| {
                        (0..inner).fold(A::Elem::zero(), |s, q| {
                            s + if rows { abs(p, q) } else { abs(q, p) }
                        })
                    })
                    .collect()
            };
            let largest =
                |xs: Vec<A::Elem>| norm_of(&xs, f64::INFINITY).unwrap_or_else(A::Elem::zero);
            let smallest =
                |xs: Vec<A::Elem>| norm_of(&xs, f64::NEG_INFINITY).unwrap_or_else(A::Elem::zero);
            out[i] = match ord {
                MatrixOrd::Fro => {
                    let all: Vec<A::Elem> = (0..m)
                        .flat_map(|r| (0..n).map(move |c| (r, c)))
                        .map(|(r, c)| abs(r, c))
                        .collect();
                    norm_of(&all, 2.0).unwrap_or_else(A::Elem::zero)
                }
                MatrixOrd::One => largest(sums(false)),
                MatrixOrd::NegOne => smallest(sums(false)),
                MatrixOrd::Inf => largest(sums(true)),
                MatrixOrd::NegInf => smallest(sums(true)),
                MatrixOrd::Two | MatrixOrd::NegTwo | MatrixOrd::Nuc => {
                    if let Some(sw) = sw.as_mut() {
                        sw.svd(&mats, off, &mut sv, None)
                            .map_err(|p| at(OP, batch, i, p))?;
                        let s = sv.clone();
                        match ord {
                            MatrixOrd::Two => largest(s),
                            MatrixOrd::NegTwo => smallest(s),
                            _ => norm_of(&s, 1.0).unwrap_or_else(A::Elem::zero),
                        }
                    } else {
                        A::Elem::zero()
                    }
                }
            };
            Ok(())
        })
    })
}
