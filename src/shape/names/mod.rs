//! Named dimensions in static shapes, broadcast by name at compile time
//! (the [rules chapter](crate::guide::rules), section 5).
//!
//! Names are marker types declared with [`dim_names!`](crate::dim_names!); in
//! [`shape!`](crate::shape!) a dimension is named by writing `NAME: size`:
//!
//! ```
//! use shaped::{dim_names, shape, Tensor};
//! dim_names!(CHANNEL, H, W);
//! type Img = shape![10, CHANNEL: 3, H: 256, W: 384]; // names (?, CHANNEL, H, W)
//! type Lbl = shape![10, H: 256, W: 384];             // names (?, H, W)
//! ```
//!
//! Two operands that both have names broadcast **by name**, with the rule the
//! runtime [`DynTensor`](crate::DynTensor) follows (stated in full in
//! `tensor::names`): let `x` be the operand of larger rank (the left one
//! when the ranks are equal) and `y` the other; every name of `y` must be a
//! name of `x`; equal names are broadcast together wherever they stand; the
//! unnamed dimensions of `y` meet those of `x` from the right; the result has
//! `x`'s order and names. When either operand has no names, broadcasting is
//! positional, exactly as without names, and each result dimension keeps the
//! name of whichever operand's dimension has one.
//!
//! The compiler decides all of it. The seed's `img + lbl` is positionally
//! impossible (3 vs 10), but by name it has `img`'s shape:
//!
//! ```
//! use shaped::{dim_names, shape, Tensor};
//! dim_names!(CHANNEL, H, W);
//! // The seed's sizes are [10, 3, 256, 384]; scaled down here.
//! let img = Tensor::<i32, shape![2, CHANNEL: 3, H: 4, W: 5]>::zeros();
//! let lbl = Tensor::<i32, shape![2, H: 4, W: 5]>::arange();
//! let sum: Tensor<i32, shape![2, CHANNEL: 3, H: 4, W: 5]> = &img + &lbl;
//! // Every channel of image n sees lbl[n]: element [n, c, h, w] is lbl[n, h, w].
//! assert_eq!(sum[[1, 2, 3, 4]], lbl[[1, 3, 4]]);
//! assert_eq!(sum.names(), [None, Some("CHANNEL"), Some("H"), Some("W")]);
//! ```
//!
//! and the seed's `lbl_pred + lbl_prob` does not compile, because `CLASS` has
//! no match in `lbl_pred`:
//!
//! ```compile_fail
//! use shaped::{dim_names, shape, Tensor};
//! dim_names!(SCALE1, SCALE2, SCALE3, CLASS, H, W);
//! let pred = Tensor::<u8, shape![2, SCALE1: 1, SCALE2: 3, SCALE3: 2, H: 4, W: 4]>::zeros();
//! let prob = Tensor::<u8, shape![2, CLASS: 3, H: 4, W: 4]>::zeros();
//! let _ = pred + prob;
//! // error[E0277]: dimension `CLASS` of b has no match in a, whose names are (SCALE1, SCALE2, SCALE3, H, W)
//! ```
//!
//! A name used twice in one shape, a size mismatch on a named dimension and
//! more unnamed dimensions in `y` than in `x` are compile errors too, each
//! naming what is wrong.
//!
//! # How it works
//!
//! Each name has a type-level id (8 bytes of a 64-bit hash of its text, as
//! typenum numbers), so that two names can be compared by trait impls: a
//! stable-Rust stand-in for "are these types equal?". The by-name rule is
//! then four small list functions: [`Find`] a name in a list, take the
//! [`Unnamed`] dimensions, [`PadUnnamed`] to right-align them, and
//! [`AlignTo`] to lay `y` out in `x`'s order (a size 1 where `x` has a
//! dimension `y` lacks), after which [`ZipNamed`] broadcasts the two
//! same-rank lists dimension by dimension. Choosing between by-name and
//! positional is one bit per shape ([`Layout::Named`]).
//!
//! The element work: when the dimensions of `y` that meet `x`'s stand in
//! `x`'s order (as in `img + lbl`; decided at compile time), `y`'s elements
//! already are laid out as `y` aligned to `x`, since inserting size-1
//! dimensions moves nothing; the operation then takes the ordinary static
//! path with that aligned layout ([`BroadcastWith::Lhs`](crate::BroadcastWith::Lhs) /
//! [`Rhs`](crate::BroadcastWith::Rhs)), unrolled for small shapes, and costs what
//! positional broadcasting costs. Otherwise it runs on the runtime
//! implementation of the rule (`ops::by_name`): a permuting copy of
//! `y`, then the shared kernel.
//!
//! The static toolkit keeps names as the runtime one does, and a
//! reduction can name its axes: `y.mean_keepdim((H, W))` finds each name's
//! position at compile time (the list function [`NamePos`], by id as above);
//! a name the shape lacks is a compile error listing the names it has.

