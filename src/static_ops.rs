//! The toolkit on static tensors, with every result shape computed by the
//! compiler: `reshape`, `unsqueeze`, `squeeze`, `transpose`, `permute`,
//! `broadcast_to`, `stack`, `cat` and the reductions with or without
//! `keepdim`.
//!
//! Axes are values of type [`Axis<K>`](Axis), so that the compiler can read
//! them: `t.unsqueeze(Axis::<1>)` is `b[:, None]`, and a keepdim mean over axes
//! 1 and 2 of `shape![4, 3, 3]` has type `shape![4, 1, 1]`:
//!
//! ```
//! use shaped::{shape, static_ops::Axis, Tensor};
//! let value = Tensor::<f64, shape![4, 3, 3]>::arange();
//! let mean: Tensor<f64, shape![4, 1, 1]> = value.mean_keepdim((Axis::<1>, Axis::<2>));
//! let std: Tensor<f64, shape![4, 1, 1]> = value.std_keepdim((Axis::<1>, Axis::<2>));
//! let normalized: Tensor<f64, shape![4, 3, 3]> = (value - mean) / std;
//! assert!((normalized[[0, 0, 0]] + 1.4606).abs() < 1e-4);
//! ```
//!
//! An axis out of range, a repeated axis, squeezing a dimension that is not
//! 1 or reshaping to another element count does not compile. The element
//! work is done by the runtime implementations of the same operations (see
//! [`DynTensor`]); only the shapes are the compiler's.

use alloc::vec::Vec;
use core::marker::PhantomData;

use num_traits::Float;

use crate::broadcast::BroadcastTo;
use crate::dim::{Big, D, D1, Dim};
use crate::dyn_tensor::DynTensor;
use crate::element::Element;
use crate::error::ShapeError;
use crate::kernel;
use crate::shape::{Cons, Layout, Nil, Shape};
use crate::tensor::Tensor;

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

/// `Self` without the dimension at position `P`, which must be 1.
#[diagnostic::on_unimplemented(
    message = "cannot squeeze this axis of `{Self}`: its size is not 1, or it is out of range"
)]
pub trait SqueezeAt<P> {
    /// The shape.
    type Out;
}
impl<T> SqueezeAt<Z> for Cons<D1, T> {
    type Out = T;
}
// Other sizes ask for a trait no one implements, whose message names the size.
impl<const N: usize, T> SqueezeAt<Z> for Cons<D<N>, T>
where
    (): SqueezeSizeOne<N>,
{
    type Out = T;
}
impl<const N: usize, T> SqueezeAt<Z> for Cons<Big<N>, T>
where
    (): SqueezeSizeOne<N>,
{
    type Out = T;
}

/// Never implemented: squeezing a dimension of size `N`, which is not 1.
#[diagnostic::on_unimplemented(
    message = "cannot squeeze a dimension of size {N}: only size-1 dimensions can be squeezed",
    label = "this axis does not have size 1"
)]
pub trait SqueezeSizeOne<const N: usize> {}
impl<H, T: SqueezeAt<P>, P> SqueezeAt<Succ<P>> for Cons<H, T> {
    type Out = Cons<H, T::Out>;
}

/// An axis that can be squeezed from `S`: its size is 1.
pub trait SqueezeAxis<S> {
    /// `S` without the axis.
    type Out: Shape;
}
impl<S, const K: usize> SqueezeAxis<S> for Axis<K>
where
    Axis<K>: Position,
    S: SqueezeAt<<Axis<K> as Position>::P>,
    <S as SqueezeAt<<Axis<K> as Position>::P>>::Out: Shape,
{
    type Out = <S as SqueezeAt<<Axis<K> as Position>::P>>::Out;
}

/// A dimension being reduced (a marker inside a shape, never in a tensor's type).
pub struct Reduced;

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

