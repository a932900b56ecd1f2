//! The by-name rule as list functions: [`Find`] a name in a list, take the
//! [`Unnamed`] dimensions, [`PadUnnamed`] to right-align them, [`AlignTo`] to
//! lay `y` out in `x`'s order, then [`ZipNamed`] broadcasts the two
//! same-rank lists dimension by dimension; and, for the element work, whether
//! the aligned operand's dimensions already stand in order ([`in_order`]).

use super::*;

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

/// That a shape's head dimension `Self` does not reuse a name of the rest
/// `T`: names are unique within a shape. One impl per kind of dimension, so
/// that rustc follows a duplicate name down to its message.
pub trait HeadNames<T> {}
impl<T> HeadNames<T> for D1 {}
impl<const N: usize, T> HeadNames<T> for D<N> {}
impl<const N: usize, T> HeadNames<T> for Big<N> {}
impl<T> HeadNames<T> for Dyn {}
impl<Nm: Name, X, T: Find<Nm>> HeadNames<T> for Named<Nm, X> where T::Out: Unused<Nm> {}

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

pub(super) const fn bytes_eq(x: &str, y: &str) -> bool {
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
