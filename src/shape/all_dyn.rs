//! The layouts of operations that keep the rank but not the sizes, on
//! static and mixed tensors: `repeat` (every dimension `Dyn`, names
//! dropped: [`AllDyn`], alias [`Resized<S>`]) and the ones that change one
//! axis by a runtime amount, `chunk`, `split`, `split_sizes`,
//! `repeat_interleave` (that axis `Dyn`: [`DynAxis<K>`], alias
//! [`WithDynAxis<S, K>`]).
//!
//! | operation | bound | result layout |
//! |---|---|---|
//! | `repeat(&reps)` | `S::List: ToDynLayout` | `Resized<S>` |
//! | `chunk`/`split`/`split_sizes`/`repeat_interleave` on `Axis::<K>` | `S: DynAxis<K>` | `WithDynAxis<S, K>` |
//!
//! ```
//! use shaped::shape::all_dyn::Resized;
//! use shaped::{shape, Dyn, Tensor};
//! let t = Tensor::<i32, shape![2, 3]>::arange();
//! let r: Tensor<i32, Resized<shape![2, 3]>> = t.repeat(&[2, 1]);
//! let same: Tensor<i32, shape![Dyn, Dyn]> = r;
//! assert_eq!(same.shape().as_slice(), &[4, 3]);
//! ```

use crate::shape::axes::{Axis, AxisOf, SetAt};
use crate::shape::dim::Dyn;
use crate::shape::list::{Cons, Layout, Nil};
use crate::shape::mixed::{Mixed, ToLayout};

/// The list with every dimension replaced by `Dyn`.
pub trait AllDyn {
    /// The list of `Dyn`s.
    type Out;
}
impl AllDyn for Nil {
    type Out = Nil;
}
impl<H, T: AllDyn> AllDyn for Cons<H, T> {
    type Out = Cons<Dyn, T::Out>;
}

/// A layout of the same rank as `S` with every size known only at run
/// time (rank 0 stays the static rank-0 layout).
pub type Resized<S> = <<S as Layout>::List as ToDynLayout>::Out;

/// The layout of [`Resized`]: `Nil` for rank 0, `Mixed` otherwise.
pub trait ToDynLayout {
    /// The layout.
    type Out: Layout;
}
impl ToDynLayout for Nil {
    type Out = Nil;
}
impl<H, T: AllDyn> ToDynLayout for Cons<H, T>
where
    Mixed<Cons<Dyn, T::Out>>: Layout,
{
    type Out = Mixed<Cons<Dyn, T::Out>>;
}

/// A layout whose axis `K` exists: the layout with that axis `Dyn` is
/// [`WithDynAxis<S, K>`] (an axis past the rank does not compile).
#[diagnostic::on_unimplemented(
    message = "axis {K} is out of range for a tensor of layout `{Self}`",
    label = "the axis must be below the rank",
    note = "generic code names this bound: `S: DynAxis<K>`, with the result layout `WithDynAxis<S, K>`"
)]
pub trait DynAxis<const K: usize>: Layout {
    /// The layout with axis `K` of runtime size.
    type Out: Layout;
}
impl<S: Layout, const K: usize> DynAxis<K> for S
where
    // `AxisOf` first: its error names the axis and the rank in decimal.
    Axis<K>: AxisOf<S::List>,
    S::List: SetAt<<Axis<K> as AxisOf<S::List>>::P, Dyn>,
    <S::List as SetAt<<Axis<K> as AxisOf<S::List>>::P, Dyn>>::Out: ToLayout,
{
    type Out = <<S::List as SetAt<<Axis<K> as AxisOf<S::List>>::P, Dyn>>::Out as ToLayout>::Out;
}

/// `S` with axis `K` of runtime size.
pub type WithDynAxis<S, const K: usize> = <S as DynAxis<K>>::Out;
