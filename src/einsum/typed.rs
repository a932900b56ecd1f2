//! What [`einsum!`](crate::einsum!) expands to: the traits whose bounds make
//! the compiler check an einsum on static shapes, and [`run`], the
//! contraction itself.
//!
//! The macro reads the equation and writes a generic function, one type
//! parameter per operand, with these bounds:
//!
//! - `S0::List: Labels<0, 3, Count, Pos<0>>` — operand 0 has as many
//!   dimensions as the equation gives it labels ([`RankCheck`] fails
//!   otherwise, naming the operand, its rank and the label count);
//!   `Labels::Out` is the operand's dimension list (padded with `Dyn`
//!   when too short, so that nothing else fails after the rank error).
//! - `DimAt<S0, .., 2>: SameSize<DimAt<S1, .., 1>, Across<'j', 0, 1>>` for
//!   each further occurrence of a label — the sizes are equal
//!   ([`LabelCheck`] fails otherwise, with the label and both sizes in
//!   decimal); a label repeated in one operand checks against
//!   [`Diagonal`]. `Dyn` sizes are checked at run time; two different
//!   names under one label are refused ([`NameCheck`]).
//! - an operand with `...` instead: `S0::List: Ellipsis<0, 2, Prefix,
//!   Suffix, Pos<0>>` splits the dimensions into the labelled ones before
//!   and after `...` (too few dimensions: [`EllipsisRankCheck`]) and the
//!   ones `...` covers, reversed (`Mid`), which the macro names `E0`.
//!   Each pair of operands' `...` dimensions is checked to broadcast
//!   ([`EllipsisFits`], failing in [`EllipsisCheck`] with both sizes in
//!   decimal) and all of them are broadcast into one batch
//!   ([`EllipsisZip`]), which goes where the output has `...` (first in
//!   an implicit output).
//! - the output: each output label's dimension, merged over its
//!   occurrences ([`Merge`]: a static size wins over `Dyn`, a name over
//!   none), as a layout.
//!
//! A label's sizes must be equal; a size 1 does not stand for any size
//! (the runtime [`einsum`](crate::einsum()) follows the same rule). The
//! dimensions under `...` broadcast, as they do at run time.

#![allow(missing_docs)] // type-level plumbing of a macro; documented as a whole above

use core::marker::PhantomData;

use super::engine::contract;
use super::equation::label;
use crate::element::Element;
use crate::shape::broadcast::BroadcastDim;
use crate::shape::broadcast::ReverseOnto;
use crate::shape::diagnostic::{Ax, BroadcastCheck, Next};
use crate::shape::dim::{Big, D, D1, Dyn};
use crate::shape::names::{Name, Named, Plain, SameId};
use crate::shape::{Cons, Layout, Nil};
use crate::tensor::Tensor;
use typenum::{B1, Bit};

/// A count of labels: `Plus1<Plus1<NoLabel>>` is 2.
pub struct NoLabel;
/// One more than `N`.
pub struct Plus1<N>(PhantomData<N>);

/// A dimension counter for the rank check.
pub struct Pos<const K: usize>;
/// The next position.
pub trait NextPos {
    type Out;
}
macro_rules! next {
    ($($k:literal => $n:literal),*) => {$(impl NextPos for Pos<$k> { type Out = Pos<$n>; })*};
}
next!(0 => 1, 1 => 2, 2 => 3, 3 => 4, 4 => 5, 5 => 6, 6 => 7, 7 => 8, 8 => 9, 9 => 10,
    10 => 11, 11 => 12, 12 => 13, 13 => 14, 14 => 15, 15 => 16, 16 => 17, 17 => 18,
    18 => 19, 19 => 20, 20 => 21, 21 => 22, 22 => 23, 23 => 24, 24 => 25, 25 => 26,
    26 => 27, 27 => 28, 28 => 29, 29 => 30, 30 => 31, 31 => 32, 32 => 33);

/// Holds when operand `OP`'s rank `K` equals its label count `N`.
#[diagnostic::on_unimplemented(
    message = "einsum operand {OP} has rank {K} but the equation gives it {N} labels",
    label = "the equation's labels for this operand do not fit its rank",
    note = "each operand needs one label per dimension, or `...` for the dimensions it leaves out"
)]
pub trait RankCheck<const OP: usize, const N: usize, const K: usize> {}
impl<const OP: usize, const N: usize> RankCheck<OP, N, N> for () {}

