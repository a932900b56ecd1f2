//! The layout of `cat` of parts of different layouts: the sizes along the
//! joined axis add, computed by the compiler; the other axes must agree.
//!
//! `D<N> + D<M>` is computed with typenum (`Const<N>: ToUInt`) and turned
//! back into a dimension type by a table of one impl per size up to 1024
//! (`dim_sum_table.rs`, generated): a sum above 1024 does not compile
//! (join such parts with a `Dyn` part or the array form of `cat`). A `Dyn`
//! or `Big` part gives a `Dyn` sum, checked when the program runs. A named
//! dimension keeps its name; both parts must carry the same one.

use core::ops::Add;

use typenum::{Const, Sum, ToUInt, U, U1};

use crate::shape::axes::{AxisOf, GetAt, SetAt};
use crate::shape::dim::{Big, D, D1, Dyn};
use crate::shape::list::Layout;
use crate::shape::mixed::ToLayout;
use crate::shape::names::Named;

/// A typenum number as the dimension type of that size (`D1`, `D<N>`), for
/// sizes up to 1024.
pub trait ToDim {
    /// The dimension.
    type Out;
}

/// The dimension of the sum of two sizes along a joined axis.
#[diagnostic::on_unimplemented(
    message = "cannot join the sizes `{Self}` and `{B}` along the cat axis",
    label = "static sizes add up to at most 1024; a `Dyn` part gives a `Dyn` sum",
    note = "two named dimensions must carry the same name"
)]
pub trait AddDim<B> {
    /// The summed dimension.
    type Out;
}
impl<B> AddDim<B> for Dyn {
    type Out = Dyn;
}
impl<const N: usize, B> AddDim<B> for Big<N> {
    type Out = Dyn;
}
impl AddDim<Dyn> for D1 {
    type Out = Dyn;
}
impl<const M: usize> AddDim<Big<M>> for D1 {
    type Out = Dyn;
}
impl<const N: usize> AddDim<Dyn> for D<N> {
    type Out = Dyn;
}
impl<const N: usize, const M: usize> AddDim<Big<M>> for D<N> {
    type Out = Dyn;
}
impl AddDim<D1> for D1 {
    type Out = D<2>;
}
impl<const M: usize> AddDim<D<M>> for D1
where
    Const<M>: ToUInt,
    U1: Add<U<M>>,
    Sum<U1, U<M>>: ToDim,
{
    type Out = <Sum<U1, U<M>> as ToDim>::Out;
}
impl<const N: usize> AddDim<D1> for D<N>
where
    Const<N>: ToUInt,
    U<N>: Add<U1>,
    Sum<U<N>, U1>: ToDim,
{
    type Out = <Sum<U<N>, U1> as ToDim>::Out;
}
impl<const N: usize, const M: usize> AddDim<D<M>> for D<N>
where
    Const<N>: ToUInt,
    Const<M>: ToUInt,
    U<N>: Add<U<M>>,
    Sum<U<N>, U<M>>: ToDim,
{
    type Out = <Sum<U<N>, U<M>> as ToDim>::Out;
}
impl<Nm, X: AddDim<Y>, Y> AddDim<Named<Nm, Y>> for Named<Nm, X> {
    type Out = Named<Nm, X::Out>;
}

/// Two lists of dimensions joined at position `P`: the sizes there add,
/// and `R` must equal `Self` elsewhere.
pub trait JoinAt<R, P> {
    /// The joined list.
    type Out;
}
/// The summed dimension of `L` and `R` at `P`.
type SumAt<L, R, P> = <<L as GetAt<P>>::Out as AddDim<<R as GetAt<P>>::Out>>::Out;
impl<L, R, P> JoinAt<R, P> for L
where
    L: GetAt<P> + SetAt<P, SumAt<L, R, P>>,
    R: GetAt<P> + SetAt<P, SumAt<L, R, P>, Out = <L as SetAt<P, SumAt<L, R, P>>>::Out>,
    <L as GetAt<P>>::Out: AddDim<<R as GetAt<P>>::Out>,
{
    type Out = <L as SetAt<P, SumAt<L, R, P>>>::Out;
}

