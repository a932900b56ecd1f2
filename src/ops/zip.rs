//! Fused elementwise pipelines: one call takes 2 to 6 operands and a
//! closure, broadcasts all the operands together and computes the result in
//! one pass of the [n-ary kernel](crate::kernel::nary), without a temporary
//! per operator. Seed 001's normalisation is one pass:
//!
//! ```
//! use shaped::{shape, zip, zip_into, Axis, Tensor};
//! let x = Tensor::<f32, shape![4, 3, 3]>::arange();
//! let mean = Tensor::<f32, shape![4, 1, 1]>::full(4.0);
//! let std = Tensor::<f32, shape![4, 1, 1]>::full(2.0);
//! let z: Tensor<f32, shape![4, 3, 3]> = zip((&x, &mean, &std), |[x, m, s]| (x - m) / s);
//! assert_eq!(z[[0, 0, 0]], -2.0);
//! let mut out = Tensor::<f32, shape![4, 3, 3]>::zeros();  // reused, no allocation
//! zip_into((&x, &mean, &std), &mut out, |[x, m, s]| (x - m) / s);
//! assert_eq!(out, z);
//! // Typed views are operands too (a strided one is read through one copy).
//! let w = Tensor::<f32, shape![3, 3, 4]>::arange();
//! let wt = w.view().permute((Axis::<2>, Axis::<1>, Axis::<0>)); // [4, 3, 3]
//! let y: Tensor<f32, shape![4, 3, 3]> = zip((&x, wt), |[a, b]| a + b);
//! assert_eq!(y, &x + &w.permute((Axis::<2>, Axis::<1>, Axis::<0>)));
//! ```
//!
//! Static and mixed operands, tensors or typed views of them
//! ([`TypedOperand`]: `&t`, `t.view()`, `t.t()`; a strided view is read
//! through one copy of its elements), are checked at compile time as the
//! operators are (the result type is the broadcast of all of them); the
//! operands must be unnamed (drop names, or use the operators, which broadcast by name).
//! Runtime operands go through [`try_zip`] and [`try_zip_into`], which return
//! a [`ShapeError`]; there, named operands are aligned by position and must
//! name each position alike (align one with `align_to` first otherwise).

use alloc::borrow::Cow;
use alloc::vec::Vec;

use typenum::B0;

use crate::element::Element;
use crate::error::{OrFail, ShapeError, checked_numel};
use crate::kernel::{Operand, SliceSink, nary};
use crate::shape::broadcast::{Broadcast, BroadcastWith, broadcast_shapes};
use crate::shape::names::runtime::{Names, boxed, check_unique, owned};
use crate::shape::{Dims, Layout};
use crate::tensor::buffer::SmallBuf;
use crate::tensor::{DynTensor, ShapeBuf, Tensor};
use crate::view::TypedOperand;
use crate::view::typed_operand::row_major;

