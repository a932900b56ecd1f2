//! The layouts a tracked tensor can have, and the rule that folds a
//! broadcast gradient back to an operand's layout.
//!
//! A static or mixed layout is any [`Layout`] (`shape![64, 32]`,
//! `shape![Dyn, 32]`); [`Runtime`] is the layout of a `DynTensor`. The
//! traits here give each operation's result layout from the crate's own
//! type-level rules (`Broadcast<S, R>`, `MatMul<S, R>`), so a gradient has
//! its parameter's layout without a conversion the user writes.

use core::marker::PhantomData;

use crate::shape::Dims;
use crate::{Broadcast, BroadcastWith, DynTensor, Layout, MatMul, MatMulWith, Tensor};

use super::Real;

/// The layout of a runtime-shaped tracked tensor: its values and gradients
/// are [`DynTensor`]s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Runtime;

/// A layout a tracked tensor can have: every static or mixed [`Layout`],
/// and [`Runtime`].
pub trait VarLayout: 'static + Sized {
    /// The tensor type of a value (and of a gradient) of this layout:
    /// `Tensor<T, S>` for a static or mixed `S`, `DynTensor<T>` for
    /// [`Runtime`].
    type Value<T: Real>: Clone;
    /// The sizes of a static layout, known to the compiler; `None` when a
    /// size is known only at run time.
    const STATIC_DIMS: Option<Dims>;
    /// The value as a runtime tensor (the form the tape keeps).
    fn to_dyn<T: Real>(v: &Self::Value<T>) -> DynTensor<T>;
    /// The value as a runtime tensor, without a copy where the layout
    /// allows.
    fn into_dyn<T: Real>(v: Self::Value<T>) -> DynTensor<T>;
    /// A runtime tensor of this layout's sizes as a value of this layout.
    /// The tape only calls it with tensors whose sizes it has checked.
    fn from_dyn<T: Real>(d: DynTensor<T>) -> Self::Value<T>;
    /// Whether a value of sizes `current` may be replaced by one of sizes
    /// `dims`: they fit the layout (for [`Runtime`], they are `current`,
    /// as PyTorch's `load_state_dict` requires).
    fn admits(current: &[usize], dims: &[usize]) -> bool;
    /// The layout's sizes, `usize::MAX` where a size is known only at run
    /// time; for [`Runtime`], `dims` (those of a value) themselves.
    fn template(dims: &[usize]) -> alloc::vec::Vec<usize>;
}

impl<S: Layout> VarLayout for S {
    type Value<T: Real> = Tensor<T, S>;
    const STATIC_DIMS: Option<Dims> = if S::STATIC { Some(S::TEMPLATE) } else { None };
    #[inline]
    fn to_dyn<T: Real>(v: &Tensor<T, S>) -> DynTensor<T> {
        v.to_dyn()
    }
    #[inline]
    fn into_dyn<T: Real>(v: Tensor<T, S>) -> DynTensor<T> {
        v.into_dyn()
    }
    #[inline]
    #[track_caller]
    fn from_dyn<T: Real>(d: DynTensor<T>) -> Tensor<T, S> {
        match Tensor::try_from(d) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }
    fn admits(_: &[usize], dims: &[usize]) -> bool {
        S::extents_for(dims).is_some()
    }
    fn template(_: &[usize]) -> alloc::vec::Vec<usize> {
        S::TEMPLATE.to_vec()
    }
}

impl VarLayout for Runtime {
    type Value<T: Real> = DynTensor<T>;
    const STATIC_DIMS: Option<Dims> = None;
    #[inline]
    fn to_dyn<T: Real>(v: &DynTensor<T>) -> DynTensor<T> {
        v.clone()
    }
    #[inline]
    fn into_dyn<T: Real>(v: DynTensor<T>) -> DynTensor<T> {
        v
    }
    #[inline]
    fn from_dyn<T: Real>(d: DynTensor<T>) -> DynTensor<T> {
        d
    }
    fn admits(current: &[usize], dims: &[usize]) -> bool {
        current == dims
    }
    fn template(dims: &[usize]) -> alloc::vec::Vec<usize> {
        dims.to_vec()
    }
}

/// A tensor a [`Var`](super::Var) can hold: `Tensor<T, S>` (layout `S`)
/// or `DynTensor<T>` (layout [`Runtime`]). It is what lets
/// `Var::param(tensor)` know its layout from its argument.
pub trait TensorValue<T: Real> {
    /// The layout of a `Var` holding it.
    type Layout: VarLayout<Value<T> = Self>;
    /// The tensor as the tape keeps it.
    fn into_tape(self) -> DynTensor<T>;
}
impl<T: Real, S: Layout> TensorValue<T> for Tensor<T, S> {
    type Layout = S;
    fn into_tape(self) -> DynTensor<T> {
        self.into_dyn()
    }
}
impl<T: Real> TensorValue<T> for DynTensor<T> {
    type Layout = Runtime;
    fn into_tape(self) -> DynTensor<T> {
        self
    }
}

