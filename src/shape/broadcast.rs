//! Broadcasting: the rule of the [rules chapter](crate::guide::rules), section 1, once at the type level for
//! static shapes and once as a small function for runtime shapes.
//!
//! Shapes are aligned from the right, the shorter one padded with 1s on the
//! left; each pair of sizes must be equal or contain a 1, and the result takes
//! the size that is not 1. The type-level version walks both shapes reversed
//! (innermost first), so that padding is "the other list ran out", and conses
//! each result dimension onto an accumulator, which yields the result in
//! outermost-first order without a final reverse.

use crate::error::{ShapeError, ShapeErrorKind};
use crate::shape::diagnostic::{AssignCheck, AssignRankCheck, Ax, BroadcastCheck, Ctx, Next};
use crate::shape::dim::{Big, D, D1};
use crate::shape::mixed::{Mixed, ToLayout};
use crate::shape::names::{AlignByName, InPlace, Longer, Named, Order, ZipNamedAssign};
use crate::shape::{Cons, Layout, Nil};
use typenum::{B0, B1};

/// `Self` and `R` broadcast together, as far as the compiler can tell;
/// [`Output`](BroadcastWith::Output) is the result's layout. For static
/// shapes everything is decided at compile time; a runtime-sized dimension
/// (`Dyn`) is checked when the operation runs. This is the bound to name in
/// generic code:
///
/// ```
/// use shaped::{shape, Broadcast, BroadcastWith, Layout, Tensor};
/// fn add<S: BroadcastWith<R>, R: Layout>(a: &Tensor<f32, S>, b: &Tensor<f32, R>) -> Tensor<f32, Broadcast<S, R>> {
///     a + b
/// }
/// let c = add(&Tensor::<f32, shape![4, 1]>::ones(), &Tensor::<f32, shape![3]>::ones());
/// assert_eq!(&*c.shape(), &[4, 3]);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not known to broadcast with `{R}`",
    label = "the shapes of these tensors are not known to broadcast",
    note = "in generic code, add the bound `{Self}: BroadcastWith<{R}, Output = {Self}>` when the result has the layout of `{Self}` (as in `x * x`), else `{Self}: BroadcastWith<{R}>` and name the result `Broadcast<{Self}, {R}>`"
)]
pub trait BroadcastWith<R: Layout>: Layout {
    /// The broadcast layout.
    type Output: Layout;
    /// `Self` as the elementwise kernel sees it: `Self` itself, or for two
    /// named operands whose `x` is the right one, `Self`'s dimensions laid
    /// out in the right one's order (size 1 where it has none).
    type Lhs: Layout;
    /// `R` as the kernel sees it (see [`Lhs`](BroadcastWith::Lhs)).
    type Rhs: Layout;
}

/// The layout of `S` broadcast with `R`.
pub type Broadcast<S, R> = <S as BroadcastWith<R>>::Output;

// One impl per kind of layout rather than one blanket impl: for a generic
// `S` rustc can then pick none, so a missing bound is reported as
// `S: BroadcastWith<R>` with the note above, not as the internal traits
// below it. For concrete layouts it follows the one that applies down to
// the check that fails. Each impl names the rule itself: a blanket layer
// between them (a trait `Resolve` did this) was one more projection that
// rustc normalised, and proved again, for every operation.
//
// A non-empty static left operand (`Cons`) goes on to one impl per kind
// of right operand ([`ConsWith`]): a layer, but one that also picks the
// rule, so an operation takes one step fewer than before (see `ConsWith`
// for why the right operand is its `Self`). Two static operands broadcast to a
// static shape, so their rule ([`StaticPositional`]) does not look for a
// `Dyn` in the result; a static shape with `Nil` is itself.
impl<R: Layout> BroadcastWith<R> for Nil
where
    B0: Pick<R::Named>,
    Nil: Rule<R, <B0 as Pick<R::Named>>::Out>,
{
    type Output = <Nil as Rule<R, <B0 as Pick<R::Named>>::Out>>::Output;
    type Lhs = <Nil as Rule<R, <B0 as Pick<R::Named>>::Out>>::Lhs;
    type Rhs = <Nil as Rule<R, <B0 as Pick<R::Named>>::Out>>::Rhs;
}
impl<H, T, R: Layout> BroadcastWith<R> for Cons<H, T>
where
    Cons<H, T>: Layout + AnyNamed,
    R: ConsWith<H, T, <Cons<H, T> as AnyNamed>::Out>,
{
    type Output = <R as ConsWith<H, T, <Cons<H, T> as AnyNamed>::Out>>::Output;
    type Lhs = <R as ConsWith<H, T, <Cons<H, T> as AnyNamed>::Out>>::Lhs;
    type Rhs = <R as ConsWith<H, T, <Cons<H, T> as AnyNamed>::Out>>::Rhs;
}

