//! The shape rule of the matrix product (the [rules chapter](crate::guide::rules), section 6,
//! torch.matmul): once as trait impls for static and mixed layouts
//! ([`MatMulWith`]), once as a small function for runtime shapes
//! ([`matmul_shape`]).
//!
//! The last two dimensions of each operand are its matrices, `[.., m, k]`
//! and `[.., k, n]`; the dimensions before them are batch dimensions and
//! broadcast as in [`broadcast`](super::broadcast). A vector first operand
//! is a one-row matrix and a vector second operand a one-column matrix,
//! the added 1 removed from the result. The inner size `k` never
//! broadcasts, and a rank-0 operand is an error.

use alloc::vec::Vec;

use crate::error::ShapeError;
use crate::shape::broadcast::{ZipBroadcast, broadcast_into};
use crate::shape::diagnostic::{Ax, Ctx, MatMulCheck, MatMulRankCheck};
use crate::shape::dim::{Big, D, D1, Dyn};
use crate::shape::list::{Cons, Layout, Nil};
use crate::shape::mixed::ToLayout;
use crate::shape::names::{Named, Plain};

/// The matrices of a matrix product of operands of shapes `a` and `b`,
/// worked out once: the batch shape, `m`, `k`, `n`, and the result shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct MatMulDims {
    /// The broadcast batch dimensions.
    pub batch: Vec<usize>,
    /// Rows of `a`'s matrices (1 for a vector `a`).
    pub m: usize,
    /// The inner size.
    pub k: usize,
    /// Columns of `b`'s matrices (1 for a vector `b`).
    pub n: usize,
    /// The result's shape (the added 1s removed).
    pub out: Vec<usize>,
}

/// Works out a matrix product's dimensions, or PyTorch's error.
pub(crate) fn matmul_dims(a: &[usize], b: &[usize]) -> Result<MatMulDims, ShapeError> {
    if a.is_empty() || b.is_empty() {
        return Err(ShapeError::MatMulRank {
            a: a.to_vec(),
            b: b.to_vec(),
        });
    }
    let (a_batch, m, ka) = match a {
        [k] => (&[][..], 1, *k),
        [batch @ .., m, k] => (batch, *m, *k),
        [] => unreachable!("checked above"),
    };
    let (b_batch, kb, n) = match b {
        [k] => (&[][..], *k, 1),
        [batch @ .., k, n] => (batch, *k, *n),
        [] => unreachable!("checked above"),
    };
    if ka != kb {
        return Err(ShapeError::MatMulInner {
            a: a.to_vec(),
            b: b.to_vec(),
        });
    }
    let mut batch = alloc::vec![0; a_batch.len().max(b_batch.len())];
    broadcast_into(a_batch, b_batch, &mut batch)?;
    let mut out = batch.clone();
    if a.len() > 1 {
        out.push(m);
    }
    if b.len() > 1 {
        out.push(n);
    }
    Ok(MatMulDims {
        batch,
        m,
        k: ka,
        n,
        out,
    })
}

/// The shape of `a.matmul(b)` for operands of shapes `a` and `b`, or
/// PyTorch's error.
///
/// ```
/// use shaped::matmul_shape;
/// assert_eq!(matmul_shape(&[4, 3], &[3, 5]).unwrap(), vec![4, 5]);
/// assert_eq!(matmul_shape(&[7, 1, 4, 3], &[2, 3, 5]).unwrap(), vec![7, 2, 4, 5]);
/// assert_eq!(matmul_shape(&[3], &[3]).unwrap(), Vec::<usize>::new());
/// assert_eq!(
///     matmul_shape(&[4, 3], &[4, 5]).unwrap_err().to_string(),
///     "mat1 and mat2 shapes cannot be multiplied (4x3 and 4x5)"
/// );
/// ```
pub fn matmul_shape(a: &[usize], b: &[usize]) -> Result<Vec<usize>, ShapeError> {
    Ok(matmul_dims(a, b)?.out)
}

/// `Self` and `R` can be multiplied as matrices (torch.matmul's rules), as
/// far as the compiler can tell; [`Output`](MatMulWith::Output) is the
/// result's layout. Sizes that are `Dyn` are checked when the product runs.
/// The bound to name in generic code, with `R: Layout`:
///
/// ```
/// use shaped::{shape, Layout, MatMul, MatMulWith, Tensor};
/// fn product<S: MatMulWith<R>, R: Layout>(a: &Tensor<f32, S>, b: &Tensor<f32, R>) -> Tensor<f32, MatMul<S, R>> {
///     a.matmul(b)
/// }
/// let c = product(&Tensor::<f32, shape![2, 3]>::ones(), &Tensor::<f32, shape![3, 4]>::ones());
/// assert_eq!(c[[1, 3]], 3.0);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not known to multiply with `{R}`",
    label = "the shapes of these tensors are not known to multiply as matrices",
    note = "in generic code, add the bound `{Self}: MatMulWith<{R}>`"
)]
pub trait MatMulWith<R: Layout>: Layout {
    /// The layout of the product.
    type Output: Layout;
}

/// The layout of `S` multiplied by `R` as matrices.
pub type MatMul<S, R> = <S as MatMulWith<R>>::Output;

per_layout_kind!(impl[R: Layout] MatMulWith<R> as MatMulRule<R> { type Output; });
/// [`MatMulWith`] for every layout.
pub trait MatMulRule<R> {
    /// See [`MatMulWith::Output`].
    type Output: Layout;
}
impl<S: Layout, R: Layout> MatMulRule<R> for S
where
    S::Reversed: MatMulRev<R::Reversed, Ctx<S, R>>,
    <S::Reversed as MatMulRev<R::Reversed, Ctx<S, R>>>::Out: ToLayout,
{
    type Output = <<S::Reversed as MatMulRev<R::Reversed, Ctx<S, R>>>::Out as ToLayout>::Out;
}

