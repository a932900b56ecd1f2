//! Named dimensions in static shapes, broadcast by name at compile time
//! (SEMANTICS.md section 5, seed 004).
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
//! `y`, then the shared kernel. The static toolkit
//! (`shape_ops`, `reduce`) works on unnamed shapes; call
//! [`drop_names`](crate::Tensor::drop_names) first.

use core::marker::PhantomData;

use typenum::{B0, B1, Bit, Const, Eq as Same, IsEqual, ToUInt};

use crate::shape::broadcast::{AssignDim, BroadcastDim, ReverseOnto};
use crate::shape::diagnostic::{AssignCheck, Ax, BroadcastCheck, RenderOnto};
use crate::shape::dim::{AnyDim, Big, D, D1, Dim, Dyn};
use crate::shape::mixed::ToLayout;
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

impl<N: Name, X: Dim> Dim for Named<N, X> {
    const SIZE: usize = X::SIZE;
    const NAME: Option<&'static str> = Some(N::NAME);
    type Named = B1;
    type Log2 = X::Log2;
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
/// [`shape!`](crate::shape!) writes for `NAME: N`, one flat type (as
/// [`dim!`](crate::dim!) is for an unnamed size).
#[doc(hidden)]
pub type NamedSize<Nm, const N: usize, const K: u8> = Named<Nm, crate::shape::dim::Size<N, K>>;

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
// List functions of the by-name rule.

/// The result of [`Find`]: the dimension named so, without its name.
pub struct Found<X>(PhantomData<X>);
/// The result of [`Find`]: no dimension has the name.
pub struct Missing;

/// The dimension of the list `Self` named `Nm`: [`Found`] or [`Missing`].
pub trait Find<Nm> {
    /// The answer.
    type Out;
}
impl<Nm> Find<Nm> for Nil {
    type Out = Missing;
}
impl<Nm, H: NameIs<Nm>, T> Find<Nm> for Cons<H, T>
where
    H::Out: FindStep<H, T, Nm>,
{
    type Out = <H::Out as FindStep<H, T, Nm>>::Out;
}

/// One step of [`Find`]: the head matched (`B1`) or look in the tail (`B0`).
pub trait FindStep<H, T, Nm> {
    /// The answer.
    type Out;
}
impl<M, X, T, Nm> FindStep<Named<M, X>, T, Nm> for B1 {
    type Out = Found<X>;
}
impl<H, T: Find<Nm>, Nm> FindStep<H, T, Nm> for B0 {
    type Out = T::Out;
}

/// What a shape's head dimension `Self` adds to the names of the rest `T`:
/// whether the shape has names ([`Named`](HeadNames::Named), given `F`, the
/// rest's answer), and, for a named head, that the rest does not use its name
/// again (names are unique within a shape). One impl per kind of dimension,
/// so that rustc follows a duplicate name down to its message.
pub trait HeadNames<T, F> {
    /// `B1` if the shape has a name, else `F`.
    type Named: Bit;
}
impl<T, F: Bit> HeadNames<T, F> for D1 {
    type Named = F;
}
impl<const N: usize, T, F: Bit> HeadNames<T, F> for D<N> {
    type Named = F;
}
impl<const N: usize, T, F: Bit> HeadNames<T, F> for Big<N> {
    type Named = F;
}
impl<T, F: Bit> HeadNames<T, F> for Dyn {
    type Named = F;
}
impl<Nm: Name, X, T: Find<Nm>, F> HeadNames<T, F> for Named<Nm, X>
where
    T::Out: Unused<Nm>,
{
    type Named = B1;
}

/// The unnamed dimensions of a list, in order.
pub trait Unnamed {
    /// The list of them.
    type Out;
}
impl Unnamed for Nil {
    type Out = Nil;
}
impl<H: Plain, T: Unnamed> Unnamed for Cons<H, T> {
    type Out = Cons<H, T::Out>;
}
impl<Nm, X, T: Unnamed> Unnamed for Cons<Named<Nm, X>, T> {
    type Out = T::Out;
}

/// Right-aligns `y`'s unnamed dimensions (`Self`, reversed) with `x`'s
/// (`Xr`, reversed), consing onto `Acc`: the result has one dimension of `y`
/// (or a padding 1) for each unnamed dimension of `x`, outermost first. `S`
/// says which operand is `x`, for the error when `y` has more.
pub trait PadUnnamed<Xr, Acc, S> {
    /// The aligned list.
    type Out;
}
impl<Acc, S> PadUnnamed<Nil, Acc, S> for Nil {
    type Out = Acc;
}
impl<X, Xs, Acc, S> PadUnnamed<Cons<X, Xs>, Acc, S> for Nil
where
    Cons<X, Xs>: Ones<Acc>,
{
    type Out = <Cons<X, Xs> as Ones<Acc>>::Out;
}
impl<Y, Ys: PadUnnamed<Xs, Cons<Y, Acc>, S>, X, Xs, Acc, S> PadUnnamed<Cons<X, Xs>, Acc, S>
    for Cons<Y, Ys>
{
    type Out = Ys::Out;
}
// `y` has more: an error, and size-1 dimensions for the rest of the
// check, so that this is the only error.
impl<Y, Ys, Acc: Ones<Nil>, S: FitsUnnamed<Cons<Y, Ys>>> PadUnnamed<Nil, Acc, S> for Cons<Y, Ys> {
    type Out = Acc::Out;
}

/// One size-1 dimension per element of `Self`, consed onto `Acc`.
pub trait Ones<Acc> {
    /// The result.
    type Out;
}
impl<Acc> Ones<Acc> for Nil {
    type Out = Acc;
}
impl<H, T: Ones<Cons<D1, Acc>>, Acc> Ones<Acc> for Cons<H, T> {
    type Out = T::Out;
}

/// `y`'s dimensions laid out in `x`'s (`Self`'s) order: by name for a named
/// dimension of `x` (1 where `y` lacks the name), else the next of the
/// aligned unnamed dimensions `U`.
pub trait AlignTo<Y, U> {
    /// The aligned `y`, of `x`'s rank.
    type Out;
}
impl<Y> AlignTo<Y, Nil> for Nil {
    type Out = Nil;
}
impl<Nm, X, T: AlignTo<Y, U>, Y: Find<Nm>, U> AlignTo<Y, U> for Cons<Named<Nm, X>, T>
where
    Y::Out: OrOne,
{
    type Out = Cons<<Y::Out as OrOne>::Dim, T::Out>;
}
impl<H: Plain, T: AlignTo<Y, Us>, Y, Uh, Us> AlignTo<Y, Cons<Uh, Us>> for Cons<H, T> {
    type Out = Cons<Uh, T::Out>;
}

/// The found dimension, or a size 1.
pub trait OrOne {
    /// The dimension.
    type Dim;
}
impl<X> OrOne for Found<X> {
    type Dim = X;
}
impl OrOne for Missing {
    type Dim = D1;
}

// The checks that can fail choose their impl by the head's `Named` bit rather
// than by `Plain`: rustc follows an error down to its cause only through a
// single impl whose header matches.

/// Every name of `y` (`Self`) is a name of `x`.
pub trait NamesIn<X, S, XN> {}
impl<X, S, XN> NamesIn<X, S, XN> for Nil {}
impl<H: AnyDim, T, X, S, XN> NamesIn<X, S, XN> for Cons<H, T> where
    H::Named: NamesInStep<H, T, X, S, XN>
{
}

/// [`NamesIn`] for an unnamed (`B0`) or a named (`B1`) head.
pub trait NamesInStep<H, T, X, S, XN> {}
impl<H, T: NamesIn<X, S, XN>, X, S, XN> NamesInStep<H, T, X, S, XN> for B0 {}
impl<Nm, Yd, T: NamesIn<X, S, XN>, X: Find<Nm>, S, XN> NamesInStep<Named<Nm, Yd>, T, X, S, XN>
    for B1
where
    X::Out: Matched<Nm, XN, S>,
{
}

/// Broadcasts `x` (`Self`) with the aligned `y` (same rank), dimension by
/// dimension; a named dimension keeps its name.
pub trait ZipNamed<Ya, S> {
    /// The result, outermost first.
    type Out;
}
impl<S> ZipNamed<Nil, S> for Nil {
    type Out = Nil;
}
impl<H: AnyDim, Xs, Y, Ys, S> ZipNamed<Cons<Y, Ys>, S> for Cons<H, Xs>
where
    H::Named: ZipStep<H, Y, S>,
    Xs: ZipNamed<Ys, S>,
{
    type Out = Cons<<H::Named as ZipStep<H, Y, S>>::Out, Xs::Out>;
}

/// One dimension of [`ZipNamed`], unnamed (`B0`) or named (`B1`).
pub trait ZipStep<H, Y, S> {
    /// The resulting dimension.
    type Out;
}
impl<H: BroadcastDim<Y, AnonSize<S>, Ax<0>>, Y, S> ZipStep<H, Y, S> for B0 {
    type Out = H::Out;
}
impl<Nm, X: BroadcastDim<Y, SizeOf<Nm, S>, Ax<0>>, Y, S> ZipStep<Named<Nm, X>, Y, S> for B1 {
    type Out = Named<Nm, X::Out>;
}

/// Checks the in-place rule on `x` (`Self`, the left side) and the aligned
/// `y`: each size of `y` is 1 or `x`'s.
pub trait ZipNamedAssign<Ya> {}
impl ZipNamedAssign<Nil> for Nil {}
impl<H: AnyDim, Xs, Y, Ys> ZipNamedAssign<Cons<Y, Ys>> for Cons<H, Xs>
where
    H::Named: AssignStep<H, Y>,
    Xs: ZipNamedAssign<Ys>,
{
}

/// One dimension of [`ZipNamedAssign`], unnamed (`B0`) or named (`B1`).
pub trait AssignStep<H, Y> {}
impl<H: AssignDim<Y, AnonSize<InPlace>, Ax<0>>, Y> AssignStep<H, Y> for B0 {}
impl<Nm, X: AssignDim<Y, SizeOf<Nm, InPlace>, Ax<0>>, Y> AssignStep<Named<Nm, X>, Y> for B1 {}

/// Whether the list `Self` is strictly longer than `B` (`B1`) or not (`B0`).
pub trait Longer<B> {
    /// The answer.
    type Out: Bit;
}
impl<B> Longer<B> for Nil {
    type Out = B0;
}
impl<H, T> Longer<Nil> for Cons<H, T> {
    type Out = B1;
}
impl<H, T: Longer<U>, G, U> Longer<Cons<G, U>> for Cons<H, T> {
    type Out = T::Out;
}

// ---------------------------------------------------------------------------
// The rule, put together.

type Rev<L> = <L as ReverseOnto<Nil>>::Out;
type NamesOf<L> = <L as NamesOnto<()>>::Out;
type PaddedUnnamed<X, Y, S> =
    <Rev<<Y as Unnamed>::Out> as PadUnnamed<Rev<<X as Unnamed>::Out>, Nil, S>>::Out;
type Aligned<X, Y, S> = <X as AlignTo<Y, PaddedUnnamed<X, Y, S>>>::Out;

/// `y` aligned to `x` (`Self`) by name, with every check but the sizes: the
/// part of the rule binary and in-place operations share.
pub trait AlignByName<Y, S> {
    /// `y` in `x`'s order and rank.
    type Out;
}
impl<X, Y, S> AlignByName<Y, S> for X
where
    X: NamesOnto<()> + Unnamed,
    Y: NamesIn<X, S, NamesOf<X>> + Unnamed,
    <X as Unnamed>::Out: ReverseOnto<Nil>,
    <Y as Unnamed>::Out: ReverseOnto<Nil>,
    Rev<<Y as Unnamed>::Out>: PadUnnamed<Rev<<X as Unnamed>::Out>, Nil, S>,
    X: AlignTo<Y, PaddedUnnamed<X, Y, S>>,
{
    type Out = Aligned<X, Y, S>;
}

/// The by-name broadcast of the lists `x` (`Self`) and `y`; `S` is
/// [`XIsA`] or [`XIsB`].
pub trait ByName<Y, S> {
    /// The result's layout.
    type Out: Layout;
    /// `y` laid out in `x`'s order, as a layout.
    type YAligned: Layout;
}
impl<X, Y, S> ByName<Y, S> for X
where
    X: AlignByName<Y, S>,
    X: ZipNamed<<X as AlignByName<Y, S>>::Out, S>,
    <X as ZipNamed<<X as AlignByName<Y, S>>::Out, S>>::Out: ToLayout,
    <X as AlignByName<Y, S>>::Out: ToLayout,
{
    type Out = <<X as ZipNamed<<X as AlignByName<Y, S>>::Out, S>>::Out as ToLayout>::Out;
    type YAligned = <<X as AlignByName<Y, S>>::Out as ToLayout>::Out;
}

/// Picks `x` by the ranks: `B0` when `a` (`A`) is at least as long as `b`.
pub trait Order<A, B> {
    /// The result's layout.
    type Out: Layout;
    /// `a` as the kernel sees it: `a`, or `a` laid out in `b`'s order.
    type Lhs: Layout;
    /// `b` as the kernel sees it.
    type Rhs: Layout;
}
impl<A: ByName<B, XIsA> + ToLayout, B> Order<A, B> for B0 {
    type Out = <A as ByName<B, XIsA>>::Out;
    type Lhs = <A as ToLayout>::Out;
    type Rhs = A::YAligned;
}
impl<A, B: ByName<A, XIsB> + ToLayout> Order<A, B> for B1 {
    type Out = <B as ByName<A, XIsB>>::Out;
    type Lhs = B::YAligned;
    type Rhs = <B as ToLayout>::Out;
}

/// `x` is `a`, the left operand.
pub struct XIsA;
/// `x` is `b`, the right operand (it has more dimensions).
pub struct XIsB;
/// In place: `x` is the left side, whatever the ranks.
pub struct InPlace;
/// Stands for "unnamed" in the messages of [`AnonSize`].
pub struct Anon;

// ---------------------------------------------------------------------------
// Compile errors. Each check that can fail ends in a trait without impls
// (or with impls for equal sizes only) whose message is the error.

/// Renders the names of a list as a tuple, for error messages.
pub trait NamesOnto<Acc> {
    /// The tuple.
    type Out;
}
impl<Acc> NamesOnto<Acc> for Nil {
    type Out = Acc;
}
impl<H: Plain, T: NamesOnto<Acc>, Acc> NamesOnto<Acc> for Cons<H, T> {
    type Out = T::Out;
}
impl<Nm, X, T, Acc: Append<Nm>> NamesOnto<Acc> for Cons<Named<Nm, X>, T>
where
    T: NamesOnto<Acc::Out>,
{
    type Out = T::Out;
}

/// A tuple with one more element.
pub trait Append<X> {
    /// The longer tuple.
    type Out;
}
/// More names than an error message shows.
pub struct AndMore;
macro_rules! append {
    ($($t:ident)*) => {
        impl<$($t,)* X> Append<X> for ($($t,)*) {
            type Out = ($($t,)* X,);
        }
    };
}
append!();
append!(A);
append!(A B);
append!(A B C);
append!(A B C E);
append!(A B C E F);
append!(A B C E F G);
append!(A B C E F G H);
append!(A B C E F G H I);
append!(A B C E F G H I J);
append!(A B C E F G H I J K);
impl<A, B, C, E, F, G, H, I, J, K, L, X> Append<X> for (A, B, C, E, F, G, H, I, J, K, L) {
    type Out = (A, B, C, E, F, G, H, I, J, K, L, AndMore);
}
impl<A, B, C, E, F, G, H, I, J, K, L, X> Append<X> for (A, B, C, E, F, G, H, I, J, K, L, AndMore) {
    type Out = Self;
}

/// The found name, or the error for the side `S` the name is missing from.
pub trait Matched<Nm, XN, S> {}
impl<X, Nm, XN, S> Matched<Nm, XN, S> for Found<X> {}
impl<Nm: NameOfBInA<XN>, XN> Matched<Nm, XN, XIsA> for Missing {}
impl<Nm: NameOfBInA<XN>, XN> Matched<Nm, XN, InPlace> for Missing {}
impl<Nm: NameOfAInB<XN>, XN> Matched<Nm, XN, XIsB> for Missing {}

#[diagnostic::on_unimplemented(
    message = "dimension `{Self}` of b has no match in a, whose names are {XN}",
    label = "b has a dimension name that a lacks",
    note = "by name, every name of the operand with fewer dimensions must be a name of the other (the result has the larger rank)"
)]
#[doc(hidden)]
pub trait NameOfBInA<XN> {}