/// `Cons<H, T>` broadcast with `Self`: [`BroadcastWith`] for a non-empty
/// static left operand, one impl per kind of right operand. `N` is
/// whether the left operand has names ([`AnyNamed`]): two static operands
/// broadcast positionally ([`StaticPositional`]) unless both have.
///
/// Why the right operand is `Self`: rustc meets `S: BroadcastWith<R>` in a
/// call to a generic function (`fn add<S: BroadcastWith<R>, R: Layout>`)
/// as soon as it knows `S`, while `R` is still being inferred. With an
/// impl per kind of `R` it tried each, through the whole rule, on a type
/// it did not know yet: 3 ms of type checking for each call, twice the
/// build of the same operations written with `+`. A bound whose `Self` is
/// not known yet is set aside at once.
#[diagnostic::on_unimplemented(
    message = "these shapes are not known to broadcast",
    label = "the shapes of these tensors are not known to broadcast",
    note = "in generic code, add the bound `S: BroadcastWith<R>` for the layouts `S`, `R` of the two tensors (`S: BroadcastWith<S, Output = S>` for `x * x`), the result `Broadcast<S, R>`"
)]
pub trait ConsWith<H, T, N>: Layout {
    /// See [`BroadcastWith::Output`].
    type Output: Layout;
    /// See [`BroadcastWith::Lhs`].
    type Lhs: Layout;
    /// See [`BroadcastWith::Rhs`].
    type Rhs: Layout;
}
impl<H, T, N, L> ConsWith<H, T, N> for Mixed<L>
where
    Mixed<L>: Layout,
    Cons<H, T>: Layout + Rule<Mixed<L>, Picked<Cons<H, T>, Mixed<L>>>,
    <Cons<H, T> as Layout>::Named: Pick<<Mixed<L> as Layout>::Named>,
{
    type Output = <Cons<H, T> as Rule<Mixed<L>, Picked<Cons<H, T>, Mixed<L>>>>::Output;
    type Lhs = <Cons<H, T> as Rule<Mixed<L>, Picked<Cons<H, T>, Mixed<L>>>>::Lhs;
    type Rhs = <Cons<H, T> as Rule<Mixed<L>, Picked<Cons<H, T>, Mixed<L>>>>::Rhs;
}
impl<H, T, N> ConsWith<H, T, N> for Nil
where
    Cons<H, T>: Layout,
{
    type Output = Cons<H, T>;
    type Lhs = Cons<H, T>;
    type Rhs = Nil;
}
// No names on the left: positional, straight to the table.
impl<H, T, H2, T2> ConsWith<H, T, B0> for Cons<H2, T2>
where
    Cons<H2, T2>: Layout,
    Cons<H, T>: Layout,
    StaticPositional: StaticZip<Cons<H, T>, Cons<H2, T2>>,
{
    type Output = <StaticPositional as StaticZip<Cons<H, T>, Cons<H2, T2>>>::Output;
    type Lhs = Cons<H, T>;
    type Rhs = Cons<H2, T2>;
}
// Names on the left: by name when the right one has names too.
impl<H, T, H2, T2> ConsWith<H, T, B1> for Cons<H2, T2>
where
    Cons<H2, T2>: Layout + AnyNamed,
    Cons<H, T>: Layout + Rule<Cons<H2, T2>, NamedRule<Cons<H2, T2>>>,
    B1: Pick<<Cons<H2, T2> as AnyNamed>::Out>,
{
    type Output = <Cons<H, T> as Rule<Cons<H2, T2>, NamedRule<Cons<H2, T2>>>>::Output;
    type Lhs = <Cons<H, T> as Rule<Cons<H2, T2>, NamedRule<Cons<H2, T2>>>>::Lhs;
    type Rhs = <Cons<H, T> as Rule<Cons<H2, T2>, NamedRule<Cons<H2, T2>>>>::Rhs;
}

impl<L, R: Layout> BroadcastWith<R> for Mixed<L>
where
    Mixed<L>: Layout + Rule<R, Picked<Mixed<L>, R>>,
    <Mixed<L> as Layout>::Named: Pick<R::Named>,
{
    type Output = <Mixed<L> as Rule<R, Picked<Mixed<L>, R>>>::Output;
    type Lhs = <Mixed<L> as Rule<R, Picked<Mixed<L>, R>>>::Lhs;
    type Rhs = <Mixed<L> as Rule<R, Picked<Mixed<L>, R>>>::Rhs;
}

type Picked<S, R> = <<S as Layout>::Named as Pick<<R as Layout>::Named>>::Out;