/// Pairs a dimension list with `C` labels: `Out` is the list (padded with
/// `Dyn` where labels are left over). `K` counts the dimensions seen.
///
/// Every static and mixed layout implements it (a rank that does not fit
/// fails further down, in [`RankCheck`]); what does not is a layout that is
/// a type parameter, hence the message.
#[diagnostic::on_unimplemented(
    message = "`einsum!` cannot check operand {OP} here: its layout `{Self}` is a type parameter",
    label = "the equation is checked against each operand's concrete layout",
    note = "`einsum!` needs the operands' layouts written out; code generic over layouts can name `S: MatMulWith<R>` (`matmul`) or `S: ContractWith<R>` (`contract`), or call the runtime `einsum` on `DynTensor`s"
)]
pub trait Labels<const OP: usize, const N: usize, C, K> {
    type Out;
}
impl<H, T, C, const OP: usize, const N: usize, const K: usize> Labels<OP, N, Plus1<C>, Pos<K>>
    for Cons<H, T>
where
    Pos<K>: NextPos,
    T: Labels<OP, N, C, <Pos<K> as NextPos>::Out>,
{
    type Out = Cons<H, T::Out>;
}
impl<const OP: usize, const N: usize, K> Labels<OP, N, NoLabel, K> for Nil {
    type Out = Nil;
}
impl<C: Pad, const OP: usize, const N: usize, const K: usize> Labels<OP, N, Plus1<C>, Pos<K>>
    for Nil
where
    (): RankCheck<OP, N, K>,
{
    type Out = Cons<Dyn, C::Out>;
}
impl<H, T, const OP: usize, const N: usize, const K: usize> Labels<OP, N, NoLabel, Pos<K>>
    for Cons<H, T>
where
    Pos<K>: NextPos,
    T: CountRest<OP, N, <Pos<K> as NextPos>::Out>,
{
    type Out = Nil;
}

/// Counts the dimensions left after the labels ran out, then checks the rank.
pub trait CountRest<const OP: usize, const N: usize, K> {}
impl<const OP: usize, const N: usize, const K: usize> CountRest<OP, N, Pos<K>> for Nil where
    (): RankCheck<OP, N, K>
{
}
impl<H, T, const OP: usize, const N: usize, const K: usize> CountRest<OP, N, Pos<K>> for Cons<H, T>
where
    Pos<K>: NextPos,
    T: CountRest<OP, N, <Pos<K> as NextPos>::Out>,
{
}

/// `C` dimensions of `Dyn`.
pub trait Pad {
    type Out;
}
impl Pad for NoLabel {
    type Out = Nil;
}
impl<C: Pad> Pad for Plus1<C> {
    type Out = Cons<Dyn, C::Out>;
}

/// Dimension `I` of a list.
pub trait At<const I: usize> {
    type Out;
}
impl<H, T> At<0> for Cons<H, T> {
    type Out = H;
}
macro_rules! at {
    ($($i:literal => $p:literal),*) => {$(
        impl<H, T: At<$p>> At<$i> for Cons<H, T> { type Out = T::Out; }
    )*};
}
at!(1 => 0, 2 => 1, 3 => 2, 4 => 3, 5 => 4, 6 => 5, 7 => 6, 8 => 7, 9 => 8, 10 => 9,
    11 => 10, 12 => 11, 13 => 12, 14 => 13, 15 => 14, 16 => 15, 17 => 16, 18 => 17,
    19 => 18, 20 => 19, 21 => 20, 22 => 21, 23 => 22, 24 => 23, 25 => 24, 26 => 25,
    27 => 26, 28 => 27, 29 => 28, 30 => 29, 31 => 30);

/// Dimension `I` of operand `OP` (layout `S`, `N` labels counted by `C`).
pub type DimAt<S, C, const OP: usize, const N: usize, const I: usize> =
    <<<S as Layout>::List as Labels<OP, N, C, Pos<0>>>::Out as At<I>>::Out;

/// Where two occurrences of label `L` are: operands `P` and `Q`.
pub struct Across<const L: char, const P: usize, const Q: usize>;
/// Two occurrences of label `L` in operand `P` (a diagonal).
pub struct Diagonal<const L: char, const P: usize>;

