//! The compile errors of the by-name rule: each check that can fail ends in
//! a trait without impls for the failing case, whose message names the
//! dimension and both shapes' names.

use super::*;

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
