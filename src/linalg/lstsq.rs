//! [`lstsq`] and [`pinv`]: least squares and the pseudo-inverse, both
//! through the SVD.

use alloc::vec::Vec;

use faer::{MatMut, MatRef};

use super::backend;
use super::batch::{Batch, at, flops, run};
use super::svd::SvdWork;
use super::{LinalgArg, Out, Real, build, or_panic, zeros};
use crate::error::{LinalgProblem, ShapeError};
use crate::shape::linalg::{LstsqRule, MatrixRule, lstsq_dims, matrix_dims};

/// The pseudo-inverse's work for one matrix of a batch: the SVD's, and
/// its factors.
struct PinvWork<T> {
    svd: SvdWork<T>,
    u: Vec<T>,
    s: Vec<T>,
    vh: Vec<T>,
    /// `A⁺` itself, for `lstsq` (which multiplies it into `B`).
    p: Vec<T>,
    /// A copy of `B` where faer cannot read its strides.
    b: Vec<T>,
}

impl<T: Real> PinvWork<T> {
    fn new(
        a: &Batch<'_, T>,
        b: Option<&Batch<'_, T>>,
        shape: &[usize],
    ) -> Result<Self, ShapeError> {
        let (m, n) = (a.m, a.n);
        let k = m.min(n);
        Ok(PinvWork {
            svd: SvdWork::new(a, true, shape)?,
            u: zeros(m * k, shape)?,
            s: zeros(k, shape)?,
            vh: zeros(k * n, shape)?,
            p: zeros(if b.is_some() { n * m } else { 0 }, shape)?,
            b: match b {
                Some(b) if b.faer(0).is_none() => zeros(b.m * b.n, shape)?,
                _ => Vec::new(),
            },
        })
    }

    /// `A⁺` of the matrix at `off` into `out` (`n` by `m`, row-major), from
    /// its SVD: singular values at most `eps · max(m, n) · s_max` count as
    /// zero (PyTorch's and NumPy's default cutoff).
    fn pinv(&mut self, a: &Batch<'_, T>, off: usize, out: &mut [T]) -> Result<(), LinalgProblem> {
        let (m, n) = (a.m, a.n);
        let k = m.min(n);
        self.svd
            .svd(a, off, &mut self.s, Some((&mut self.u, &mut self.vh)))?;
        let smax = self.s.first().copied().unwrap_or_else(T::zero);
        let max_dim = <T as num_traits::NumCast>::from(m.max(n)).unwrap_or_else(T::one);
        let cutoff = <T as num_traits::float::FloatCore>::epsilon() * max_dim * smax;
        // A⁺ = V diag(1/s) Uᵀ = (Vh scaled by row)ᵀ Uᵀ, the small singular
        // values dropped.
        for (row, &sj) in self.vh.chunks_exact_mut(n).zip(&self.s) {
            let inv = if sj > cutoff {
                T::one() / sj
            } else {
                T::zero()
            };
            row.iter_mut().for_each(|x| *x *= inv);
        }
        backend::matmul(
            MatMut::from_row_major_slice_mut(out, n, m),
            MatRef::from_row_major_slice(&self.vh, k, n).transpose(),
            MatRef::from_row_major_slice(&self.u, m, k).transpose(),
        );
        Ok(())
    }
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
    let shape = v.shape();
    build::<A::Elem, <A::Layout as MatrixRule>::Transposed>(&dims, |out| {
        if m == 0 || n == 0 {
            return Ok(()); // an empty result, however many matrices
        }
        run(
            batch,
            [&steps],
            [out],
            flops(&[8, m, n, m.min(n)]),
            || PinvWork::new(&mats, None, shape),
            |w, i, [off], [o]| w.pinv(&mats, off, o).map_err(|p| at(OP, batch, i, p)),
        )
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
    let m = am.m;
    let shape = va.shape();
    build::<A::Elem, <A::Layout as LstsqRule<B::Layout>>::Output>(&out_dims, |out| {
        if m == 0 || n == 0 || k == 0 {
            return Ok(()); // X is 0 or empty, however many systems
        }
        run(
            batch,
            [&sa, &sb],
            [out],
            flops(&[8, m, n, m.min(n)]).saturating_add(flops(&[n, m, k])),
            || PinvWork::new(&am, Some(&bm), shape),
            |w, i, [oa, ob], [x]| {
                if !bm.finite(ob, false) {
                    return Err(at(OP, batch, i, LinalgProblem::NonFinite));
                }
                let mut p = core::mem::take(&mut w.p);
                let r = w.pinv(&am, oa, &mut p);
                let bref = bm.faer_or_copy(ob, &mut w.b);
                if r.is_ok() {
                    backend::matmul(
                        MatMut::from_row_major_slice_mut(x, n, k),
                        MatRef::from_row_major_slice(&p, n, m),
                        bref,
                    );
                }
                w.p = p;
                r.map_err(|p| at(OP, batch, i, p))
            },
        )
    })
}
