//! Axes at the type level: `Axis<K>` as a value the compiler can read, and
//! the list functions the static toolkit computes its result shapes with
//! (insert, get, set, squeeze and mark a position of a shape; permutations;
//! the shapes of reductions that keep or drop their axes).

use alloc::vec::Vec;
use core::marker::PhantomData;

use crate::shape::dim::{AnyDim, Big, D, D1, Dyn};
use crate::shape::list::{Cons, Layout, Nil};
use crate::shape::names::Named;
use typenum::{B0, B1, Bit};

/// The axis `K` (counted from the left, from 0) as a value the compiler can
/// read: `Axis::<1>`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Axis<const K: usize>;

/// Type-level zero, for unary counts: positions in a shape, and the inline
/// storage budget ([`Shape::Budget`](crate::Shape::Budget)).
pub struct Z;
/// Type-level successor, for unary counts (see [`Z`]).
pub struct Succ<N>(PhantomData<N>);

/// The type-level position of an axis.
pub trait Position {
    /// The position as `Succ<..Succ<Z>..>`.
    type P: Nat;
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
    22 => 21, 23 => 22, 24 => 23, 25 => 24, 26 => 25, 27 => 26, 28 => 27, 29 => 28, 30 => 29, 31 => 30, 32 => 31);

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

/// [`SqueezeOne`] when `Found` is `B1`; nothing to check for an axis whose
/// name the shape lacks (that error is reported already).
pub trait SqueezeIfFound<Found> {}
impl<X: SqueezeOne> SqueezeIfFound<B1> for X {}
impl<X> SqueezeIfFound<B0> for X {}

/// Never implemented: squeezing a dimension of size `N`, which is not 1.
#[diagnostic::on_unimplemented(
    message = "cannot squeeze a dimension of size {N}: only size-1 dimensions can be squeezed",
    label = "this axis does not have size 1"
)]
pub trait SqueezeSizeOne<const N: usize> {}

/// A dimension `H` being reduced (a marker inside a shape, never in a
/// tensor's type).
pub struct Reduced<H>(PhantomData<H>);

/// Marks the dimension at position `P` as [`Reduced`]; `A` is the axis as
/// the user wrote it, for the message when it is listed twice. (The axis is
/// known to be in range: [`AxisOf`] checked it.)
pub trait MarkAt<P, A> {
    /// The shape.
    type Out;
}

/// A dimension that can still be reduced: any but one already marked, so
/// that an axis listed twice does not compile.
#[diagnostic::on_unimplemented(
    message = "the axis `{A}` is listed twice in this reduction",
    label = "each axis may be reduced once"
)]
pub trait Reducible<A> {}
// One impl per kind (not a blanket over `Dim`), so that rustc stops here.
impl<A> Reducible<A> for D1 {}
impl<A, const N: usize> Reducible<A> for D<N> {}
impl<A, const N: usize> Reducible<A> for Big<N> {}
impl<A> Reducible<A> for Dyn {}
impl<A, N, X: Reducible<A>> Reducible<A> for Named<N, X> {}

