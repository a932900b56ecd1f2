//! Functions of square matrices: [`inv`], [`det`], [`slogdet`],
//! [`solve`], [`matrix_power`].
//!
//! `inv`, `det` and `solve` of 2x2 to 4x4 matrices run nalgebra's closed
//! forms on matrices held on the stack (a batch of them allocates nothing
//! per matrix); larger ones its LU factorization with partial pivoting.
//! A singular matrix is an error worded as PyTorch's: for `inv`, the
//! first zero on the diagonal of the LU factorization's `U`, counted from
//! 1 as LAPACK and PyTorch count.
//!
//! ```
//! use shaped::{linalg, DynTensor};
//! let a = DynTensor::from_vec(vec![1.0f64, 2.0, 2.0, 4.0], &[2, 2]).unwrap();
//! let err = linalg::try_inv(&a).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "linalg.inv: The diagonal element 2 is zero, the inversion could not be completed because the input matrix is singular."
//! );
//! ```

use alloc::vec::Vec;

use faer::{MatMut, MatRef};
use nalgebra::{DMatrix, Dyn, OMatrix, SMatrix, SVector};
use num_traits::One;
use num_traits::float::FloatCore;

use super::backend::{self, Scratch};
use super::batch::{Batch, at, flops, run, walk, write_rows};
use super::{LinalgArg, Out, Real, build, or_panic, zeros};
use crate::error::{LinalgProblem, ShapeError};
use crate::shape::linalg::{
    Det, Inv, LinalgLayout, MatrixPower, Slogdet, SolveRule, SquareRule, solve_dims, square_dims,
};

/// From this size on, `inv`, `det`, `slogdet` and `solve` factorize with
/// faer's LU; below it (5x5 up to here) with nalgebra's, which costs less
/// set-up per matrix (see the commit that set it for the measurements).
const LU_FROM: usize = 5;

/// The LU factorization's work for one matrix of a batch: the matrix
/// (row-major, so faer reads `Aᵀ`), the permutation, faer's scratch.
struct LuWork<T> {
    a: Vec<T>,
    perm: Vec<usize>,
    inv: Vec<usize>,
    scratch: Scratch,
}

impl<T: Real> LuWork<T> {
    /// Room for an `n` by `n` matrix and `k` right-hand sides.
    fn new(n: usize, k: usize, shape: &[usize]) -> Result<Self, ShapeError> {
        Ok(LuWork {
            a: zeros(n * n, shape)?,
            perm: crate::error::try_filled(n, 0, shape)?,
            inv: crate::error::try_filled(n, 0, shape)?,
            scratch: Scratch::try_new(backend::lu_scratch::<T>(n, k), shape)?,
        })
    }

    /// Factorizes the matrix at `off`: `Aᵀ = Pᵀ L U` in place, read
    /// column-major from the row-major copy. Returns the row exchanges'
    /// count, or `None` for a zero on `U`'s diagonal.
    fn factor(&mut self, a: &Batch<'_, T>, off: usize) -> Option<usize> {
        let n = a.n;
        a.copy_rows(off, &mut self.a);
        let swaps = backend::lu_in_place(
            MatMut::from_column_major_slice_mut(&mut self.a, n, n),
            &mut self.perm,
            &mut self.inv,
            &mut self.scratch,
        );
        match backend::zero_pivot(self.lu()) {
            Some(_) => None,
            None => Some(swaps),
        }
    }

    fn lu(&self) -> MatRef<'_, T> {
        let n = self.perm.len();
        MatRef::from_column_major_slice(&self.a, n, n)
    }
}

/// `linalg.inv`: the inverse of each square matrix of `a` (`[.., n, n]`).
/// A matrix that is not square does not compile (static sizes) or is an
/// error; a singular one panics with PyTorch's message (see [`try_inv`]).
///
/// ```
/// use shaped::{linalg, shape, Tensor};
/// // Two diagonal matrices: 2·I and 3·I.
/// let a = Tensor::<f32, shape![2, 3, 3]>::from_fn(|k| if k % 9 % 4 == 0 { (k / 9 + 2) as f32 } else { 0.0 });
/// let i: Tensor<f32, shape![2, 3, 3]> = linalg::inv(&a);
/// assert_eq!((i[[0, 1, 1]], i[[1, 2, 2]]), (0.5, 1.0 / 3.0));
/// ```
#[track_caller]
pub fn inv<A: LinalgArg>(a: &A) -> Out<A, A::Layout>
where
    A::Layout: SquareRule<Inv>,
{
    or_panic(try_inv(a))
}