/// Holds when the sizes `N` and `M` of label `L` are equal.
#[diagnostic::on_unimplemented(
    message = "einsum label {L}: {N} in operand {P} vs {M} in operand {Q}",
    label = "a label has one size in every operand",
    note = "a label's sizes must be equal; a size 1 does not broadcast against another size"
)]
pub trait LabelCheck<const L: char, const P: usize, const Q: usize, const N: usize, const M: usize>
{
}
impl<const L: char, const P: usize, const Q: usize, const N: usize> LabelCheck<L, P, Q, N, N>
    for ()
{
}

/// Holds when the sizes `N` and `M` of label `L`, repeated in operand `P`, are equal.
#[diagnostic::on_unimplemented(
    message = "einsum label {L} is repeated in operand {P} with sizes {N} and {M}",
    label = "a repeated label takes the diagonal, which needs equal sizes"
)]
pub trait DiagonalCheck<const L: char, const P: usize, const N: usize, const M: usize> {}
impl<const L: char, const P: usize, const N: usize> DiagonalCheck<L, P, N, N> for () {}

/// Sizes `N` and `M` checked where context `Self` says they are.
pub trait Sizes<const N: usize, const M: usize> {}
impl<const L: char, const P: usize, const Q: usize, const N: usize, const M: usize> Sizes<N, M>
    for Across<L, P, Q>
where
    (): LabelCheck<L, P, Q, N, M>,
{
}
impl<const L: char, const P: usize, const N: usize, const M: usize> Sizes<N, M> for Diagonal<L, P> where
    (): DiagonalCheck<L, P, N, M>
{
}

/// Holds when `B1`: the two names under label `L` are the same.
#[diagnostic::on_unimplemented(
    message = "einsum label {L} joins dimensions of different names, `{A}` and `{B}`",
    label = "one label is one dimension: its names must agree"
)]
pub trait NameCheck<const L: char, A, B> {}
impl<const L: char, A, B> NameCheck<L, A, B> for B1 {}

/// Two dimensions under one label fit: equal static sizes (`Dyn` checked
/// at run time), names that agree. `C` is [`Across`] or [`Diagonal`].
/// (A size mismatch fails deeper, in [`LabelCheck`]; what fails here is
/// two names.)
#[diagnostic::on_unimplemented(
    message = "einsum: one label joins the dimensions `{Self}` and `{Y}`, whose names differ",
    label = "one label is one dimension: its names must agree",
    note = "the label and the operands: `{C}`"
)]
pub trait SameSize<Y, C> {}
impl<C: Sizes<1, 1>> SameSize<D1, C> for D1 {}
impl<const M: usize, C: Sizes<1, M>> SameSize<D<M>, C> for D1 {}
impl<const M: usize, C: Sizes<1, M>> SameSize<Big<M>, C> for D1 {}
impl<const N: usize, C: Sizes<N, 1>> SameSize<D1, C> for D<N> {}
impl<const N: usize, const M: usize, C: Sizes<N, M>> SameSize<D<M>, C> for D<N> {}
impl<const N: usize, const M: usize, C: Sizes<N, M>> SameSize<Big<M>, C> for D<N> {}
impl<const N: usize, C: Sizes<N, 1>> SameSize<D1, C> for Big<N> {}
impl<const N: usize, const M: usize, C: Sizes<N, M>> SameSize<D<M>, C> for Big<N> {}
impl<const N: usize, const M: usize, C: Sizes<N, M>> SameSize<Big<M>, C> for Big<N> {}
impl<Y: Plain, C> SameSize<Y, C> for Dyn {}
impl<C> SameSize<Dyn, C> for D1 {}
impl<const N: usize, C> SameSize<Dyn, C> for D<N> {}
impl<const N: usize, C> SameSize<Dyn, C> for Big<N> {}
impl<Nm: Name, M: Name, X: SameSize<Y, C>, Y, C> SameSize<Named<M, Y>, C> for Named<Nm, X>
where
    Nm::Id: SameId<M::Id>,
    <Nm::Id as SameId<M::Id>>::Out: NameCheckIn<C, Nm, M>,
{
}
impl<Nm, X: SameSize<Y, C>, Y: Plain, C> SameSize<Y, C> for Named<Nm, X> {}
impl<Nm, X: Plain + SameSize<Y, C>, Y, C> SameSize<Named<Nm, Y>, C> for X {}