impl<H: Reducible<A>, T, A> MarkAt<Z, A> for Cons<H, T> {
    type Out = Cons<Reduced<H>, T>;
}
impl<H, T: MarkAt<P, A>, P, A> MarkAt<Succ<P>, A> for Cons<H, T> {
    type Out = Cons<H, T::Out>;
}
// Past the end: [`AxisOf`] has already refused the axis, with the message
// that says so; this impl keeps rustc from adding a second error.
impl<P, A> MarkAt<P, A> for Nil {
    type Out = Nil;
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

/// A type-level position as a number.
pub trait Nat {
    /// The number.
    const N: usize;
}
impl Nat for Z {
    const N: usize = 0;
}
impl<P: Nat> Nat for Succ<P> {
    const N: usize = P::N + 1;
}

/// The rank `R` of a shape, as a type whose number prints in decimal in
/// error messages.
pub struct Rank<const R: usize>;

/// The [`Rank`] of a type-level position count (`Succ<Succ<Z>>` is
/// `Rank<2>`).
pub trait Count {
    /// The rank.
    type Rank;
}
macro_rules! counts {
    ($p:ty; $n:literal $($rest:literal)*) => {
        impl Count for $p {
            type Rank = Rank<$n>;
        }
        counts!(Succ<$p>; $($rest)*);
    };
    ($p:ty;) => {};
}
counts!(Z; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32);

/// The rank of the list `L` as a [`Rank`].
pub type RankOf<L> = <<L as Len>::P as Count>::Rank;

/// One axis of the shape list `L`, however it is written: `Axis<K>` (from
/// the left), [`AxisFromEnd<K>`] (from the right, `AxisFromEnd<1>` is the
/// last), or a dimension name declared with
/// [`dim_names!`](crate::dim_names!). Resolves to the axis's position at
/// compile time; an axis that `L` does not have does not compile, and the
/// error says why in decimal.
pub trait AxisOf<L> {
    /// The position, counted from the left from 0.
    type P: Nat;
    /// `B1`, or `B0` for a name `L` lacks (whose error is already
    /// reported): checks of the dimension at `P` are skipped then, so that
    /// the name's error is the only one.
    type Found: Bit;
}
impl<L: Len, const K: usize> AxisOf<L> for Axis<K>
where
    Axis<K>: Position,
    RankOf<L>: HasAxis<K>,
    <L as Len>::P: Count,
{
    type P = <Axis<K> as Position>::P;
    type Found = B1;
}

/// Axis `K` counted from the end: `AxisFromEnd::<1>` is the last axis
/// (PyTorch's `-1`), `AxisFromEnd::<2>` the one before it.
///
/// ```
/// use shaped::{shape, AxisFromEnd, Tensor};
/// let x = Tensor::<i32, shape![2, 3]>::arange();
/// let rows: Tensor<i64, shape![2]> = x.sum_over(AxisFromEnd::<1>);
/// assert_eq!(rows.to_vec(), vec![3, 12]);
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct AxisFromEnd<const K: usize>;

impl<L: Len, const K: usize> AxisOf<L> for AxisFromEnd<K>
where
    Axis<K>: Position,
    <L as Len>::P: Count,
    RankOf<L>: HasAxisFromEnd<K>,
{
    type P = <RankOf<L> as HasAxisFromEnd<K>>::P;
    type Found = B1;
}

/// A rank with an axis `K` (counted from the left).
pub trait HasAxis<const K: usize> {}
impl<const R: usize, const K: usize> HasAxis<K> for Rank<R>
where
    Axis<K>: Position,
    Axis<R>: Position,
    <Axis<K> as Position>::P: Below<<Axis<R> as Position>::P, K, R>,
{
}

/// `Self < Q` for type-level positions; else the error for axis `K` of a
/// tensor of rank `R`.
pub trait Below<Q, const K: usize, const R: usize> {}
impl<Q, const K: usize, const R: usize> Below<Succ<Q>, K, R> for Z {}
impl<P: Below<Q, K, R>, Q, const K: usize, const R: usize> Below<Succ<Q>, K, R> for Succ<P> {}
impl<P, const K: usize, const R: usize> Below<Z, K, R> for P where (): AxisPastRank<K, R> {}

/// Never implemented: axis `K` of a tensor of rank `R <= K`.
#[diagnostic::on_unimplemented(
    message = "axis {K} is out of range for a tensor of rank {R}",
    label = "the axes of a tensor of rank {R} are 0 to {R} - 1"
)]
pub trait AxisPastRank<const K: usize, const R: usize> {}