/// [`inv`], its errors returned: `linalg.inv: The diagonal element 3 is
/// zero, the inversion could not be completed because the input matrix is
/// singular.` (with `(Batch element i)` for a batch), or the shape errors
/// of runtime sizes.
pub fn try_inv<A: LinalgArg>(a: &A) -> Result<Out<A, A::Layout>, ShapeError>
where
    A::Layout: SquareRule<Inv>,
{
    const OP: &str = "linalg.inv";
    let n = A::Layout::SMALL_SQUARE;
    if let (2..=4, Some(d)) = (n, a.contiguous()) {
        return build::<A::Elem, A::Layout>(&[n, n], |out| {
            if !all_finite(d) {
                return Err(at(OP, &[], 0, LinalgProblem::NonFinite));
            }
            let r = match n {
                2 => inv_rows::<_, 2>(d, out),
                3 => inv_rows::<_, 3>(d, out),
                _ => inv_rows::<_, 4>(d, out),
            };
            r.map_err(|p| at(OP, &[], 0, p))
        });
    }
    let v = a.matrices();
    let (batch, n) = square_dims(OP, v.shape())?;
    if let (2..=4, Some(d)) = (n, v.as_slice()) {
        // A contiguous batch of small matrices: one loop over them, as a
        // hand-written loop over nalgebra's matrices would be.
        return build::<A::Elem, A::Layout>(v.shape(), |out| match n {
            2 => inv_chunks::<_, 2>(d, out, batch),
            3 => inv_chunks::<_, 3>(d, out, batch),
            _ => inv_chunks::<_, 4>(d, out, batch),
        });
    }
    let mats = Batch::matrices(OP, &v)?;
    let steps = mats.steps(batch);
    let shape = v.shape();
    build::<A::Elem, A::Layout>(shape, |out| {
        if n == 0 {
            return Ok(()); // nothing to invert, however many matrices
        }
        run(
            batch,
            [&steps],
            [out],
            flops(&[n, n, n]),
            || lu_work(n, n, shape),
            |w, i, [off], [o]| {
                if !mats.finite(off, false) {
                    return Err(at(OP, batch, i, LinalgProblem::NonFinite));
                }
                match w {
                    Some(w) => inv_faer(w, &mats, off, o),
                    None => inv_one(&mats, off, o),
                }
                .map_err(|p| at(OP, batch, i, p))
            },
        )
    })
}

/// faer's LU work for `n` by `n` matrices (and `k` right-hand sides) from
/// [`LU_FROM`] on, none below.
fn lu_work<T: Real>(n: usize, k: usize, shape: &[usize]) -> Result<Option<LuWork<T>>, ShapeError> {
    if n >= LU_FROM {
        LuWork::new(n, k, shape).map(Some)
    } else {
        Ok(None)
    }
}

/// Whether every element of `d` is finite.
#[inline]
fn all_finite<T: Real>(d: &[T]) -> bool {
    d.iter().all(|&x| FloatCore::is_finite(x))
}

/// The inverse of one matrix through faer's LU of `Aᵀ`: `out`, read
/// column-major, is `(Aᵀ)⁻¹`, which row-major is `A⁻¹`. A zero pivot is
/// named from `A`'s own factorization, as before and as PyTorch names it.
fn inv_faer<T: Real>(
    w: &mut LuWork<T>,
    a: &Batch<'_, T>,
    off: usize,
    out: &mut [T],
) -> Result<(), LinalgProblem> {
    if w.factor(a, off).is_none() {
        return inv_lu(a.dmatrix(off), out);
    }
    let n = a.n;
    let LuWork {
        a: lu,
        perm,
        inv,
        scratch,
    } = w;
    backend::lu_inverse(
        MatMut::from_column_major_slice_mut(out, n, n),
        MatRef::from_column_major_slice(lu, n, n),
        perm,
        inv,
        scratch,
    );
    Ok(())
}

