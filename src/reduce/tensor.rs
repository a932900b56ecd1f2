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

use num_traits::{Float, Zero};

use super::engine::{self, ArgExtreme, Extreme, LogSumExp, Mean, Prod, Reducer, Sum, Var};
use crate::element::Element;
use crate::error::{ShapeError, checked_numel};
use crate::shape::axes::OneAxis;
use crate::shape::list::{Dims, Layout, MAX_STATIC_RANK};
use crate::shape::storage::{Buffer, Elements};
use crate::shape::toolkit::{DropDims, KeepDims, ReduceAxes};
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
        let mask = <S as ReduceAxes<X>>::MASK;
        let x = self.as_slice();
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
                Some(c) if x.len() <= engine::INLINE_LIMIT => {
                    engine::run(x, c, r, out.as_mut_slice())
                }
                _ => engine::run_dims(x, &S::TEMPLATE, mask, r, out.as_mut_slice()),
            }
            let Some(ext) = O::STATIC_EXTENTS else {
                unreachable!("a reduction of a static shape is static")
            };
            return Tensor::from_parts(out, ext);
        }
        let dims = self.shape();
        if let (Some(op), Some(axis)) = (op, engine::empty_axis(&dims, mask)) {
            empty_panic(&dims, axis, op);
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
        let n = match checked_numel::<R::Out>(&od) {
            Ok(n) => n,
            Err(e) => panic!("{e}"),
        };
        let mut out: <O as Layout>::Data<R::Out> = Buffer::filled(R::Out::zero(), n);
        engine::run_dims(x, &dims, mask, r, out.as_mut_slice());
        Tensor::from_parts(out, ext)
    }
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

macro_rules! reductions {
    ($bound:path: $($keep:ident $over:ident $what:literal $op:expr => [$($arg:ident: $ty:ty),*] $r:expr $(=> $out:ty)?),* $(,)?) => {
        impl<T: Element + $bound, S: Layout> Tensor<T, S> {$(
            #[doc = concat!("The ", $what, " over the axes `X` (`Axis<K>`, `AxisFromEnd<K>`, a dimension name, or a tuple of them), keeping them as size 1.")]
            #[track_caller]
            #[inline]
            pub fn $keep<X>(&self, _: X $(, $arg: $ty)*) -> Tensor<reductions!(@out $($out)?), KeepDims<S, X>>
            where
                S: ReduceAxes<X>,
            {
                self.reduce_to::<X, KeepDims<S, X>, _>(true, &$r, $op)
            }
            #[doc = concat!("The ", $what, " over the axes `X` (`Axis<K>`, `AxisFromEnd<K>`, a dimension name, or a tuple of them), dropping them.")]
            #[track_caller]
            #[inline]
            pub fn $over<X>(&self, _: X $(, $arg: $ty)*) -> Tensor<reductions!(@out $($out)?), DropDims<S, X>>
            where
                S: ReduceAxes<X>,
            {
                self.reduce_to::<X, DropDims<S, X>, _>(false, &$r, $op)
            }
        )*}
    };
    (@out) => { T };
    (@out $out:ty) => { $out };
}

/// Every element type: no extra bound on the reductions below.
pub trait NoBound {}
impl<T> NoBound for T {}

