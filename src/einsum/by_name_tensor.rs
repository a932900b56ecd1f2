//! Contraction by name of static tensors: the result's layout computed by
//! the compiler ([`ContractWith`]), a shared name with two static sizes a
//! compile error naming the dimension.
//!
//! ```compile_fail
//! use shaped::{dim_names, shape, Tensor};
//! dim_names!(I, J, K);
//! let a = Tensor::<f32, shape![I: 2, J: 3]>::zeros();
//! let b = Tensor::<f32, shape![J: 4, K: 5]>::zeros();
//! let c = a.contract(&b); // error: cannot contract dimension `J`: 3 in a vs 4 in b
//! ```

use super::by_name::plan;
use super::engine::contract;
use crate::element::Element;
use crate::shape::broadcast::{BroadcastDim, ReverseOnto};
use crate::shape::diagnostic::Ax;
use crate::shape::dim::{Big, D, D1, Dyn};
use crate::shape::mixed::ToLayout;
use crate::shape::names::{AnonSize, Find, Found, Missing, Named, Ones, Plain, Unnamed, XIsA};
use crate::shape::{Cons, Dims, Layout, Nil};
use crate::tensor::Tensor;
use crate::view::typed_operand::row_major;
use crate::view::{TensorView, TypedOperand};
use alloc::borrow::Cow;
use alloc::vec::Vec;

/// `Self` and `R` contract by name (see
/// [`DynTensor::try_contract`](crate::DynTensor::try_contract)), as far as
/// the compiler can tell; [`Output`](ContractWith::Output) is the result's
/// layout. Shared names must have equal static sizes (`Dyn` sizes are
/// checked when it runs); the unnamed dimensions broadcast, those of the
/// operand with more of them leading the result.
pub trait ContractWith<R: Layout>: Layout {
    /// The layout of the contraction.
    type Output: Layout;
}

/// The layout of `S` contracted with `R` by name.
pub type Contract<S, R> = <S as ContractWith<R>>::Output;

type Rev<L> = <L as ReverseOnto<Nil>>::Out;
type Aligned<A, B> =
    <Rev<<B as Unnamed>::Out> as AlignUnnamed<Rev<<A as Unnamed>::Out>, Nil>>::Aligned;
type Extra<A, B> = <Rev<<B as Unnamed>::Out> as AlignUnnamed<Rev<<A as Unnamed>::Out>, Nil>>::Extra;
type Kept<A, B> = <<A as KeepA<B>>::Out as Bcast<Aligned<A, B>>>::Out;
type Joined<A, B> = <Kept<A, B> as Concat<<B as KeepB<A>>::Out>>::Out;
type Whole<A, B> = <Extra<A, B> as Concat<Joined<A, B>>>::Out;

crate::shape::per_layout_kind!(impl[R: Layout] ContractWith<R> as ContractRule<R> { type Output; });

/// The rule behind [`ContractWith`], one blanket impl over the layouts'
/// lists; the public bound is implemented per kind of layout from it, so
/// generic code missing `S: ContractWith<R>` is told exactly that.
#[doc(hidden)]
pub trait ContractRule<R: Layout>: Layout {
    type Output: Layout;
}

impl<S: Layout, R: Layout> ContractRule<R> for S
where
    S::List: KeepA<R::List> + Unnamed,
    R::List: KeepB<S::List> + Unnamed,
    <S::List as Unnamed>::Out: ReverseOnto<Nil>,
    <R::List as Unnamed>::Out: ReverseOnto<Nil>,
    Rev<<R::List as Unnamed>::Out>: AlignUnnamed<Rev<<S::List as Unnamed>::Out>, Nil>,
    <S::List as KeepA<R::List>>::Out: Bcast<Aligned<S::List, R::List>>,
    Kept<S::List, R::List>: Concat<<R::List as KeepB<S::List>>::Out>,
    Extra<S::List, R::List>: Concat<Joined<S::List, R::List>>,
    Whole<S::List, R::List>: ToLayout,
{
    type Output = <Whole<S::List, R::List> as ToLayout>::Out;
}

/// `b`'s unnamed dimensions (`Self`, reversed) right-aligned with `a`'s
/// (`Ar`, reversed), consed onto `Acc`: `Aligned` has one dimension of `b`
/// (or a padding 1) per unnamed dimension of `a`, outermost first; `Extra`
/// is what `b` has beyond `a`'s count, outermost first (it leads the
/// result).
#[doc(hidden)]
pub trait AlignUnnamed<Ar, Acc> {
    type Aligned;
    type Extra;
}
impl<Acc> AlignUnnamed<Nil, Acc> for Nil {
    type Aligned = Acc;
    type Extra = Nil;
}
impl<X, Xs, Acc> AlignUnnamed<Cons<X, Xs>, Acc> for Nil
where
    Cons<X, Xs>: Ones<Acc>,
{
    type Aligned = <Cons<X, Xs> as Ones<Acc>>::Out;
    type Extra = Nil;
}
impl<Y, Ys: AlignUnnamed<Xs, Cons<Y, Acc>>, X, Xs, Acc> AlignUnnamed<Cons<X, Xs>, Acc>
    for Cons<Y, Ys>
{
    type Aligned = Ys::Aligned;
    type Extra = Ys::Extra;
}
impl<Y, Ys, Acc> AlignUnnamed<Nil, Acc> for Cons<Y, Ys>
where
    Cons<Y, Ys>: ReverseOnto<Nil>,
{
    type Aligned = Acc;
    type Extra = <Cons<Y, Ys> as ReverseOnto<Nil>>::Out;
}