/// The inverses of contiguous `N`x`N` matrices.
fn inv_chunks<T: Real, const N: usize>(
    d: &[T],
    out: &mut [T],
    batch: &[usize],
) -> Result<(), ShapeError> {
    for (i, (m, o)) in d
        .chunks_exact(N * N)
        .zip(out.chunks_exact_mut(N * N))
        .enumerate()
    {
        if !all_finite(m) {
            return Err(at("linalg.inv", batch, i, LinalgProblem::NonFinite));
        }
        inv_rows::<T, N>(m, o).map_err(|p| at("linalg.inv", batch, i, p))?;
    }
    Ok(())
}

/// The inverse of one matrix into `out`, row-major.
fn inv_one<T: Real>(a: &Batch<'_, T>, off: usize, out: &mut [T]) -> Result<(), LinalgProblem> {
    match a.n {
        0 => Ok(()),
        1 => {
            let x = a.get(off, 0, 0);
            if x == T::zero() {
                return Err(LinalgProblem::Singular { diagonal: 1 });
            }
            out[0] = T::one() / x;
            Ok(())
        }
        2 => inv_small::<T, 2>(a, off, out),
        3 => inv_small::<T, 3>(a, off, out),
        4 => inv_small::<T, 4>(a, off, out),
        _ => inv_lu(a.dmatrix(off), out),
    }
}

/// The inverse of a small matrix by nalgebra's closed form; where that
/// finds the determinant zero, the LU factorization decides (and names the
/// zero on `U`'s diagonal).
#[inline(always)]
fn inv_small<T: Real, const N: usize>(
    a: &Batch<'_, T>,
    off: usize,
    out: &mut [T],
) -> Result<(), LinalgProblem> {
    match a.smatrix::<N>(off).try_inverse() {
        Some(x) => {
            write_rows(&x, out);
            Ok(())
        }
        None => inv_lu(a.dmatrix(off), out),
    }
}

/// [`inv_small`] of a contiguous matrix.
#[inline(always)]
fn inv_rows<T: Real, const N: usize>(d: &[T], out: &mut [T]) -> Result<(), LinalgProblem> {
    match SMatrix::<T, N, N>::from_row_slice(d).try_inverse() {
        Some(x) => {
            write_rows(&x, out);
            Ok(())
        }
        None => inv_lu(DMatrix::from_row_slice(N, N, d), out),
    }
}

/// The inverse through the LU factorization.
fn inv_lu<T: Real>(m: DMatrix<T>, out: &mut [T]) -> Result<(), LinalgProblem> {
    let lu = m.lu();
    match lu.try_inverse() {
        Some(x) => {
            write_rows(&x, out);
            Ok(())
        }
        None => Err(LinalgProblem::Singular {
            diagonal: zero_pivot(&lu.u()),
        }),
    }
}

/// The first zero on `u`'s diagonal, counted from 1.
fn zero_pivot<T: Real>(u: &DMatrix<T>) -> usize {
    (0..u.nrows().min(u.ncols()))
        .position(|i| u[(i, i)] == T::zero())
        .map_or(u.nrows(), |i| i + 1)
}

/// `linalg.det`: the determinant of each square matrix of `a`; the result
/// is the batch (`[..]`, rank 0 for one matrix).
///
/// ```
/// use shaped::{linalg, shape, Tensor};
/// let a = Tensor::<f64, shape![3, 3]>::from_slice(&[2.0, 0.0, 0.0, 1.0, 3.0, 0.0, 5.0, 6.0, 4.0]).unwrap();
/// let d: Tensor<f64, shape![]> = linalg::det(&a);
/// assert_eq!(d.as_slice(), &[24.0]);
/// ```
#[track_caller]
pub fn det<A: LinalgArg>(a: &A) -> Out<A, <A::Layout as SquareRule<Det>>::Batch>
where
    A::Layout: SquareRule<Det>,
{
    or_panic(try_det(a))
}