use core::marker::PhantomData;

mod axis;
mod errors;
mod rule;
pub mod runtime;

pub use axis::*;
pub use errors::*;
pub use rule::*;

use typenum::{B0, B1, Bit, Const, Eq as Same, IsEqual, ToUInt};

use crate::shape::broadcast::{AssignDim, BroadcastDim, DimOut, ReverseOnto};
use crate::shape::diagnostic::{AssignCheck, Ax, BroadcastCheck};
use crate::shape::dim::{AnyDim, Big, D, D1, Dim, Dyn};
use crate::shape::mixed::ToLayout;
use crate::shape::storage::{Budget, Cost};
use crate::shape::{Cons, DimNames, Layout, Nil};

// ---------------------------------------------------------------------------
// Names and named dimensions.

/// A dimension name: a marker type declared with
/// [`dim_names!`](crate::dim_names!).
pub trait Name: 'static {
    /// The name as text, as the runtime side and error messages show it.
    const NAME: &'static str;
    /// The name as a type: [`Id`] of 8 bytes of [`name_hash`]`(NAME)`, so
    /// that two names compare at the type level ([`SameId`]).
    type Id;
}

/// A dimension of size `X` named `N`: `shape![H: 256]` is
/// `Cons<Named<H, D<256>>, Nil>`.
pub struct Named<N, X>(PhantomData<(N, X)>);

impl<N, X> crate::shape::dim::sealed::Sealed for Named<N, X> {}

impl<N: Name, X: Dim> Cost for Named<N, X> {
    type TakeFrom<B: Budget> = X::TakeFrom<B>;
}

impl<N: Name, X: Dim> Dim for Named<N, X> {
    const SIZE: usize = X::SIZE;
    const NAME: Option<&'static str> = Some(N::NAME);
    type Named = B1;
    type Array<E: Copy> = X::Array<E>;
    #[inline(always)]
    fn repeat<E: Copy>(x: E) -> Self::Array<E> {
        X::repeat(x)
    }
    fn flatten<E: Copy>(s: &[Self::Array<E>]) -> &[E] {
        X::flatten(s)
    }
    fn flatten_mut<E: Copy>(s: &mut [Self::Array<E>]) -> &mut [E] {
        X::flatten_mut(s)
    }
}

/// The named dimension of size `N` in size class `K`: what
/// [`shape!`](crate::shape!) writes for `NAME: N` when `N` is not a literal,
/// one flat type (as [`dim!`](crate::dim!) is for an unnamed size).
#[doc(hidden)]
pub type NamedSize<Nm, const N: usize, const K: u8> = Named<Nm, crate::shape::dim::Size<N, K>>;
/// `NAME: N` for a literal `N` in `0..=1024` other than 1; flat, as [`NamedSize`].
#[doc(hidden)]
pub type NamedD<Nm, const N: usize> = Named<Nm, D<N>>;
/// `NAME: 1`; flat, as [`NamedSize`].
#[doc(hidden)]
pub type NamedD1<Nm> = Named<Nm, D1>;
/// `NAME: N` for a literal `N` above 1024; flat, as [`NamedSize`].
#[doc(hidden)]
pub type NamedBig<Nm, const N: usize> = Named<Nm, Big<N>>;

