//! Sizes multiplied at the type level: the one size of `flatten()` and
//! the sizes of `kron`. A product of static sizes is computed with
//! typenum (as [`reshape`](crate::shape::reshape) counts elements) and
//! turned back into a dimension type by the table of
//! [`ToDim`], which stops at 1024: a larger
//! product, or one with a `Big` or `Dyn` factor, is `Dyn` (stable Rust
//! cannot turn a computed number into the const parameter of `Big<N>`),
//! and the size is then known when the program runs.
//!
//! ```
//! use shaped::shape::product::{CountDim, MulDim};
//! use shaped::shape::reshape::ElementCount;
//! use shaped::{shape, Dyn, D};
//! type Six = <<shape![2, 3] as ElementCount>::Count as CountDim>::Out;
//! let _: D<6> = Six::default();
//! let _: Dyn = <<D<64> as MulDim<D<32>>>::Out>::default(); // 2048 > 1024
//! ```

use typenum::{B0, B1, Bit, Const, IsLessOrEqual, Prod, ToUInt, U, U1024, UInt, UTerm, Unsigned};

use crate::shape::concat::ToDim;
use crate::shape::dim::{Big, D, D1, Dyn};
use crate::shape::names::Named;
use crate::shape::reshape::Unknown;

/// An element count ([`ElementCount`](crate::shape::reshape::ElementCount)'s
/// typenum number, or [`Unknown`]) as one dimension: `D<N>` (`D1`) up to
/// 1024, `Dyn` above or when unknown.
pub trait CountDim {
    /// The dimension.
    type Out;
}
impl CountDim for Unknown {
    type Out = Dyn;
}
impl CountDim for UTerm {
    type Out = D<0>;
}
impl<A: Unsigned, Bt: Bit> CountDim for UInt<A, Bt>
where
    UInt<A, Bt>: IsLessOrEqual<U1024>,
    <UInt<A, Bt> as IsLessOrEqual<U1024>>::Output: SmallOrDyn<UInt<A, Bt>>,
{
    type Out = <<UInt<A, Bt> as IsLessOrEqual<U1024>>::Output as SmallOrDyn<UInt<A, Bt>>>::Out;
}

/// `B1` (the count `N` is at most 1024): its dimension; `B0`: `Dyn`.
pub trait SmallOrDyn<N> {
    /// The dimension.
    type Out;
}
impl<N: ToDim> SmallOrDyn<N> for B1 {
    type Out = N::Out;
}
impl<N> SmallOrDyn<N> for B0 {
    type Out = Dyn;
}

/// A dimension without its name (a product has none).
pub trait Bare {
    /// The unnamed dimension.
    type Out;
}
impl Bare for D1 {
    type Out = D1;
}
impl<const N: usize> Bare for D<N> {
    type Out = D<N>;
}
impl<const N: usize> Bare for Big<N> {
    type Out = Big<N>;
}
impl Bare for Dyn {
    type Out = Dyn;
}
impl<Nm, X: Bare> Bare for Named<Nm, X> {
    type Out = X::Out;
}

/// The dimension of the product of two unnamed sizes: 1 times a size is
/// that size; two sizes up to 1024 multiply by [`CountDim`]; any other
/// product is `Dyn`.
pub trait MulDim<B> {
    /// The product.
    type Out;
}
impl<B> MulDim<B> for D1 {
    type Out = B;
}
impl<B> MulDim<B> for Dyn {
    type Out = Dyn;
}
impl<const N: usize> MulDim<D1> for D<N> {
    type Out = D<N>;
}
impl<const N: usize, const M: usize> MulDim<D<M>> for D<N>
where
    Const<N>: ToUInt,
    Const<M>: ToUInt,
    U<N>: core::ops::Mul<U<M>>,
    Prod<U<N>, U<M>>: CountDim,
{
    type Out = <Prod<U<N>, U<M>> as CountDim>::Out;
}
impl<const N: usize, const M: usize> MulDim<Big<M>> for D<N> {
    type Out = Dyn;
}
impl<const N: usize> MulDim<Dyn> for D<N> {
    type Out = Dyn;
}
impl<const N: usize> MulDim<D1> for Big<N> {
    type Out = Big<N>;
}
impl<const N: usize, const M: usize> MulDim<D<M>> for Big<N> {
    type Out = Dyn;
}
impl<const N: usize, const M: usize> MulDim<Big<M>> for Big<N> {
    type Out = Dyn;
}
impl<const N: usize> MulDim<Dyn> for Big<N> {
    type Out = Dyn;
}