/// A rank with an axis `K` counted from the end (`1..=R`); `P` is its
/// position from the left. `P` is computed whether or not the check holds
/// (the checks are bounds beside it), so that a failed check is the only
/// error rustc reports.
pub trait HasAxisFromEnd<const K: usize> {
    /// `R - K`.
    type P: Nat;
}
impl<const R: usize, const K: usize> HasAxisFromEnd<K> for Rank<R>
where
    Axis<K>: Position,
    Axis<R>: Position,
    <Axis<K> as Position>::P: FromEndStart<K> + AtMost<<Axis<R> as Position>::P, K, R>,
    <Axis<R> as Position>::P: Minus<<Axis<K> as Position>::P>,
{
    type P = <<Axis<R> as Position>::P as Minus<<Axis<K> as Position>::P>>::Out;
}

/// An axis counted from the end is at least 1.
#[diagnostic::on_unimplemented(
    message = "`AxisFromEnd<0>` is not an axis: counting from the end starts at 1 (the last axis)",
    label = "write `AxisFromEnd::<1>` for the last axis"
)]
pub trait FromEndStart<const K: usize> {}
impl<P, const K: usize> FromEndStart<K> for Succ<P> {}

/// `Self <= Q` for type-level positions; else the error for axis `-K` of
/// a tensor of rank `R`.
pub trait AtMost<Q, const K: usize, const R: usize> {}
impl<Q, const K: usize, const R: usize> AtMost<Q, K, R> for Z {}
impl<P: AtMost<Q, K, R>, Q, const K: usize, const R: usize> AtMost<Succ<Q>, K, R> for Succ<P> {}
impl<P, const K: usize, const R: usize> AtMost<Z, K, R> for Succ<P> where
    (): AxisFromEndPastRank<K, R>
{
}

/// `Self - Q` for type-level positions, 0 if `Q` is larger (a case
/// [`AtMost`] has already refused).
pub trait Minus<Q> {
    /// The difference.
    type Out: Nat;
}
impl<P: Nat> Minus<Z> for P {
    type Out = P;
}
impl<P: Minus<Q>, Q> Minus<Succ<Q>> for Succ<P> {
    type Out = P::Out;
}
impl<Q> Minus<Succ<Q>> for Z {
    type Out = Z;
}

/// Never implemented: axis `K` from the end of a tensor of rank `R < K`.
#[diagnostic::on_unimplemented(
    message = "axis {K} from the end (-{K}) is out of range for a tensor of rank {R}",
    label = "a tensor of rank {R} has {R} axes from the end: 1 (the last) to {R}"
)]
pub trait AxisFromEndPastRank<const K: usize, const R: usize> {}

/// One axis, for the operations along a single axis (`argmax_over`,
/// `softmax`): `Axis<K>`, [`AxisFromEnd<K>`] or a dimension name.
pub trait OneAxis {}
impl<const K: usize> OneAxis for Axis<K> {}
impl<const K: usize> OneAxis for AxisFromEnd<K> {}