/// A dimension without a name: [`D1`], [`D<N>`], [`Big<N>`], [`Dyn`](struct@Dyn).
/// The by-name lists below treat every such dimension alike.
pub trait Plain {}
impl Plain for D1 {}
impl<const N: usize> Plain for D<N> {}
impl<const N: usize> Plain for Big<N> {}
impl Plain for Dyn {}

/// Declares dimension names: `dim_names!(CHANNEL, H, W);` defines the unit
/// structs `CHANNEL`, `H` and `W`, usable in [`shape!`](crate::shape!) as
/// `shape![10, CHANNEL: 3, H: 256, W: 384]`. A visibility before the list
/// applies to every name: `dim_names!(pub BATCH, TIME);`.
///
/// Two names are the same dimension name when their texts are equal, even if
/// they are declared in different places.
///
/// ```
/// use shaped::{dim_names, shape::names::Name};
/// dim_names!(pub BATCH, TIME);
/// assert_eq!(BATCH::NAME, "BATCH");
/// ```
#[macro_export]
macro_rules! dim_names {
    ($vis:vis $($name:ident),+ $(,)?) => {$(
        #[doc = concat!("The dimension name `", stringify!($name), "`.")]
        #[allow(non_camel_case_types)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
        $vis struct $name;
        impl $crate::shape::names::Name for $name {
            const NAME: &'static str = stringify!($name);
            type Id = $crate::shape::names::Id<
                $crate::shape::names::Byte<{ $crate::shape::names::id_byte(stringify!($name), 0) }>,
                $crate::shape::names::Byte<{ $crate::shape::names::id_byte(stringify!($name), 1) }>,
                $crate::shape::names::Byte<{ $crate::shape::names::id_byte(stringify!($name), 2) }>,
                $crate::shape::names::Byte<{ $crate::shape::names::id_byte(stringify!($name), 3) }>,
                $crate::shape::names::Byte<{ $crate::shape::names::id_byte(stringify!($name), 4) }>,
                $crate::shape::names::Byte<{ $crate::shape::names::id_byte(stringify!($name), 5) }>,
                $crate::shape::names::Byte<{ $crate::shape::names::id_byte(stringify!($name), 6) }>,
                $crate::shape::names::Byte<{ $crate::shape::names::id_byte(stringify!($name), 7) }>,
            >;
        }
        // The name as an axis of the static toolkit (`x.sum_over(H)`): one
        // impl per name rather than a blanket one, so that rustc reports
        // the check that fails.
        impl<L: $crate::shape::names::NameAxis<$name>> $crate::shape::axes::AxisOf<L> for $name {
            type P = <L as $crate::shape::names::NameAxis<$name>>::P;
            type Found = <L as $crate::shape::names::NameAxis<$name>>::Found;
        }
        impl<S> $crate::shape::axes::Axes<S> for $name
        where
            ($name,): $crate::shape::axes::Axes<S>,
        {
            type Marked = <($name,) as $crate::shape::axes::Axes<S>>::Marked;
            const MASK: u64 = <($name,) as $crate::shape::axes::Axes<S>>::MASK;
            fn axes() -> $crate::__Vec<usize> {
                <($name,) as $crate::shape::axes::Axes<S>>::axes()
            }
        }
        impl $crate::shape::axes::OneAxis for $name {}
    )+};
}

/// The 64-bit FNV-1a hash of a name: the value behind [`Name::Id`].
pub const fn name_hash(name: &str) -> u64 {
    let bytes = name.as_bytes();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        h ^= bytes[i] as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    h
}

/// Byte `k` (0 = lowest) of [`name_hash`]`(name)`; used by [`dim_names!`](crate::dim_names!).
#[doc(hidden)]
pub const fn id_byte(name: &str, k: u32) -> usize {
    ((name_hash(name) >> (8 * k)) & 0xff) as usize
}

/// A byte as a typenum number.
#[doc(hidden)]
pub type Byte<const B: usize> = <Const<B> as ToUInt>::Output;

/// The end of an id.
pub struct IdNil;
/// An id: byte `A`, then the rest `R`.
pub struct IdCons<A, R>(PhantomData<(A, R)>);
/// The id of 8 bytes, lowest first.
pub type Id<A, B, C, D, E, F, G, H> =
    IdCons<A, IdCons<B, IdCons<C, IdCons<D, IdCons<E, IdCons<F, IdCons<G, IdCons<H, IdNil>>>>>>>>;