#[diagnostic::on_unimplemented(
    message = "dimension `{Self}` of a has no match in b, whose names are {XN}",
    label = "a has a dimension name that b lacks",
    note = "by name, every name of the operand with fewer dimensions must be a name of the other (the result has the larger rank)"
)]
#[doc(hidden)]
pub trait NameOfAInB<XN> {}

/// `y` has no more unnamed dimensions than `x`.
pub trait FitsUnnamed<Extra> {}
impl<Extra: BHasMoreUnnamed> FitsUnnamed<Extra> for XIsA {}
impl<Extra: BHasMoreUnnamed> FitsUnnamed<Extra> for InPlace {}
impl<Extra: AHasMoreUnnamed> FitsUnnamed<Extra> for XIsB {}

#[diagnostic::on_unimplemented(
    message = "cannot broadcast by name: b has more unnamed dimensions than a",
    label = "b's unnamed dimensions have nothing to meet in a",
    note = "by name, the unnamed dimensions of the operand with fewer dimensions meet those of the other, from the right"
)]
#[doc(hidden)]
pub trait BHasMoreUnnamed {}

#[diagnostic::on_unimplemented(
    message = "cannot broadcast by name: a has more unnamed dimensions than b",
    label = "a's unnamed dimensions have nothing to meet in b",
    note = "by name, the unnamed dimensions of the operand with fewer dimensions meet those of the other, from the right"
)]
#[doc(hidden)]
pub trait AHasMoreUnnamed {}

