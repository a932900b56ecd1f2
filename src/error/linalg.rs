//! The errors of `shaped::linalg`: what went wrong as data
//! ([`LinalgProblem`]), with the function's name and, for a batch, the
//! matrix it happened in ([`LinalgError`]). The message is PyTorch's
//! sentence, verbatim where PyTorch has one.

use alloc::vec::Vec;
use core::fmt;

/// A failed linear-algebra function, boxed in
/// [`ShapeError::Linalg`](super::ShapeError::Linalg).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinalgError {
    /// PyTorch's name of the function (`linalg.inv`, `linalg.cholesky`, ...).
    pub op: &'static str,
    /// The matrix of the batch it happened in (row-major order of the batch
    /// dimensions), `None` for a single matrix.
    pub batch: Option<usize>,
    /// What went wrong.
    pub problem: LinalgProblem,
}

/// What went wrong in a linear-algebra function.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum LinalgProblem {
    /// The input has fewer dimensions than the function needs (2 for a
    /// matrix, 1 for a vector).
    TooFewDims {
        /// The input's shape.
        shape: Vec<usize>,
        /// The dimensions needed.
        needed: usize,
    },
    /// The matrices are not square.
    NotSquare {
        /// Their rows.
        rows: usize,
        /// Their columns.
        cols: usize,
    },
    /// `inv` (and `matrix_power` with a negative exponent) of a singular
    /// matrix: the LU factorization's `U` has a zero on its diagonal.
    Singular {
        /// The first zero diagonal element of `U`, counted from 1 as PyTorch counts.
        diagonal: usize,
    },
    /// `solve` with a singular `A`.
    SolveSingular,
    /// `cholesky` of a matrix that is not positive-definite.
    NotPositiveDefinite {
        /// The order of the first leading minor that is not positive-definite.
        order: usize,
    },
    /// An iterative algorithm (`eigh`, `svd`) did not converge.
    NoConvergence,
    /// The input holds infinities or NaNs where the algorithm cannot take them.
    NonFinite,
    /// `A` and `B` of `solve` or `lstsq` do not fit.
    Incompatible {
        /// `A`'s matrices, rows by columns.
        a: (usize, usize),
        /// `B`'s matrices (a vector: its length by 1).
        b: (usize, usize),
    },
    /// `lstsq` with `A` and `B` of different numbers of rows.
    LstsqRows {
        /// `A`'s rows.
        a: usize,
        /// `B`'s rows.
        b: usize,
    },
    /// A norm without an identity (the largest or smallest of no values) of
    /// an empty input.
    EmptyNorm {
        /// The norm's order, as PyTorch names it (`inf`, `-inf`, `2`, ...).
        ord: &'static str,
    },
    /// `cross` on a dimension whose size is not 3.
    CrossSize {
        /// The first input's size there.
        a: usize,
        /// The second input's size there.
        b: usize,
    },
}

impl fmt::Display for LinalgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.op)?;
        if let Some(i) = self.batch {
            write!(f, ": (Batch element {i})")?;
        }
        let op = self.op;
        match &self.problem {
            LinalgProblem::TooFewDims { needed, shape } => {
                let what = if *needed == 1 {
                    "dimension"
                } else {
                    "dimensions"
                };
                write!(
                    f,
                    ": The input tensor A must have at least {needed} {what}. Got shape {shape:?}"
                )
            }
            LinalgProblem::NotSquare { rows, cols } => write!(
                f,
                ": A must be batches of square matrices, but they are {rows} by {cols} matrices"
            ),
            LinalgProblem::Singular { diagonal } => write!(
                f,
                ": The diagonal element {diagonal} is zero, the inversion could not be completed because the input matrix is singular."
            ),
            LinalgProblem::SolveSingular => write!(
                f,
                ": The solver failed because the input matrix is singular."
            ),
            LinalgProblem::NotPositiveDefinite { order } => write!(
                f,
                ": The factorization could not be completed because the input is not positive-definite (the leading minor of order {order} is not positive-definite)."
            ),
            LinalgProblem::NoConvergence => {
                let what = if op.contains("eig") {
                    "eigenvalues"
                } else {
                    "singular values"
                };
                write!(
                    f,
                    ": The algorithm failed to converge because the input matrix is ill-conditioned or has too many repeated {what}."
                )
            }
            LinalgProblem::NonFinite => write!(
                f,
                ": The algorithm failed to converge because the input matrix contained non-finite values."
            ),
            LinalgProblem::Incompatible { a, b } => write!(
                f,
                ": Incompatible shapes of A and B for the equation AX = B ({}x{} and {}x{})",
                a.0, a.1, b.0, b.1
            ),
            LinalgProblem::LstsqRows { a, b } => write!(
                f,
                ": input.size(-2) should match other.size(-2) ({a} and {b})"
            ),
            LinalgProblem::EmptyNorm { ord } => write!(
                f,
                " cannot compute the {ord} norm on an empty tensor because the operation does not have an identity"
            ),
            LinalgProblem::CrossSize { a, b } => write!(
                f,
                ": inputs dimension -1 must have length 3. Got {a} and {b}"
            ),
        }
    }
}