impl<H: Reducible, T> MarkAt<Z> for Cons<H, T> {
    type Out = Cons<Reduced, T>;
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
impl<T: KeepReduced> KeepReduced for Cons<Reduced, T> {
    type Out = Cons<D1, T::Out>;
}
impl<H: Dim, T: KeepReduced> KeepReduced for Cons<H, T> {
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
impl<T: DropReduced> DropReduced for Cons<Reduced, T> {
    type Out = T::Out;
}
impl<H: Dim, T: DropReduced> DropReduced for Cons<H, T> {
    type Out = Cons<H, T::Out>;
}

/// A set of axes to reduce: `Axis<K>` or a tuple of them, `(Axis<1>, Axis<2>)`.
pub trait Axes<S> {
    /// `S` with the axes marked [`Reduced`].
    type Marked;
    /// The axis numbers.
    fn axes() -> Vec<usize>;
}
impl<S, const K: usize> Axes<S> for Axis<K>
where
    Axis<K>: Position,
    S: MarkAt<<Axis<K> as Position>::P>,
{
    type Marked = <S as MarkAt<<Axis<K> as Position>::P>>::Out;
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
    fn axes() -> Vec<usize> {
        alloc::vec![A::K]
    }
}
axes_tuples!((A) -> B, (A B) -> C, (A B C) -> E, (A B C E) -> F, (A B C E F) -> G, (A B C E F G) -> H, (A B C E F G H) -> I);

/// The shape of a reduction over `X` keeping the reduced axes as size 1.
pub type KeepDims<S, X> = <<X as Axes<S>>::Marked as KeepReduced>::Out;
/// The shape of a reduction over `X` dropping the reduced axes.
pub type DropDims<S, X> = <<X as Axes<S>>::Marked as DropReduced>::Out;

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
const fn is_permutation(perm: &[usize]) -> bool {
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

impl<T: Element, S: Shape> Tensor<T, S> {
    /// The tensor as a runtime-shaped one, for the element work below.
    fn runtime(&self) -> DynTensor<T> {
        self.to_dyn()
    }

    /// The result of a runtime operation whose shape the compiler computed.
    /// The only error left is PyTorch's for `max`/`min` over a size-0 axis,
    /// which panics with PyTorch's message.
    fn from_runtime<S2: Shape>(r: Result<DynTensor<T>, ShapeError>) -> Tensor<T, S2> {
        match r.and_then(Tensor::try_from) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }

    /// The same elements with the shape `S2`; the element counts must be
    /// equal (checked when the program is built).
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let t = Tensor::<i32, shape![6]>::arange().reshape::<shape![2, 3]>();
    /// assert_eq!(t[[1, 0]], 3);
    /// ```
    pub fn reshape<S2: Shape>(&self) -> Tensor<T, S2> {
        const {
            assert!(
                S::NUMEL == S2::NUMEL,
                "reshape: the two shapes have different element counts"
            )
        };
        Tensor::<T, S2>::from_fn(|i| self.as_slice()[i])
    }

    /// A size-1 dimension inserted at axis `K` (`b[:, None]` is `b.unsqueeze(Axis::<1>)`).
    ///
    /// ```
    /// use shaped::{shape, static_ops::Axis, Tensor};
    /// let b = Tensor::<i32, shape![2]>::from_slice(&[1, 2]).unwrap();
    /// let col: Tensor<i32, shape![2, 1]> = b.unsqueeze(Axis::<1>);
    /// assert_eq!(&*col.shape(), &[2, 1]);
    /// ```
    pub fn unsqueeze<const K: usize>(
        &self,
        _: Axis<K>,
    ) -> Tensor<T, <S as InsertAt<<Axis<K> as Position>::P, D1>>::Out>
    where
        Axis<K>: Position,
        S: InsertAt<<Axis<K> as Position>::P, D1>,
        <S as InsertAt<<Axis<K> as Position>::P, D1>>::Out: Shape,
    {
        Tensor::from_fn(|i| self.as_slice()[i])
    }

    /// The size-1 dimension at axis `K` removed (not 1: does not compile).
    pub fn squeeze<A: SqueezeAxis<S>>(&self, _: A) -> Tensor<T, A::Out> {
        Tensor::from_fn(|i| self.as_slice()[i])
    }

    /// The axes reordered: `perm` is a tuple of one `Axis<K>` per dimension,
    /// each axis once; result axis `i` is input axis `perm.i`.
    ///
    /// ```
    /// use shaped::{shape, static_ops::Axis, Tensor};
    /// let t = Tensor::<i32, shape![2, 3, 4]>::arange();
    /// let p: Tensor<i32, shape![4, 2, 3]> = t.permute((Axis::<2>, Axis::<0>, Axis::<1>));
    /// assert_eq!(p[[3, 1, 2]], t[[1, 2, 3]]);
    /// ```
    pub fn permute<P: Permutation<S>>(&self, _: P) -> Tensor<T, P::Out>
    where
        P::Out: Shape,
    {
        const {
            assert!(
                is_permutation(P::PERM),
                "permute: every axis must appear exactly once"
            )
        };
        Self::from_runtime(self.runtime().permute(P::PERM))
    }

    /// Axes `A` and `B` swapped.
    pub fn transpose<const A: usize, const B: usize>(
        &self,
        _: Axis<A>,
        _: Axis<B>,
    ) -> Tensor<T, Swapped<S, A, B>>
    where
        Axis<A>: Position,
        Axis<B>: Position,
        S: GetAt<<Axis<A> as Position>::P> + GetAt<<Axis<B> as Position>::P>,
        S: SetAt<<Axis<A> as Position>::P, <S as GetAt<<Axis<B> as Position>::P>>::Out>,
        SetA<S, A, B>: SetAt<<Axis<B> as Position>::P, <S as GetAt<<Axis<A> as Position>::P>>::Out>,
        Swapped<S, A, B>: Shape,
    {
        Self::from_runtime(self.runtime().transpose(A, B))
    }

    /// This tensor broadcast to the shape `S2` (which it must broadcast to).
    pub fn broadcast_to<S2: Shape>(&self) -> Tensor<T, S2>
    where
        S: BroadcastTo<S2>,
    {
        let mut out = Tensor::<T, S2>::zeros();
        kernel::assign(
            out.as_mut_slice(),
            &S2::DIMS,
            self.as_slice(),
            &S::DIMS,
            |_, x| x,
        );
        out
    }

    /// The tensors stacked along a new axis `K` of size `N`; the result's
    /// shape is written by the caller and checked when the program is built.
    ///
    /// ```
    /// use shaped::{shape, static_ops::Axis, Tensor};
    /// let a = Tensor::<i32, shape![2]>::from_slice(&[1, 2]).unwrap();
    /// let b = Tensor::<i32, shape![2]>::from_slice(&[3, 4]).unwrap();
    /// let s: Tensor<i32, shape![2, 2]> = Tensor::stack([&a, &b], Axis::<1>);
    /// assert_eq!(s.as_slice(), &[1, 3, 2, 4]);
    /// ```
    pub fn stack<S2: Shape, const N: usize, const K: usize>(
        parts: [&Tensor<T, S>; N],
        _: Axis<K>,
    ) -> Tensor<T, S2> {
        const {
            assert!(
                stacked(S::DIMS.as_slice(), N, K, S2::DIMS.as_slice()),
                "stack: the result shape must be the parts' shape with N inserted at the axis"
            )
        };
        let parts: Vec<DynTensor<T>> = parts.iter().map(|p| p.runtime()).collect();
        Self::from_runtime(DynTensor::stack(&parts, K))
    }

    /// The tensors joined along axis `K`; the result's shape is written by
    /// the caller and checked when the program is built.
    pub fn cat<S2: Shape, const N: usize, const K: usize>(
        parts: [&Tensor<T, S>; N],
        _: Axis<K>,
    ) -> Tensor<T, S2> {
        const {
            assert!(
                concatenated(S::DIMS.as_slice(), N, K, S2::DIMS.as_slice()),
                "cat: the result shape must be the parts' shape with axis K multiplied by N"
            )
        };
        let parts: Vec<DynTensor<T>> = parts.iter().map(|p| p.runtime()).collect();
        Self::from_runtime(DynTensor::cat(&parts, K))
    }
}

/// `S` with its first axis set to axis `B`'s dimension (half of a transpose).
pub type SetA<S, const A: usize, const B: usize> =
    <S as SetAt<<Axis<A> as Position>::P, <S as GetAt<<Axis<B> as Position>::P>>::Out>>::Out;
/// `S` with axes `A` and `B` swapped.
pub type Swapped<S, const A: usize, const B: usize> = <SetA<S, A, B> as SetAt<
    <Axis<B> as Position>::P,
    <S as GetAt<<Axis<A> as Position>::P>>::Out,
>>::Out;

const fn stacked(part: &[usize], n: usize, k: usize, out: &[usize]) -> bool {
    if k > part.len() || out.len() != part.len() + 1 || out[k] != n {
        return false;
    }
    let mut i = 0;
    while i < part.len() {
        if out[if i < k { i } else { i + 1 }] != part[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn concatenated(part: &[usize], n: usize, k: usize, out: &[usize]) -> bool {
    if k >= part.len() || out.len() != part.len() {
        return false;
    }
    let mut i = 0;
    while i < part.len() {
        let want = if i == k { part[i] * n } else { part[i] };
        if out[i] != want {
            return false;
        }
        i += 1;
    }
    true
}

macro_rules! reductions {
    ($bound:path: $($keep:ident $over:ident $what:literal => $method:ident($($arg:ident: $ty:ty),*)),* $(,)?) => {
        impl<T: Element + $bound, S: Shape> Tensor<T, S> {$(
            #[doc = concat!("The ", $what, " over the axes `X` (`Axis<K>` or a tuple of them), keeping them as size 1.")]
            pub fn $keep<X: Axes<S>>(&self, _: X $(, $arg: $ty)*) -> Tensor<T, KeepDims<S, X>>
            where
                X::Marked: KeepReduced,
                KeepDims<S, X>: Shape,
            {
                Self::from_runtime(self.runtime().$method(&X::axes(), $($arg,)* true))
            }
            #[doc = concat!("The ", $what, " over the axes `X` (`Axis<K>` or a tuple of them), dropping them.")]
            pub fn $over<X: Axes<S>>(&self, _: X $(, $arg: $ty)*) -> Tensor<T, DropDims<S, X>>
            where
                X::Marked: DropReduced,
                DropDims<S, X>: Shape,
            {
                Self::from_runtime(self.runtime().$method(&X::axes(), $($arg,)* false))
            }
        )*}
    };
}

/// Every element type: no extra bound on the reductions below.
pub trait NoBound {}
impl<T> NoBound for T {}

reductions!(NoBound:
    sum_keepdim sum_over "sum" => sum_dims(),
    max_keepdim max_over "maximum (panics with PyTorch's message over a size-0 axis)" => max_dims(),
    min_keepdim min_over "minimum (panics with PyTorch's message over a size-0 axis)" => min_dims(),
);
reductions!(Float:
    mean_keepdim mean_over "mean" => mean_dims(),
    var_keepdim var_over "unbiased variance" => var_dims(),
    std_keepdim std_over "unbiased standard deviation" => std_dims(),
    var_keepdim_correction var_over_correction
        "variance with `correction` (PyTorch's: 1 is the unbiased estimator, 0 the population variance)"
        => var_dims_correction(correction: usize),
    std_keepdim_correction std_over_correction
        "standard deviation with `correction` (as for the variance)"
        => std_dims_correction(correction: usize),
);

macro_rules! arg_reductions {
    ($($keep:ident $over:ident $method:ident $what:literal),*) => {
        impl<T: Element, S: Shape> Tensor<T, S> {$(
            #[doc = concat!("The index of the ", $what, " along axis `K`, keeping it as size 1 (panics with PyTorch's message over a size-0 axis).")]
            pub fn $keep<const K: usize>(&self, axis: Axis<K>) -> Tensor<usize, KeepDims<S, Axis<K>>>
            where
                Axis<K>: Axes<S>,
                <Axis<K> as Axes<S>>::Marked: KeepReduced,
                KeepDims<S, Axis<K>>: Shape,
            {
                let _ = axis;
                Tensor::<usize, S>::from_runtime(self.runtime().$method(K, true))
            }
            #[doc = concat!("The index of the ", $what, " along axis `K`, dropping it (panics with PyTorch's message over a size-0 axis).")]
            pub fn $over<const K: usize>(&self, axis: Axis<K>) -> Tensor<usize, DropDims<S, Axis<K>>>
            where
                Axis<K>: Axes<S>,
                <Axis<K> as Axes<S>>::Marked: DropReduced,
                DropDims<S, Axis<K>>: Shape,
            {
                let _ = axis;
                Tensor::<usize, S>::from_runtime(self.runtime().$method(K, false))
            }
        )*}
    };
}
arg_reductions!(argmax_keepdim argmax_over argmax "maximum", argmin_keepdim argmin_over argmin "minimum");

impl<T: Element, S: Layout> Tensor<T, S> {
    /// A runtime-shaped copy (see [`into_dyn`](Tensor::into_dyn)).
    pub fn to_dyn(&self) -> DynTensor<T> {
        self.clone().into_dyn()
    }
}