/// Two layouts that broadcast, and how the gradient of the result folds
/// back to each of them: the inverse of [`Broadcast<S, R>`].
///
/// For two static layouts the folds are constants: the axes of the
/// result to sum over, worked out by the compiler from both sizes. A
/// layout with a runtime size folds by the same rule at run time.
pub trait BroadcastVar<R: VarLayout>: VarLayout {
    /// The result layout.
    type Out: VarLayout;
    /// The axes of the result (bit `k` for axis `k`) summed to fold the
    /// result's gradient back to `Self`, when the compiler knows them.
    const LHS_FOLD: Option<u64>;
    /// The same for `R`.
    const RHS_FOLD: Option<u64>;
}

impl<S: Layout + BroadcastWith<R>, R: Layout> BroadcastVar<R> for S {
    type Out = Broadcast<S, R>;
    const LHS_FOLD: Option<u64> = FoldRule::<S, Broadcast<S, R>>::MASK;
    const RHS_FOLD: Option<u64> = FoldRule::<R, Broadcast<S, R>>::MASK;
}

impl BroadcastVar<Runtime> for Runtime {
    type Out = Runtime;
    const LHS_FOLD: Option<u64> = None;
    const RHS_FOLD: Option<u64> = None;
}

/// Two layouts whose matrix product is defined (torch.matmul's rules).
pub trait MatMulVar<R: VarLayout>: VarLayout {
    /// The product's layout.
    type Out: VarLayout;
}
impl<S: Layout + MatMulWith<R>, R: Layout> MatMulVar<R> for S {
    type Out = MatMul<S, R>;
}
impl MatMulVar<Runtime> for Runtime {
    type Out = Runtime;
}

/// The fold of a gradient of layout `O` back to layout `A`, as a constant.
struct FoldRule<A, O>(PhantomData<(A, O)>);

impl<A: Layout, O: Layout> FoldRule<A, O> {
    const MASK: Option<u64> = if A::STATIC && O::STATIC {
        Some(fold_mask(A::TEMPLATE.as_slice(), O::TEMPLATE.as_slice()))
    } else {
        None
    };
}

/// The axes of `out` to sum so that a gradient of sizes `out` becomes one
/// of sizes `a`: the leading axes `a` lacks, and those where `a` has a 1
/// that `out` stretched.
pub(crate) const fn fold_mask(a: &[usize], out: &[usize]) -> u64 {
    let lead = out.len() - a.len();
    let mut mask = 0u64;
    let mut k = 0;
    while k < out.len() {
        if k < lead || (a[k - lead] == 1 && out[k] != 1) {
            mask |= 1 << k;
        }
        k += 1;
    }
    mask
}

/// `g` (the gradient of a broadcast result) summed back to sizes `to`,
/// over the axes `mask` if the compiler worked them out, else over the
/// axes the runtime rule gives.
pub(crate) fn fold<T: Real>(g: DynTensor<T>, to: &[usize], mask: Option<u64>) -> DynTensor<T> {
    if g.shape() == to {
        return g;
    }
    let mask = match mask {
        Some(m) => m,
        None => fold_mask(to, g.shape()),
    };
    let axes: alloc::vec::Vec<usize> = (0..g.rank()).filter(|k| mask >> k & 1 == 1).collect();
    let summed = if axes.is_empty() {
        g
    } else {
        super::ops::sum_axes(&g, &axes)
    };
    reshaped(summed, to)
}

/// `t` with sizes `to` (the same element count), without a copy.
pub(crate) fn reshaped<T: Real>(t: DynTensor<T>, to: &[usize]) -> DynTensor<T> {
    if t.shape() == to {
        return t;
    }
    match DynTensor::from_vec(t.into_vec(), to) {
        Ok(t) => t,
        Err(e) => unreachable!("a fold keeps the element count: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Dyn, shape};

    #[test]
    fn fold_masks_are_the_inverse_of_broadcasting() {
        assert_eq!(fold_mask(&[3], &[2, 3]), 0b01);
        assert_eq!(fold_mask(&[2, 1], &[2, 3]), 0b10);
        assert_eq!(fold_mask(&[], &[2, 3]), 0b11);
        assert_eq!(fold_mask(&[1, 1], &[1, 0]), 0b10);
        assert_eq!(
            <shape![4, 1] as BroadcastVar<shape![3]>>::LHS_FOLD,
            Some(0b10)
        );
        assert_eq!(
            <shape![4, 1] as BroadcastVar<shape![3]>>::RHS_FOLD,
            Some(0b01)
        );
        assert_eq!(<shape![Dyn, 1] as BroadcastVar<shape![3]>>::LHS_FOLD, None);
    }
}
