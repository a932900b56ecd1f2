//! Shape operations on tracked tensors: `reshape`, `permute`,
//! `transpose`, `t()`. Each moves the gradient back by the inverse
//! operation.

use alloc::vec;
use alloc::vec::Vec;

use crate::shape::toolkit::{
    Matrix, Permute, Permuted, TransposeAxes, TransposedAxes, TransposedMatrix,
};
use crate::{AxisArg, DynTensor, Layout, ReshapeTo, Shape, ShapeError};

use super::Real;
use super::layout::{Runtime, VarLayout, reshaped};
use super::ops::or_panic;
use super::tape::Var;

impl<T: Real, L: VarLayout> Var<T, L> {
    fn reshape_core<M: VarLayout>(&self, value: DynTensor<T>) -> Var<T, M> {
        Var::<T, L>::from_op(value, vec![self.node.clone()], |g, ins, _| {
            vec![Some(reshaped(g.clone(), ins[0].value.shape()))]
        })
    }

    fn permute_core<M: VarLayout>(&self, perm: Vec<usize>) -> Var<T, M> {
        let value = or_panic(self.value_dyn().permute(&perm));
        let mut inverse = vec![0usize; perm.len()];
        for (i, &p) in perm.iter().enumerate() {
            inverse[p] = i;
        }
        Var::<T, L>::from_op(value, vec![self.node.clone()], move |g, _, _| {
            vec![Some(or_panic(g.permute(&inverse)))]
        })
    }
}

impl<T: Real, S: Layout> Var<T, S> {
    /// The same elements in the static shape `S2` (the element counts
    /// checked by the compiler).
    pub fn reshape<S2: Shape>(&self) -> Var<T, S2>
    where
        S: Shape + ReshapeTo<S2>,
    {
        self.reshape_core(reshaped(self.value_dyn().clone(), &S2::TEMPLATE))
    }
    /// The same elements in the layout `S2`, which may have `Dyn` sizes;
    /// PyTorch's error when the counts differ.
    pub fn try_reshape<S2: Layout>(&self) -> Result<Var<T, S2>, ShapeError> {
        let t: crate::Tensor<T, S> = self.value();
        let r = t.try_reshape::<S2>()?;
        Ok(self.reshape_core(r.into_dyn()))
    }
    /// The axes in the order `P` (a tuple of `Axis<K>`).
    pub fn permute<P>(&self, _: P) -> Var<T, Permuted<S, P>>
    where
        S: Permute<P>,
    {
        self.permute_core(<S as Permute<P>>::PERM.to_vec())
    }
    /// Axes `A` and `B` swapped.
    pub fn transpose<A, B>(&self, _: A, _: B) -> Var<T, TransposedAxes<S, A, B>>
    where
        S: TransposeAxes<A, B>,
    {
        let (a, b) = <S as TransposeAxes<A, B>>::AXES;
        let mut perm: Vec<usize> = (0..S::RANK).collect();
        perm.swap(a, b);
        self.permute_core(perm)
    }
    /// The matrix transpose.
    pub fn t(&self) -> Var<T, TransposedMatrix<S>>
    where
        S: Matrix,
    {
        self.permute_core(vec![1, 0])
    }
}

impl<T: Real> Var<T, Runtime> {
    /// The same elements with sizes `shape`; PyTorch's error when the
    /// counts differ.
    pub fn reshape(&self, shape: &[usize]) -> Result<Var<T, Runtime>, ShapeError> {
        let r = self.value_dyn().reshape(shape)?;
        Ok(self.reshape_core(r))
    }
    /// The axes in the order `perm`.
    pub fn permute<A: AxisArg>(&self, perm: &[A]) -> Result<Var<T, Runtime>, ShapeError> {
        self.value_dyn().permute(perm)?;
        let r = self.shape().len() as i128;
        let p = perm
            .iter()
            .map(|a| {
                let s = a.signed();
                (if s < 0 { s + r } else { s }) as usize
            })
            .collect();
        Ok(self.permute_core(p))
    }
    /// Axes `a` and `b` swapped.
    pub fn transpose(
        &self,
        a: impl AxisArg,
        b: impl AxisArg,
    ) -> Result<Var<T, Runtime>, ShapeError> {
        self.value_dyn().transpose(a, b)?;
        let r = self.shape().len() as i128;
        let n = |s: i128| (if s < 0 { s + r } else { s }) as usize;
        let mut perm: Vec<usize> = (0..self.shape().len()).collect();
        perm.swap(n(a.signed()), n(b.signed()));
        Ok(self.permute_core(perm))
    }
    /// The axes reversed (a matrix's transpose).
    pub fn t(&self) -> Var<T, Runtime> {
        self.permute_core((0..self.shape().len()).rev().collect())
    }
}
