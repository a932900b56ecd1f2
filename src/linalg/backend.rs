//! The factorizations of one matrix on faer: its blocked LU with partial
//! pivoting, Cholesky, Householder QR, self-adjoint eigen-decomposition and
//! SVD, single-threaded inside a matrix (the batch driver spreads whole
//! matrices over threads).
//!
//! faer takes strided views, so the crate's row-major matrices are handed
//! over where they lie: a row-major `A` is, read column-major, `Aᵀ`, and
//! each function below uses whichever of the two its algorithm allows
//! (the LU of `Aᵀ` gives `A⁻¹`, `det A` and `A X = B` through transposed
//! solves; `U` and `Vh` of the SVD are written straight into row-major
//! results). Scratch memory is asked for once per batch
//! ([`Scratch::try_new`]) and refused memory is [`ShapeError::TooLarge`],
//! never an abort.

use faer::diag::DiagMut;
use faer::dyn_stack::{MemBuffer, MemStack, StackReq};
use faer::linalg::{cholesky, evd, lu, qr, svd};
use faer::{Conj, MatMut, MatRef, Par, Spec};

use super::Real;
use crate::error::{LinalgProblem, ShapeError};

/// Inside one matrix faer runs sequentially: threads go to whole
/// matrices, which keeps results independent of the thread count.
const PAR: Par = Par::Seq;

/// faer's scratch memory for one kind of factorization at one size,
/// reused by every matrix of a batch.
pub(crate) struct Scratch(MemBuffer);

impl Scratch {
    /// Room for `req`, or `TooLarge` (naming `shape`) if the allocator
    /// refuses.
    pub(crate) fn try_new(req: StackReq, shape: &[usize]) -> Result<Self, ShapeError> {
        MemBuffer::try_new(req)
            .map(Scratch)
            .map_err(|_| ShapeError::TooLarge {
                shape: shape.to_vec(),
            })
    }

    fn stack(&mut self) -> &mut MemStack {
        MemStack::new(&mut self.0)
    }
}

/// Scratch for [`lu_in_place`] and the solves and inverse that follow it.
pub(crate) fn lu_scratch<T: Real>(n: usize, k: usize) -> StackReq {
    StackReq::any_of(&[
        lu::partial_pivoting::factor::lu_in_place_scratch::<usize, T>(n, n, PAR, Spec::default()),
        lu::partial_pivoting::inverse::inverse_scratch::<usize, T>(n, PAR),
        lu::partial_pivoting::solve::solve_transpose_in_place_scratch::<usize, T>(n, k, PAR),
        lu::partial_pivoting::solve::solve_in_place_scratch::<usize, T>(n, k, PAR),
    ])
}

/// An LU factorization with partial pivoting, in place in `a` (`n` by `n`,
/// any strides); `perm` and `inv` (each `n` long) receive the row
/// permutation. Returns the number of row exchanges.
pub(crate) fn lu_in_place<T: Real>(
    a: MatMut<'_, T>,
    perm: &mut [usize],
    inv: &mut [usize],
    s: &mut Scratch,
) -> usize {
    let (info, _) =
        lu::partial_pivoting::factor::lu_in_place(a, perm, inv, PAR, s.stack(), Spec::default());
    info.transposition_count
}

/// The first zero on the diagonal of a factorized `U`, counted from 1.
pub(crate) fn zero_pivot<T: Real>(lu: MatRef<'_, T>) -> Option<usize> {
    (0..lu.nrows())
        .position(|i| lu[(i, i)] == T::zero())
        .map(|i| i + 1)
}

/// `out = A⁻¹` from `A`'s factors (`lu`, `perm`, `inv`), `out` any strides.
pub(crate) fn lu_inverse<T: Real>(
    out: MatMut<'_, T>,
    lu: MatRef<'_, T>,
    perm: &[usize],
    inv: &[usize],
    s: &mut Scratch,
) {
    let p = faer::perm::PermRef::new_checked(perm, inv, perm.len());
    // The unit lower and upper triangles are read from the same storage.
    lu::partial_pivoting::inverse::inverse(out, lu, lu, p, PAR, s.stack());
}

/// Solves `A X = B` in place in `rhs`, given the factors of `Aᵀ` (the
/// row-major `A` read column-major): a transposed solve.
pub(crate) fn lu_solve_transposed<T: Real>(
    lu: MatRef<'_, T>,
    perm: &[usize],
    inv: &[usize],
    rhs: MatMut<'_, T>,
    s: &mut Scratch,
) {
    let p = faer::perm::PermRef::new_checked(perm, inv, perm.len());
    lu::partial_pivoting::solve::solve_transpose_in_place_with_conj(
        lu,
        lu,
        p,
        Conj::No,
        rhs,
        PAR,
        s.stack(),
    );
}

/// Scratch for [`cholesky_in_place`].
pub(crate) fn cholesky_scratch<T: Real>(n: usize) -> StackReq {
    cholesky::llt::factor::cholesky_in_place_scratch::<T>(n, PAR, Spec::default())
}

