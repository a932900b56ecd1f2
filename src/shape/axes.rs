//! Axes at the type level: `Axis<K>` as a value the compiler can read, and
//! the list functions the static toolkit computes its result shapes with
//! (insert, get, set, squeeze and mark a position of a shape; permutations;
//! the shapes of reductions that keep or drop their axes).

use alloc::vec::Vec;
use core::marker::PhantomData;

use crate::shape::dim::{AnyDim, Big, D, D1, Dyn};
use crate::shape::list::{Cons, Nil};
use crate::shape::names::Named;

/// The axis `K` (counted from the left, from 0) as a value the compiler can
/// read: `Axis::<1>`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Axis<const K: usize>;

/// Type-level zero, for positions in a shape.
pub struct Z;
/// Type-level successor, for positions in a shape.
pub struct Succ<N>(PhantomData<N>);

/// The type-level position of an axis.
pub trait Position {
    /// The position as `Succ<..Succ<Z>..>`.
    type P;
    /// The axis number.
    const K: usize;
}
impl Position for Axis<0> {
    type P = Z;
    const K: usize = 0;
}
macro_rules! positions {
    ($($k:literal => $prev:literal),*) => {$(
        impl Position for Axis<$k> {
            type P = Succ<<Axis<$prev> as Position>::P>;
            const K: usize = $k;
        }
    )*};
}
positions!(1 => 0, 2 => 1, 3 => 2, 4 => 3, 5 => 4, 6 => 5, 7 => 6, 8 => 7, 9 => 8, 10 => 9, 11 => 10,
    12 => 11, 13 => 12, 14 => 13, 15 => 14, 16 => 15, 17 => 16, 18 => 17, 19 => 18, 20 => 19, 21 => 20,
    22 => 21, 23 => 22, 24 => 23, 25 => 24, 26 => 25, 27 => 26, 28 => 27, 29 => 28, 30 => 29, 31 => 30);

/// `Self` with dimension `X` inserted at position `P`.
#[diagnostic::on_unimplemented(
    message = "axis out of range: cannot insert a dimension at this position of `{Self}`"
)]
pub trait InsertAt<P, X> {
    /// The shape.
    type Out;
}
impl<L, X> InsertAt<Z, X> for L {
    type Out = Cons<X, L>;
}
impl<H, T: InsertAt<P, X>, P, X> InsertAt<Succ<P>, X> for Cons<H, T> {
    type Out = Cons<H, T::Out>;
}

/// The dimension at position `P` of `Self`.
#[diagnostic::on_unimplemented(message = "axis out of range for the shape `{Self}`")]
pub trait GetAt<P> {
    /// The dimension.
    type Out;
}
impl<H, T> GetAt<Z> for Cons<H, T> {
    type Out = H;
}
impl<H, T: GetAt<P>, P> GetAt<Succ<P>> for Cons<H, T> {
    type Out = T::Out;
}

/// `Self` with the dimension at position `P` replaced by `X`.
#[diagnostic::on_unimplemented(message = "axis out of range for the shape `{Self}`")]
pub trait SetAt<P, X> {
    /// The shape.
    type Out;
}
impl<H, T, X> SetAt<Z, X> for Cons<H, T> {
    type Out = Cons<X, T>;
}
impl<H, T: SetAt<P, X>, P, X> SetAt<Succ<P>, X> for Cons<H, T> {
    type Out = Cons<H, T::Out>;
}

/// `Self` without the dimension at position `P`.
#[diagnostic::on_unimplemented(message = "axis out of range for the shape `{Self}`")]
pub trait RemoveAt<P> {
    /// The shape.
    type Out;
}
impl<H, T> RemoveAt<Z> for Cons<H, T> {
    type Out = T;
}
impl<H, T: RemoveAt<P>, P> RemoveAt<Succ<P>> for Cons<H, T> {
    type Out = Cons<H, T::Out>;
}

