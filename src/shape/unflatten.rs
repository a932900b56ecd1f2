//! The layout of `unflatten` on static and mixed layouts: the dimension
//! at axis `A` replaced by the static sizes `Sz` (a `shape![..]`), whose
//! product must be its size. Where that size is static the product is
//! checked by the compiler (as [`reshape`](crate::shape::reshape) checks
//! element counts, with the same limit: a `Big` size is counted as
//! unknown and checked when the program runs); where it is `Dyn`, the
//! check is at run time (`try_unflatten`). The split axis's name, if any,
//! is dropped; the new dimensions have none.
//!
//! | operation | bound | result layout |
//! |---|---|---|
//! | `unflatten::<Sz, _>(a)` | `S: Unflatten<A, Sz>` | `Unflattened<S, A, Sz>` |
//!
//! ```
//! use shaped::shape::unflatten::Unflattened;
//! use shaped::{shape, Axis, Dyn, Tensor};
//! let t = Tensor::<i32, shape![4, 6]>::arange();
//! let u: Tensor<i32, Unflattened<shape![4, 6], Axis<1>, shape![2, 3]>> =
//!     t.unflatten::<shape![2, 3], _>(Axis::<1>);
//! let same: Tensor<i32, shape![4, 2, 3]> = u;
//! assert_eq!(same[[1, 1, 0]], 9);
//! let m = Tensor::<i32, shape![Dyn]>::zeros_sized(&[6]);
//! let r: Tensor<i32, shape![2, 3]> = m.try_unflatten::<shape![2, 3], _>(Axis::<0>).unwrap();
//! assert_eq!(r.numel(), 6);
//! ```

use typenum::B1;

use crate::shape::axes::{AxisOf, Nat};
use crate::shape::diagnostic::Mismatch;
use crate::shape::dim::{Big, D, D1, Dyn};
use crate::shape::list::{Cons, Layout, Nil, Shape};
use crate::shape::mixed::ToLayout;
use crate::shape::names::Named;
use crate::shape::past_end::{DimAt, Spliced};
use crate::shape::reshape::{CountEq, ElementCount};

/// The dimension `Self` splits into the sizes `Sz`: `E` (from
/// [`CountEq`]) is `B1` when their product is its size or either is not
/// static; `B0` asks for [`UnflattenProduct`], whose message names both.
pub trait UnflattenCheck<E, Sz> {}
impl<X, Sz> UnflattenCheck<B1, Sz> for X {}
impl<const N: usize, Sz, E: Mismatch> UnflattenCheck<E, Sz> for D<N> where
    (): UnflattenProduct<N, Sz>
{
}
impl<Sz, E: Mismatch> UnflattenCheck<E, Sz> for D1 where (): UnflattenProduct<1, Sz> {}
// Never `B0`: a `Big` or `Dyn` count is unknown, which equals every count.
impl<const N: usize, Sz, E: Mismatch> UnflattenCheck<E, Sz> for Big<N> {}
impl<Sz, E: Mismatch> UnflattenCheck<E, Sz> for Dyn {}
impl<Nm, X: UnflattenCheck<E, Sz>, Sz, E: Mismatch> UnflattenCheck<E, Sz> for Named<Nm, X> {}

/// Never implemented: a dimension of size `N` split into the sizes `Sz`,
/// whose product is not `N`.
#[diagnostic::on_unimplemented(
    message = "cannot unflatten a dimension of size {N} into the sizes `{Sz}`: their product is not {N}",
    label = "the new sizes must multiply to the size of the axis",
    note = "for a `Dyn` axis the product is checked when the program runs (`try_unflatten`)"
)]
pub trait UnflattenProduct<const N: usize, Sz> {}

/// A layout whose axis `A` splits into the static sizes `Sz`.
#[diagnostic::on_unimplemented(
    message = "cannot unflatten the axis `{A}` of a tensor of layout `{Self}` into `{Sz}`",
    label = "the axis must be an axis of the tensor, the sizes a static shape",
    note = "generic code names this bound: `S: Unflatten<A, Sz>`, with the result layout `Unflattened<S, A, Sz>`"
)]
pub trait Unflatten<A, Sz>: Layout {
    /// The result layout.
    type Out: Layout;
    /// The position of the split axis.
    const AXIS: usize;
}
// No `do_not_recommend`: for a concrete layout rustc follows the rule down
// to the check that fails (the axis, or the product), with its message.
per_layout_kind!(impl[A, Sz] Unflatten<A, Sz> as UnflattenRule<A, Sz> { type Out; const AXIS: usize; });

/// [`Unflatten`] for every layout.
pub trait UnflattenRule<A, Sz> {
    /// See [`Unflatten::Out`].
    type Out: Layout;
    /// See [`Unflatten::AXIS`].
    const AXIS: usize;
}
/// The dimension at position `P` of `L`.
type At<L, P> = <L as DimAt<P>>::Out;
/// Whether the dimension at `P` of `L` holds as many elements as `Sz`.
type SameCount<L, P, Sz> =
    <<Cons<At<L, P>, Nil> as ElementCount>::Count as CountEq<<Sz as ElementCount>::Count>>::Out;
impl<S: Layout, A: AxisOf<S::List>, Sz: Shape + ElementCount> UnflattenRule<A, Sz> for S
where
    S::List: DimAt<A::P> + Spliced<A::P, Sz>,
    Cons<At<S::List, A::P>, Nil>: ElementCount,
    <Cons<At<S::List, A::P>, Nil> as ElementCount>::Count: CountEq<Sz::Count>,
    At<S::List, A::P>: UnflattenCheck<SameCount<S::List, A::P, Sz>, Sz>,
    <S::List as Spliced<A::P, Sz>>::Out: ToLayout,
{
    type Out = <<S::List as Spliced<A::P, Sz>>::Out as ToLayout>::Out;
    const AXIS: usize = <A::P as Nat>::N;
}

/// `S` with its axis `A` split into the sizes `Sz`.
pub type Unflattened<S, A, Sz> = <S as Unflatten<A, Sz>>::Out;
