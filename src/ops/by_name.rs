//! The names layer of the elementwise operations (the [rules chapter](crate::guide::rules), section 5):
//! when both operands have names, the shorter one is aligned to the longer
//! by the rule of [`shape::by_name`](crate::shape::names::runtime) (a permuting copy
//! only when its dimensions are out of order), and the pair then runs the
//! ordinary positional path. When only one side has names the operation is
//! positional and the result keeps the names of the named side.

use super::binary_op::BinaryOp;
use super::operand::Side;
use super::positional;
use crate::element::Element;
use crate::error::ShapeError;
use crate::kernel;
use crate::shape::broadcast::{Broadcast, BroadcastWith, check_broadcast_to};
use crate::shape::list::{Dims, Layout};
use crate::shape::names::assert_ids_distinct;
use crate::shape::names::runtime::{boxed, plan, positional as positional_names, strs};
use crate::tensor::names::{NameRef, aligned};
use crate::tensor::{DynTensor, Tensor};

/// `f(a, b)` with broadcasting by name where both sides are named, else
/// positional with the names carried over; any output element type. Every
/// elementwise binary operation on runtime tensors but the arithmetic
/// operators (which have a faster unnamed path) comes here.
pub(crate) fn zip<T: Copy, U: Copy>(
    a: Side<'_, T>,
    b: Side<'_, T>,
    f: impl Fn(T, T) -> U,
) -> Result<DynTensor<U>, ShapeError> {
    let an = a.names.map(NameRef::strs);
    let bn = b.names.map(NameRef::strs);
    if let (Some(an), Some(bn)) = (&an, &bn) {
        let p = plan(a.dims, an, b.dims, bn, false)?;
        let (x, y) = if p.swapped { (b, a) } else { (a, b) };
        let y_data = aligned(y.data, y.dims, &p.slots);
        let ys = (&*y_data, &p.y_aligned[..]);
        let xs = (x.data, x.dims);
        let ((ad, adims), (bd, bdims)) = if p.swapped { (ys, xs) } else { (xs, ys) };
        let mut out = positional::zip(ad, adims, bd, bdims, f)?;
        out.names = x.names.and_then(NameRef::to_names);
        return Ok(out);
    }
    let mut out = positional::zip(a.data, a.dims, b.data, b.dims, f)?;
    if an.is_some() || bn.is_some() {
        out.names = boxed(&positional_names(
            an.as_deref(),
            bn.as_deref(),
            out.dims().len(),
        ));
    }
    Ok(out)
}

/// `t = f(t, b)` in place: by name where both are named, else positional.
pub(crate) fn assign<T: Copy>(
    t: &mut DynTensor<T>,
    b: Side<'_, T>,
    f: impl Fn(T, T) -> T,
) -> Result<(), ShapeError> {
    let dims = t.dims().to_vec();
    let bn = b.names.map(NameRef::strs);
    if t.names.is_some() && bn.is_some() {
        // Taken out for the call, which borrows `t`'s elements mutably.
        let tn = t.names.take().unwrap_or_default();
        let r = assign_by_name(t.data_mut(), &dims, &strs(&tn), b, f);
        t.names = Some(tn);
        return r;
    }
    check_broadcast_to(&dims, b.dims)?;
    kernel::assign(t.data_mut(), &dims, b.data, b.dims, f);
    if t.names.is_none() {
        t.names = boxed(&positional_names(None, bn.as_deref(), dims.len()));
    }
    Ok(())
}

/// `t = f(t, b)` in place by name, for a `t` with sizes `dims` and names
/// `names` and a named `b` (rules 1-4 with `t` as `x`).
pub(crate) fn assign_by_name<T: Copy>(
    t: &mut [T],
    dims: &[usize],
    names: &[Option<&str>],
    b: Side<'_, T>,
    f: impl Fn(T, T) -> T,
) -> Result<(), ShapeError> {
    let bn = b.names.map(NameRef::strs).unwrap_or_default();
    let p = plan(dims, names, b.dims, &bn, true)?;
    let y = aligned(b.data, b.dims, &p.slots);
    kernel::assign(t, dims, &y, &p.y_aligned, f);
    Ok(())
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// `self op rhs` by name, for two named operands: the shapes were
    /// checked by the compiler; the elements go through the runtime rule.
    pub(crate) fn by_name<Op: BinaryOp<T>, R: Layout>(
        &self,
        rhs: &Tensor<T, R>,
    ) -> Result<Tensor<T, Broadcast<S, R>>, ShapeError>
    where
        S: BroadcastWith<R>,
    {
        // rustc evaluates this for every static operation, named or not (the
        // function is named in each operator's code, if never called): the
        // names only when there are some.
        const {
            if S::NAMED && R::NAMED {
                assert_ids_distinct(&S::NAMES, &R::NAMES)
            }
        };
        let (a, b) = (self.shape(), rhs.shape());
        Op::check_for(self.as_slice(), rhs.as_slice())?;
        let out = super::by_name::zip(self.named_side(&a), rhs.named_side(&b), Op::apply)?;
        let dims = Dims::from_slice(out.shape());
        Ok(Tensor::from_checked(out.into_vec(), &dims))
    }

    /// `self op= rhs` by name, for two named operands.
    pub(crate) fn assign_by_name<Op: BinaryOp<T>, R: Layout>(
        &mut self,
        rhs: &Tensor<T, R>,
    ) -> Result<(), ShapeError> {
        // As in `by_name`: evaluated for unnamed operands too.
        const {
            if S::NAMED && R::NAMED {
                assert_ids_distinct(&S::NAMES, &R::NAMES)
            }
        };
        let (a, b) = (self.shape(), rhs.shape());
        let names = const { &S::NAMES };
        Op::check_for(self.as_slice(), rhs.as_slice())?;
        super::by_name::assign_by_name(
            self.as_mut_slice(),
            &a,
            names.as_slice(),
            rhs.named_side(&b),
            Op::apply,
        )
    }
}