/// The context of a size check by name: the dimension's name and which
/// operand is `x`.
pub struct SizeOf<Nm, S>(PhantomData<(Nm, S)>);
/// The context of a size check of two unnamed dimensions by name.
pub struct AnonSize<S>(PhantomData<S>);

impl<Nm: NamedSizes<L, R>, const L: usize, const R: usize, const K: usize> BroadcastCheck<L, R, K>
    for SizeOf<Nm, XIsA>
{
}
impl<Nm: NamedSizes<R, L>, const L: usize, const R: usize, const K: usize> BroadcastCheck<L, R, K>
    for SizeOf<Nm, XIsB>
{
}
impl<const L: usize, const R: usize, const K: usize> BroadcastCheck<L, R, K> for AnonSize<XIsA> where
    Anon: UnnamedSizes<L, R>
{
}
impl<const L: usize, const R: usize, const K: usize> BroadcastCheck<L, R, K> for AnonSize<XIsB> where
    Anon: UnnamedSizes<R, L>
{
}
impl<Nm: NamedSizesInPlace<L, R>, const L: usize, const R: usize, const K: usize>
    AssignCheck<L, R, K> for SizeOf<Nm, InPlace>
{
}
impl<const L: usize, const R: usize, const K: usize> AssignCheck<L, R, K> for AnonSize<InPlace> where
    Anon: UnnamedSizesInPlace<L, R>
{
}