/// The rule for a named static left operand and the static right operand
/// `R`: [`ByName`] when `R` has names too, else [`StaticPositional`].
type NamedRule<R> = <B1 as Pick<<R as AnyNamed>::Out>>::Static;

/// `B1` when any dimension of a static shape has a name, else `B0`:
/// [`Shape::Named`](crate::Shape::Named) in one step per dimension (an impl
/// per kind of head), where `Shape::Named` takes four (the shape's and the
/// head's impls, then `Flag::Or`). Asking `Layout::Named` of both operands
/// of every static operation was an eighth of `cargo check` of 500
/// additions.
pub trait AnyNamed {
    /// `B1` or `B0`.
    type Out;
}
impl AnyNamed for Nil {
    type Out = B0;
}
impl<T: AnyNamed> AnyNamed for Cons<D1, T> {
    type Out = T::Out;
}
impl<const N: usize, T: AnyNamed> AnyNamed for Cons<D<N>, T> {
    type Out = T::Out;
}
impl<const N: usize, T: AnyNamed> AnyNamed for Cons<Big<N>, T> {
    type Out = T::Out;
}
impl<N, X, T> AnyNamed for Cons<Named<N, X>, T> {
    type Out = B1;
}

/// Picks the rule from whether each operand has names: [`ByName`] when both
/// have, else [`Positional`].
#[diagnostic::on_unimplemented(
    message = "these shapes are not known to broadcast",
    label = "the shapes of these tensors are not known to broadcast",
    note = "in generic code, add the bound `S: BroadcastWith<R>` for the layouts `S`, `R` of the two tensors (`S: BroadcastWith<S, Output = S>` for `x * x`), the result `Broadcast<S, R>`"
)]
pub trait Pick<Other> {
    /// [`Positional`] or [`ByName`].
    type Out;
    /// The rule when both operands are static: [`StaticPositional`] or
    /// [`ByName`].
    type Static;
}
impl Pick<B0> for B0 {
    type Out = Positional;
    type Static = StaticPositional;
}
impl Pick<B1> for B0 {
    type Out = Positional;
    type Static = StaticPositional;
}
impl Pick<B0> for B1 {
    type Out = Positional;
    type Static = StaticPositional;
}
impl Pick<B1> for B1 {
    type Out = ByName;
    type Static = ByName;
}

/// Broadcasting aligned from the right (the [rules chapter](crate::guide::rules), section 1).
pub struct Positional;
/// [`Positional`] for two static operands, whose result is static: the
/// result's list is its layout, without a look for a `Dyn` in it, which was
/// a twentieth of `cargo check` of a program of 500 operations.
pub struct StaticPositional;
/// Broadcasting by name (the [rules chapter](crate::guide::rules), section 5).
pub struct ByName;

/// How `Self` and `R` broadcast by the rule `K`, [`Positional`] or
/// [`ByName`]. (The rule is a parameter, not the `Self` type: rustc then
/// reports a mismatch without pointing at the other rule's impl.)
#[diagnostic::on_unimplemented(
    message = "these shapes are not known to broadcast",
    label = "the shapes of these tensors are not known to broadcast",
    note = "in generic code, add the bound `S: BroadcastWith<R>` for the layouts `S`, `R` of the two tensors (`S: BroadcastWith<S, Output = S>` for `x * x`), the result `Broadcast<S, R>`"
)]
pub trait Rule<R, K> {
    /// The broadcast layout.
    type Output: Layout;
    /// See [`BroadcastWith::Lhs`].
    type Lhs: Layout;
    /// See [`BroadcastWith::Rhs`].
    type Rhs: Layout;
}
impl<S: Layout, R: Layout> Rule<R, Positional> for S
where
    S::Reversed: ZipBroadcast<R::Reversed, Ctx<S, R>, Ax<1>, Nil>,
    ZipOut<S, R>: ToLayout,
{
    type Output = <ZipOut<S, R> as ToLayout>::Out;
    type Lhs = S;
    type Rhs = R;
}
impl<S: Layout, R: Layout> Rule<R, StaticPositional> for S
where
    StaticPositional: StaticZip<S, R>,
{
    type Output = <StaticPositional as StaticZip<S, R>>::Output;
    type Lhs = S;
    type Rhs = R;
}
impl<S: Layout, R: Layout> Rule<R, ByName> for S
where
    R::Reversed: Longer<S::Reversed>,
    XIsB<S, R>: Order<S::List, R::List>,
{
    type Output = <XIsB<S, R> as Order<S::List, R::List>>::Out;
    type Lhs = <XIsB<S, R> as Order<S::List, R::List>>::Lhs;
    type Rhs = <XIsB<S, R> as Order<S::List, R::List>>::Rhs;
}