/// `a`'s (`Self`'s) dimensions without the names `b` also has; the sizes
/// of those shared names checked equal.
#[doc(hidden)]
pub trait KeepA<B> {
    type Out;
}
impl<B> KeepA<B> for Nil {
    type Out = Nil;
}
impl<H: Plain, T: KeepA<B>, B> KeepA<B> for Cons<H, T> {
    type Out = Cons<H, T::Out>;
}
impl<Nm, X, T: KeepA<B>, B: Find<Nm>> KeepA<B> for Cons<Named<Nm, X>, T>
where
    B::Out: SharedStep<Nm, X, T::Out>,
{
    type Out = <B::Out as SharedStep<Nm, X, T::Out>>::Out;
}

/// One named dimension of `a`: kept when `b` lacks the name, else checked
/// against `b`'s and dropped.
#[doc(hidden)]
pub trait SharedStep<Nm, X, Rest> {
    type Out;
}
impl<Nm, X, Rest> SharedStep<Nm, X, Rest> for Missing {
    type Out = Cons<Named<Nm, X>, Rest>;
}
impl<Nm, X: SharedSize<Y, Nm>, Y, Rest> SharedStep<Nm, X, Rest> for Found<Y> {
    type Out = Rest;
}

/// The sizes of a shared name are equal (`Dyn`: checked at run time).
#[doc(hidden)]
pub trait SharedSize<Y, Nm> {}
impl<Nm: SharedSizes<1, 1>> SharedSize<D1, Nm> for D1 {}
impl<const M: usize, Nm: SharedSizes<1, M>> SharedSize<D<M>, Nm> for D1 {}
impl<const M: usize, Nm: SharedSizes<1, M>> SharedSize<Big<M>, Nm> for D1 {}
impl<const N: usize, Nm: SharedSizes<N, 1>> SharedSize<D1, Nm> for D<N> {}
impl<const N: usize, const M: usize, Nm: SharedSizes<N, M>> SharedSize<D<M>, Nm> for D<N> {}
impl<const N: usize, const M: usize, Nm: SharedSizes<N, M>> SharedSize<Big<M>, Nm> for D<N> {}
impl<const N: usize, Nm: SharedSizes<N, 1>> SharedSize<D1, Nm> for Big<N> {}
impl<const N: usize, const M: usize, Nm: SharedSizes<N, M>> SharedSize<D<M>, Nm> for Big<N> {}
impl<const N: usize, const M: usize, Nm: SharedSizes<N, M>> SharedSize<Big<M>, Nm> for Big<N> {}
impl<Y, Nm> SharedSize<Y, Nm> for Dyn {}
impl<Nm> SharedSize<Dyn, Nm> for D1 {}
impl<const N: usize, Nm> SharedSize<Dyn, Nm> for D<N> {}
impl<const N: usize, Nm> SharedSize<Dyn, Nm> for Big<N> {}

/// Holds when the two sizes `A` and `B` of the shared name `Self` are equal.
#[diagnostic::on_unimplemented(
    message = "cannot contract dimension `{Self}`: {A} in a vs {B} in b",
    label = "a shared name is summed over, so its sizes must be equal",
    note = "contract sums over the names both tensors have; a size 1 does not broadcast there"
)]
#[doc(hidden)]
pub trait SharedSizes<const A: usize, const B: usize> {}
impl<Nm, const N: usize> SharedSizes<N, N> for Nm {}

/// `b`'s (`Self`'s) named dimensions that `a` lacks.
#[doc(hidden)]
pub trait KeepB<A> {
    type Out;
}
impl<A> KeepB<A> for Nil {
    type Out = Nil;
}
impl<H: Plain, T: KeepB<A>, A> KeepB<A> for Cons<H, T> {
    type Out = T::Out;
}
impl<Nm, Y, T: KeepB<A>, A: Find<Nm>> KeepB<A> for Cons<Named<Nm, Y>, T>
where
    A::Out: OnlyB<Named<Nm, Y>, T::Out>,
{
    type Out = <A::Out as OnlyB<Named<Nm, Y>, T::Out>>::Out;
}