/// A dimension that can be squeezed: size 1, or `Dyn` (checked when the
/// program runs). Other sizes ask for a trait no one implements, whose
/// message names the size.
#[diagnostic::on_unimplemented(
    message = "cannot squeeze this dimension: only size-1 dimensions can be squeezed"
)]
pub trait SqueezeOne {}
impl SqueezeOne for D1 {}
impl SqueezeOne for Dyn {}
impl<const N: usize> SqueezeOne for D<N> where (): SqueezeSizeOne<N> {}
impl<const N: usize> SqueezeOne for Big<N> where (): SqueezeSizeOne<N> {}
impl<N, X: SqueezeOne> SqueezeOne for Named<N, X> {}

/// Never implemented: squeezing a dimension of size `N`, which is not 1.
#[diagnostic::on_unimplemented(
    message = "cannot squeeze a dimension of size {N}: only size-1 dimensions can be squeezed",
    label = "this axis does not have size 1"
)]
pub trait SqueezeSizeOne<const N: usize> {}

/// A dimension `H` being reduced (a marker inside a shape, never in a
/// tensor's type).
pub struct Reduced<H>(PhantomData<H>);

/// Marks the dimension at position `P` as [`Reduced`].
#[diagnostic::on_unimplemented(
    message = "axis out of range for this reduction (the shape is too short)"
)]
pub trait MarkAt<P> {
    /// The shape.
    type Out;
}

/// A dimension that can still be reduced: any but one already marked, so
/// that an axis listed twice does not compile.
#[diagnostic::on_unimplemented(
    message = "an axis is listed twice in this reduction",
    label = "each axis may be reduced once"
)]
pub trait Reducible {}
// One impl per kind (not a blanket over `Dim`), so that rustc stops here.
impl Reducible for D1 {}
impl<const N: usize> Reducible for D<N> {}
impl<const N: usize> Reducible for Big<N> {}
impl Reducible for Dyn {}
impl<N, X: Reducible> Reducible for Named<N, X> {}

impl<H: Reducible, T> MarkAt<Z> for Cons<H, T> {
    type Out = Cons<Reduced<H>, T>;
}
impl<H, T: MarkAt<P>, P> MarkAt<Succ<P>> for Cons<H, T> {
    type Out = Cons<H, T::Out>;
}

/// Turns [`Reduced`] marks into size 1 (`keepdim`).
pub trait KeepReduced {
    /// The shape.
    type Out;
}
impl KeepReduced for Nil {
    type Out = Nil;
}
impl<H: KeepOne, T: KeepReduced> KeepReduced for Cons<Reduced<H>, T> {
    type Out = Cons<H::Out, T::Out>;
}
impl<H: AnyDim, T: KeepReduced> KeepReduced for Cons<H, T> {
    type Out = Cons<H, T::Out>;
}

/// Removes [`Reduced`] marks (no `keepdim`).
pub trait DropReduced {
    /// The shape.
    type Out;
}
impl DropReduced for Nil {
    type Out = Nil;
}
impl<H, T: DropReduced> DropReduced for Cons<Reduced<H>, T> {
    type Out = T::Out;
}
impl<H: AnyDim, T: DropReduced> DropReduced for Cons<H, T> {
    type Out = Cons<H, T::Out>;
}

/// A reduced dimension kept as size 1: its name, if any, stays (as
/// `keepdim` keeps names at run time).
pub trait KeepOne {
    /// The size-1 dimension.
    type Out;
}
impl KeepOne for D1 {
    type Out = D1;
}
impl<const N: usize> KeepOne for D<N> {
    type Out = D1;
}
impl<const N: usize> KeepOne for Big<N> {
    type Out = D1;
}
impl KeepOne for Dyn {
    type Out = D1;
}
impl<N, X> KeepOne for Named<N, X> {
    type Out = Named<N, D1>;
}
// An axis listed twice is already an error (`Reducible`); this impl keeps
// rustc from reporting a second, confusing one.
impl<H> KeepOne for Reduced<H> {
    type Out = D1;
}