/// [`det`], its runtime shape errors returned (a singular matrix is not an
/// error: its determinant is 0).
pub fn try_det<A: LinalgArg>(
    a: &A,
) -> Result<Out<A, <A::Layout as SquareRule<Det>>::Batch>, ShapeError>
where
    A::Layout: SquareRule<Det>,
{
    const OP: &str = "linalg.det";
    let n = A::Layout::SMALL_SQUARE;
    if let (2..=4, Some(d)) = (n, a.contiguous()) {
        return build::<A::Elem, <A::Layout as SquareRule<Det>>::Batch>(&[], |out| {
            if !all_finite(d) {
                return Err(at(OP, &[], 0, LinalgProblem::NonFinite));
            }
            out[0] = match n {
                2 => SMatrix::<_, 2, 2>::from_row_slice(d).determinant(),
                3 => SMatrix::<_, 3, 3>::from_row_slice(d).determinant(),
                _ => SMatrix::<_, 4, 4>::from_row_slice(d).determinant(),
            };
            Ok(())
        });
    }
    let v = a.matrices();
    let (batch, n) = square_dims(OP, v.shape())?;
    let mats = Batch::matrices(OP, &v)?;
    let steps = mats.steps(batch);
    let shape = v.shape();
    build::<A::Elem, <A::Layout as SquareRule<Det>>::Batch>(batch, |out| {
        if n == 0 {
            out.fill(A::Elem::one()); // the empty product, without a walk
            return Ok(());
        }
        run(
            batch,
            [&steps],
            [out],
            flops(&[n, n, n]),
            || lu_work(n, 1, shape),
            |w, i, [off], [o]| {
                if !mats.finite(off, false) {
                    return Err(at(OP, batch, i, LinalgProblem::NonFinite));
                }
                o[0] = match w {
                    Some(w) => {
                        let (sign, _, prod) = slog_faer(w, &mats, off);
                        sign * prod
                    }
                    None => det_one(&mats, off),
                };
                Ok(())
            },
        )
    })
}

/// The sign, the log of the absolute value and the value of the
/// determinant of the matrix at `off`, through faer's LU of `Aᵀ` (whose
/// determinant is `A`'s): 0, -inf, 0 for a zero pivot.
fn slog_faer<T: Real>(w: &mut LuWork<T>, a: &Batch<'_, T>, off: usize) -> (T, T, T) {
    let Some(swaps) = w.factor(a, off) else {
        return (T::zero(), T::neg_infinity(), T::zero());
    };
    let lu = w.lu();
    let mut sign = if swaps % 2 == 0 { T::one() } else { -T::one() };
    let (mut log, mut prod) = (T::zero(), T::one());
    for i in 0..a.n {
        let d = lu[(i, i)];
        if d < T::zero() {
            sign = -sign;
        }
        prod *= FloatCore::abs(d);
        log += nalgebra::ComplexField::ln(FloatCore::abs(d));
    }
    (sign, log, prod)
}

/// The determinant of one matrix.
fn det_one<T: Real>(a: &Batch<'_, T>, off: usize) -> T {
    match a.n {
        0 => T::one(),
        1 => a.get(off, 0, 0),
        2 => a.smatrix::<2>(off).determinant(),
        3 => a.smatrix::<3>(off).determinant(),
        4 => a.smatrix::<4>(off).determinant(),
        _ => a.dmatrix(off).lu().determinant(),
    }
}

/// `linalg.slogdet`: the sign and the natural logarithm of the absolute
/// value of each determinant, `(sign, logabsdet)`, each of the batch's
/// layout. A singular matrix gives sign 0 and `logabsdet` -inf, as in
/// PyTorch and NumPy.
///
/// ```
/// use shaped::{linalg, DynTensor};
/// let a = DynTensor::from_vec(vec![0.0f64, 2.0, 3.0, 0.0], &[2, 2]).unwrap();
/// let (sign, logabsdet) = linalg::slogdet(&a);
/// assert_eq!(sign.to_vec(), vec![-1.0]);
/// assert!((logabsdet.to_vec()[0] - 6f64.ln()).abs() < 1e-12);
/// ```
#[track_caller]
pub fn slogdet<A: LinalgArg>(a: &A) -> SlogdetOut<A>
where
    A::Layout: SquareRule<Slogdet>,
{
    or_panic(try_slogdet(a))
}

