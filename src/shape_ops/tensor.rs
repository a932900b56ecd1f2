//! Shape operations on static tensors, each result shape computed by the
//! compiler: `reshape`, `unsqueeze`, `squeeze`, `transpose`, `permute`,
//! `broadcast_to`, `stack`, `cat`.
//!
//! Axes are values of type [`Axis<K>`](crate::Axis), so that the compiler can
//! read them: `t.unsqueeze(Axis::<1>)` is `b[:, None]`. An axis out of range,
//! squeezing a dimension that is not 1 or reshaping to another element count
//! does not compile.

use alloc::vec::Vec;

use crate::element::Element;
use crate::kernel;
use crate::shape::axes::*;
use crate::shape::broadcast::BroadcastTo;
use crate::shape::dim::D1;
use crate::shape::list::Shape;
use crate::tensor::{DynTensor, Tensor};
impl<T: Element, S: Shape> Tensor<T, S> {
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
    /// use shaped::{shape, Axis, Tensor};
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
    /// use shaped::{shape, Axis, Tensor};
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
    /// use shaped::{shape, Axis, Tensor};
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