/// A set of axes to reduce: `Axis<K>` or a tuple of them, `(Axis<1>, Axis<2>)`.
pub trait Axes<S> {
    /// `S` with the axes marked [`Reduced`].
    type Marked;
    /// Bit `k` set for each axis `k`.
    const MASK: u64;
    /// The axis numbers.
    fn axes() -> Vec<usize>;
}
impl<S, const K: usize> Axes<S> for Axis<K>
where
    Axis<K>: Position,
    S: MarkAt<<Axis<K> as Position>::P>,
{
    type Marked = <S as MarkAt<<Axis<K> as Position>::P>>::Out;
    const MASK: u64 = 1 << K;
    fn axes() -> Vec<usize> {
        alloc::vec![K]
    }
}
macro_rules! axes_tuples {
    ($(($($a:ident)*) -> $last:ident),*) => {$(
        impl<S, $($a,)* $last: Position> Axes<S> for ($($a,)* $last,)
        where
            ($($a,)*): Axes<S>,
            <($($a,)*) as Axes<S>>::Marked: MarkAt<$last::P>,
        {
            type Marked = <<($($a,)*) as Axes<S>>::Marked as MarkAt<$last::P>>::Out;
            const MASK: u64 = <($($a,)*) as Axes<S>>::MASK | 1 << $last::K;
            fn axes() -> Vec<usize> {
                let mut v = <($($a,)*) as Axes<S>>::axes();
                v.push($last::K);
                v
            }
        }
    )*};
}
impl<S, A: Position> Axes<S> for (A,)
where
    S: MarkAt<A::P>,
{
    type Marked = <S as MarkAt<A::P>>::Out;
    const MASK: u64 = 1 << A::K;
    fn axes() -> Vec<usize> {
        alloc::vec![A::K]
    }
}
axes_tuples!((A) -> B, (A B) -> C, (A B C) -> E, (A B C E) -> F, (A B C E F) -> G, (A B C E F G) -> H, (A B C E F G H) -> I);

/// The rank of a shape as a type-level number.
pub trait Len {
    /// The rank.
    type P;
}
impl Len for Nil {
    type P = Z;
}
impl<H, T: Len> Len for Cons<H, T> {
    type P = Succ<T::P>;
}

/// A permutation of the axes of `S`: a tuple with one `Axis<K>` per
/// dimension, each axis once.
pub trait Permutation<S> {
    /// The permuted shape.
    type Out;
    /// The permutation.
    const PERM: &'static [usize];
}
macro_rules! permutations {
    ($(($($a:ident)*) rank $n:literal),*) => {$(
        impl<S, $($a: Position,)*> Permutation<S> for ($($a,)*)
        where
            S: Len<P = <Axis<$n> as Position>::P>,
            $(S: GetAt<$a::P>,)*
        {
            type Out = permutations!(@list S $($a)*);
            const PERM: &'static [usize] = &[$($a::K),*];
        }
    )*};
    (@list $s:ident) => { Nil };
    (@list $s:ident $a:ident $($rest:ident)*) => {
        Cons<<$s as GetAt<$a::P>>::Out, permutations!(@list $s $($rest)*)>
    };
}
permutations!((A) rank 1, (A B) rank 2, (A B C) rank 3, (A B C E) rank 4, (A B C E F) rank 5,
    (A B C E F G) rank 6, (A B C E F G H) rank 7, (A B C E F G H I) rank 8);

/// Whether `perm` uses every axis exactly once.
pub(crate) const fn is_permutation(perm: &[usize]) -> bool {
    let mut i = 0;
    while i < perm.len() {
        if perm[i] >= perm.len() {
            return false;
        }
        let mut j = i + 1;
        while j < perm.len() {
            if perm[i] == perm[j] {
                return false;
            }
            j += 1;
        }
        i += 1;
    }
    true
}