#[diagnostic::on_unimplemented(
    message = "cannot broadcast dimension `{Self}` by name: {A} in a vs {B} in b",
    label = "these tensors disagree on the size of a named dimension",
    note = "dimensions with the same name must have equal sizes, or one of them 1"
)]
#[doc(hidden)]
pub trait NamedSizes<const A: usize, const B: usize> {}
impl<Nm, const N: usize> NamedSizes<N, N> for Nm {}

#[diagnostic::on_unimplemented(
    message = "cannot broadcast the unnamed dimensions by position: {A} in a vs {B} in b",
    label = "these tensors' unnamed dimensions do not broadcast",
    note = "by name, the unnamed dimensions of the two operands meet from the right, sizes equal or one of them 1"
)]
#[doc(hidden)]
pub trait UnnamedSizes<const A: usize, const B: usize> {}
impl<const N: usize> UnnamedSizes<N, N> for Anon {}

#[diagnostic::on_unimplemented(
    message = "cannot broadcast dimension `{Self}` of b into a in place: {R} vs {L}",
    label = "the right side must broadcast to the left side's shape",
    note = "in place, each dimension of b is 1 or the size of a's dimension of the same name"
)]
#[doc(hidden)]
pub trait NamedSizesInPlace<const L: usize, const R: usize> {}
impl<Nm, const N: usize> NamedSizesInPlace<N, N> for Nm {}

