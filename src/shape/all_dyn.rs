//! The layout of an operation that keeps the rank but not the sizes
//! (`repeat` on static and mixed tensors): every dimension `Dyn`, names
//! dropped. One small type operator, [`AllDyn`], with the alias
//! [`Resized<S>`].
//!
//! ```
//! use shaped::shape::all_dyn::Resized;
//! use shaped::{shape, Dyn, Tensor};
//! let t = Tensor::<i32, shape![2, 3]>::arange();
//! let r: Tensor<i32, Resized<shape![2, 3]>> = t.repeat(&[2, 1]);
//! let same: Tensor<i32, shape![Dyn, Dyn]> = r;
//! assert_eq!(same.shape().as_slice(), &[4, 3]);
//! ```

use crate::shape::dim::Dyn;
use crate::shape::list::{Cons, Layout, Nil};
use crate::shape::mixed::Mixed;

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
