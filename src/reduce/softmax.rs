//! `softmax` and `log_softmax` along one axis, on every tensor kind.
//!
//! Both are numerically stable: the maximum of each group is subtracted
//! before `exp`, and `log_softmax` is `x - max - ln(sum(exp(x - max)))`, not
//! `ln(softmax)` (which would round small probabilities to `-inf`). The
//! values are PyTorch's: a group containing NaN is NaN throughout, a
//! `-inf` element gets probability 0 (`log_softmax`: `-inf`), a group of
//! `-inf`s only or with a `+inf` is NaN, and a size-0 axis gives an empty
//! result. The typed kinds (static and mixed tensors and their views) take
//! the axis as `Axis::<K>` (checked at compile time) and give a tensor of
//! their layout; the runtime kinds ([`DynTensor`] and its views) take it
//! as a number and return a `Result`. Every kind has both, stamped from
//! one table ([`__softmax_table!`](crate::__softmax_table)); a tensor is
//! read in place, a view from a contiguous copy of its elements.
//!
//! ```
//! use shaped::{shape, Axis, Dyn, DynTensor, Tensor};
//! let logits = Tensor::<f32, shape![Dyn, 3]>::from_vec(vec![1.0, 2.0, 3.0, 0.0, 0.0, 0.0], &[2]).unwrap();
//! let p: Tensor<f32, shape![Dyn, 3]> = logits.softmax(Axis::<1>);
//! assert!((p[[1, 0]] - 1.0 / 3.0).abs() < 1e-6);
//! let q = DynTensor::from_vec(vec![1000.0f64, 0.0], &[2]).unwrap().log_softmax(0).unwrap();
//! assert_eq!(q.to_vec(), vec![0.0, -1000.0]);
//! ```

use num_traits::Float;

use super::engine::{self, Canon, Extreme, Reducer};
use crate::__for_each_kind;
use crate::element::Element;
use crate::error::ShapeError;
use crate::shape::axes::OneAxis;
use crate::shape::axis::{self, AxisArg};
use crate::shape::list::{Dims, Layout};
use crate::shape::storage::Buffer;
use crate::shape::toolkit::ReduceAxes;
use crate::tensor::{DynTensor, Tensor};
use crate::view::Operand;

/// Lanes of a strided group handled together (stack buffers of this size).
const CHUNK: usize = 64;

/// `softmax` (or `log_softmax` when `log`) of `x` in the form `c` (one
/// axis: `outer` groups of `len` rows of `inner` lanes) into `out`, of the
/// same length. Inlined, so that a constant `c` gives constant loop bounds.
#[inline(always)]
pub(crate) fn softmax_into<T: Element + Float>(x: &[T], c: Canon, out: &mut [T], log: bool) {
    if c.outer == 0 || c.len == 0 || c.inner == 0 {
        return;
    }
    let group = c.len * c.inner;
    for (xs, os) in x.chunks_exact(group).zip(out.chunks_exact_mut(group)) {
        if c.inner == 1 {
            let m = Extreme::<true>.slice(xs);
            if log {
                // The exponentials go through `out`, summed by the vectorised sum.
                for (o, &v) in os.iter_mut().zip(xs) {
                    *o = (v - m).exp();
                }
                let shift = m + engine::sum_float(os).ln();
                for (o, &v) in os.iter_mut().zip(xs) {
                    *o = v - shift;
                }
            } else {
                for (o, &v) in os.iter_mut().zip(xs) {
                    *o = (v - m).exp();
                }
                let inv = T::one() / engine::sum_float(os);
                os.iter_mut().for_each(|o| *o = *o * inv);
            }
        } else {
            lanes(xs, c.len, c.inner, os, log);
        }
    }
}

/// One group of `len` rows of `stride` lanes, a chunk of lanes at a time.
#[inline(always)]
fn lanes<T: Element + Float>(x: &[T], len: usize, stride: usize, out: &mut [T], log: bool) {
    let mut base = 0;
    while base < stride {
        let w = CHUNK.min(stride - base);
        let mut m = [T::zero(); CHUNK];
        Extreme::<true>.lanes(&x[base..], len, stride, &mut m[..w]);
        let mut s = [T::zero(); CHUNK];
        for r in 0..len {
            let at = base + r * stride;
            for ((sv, &v), &mv) in s[..w].iter_mut().zip(&x[at..at + w]).zip(&m[..w]) {
                *sv = *sv + (v - mv).exp();
            }
        }
        for r in 0..len {
            let at = base + r * stride;
            let row = x[at..at + w].iter().zip(&mut out[at..at + w]);
            for (((&v, o), &mv), &sv) in row.zip(&m[..w]).zip(&s[..w]) {
                *o = if log {
                    v - (mv + sv.ln())
                } else {
                    (v - mv).exp() / sv
                };
            }
        }
        base += w;
    }
}

/// The softmax (`log`: log-softmax) of a typed operand along the axis
/// `A`, in its layout: a contiguous operand in place of its elements, a
/// view from a contiguous copy of them (the groups of one axis are not
/// one run in a view's memory; the result is a new tensor either way).
#[inline(always)]
pub(crate) fn typed_softmax<P, A>(p: &P, log: bool) -> Tensor<P::Elem, P::Layout>
where
    P: Operand + ?Sized,
    P::Elem: Float,
    P::Layout: Layout + ReduceAxes<A>,
{
    let v;
    let copy;
    let x = match p.contiguous() {
        Some(x) => x,
        None => {
            v = p.strided();
            copy = v.contiguous();
            &copy[..]
        }
    };
    typed_slice::<P::Elem, P::Layout, A>(x, || Dims::from_slice(p.strided().shape()), log)
}

