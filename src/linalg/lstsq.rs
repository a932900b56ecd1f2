//! [`lstsq`] and [`pinv`]: least squares and the pseudo-inverse, both
//! through the SVD.

use nalgebra::DMatrix;

use super::batch::{Batch, at, walk, write_rows};
use super::svd::svd_one;
use super::{LinalgArg, Out, Real, build, or_panic};
use crate::error::{LinalgProblem, ShapeError};
use crate::shape::linalg::{LstsqRule, MatrixRule, lstsq_dims, matrix_dims};

/// `A⁺` of one matrix from its SVD: singular values at most
/// `eps · max(m, n) · s_max` count as zero (PyTorch's and NumPy's default
/// cutoff).
fn pinv_one<T: Real>(a: DMatrix<T>) -> Result<DMatrix<T>, LinalgProblem> {
    let (m, n) = a.shape();
    let (Some(u), s, Some(vt)) = svd_one(a, true)? else {
        unreachable!("the vectors were asked for")
    };
    let smax = s
        .iter()
        .copied()
        .fold(T::zero(), |x, y| if y > x { y } else { x });
    let max_dim = T::from_usize(m.max(n)).unwrap_or_else(T::one);
    let cutoff = T::default_epsilon() * max_dim * smax;
    // A⁺ = V diag(1/s) Uᵀ, the small singular values dropped.
    let mut vs = vt.transpose();
    for (j, &sj) in s.iter().enumerate() {
        let inv = if sj > cutoff {
            T::one() / sj
        } else {
            T::zero()
        };
        vs.column_mut(j).scale_mut(inv);
    }
    Ok(vs * u.transpose())
}

/// `linalg.pinv`: the Moore-Penrose pseudo-inverse of each matrix of `a`
/// (`[.., m, n]` gives `[.., n, m]`), through the SVD; singular values
/// below `eps · max(m, n)` times the largest count as zero (PyTorch's
/// default `rtol`).
///
/// ```
/// use shaped::{linalg, shape, Tensor};
/// let a = Tensor::<f64, shape![3, 1]>::from_slice(&[1.0, 2.0, 2.0]).unwrap();
/// let p: Tensor<f64, shape![1, 3]> = linalg::pinv(&a);
/// let want = [1.0 / 9.0, 2.0 / 9.0, 2.0 / 9.0];
/// assert!(p.as_slice().iter().zip(want).all(|(x, y)| (x - y).abs() < 1e-12));
/// ```
#[track_caller]
pub fn pinv<A: LinalgArg>(a: &A) -> Out<A, <A::Layout as MatrixRule>::Transposed>
where
    A::Layout: MatrixRule,
{
    or_panic(try_pinv(a))
}

/// [`pinv`], its errors returned (those of [`try_svd`](super::try_svd)).
pub fn try_pinv<A: LinalgArg>(
    a: &A,
) -> Result<Out<A, <A::Layout as MatrixRule>::Transposed>, ShapeError>
where
    A::Layout: MatrixRule,
{
    const OP: &str = "linalg.pinv";
    let v = a.matrices();
    let (batch, m, n) = matrix_dims(OP, v.shape())?;
    let mats = Batch::matrices(OP, &v)?;
    let steps = mats.steps(batch);
    let mut dims = batch.to_vec();
    dims.extend([n, m]);
    build::<A::Elem, <A::Layout as MatrixRule>::Transposed>(&dims, |out| {
        if m == 0 || n == 0 {
            return Ok(());
        }
        walk(batch, [&steps], |i, [off]| {
            let p = pinv_one(mats.dmatrix(off)).map_err(|p| at(OP, batch, i, p))?;
            write_rows(&p, &mut out[i * m * n..(i + 1) * m * n]);
            Ok(())
        })
    })
}

/// `lstsq`'s result: the solution, of the layout [`LstsqRule`] computes.
pub type LstsqOut<A, B> =
    Out<A, <<A as LinalgArg>::Layout as LstsqRule<<B as LinalgArg>::Layout>>::Output>;

/// `linalg.lstsq`'s solution: the `X` (`[.., n, k]`) minimising
/// `‖A X - B‖` for `A` `[.., m, n]` and `B` `[.., m, k]`, the batches
/// broadcasting; of least norm where `A` has deficient rank (singular
/// values below `eps · max(m, n)` times the largest count as zero, NumPy's
/// default `rcond`). PyTorch returns a tuple whose `solution` this is (its
/// residuals, rank and singular values are not returned); NumPy's
/// `lstsq(a, b)[0]`.
///
/// ```
/// use shaped::{linalg, shape, Tensor};
/// // The line through (0, 1), (1, 3), (2, 5): y = 1 + 2x.
/// let a = Tensor::<f64, shape![3, 2]>::from_slice(&[1.0, 0.0, 1.0, 1.0, 1.0, 2.0]).unwrap();
/// let b = Tensor::<f64, shape![3, 1]>::from_slice(&[1.0, 3.0, 5.0]).unwrap();
/// let x: Tensor<f64, shape![2, 1]> = linalg::lstsq(&a, &b);
/// assert!((x[[0, 0]] - 1.0).abs() < 1e-12 && (x[[1, 0]] - 2.0).abs() < 1e-12);
/// ```
#[track_caller]
pub fn lstsq<A: LinalgArg, B: LinalgArg<Elem = A::Elem>>(a: &A, b: &B) -> LstsqOut<A, B>
where
    A::Layout: LstsqRule<B::Layout>,
{
    or_panic(try_lstsq(a, b))
}

/// [`lstsq`], its errors returned: `linalg.lstsq: input.size(-2) should
/// match other.size(-2) (3 and 4)`, a batch that does not broadcast, or
/// those of [`try_svd`](super::try_svd).
pub fn try_lstsq<A: LinalgArg, B: LinalgArg<Elem = A::Elem>>(
    a: &A,
    b: &B,
) -> Result<LstsqOut<A, B>, ShapeError>
where
    A::Layout: LstsqRule<B::Layout>,
{
    const OP: &str = "linalg.lstsq";
    let (va, vb) = (a.matrices(), b.matrices());
    let out_dims = lstsq_dims(va.shape(), vb.shape())?;
    let (batch, n, k) = matrix_dims(OP, &out_dims)?;
    let (am, bm) = (Batch::matrices(OP, &va)?, Batch::matrices(OP, &vb)?);
    let (sa, sb) = (am.steps(batch), bm.steps(batch));
    build::<A::Elem, <A::Layout as LstsqRule<B::Layout>>::Output>(&out_dims, |out| {
        if am.m == 0 || n == 0 || k == 0 {
            return Ok(());
        }
        walk(batch, [&sa, &sb], |i, [oa, ob]| {
            let p = pinv_one(am.dmatrix(oa)).map_err(|p| at(OP, batch, i, p))?;
            write_rows(&(p * bm.dmatrix(ob)), &mut out[i * n * k..(i + 1) * n * k]);
            Ok(())
        })
    })
}