/// Broadcasts two static shapes `S` and `R` (the rule [`StaticPositional`],
/// which is `Self` where it is used).
///
/// Implemented in the generated `broadcast_table.rs`: for shapes of rank at
/// most 8, one impl per pair of ranks checks the dimensions where they stand
/// (`A2: BroadcastDim<B1, Ctx<S, R>, Ax<1>>, ..`) and writes the result out
/// from [`DimOut`], so that the compiler neither reverses the shapes nor
/// walks them ([`ZipBroadcast`], [`Next`]), which was a fifth of what `cargo
/// check` spent on a program of 500 operations. Longer shapes take the walk.
///
/// The result is not `BroadcastDim`'s `Out`: rustc works the result out
/// again in each phase that names it (type checking, borrow checking, each
/// function's signature), and through `BroadcastDim` every one of those
/// repeated the checks, each of which renders both shapes. The checks are
/// bounds of their own, proved once per phase (5% of `cargo check` and 2%
/// of a debug build of 500 operations).
///
/// Why the shapes are parameters and `Self` is any type: rustc lists, under
/// a failed bound, the impls of the outermost trait in its chain whose
/// `Self` is a concrete type, and the table's would be a screenful.
///
/// Hidden from rustdoc only (`cfg(doc)`: hidden items change how compiler
/// messages name them): its generated impls are for any `Self`, so every
/// type's page listed all 64 of them.
#[cfg_attr(doc, doc(hidden))]
pub trait StaticZip<S, R> {
    /// The broadcast shape.
    type Output: Layout;
}

/// Whether `x` (the operand of larger rank, by name) is `b`: `B1` or `B0`.
type XIsB<S, R> = <<R as Layout>::Reversed as Longer<<S as Layout>::Reversed>>::Out;

pub(crate) type ZipOut<S, R> =
    <<S as Layout>::Reversed as ZipBroadcast<<R as Layout>::Reversed, Ctx<S, R>, Ax<1>, Nil>>::Out;

/// `Self` broadcasts to the layout `S` without changing it: the rule of
/// in-place operations (the [rules chapter](crate::guide::rules), section 2). `rank(Self) <= rank(S)` and,
/// aligned from the right, each size of `Self` is 1 or equal to `S`'s
/// (checked at run time where a size is `Dyn`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not known to broadcast to `{S}` in place",
    label = "the right side is not known to broadcast to the left side's shape",
    note = "in generic code, add the bound `{Self}: BroadcastTo<{S}>`"
)]
pub trait BroadcastTo<S: Layout>: Layout {
    /// `Self` as the elementwise kernel sees it: `Self` itself, or for two
    /// named operands, `Self`'s dimensions laid out in `S`'s order.
    type Source: Layout;
}

// One impl per kind of layout, as for `BroadcastWith`.
impl<S: Layout> BroadcastTo<S> for Nil
where
    S::Named: Pick<B0>,
    Nil: AssignRule<S, <S::Named as Pick<B0>>::Out>,
{
    type Source = <Nil as AssignRule<S, <S::Named as Pick<B0>>::Out>>::Source;
}
impl<H, T, S: Layout> BroadcastTo<S> for Cons<H, T>
where
    Cons<H, T>: Layout + AssignRule<S, Picked<S, Cons<H, T>>>,
    S::Named: Pick<<Cons<H, T> as Layout>::Named>,
{
    type Source = <Cons<H, T> as AssignRule<S, Picked<S, Cons<H, T>>>>::Source;
}
impl<L, S: Layout> BroadcastTo<S> for Mixed<L>
where
    Mixed<L>: Layout + AssignRule<S, Picked<S, Mixed<L>>>,
    S::Named: Pick<<Mixed<L> as Layout>::Named>,
{
    type Source = <Mixed<L> as AssignRule<S, Picked<S, Mixed<L>>>>::Source;
}

/// How `Self` is checked against `S` in place, by the rule `K`.
pub trait AssignRule<S, K> {
    /// See [`BroadcastTo::Source`].
    type Source: Layout;
}
impl<S: Layout, R: Layout> AssignRule<S, Positional> for R
where
    Positional: AssignZip<S, R>,
{
    type Source = R;
}

/// Checks the right side `R` of an in-place operation against its left
/// side `S`, positionally (`Self` is the rule, [`Positional`], where it is
/// used): [`StaticZip`]'s counterpart. For two static shapes of rank at most
/// 8, one impl per pair of ranks in the generated `broadcast_table.rs`
/// checks each pair of dimensions where it stands (and, when `R` is longer,
/// reports it); every other pair of layouts takes the walk ([`ZipAssign`]).
///
/// Hidden from rustdoc only, as [`StaticZip`] is.
#[cfg_attr(doc, doc(hidden))]
pub trait AssignZip<S, R> {}
impl<S: Layout, R: Layout> AssignRule<S, ByName> for R
where
    S::List: AlignByName<R::List, InPlace>,
    S::List: ZipNamedAssign<<S::List as AlignByName<R::List, InPlace>>::Out>,
    <S::List as AlignByName<R::List, InPlace>>::Out: ToLayout,
{
    type Source = <<S::List as AlignByName<R::List, InPlace>>::Out as ToLayout>::Out;
}