/// The product's dimension list from the two operands' lists reversed
/// (innermost first): the inner sizes checked, the batch dimensions
/// broadcast from axis -3 on, `[m, n]` (or what the vectors leave of it)
/// at the end.
#[diagnostic::on_unimplemented(
    message = "these shapes are not known to multiply as matrices",
    label = "the shapes of these tensors are not known to multiply as matrices",
    note = "in generic code, add the bound `S: MatMulWith<R>` for the layouts `S`, `R` of the two tensors"
)]
pub trait MatMulRev<R, C> {
    /// The product's dimensions, outermost first.
    type Out;
}
// vector · vector: the dot product.
impl<Ka: InnerDim<Kb, C>, Kb, C> MatMulRev<Cons<Kb, Nil>, C> for Cons<Ka, Nil> {
    type Out = Nil;
}
// vector · (batch of) matrices.
impl<Ka: InnerDim<Kb, C>, N, Kb, Rb, C> MatMulRev<Cons<N, Cons<Kb, Rb>>, C> for Cons<Ka, Nil>
where
    Nil: ZipBroadcast<Rb, C, Ax<3>, Cons<N, Nil>>,
{
    type Out = <Nil as ZipBroadcast<Rb, C, Ax<3>, Cons<N, Nil>>>::Out;
}
// (batch of) matrices · vector.
impl<Ka: InnerDim<Kb, C>, M, Sb, Kb, C> MatMulRev<Cons<Kb, Nil>, C> for Cons<Ka, Cons<M, Sb>>
where
    Sb: ZipBroadcast<Nil, C, Ax<3>, Cons<M, Nil>>,
{
    type Out = <Sb as ZipBroadcast<Nil, C, Ax<3>, Cons<M, Nil>>>::Out;
}
// (batch of) matrices · (batch of) matrices.
impl<Ka: InnerDim<Kb, C>, M, Sb, N, Kb, Rb, C> MatMulRev<Cons<N, Cons<Kb, Rb>>, C>
    for Cons<Ka, Cons<M, Sb>>
where
    Sb: ZipBroadcast<Rb, C, Ax<3>, Cons<M, Cons<N, Nil>>>,
{
    type Out = <Sb as ZipBroadcast<Rb, C, Ax<3>, Cons<M, Cons<N, Nil>>>>::Out;
}
// A rank-0 operand. (One impl per shape of the other operand, so that the
// failure waits for that operand's type and is reported as this error.)
impl<C: MatMulRankCheck> MatMulRev<Nil, C> for Nil {
    type Out = Nil;
}
impl<H, T, C: MatMulRankCheck> MatMulRev<Cons<H, T>, C> for Nil {
    type Out = Nil;
}
impl<H, T, C: MatMulRankCheck> MatMulRev<Nil, C> for Cons<H, T> {
    type Out = Nil;
}

/// The inner sizes `Self` (of `a`) and `Kb` (of `b`) are equal, or one of
/// them is `Dyn` (checked at run time). They never broadcast.
#[diagnostic::on_unimplemented(
    message = "cannot multiply: the inner dimensions `{Self}` and `{Kb}` have different names",
    label = "the columns of the left matrix must be the rows of the right one",
    note = "a named inner dimension must have the same name on both sides, or no name on one side"
)]
pub trait InnerDim<Kb, C> {}
impl<C: MatMulCheck<1, 1, 0>> InnerDim<D1, C> for D1 {}
impl<const M: usize, C: MatMulCheck<1, M, 0>> InnerDim<D<M>, C> for D1 {}
impl<const M: usize, C: MatMulCheck<1, M, 0>> InnerDim<Big<M>, C> for D1 {}
impl<const N: usize, C: MatMulCheck<N, 1, 0>> InnerDim<D1, C> for D<N> {}
impl<const N: usize, C: MatMulCheck<N, 1, 0>> InnerDim<D1, C> for Big<N> {}
impl<const N: usize, const M: usize, C: MatMulCheck<N, M, 0>> InnerDim<D<M>, C> for D<N> {}
impl<const N: usize, const M: usize, C: MatMulCheck<N, M, 0>> InnerDim<Big<M>, C> for D<N> {}
impl<const N: usize, const M: usize, C: MatMulCheck<N, M, 0>> InnerDim<D<M>, C> for Big<N> {}
impl<const N: usize, const M: usize, C: MatMulCheck<N, M, 0>> InnerDim<Big<M>, C> for Big<N> {}
impl<C> InnerDim<Dyn, C> for Dyn {}
impl<C> InnerDim<D1, C> for Dyn {}
impl<const M: usize, C> InnerDim<D<M>, C> for Dyn {}
impl<const M: usize, C> InnerDim<Big<M>, C> for Dyn {}
impl<C> InnerDim<Dyn, C> for D1 {}
impl<const N: usize, C> InnerDim<Dyn, C> for D<N> {}
impl<const N: usize, C> InnerDim<Dyn, C> for Big<N> {}
// Named inner dimensions: the same name on both sides, or a name on one
// side only; two different names have no impl (the error names both).
impl<Nm, X: InnerDim<Y, C>, Y, C> InnerDim<Named<Nm, Y>, C> for Named<Nm, X> {}
impl<Nm, X: InnerDim<Y, C>, Y: Plain, C> InnerDim<Y, C> for Named<Nm, X> {}
impl<Nm, X: Plain + InnerDim<Y, C>, Y, C> InnerDim<Named<Nm, Y>, C> for X {}
