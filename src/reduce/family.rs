//! The reductions, written once for the six kinds of tensor: one table
//! ([`__reduction_table!`](crate::__reduction_table)) lists every
//! reduction with its reducer, and the methods of every kind are stamped
//! from it (the kinds are [`__for_each_kind!`](crate::__for_each_kind)'s):
//!
//! - the typed kinds ([`Tensor`], [`TensorView`](crate::TensorView),
//!   [`TensorViewMut`](crate::TensorViewMut)) get `NAME_over(axes)` and
//!   `NAME_keepdim(axes)`, whose result layout the compiler computes;
//! - the runtime kinds ([`DynTensor`], [`DynView`],
//!   [`DynViewMut`](crate::DynViewMut)) get `NAME_dims(&axes, keepdim)`;
//! - `argmax`/`argmin` take one axis (`argmax_over(A)` typed,
//!   `argmax(axis, keepdim)` at run time);
//! - every kind gets the reductions of every element (`sum()`, `mean()`,
//!   `nansum()`, ...).
//!
//! Every form reads its operand where it lies ([`Operand`]): a static
//! layout's contiguous elements by the loop whose form the compiler fixes
//! (unrolled for small shapes), any contiguous slice by the shared loop,
//! a view's strides by the strided loop when the reduced axes merge into
//! one stride, and otherwise a contiguous copy (the only copy: a layout
//! the strided loop cannot walk, such as a reversed view's `argmax`).
//!
//! ```
//! use shaped::{s, shape, Axis, DynTensor, Tensor, TensorView};
//! let t = Tensor::<f64, shape![2, 3]>::from_slice(&[1.0, f64::NAN, 3.0, 4.0, 5.0, 6.0]).unwrap();
//! let v: TensorView<'_, f64, shape![3, 2]> = t.t();
//! let per_row: Tensor<f64, shape![2]> = v.nansum_over(Axis::<0>); // typed result, no copy
//! assert_eq!(per_row.to_vec(), vec![4.0, 15.0]);
//! assert_eq!(t.nanmean(), 19.0 / 5.0);
//! let d = DynTensor::from_vec(t.to_vec(), &[2, 3]).unwrap();
//! let m = d.slice(s![.., 1..]).nanmean_dims(&[1], false).unwrap();
//! assert_eq!(m.to_vec(), vec![3.0, 5.5]);
//! ```

use num_traits::Float;

use super::dyn_tensor::reduce_over;
use super::engine::{
    self, ArgExtreme, Extreme, LogSumExp, Mean, NanMean, NanSum, Prod, Reducer, Sum, Var,
};
use super::tensor::{NoBound, reduce_slice, typed_result};
use crate::__for_each_kind;
use crate::element::Element;
use crate::error::ShapeError;
use crate::shape::axes::OneAxis;
use crate::shape::axis::AxisArg;
use crate::shape::list::{Dims, Layout};
use crate::shape::toolkit::{DropDims, KeepDims, ReduceAxes};
use crate::tensor::{DynTensor, Tensor};
use crate::view::{DynView, Operand, OperandLayout};

/// The reduction `r` of a typed operand over the axes `X`, into layout
/// `O`: its contiguous elements by the tensors' loop, a view's strides
/// otherwise.
#[inline(always)]
#[track_caller]
pub(crate) fn typed<P, X, O, R>(
    p: &P,
    keepdim: bool,
    r: &R,
    op: Option<&'static str>,
) -> Tensor<R::Out, O>
where
    P: Operand + ?Sized,
    P::Layout: Layout + ReduceAxes<X>,
    O: Layout,
    R: Reducer<P::Elem>,
    R::Out: Element,
{
    match p.contiguous() {
        Some(x) => reduce_slice::<_, P::Layout, X, O, R>(
            x,
            || Dims::from_slice(p.strided().shape()),
            keepdim,
            r,
            op,
        ),
        None => {
            let v = p.strided();
            let mask = <P::Layout as ReduceAxes<X>>::MASK;
            typed_result::<R::Out, O>(v.shape(), mask, keepdim, op, |out| {
                strided_into(&v, mask, r, out)
            })
        }
    }
}