/// Reverses `Self` onto the front of `Acc`.
pub trait ReverseOnto<Acc> {
    /// The result.
    type Out;
}
impl<Acc> ReverseOnto<Acc> for Nil {
    type Out = Acc;
}
impl<H, T: ReverseOnto<Cons<H, Acc>>, Acc> ReverseOnto<Acc> for Cons<H, T> {
    type Out = T::Out;
}

/// Broadcasts two reversed shapes pair by pair, consing results onto `Acc`.
/// `Ctx` and the axis counter `A` are only there for the error message.
#[diagnostic::on_unimplemented(
    message = "these shapes are not known to broadcast",
    label = "the shapes of these tensors are not known to broadcast",
    note = "in generic code, add the bound `S: BroadcastWith<R>` for the layouts `S`, `R` of the two tensors (`S: BroadcastWith<S, Output = S>` for `x * x`), the result `Broadcast<S, R>`"
)]
pub trait ZipBroadcast<R, Ctx, A, Acc> {
    /// The broadcast shape.
    type Out;
}
impl<C, A, Acc> ZipBroadcast<Nil, C, A, Acc> for Nil {
    type Out = Acc;
}
// One side ran out: the rest of the other side is paired with implicit 1s.
impl<H, T: ZipBroadcast<Nil, C, A, Cons<H, Acc>>, C, A, Acc> ZipBroadcast<Nil, C, A, Acc>
    for Cons<H, T>
{
    type Out = T::Out;
}
// Every recursion here is on `Self`: rustc meets these bounds while the right
// operand's type is still being inferred, and a recursion on an unknown
// parameter would expand forever instead of stopping as "ambiguous".
impl<H, T, C, A, Acc> ZipBroadcast<Cons<H, T>, C, A, Acc> for Nil
where
    Cons<H, T>: ReverseOnto<Acc>,
{
    type Out = <Cons<H, T> as ReverseOnto<Acc>>::Out;
}
impl<X, Xs, Y, Ys, C, A: Next, Acc> ZipBroadcast<Cons<Y, Ys>, C, A, Acc> for Cons<X, Xs>
where
    X: BroadcastDim<Y, C, A>,
    Xs: ZipBroadcast<Ys, C, A::Out, Cons<X::Out, Acc>>,
{
    type Out = Xs::Out;
}

/// The broadcast of a pair of dimensions that [`BroadcastDim`] checks (the
/// table of [`StaticZip`] names both): the same result, without the check
/// or its context, so that working it out again costs one step.
pub trait DimOut<Y> {
    /// The resulting dimension.
    type Out;
}
impl DimOut<D1> for D1 {
    type Out = D1;
}
impl<const N: usize> DimOut<D<N>> for D1 {
    type Out = D<N>;
}
impl<const N: usize> DimOut<D1> for D<N> {
    type Out = D<N>;
}
impl<const N: usize> DimOut<Big<N>> for D1 {
    type Out = Big<N>;
}
impl<const N: usize> DimOut<D1> for Big<N> {
    type Out = Big<N>;
}
// Equal sizes where `BroadcastDim` holds; the left one either way.
impl<const N: usize, const M: usize> DimOut<D<M>> for D<N> {
    type Out = D<N>;
}
impl<const N: usize, const M: usize> DimOut<Big<M>> for Big<N> {
    type Out = Big<N>;
}
impl<const N: usize, const M: usize> DimOut<Big<M>> for D<N> {
    type Out = D<N>;
}
impl<const N: usize, const M: usize> DimOut<D<M>> for Big<N> {
    type Out = Big<N>;
}

