//! Elementwise functions of two tracked tensors with broadcasting
//! (`maximum minimum pow`), and choosing by a mask (`where_cond`,
//! `masked_fill`).

use alloc::vec;
use alloc::vec::Vec;

use crate::{DynTensor, Layout, Mask, ShapeError, broadcast_shapes};

use super::Real;
use super::layout::{BroadcastVar, VarLayout, fold};
use super::ops::{expand, from_vec, or_panic};
use super::tape::Var;

/// A boolean mask: a [`Mask`] of a static or mixed layout, or a
/// `DynTensor<bool>`.
pub trait MaskArg {
    /// The elements, row-major, and the sizes.
    fn to_bools(&self) -> (Vec<bool>, Vec<usize>);
}
impl<S: Layout> MaskArg for Mask<S> {
    fn to_bools(&self) -> (Vec<bool>, Vec<usize>) {
        (self.to_vec(), self.shape().to_vec())
    }
}
impl MaskArg for DynTensor<bool> {
    fn to_bools(&self) -> (Vec<bool>, Vec<usize>) {
        (self.as_slice().to_vec(), self.shape().to_vec())
    }
}

/// The mask stretched to `shape`, PyTorch's error if it does not
/// broadcast to it.
fn mask_to(
    (mask, dims): (Vec<bool>, Vec<usize>),
    shape: &[usize],
) -> Result<Vec<bool>, ShapeError> {
    let bytes: Vec<u8> = mask.iter().map(|&b| u8::from(b)).collect();
    let b = DynTensor::from_vec(bytes, &dims)?.broadcast_to(shape)?;
    Ok(b.as_slice().iter().map(|&b| b != 0).collect())
}

#[derive(Clone, Copy)]
enum Pair {
    Max,
    Min,
    Pow,
}

/// `f` of two tensors of the same sizes, elementwise.
fn zip_to<T: Real>(a: &DynTensor<T>, b: &DynTensor<T>, f: impl Fn(T, T) -> T) -> Vec<T> {
    a.as_slice()
        .iter()
        .zip(b.as_slice())
        .map(|(&x, &y)| f(x, y))
        .collect()
}

impl<T: Real, A: VarLayout> Var<T, A> {
    #[track_caller]
    fn pair<B: VarLayout>(&self, rhs: &Var<T, B>, op: Pair) -> Var<T, A::Out>
    where
        A: BroadcastVar<B>,
    {
        let (x, y) = (self.value_dyn(), rhs.value_dyn());
        let value = or_panic(match op {
            Pair::Max => x.try_maximum(y),
            Pair::Min => x.try_minimum(y),
            Pair::Pow => x.try_pow(y),
        });
        let (lf, rf) = (A::LHS_FOLD, A::RHS_FOLD);
        Var::<T, A>::from_op(
            value,
            vec![self.node.clone(), rhs.node.clone()],
            move |g, ins, out| {
                let shape = out.shape();
                let (a, b) = (expand(&ins[0].value, shape), expand(&ins[1].value, shape));
                let half = T::one() / (T::one() + T::one());
                // d/da and d/db at each element; equal operands share (PyTorch).
                let (da, db): (Vec<T>, Vec<T>) = match op {
                    Pair::Max | Pair::Min => {
                        let max = matches!(op, Pair::Max);
                        let da = zip_to(&a, &b, |x, y| {
                            if x == y {
                                half
                            } else if (x > y) == max {
                                T::one()
                            } else {
                                T::zero()
                            }
                        });
                        let db = da.iter().map(|&d| T::one() - d).collect();
                        (da, db)
                    }
                    Pair::Pow => {
                        let da = zip_to(&a, &b, |x, y| {
                            if y == T::zero() {
                                T::zero()
                            } else {
                                y * x.powf(y - T::one())
                            }
                        });
                        let db = zip_to(&a, out, |x, o| {
                            if x == T::zero() {
                                T::zero()
                            } else {
                                o * x.ln()
                            }
                        });
                        (da, db)
                    }
                };
                let gs = g.as_slice();
                let ga = ins[0].tracked().then(|| {
                    let v = gs.iter().zip(&da).map(|(&g, &d)| g * d).collect();
                    fold(from_vec(v, shape), ins[0].value.shape(), lf)
                });
                let gb = ins[1].tracked().then(|| {
                    let v = gs.iter().zip(&db).map(|(&g, &d)| g * d).collect();
                    fold(from_vec(v, shape), ins[1].value.shape(), rf)
                });
                vec![ga, gb]
            },
        )
    }