/// `slogdet`'s result: `(sign, logabsdet)`.
pub type SlogdetOut<A> = (
    Out<A, <<A as LinalgArg>::Layout as SquareRule<Slogdet>>::Batch>,
    Out<A, <<A as LinalgArg>::Layout as SquareRule<Slogdet>>::Batch>,
);

/// [`slogdet`], its runtime shape errors returned.
pub fn try_slogdet<A: LinalgArg>(a: &A) -> Result<SlogdetOut<A>, ShapeError>
where
    A::Layout: SquareRule<Slogdet>,
{
    const OP: &str = "linalg.slogdet";
    let v = a.matrices();
    let (batch, n) = square_dims(OP, v.shape())?;
    let mats = Batch::matrices(OP, &v)?;
    let steps = mats.steps(batch);
    let shape = v.shape();
    type B<A> = <<A as LinalgArg>::Layout as SquareRule<Slogdet>>::Batch;
    // Both results allocated before the walk, each matrix writing its two.
    let mut logabsdet = None;
    let sign = build::<A::Elem, B<A>>(batch, |signs| {
        logabsdet = Some(build::<A::Elem, B<A>>(batch, |logs| {
            if n == 0 {
                signs.fill(A::Elem::one());
                return Ok(());
            }
            run(
                batch,
                [&steps],
                [signs, logs],
                flops(&[n, n, n]),
                || lu_work(n, 1, shape),
                |w, i, [off], [s, l]| {
                    if !mats.finite(off, false) {
                        return Err(at(OP, batch, i, LinalgProblem::NonFinite));
                    }
                    (s[0], l[0]) = match w {
                        Some(w) => {
                            let (sign, log, _) = slog_faer(w, &mats, off);
                            (sign, log)
                        }
                        None => slog_lu(&mats.dmatrix(off).lu()),
                    };
                    Ok(())
                },
            )
        })?);
        Ok(())
    })?;
    match logabsdet {
        Some(l) => Ok((sign, l)),
        None => unreachable!("the first result's fill builds the second"),
    }
}

/// The sign and log-absolute-value of the determinant of a factorized matrix.
fn slog_lu<T: Real>(lu: &nalgebra::LU<T, Dyn, Dyn>) -> (T, T) {
    let u = lu.u();
    let mut sign: T = lu.p().determinant();
    let mut log = T::zero();
    for i in 0..u.nrows() {
        let d = u[(i, i)];
        if d == T::zero() {
            return (T::zero(), T::neg_infinity());
        }
        if d < T::zero() {
            sign = -sign;
        }
        log += nalgebra::ComplexField::ln(nalgebra::ComplexField::abs(d));
    }
    (sign, log)
}

/// `solve`'s result: `X`, of the layout [`SolveRule`] computes.
pub type SolveOut<A, B> =
    Out<A, <<A as LinalgArg>::Layout as SolveRule<<B as LinalgArg>::Layout>>::Output>;