/// [`NameCheck`] with the label taken from the context `C`.
pub trait NameCheckIn<C, A, B> {}
impl<B0: Bit, const L: char, const P: usize, const Q: usize, A, B>
    NameCheckIn<Across<L, P, Q>, A, B> for B0
where
    B0: NameCheck<L, A, B>,
{
}
impl<B0: Bit, const L: char, const P: usize, A, B> NameCheckIn<Diagonal<L, P>, A, B> for B0 where
    B0: NameCheck<L, A, B>
{
}

/// The output's dimension for two occurrences of a label: the static size
/// over `Dyn`, the name over none.
pub trait Merge<Y> {
    type Out;
}
impl<Y: Plain> Merge<Y> for D1 {
    type Out = D1;
}
impl<const N: usize, Y: Plain> Merge<Y> for D<N> {
    type Out = D<N>;
}
impl<const N: usize, Y: Plain> Merge<Y> for Big<N> {
    type Out = Big<N>;
}
impl<Y> Merge<Y> for Dyn {
    type Out = Y;
}
impl<Nm, Y> Merge<Named<Nm, Y>> for D1 {
    type Out = Named<Nm, D1>;
}
impl<const N: usize, Nm, Y> Merge<Named<Nm, Y>> for D<N> {
    type Out = Named<Nm, D<N>>;
}
impl<const N: usize, Nm, Y> Merge<Named<Nm, Y>> for Big<N> {
    type Out = Named<Nm, Big<N>>;
}
impl<Nm, X: Merge<Y::Out>, Y: Bare> Merge<Y> for Named<Nm, X> {
    type Out = Named<Nm, X::Out>;
}

/// A dimension without its name.
pub trait Bare {
    type Out;
}
impl<X: Plain> Bare for X {
    type Out = X;
}
impl<Nm, X> Bare for Named<Nm, X> {
    type Out = X;
}

/// Holds never: operand `OP` has rank `K`, fewer than the `N` labels the
/// equation gives it beside `...`.
#[diagnostic::on_unimplemented(
    message = "einsum operand {OP} has rank {K}, fewer than the {N} labels the equation gives it beside `...`",
    label = "the equation's labels for this operand do not fit its rank",
    note = "`...` may cover no dimension, but each label needs a dimension of its own"
)]
pub trait EllipsisRankCheck<const OP: usize, const N: usize, const K: usize> {}

/// Splits a dimension list around `...`: `P` labels before it, `S` after
/// (`N` in all, `K` counts the dimensions seen). `Prefix` is the first `P`
/// dimensions, `Suffix` the last `S` reversed, `Mid` those `...` covers,
/// reversed (innermost first, as broadcasting meets them).
#[diagnostic::on_unimplemented(
    message = "`einsum!` cannot check operand {OP} here: its layout `{Self}` is a type parameter",
    label = "the equation is checked against each operand's concrete layout",
    note = "`einsum!` needs the operands' layouts written out; code generic over layouts can name `S: MatMulWith<R>` (`matmul`) or `S: ContractWith<R>` (`contract`), or call the runtime `einsum` on `DynTensor`s"
)]
pub trait Ellipsis<const OP: usize, const N: usize, P, S, K> {
    type Prefix;
    type Suffix;
    type Mid;
}
impl<H, T, P, S, const OP: usize, const N: usize, const K: usize>
    Ellipsis<OP, N, Plus1<P>, S, Pos<K>> for Cons<H, T>
where
    Pos<K>: NextPos,
    T: Ellipsis<OP, N, P, S, <Pos<K> as NextPos>::Out>,
{
    type Prefix = Cons<H, T::Prefix>;
    type Suffix = T::Suffix;
    type Mid = T::Mid;
}
// Too few dimensions for the labels before `...`: the error, and `Dyn`
// for the labels left so that nothing else fails.
impl<P: Pad, S: Pad, const OP: usize, const N: usize, const K: usize>
    Ellipsis<OP, N, Plus1<P>, S, Pos<K>> for Nil