#[diagnostic::on_unimplemented(
    message = "cannot broadcast the unnamed dimensions of b into a in place: {R} vs {L}",
    label = "the right side must broadcast to the left side's shape",
    note = "in place, b's unnamed dimensions meet a's from the right, each 1 or equal"
)]
#[doc(hidden)]
pub trait UnnamedSizesInPlace<const L: usize, const R: usize> {}
impl<const N: usize> UnnamedSizesInPlace<N, N> for Anon {}

#[diagnostic::on_unimplemented(
    message = "the dimension name `{Nm}` is used twice in one shape",
    label = "names are unique within a shape",
    note = "give each dimension its own name, or leave it unnamed"
)]
#[doc(hidden)]
pub trait Unused<Nm> {}
impl<Nm> Unused<Nm> for Missing {}

// ---------------------------------------------------------------------------
// Positional broadcasting with one named side: the names ride along.

impl<Nm, X: BroadcastDim<Y, C, A>, Y: Plain, C, A> BroadcastDim<Y, C, A> for Named<Nm, X> {
    type Out = Named<Nm, X::Out>;
}
impl<Nm, X: Plain + BroadcastDim<Y, C, A>, Y, C, A> BroadcastDim<Named<Nm, Y>, C, A> for X {
    type Out = Named<Nm, X::Out>;
}
impl<Nm, X: AssignDim<D<M>, C, A>, const M: usize, C, A> AssignDim<D<M>, C, A> for Named<Nm, X> {}
impl<Nm, X: AssignDim<Big<M>, C, A>, const M: usize, C, A> AssignDim<Big<M>, C, A>
    for Named<Nm, X>
{
}
impl<Nm, X: Plain + AssignDim<Y, C, A>, Y, C, A> AssignDim<Named<Nm, Y>, C, A> for X {}