/// `linalg.solve`: `X` with `A X = B`, for square matrices `A`
/// (`[.., n, n]`) and `B` a vector `[n]` or a batch of matrices
/// `[.., n, k]`, the batches broadcasting; `X` has `B`'s shape with the
/// broadcast batch. A singular `A` panics with PyTorch's message (see
/// [`try_solve`]).
///
/// For runtime tensors `B` is also a batch of vectors when it has one
/// dimension less than `A` and `B.shape == A.shape[:-1]` (PyTorch's
/// rule). For static and mixed layouts, whose types state the result's
/// rank, `B` is a batch of vectors only when it has one dimension
/// (NumPy 2's rule): unsqueeze a batch of vectors into `[.., n, 1]`.
///
/// ```
/// use shaped::{linalg, shape, Dyn, Tensor};
/// // Three diagonal matrices: 1·I, 2·I, 3·I.
/// let a = Tensor::<f64, shape![Dyn, 2, 2]>::from_fn_sized(&[3], |k| if k % 4 % 3 == 0 { (k / 4 + 1) as f64 } else { 0.0 });
/// let b = Tensor::<f64, shape![2, 1]>::from_slice(&[6.0, 6.0]).unwrap();
/// let x: Tensor<f64, shape![Dyn, 2, 1]> = linalg::solve(&a, &b); // B broadcast over the batch
/// assert_eq!(x.to_vec(), vec![6.0, 6.0, 3.0, 3.0, 2.0, 2.0]);
/// ```
#[track_caller]
pub fn solve<A: LinalgArg, B: LinalgArg<Elem = A::Elem>>(a: &A, b: &B) -> SolveOut<A, B>
where
    A::Layout: SolveRule<B::Layout>,
{
    or_panic(try_solve(a, b))
}

/// [`solve`], its errors returned: `linalg.solve: The solver failed
/// because the input matrix is singular.`, `linalg.solve: Incompatible
/// shapes of A and B for the equation AX = B (3x3 and 4x2)`, or a batch
/// that does not broadcast.
pub fn try_solve<A: LinalgArg, B: LinalgArg<Elem = A::Elem>>(
    a: &A,
    b: &B,
) -> Result<SolveOut<A, B>, ShapeError>
where
    A::Layout: SolveRule<B::Layout>,
{
    const OP: &str = "linalg.solve";
    let n = A::Layout::SMALL_SQUARE;
    if let (2..=4, true, Some(da), Some(db)) = (
        n,
        B::Layout::STATIC_VECTOR == n,
        a.contiguous(),
        b.contiguous(),
    ) {
        return build::<A::Elem, <A::Layout as SolveRule<B::Layout>>::Output>(&[n], |x| {
            if !all_finite(da) || !all_finite(db) {
                return Err(at(OP, &[], 0, LinalgProblem::NonFinite));
            }
            let ok = match n {
                2 => copied(
                    SMatrix::<_, 2, 2>::from_row_slice(da)
                        .lu()
                        .solve(&SVector::<_, 2>::from_row_slice(db)),
                    x,
                ),
                3 => copied(
                    SMatrix::<_, 3, 3>::from_row_slice(da)
                        .lu()
                        .solve(&SVector::<_, 3>::from_row_slice(db)),
                    x,
                ),
                _ => copied(
                    SMatrix::<_, 4, 4>::from_row_slice(da)
                        .lu()
                        .solve(&SVector::<_, 4>::from_row_slice(db)),
                    x,
                ),
            };
            if ok {
                Ok(())
            } else {
                Err(at(OP, &[], 0, LinalgProblem::SolveSingular))
            }
        });
    }
    let (va, vb) = (a.matrices(), b.matrices());
    let d = solve_dims(va.shape(), vb.shape(), A::Layout::RUNTIME)?;
    let (n, k) = (d.n, d.k);
    type X<A, B> = <<A as LinalgArg>::Layout as SolveRule<<B as LinalgArg>::Layout>>::Output;
    if let (2..=4, 1, Some(da), Some(db)) = (n, k, va.as_slice(), vb.as_slice()) {
        let ra = va.shape().len() - 2;
        let rb = vb.shape().len() - if d.vector { 1 } else { 2 };
        if va.shape()[..ra] == d.batch[..] && vb.shape()[..rb] == d.batch[..] {
            // Contiguous batches of small systems, one right-hand side
            // each, not broadcast: one loop over them, as a hand-written
            // loop over nalgebra's matrices would be.
            return build::<A::Elem, X<A, B>>(&d.out, |x| match n {
                2 => solve_chunks(da, db, x, &d.batch, 2, |m, v, o| {
                    let m = SMatrix::<_, 2, 2>::from_row_slice(m);
                    copied(m.lu().solve(&SVector::<_, 2>::from_row_slice(v)), o)
                }),
                3 => solve_chunks(da, db, x, &d.batch, 3, |m, v, o| {
                    let m = SMatrix::<_, 3, 3>::from_row_slice(m);
                    copied(m.lu().solve(&SVector::<_, 3>::from_row_slice(v)), o)
                }),
                _ => solve_chunks(da, db, x, &d.batch, 4, |m, v, o| {
                    let m = SMatrix::<_, 4, 4>::from_row_slice(m);
                    copied(m.lu().solve(&SVector::<_, 4>::from_row_slice(v)), o)
                }),
            });
        }
    }
    let am = Batch::matrices(OP, &va)?;
    let bm = if d.vector {
        Batch::vectors(&vb)?
    } else {
        Batch::matrices(OP, &vb)?
    };
    let (sa, sb) = (am.steps(&d.batch), bm.steps(&d.batch));
    let shape = va.shape();
    build::<A::Elem, X<A, B>>(&d.out, |out| {
        if n == 0 || k == 0 {
            return Ok(()); // nothing to solve for, however many systems
        }
        run(
            &d.batch,
            [&sa, &sb],
            [out],
            flops(&[n, n, n.saturating_add(k)]),
            || lu_work(n, k, shape),
            |w, i, [oa, ob], [x]| {
                if !am.finite(oa, false) || !bm.finite(ob, false) {
                    return Err(at(OP, &d.batch, i, LinalgProblem::NonFinite));
                }
                let ok = match (w, n, k) {
                    (Some(w), _, _) => solve_faer(w, &am, oa, &bm, ob, x),
                    // One right-hand side of a small system: on the stack.
                    (None, 2, 1) => copied(am.smatrix::<2>(oa).lu().solve(&column(&bm, ob)), x),
                    (None, 3, 1) => copied(am.smatrix::<3>(oa).lu().solve(&column(&bm, ob)), x),
                    (None, 4, 1) => copied(am.smatrix::<4>(oa).lu().solve(&column(&bm, ob)), x),
                    (None, _, _) => solve_lu(&am, oa, &bm, ob, x),
                };
                if ok {
                    Ok(())
                } else {
                    Err(at(OP, &d.batch, i, LinalgProblem::SolveSingular))
                }
            },
        )
    })
}