    /// The larger of the two elementwise, broadcasting (equal elements
    /// share the gradient, as in PyTorch).
    #[track_caller]
    pub fn maximum<B: VarLayout>(&self, rhs: &Var<T, B>) -> Var<T, A::Out>
    where
        A: BroadcastVar<B>,
    {
        self.pair(rhs, Pair::Max)
    }
    /// The smaller of the two elementwise, broadcasting.
    #[track_caller]
    pub fn minimum<B: VarLayout>(&self, rhs: &Var<T, B>) -> Var<T, A::Out>
    where
        A: BroadcastVar<B>,
    {
        self.pair(rhs, Pair::Min)
    }
    /// `self ^ rhs` elementwise, broadcasting; the exponent's gradient is
    /// 0 where the base is 0 (PyTorch's choice).
    #[track_caller]
    pub fn pow<B: VarLayout>(&self, rhs: &Var<T, B>) -> Var<T, A::Out>
    where
        A: BroadcastVar<B>,
    {
        self.pair(rhs, Pair::Pow)
    }

    /// `yes` where `mask` holds, else `no` (PyTorch's `where`); the mask
    /// must broadcast to the result of `yes` and `no`. PyTorch's error
    /// otherwise.
    pub fn try_where_cond<B: VarLayout>(
        mask: &impl MaskArg,
        yes: &Var<T, A>,
        no: &Var<T, B>,
    ) -> Result<Var<T, A::Out>, ShapeError>
    where
        A: BroadcastVar<B>,
    {
        let shape = broadcast_shapes(&[yes.shape(), no.shape()])?;
        let m = mask_to(mask.to_bools(), &shape)?;
        let (y, n) = (
            expand(yes.value_dyn(), &shape),
            expand(no.value_dyn(), &shape),
        );
        let v = m
            .as_slice()
            .iter()
            .zip(y.as_slice().iter().zip(n.as_slice()))
            .map(|(&c, (&y, &n))| if c { y } else { n })
            .collect();
        let (lf, rf) = (A::LHS_FOLD, A::RHS_FOLD);
        Ok(Var::<T, A>::from_op(
            from_vec(v, &shape),
            vec![yes.node.clone(), no.node.clone()],
            move |g, ins, _| {
                let pick = |keep: bool| {
                    let v = g
                        .as_slice()
                        .iter()
                        .zip(&m)
                        .map(|(&g, &c)| if c == keep { g } else { T::zero() })
                        .collect();
                    from_vec(v, g.shape())
                };
                vec![
                    ins[0]
                        .tracked()
                        .then(|| fold(pick(true), ins[0].value.shape(), lf)),
                    ins[1]
                        .tracked()
                        .then(|| fold(pick(false), ins[1].value.shape(), rf)),
                ]
            },
        ))
    }

    /// [`try_where_cond`](Self::try_where_cond), panicking with its message.
    #[track_caller]
    pub fn where_cond<B: VarLayout>(
        mask: &impl MaskArg,
        yes: &Var<T, A>,
        no: &Var<T, B>,
    ) -> Var<T, A::Out>
    where
        A: BroadcastVar<B>,
    {
        or_panic(Self::try_where_cond(mask, yes, no))
    }

    /// `value` where `mask` holds (the mask broadcast to this tensor's
    /// sizes); those elements get no gradient.
    pub fn try_masked_fill(&self, mask: &impl MaskArg, value: T) -> Result<Var<T, A>, ShapeError> {
        let m = mask_to(mask.to_bools(), self.shape())?;
        let v = self
            .value_dyn()
            .as_slice()
            .iter()
            .zip(&m)
            .map(|(&x, &c)| if c { value } else { x })
            .collect();
        Ok(Var::<T, A>::from_op(
            from_vec(v, self.shape()),
            vec![self.node.clone()],
            move |g, _, _| {
                let v = g
                    .as_slice()
                    .iter()
                    .zip(&m)
                    .map(|(&g, &c)| if c { T::zero() } else { g })
                    .collect();
                vec![Some(from_vec(v, g.shape()))]
            },
        ))
    }

    /// [`try_masked_fill`](Self::try_masked_fill), panicking with its
    /// message.
    #[track_caller]
    pub fn masked_fill(&self, mask: &impl MaskArg, value: T) -> Var<T, A> {
        or_panic(self.try_masked_fill(mask, value))
    }
}