/// `L` with `A = L Lᵀ` in place in the lower triangle of `a` (the upper one
/// is neither read nor written), or the order of the first leading minor
/// that is not positive-definite.
pub(crate) fn cholesky_in_place<T: Real>(a: MatMut<'_, T>, s: &mut Scratch) -> Result<(), usize> {
    cholesky::llt::factor::cholesky_in_place(a, Default::default(), PAR, s.stack(), Spec::default())
        .map(|_| ())
        .map_err(|e| match e {
            cholesky::llt::factor::LltError::NonPositivePivot { index } => index + 1,
        })
}

/// The Householder block size faer recommends for an `m` by `n` QR.
pub(crate) fn qr_block<T: Real>(m: usize, n: usize) -> usize {
    qr::no_pivoting::factor::recommended_block_size::<T>(m, n)
}

/// Scratch for [`qr_in_place`] and forming the thin `Q`.
pub(crate) fn qr_scratch<T: Real>(m: usize, n: usize) -> StackReq {
    let bs = qr_block::<T>(m, n);
    let k = m.min(n);
    StackReq::any_of(&[
        qr::no_pivoting::factor::qr_in_place_scratch::<T>(m, n, bs, PAR, Spec::default()),
        faer::linalg::householder::apply_block_householder_sequence_on_the_left_in_place_scratch::<T>(
            m, bs, k,
        ),
    ])
}

/// The QR factorization of `a` (`m` by `n`, any strides) in place: `R` on
/// and above the diagonal, the Householder vectors below it; `coeff`
/// (`bs` by `min(m, n)`) receives the block reflectors' factors. Then the
/// thin `Q` (`m` by `min(m, n)`) into `q`.
pub(crate) fn qr_in_place<T: Real>(
    mut a: MatMut<'_, T>,
    mut coeff: MatMut<'_, T>,
    mut q: MatMut<'_, T>,
    s: &mut Scratch,
) {
    qr::no_pivoting::factor::qr_in_place(
        a.as_mut(),
        coeff.as_mut(),
        PAR,
        s.stack(),
        Spec::default(),
    );
    // Q = H₁ ⋯ H_k applied to the first k columns of the identity.
    q.fill(T::zero());
    for i in 0..q.ncols() {
        q[(i, i)] = T::one();
    }
    faer::linalg::householder::apply_block_householder_sequence_on_the_left_in_place_with_conj(
        a.as_ref(),
        coeff.as_ref(),
        Conj::No,
        q,
        PAR,
        s.stack(),
    );
}

/// Scratch for [`eigh`].
pub(crate) fn eigh_scratch<T: Real>(n: usize, vectors: bool) -> StackReq {
    let want = if vectors {
        evd::ComputeEigenvectors::Yes
    } else {
        evd::ComputeEigenvectors::No
    };
    evd::self_adjoint_evd_scratch::<T>(n, want, PAR, Spec::default())
}

/// The eigenvalues of the symmetric `a` (its lower triangle is read),
/// ascending, into `w`, and with `u` the eigenvectors (one per column,
/// any strides).
pub(crate) fn eigh<T: Real>(
    a: MatRef<'_, T>,
    w: &mut [T],
    u: Option<MatMut<'_, T>>,
    s: &mut Scratch,
) -> Result<(), LinalgProblem> {
    evd::self_adjoint_evd(
        a,
        DiagMut::from_slice_mut(w),
        u,
        PAR,
        s.stack(),
        Spec::default(),
    )
    .map_err(|_| LinalgProblem::NoConvergence)
}

/// Scratch for [`svd`] of an `m` by `n` matrix.
pub(crate) fn svd_scratch<T: Real>(m: usize, n: usize, vectors: bool) -> StackReq {
    let want = if vectors {
        svd::ComputeSvdVectors::Thin
    } else {
        svd::ComputeSvdVectors::No
    };
    svd::svd_scratch::<T>(m, n, want, want, PAR, Spec::default())
}

/// The singular values of `a` (`m` by `n`, any strides), descending, into
/// `sv`; with `u` (`m` by `k`) and `v` (`n` by `k`, `V`, not `Vh`), the
/// thin singular vectors, any strides.
pub(crate) fn svd<T: Real>(
    a: MatRef<'_, T>,
    sv: &mut [T],
    u: Option<MatMut<'_, T>>,
    v: Option<MatMut<'_, T>>,
    s: &mut Scratch,
) -> Result<(), LinalgProblem> {
    svd::svd(
        a,
        DiagMut::from_slice_mut(sv),
        u,
        v,
        PAR,
        s.stack(),
        Spec::default(),
    )
    .map_err(|_| LinalgProblem::NoConvergence)
}

/// `dst = lhs · rhs` (any strides).
pub(crate) fn matmul<T: Real>(dst: MatMut<'_, T>, lhs: MatRef<'_, T>, rhs: MatRef<'_, T>) {
    faer::linalg::matmul::matmul(dst, faer::Accum::Replace, lhs, rhs, T::one(), PAR);
}