/// The solutions of contiguous `n`x`n` systems, one right-hand side
/// each, by `solve1` (on the stack; `false` for a singular matrix).
#[inline(always)]
fn solve_chunks<T: Real>(
    a: &[T],
    b: &[T],
    x: &mut [T],
    batch: &[usize],
    n: usize,
    solve1: impl Fn(&[T], &[T], &mut [T]) -> bool,
) -> Result<(), ShapeError> {
    const OP: &str = "linalg.solve";
    for (i, ((m, v), o)) in a
        .chunks_exact(n * n)
        .zip(b.chunks_exact(n))
        .zip(x.chunks_exact_mut(n))
        .enumerate()
    {
        if !all_finite(m) || !all_finite(v) {
            return Err(at(OP, batch, i, LinalgProblem::NonFinite));
        }
        if !solve1(m, v, o) {
            return Err(at(OP, batch, i, LinalgProblem::SolveSingular));
        }
    }
    Ok(())
}

/// `A X = B` by nalgebra's LU into `x`; `false` for a singular `A`.
fn solve_lu<T: Real>(
    am: &Batch<'_, T>,
    oa: usize,
    bm: &Batch<'_, T>,
    ob: usize,
    x: &mut [T],
) -> bool {
    match am.dmatrix(oa).lu().solve(&bm.dmatrix(ob)) {
        Some(s) => {
            write_rows(&s, x);
            true
        }
        None => false,
    }
}

