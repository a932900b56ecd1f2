//! The bound of a static reshape: `S: ReshapeTo<S2>` holds when the two
//! shapes hold as many elements.
//!
//! The check is a trait bound, so `cargo check` (and the editor) reports
//! it at the user's line, before anything is built:
//!
//! ```compile_fail
//! use shaped::{shape, Tensor};
//! let x = Tensor::<f32, shape![48, 64, 3]>::zeros();
//! let y = x.reshape::<shape![24, 2, 32, 2, 2]>();
//! // error: cannot reshape [48, 64, 3] into [24, 2, 32, 2, 2]: the element counts differ
//! ```
//!
//! How: each shape's element count is a typenum number, the product of
//! its sizes (a size up to 1024 is a typenum number through
//! `Const<N>: ToUInt`); the two are compared with typenum's `IsEqual`,
//! and a `B0` is sent to the message trait of the two ranks, whose message
//! prints both shapes in decimal. The counts themselves are not in the
//! message: stable Rust cannot turn a computed number back into a const
//! parameter, the only thing rustc prints in decimal. A size above 1024
//! ([`Big`]) has no typenum number: a shape with one is counted as
//! unknown, passes the bound, and is checked when the program is built.

use core::ops::Mul;

use typenum::{B1, Bit, Const, IsEqual, ToUInt, U, U1, UInt, UTerm, Unsigned};

use crate::shape::diagnostic::{Render, ReshapeCheck};
use crate::shape::dim::{Big, D, D1, Dyn};
use crate::shape::list::{Cons, Nil, Shape};
use crate::shape::names::Named;

/// The element count of a shape whose sizes are all known to typenum.
pub enum Unknown {}

/// A shape's element count as a typenum number, or [`Unknown`].
pub trait ElementCount {
    /// The count.
    type Count;
}
impl ElementCount for Nil {
    type Count = U1;
}
impl<T: ElementCount> ElementCount for Cons<D1, T> {
    type Count = T::Count;
}
impl<const N: usize, T: ElementCount> ElementCount for Cons<D<N>, T>
where
    Const<N>: ToUInt,
    U<N>: CountTimes<T::Count>,
{
    type Count = <U<N> as CountTimes<T::Count>>::Out;
}
impl<const N: usize, T: ElementCount> ElementCount for Cons<Big<N>, T> {
    type Count = Unknown;
}
// A runtime size: the count is known when the program runs (for the
// layouts of `flatten()` and `unflatten`; a reshape's shapes are static).
impl<T> ElementCount for Cons<Dyn, T> {
    type Count = Unknown;
}
// A named dimension counts as its size. One impl per kind of size, not
// one through `Cons<X, T>`: a head rustc has not inferred yet would match
// that impl again and again until the recursion limit.
impl<Nm, T: ElementCount> ElementCount for Cons<Named<Nm, D1>, T> {
    type Count = T::Count;
}
impl<Nm, const N: usize, T: ElementCount> ElementCount for Cons<Named<Nm, D<N>>, T>
where
    Const<N>: ToUInt,
    U<N>: CountTimes<T::Count>,
{
    type Count = <U<N> as CountTimes<T::Count>>::Out;
}
impl<Nm, const N: usize, T: ElementCount> ElementCount for Cons<Named<Nm, Big<N>>, T> {
    type Count = Unknown;
}

/// `Self * B` for counts, [`Unknown`] if either is.
pub trait CountTimes<B> {
    /// The product.
    type Out;
}
impl<B> CountTimes<B> for Unknown {
    type Out = Unknown;
}
impl<A: Unsigned, Bt: Bit> CountTimes<Unknown> for UInt<A, Bt> {
    type Out = Unknown;
}
impl CountTimes<Unknown> for UTerm {
    type Out = Unknown;
}
impl<A: Unsigned, Bt: Bit, B: Unsigned> CountTimes<B> for UInt<A, Bt>
where
    UInt<A, Bt>: Mul<B>,
{
    type Out = <UInt<A, Bt> as Mul<B>>::Output;
}
impl<B: Unsigned> CountTimes<B> for UTerm {
    type Out = UTerm;
}

/// Whether two counts are equal (`B1`) or not (`B0`); an [`Unknown`]
/// count equals every count.
pub trait CountEq<B> {
    /// `B1` or `B0`.
    type Out;
}
impl<B> CountEq<B> for Unknown {
    type Out = B1;
}
impl<A: Unsigned, Bt: Bit> CountEq<Unknown> for UInt<A, Bt> {
    type Out = B1;
}
impl CountEq<Unknown> for UTerm {
    type Out = B1;
}
impl<A: Unsigned, Bt: Bit, B: Unsigned> CountEq<B> for UInt<A, Bt>
where
    UInt<A, Bt>: IsEqual<B>,
{
    type Out = <UInt<A, Bt> as IsEqual<B>>::Output;
}
impl<B: Unsigned> CountEq<B> for UTerm
where
    UTerm: IsEqual<B>,
{
    type Out = <UTerm as IsEqual<B>>::Output;
}

/// A static shape that reshapes into `S2`: both hold as many elements.
/// The bound of [`Tensor::reshape`](crate::Tensor::reshape) for generic code.
///
/// ```
/// use shaped::{shape, ReshapeTo, Shape, Tensor};
/// fn flat<S: Shape + ReshapeTo<shape![6]>>(t: &Tensor<i32, S>) -> Tensor<i32, shape![6]> {
///     t.reshape()
/// }
/// let t = Tensor::<i32, shape![2, 3]>::arange();
/// assert_eq!(flat(&t).to_vec(), vec![0, 1, 2, 3, 4, 5]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot reshape a tensor of shape `{Self}` into `{S2}`",
    label = "the two shapes must hold as many elements",
    note = "generic code names this bound: `S: ReshapeTo<S2>`"
)]
pub trait ReshapeTo<S2: Shape>: Shape {}
// One impl per kind of shape, not a blanket one: a type parameter `S`
// matches none, so generic code is told the bound to write.
impl<S2: Shape> ReshapeTo<S2> for Nil where Nil: ReshapeCounts<S2> {}
impl<H, T, S2> ReshapeTo<S2> for Cons<H, T>
where
    Cons<H, T>: Shape + ReshapeCounts<S2>,
    S2: Shape,
{
}

/// The comparison behind [`ReshapeTo`]: the counts compared, a mismatch
/// sent to the message trait of the two ranks.
pub trait ReshapeCounts<S2> {}
impl<S, S2> ReshapeCounts<S2> for S
where
    S: ElementCount + Render,
    S2: ElementCount + Render,
    S::Count: CountEq<S2::Count>,
    (<S as Render>::Out, <S2 as Render>::Out): ReshapeCheck<<S::Count as CountEq<S2::Count>>::Out>,
{
}