/// A set of axes to reduce: one axis ([`AxisOf`]) or a tuple of them,
/// `(Axis<1>, Axis<2>)`, `(HEIGHT, WIDTH)`.
pub trait Axes<S> {
    /// `S` with the axes marked [`Reduced`].
    type Marked;
    /// Bit `k` set for each axis `k`.
    const MASK: u64;
    /// The axis numbers.
    fn axes() -> Vec<usize>;
}
// One impl per kind of axis (a dimension name gets its own from
// `dim_names!`), never a blanket one over `A`: rustc then follows a failing
// axis down to the check that fails and prints its message. A lone axis is
// the tuple of one.
macro_rules! one_axis {
    ($($t:ident),*) => {$(
        impl<S, const K: usize> Axes<S> for $t<K>
        where
            ($t<K>,): Axes<S>,
        {
            type Marked = <($t<K>,) as Axes<S>>::Marked;
            const MASK: u64 = <($t<K>,) as Axes<S>>::MASK;
            fn axes() -> Vec<usize> {
                <($t<K>,) as Axes<S>>::axes()
            }
        }
    )*};
}
one_axis!(Axis, AxisFromEnd);
impl<S, A: AxisOf<S>> Axes<S> for (A,)
where
    S: MarkAt<A::P, A>,
{
    type Marked = <S as MarkAt<A::P, A>>::Out;
    const MASK: u64 = 1 << <A::P as Nat>::N;
    fn axes() -> Vec<usize> {
        alloc::vec![<A::P as Nat>::N]
    }
}
macro_rules! axes_tuples {
    ($(($($a:ident)*) -> $last:ident),*) => {$(
        impl<S, $($a,)* $last: AxisOf<S>> Axes<S> for ($($a,)* $last,)
        where
            ($($a,)*): Axes<S>,
            <($($a,)*) as Axes<S>>::Marked: MarkAt<$last::P, $last>,
        {
            type Marked = <<($($a,)*) as Axes<S>>::Marked as MarkAt<$last::P, $last>>::Out;
            const MASK: u64 = <($($a,)*) as Axes<S>>::MASK | 1 << <$last::P as Nat>::N;
            fn axes() -> Vec<usize> {
                let mut v = <($($a,)*) as Axes<S>>::axes();
                v.push(<$last::P as Nat>::N);
                v
            }
        }
    )*};
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

/// A permutation of the axes of `S`: a tuple with one axis ([`AxisOf`]:
/// `Axis<K>`, [`AxisFromEnd<K>`] or a dimension name) per dimension, each
/// axis once.
pub trait Permutation<S> {
    /// The permuted shape.
    type Out;
    /// The permutation.
    const PERM: &'static [usize];
}
macro_rules! permutations {
    ($(($($a:ident)*) rank $n:literal),*) => {$(
        impl<S, $($a: AxisOf<S>,)*> Permutation<S> for ($($a,)*)
        where
            S: Len<P = <Axis<$n> as Position>::P>,
            $(S: GetAt<$a::P>,)*
        {
            type Out = permutations!(@list S $($a)*);
            const PERM: &'static [usize] = &[$(<$a::P as Nat>::N),*];
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

/// A layout whose rank is known at compile time (static and mixed ones),
/// so that an element's multi-index is an array, `[usize; RANK]`: the
/// argument of [`Tensor::from_fn_index`](crate::Tensor::from_fn_index).
/// Generic code names this bound, with the alias [`MultiIndex<S>`].
#[diagnostic::on_unimplemented(
    message = "the rank of the layout `{Self}` is not known to the compiler here",
    note = "generic code names this bound: `S: RankIndex`, with the multi-index type `MultiIndex<S>`"
)]
pub trait RankIndex: Layout {
    /// `[usize; RANK]`.
    type Index: Copy + AsRef<[usize]>;
    /// The array holding `idx`, whose length is the rank.
    fn index_from(idx: &[usize]) -> Self::Index;
}
#[diagnostic::do_not_recommend]
impl<S: Layout> RankIndex for S
where
    S::List: Len,
    <S::List as Len>::P: Count,
    RankOf<S::List>: IndexArray,
{
    type Index = <RankOf<S::List> as IndexArray>::Index;
    #[inline(always)]
    fn index_from(idx: &[usize]) -> Self::Index {
        <RankOf<S::List> as IndexArray>::from_slice(idx)
    }
}
/// The multi-index of an element of a layout `S` of static rank:
/// `[usize; RANK]`.
pub type MultiIndex<S> = <S as RankIndex>::Index;

/// The array `[usize; R]` of a [`Rank<R>`].
pub trait IndexArray {
    /// `[usize; R]`.
    type Index: Copy + AsRef<[usize]>;
    /// The array holding `idx` (of length `R`).
    fn from_slice(idx: &[usize]) -> Self::Index;
}
impl<const R: usize> IndexArray for Rank<R> {
    type Index = [usize; R];
    #[inline(always)]
    fn from_slice(idx: &[usize]) -> [usize; R] {
        core::array::from_fn(|k| idx[k])
    }
}