where
    (): EllipsisRankCheck<OP, N, K>,
{
    type Prefix = Cons<Dyn, P::Out>;
    type Suffix = S::Out;
    type Mid = Nil;
}
impl<L: ReverseOnto<Nil>, S, const OP: usize, const N: usize, K> Ellipsis<OP, N, NoLabel, S, K>
    for L
where
    L::Out: Suffix<OP, N, S, K>,
{
    type Prefix = Nil;
    type Suffix = <L::Out as Suffix<OP, N, S, K>>::Suffix;
    type Mid = <L::Out as Suffix<OP, N, S, K>>::Mid;
}

/// The labels after `...`, taken from the end of a reversed list.
pub trait Suffix<const OP: usize, const N: usize, S, K> {
    type Suffix;
    type Mid;
}
impl<H, T, S, const OP: usize, const N: usize, const K: usize> Suffix<OP, N, Plus1<S>, Pos<K>>
    for Cons<H, T>
where
    Pos<K>: NextPos,
    T: Suffix<OP, N, S, <Pos<K> as NextPos>::Out>,
{
    type Suffix = Cons<H, T::Suffix>;
    type Mid = T::Mid;
}
impl<S: Pad, const OP: usize, const N: usize, const K: usize> Suffix<OP, N, Plus1<S>, Pos<K>>
    for Nil
where
    (): EllipsisRankCheck<OP, N, K>,
{
    type Suffix = Cons<Dyn, S::Out>;
    type Mid = Nil;
}
impl<L, const OP: usize, const N: usize, K> Suffix<OP, N, NoLabel, K> for L {
    type Suffix = Nil;
    type Mid = L;
}

/// Holds when the `...` sizes `N` of operand `P` and `M` of operand `Q`
/// broadcast (equal: a size 1 is handled before), at `...` dimension `-K`.
#[diagnostic::on_unimplemented(
    message = "einsum `...` does not broadcast: {N} in operand {P} vs {M} in operand {Q} at `...` dimension -{K}",
    label = "the dimensions `...` covers broadcast together",
    note = "`...` dimensions meet from the right (-1 is the last); their sizes must be equal, or one of them 1"
)]
pub trait EllipsisCheck<
    const P: usize,
    const Q: usize,
    const K: usize,
    const N: usize,
    const M: usize,
>
{
}
impl<const P: usize, const Q: usize, const K: usize, const N: usize> EllipsisCheck<P, Q, K, N, N>
    for ()
{
}

/// Where two `...` dimensions meet: operands `P` and `Q`.
pub struct EllipsisOf<const P: usize, const Q: usize>;
impl<const P: usize, const Q: usize, const N: usize, const M: usize, const K: usize>
    BroadcastCheck<N, M, K> for EllipsisOf<P, Q>
where
    (): EllipsisCheck<P, Q, K, N, M>,
{
}
/// No check: the pairs were checked already ([`EllipsisFits`]).
pub struct Checked;
impl<const N: usize, const M: usize, const K: usize> BroadcastCheck<N, M, K> for Checked {}

/// Holds when `B1`: the names under one `...` dimension are the same.
#[diagnostic::on_unimplemented(
    message = "einsum `...` joins dimensions of different names, `{A}` in operand {P} and `{B}` in operand {Q}",
    label = "a `...` dimension is one dimension: its names must agree"
)]
pub trait EllipsisNameCheck<const P: usize, const Q: usize, A, B> {}
impl<const P: usize, const Q: usize, A, B> EllipsisNameCheck<P, Q, A, B> for B1 {}

/// A dimension's name (`NoName` or `HasName<Nm>`) and size.
pub trait Parts {
    type Name;
    type Size;
}
/// No name.
pub struct NoName;
/// The name `Nm`.
pub struct HasName<Nm>(PhantomData<Nm>);
impl<X: Plain> Parts for X {
    type Name = NoName;
    type Size = X;
}
impl<Nm, X> Parts for Named<Nm, X> {
    type Name = HasName<Nm>;
    type Size = X;
}

