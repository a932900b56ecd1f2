//! A dimension name as an axis: `x.mean_keepdim((HEIGHT, WIDTH))` on a
//! named static shape. The name is looked up in the shape's list at compile
//! time, by its id (as broadcasting by name compares names), and stands for
//! the position it is found at; a name the shape does not have does not
//! compile, and the error lists the names it does have.

use super::*;
use crate::shape::axes::{Nat, Succ, Z};

/// The result of [`NamePos`]: the name is at position `P`.
pub struct At<P>(PhantomData<P>);

/// Where the list `Self` has the name `Nm`: [`At`] or [`Missing`].
pub trait NamePos<Nm> {
    /// The answer.
    type Out;
}
impl<Nm> NamePos<Nm> for Nil {
    type Out = Missing;
}
impl<Nm, H: NameIs<Nm>, T> NamePos<Nm> for Cons<H, T>
where
    H::Out: PosStep<T, Nm>,
{
    type Out = <H::Out as PosStep<T, Nm>>::Out;
}

/// One step of [`NamePos`]: the head has the name (`B1`) or look in the
/// tail (`B0`), one position further.
pub trait PosStep<T, Nm> {
    /// The answer.
    type Out;
}
impl<T, Nm> PosStep<T, Nm> for B1 {
    type Out = At<Z>;
}
impl<T: NamePos<Nm>, Nm> PosStep<T, Nm> for B0
where
    T::Out: Later,
{
    type Out = <T::Out as Later>::Out;
}

/// One position further: `At<P>` becomes `At<Succ<P>>`; `Missing` stays.
pub trait Later {
    /// The answer.
    type Out;
}
impl<P> Later for At<P> {
    type Out = At<Succ<P>>;
}
impl Later for Missing {
    type Out = Missing;
}

/// The position found, or 0 if none was (a case [`Located`] refuses).
pub trait PosOrZero {
    /// The position.
    type P: Nat;
    /// Whether the name was found.
    type Found: Bit;
}
impl<P: Nat> PosOrZero for At<P> {
    type P = P;
    type Found = B1;
}
impl PosOrZero for Missing {
    type P = Z;
    type Found = B0;
}

/// The name was found, or the error naming `Nm` and the shape's names `XN`.
pub trait Located<Nm, XN> {}
impl<P, Nm, XN> Located<Nm, XN> for At<P> {}
impl<Nm: NotInShape<XN>, XN> Located<Nm, XN> for Missing {}

/// Never implemented: an axis named `Self`, which the shape does not have.
#[diagnostic::on_unimplemented(
    message = "this tensor has no dimension named `{Self}`; its names are {XN}",
    label = "no dimension of the tensor has this name"
)]
#[doc(hidden)]
pub trait NotInShape<XN> {}

/// The position of the name `Nm` in the list `Self`, or the error naming
/// it; what [`dim_names!`](crate::dim_names!) implements
/// [`AxisOf`](crate::shape::axes::AxisOf) with for each name.
pub trait NameAxis<Nm> {
    /// The position.
    type P: Nat;
    /// Whether the name was found (see [`AxisOf::Found`](crate::shape::axes::AxisOf::Found)).
    type Found: Bit;
}
impl<Nm: Name, L: NamePos<Nm> + NamesOnto<()>> NameAxis<Nm> for L
where
    <L as NamePos<Nm>>::Out: Located<Nm, <L as NamesOnto<()>>::Out> + PosOrZero,
{
    // Computed apart from the check, so that a missing name is the only
    // error rustc reports.
    type P = <<L as NamePos<Nm>>::Out as PosOrZero>::P;
    type Found = <<L as NamePos<Nm>>::Out as PosOrZero>::Found;
}