/// One named dimension of `b`: kept when `a` lacks the name.
#[doc(hidden)]
pub trait OnlyB<H, Rest> {
    type Out;
}
impl<H, Rest> OnlyB<H, Rest> for Missing {
    type Out = Cons<H, Rest>;
}
impl<X, H, Rest> OnlyB<H, Rest> for Found<X> {
    type Out = Rest;
}

/// The unnamed dimensions of a list broadcast, in order, with `U` (`b`'s
/// unnamed dimensions right-aligned to them).
#[doc(hidden)]
pub trait Bcast<U> {
    type Out;
}
impl Bcast<Nil> for Nil {
    type Out = Nil;
}
impl<Nm, X, T: Bcast<U>, U> Bcast<U> for Cons<Named<Nm, X>, T> {
    type Out = Cons<Named<Nm, X>, T::Out>;
}
impl<H: Plain + BroadcastDim<Y, AnonSize<XIsA>, Ax<0>>, T: Bcast<Ys>, Y, Ys> Bcast<Cons<Y, Ys>>
    for Cons<H, T>
{
    type Out = Cons<H::Out, T::Out>;
}

/// Two lists one after the other (the shape layer's list function).
#[doc(hidden)]
pub use crate::shape::list::Chain as Concat;

impl<T: Element, S: Layout> Tensor<T, S> {
    /// Contracts `self` with `other` over the dimensions they share by name
    /// (the rule of [`DynTensor::try_contract`](crate::DynTensor::try_contract)),
    /// the result's layout [`Contract<S, R>`](Contract) computed by the
    /// compiler. A shared name with two static sizes does not compile;
    /// `Dyn` sizes are checked here (a mismatch panics with the runtime
    /// error's message).
    ///
    /// ```
    /// use shaped::{dim_names, shape, Tensor};
    /// dim_names!(CHANNEL, H, W);
    /// // Seed 004's img (?, CHANNEL, H, W) and lbl (?, H, W), scaled down.
    /// let img = Tensor::<i64, shape![2, CHANNEL: 3, H: 4, W: 5]>::arange();
    /// let lbl = Tensor::<i64, shape![2, H: 4, W: 5]>::ones();
    /// let per_channel: Tensor<i64, shape![2, CHANNEL: 3]> = img.contract(&lbl);
    /// assert_eq!(per_channel[[0, 0]], (0..20).sum::<i64>());
    /// assert_eq!(per_channel.names(), [None, Some("CHANNEL")]);
    /// ```
    ///
    /// `other` may be a typed view ([`TypedOperand`]), and a
    /// [`TensorView`] has the same method: a transposed or sliced operand
    /// is not copied into a tensor first (a strided one is read through
    /// one copy of its elements).
    #[track_caller]
    pub fn contract<O: TypedOperand<T>>(&self, other: &O) -> Tensor<T, Contract<S, O::Layout>>
    where
        S: ContractWith<O::Layout>,
    {
        contract_typed::<T, S, O::Layout>(row_major(self), row_major(other))
    }
}

impl<T: Element, S: Layout> TensorView<'_, T, S> {
    /// [`Tensor::contract`] of the view with a tensor or a typed view, the
    /// result's layout computed by the compiler.
    ///
    /// ```
    /// use shaped::{dim_names, shape, Tensor};
    /// dim_names!(I, J, K);
    /// let a = Tensor::<i32, shape![J: 3, I: 2]>::arange();
    /// let b = Tensor::<i32, shape![J: 3, K: 2]>::ones();
    /// let c: Tensor<i32, shape![I: 2, K: 2]> = a.t().contract(&b.view());
    /// assert_eq!(c, a.t().to_owned().contract(&b));
    /// ```
    #[track_caller]
    pub fn contract<O: TypedOperand<T>>(&self, other: &O) -> Tensor<T, Contract<S, O::Layout>>
    where
        S: ContractWith<O::Layout>,
    {
        contract_typed::<T, S, O::Layout>(row_major(self), row_major(other))
    }
}

/// `a` contracted with `b` by name into the layout the compiler worked out
/// (a `Dyn` size that disagrees panics with the runtime error's message).
#[track_caller]
fn contract_typed<T: Element, S: ContractWith<R>, R: Layout>(
    (a, ad): (Cow<'_, [T]>, Dims),
    (b, bd): (Cow<'_, [T]>, Dims),
) -> Tensor<T, Contract<S, R>> {
    let result = plan(&ad, &S::NAMES, &bd, &R::NAMES).and_then(|(lab, _)| {
        let data = contract(&[(&a[..], &ad[..]), (&b[..], &bd[..])], &lab)?;
        let dims: Vec<usize> = lab.out.iter().map(|&l| lab.sizes[l]).collect();
        Ok((data, dims))
    });
    match result {
        Ok((data, dims)) => Tensor::from_checked(data, &dims),
        Err(e) => panic!("{e}"),
    }
}