impl<Nm, X, T, Acc> RenderOnto<Acc> for Cons<Named<Nm, X>, T>
where
    Cons<X, T>: RenderOnto<Acc>,
{
    type Out = <Cons<X, T> as RenderOnto<Acc>>::Out;
}

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

/// Whether two named operands can skip the permuting copy: `y`'s
/// dimensions, matched to `x`'s by the rule, stand in `x`'s order, so that
/// `y`'s elements already are laid out as `y` aligned to `x` (inserting
/// size-1 dimensions moves nothing) and the kernel reads them in place.
pub(crate) const fn in_order<S: Layout, R: Layout>() -> bool {
    if R::RANK > S::RANK {
        matched_in_order(S::NAMES.as_slice(), R::NAMES.as_slice())
    } else {
        matched_in_order(R::NAMES.as_slice(), S::NAMES.as_slice())
    }
}

/// [`in_order`] for an in-place operation, whose `x` is the left side `S`.
pub(crate) const fn in_order_in_place<S: Layout, R: Layout>() -> bool {
    matched_in_order(R::NAMES.as_slice(), S::NAMES.as_slice())
}

/// Whether the axes of `x` that `y`'s axes meet increase along `y`.
const fn matched_in_order(y: &[Option<&str>], x: &[Option<&str>]) -> bool {
    let (ux, uy) = (unnamed_count(x), unnamed_count(y));
    if uy > ux {
        return false; // refused by the type check; never reached
    }
    // `y`'s unnamed dimensions meet the last `uy` unnamed ones of `x`.
    let mut next_unnamed = ux - uy;
    let mut last = 0;
    let mut j = 0;
    while j < y.len() {
        let pos = match y[j] {
            Some(name) => match position(x, name) {
                Some(p) => p,
                None => return false, // refused by the type check
            },
            None => {
                next_unnamed += 1;
                nth_unnamed(x, next_unnamed - 1)
            }
        };
        if j > 0 && pos <= last {
            return false;
        }
        last = pos;
        j += 1;
    }
    true
}

const fn unnamed_count(names: &[Option<&str>]) -> usize {
    let (mut n, mut i) = (0, 0);
    while i < names.len() {
        if names[i].is_none() {
            n += 1;
        }
        i += 1;
    }
    n
}

/// The axis of the `k`-th unnamed dimension (from 0).
const fn nth_unnamed(names: &[Option<&str>], k: usize) -> usize {
    let (mut seen, mut i) = (0, 0);
    while i < names.len() {
        if names[i].is_none() {
            if seen == k {
                return i;
            }
            seen += 1;
        }
        i += 1;
    }
    names.len()
}

/// The axis named `name`.
const fn position(names: &[Option<&str>], name: &str) -> Option<usize> {
    let mut i = 0;
    while i < names.len() {
        if let Some(n) = names[i]
            && bytes_eq(n, name)
        {
            return Some(i);
        }
        i += 1;
    }
    None
}

const fn bytes_eq(x: &str, y: &str) -> bool {
    let (x, y) = (x.as_bytes(), y.as_bytes());
    if x.len() != y.len() {
        return false;
    }
    let mut i = 0;
    while i < x.len() {
        if x[i] != y[i] {
            return false;
        }
        i += 1;
    }
    true
}