/// The reduction `r` of a runtime operand over `axes` (PyTorch's rules:
/// see [`dyn_tensor`](super::dyn_tensor)).
pub(crate) fn runtime<P, A, R>(
    p: &P,
    axes: &[A],
    keepdim: bool,
    r: &R,
    op: Option<&'static str>,
) -> Result<DynTensor<R::Out>, ShapeError>
where
    P: Operand + ?Sized,
    A: AxisArg,
    R: Reducer<P::Elem>,
    R::Out: Default,
{
    let v = p.strided();
    let shape = v.shape();
    let mut refused = Ok(());
    let out = reduce_over(
        shape,
        v.names.as_deref(),
        axes,
        keepdim,
        op,
        |mask, out| match p.contiguous() {
            Some(x) => engine::run_dims(x, shape, mask, r, out),
            None => refused = strided_into(&v, mask, r, out),
        },
    )?;
    refused.map(|()| out)
}

/// The reduction `r` of every element of an operand: a static layout's
/// slice by the loop for a length the compiler knows, any other slice by
/// the loop for a length known at run time (`Reducer::row`: the same
/// additions; the rows of `[4096, 64]` summed one by one took 1.5x as long
/// through the other).
#[inline]
pub(crate) fn all<P: Operand + ?Sized, R: Reducer<P::Elem>>(p: &P, r: &R) -> R::Out {
    match p.contiguous() {
        Some(x) if <P::Layout as OperandLayout>::STATIC => r.slice(x),
        Some(x) => r.row(x),
        None => all_strided(&p.strided(), r),
    }
}

/// [`all`] of a view that is not contiguous: the reducer's own strided
/// path (the sums, in memory order), else the strided loop, else a copy.
// Not inlined: `all` of a tensor keeps only the slice path.
#[inline(never)]
fn all_strided<T: Element, R: Reducer<T>>(v: &DynView<'_, T>, r: &R) -> R::Out {
    let (offset, strides) = v.layout.forward();
    let data = if v.numel() == 0 {
        &[]
    } else {
        &v.data[offset..]
    };
    if let Some(y) = r.strided_all(data, v.shape(), strides.as_slice()) {
        return y;
    }
    let rank = v.shape().len();
    if rank < 64 {
        let mut out = [r.slice(&[])];
        if engine::run_strided(
            data,
            v.shape(),
            strides.as_slice(),
            (1 << rank) - 1,
            r,
            &mut out,
        ) {
            return out[0];
        }
    }
    r.slice(&v.contiguous())
}

/// Fills `out` with the reduction `r` of the view `v` over the axes of
/// `mask`: through its strides where the strided loop can walk them,
/// otherwise from a contiguous copy (whose refusal by the allocator is the
/// error). A reversed view is copied: its results' order, and an
/// `argmax`'s positions, follow the view's order.
pub(crate) fn strided_into<T: Element, R: Reducer<T>>(
    v: &DynView<'_, T>,
    mask: u64,
    r: &R,
    out: &mut [R::Out],
) -> Result<(), ShapeError> {
    let shape = v.shape();
    let read = v
        .try_for_kernel()
        .is_ok_and(|k| engine::run_strided(k.data(), shape, k.strides(), mask, r, out));
    if !read {
        let x = v.try_contiguous()?;
        engine::run_dims(&x, shape, mask, r, out);
    }
    Ok(())
}