/// `A X = B` through faer's LU of `Aᵀ` (a transposed solve), `X` solved in
/// place in `x` (row-major, where `B` is first copied); `false` for a
/// singular `A`. A zero pivot is confirmed on `A`'s own factorization, as
/// before.
fn solve_faer<T: Real>(
    w: &mut LuWork<T>,
    am: &Batch<'_, T>,
    oa: usize,
    bm: &Batch<'_, T>,
    ob: usize,
    x: &mut [T],
) -> bool {
    if w.factor(am, oa).is_none() {
        return solve_lu(am, oa, bm, ob, x);
    }
    let (n, k) = (bm.m, x.len() / bm.m);
    bm.copy_rows(ob, x);
    let LuWork {
        a: lu,
        perm,
        inv,
        scratch,
    } = w;
    backend::lu_solve_transposed(
        MatRef::from_column_major_slice(lu, n, n),
        perm,
        inv,
        MatMut::from_row_major_slice_mut(x, n, k),
        scratch,
    );
    true
}

/// The vector starting at `off`, on the stack.
#[inline(always)]
fn column<T: Real, const N: usize>(b: &Batch<'_, T>, off: usize) -> SVector<T, N> {
    SVector::from_fn(|i, _| b.get(off, i, 0))
}

/// Copies a small solution into `x`; `false` for none (a singular `A`).
#[inline(always)]
fn copied<T: Real, const N: usize>(s: Option<SVector<T, N>>, x: &mut [T]) -> bool {
    match s {
        Some(s) => {
            x.copy_from_slice(s.as_slice());
            true
        }
        None => false,
    }
}

/// `linalg.matrix_power`: `A` multiplied by itself `n` times (`n = 0`:
/// the identity; `n < 0`: the inverse's power, a singular matrix an error
/// as for [`inv`]).
///
/// ```
/// use shaped::{linalg, shape, Tensor};
/// let a = Tensor::<f64, shape![2, 2]>::from_slice(&[1.0, 1.0, 0.0, 1.0]).unwrap();
/// assert_eq!(linalg::matrix_power(&a, 5).as_slice(), &[1.0, 5.0, 0.0, 1.0]);
/// assert_eq!(linalg::matrix_power(&a, -2).as_slice(), &[1.0, -2.0, 0.0, 1.0]);
/// ```
#[track_caller]
pub fn matrix_power<A: LinalgArg>(a: &A, n: i64) -> Out<A, A::Layout>
where
    A::Layout: SquareRule<MatrixPower>,
{
    or_panic(try_matrix_power(a, n))
}

/// [`matrix_power`], its errors returned (a negative power of a singular
/// matrix: `linalg.inv`'s error, as in PyTorch).
pub fn try_matrix_power<A: LinalgArg>(a: &A, n: i64) -> Result<Out<A, A::Layout>, ShapeError>
where
    A::Layout: SquareRule<MatrixPower>,
{
    const OP: &str = "linalg.matrix_power";
    let v = a.matrices();
    let (batch, m) = square_dims(OP, v.shape())?;
    let mats = Batch::matrices(OP, &v)?;
    let steps = mats.steps(batch);
    let shape = v.shape();
    build::<A::Elem, A::Layout>(shape, |out| {
        if m == 0 {
            return Ok(()); // nothing to multiply, however many matrices
        }
        walk(batch, [&steps], |i, [off]| {
            if !mats.finite(off, false) {
                return Err(at(OP, batch, i, LinalgProblem::NonFinite));
            }
            let mut base = mats.dmatrix(off);
            if n < 0 {
                let mut inv = zeros(m * m, shape)?;
                inv_one(&mats, off, &mut inv).map_err(|p| at("linalg.inv", batch, i, p))?;
                base = DMatrix::from_row_slice(m, m, &inv);
            }
            let p = power(base, n.unsigned_abs());
            write_rows(&p, &mut out[i * m * m..(i + 1) * m * m]);
            Ok(())
        })
    })
}

/// `a` to the power `e` by repeated squaring.
fn power<T: Real>(mut a: DMatrix<T>, mut e: u64) -> DMatrix<T> {
    let mut acc: OMatrix<T, Dyn, Dyn> = DMatrix::identity(a.nrows(), a.ncols());
    while e > 0 {
        if e & 1 == 1 {
            acc = &acc * &a;
        }
        e >>= 1;
        if e > 0 {
            a = &a * &a;
        }
    }
    acc
}
