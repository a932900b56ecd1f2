//! Reductions of static and mixed tensors over axes known at compile time,
//! the result layout computed by the compiler: a keepdim mean over axes 1
//! and 2 of `shape![4, 3, 3]` has type `shape![4, 1, 1]`; reducing the `Dyn`
//! axis of `shape![Dyn, 8]` with keepdim gives the static `shape![1, 8]`,
//! dropping it gives `shape![8]`.
//!
//! ```
//! use shaped::{shape, Axis, Dyn, Tensor};
//! let value = Tensor::<f64, shape![4, 3, 3]>::arange();
//! let mean: Tensor<f64, shape![4, 1, 1]> = value.mean_keepdim((Axis::<1>, Axis::<2>));
//! let std: Tensor<f64, shape![4, 1, 1]> = value.std_keepdim((Axis::<1>, Axis::<2>));
//! let normalized: Tensor<f64, shape![4, 3, 3]> = (value - mean) / std;
//! assert!((normalized[[0, 0, 0]] + 1.4606).abs() < 1e-4);
//!
//! let x = Tensor::<f32, shape![Dyn, 2]>::from_vec(vec![1.0, 2.0, 3.0, 4.0], &[2]).unwrap();
//! let m: Tensor<f32, shape![1, 2]> = x.mean_keepdim(Axis::<0>);
//! let rows: Tensor<f32, shape![Dyn]> = x.sum_over(Axis::<1>);
//! assert_eq!((m.to_vec(), rows.to_vec()), (vec![2.0, 3.0], vec![3.0, 7.0]));
//! ```
//!
//! An axis out of range or a repeated axis does not compile. The work is
//! done on the tensor's own storage by the shared reduction loop
//! (`reduce/engine.rs`), whose form a static shape fixes at compile time:
//! no runtime tensor, no allocation beyond the result's.

use num_traits::Zero;

use super::engine::{self, Reducer};
use crate::element::Element;
use crate::error::{ShapeError, checked_numel};
use crate::shape::list::{Dims, Layout, MAX_STATIC_RANK};
use crate::shape::storage::{Buffer, Elements};
use crate::shape::toolkit::ReduceAxes;
use crate::tensor::Tensor;

impl<T: Element, S: Layout> Tensor<T, S> {
    /// The reduction `r` of this tensor over the axes `X`, into layout `O`
    /// (the reduced axes kept as 1 or dropped, as `O` says). `op` names a
    /// reduction without an identity, which panics with PyTorch's message
    /// over a size-0 axis.
    #[inline(always)]
    #[track_caller]
    pub(crate) fn reduce_to<X, O: Layout, R: Reducer<T>>(
        &self,
        keepdim: bool,
        r: &R,
        op: Option<&'static str>,
    ) -> Tensor<R::Out, O>
    where
        S: ReduceAxes<X>,
        R::Out: Element,
    {
        reduce_slice::<T, S, X, O, R>(self.as_slice(), || self.shape(), keepdim, r, op)
    }
}

/// [`Tensor::reduce_to`] of the contiguous elements `x` of layout `S`
/// (whose sizes `dims` gives, asked only for a layout with a `Dyn`): the
/// loop of a static layout is fixed at compile time.
#[inline(always)]
#[track_caller]
pub(crate) fn reduce_slice<T, S, X, O, R>(
    x: &[T],
    dims: impl FnOnce() -> Dims,
    keepdim: bool,
    r: &R,
    op: Option<&'static str>,
) -> Tensor<R::Out, O>
where
    T: Element,
    S: Layout + ReduceAxes<X>,
    O: Layout,
    R: Reducer<T>,
    R::Out: Element,
{
    let mask = <S as ReduceAxes<X>>::MASK;
    if S::STATIC {
        // Every size and axis is a constant: so is the loop's form.
        let form = const { engine::canon(S::TEMPLATE.as_slice(), <S as ReduceAxes<X>>::MASK) };
        let empty =
            const { engine::empty_axis(S::TEMPLATE.as_slice(), <S as ReduceAxes<X>>::MASK) };
        if let (Some(op), Some(axis)) = (op, empty) {
            empty_panic(&S::TEMPLATE, axis, op);
        }
        let mut out: <O as Layout>::Data<R::Out> =
            Buffer::filled(R::Out::zero(), O::TEMPLATE_NUMEL);
        match form {
            // Small shapes: constant loop bounds, unrolled like a hand
            // loop. Large ones share the loop compiled once per element
            // type (constant bounds buy nothing there).
            Some(c) if x.len() <= engine::INLINE_LIMIT => engine::run(x, c, r, out.as_mut_slice()),
            _ => engine::run_dims(x, &S::TEMPLATE, mask, r, out.as_mut_slice()),
        }
        let Some(ext) = O::STATIC_EXTENTS else {
            unreachable!("a reduction of a static shape is static")
        };
        return Tensor::from_parts(out, ext);
    }
    let dims = dims();
    typed_result::<R::Out, O>(&dims, mask, keepdim, op, |out| {
        engine::run_dims(x, &dims, mask, r, out);
        Ok(())
    })
}

/// The result of layout `O` of a reduction over the axes of `mask` of an
/// operand of sizes `dims`, written by `fill`; panics (at the caller's
/// line) with PyTorch's message over a size-0 axis where `op` names a
/// reduction without an identity, and with `fill`'s error.
#[track_caller]
pub(crate) fn typed_result<U: Element, O: Layout>(
    dims: &[usize],
    mask: u64,
    keepdim: bool,
    op: Option<&'static str>,
    fill: impl FnOnce(&mut [U]) -> Result<(), ShapeError>,
) -> Tensor<U, O> {
    if let (Some(op), Some(axis)) = (op, engine::empty_axis(dims, mask)) {
        empty_panic(dims, axis, op);
    }
    let mut buf = [0usize; MAX_STATIC_RANK];
    let mut n = 0;
    for (i, &d) in dims.iter().enumerate() {
        if mask >> i & 1 == 0 || keepdim {
            buf[n] = if mask >> i & 1 == 1 { 1 } else { d };
            n += 1;
        }
    }
    let od = Dims::from_slice(&buf[..n]);
    let Some(ext) = O::extents_for(&od) else {
        unreachable!("the runtime sizes {od:?} agree with the type-level ones")
    };
    // A size-0 axis reduced away can leave a result too large to hold:
    // say so (at the caller's line), rather than fail to allocate.
    let n = match checked_numel::<U>(&od) {
        Ok(n) => n,
        Err(e) => panic!("{e}"),
    };
    let mut out: <O as Layout>::Data<U> = Buffer::filled(U::zero(), n);
    if let Err(e) = fill(out.as_mut_slice()) {
        panic!("{e}")
    }
    Tensor::from_parts(out, ext)
}

/// PyTorch's error for `max`, `min`, `argmax`, `argmin` over a size-0 axis.
#[track_caller]
fn empty_panic(dims: &[usize], axis: usize, op: &'static str) -> ! {
    let e = ShapeError::EmptyReduction {
        shape: dims.to_vec(),
        axis,
        op,
    };
    panic!("{e}")
}

/// Every element type: no extra bound on a reduction of the table
/// (`reduce/family.rs`).
pub trait NoBound {}
impl<T> NoBound for T {}