/// The table of reductions, the one place a reduction is added: calls
/// `$cb! { $($pre)* { rows } }`, each row a braced group, one of
///
/// - `{ axes BOUND: OVER KEEP DIMS [extra args] (reducer) (op) => OUT; "what" }`:
///   a reduction over axes;
/// - `{ arg MAX: OVER KEEP RUNTIME; "what" }`: `argmax`/`argmin`;
/// - `{ all BOUND: NAME (reducer) => OUT; "what" }`: of every element.
///
/// `BOUND` is the element's bound beyond `Element`, `op` names a reduction
/// without an identity (an error over a size-0 axis). The crate stamps the
/// methods of the six kinds from it (`reduce/family.rs`), and the parity
/// test (`tests/suite/kinds.rs`) calls each on every kind from the same table.
#[doc(hidden)]
#[macro_export]
macro_rules! __reduction_table {
    ($cb:ident [$($pre:tt)*]) => {
        $cb! { $($pre)* {
            { axes NoBound: sum_over sum_keepdim sum_dims [] (Sum) (None) => T::Acc;
                "sum (in `T::Acc`: `i64` or `u64` for integers, so they do not wrap at the element's width, only past `i64`/`u64`, as in NumPy and PyTorch; see [`Element::Acc`](crate::Element::Acc) and `checked_sum`)" }
            { axes NoBound: prod_over prod_keepdim prod_dims [] (Prod) (None) => T::Acc;
                "product (in `T::Acc`: `i64` or `u64` for integers, wrapping at 64 bits as PyTorch's; 1 over a size-0 axis)" }
            { axes NoBound: max_over max_keepdim max_dims [] (Extreme::<true>) (Some("amax")) => T;
                "maximum (NaN if there is one; PyTorch's `amax`, whose error a size-0 axis is)" }
            { axes NoBound: min_over min_keepdim min_dims [] (Extreme::<false>) (Some("amin")) => T;
                "minimum (NaN if there is one; PyTorch's `amin`, whose error a size-0 axis is)" }
            { axes NoBound: nansum_over nansum_keepdim nansum_dims [] (NanSum) (None) => T::Acc;
                "sum with NaN taken as 0 (PyTorch's `nansum`; in `T::Acc` as the sum; integers are never NaN)" }
            { axes Float: mean_over mean_keepdim mean_dims [] (Mean) (None) => T;
                "mean (NaN over a size-0 axis)" }
            { axes Float: nanmean_over nanmean_keepdim nanmean_dims [] (NanMean) (None) => T;
                "mean of the elements that are not NaN (PyTorch's `nanmean`; NaN where all are)" }
            { axes Float: var_over var_keepdim var_dims [] (Var { correction: 1, sqrt: false }) (None) => T;
                "unbiased variance (divisor `n - 1`)" }
            { axes Float: std_over std_keepdim std_dims [] (Var { correction: 1, sqrt: true }) (None) => T;
                "unbiased standard deviation (divisor `n - 1`)" }
            { axes Float: var_over_correction var_keepdim_correction var_dims_correction
                [correction: usize] (Var { correction, sqrt: false }) (None) => T;
                "variance with divisor `max(n - correction, 0)` (PyTorch's `correction`: 1 is the unbiased estimator, 0 the population variance)" }
            { axes Float: std_over_correction std_keepdim_correction std_dims_correction
                [correction: usize] (Var { correction, sqrt: true }) (None) => T;
                "standard deviation with divisor `max(n - correction, 0)`, as for the variance" }
            { axes Float: logsumexp_over logsumexp_keepdim logsumexp_dims [] (LogSumExp) (None) => T;
                "`ln(sum(exp(x)))`, computed stably (the maximum subtracted first; `-inf` over a size-0 axis)" }
            { arg true: argmax_over argmax_keepdim argmax;
                "index of the maximum (the first on ties or NaN; an error over a size-0 axis)" }
            { arg false: argmin_over argmin_keepdim argmin;
                "index of the minimum (the first on ties or NaN; an error over a size-0 axis)" }
            { all NoBound: sum (Sum) => T::Acc;
                "sum of every element (0 for none), in `T::Acc`: integers add up in `i64` or `u64` and wrap past them, as in NumPy and PyTorch (`checked_sum` returns an error instead); a view's in memory order, as NumPy's" }
            { all NoBound: prod (Prod) => T::Acc;
                "product of every element (1 for none), in `T::Acc`" }
            { all NoBound: nansum (NanSum) => T::Acc;
                "sum of every element with NaN taken as 0 (PyTorch's `nansum`)" }
            { all Float: mean (Mean) => T;
                "mean of every element (NaN for none)" }
            { all Float: nanmean (NanMean) => T;
                "mean of the elements that are not NaN (PyTorch's `nanmean`; NaN if all are)" }
        } }
    };
}

