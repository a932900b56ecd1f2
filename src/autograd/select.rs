//! Selection and joining: `index_select`, `narrow` (slicing along an
//! axis), `gather`, `cat`, `stack`. The gradient of a selection is added
//! back at the positions it read (a position read twice gets both).

use alloc::rc::Rc;
use alloc::vec;
use alloc::vec::Vec;

use crate::shape::axes::OneAxis;
use crate::shape::narrow::{NarrowDyn, NarrowedDyn};
use crate::shape::toolkit::ReduceAxes;
use crate::{AxisArg, DynTensor, Layout, ShapeError, Tensor};

use super::Real;
use super::layout::{Runtime, VarLayout, reshaped};
use super::ops::{from_vec, or_panic};
use super::tape::{Node, Var};

/// Row-major strides of `shape`.
fn strides(shape: &[usize]) -> Vec<usize> {
    let mut s = vec![1usize; shape.len()];
    for k in (0..shape.len().saturating_sub(1)).rev() {
        s[k] = s[k + 1] * shape[k + 1];
    }
    s
}

/// The gradient of `index_select(axis, positions)` of a tensor of sizes
/// `shape`: `g`'s slices added back at their positions.
fn index_add<T: Real>(
    g: &DynTensor<T>,
    shape: &[usize],
    axis: usize,
    positions: &[usize],
) -> DynTensor<T> {
    let mut out = vec![T::zero(); shape.iter().product()];
    let inner: usize = shape[axis + 1..].iter().product();
    let outer: usize = shape[..axis].iter().product();
    let (n, m) = (shape[axis], positions.len());
    let gs = g.as_slice();
    for o in 0..outer {
        for (j, &p) in positions.iter().enumerate() {
            let src = &gs[(o * m + j) * inner..][..inner];
            let dst = &mut out[(o * n + p) * inner..][..inner];
            for (d, &s) in dst.iter_mut().zip(src) {
                *d = *d + s;
            }
        }
    }
    from_vec(out, shape)
}

/// The gradient of `gather(axis, index)` of a tensor of sizes `shape`.
fn scatter_add<T: Real>(
    g: &DynTensor<T>,
    shape: &[usize],
    axis: usize,
    index: &[usize],
    ishape: &[usize],
) -> DynTensor<T> {
    let mut out = vec![T::zero(); shape.iter().product()];
    let xs = strides(shape);
    let mut pos = vec![0usize; ishape.len()];
    for (k, &gv) in g.as_slice().iter().enumerate() {
        let mut off = 0;
        for d in 0..ishape.len() {
            off += xs[d] * if d == axis { index[k] } else { pos[d] };
        }
        out[off] = out[off] + gv;
        for d in (0..ishape.len()).rev() {
            pos[d] += 1;
            if pos[d] < ishape[d] {
                break;
            }
            pos[d] = 0;
        }
    }
    from_vec(out, shape)
}

fn norm_axis(a: impl AxisArg, rank: usize) -> usize {
    let s = a.signed();
    (if s < 0 { s + rank as i128 } else { s }) as usize
}

impl<T: Real, L: VarLayout> Var<T, L> {
    fn select_core<M: VarLayout>(
        &self,
        axis: usize,
        positions: &[usize],
    ) -> Result<Var<T, M>, ShapeError> {
        let value = self.value_dyn().try_index_select(axis, positions)?;
        let positions = positions.to_vec();
        Ok(Var::<T, L>::from_op(
            value,
            vec![self.node.clone()],
            move |g, ins, _| vec![Some(index_add(g, ins[0].value.shape(), axis, &positions))],
        ))
    }

    fn gather_core<M: VarLayout>(
        &self,
        axis: usize,
        index: &DynTensor<usize>,
    ) -> Result<Var<T, M>, ShapeError> {
        let value = self.value_dyn().try_gather(axis, index)?;
        let (idx, ishape) = (index.to_vec(), index.shape().to_vec());
        Ok(Var::<T, L>::from_op(
            value,
            vec![self.node.clone()],
            move |g, ins, _| {
                vec![Some(scatter_add(
                    g,
                    ins[0].value.shape(),
                    axis,
                    &idx,
                    &ishape,
                ))]
            },
        ))
    }
}