/// A tuple of 2 to 6 static or mixed tensors or typed views of them
/// ([`TypedOperand`]: `&Tensor`, `TensorView`, `&TensorView`, ...) without
/// dimension names, seen as one broadcast operation: what [`zip`] takes.
pub trait StaticOperands<T: Element, const N: usize> {
    /// The layout all the operands broadcast to.
    type Out: Layout;
    /// Each operand's elements, row-major (a strided view copied once),
    /// and sizes.
    fn parts(&self) -> [(Cow<'_, [T]>, Dims); N];
    /// Whether any operand has a runtime-sized dimension (to check then).
    const DYNAMIC: bool;
}

macro_rules! static_operands {
    ($n:literal: $($S:ident $P:ident $i:tt),+; $Out:ty; $($bound:tt)*) => {
        impl<T: Element, $($S: Layout<Named = B0>, $P: TypedOperand<T, Layout = $S>),+> StaticOperands<T, $n> for ($($P,)+)
        where
            $($bound)*
        {
            type Out = $Out;
            fn parts(&self) -> [(Cow<'_, [T]>, Dims); $n] {
                [$(row_major(&self.$i)),+]
            }
            const DYNAMIC: bool = $(!$S::STATIC)||+;
        }
    };
}
static_operands!(2: A PA 0, B PB 1; Broadcast<A, B>; A: BroadcastWith<B>);
static_operands!(3: A PA 0, B PB 1, C PC 2; Broadcast<Broadcast<A, B>, C>;
    A: BroadcastWith<B>, Broadcast<A, B>: BroadcastWith<C>);
static_operands!(4: A PA 0, B PB 1, C PC 2, D PD 3; Broadcast<Broadcast<Broadcast<A, B>, C>, D>;
    A: BroadcastWith<B>, Broadcast<A, B>: BroadcastWith<C>,
    Broadcast<Broadcast<A, B>, C>: BroadcastWith<D>);
static_operands!(5: A PA 0, B PB 1, C PC 2, D PD 3, E PE 4;
    Broadcast<Broadcast<Broadcast<Broadcast<A, B>, C>, D>, E>;
    A: BroadcastWith<B>, Broadcast<A, B>: BroadcastWith<C>,
    Broadcast<Broadcast<A, B>, C>: BroadcastWith<D>,
    Broadcast<Broadcast<Broadcast<A, B>, C>, D>: BroadcastWith<E>);
static_operands!(6: A PA 0, B PB 1, C PC 2, D PD 3, E PE 4, F PF 5;
    Broadcast<Broadcast<Broadcast<Broadcast<Broadcast<A, B>, C>, D>, E>, F>;
    A: BroadcastWith<B>, Broadcast<A, B>: BroadcastWith<C>,
    Broadcast<Broadcast<A, B>, C>: BroadcastWith<D>,
    Broadcast<Broadcast<Broadcast<A, B>, C>, D>: BroadcastWith<E>,
    Broadcast<Broadcast<Broadcast<Broadcast<A, B>, C>, D>, E>: BroadcastWith<F>);

/// The broadcast sizes of static operands: the compiler's, checked at run
/// time only where a size is `Dyn`.
fn static_dims<T: Element, O: StaticOperands<T, N>, const N: usize>(
    parts: &[(Cow<'_, [T]>, Dims); N],
) -> Result<Vec<usize>, ShapeError> {
    if O::DYNAMIC {
        let shapes: [&[usize]; N] = core::array::from_fn(|k| &*parts[k].1);
        broadcast_shapes(&shapes)
    } else {
        Ok(O::Out::TEMPLATE.to_vec())
    }
}

/// `f` applied elementwise to static or mixed operands broadcast together,
/// in one pass (see the [module documentation](self)). A `Dyn` size that
/// does not broadcast panics with PyTorch's message.
#[track_caller]
pub fn zip<T: Element, O: StaticOperands<T, N>, const N: usize>(
    operands: O,
    f: impl Fn([T; N]) -> T,
) -> Tensor<T, O::Out> {
    let parts = operands.parts();
    let dims = match static_dims::<T, O, N>(&parts) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    let ops: [Operand<'_, T>; N] = core::array::from_fn(|k| (&*parts[k].0, &*parts[k].1));
    let mut data = crate::error::vec_for::<T>(&dims).or_fail();
    nary(&mut data, &dims, ops, f);
    Tensor::from_checked(data, &dims)
}

/// [`zip`] into `out`, whose type is the broadcast layout: no allocation.
#[track_caller]
pub fn zip_into<T: Element, O: StaticOperands<T, N>, const N: usize>(
    operands: O,
    out: &mut Tensor<T, O::Out>,
    f: impl Fn([T; N]) -> T,
) {
    let parts = operands.parts();
    let dims = match static_dims::<T, O, N>(&parts) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    if *out.shape() != *dims {
        panic!(
            "expected a tensor of shape {dims:?}, got shape {:?}",
            out.shape()
        );
    }
    let ops: [Operand<'_, T>; N] = core::array::from_fn(|k| (&*parts[k].0, &*parts[k].1));
    nary(&mut SliceSink::new(out.as_mut_slice()), &dims, ops, f);
}

/// The shape and names of runtime operands broadcast together by
/// position; named operands must name each position alike.
fn runtime_shape<T>(ops: &[&DynTensor<T>]) -> Result<(Vec<usize>, Option<Names>), ShapeError> {
    let shapes: Vec<&[usize]> = ops.iter().map(|t| t.dims()).collect();
    let dims = broadcast_shapes(&shapes)?;
    if ops.iter().all(|t| t.names.is_none()) {
        return Ok((dims, None));
    }
    let rank = dims.len();
    let mut acc: Vec<Option<&str>> = alloc::vec![None; rank];
    for (index, t) in ops.iter().enumerate() {
        let names = t.names();
        let pad = rank - names.len();
        for (i, n) in names.iter().enumerate() {
            match (acc[pad + i], n) {
                (Some(x), Some(y)) if x != *y => {
                    let mut other = alloc::vec![None; pad];
                    other.extend(names.iter().copied());
                    return Err(ShapeError::NameConflict {
                        first: owned(&acc),
                        other: owned(&other),
                        index,
                        axis: pad + i,
                    });
                }
                (None, Some(y)) => acc[pad + i] = Some(y),
                _ => {}
            }
        }
    }
    check_unique(&acc)?;
    Ok((dims, boxed(&acc)))
}

/// `f` applied elementwise to 2 to 6 runtime tensors broadcast together, in
/// one pass, or the PyTorch error (see the [module documentation](self)).
///
/// ```
/// use shaped::{try_zip, DynTensor};
/// let x = DynTensor::<f32>::arange(6).reshape(&[2, 3]).unwrap();
/// let m = DynTensor::from_vec(vec![1.0, 4.0], &[2, 1]).unwrap();
/// let s = DynTensor::scalar(2.0);
/// let z = try_zip([&x, &m, &s], |[x, m, s]| (x - m) / s).unwrap();
/// assert_eq!(z.to_vec(), vec![-0.5, 0.0, 0.5, -0.5, 0.0, 0.5]);
/// assert!(try_zip([&x, &DynTensor::zeros(&[4])], |[a, b]| a + b).is_err());
/// ```
pub fn try_zip<T: Element, const N: usize>(
    operands: [&DynTensor<T>; N],
    f: impl Fn([T; N]) -> T,
) -> Result<DynTensor<T>, ShapeError> {
    let (dims, names) = runtime_shape(&operands)?;
    let n = checked_numel::<T>(&dims)?;
    let ops: [Operand<'_, T>; N] =
        core::array::from_fn(|k| (operands[k].as_slice(), operands[k].shape()));
    let data = SmallBuf::build(
        n,
        &dims,
        |s| nary(&mut SliceSink::new(s), &dims, ops, &f),
        |v| nary(v, &dims, ops, &f),
    )?;
    let mut out = DynTensor::from_store(data, ShapeBuf::from_slice(&dims));
    out.names = names;
    Ok(out)
}

/// [`try_zip`] into `out`, which must have the broadcast shape
/// ([`ShapeError::Mismatch`] otherwise, `out` unchanged); `out`'s names
/// are left as they are. No allocation.
pub fn try_zip_into<T: Element, const N: usize>(
    operands: [&DynTensor<T>; N],
    out: &mut DynTensor<T>,
    f: impl Fn([T; N]) -> T,
) -> Result<(), ShapeError> {
    let (dims, _) = runtime_shape(&operands)?;
    if out.shape() != dims.as_slice() {
        return Err(ShapeError::Mismatch {
            expected: dims,
            got: out.shape().to_vec(),
        });
    }
    let ops: [Operand<'_, T>; N] =
        core::array::from_fn(|k| (operands[k].as_slice(), operands[k].shape()));
    nary(&mut SliceSink::new(out.as_mut_slice()), &dims, ops, f);
    Ok(())
}
