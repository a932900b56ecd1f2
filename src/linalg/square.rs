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

use nalgebra::{DMatrix, Dyn, OMatrix, SMatrix, SVector};
use num_traits::{One, Zero};

use super::batch::{Batch, at, count, walk, write_rows};
use super::{LinalgArg, Out, Real, build, or_panic};
use crate::error::{LinalgProblem, ShapeError};
use crate::shape::linalg::{
    Det, Inv, LinalgLayout, MatrixPower, Slogdet, SolveRule, SquareRule, solve_dims, square_dims,
};

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
    build::<A::Elem, A::Layout>(v.shape(), |out| {
        walk(batch, [&steps], |i, [off]| {
            inv_one(&mats, off, &mut out[i * n * n..(i + 1) * n * n])
                .map_err(|p| at(OP, batch, i, p))
        })
    })
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
            out[0] = match n {
                2 => SMatrix::<_, 2, 2>::from_row_slice(d).determinant(),
                3 => SMatrix::<_, 3, 3>::from_row_slice(d).determinant(),
                _ => SMatrix::<_, 4, 4>::from_row_slice(d).determinant(),
            };
            Ok(())
        });
    }
    let v = a.matrices();
    let (batch, _) = square_dims(OP, v.shape())?;
    let mats = Batch::matrices(OP, &v)?;
    let steps = mats.steps(batch);
    build::<A::Elem, <A::Layout as SquareRule<Det>>::Batch>(batch, |out| {
        walk(batch, [&steps], |i, [off]| {
            out[i] = det_one(&mats, off);
            Ok(())
        })
    })
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
    let mut logs = alloc::vec![A::Elem::zero(); count(batch)];
    let sign = build::<A::Elem, <A::Layout as SquareRule<Slogdet>>::Batch>(batch, |out| {
        walk(batch, [&steps], |i, [off]| {
            (out[i], logs[i]) = if n == 0 {
                (A::Elem::one(), A::Elem::zero())
            } else {
                slog_lu(&mats.dmatrix(off).lu())
            };
            Ok(())
        })
    })?;
    let logabsdet = build::<A::Elem, <A::Layout as SquareRule<Slogdet>>::Batch>(batch, |out| {
        out.copy_from_slice(&logs);
        Ok(())
    })?;
    Ok((sign, logabsdet))
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
    let am = Batch::matrices(OP, &va)?;
    let bm = if d.vector {
        Batch::vectors(&vb)?
    } else {
        Batch::matrices(OP, &vb)?
    };
    let (sa, sb) = (am.steps(&d.batch), bm.steps(&d.batch));
    let (n, k) = (d.n, d.k);
    build::<A::Elem, <A::Layout as SolveRule<B::Layout>>::Output>(&d.out, |out| {
        if n == 0 || k == 0 {
            return Ok(()); // nothing to solve for (nalgebra's LU takes no empty system)
        }
        walk(&d.batch, [&sa, &sb], |i, [oa, ob]| {
            let x = &mut out[i * n * k..(i + 1) * n * k];
            let ok = match (n, k) {
                // One right-hand side of a small system: on the stack.
                (2, 1) => copied(am.smatrix::<2>(oa).lu().solve(&column(&bm, ob)), x),
                (3, 1) => copied(am.smatrix::<3>(oa).lu().solve(&column(&bm, ob)), x),
                (4, 1) => copied(am.smatrix::<4>(oa).lu().solve(&column(&bm, ob)), x),
                _ => {
                    let rhs = bm.dmatrix(ob);
                    match am.dmatrix(oa).lu().solve(&rhs) {
                        Some(s) => {
                            write_rows(&s, x);
                            true
                        }
                        None => false,
                    }
                }
            };
            if ok {
                Ok(())
            } else {
                Err(at(OP, &d.batch, i, LinalgProblem::SolveSingular))
            }
        })
    })
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
    build::<A::Elem, A::Layout>(v.shape(), |out| {
        walk(batch, [&steps], |i, [off]| {
            let mut base = mats.dmatrix(off);
            if n < 0 {
                let mut inv = alloc::vec![A::Elem::zero(); m * m];
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