impl<T: Real, S: Layout> Var<T, S> {
    /// The slices at `positions` along the axis `A` (PyTorch's
    /// `index_select`); that axis becomes `Dyn`. PyTorch's error for a
    /// position out of range.
    pub fn try_index_select<A>(
        &self,
        _: A,
        positions: &[usize],
    ) -> Result<Var<T, NarrowedDyn<S, A>>, ShapeError>
    where
        S: NarrowDyn<A>,
    {
        self.select_core(<S as NarrowDyn<A>>::AXIS, positions)
    }
    /// [`try_index_select`](Self::try_index_select), panicking with its
    /// message.
    #[track_caller]
    pub fn index_select<A>(&self, axis: A, positions: &[usize]) -> Var<T, NarrowedDyn<S, A>>
    where
        S: NarrowDyn<A>,
    {
        or_panic(self.try_index_select(axis, positions))
    }
    /// `length` slices from `start` along the axis `A` (`t[.., start..start
    /// + length]` along that axis); the axis becomes `Dyn`.
    #[track_caller]
    pub fn narrow<A>(&self, axis: A, start: usize, length: usize) -> Var<T, NarrowedDyn<S, A>>
    where
        S: NarrowDyn<A>,
    {
        let positions: Vec<usize> = (start..start.saturating_add(length)).collect();
        self.index_select(axis, &positions)
    }
    /// `out[i][j] = self[index[i][j]][j]` along the axis `A` (for that
    /// axis; PyTorch's `gather`), of the index's layout.
    #[track_caller]
    pub fn gather<A: OneAxis, R: Layout>(&self, _: A, index: &Tensor<usize, R>) -> Var<T, R>
    where
        S: ReduceAxes<A>,
    {
        let axis = <S as ReduceAxes<A>>::MASK.trailing_zeros() as usize;
        or_panic(self.gather_core(axis, &index.to_dyn()))
    }
}

impl<T: Real> Var<T, Runtime> {
    /// The slices at `positions` along `axis` (PyTorch's `index_select`).
    pub fn index_select(
        &self,
        axis: impl AxisArg,
        positions: &[usize],
    ) -> Result<Var<T, Runtime>, ShapeError> {
        let v = self.value_dyn().try_index_select(axis, positions)?;
        drop(v);
        self.select_core(norm_axis(axis, self.shape().len()), positions)
    }
    /// `length` slices from `start` along `axis`.
    pub fn narrow(
        &self,
        axis: impl AxisArg,
        start: usize,
        length: usize,
    ) -> Result<Var<T, Runtime>, ShapeError> {
        let positions: Vec<usize> = (start..start.saturating_add(length)).collect();
        self.index_select(axis, &positions)
    }
    /// PyTorch's `gather` along `axis`.
    pub fn gather(
        &self,
        axis: impl AxisArg,
        index: &DynTensor<usize>,
    ) -> Result<Var<T, Runtime>, ShapeError> {
        self.value_dyn().try_gather(axis, index)?;
        self.gather_core(norm_axis(axis, self.shape().len()), index)
    }

    /// `parts` joined along `axis` (PyTorch's `cat`).
    #[track_caller]
    pub fn cat(
        parts: &[&Var<T, Runtime>],
        axis: impl AxisArg,
    ) -> Result<Var<T, Runtime>, ShapeError> {
        let values: Vec<&DynTensor<T>> = parts.iter().map(|p| p.value_dyn()).collect();
        let value = DynTensor::cat(values, axis)?;
        let axis = norm_axis(axis, value.rank());
        let inputs: Vec<Rc<Node<T>>> = parts.iter().map(|p| p.node.clone()).collect();
        Ok(Var::<T, Runtime>::from_op(
            value,
            inputs,
            move |g, ins, _| {
                let mut start = 0;
                ins.iter()
                    .map(|i| {
                        let n = i.value.shape()[axis];
                        let pos: Vec<usize> = (start..start + n).collect();
                        start += n;
                        // The parts' own sizes, measured above: always in range.
                        i.tracked().then(|| {
                            g.try_index_select(axis, &pos)
                                .expect("cat's backward selects within the joined sizes")
                        })
                    })
                    .collect()
            },
        ))
    }

    /// `parts` (of equal sizes) stacked along a new axis `axis` (PyTorch's
    /// `stack`).
    #[track_caller]
    pub fn stack(
        parts: &[&Var<T, Runtime>],
        axis: impl AxisArg,
    ) -> Result<Var<T, Runtime>, ShapeError> {
        let values: Vec<&DynTensor<T>> = parts.iter().map(|p| p.value_dyn()).collect();
        let value = DynTensor::stack(values, axis)?;
        let axis = norm_axis(axis, value.rank());
        let inputs: Vec<Rc<Node<T>>> = parts.iter().map(|p| p.node.clone()).collect();
        Ok(Var::<T, Runtime>::from_op(
            value,
            inputs,
            move |g, ins, _| {
                ins.iter()
                    .enumerate()
                    .map(|(k, i)| {
                        i.tracked().then(|| {
                            // k is below the count stacked: always in range.
                            let part = g
                                .try_index_select(axis, &[k])
                                .expect("stack's backward selects below the count stacked");
                            reshaped(part, i.value.shape())
                        })
                    })
                    .collect()
            },
        ))
    }
}