/// Whether two ids are equal (`B1`) or not (`B0`); stops at the first
/// differing byte.
pub trait SameId<Other> {
    /// The answer.
    type Out: Bit;
}
impl SameId<IdNil> for IdNil {
    type Out = B1;
}
impl<A: IsEqual<B>, B, L, R> SameId<IdCons<B, R>> for IdCons<A, L>
where
    Same<A, B>: IdStep<L, R>,
{
    type Out = <Same<A, B> as IdStep<L, R>>::Out;
}

/// One step of [`SameId`]: on `B1` compare the rest, on `B0` stop.
pub trait IdStep<L, R> {
    /// The answer.
    type Out: Bit;
}
impl<L, R> IdStep<L, R> for B0 {
    type Out = B0;
}
impl<L: SameId<R>, R> IdStep<L, R> for B1 {
    type Out = L::Out;
}

/// Whether a dimension is named `Nm` (`B1`) or not (`B0`).
pub trait NameIs<Nm> {
    /// The answer.
    type Out: Bit;
}
impl<Nm, X: Plain> NameIs<Nm> for X {
    type Out = B0;
}
impl<Nm: Name, M: Name, X> NameIs<Nm> for Named<M, X>
where
    M::Id: SameId<Nm::Id>,
{
    type Out = <M::Id as SameId<Nm::Id>>::Out;
}

// ---------------------------------------------------------------------------
// Positional broadcasting with one named side: the names ride along.

impl<Nm, X: BroadcastDim<Y, C, A>, Y: Plain, C, A> BroadcastDim<Y, C, A> for Named<Nm, X> {
    type Out = Named<Nm, X::Out>;
}
impl<Nm, X: Plain + BroadcastDim<Y, C, A>, Y, C, A> BroadcastDim<Named<Nm, Y>, C, A> for X {
    type Out = Named<Nm, X::Out>;
}
impl<Nm, X: DimOut<Y>, Y: Plain> DimOut<Y> for Named<Nm, X> {
    type Out = Named<Nm, X::Out>;
}
impl<Nm, X: Plain + DimOut<Y>, Y> DimOut<Named<Nm, Y>> for X {
    type Out = Named<Nm, X::Out>;
}
impl<Nm, X: AssignDim<D<M>, C, A>, const M: usize, C, A> AssignDim<D<M>, C, A> for Named<Nm, X> {}
impl<Nm, X: AssignDim<Big<M>, C, A>, const M: usize, C, A> AssignDim<Big<M>, C, A>
    for Named<Nm, X>
{
}
impl<Nm, X: Plain + AssignDim<Y, C, A>, Y, C, A> AssignDim<Named<Nm, Y>, C, A> for X {}

// ---------------------------------------------------------------------------
// Values.

/// Drops the names of a list's dimensions.
pub trait StripNames {
    /// The list without names.
    type Out;
}
impl StripNames for Nil {
    type Out = Nil;
}
impl<H: Plain, T: StripNames> StripNames for Cons<H, T> {
    type Out = Cons<H, T::Out>;
}
impl<Nm, X, T: StripNames> StripNames for Cons<Named<Nm, X>, T> {
    type Out = Cons<X, T::Out>;
}

/// The layout of `S` without dimension names.
pub type WithoutNames<S> = <<<S as Layout>::List as StripNames>::Out as ToLayout>::Out;

/// Refuses, at compile time, two different names with the same id: the
/// type level would take them for one name (a 64-bit hash collision, so
/// never in practice, but never silently).
pub(crate) const fn assert_ids_distinct(a: &DimNames, b: &DimNames) {
    let (a, b) = (a.as_slice(), b.as_slice());
    let mut i = 0;
    while i < a.len() {
        let mut j = 0;
        while j < b.len() {
            if let (Some(x), Some(y)) = (a[i], b[j]) {
                assert!(
                    name_hash(x) != name_hash(y) || bytes_eq(x, y),
                    "two different dimension names have the same id; rename one of them"
                );
            }
            j += 1;
        }
        i += 1;
    }
}