reductions!(NoBound:
    sum_keepdim sum_over
        "sum (in `T::Acc`: `i64` or `u64` for integers, so they do not wrap at the element's width, only past `i64`/`u64`, as in NumPy and PyTorch; see [`Element::Acc`])"
        None => [] Sum => T::Acc,
    prod_keepdim prod_over
        "product (in `T::Acc`: `i64` or `u64` for integers, wrapping at 64 bits as PyTorch's; 1 over a size-0 axis)"
        None => [] Prod => T::Acc,
    max_keepdim max_over "maximum (NaN if there is one; panics with PyTorch's message over a size-0 axis)"
        Some("amax") => [] Extreme::<true>,
    min_keepdim min_over "minimum (NaN if there is one; panics with PyTorch's message over a size-0 axis)"
        Some("amin") => [] Extreme::<false>,
);
reductions!(Float:
    mean_keepdim mean_over "mean (NaN over a size-0 axis)" None => [] Mean,
    var_keepdim var_over "unbiased variance" None => [] Var { correction: 1, sqrt: false },
    std_keepdim std_over "unbiased standard deviation" None => [] Var { correction: 1, sqrt: true },
    var_keepdim_correction var_over_correction
        "variance with `correction` (PyTorch's: 1 is the unbiased estimator, 0 the population variance)"
        None => [correction: usize] Var { correction, sqrt: false },
    std_keepdim_correction std_over_correction
        "standard deviation with `correction` (as for the variance)"
        None => [correction: usize] Var { correction, sqrt: true },
    logsumexp_keepdim logsumexp_over
        "`ln(sum(exp(x)))`, computed stably (the maximum subtracted first; `-inf` over a size-0 axis)"
        None => [] LogSumExp,
);

macro_rules! arg_reductions {
    ($($keep:ident $over:ident $max:literal $what:literal),*) => {
        impl<T: Element, S: Layout> Tensor<T, S> {$(
            #[doc = concat!("The index of the ", $what, " along the axis `A` (`Axis<K>`, `AxisFromEnd<K>` or a dimension name; the first on ties or NaN), keeping it as size 1; panics with PyTorch's message over a size-0 axis.")]
            #[track_caller]
            #[inline]
            pub fn $keep<A: OneAxis>(&self, _: A) -> Tensor<usize, KeepDims<S, A>>
            where
                S: ReduceAxes<A>,
            {
                let op = if $max { "argmax" } else { "argmin" };
                self.reduce_to::<A, KeepDims<S, A>, _>(true, &ArgExtreme::<$max>, Some(op))
            }
            #[doc = concat!("The index of the ", $what, " along the axis `A` (`Axis<K>`, `AxisFromEnd<K>` or a dimension name; the first on ties or NaN), dropping it; panics with PyTorch's message over a size-0 axis.")]
            #[track_caller]
            #[inline]
            pub fn $over<A: OneAxis>(&self, _: A) -> Tensor<usize, DropDims<S, A>>
            where
                S: ReduceAxes<A>,
            {
                let op = if $max { "argmax" } else { "argmin" };
                self.reduce_to::<A, DropDims<S, A>, _>(false, &ArgExtreme::<$max>, Some(op))
            }
        )*}
    };
}
arg_reductions!(argmax_keepdim argmax_over true "maximum", argmin_keepdim argmin_over false "minimum");

impl<T: Element, S: Layout> Tensor<T, S> {
    /// The sum of every element (0 for an empty tensor), in `T::Acc`:
    /// integers add up in `i64` or `u64` (see [`Element::Acc`]) and wrap
    /// past them, as in NumPy and PyTorch ([`checked_sum`](Self::checked_sum)
    /// returns an error instead).
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let s: i64 = Tensor::<i32, shape![2, 3]>::arange().sum();
    /// assert_eq!(s, 15);
    /// assert_eq!(Tensor::<u8, shape![300]>::full(200).sum(), 60000u64);
    /// ```
    pub fn sum(&self) -> T::Acc {
        engine::sum_slice(self.as_slice())
    }

    /// The product of every element (1 for an empty tensor), in `T::Acc`
    /// (PyTorch's `prod`: `int64` for integers, wrapping past it).
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let t = Tensor::<u8, shape![4]>::full(100);
    /// assert_eq!(t.prod(), 100_000_000u64);
    /// ```
    pub fn prod(&self) -> T::Acc {
        Prod.slice(self.as_slice())
    }
}

impl<T: Element + Float, S: Layout> Tensor<T, S> {
    /// The mean of every element (NaN for an empty tensor).
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// assert_eq!(Tensor::<f64, shape![4]>::arange().mean(), 1.5);
    /// ```
    pub fn mean(&self) -> T {
        Mean.slice(self.as_slice())
    }
}
