//! List operations for the type-level rules whose axes [`AxisOf`]
//! checks: past the end of the list they give a placeholder instead of
//! failing, so that an axis out of range is reported once, by `AxisOf`,
//! in decimal ("axis 3 is out of range for a tensor of rank 3"), and not
//! first as a failed list step on `Nil`. (The same reason as the `Nil`
//! impl of [`MarkAt`](crate::shape::axes::MarkAt).)
//!
//! [`AxisOf`]: crate::shape::axes::AxisOf

use crate::shape::axes::{Succ, Z};
use crate::shape::dim::Dyn;
use crate::shape::list::{Chain, Cons, Nil};

/// The dimension at position `P` (`Dyn` past the end).
pub trait DimAt<P> {
    /// The dimension.
    type Out;
}
impl<H, T> DimAt<Z> for Cons<H, T> {
    type Out = H;
}
impl<H, T: DimAt<P>, P> DimAt<Succ<P>> for Cons<H, T> {
    type Out = T::Out;
}
impl<P> DimAt<P> for Nil {
    type Out = Dyn;
}

/// The list without position `P` (unchanged past the end).
pub trait Without<P> {
    /// The list.
    type Out;
}
impl<H, T> Without<Z> for Cons<H, T> {
    type Out = T;
}
impl<H, T: Without<P>, P> Without<Succ<P>> for Cons<H, T> {
    type Out = Cons<H, T::Out>;
}
impl<P> Without<P> for Nil {
    type Out = Nil;
}

/// The list with `X` inserted at position `P` (unchanged past the end).
pub trait Inserted<P, X> {
    /// The list.
    type Out;
}
impl<H, T, X> Inserted<Z, X> for Cons<H, T> {
    type Out = Cons<X, Cons<H, T>>;
}
impl<X> Inserted<Z, X> for Nil {
    type Out = Cons<X, Nil>;
}
impl<H, T: Inserted<P, X>, P, X> Inserted<Succ<P>, X> for Cons<H, T> {
    type Out = Cons<H, T::Out>;
}
impl<P, X> Inserted<Succ<P>, X> for Nil {
    type Out = Nil;
}

/// The list with the dimension at position `P` replaced by the
/// dimensions of the list `Ins` (unchanged past the end).
pub trait Spliced<P, Ins> {
    /// The list.
    type Out;
}
impl<H, T, Ins: Chain<T>> Spliced<Z, Ins> for Cons<H, T> {
    type Out = Ins::Out;
}
impl<H, T: Spliced<P, Ins>, P, Ins> Spliced<Succ<P>, Ins> for Cons<H, T> {
    type Out = Cons<H, T::Out>;
}
impl<P, Ins> Spliced<P, Ins> for Nil {
    type Out = Nil;
}
