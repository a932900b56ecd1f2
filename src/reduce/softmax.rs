//! `softmax` and `log_softmax` along one axis, on every tensor kind.
//!
//! Both are numerically stable: the maximum of each group is subtracted
//! before `exp`, and `log_softmax` is `x - max - ln(sum(exp(x - max)))`, not
//! `ln(softmax)` (which would round small probabilities to `-inf`). The
//! values are PyTorch's: a group containing NaN is NaN throughout, a
//! `-inf` element gets probability 0 (`log_softmax`: `-inf`), a group of
//! `-inf`s only or with a `+inf` is NaN, and a size-0 axis gives an empty
//! result. Static and mixed tensors take the axis as `Axis::<K>` (checked
//! at compile time) and work on their own storage; [`DynTensor`] takes it
//! as a number and returns a `Result`.
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
use crate::element::Element;
use crate::error::ShapeError;
use crate::shape::axes::OneAxis;
use crate::shape::axis::{self, AxisArg};
use crate::shape::list::Layout;
use crate::shape::storage::Buffer;
use crate::shape::toolkit::ReduceAxes;
use crate::tensor::{DynTensor, Tensor};

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

impl<T: Element + Float, S: Layout> Tensor<T, S> {
    #[inline(always)]
    fn softmax_impl<A>(&self, log: bool) -> Tensor<T, S>
    where
        S: ReduceAxes<A>,
    {
        // Zeroed storage (no copy of the input: every element is written).
        let dims = self.shape();
        let Some(ext) = S::extents_for(&dims) else {
            unreachable!("a tensor's sizes fit its layout")
        };
        let mut out = Tensor::<T, S>::from_parts(Buffer::filled(T::zero(), self.numel()), ext);
        let form = if S::STATIC {
            const { engine::canon(S::TEMPLATE.as_slice(), <S as ReduceAxes<A>>::MASK) }
        } else {
            engine::canon(&dims, <S as ReduceAxes<A>>::MASK)
        };
        let Some(c) = form else {
            unreachable!("one axis is always one run")
        };
        softmax_into(self.as_slice(), c, out.as_mut_slice(), log);
        out
    }

    /// `exp(x) / sum(exp(x))` along the axis `A` (`Axis<K>`, `AxisFromEnd<K>` or a dimension name), computed stably (see the
    /// [module](self) for the values on `-inf`, NaN and size 0).
    #[inline]
    pub fn softmax<A: OneAxis>(&self, _: A) -> Tensor<T, S>
    where
        S: ReduceAxes<A>,
    {
        self.softmax_impl::<A>(false)
    }

    /// `x - logsumexp(x)` along the axis `A` (`Axis<K>`, `AxisFromEnd<K>` or a dimension name), computed stably (not as
    /// `ln(softmax)`).
    ///
    /// ```
    /// use shaped::{shape, Axis, Tensor};
    /// let t = Tensor::<f64, shape![2]>::from_slice(&[0.0, f64::NEG_INFINITY]).unwrap();
    /// assert_eq!(t.log_softmax(Axis::<0>).as_slice(), &[0.0, f64::NEG_INFINITY]);
    /// ```
    #[inline]
    pub fn log_softmax<A: OneAxis>(&self, _: A) -> Tensor<T, S>
    where
        S: ReduceAxes<A>,
    {
        self.softmax_impl::<A>(true)
    }
}

impl<T: Element + Float> DynTensor<T> {
    fn softmax_impl(&self, axis: impl AxisArg, log: bool) -> Result<DynTensor<T>, ShapeError> {
        let shape = self.shape();
        let axis = axis::existing(shape, axis)?;
        let mut out = DynTensor::from_parts(
            crate::error::try_filled(self.numel(), T::zero(), shape)?,
            shape,
        );
        out.names = self.names.clone();
        let Some(c) = engine::canon(shape, 1 << axis) else {
            unreachable!("one axis is always one run")
        };
        softmax_into(self.as_slice(), c, out.as_mut_slice(), log);
        Ok(out)
    }

    /// `exp(x) / sum(exp(x))` along `axis`, computed stably; PyTorch's
    /// error for an axis out of range.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![0.0f32, 0.0, f32::NEG_INFINITY, 1.0], &[2, 2]).unwrap();
    /// assert_eq!(t.softmax(1).unwrap().to_vec(), vec![0.5, 0.5, 0.0, 1.0]);
    /// assert!(t.softmax(2).is_err());
    /// ```
    pub fn softmax(&self, axis: impl AxisArg) -> Result<DynTensor<T>, ShapeError> {
        self.softmax_impl(axis, false)
    }

    /// `x - logsumexp(x)` along `axis`, computed stably (not as
    /// `ln(softmax)`).
    pub fn log_softmax(&self, axis: impl AxisArg) -> Result<DynTensor<T>, ShapeError> {
        self.softmax_impl(axis, true)
    }
}