/// Two names under one `...` dimension of operands `P` and `Q` agree.
pub trait NamesAgree<Y, const P: usize, const Q: usize> {}
impl<Y, const P: usize, const Q: usize> NamesAgree<Y, P, Q> for NoName {}
impl<Nm, const P: usize, const Q: usize> NamesAgree<NoName, P, Q> for HasName<Nm> {}
impl<Nm: Name, M: Name, const P: usize, const Q: usize> NamesAgree<HasName<M>, P, Q> for HasName<Nm>
where
    Nm::Id: SameId<M::Id>,
    <Nm::Id as SameId<M::Id>>::Out: EllipsisNameCheck<P, Q, Nm, M>,
{
}

/// `...` dimensions of operands `P` and `Q` (reversed lists) broadcast;
/// `A` counts the dimensions from the right.
pub trait EllipsisFits<Y, const P: usize, const Q: usize, A> {}
impl<Y, const P: usize, const Q: usize, A> EllipsisFits<Y, P, Q, A> for Nil {}
impl<H, T, const P: usize, const Q: usize, A> EllipsisFits<Nil, P, Q, A> for Cons<H, T> {}
impl<X, Xs, Y, Ys, const P: usize, const Q: usize, A: Next> EllipsisFits<Cons<Y, Ys>, P, Q, A>
    for Cons<X, Xs>
where
    X: Parts,
    Y: Parts,
    X::Size: BroadcastDim<Y::Size, EllipsisOf<P, Q>, A>,
    X::Name: NamesAgree<Y::Name, P, Q>,
    Xs: EllipsisFits<Ys, P, Q, A::Out>,
{
}

/// Two `...` dimension lists (reversed) broadcast into one.
pub trait EllipsisZip<Y> {
    type Out;
}
impl<Y> EllipsisZip<Y> for Nil {
    type Out = Y;
}
impl<H, T> EllipsisZip<Nil> for Cons<H, T> {
    type Out = Cons<H, T>;
}
impl<X, Xs, Y, Ys> EllipsisZip<Cons<Y, Ys>> for Cons<X, Xs>
where
    X: Parts,
    Y: Parts,
    X::Size: BroadcastDim<Y::Size, Checked, Ax<1>>,
    X::Name: Rename<Y::Name, <X::Size as BroadcastDim<Y::Size, Checked, Ax<1>>>::Out>,
    Xs: EllipsisZip<Ys>,
{
    type Out = Cons<
        <X::Name as Rename<Y::Name, <X::Size as BroadcastDim<Y::Size, Checked, Ax<1>>>::Out>>::Out,
        Xs::Out,
    >;
}

/// Size `X` under the name `Self`, else the name `Y`, else none.
pub trait Rename<Y, X> {
    type Out;
}
impl<X> Rename<NoName, X> for NoName {
    type Out = X;
}
impl<Nm, X> Rename<HasName<Nm>, X> for NoName {
    type Out = Named<Nm, X>;
}
impl<Nm, Y, X> Rename<Y, X> for HasName<Nm> {
    type Out = Named<Nm, X>;
}

/// An operand of `einsum!` (a tensor or a typed view) as its row-major
/// elements (borrowed from a tensor, copied once from a view) and sizes.
#[doc(hidden)]
pub fn row_major<T: Element, O: crate::view::TypedOperand<T> + ?Sized>(
    o: &O,
) -> (alloc::borrow::Cow<'_, [T]>, crate::shape::Dims) {
    crate::view::typed_operand::row_major(o)
}

/// The contraction `equation` of operands given as (elements, shape), into
/// a tensor of layout `S` (which the macro's bounds computed). Panics with
/// the runtime error's message only when `Dyn` sizes do not fit.
#[track_caller]
pub fn run<T: Element, S: Layout>(equation: &str, ops: &[(&[T], &[usize])]) -> Tensor<T, S> {
    let shapes: alloc::vec::Vec<&[usize]> = ops.iter().map(|o| o.1).collect();
    let result = label(equation, &shapes)
        .map_err(|p| super::dyn_tensor::einsum_error(equation, &shapes, p))
        .and_then(|lab| {
            let data = contract(ops, &lab)?;
            let dims: alloc::vec::Vec<usize> = lab.out.iter().map(|&l| lab.sizes[l]).collect();
            Ok((data, dims))
        });
    match result {
        Ok((data, dims)) => Tensor::from_checked(data, &dims),
        Err(e) => panic!("{e}"),
    }
}