/// Broadcasts one pair of dimensions at axis `A`.
pub trait BroadcastDim<Y, C, A> {
    /// The resulting dimension.
    type Out;
}
impl<C, A> BroadcastDim<D1, C, A> for D1 {
    type Out = D1;
}
impl<const N: usize, C, A> BroadcastDim<D<N>, C, A> for D1 {
    type Out = D<N>;
}
impl<const N: usize, C, A> BroadcastDim<D1, C, A> for D<N> {
    type Out = D<N>;
}
impl<const N: usize, C, A> BroadcastDim<Big<N>, C, A> for D1 {
    type Out = Big<N>;
}
impl<const N: usize, C, A> BroadcastDim<D1, C, A> for Big<N> {
    type Out = Big<N>;
}
impl<const N: usize, const M: usize, C: BroadcastCheck<N, M, K>, const K: usize>
    BroadcastDim<D<M>, C, Ax<K>> for D<N>
{
    type Out = D<N>;
}
impl<const N: usize, const M: usize, C: BroadcastCheck<N, M, K>, const K: usize>
    BroadcastDim<Big<M>, C, Ax<K>> for Big<N>
{
    type Out = Big<N>;
}
// Never compatible (one size is at most 1024, the other above): the check fails.
impl<const N: usize, const M: usize, C: BroadcastCheck<N, M, K>, const K: usize>
    BroadcastDim<Big<M>, C, Ax<K>> for D<N>
{
    type Out = D<N>;
}
impl<const N: usize, const M: usize, C: BroadcastCheck<N, M, K>, const K: usize>
    BroadcastDim<D<M>, C, Ax<K>> for Big<N>
{
    type Out = Big<N>;
}

/// Checks the in-place rule on two reversed shapes: `Self` is the target.
#[diagnostic::on_unimplemented(
    message = "the right side is not known to broadcast to the left side's shape",
    label = "the right side is not known to broadcast to the left side's shape",
    note = "in generic code, add the bound `R: BroadcastTo<S>` for the layouts `S` of the left side and `R` of the right side"
)]
pub trait ZipAssign<R, C, A> {}
impl<T, C, A> ZipAssign<Nil, C, A> for T {}
impl<H, T, C: AssignRankCheck, A> ZipAssign<Cons<H, T>, C, A> for Nil {}
impl<X, Xs, Y, Ys, C, A: Next> ZipAssign<Cons<Y, Ys>, C, A> for Cons<X, Xs>
where
    X: AssignDim<Y, C, A>,
    Xs: ZipAssign<Ys, C, A::Out>,
{
}

/// Whether dimension `Y` of the right side fits dimension `Self` of the left.
pub trait AssignDim<Y, C, A> {}
impl<X, C, A> AssignDim<D1, C, A> for X {}
impl<const M: usize, C: AssignCheck<1, M, K>, const K: usize> AssignDim<D<M>, C, Ax<K>> for D1 {}
impl<const M: usize, C: AssignCheck<1, M, K>, const K: usize> AssignDim<Big<M>, C, Ax<K>> for D1 {}
impl<const N: usize, const M: usize, C: AssignCheck<N, M, K>, const K: usize>
    AssignDim<D<M>, C, Ax<K>> for D<N>
{
}
impl<const N: usize, const M: usize, C: AssignCheck<N, M, K>, const K: usize>
    AssignDim<Big<M>, C, Ax<K>> for D<N>
{
}
impl<const N: usize, const M: usize, C: AssignCheck<N, M, K>, const K: usize>
    AssignDim<D<M>, C, Ax<K>> for Big<N>
{
}
impl<const N: usize, const M: usize, C: AssignCheck<N, M, K>, const K: usize>
    AssignDim<Big<M>, C, Ax<K>> for Big<N>
{
}

/// Writes the broadcast shape of `a` and `b` into `out` (whose length must be
/// `max(a.len(), b.len())`), or returns the PyTorch error.
///
/// This is the whole rule for runtime shapes; everything else calls it.
pub fn broadcast_into(a: &[usize], b: &[usize], out: &mut [usize]) -> Result<(), ShapeError> {
    let rank = out.len();
    debug_assert_eq!(rank, a.len().max(b.len()));
    // Walk from the right, so that the rightmost mismatch is the one reported
    // (as PyTorch does); a missing dimension is an implicit 1.
    for i in 0..rank {
        let x = if i < a.len() { a[a.len() - 1 - i] } else { 1 };
        let y = if i < b.len() { b[b.len() - 1 - i] } else { 1 };
        out[rank - 1 - i] = match (x, y) {
            _ if x == y => x,
            (1, _) => y,
            (_, 1) => x,
            _ => return Err(ShapeError::broadcast(a, b, rank - 1 - i)),
        };
    }
    Ok(())
}

/// The broadcast shape of two runtime shapes, or the PyTorch error.
pub fn broadcast_pair(a: &[usize], b: &[usize]) -> Result<alloc::vec::Vec<usize>, ShapeError> {
    let mut out = alloc::vec![0; a.len().max(b.len())];
    broadcast_into(a, b, &mut out)?;
    Ok(out)
}

/// Whether `source` broadcasts to `target` without changing it (the
/// in-place rule): [`check_broadcast_to`] without building an error, for
/// callers that only choose a path.
#[inline]
pub(crate) fn broadcasts_to(target: &[usize], source: &[usize]) -> bool {
    source.len() <= target.len()
        && source
            .iter()
            .rev()
            .zip(target.iter().rev())
            .all(|(&s, &t)| s == 1 || s == t)
}