/// [`typed_softmax`] of the contiguous elements `x` of layout `S`.
#[inline(always)]
fn typed_slice<T: Element + Float, S: Layout + ReduceAxes<A>, A>(
    x: &[T],
    dims: impl FnOnce() -> Dims,
    log: bool,
) -> Tensor<T, S> {
    // Zeroed storage (no copy of the input: every element is written).
    let (form, ext, n) = if S::STATIC {
        let form = const { engine::canon(S::TEMPLATE.as_slice(), <S as ReduceAxes<A>>::MASK) };
        let Some(ext) = S::STATIC_EXTENTS else {
            unreachable!("a static layout has static extents")
        };
        (form, ext, S::TEMPLATE_NUMEL)
    } else {
        let dims = dims();
        let Some(ext) = S::extents_for(&dims) else {
            unreachable!("an operand's sizes fit its layout")
        };
        (
            engine::canon(&dims, <S as ReduceAxes<A>>::MASK),
            ext,
            x.len(),
        )
    };
    let mut out = Tensor::<T, S>::from_parts(Buffer::filled(T::zero(), n), ext);
    let Some(c) = form else {
        unreachable!("one axis is always one run")
    };
    softmax_into(x, c, out.as_mut_slice(), log);
    out
}

/// The softmax (`log`: log-softmax) of a runtime operand along `axis`
/// (names kept); a view is read from a contiguous copy, as for
/// [`typed_softmax`].
pub(crate) fn runtime_softmax<P>(
    p: &P,
    axis: impl AxisArg,
    log: bool,
) -> Result<DynTensor<P::Elem>, ShapeError>
where
    P: Operand + ?Sized,
    P::Elem: Float,
{
    let v = p.strided();
    let shape = v.shape();
    let axis = axis::existing(shape, axis)?;
    let copy;
    let x = match p.contiguous() {
        Some(x) => x,
        None => {
            copy = v.try_contiguous()?;
            &copy[..]
        }
    };
    let mut out = DynTensor::from_parts(
        crate::error::try_filled(x.len(), <P::Elem as num_traits::Zero>::zero(), shape)?,
        shape,
    );
    out.names = v.names.clone();
    let Some(c) = engine::canon(shape, 1 << axis) else {
        unreachable!("one axis is always one run")
    };
    softmax_into(x, c, out.as_mut_slice(), log);
    Ok(out)
}

/// The table of the softmax family, the one place such a function is
/// added (as [`__reduction_table!`](crate::__reduction_table)): calls
/// `$cb! { $($pre)* { rows } }`, each row `{ NAME LOG; "what" }`. The
/// typed kinds get `NAME(axis: A) -> Tensor<T, S>`, the runtime kinds
/// `NAME(axis) -> Result<DynTensor<T>, ShapeError>`.
#[doc(hidden)]
#[macro_export]
macro_rules! __softmax_table {
    ($cb:ident [$($pre:tt)*]) => {
        $cb! { $($pre)* {
            { softmax false;
                "`exp(x) / sum(exp(x))` along the axis, computed stably (the maximum subtracted first; see [`reduce::softmax`](crate::reduce::softmax) for `-inf`, NaN and size 0)" }
            { log_softmax true;
                "`x - logsumexp(x)` along the axis, computed stably (not as `ln(softmax)`, which would round small probabilities to `-inf`)" }
        } }
    };
}

/// Stamps the rows of [`__softmax_table!`](crate::__softmax_table) on the
/// six kinds.
macro_rules! stamp_softmax {
    ($which:ident $([$K:ty])*; $rows:tt) => {
        $(stamp_softmax!(@kind $which [$K] $rows);)*
    };
    (@kind $which:ident [$K:ty] { $($row:tt)* }) => {
        $(stamp_softmax!(@one $which [$K] $row);)*
    };
    (@one typed [$K:ty] { $name:ident $log:literal; $what:literal }) => {
        impl<T: Element + Float, S: Layout> $K {
            #[doc = concat!($what, ": the axis `A` is `Axis<K>`, `AxisFromEnd<K>` or a dimension name; the result has the operand's layout. A view is read from a contiguous copy.")]
            #[inline]
            pub fn $name<A: OneAxis>(&self, _: A) -> Tensor<T, S>
            where
                S: ReduceAxes<A>,
            {
                typed_softmax::<Self, A>(self, $log)
            }
        }
    };
    (@one runtime [$K:ty] { $name:ident $log:literal; $what:literal }) => {
        impl<T: Element + Float> $K {
            #[doc = concat!($what, ": along `axis` (negative from the end; PyTorch's error out of range). A view is read from a contiguous copy.")]
            pub fn $name(&self, axis: impl AxisArg) -> Result<DynTensor<T>, ShapeError> {
                runtime_softmax(self, axis, $log)
            }
        }
    };
}

crate::__softmax_table!(__for_each_kind [stamp_softmax;]);