/// Stamps the rows of [`__reduction_table!`](crate::__reduction_table) on
/// the kinds of [`__for_each_kind!`](crate::__for_each_kind): every row on
/// every kind, one `impl` block each.
macro_rules! stamp_reductions {
    ($which:ident $([$K:ty])*; $rows:tt) => {
        $(stamp_reductions!(@kind $which [$K] $rows);)*
    };
    (@kind $which:ident [$K:ty] { $($row:tt)* }) => {
        $(stamp_reductions!(@one $which [$K] $row);)*
    };
    (@one typed [$K:ty] { axes $bound:path: $over:ident $keep:ident $dims:ident
        [$($arg:ident: $aty:ty),*] ($r:expr) ($op:expr) => $out:ty; $what:literal }) => {
        impl<T: Element + $bound, S: Layout> $K {
            #[doc = concat!("The ", $what, " over the axes `X` (`Axis<K>`, `AxisFromEnd<K>`, a dimension name, or a tuple of them), keeping them as size 1; the result's layout is computed by the compiler.")]
            #[track_caller]
            #[inline]
            pub fn $keep<X>(&self, _: X $(, $arg: $aty)*) -> Tensor<$out, KeepDims<S, X>>
            where
                S: ReduceAxes<X>,
            {
                typed::<Self, X, KeepDims<S, X>, _>(self, true, &$r, $op)
            }
            #[doc = concat!("The ", $what, " over the axes `X` (`Axis<K>`, `AxisFromEnd<K>`, a dimension name, or a tuple of them), dropping them; the result's layout is computed by the compiler.")]
            #[track_caller]
            #[inline]
            pub fn $over<X>(&self, _: X $(, $arg: $aty)*) -> Tensor<$out, DropDims<S, X>>
            where
                S: ReduceAxes<X>,
            {
                typed::<Self, X, DropDims<S, X>, _>(self, false, &$r, $op)
            }
        }
    };
    (@one runtime [$K:ty] { axes $bound:path: $over:ident $keep:ident $dims:ident
        [$($arg:ident: $aty:ty),*] ($r:expr) ($op:expr) => $out:ty; $what:literal }) => {
        impl<T: Element + $bound> $K {
            #[doc = concat!("The ", $what, " over `axes` (distinct, negative from the end), keeping them as size 1 if `keepdim`. An axis out of range or repeated is an error with PyTorch's message; see [`reduce::dyn_tensor`](crate::reduce::dyn_tensor) for the rules.")]
            pub fn $dims<A: AxisArg>(
                &self,
                axes: &[A],
                $($arg: $aty,)*
                keepdim: bool,
            ) -> Result<DynTensor<$out>, ShapeError> {
                runtime(self, axes, keepdim, &$r, $op)
            }
        }
    };
    (@one typed [$K:ty] { arg $max:literal: $over:ident $keep:ident $rt:ident; $what:literal }) => {
        impl<T: Element, S: Layout> $K {
            #[doc = concat!("The ", $what, " along the axis `A` (`Axis<K>`, `AxisFromEnd<K>` or a dimension name), keeping it as size 1; panics with PyTorch's message over a size-0 axis.")]
            #[track_caller]
            #[inline]
            pub fn $keep<A: OneAxis>(&self, _: A) -> Tensor<usize, KeepDims<S, A>>
            where
                S: ReduceAxes<A>,
            {
                let op = if $max { "argmax" } else { "argmin" };
                typed::<Self, A, KeepDims<S, A>, _>(self, true, &ArgExtreme::<$max>, Some(op))
            }
            #[doc = concat!("The ", $what, " along the axis `A` (`Axis<K>`, `AxisFromEnd<K>` or a dimension name), dropping it; panics with PyTorch's message over a size-0 axis.")]
            #[track_caller]
            #[inline]
            pub fn $over<A: OneAxis>(&self, _: A) -> Tensor<usize, DropDims<S, A>>
            where
                S: ReduceAxes<A>,
            {
                let op = if $max { "argmax" } else { "argmin" };
                typed::<Self, A, DropDims<S, A>, _>(self, false, &ArgExtreme::<$max>, Some(op))
            }
        }
    };
    (@one runtime [$K:ty] { arg $max:literal: $over:ident $keep:ident $rt:ident; $what:literal }) => {
        impl<T: Element> $K {
            #[doc = concat!("The ", $what, " along `axis`, keeping it as size 1 if `keepdim`.")]
            pub fn $rt(
                &self,
                axis: impl AxisArg,
                keepdim: bool,
            ) -> Result<DynTensor<usize>, ShapeError> {
                let op = if $max { "argmax" } else { "argmin" };
                runtime(self, &[axis], keepdim, &ArgExtreme::<$max>, Some(op))
            }
        }
    };
    (@one typed [$K:ty] { all $bound:path: $name:ident ($r:expr) => $out:ty; $what:literal }) => {
        impl<T: Element + $bound, S: Layout> $K {
            #[doc = concat!("The ", $what, ".")]
            #[inline]
            pub fn $name(&self) -> $out {
                all(self, &$r)
            }
        }
    };
    (@one runtime [$K:ty] { all $bound:path: $name:ident ($r:expr) => $out:ty; $what:literal }) => {
        impl<T: Element + $bound> $K {
            #[doc = concat!("The ", $what, ".")]
            #[inline]
            pub fn $name(&self) -> $out {
                all(self, &$r)
            }
        }
    };
}

crate::__reduction_table!(__for_each_kind [stamp_reductions;]);