/// Checks that `source` broadcasts to `target` without changing it (the
/// in-place rule), or returns the PyTorch error.
pub fn check_broadcast_to(target: &[usize], source: &[usize]) -> Result<(), ShapeError> {
    if source.len() > target.len() {
        return Err(ShapeError::InPlaceRank {
            target: target.to_vec(),
            tensor: source.to_vec(),
            broadcast: broadcast_pair(target, source).ok(),
        });
    }
    let pad = target.len() - source.len();
    for i in (0..source.len()).rev() {
        if source[i] != 1 && source[i] != target[pad + i] {
            return Err(ShapeError::expand(target, source, pad + i));
        }
    }
    Ok(())
}

/// The broadcast shape of any number of runtime shapes (`[]` for none).
///
/// ```
/// use shaped::broadcast_shapes;
/// assert_eq!(broadcast_shapes(&[&[8, 1, 6, 1], &[7, 1, 5], &[1]]).unwrap(), vec![8, 7, 6, 5]);
/// let err = broadcast_shapes(&[&[5, 2, 4, 1], &[3, 1, 1]]).unwrap_err();
/// assert!(err.to_string().starts_with(
///     "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1"));
/// ```
pub fn broadcast_shapes(shapes: &[&[usize]]) -> Result<alloc::vec::Vec<usize>, ShapeError> {
    let mut out = alloc::vec::Vec::new();
    for s in shapes {
        if s.len() > crate::error::MAX_RANK {
            return Err(ShapeError::new(ShapeErrorKind::RankTooLarge, s, &[], None));
        }
        out = broadcast_pair(&out, s)?;
    }
    Ok(out)
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use std::fmt::Write;
    use std::format;
    use std::string::String;
    use std::vec::Vec;

    /// Ranks up to this get one impl per pair in the table (as far as
    /// compile errors print shapes in full); longer shapes take the walk.
    const TABLE_RANK: usize = 8;

    /// `Cons<P0, Cons<P1, .. tail>>`.
    fn list(ps: &[String], tail: &str) -> String {
        ps.iter()
            .rev()
            .fold(tail.into(), |t, p| format!("Cons<{p}, {t}>"))
    }
    fn params(prefix: &str, n: usize) -> Vec<String> {
        (0..n).map(|i| format!("{prefix}{i}")).collect()
    }
    fn strings(xs: &[&str]) -> Vec<String> {
        xs.iter().map(|x| String::from(*x)).collect()
    }

    /// `impl<X, generics> {tr}<S, R> for X where bounds { body }`: every
    /// table impl has a generic `Self` (see `StaticZip`).
    fn emit(out: &mut String, tr: &str, generics: &[String], bounds: &[String], body: &str) {
        let generics = generics.join(", ");
        writeln!(out, "impl<X, {generics}> {tr} for X\nwhere").unwrap();
        for b in bounds {
            writeln!(out, "    {b},").unwrap();
        }
        writeln!(out, "{{\n{body}}}").unwrap();
    }

    /// The walk's bounds: both layouts, and `zip` (with its parameters after
    /// the axis, `rest`) over their reversals.
    fn walk(s: &str, r: &str, zip: &str, rest: &str) -> Vec<String> {
        let reversed = |l: &str| format!("<{l} as Layout>::Reversed");
        std::vec![
            format!("{s}: Layout"),
            format!("{r}: Layout"),
            format!(
                "{}: {zip}<{}, Ctx<{s}, {r}>, Ax<1>{rest}>",
                reversed(s),
                reversed(r)
            ),
        ]
    }

    /// The committed table, regenerated (`SHAPED_BLESS=1 cargo test --lib broadcast_table`).
    #[test]
    fn broadcast_table_is_up_to_date() {
        let mut want = String::from(
            "// @generated by `broadcast_table_is_up_to_date` in src/shape/broadcast.rs: do not edit.\n\
             // Regenerate with `SHAPED_BLESS=1 cargo test --lib broadcast_table`.\n\
             //\n\
             // Two static shapes of ranks 1 to 8: each pair of dimensions, aligned\n\
             // from the right, is broadcast where it stands (`Ax<k>` is axis -k), and\n\
             // the result is written out. Longer shapes take the walk (`ZipBroadcast`).\n\
             // In place (`AssignZip`), the same pairs are checked; every other pair of\n\
             // layouts (rank 0, a `Dyn`, longer shapes) takes the walk (`ZipAssign`).\n\n\
             use super::broadcast::{AssignDim, AssignZip, BroadcastDim, DimOut, StaticZip, ZipAssign, ZipBroadcast, ZipOut};\n\
             use super::diagnostic::{AssignRankCheck, Ax, Ctx};\n\
             use super::mixed::Mixed;\n\
             use super::{Cons, Layout, Nil};\n\n",
        );
        let output = |out: &str| format!("    type Output = {out};\n");
        // `StaticZip`, two shapes in the table: each pair of dimensions, and
        // the result written out.
        for i in 1..=TABLE_RANK {
            for j in 1..=TABLE_RANK {
                let (a, b) = (params("A", i), params("B", j));
                let (s, r) = (list(&a, "Nil"), list(&b, "Nil"));
                let paired = i.min(j);
                let mut bounds = Vec::new();
                let mut dims = Vec::new();
                // The checks innermost first: rustc reports mismatches in
                // the order of the bounds, and the rightmost mismatch is to
                // come first, as PyTorch reports it. The result's dimensions
                // are `DimOut`'s, which check nothing (see `StaticZip`).
                for k in 1..=paired {
                    let (x, y) = (&a[i - k], &b[j - k]);
                    bounds.push(format!("{x}: BroadcastDim<{y}, Ctx<{s}, {r}>, Ax<{k}>>"));
                    bounds.push(format!("{x}: DimOut<{y}>"));
                    dims.insert(0, format!("<{x} as DimOut<{y}>>::Out"));
                }
                let longer = if i > j {
                    &a[..i - paired]
                } else {
                    &b[..j - paired]
                };
                let result = list(&[longer.to_vec(), dims].concat(), "Nil");
                bounds.push(format!("{result}: Layout"));
                let tr = format!("StaticZip<{s}, {r}>");
                emit(&mut want, &tr, &[a, b].concat(), &bounds, &output(&result));
            }
        }
        // A shape longer than the table on either side: the walk.
        let long = params("L", TABLE_RANK + 1);
        let long_list = list(&long, "T");
        let long_generics = [long, strings(&["T"])].concat();
        let mut pairs = std::vec![(
            long_list.clone(),
            String::from("R"),
            [long_generics.clone(), strings(&["R"])].concat()
        )];
        for i in 1..=TABLE_RANK {
            let a = params("A", i);
            pairs.push((
                list(&a, "Nil"),
                long_list.clone(),
                [a, long_generics.clone()].concat(),
            ));
        }
        for (s, r, generics) in &pairs {
            let mut bounds = walk(s, r, "ZipBroadcast", ", Nil");
            bounds.push(format!("ZipOut<{s}, {r}>: Layout"));
            let tr = format!("StaticZip<{s}, {r}>");
            emit(
                &mut want,
                &tr,
                generics,
                &bounds,
                &output(&format!("ZipOut<{s}, {r}>")),
            );
        }
        // `AssignZip`, the right side `R` checked against the left side `S`
        // in place: two shapes in the table, each pair of dimensions
        // innermost first, then the rank, as the walk checks them.
        for i in 1..=TABLE_RANK {
            for j in 1..=TABLE_RANK {
                let (a, b) = (params("A", i), params("B", j));
                let (s, r) = (list(&a, "Nil"), list(&b, "Nil"));
                let mut bounds: Vec<String> = (1..=i.min(j))
                    .map(|k| {
                        format!(
                            "{}: AssignDim<{}, Ctx<{s}, {r}>, Ax<{k}>>",
                            a[i - k],
                            b[j - k]
                        )
                    })
                    .collect();
                if j > i {
                    bounds.push(format!("Ctx<{s}, {r}>: AssignRankCheck"));
                }
                emit(
                    &mut want,
                    &format!("AssignZip<{s}, {r}>"),
                    &[a, b].concat(),
                    &bounds,
                    "",
                );
            }
        }
        // Every other pair of kinds of layout: the walk.
        let others = [
            (String::from("Nil"), Vec::new()),
            (String::from("Mixed<M>"), strings(&["M"])),
            (long_list, long_generics),
        ];
        let mut pairs = Vec::new();
        for (s, g) in &others {
            pairs.push((
                s.clone(),
                String::from("R"),
                [g.clone(), strings(&["R"])].concat(),
            ));
        }
        for i in 1..=TABLE_RANK {
            let a = params("A", i);
            for (r, g) in &others {
                pairs.push((list(&a, "Nil"), r.clone(), [a.clone(), g.clone()].concat()));
            }
        }
        for (s, r, generics) in &pairs {
            let bounds = walk(s, r, "ZipAssign", "");
            emit(
                &mut want,
                &format!("AssignZip<{s}, {r}>"),
                generics,
                &bounds,
                "",
            );
        }
        crate::shape::check_generated("src/shape/broadcast_table.rs", &want, "broadcast_table");
    }
}