/// Two layouts joined along axis `A`: [`Out`](CatPair::Out) is `Self` with
/// the sizes at `A` added; `R` must equal `Self` elsewhere.
#[diagnostic::on_unimplemented(
    message = "cannot join a tensor of layout `{R}` to one of layout `{Self}` along `{A}`",
    label = "the parts must agree on every axis but the joined one",
    note = "generic code names this bound: `(S1, S2, ..): CatLayouts<A>`, with the result layout `Catted<(S1, S2, ..), A>`"
)]
pub trait CatPair<R, A>: Layout {
    /// The joined layout.
    type Out: Layout;
    /// The position of the axis.
    const AXIS: usize;
}
#[diagnostic::do_not_recommend]
impl<S: Layout, R: Layout, A> CatPair<R, A> for S
where
    A: AxisOf<S::List>,
    S::List: JoinAt<R::List, <A as AxisOf<S::List>>::P>,
    <S::List as JoinAt<R::List, <A as AxisOf<S::List>>::P>>::Out: ToLayout,
{
    type Out = <<S::List as JoinAt<R::List, <A as AxisOf<S::List>>::P>>::Out as ToLayout>::Out;
    const AXIS: usize = <<A as AxisOf<S::List>>::P as crate::shape::axes::Nat>::N;
}

/// A tuple of 2 to 8 layouts joined along axis `A` (`Axis<K>`,
/// `AxisFromEnd<K>` or a dimension name): the bound of `cat` of a tuple
/// for generic code, with the result layout [`Catted<P, A>`](Catted).
#[diagnostic::on_unimplemented(
    message = "cannot join parts of layouts `{Self}` along `{A}`",
    label = "the parts must agree on every axis but the joined one",
    note = "generic code names this bound: `(S1, S2, ..): CatLayouts<A>`, with the result layout `Catted<(S1, S2, ..), A>`"
)]
pub trait CatLayouts<A> {
    /// The joined layout.
    type Out: Layout;
    /// The position of the axis.
    const AXIS: usize;
}
/// The layout of the parts `P` (a tuple of layouts) joined along `A`.
pub type Catted<P, A> = <P as CatLayouts<A>>::Out;

impl<A, S1: CatPair<S2, A>, S2: Layout> CatLayouts<A> for (S1, S2) {
    type Out = S1::Out;
    const AXIS: usize = S1::AXIS;
}
macro_rules! cat_layouts {
    ($first:ident $second:ident $($rest:ident)+) => {
        impl<A, $first: CatPair<$second, A>, $second: Layout, $($rest: Layout),+> CatLayouts<A>
            for ($first, $second, $($rest),+)
        where
            (<$first as CatPair<$second, A>>::Out, $($rest),+): CatLayouts<A>,
        {
            type Out = <(<$first as CatPair<$second, A>>::Out, $($rest),+) as CatLayouts<A>>::Out;
            const AXIS: usize = $first::AXIS;
        }
    };
}
cat_layouts!(S1 S2 S3);
cat_layouts!(S1 S2 S3 S4);
cat_layouts!(S1 S2 S3 S4 S5);
cat_layouts!(S1 S2 S3 S4 S5 S6);
cat_layouts!(S1 S2 S3 S4 S5 S6 S7);
cat_layouts!(S1 S2 S3 S4 S5 S6 S7 S8);

#[rustfmt::skip] // generated: see the test below
mod dim_sum_table;

#[cfg(all(test, feature = "std"))]
mod tests {
    use std::fmt::Write;
    use std::string::String;

    /// The committed table, regenerated (`SHAPED_BLESS=1 cargo test --lib dim_sum_table`).
    #[test]
    fn dim_sum_table_is_up_to_date() {
        let mut want = String::from(
            "// @generated by `dim_sum_table_is_up_to_date` in src/shape/concat.rs: do not edit.\n\
             // Regenerate with `SHAPED_BLESS=1 cargo test --lib dim_sum_table`.\n\n\
             use super::ToDim;\n\
             use crate::shape::dim::{D, D1};\n\n",
        );
        for n in 0..=1024usize {
            let dim = if n == 1 {
                "D1".into()
            } else {
                std::format!("D<{n}>")
            };
            writeln!(want, "impl ToDim for typenum::U{n} {{ type Out = {dim}; }}").unwrap();
        }
        crate::shape::check_generated("src/shape/concat/dim_sum_table.rs", &want, "dim_sum_table");
    }
}
