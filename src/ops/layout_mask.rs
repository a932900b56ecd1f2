//! Comparisons, boolean masks and PyTorch's `where` on static and mixed
//! tensors, and the elementwise functions of any output type (`map_to`,
//! `zip_with`): the same operations as on runtime tensors
//! ([`elementwise`](super::elementwise), [`mask`](super::mask)), the result
//! layout computed by the compiler.
//!
//! `bool` is not an [`Element`], so a boolean tensor of a static or mixed
//! layout is a [`Mask<S>`]. Comparisons broadcast as the operators do:
//! `try_gt` returns a `Result` as `DynTensor::try_gt` does (an error only
//! where a `Dyn` size does not broadcast), `gt` panics with its message.
//!
//! ```
//! use shaped::{shape, Dyn, Tensor};
//! let x = Tensor::<f32, shape![Dyn, 3]>::from_vec(vec![1.0, -2.0, 3.0, -4.0, 5.0, -6.0], &[2]).unwrap();
//! let zero = Tensor::<f32, shape![]>::zeros();
//! let positive = x.gt(&zero);                        // a Mask<shape![Dyn, 3]>
//! assert_eq!(positive.count(), 3);
//! let relu: Tensor<f32, shape![Dyn, 3]> = positive.where_cond(&x, &zero);
//! assert_eq!(relu.to_vec(), vec![1.0, 0.0, 3.0, 0.0, 5.0, 0.0]);
//! ```

use alloc::vec::Vec;
use core::marker::PhantomData;

use crate::element::Element;
use crate::error::{ShapeError, checked_numel};
use crate::kernel;
use crate::shape::broadcast::{Broadcast, BroadcastWith, broadcast_shapes};
use crate::shape::list::{Dims, Layout};
use crate::shape::storage::Buffer;
use crate::tensor::names::names_of;
use crate::tensor::{DynTensor, Tensor};

use super::masked_fill::TensorArg;

/// A boolean tensor of layout `S` (static or mixed), row-major: the result
/// of comparing static or mixed tensors.
#[derive(Clone, PartialEq)]
pub struct Mask<S: Layout> {
    data: Vec<bool>,
    dims: Dims,
    layout: PhantomData<S>,
}

impl<S: Layout> core::fmt::Debug for Mask<S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Mask")
            .field("shape", &self.dims)
            .field("data", &crate::tensor::Summary(&self.data))
            .finish()
    }
}

impl<S: Layout> Mask<S> {
    /// A mask of sizes `dims` (which fit `S`) from row-major booleans.
    pub(crate) fn from_parts(data: Vec<bool>, dims: &[usize]) -> Self {
        debug_assert!(S::extents_for(dims).is_some());
        Mask {
            data,
            dims: Dims::from_slice(dims),
            layout: PhantomData,
        }
    }

    /// The sizes, outermost first.
    pub fn shape(&self) -> Dims {
        self.dims
    }

    /// The number of elements.
    pub fn numel(&self) -> usize {
        self.data.len()
    }

    /// The booleans in row-major order.
    pub fn as_slice(&self) -> &[bool] {
        &self.data
    }

    /// The booleans in row-major order, copied into a `Vec`.
    pub fn to_vec(&self) -> Vec<bool> {
        self.data.clone()
    }

    /// Whether any element is `true` (`false` for an empty mask).
    pub fn any(&self) -> bool {
        self.data.iter().any(|&b| b)
    }

    /// Whether every element is `true` (`true` for an empty mask).
    pub fn all(&self) -> bool {
        self.data.iter().all(|&b| b)
    }

    /// How many elements are `true`.
    pub fn count(&self) -> usize {
        self.data.iter().filter(|&&b| b).count()
    }

    /// The mask as numbers: 1 for `true`, 0 for `false` (PyTorch's
    /// `mask.float()`).
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let t = Tensor::<i32, shape![3]>::arange();
    /// let m = t.ge(&Tensor::<i32, shape![]>::full(1));
    /// assert_eq!(m.cast::<f32>().as_slice(), &[0.0, 1.0, 1.0]);
    /// ```
    pub fn cast<T: Element>(&self) -> Tensor<T, S> {
        let data = self
            .data
            .iter()
            .map(|&b| if b { T::one() } else { T::zero() })
            .collect();
        Tensor::from_checked(data, &self.dims)
    }

    /// The same mask at run time.
    pub fn into_dyn(self) -> DynTensor<bool> {
        DynTensor::from_parts(self.data, &self.dims)
    }

    /// `yes` where the mask is `true` and `no` where it is `false`, the three
    /// broadcast together (PyTorch's `torch.where(mask, yes, no)`), or the
    /// error where a `Dyn` size does not broadcast. Each of `yes` and `no`
    /// is a tensor, a typed view or a plain number ([`TensorArg`]).
    pub fn try_where_cond<T: Element, Y: TensorArg<T>, N: TensorArg<T>>(
        &self,
        yes: Y,
        no: N,
    ) -> Result<WhereOut<T, S, Y, N>, ShapeError>
    where
        S: BroadcastWith<Y::Layout>,
        Broadcast<S, Y::Layout>: BroadcastWith<N::Layout>,
    {
        let ((yd, ys), (nd, ns)) = (yes.elements(), no.elements());
        let shape = broadcast_shapes(&[&self.dims, &ys, &ns])?;
        checked_numel::<T>(&shape)?;
        let out = super::mask::pick((&self.data, &self.dims), (&yd, &ys), (&nd, &ns), &shape)?;
        Ok(Tensor::from_checked(out, &shape))
    }

    /// `yes` where the mask is `true` and `no` where it is `false`
    /// (PyTorch's `where`; `yes` and `no` tensors, typed views or plain
    /// numbers); panics with the error's message where a `Dyn` size does
    /// not broadcast (see [`try_where_cond`](Self::try_where_cond)).
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let scores = Tensor::<f32, shape![2, 2]>::arange();
    /// let mask = scores.gt(1.5);
    /// let s: Tensor<f32, shape![2, 2]> = mask.where_cond(f32::NEG_INFINITY, &scores);
    /// assert_eq!(s.to_vec(), vec![0.0, 1.0, f32::NEG_INFINITY, f32::NEG_INFINITY]);
    /// let z: Tensor<f32, shape![2, 2]> = mask.where_cond(&scores, 0.0);
    /// assert_eq!(z.to_vec(), vec![0.0, 0.0, 2.0, 3.0]);
    /// ```
    #[track_caller]
    pub fn where_cond<T: Element, Y: TensorArg<T>, N: TensorArg<T>>(
        &self,
        yes: Y,
        no: N,
    ) -> Tensor<T, Selected<S, Y::Layout, N::Layout>>
    where
        S: BroadcastWith<Y::Layout>,
        Broadcast<S, Y::Layout>: BroadcastWith<N::Layout>,
    {
        super::or_panic(self.try_where_cond(yes, no))
    }
}

/// The tensor `where_cond` returns for the operands `Y` and `N`.
type WhereOut<T, S, Y, N> =
    Tensor<T, Selected<S, <Y as TensorArg<T>>::Layout, <N as TensorArg<T>>::Layout>>;

/// The layout of `mask.where_cond(&yes, &no)`: the three layouts broadcast.
pub type Selected<S, R1, R2> = Broadcast<Broadcast<S, R1>, R2>;

impl<S: Layout> core::ops::Not for &Mask<S> {
    type Output = Mask<S>;
    /// Every element negated (PyTorch's `~mask`).
    fn not(self) -> Mask<S> {
        Mask::from_parts(self.data.iter().map(|&b| !b).collect(), &self.dims)
    }
}

impl<S: Layout> core::ops::Not for Mask<S> {
    type Output = Mask<S>;
    /// Every element negated.
    fn not(self) -> Mask<S> {
        !&self
    }
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// `f(a, b)` for every pair of elements of `self` and `other` broadcast
    /// together, into any element type, or the error where a `Dyn` size
    /// does not broadcast. Named operands broadcast by name.
    pub fn try_zip_with<U: Element, R: Layout>(
        &self,
        other: &Tensor<T, R>,
        f: impl Fn(T, T) -> U,
    ) -> Result<Tensor<U, Broadcast<S, R>>, ShapeError>
    where
        S: BroadcastWith<R>,
    {
        let (a, b) = (self.shape(), other.shape());
        let out = super::operand::zip(self.named_side(&a), other.named_side(&b), f)?;
        let dims = out.shape().to_vec();
        Ok(Tensor::from_checked(out.into_vec(), &dims))
    }

    /// `f(a, b)` with broadcasting into any element type (see
    /// [`try_zip_with`](Self::try_zip_with); panics with the error's message).
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let a = Tensor::<i32, shape![3, 1]>::arange();
    /// let b = Tensor::<i32, shape![2]>::from_slice(&[10, 20]).unwrap();
    /// let c: Tensor<f64, shape![3, 2]> = a.zip_with(&b, |x, y| f64::from(x) / f64::from(y));
    /// assert_eq!(c[[2, 1]], 0.1);
    /// ```
    #[track_caller]
    pub fn zip_with<U: Element, R: Layout>(
        &self,
        other: &Tensor<T, R>,
        f: impl Fn(T, T) -> U,
    ) -> Tensor<U, Broadcast<S, R>>
    where
        S: BroadcastWith<R>,
    {
        super::or_panic(self.try_zip_with(other, f))
    }

    /// `f` applied to every element, into another element type.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let t = Tensor::<i32, shape![3]>::arange().map_to(|x| x as f64 / 2.0);
    /// assert_eq!(t.as_slice(), &[0.0, 0.5, 1.0]);
    /// ```
    pub fn map_to<U: Element>(&self, f: impl Fn(T) -> U) -> Tensor<U, S> {
        let dims = self.shape();
        let mut data: <S as Layout>::Data<U> = Buffer::filled(U::zero(), self.numel());
        kernel::map(
            crate::shape::storage::Elements::as_mut_slice(&mut data),
            self.as_slice(),
            f,
        );
        let Some(ext) = S::extents_for(&dims) else {
            unreachable!("a tensor's sizes fit its layout")
        };
        Tensor::from_parts(data, ext)
    }

    /// The comparison `f` of every pair of broadcast elements, as a mask.
    fn compare<O: TensorArg<T>>(
        &self,
        other: O,
        f: impl Fn(T, T) -> bool,
    ) -> Result<Mask<Broadcast<S, O::Layout>>, ShapeError>
    where
        S: BroadcastWith<O::Layout>,
    {
        let a = self.shape();
        let (data, dims) = other.elements();
        let b = super::operand::Side {
            data: &data,
            dims: &dims,
            names: names_of::<O::Layout>(),
        };
        let out = super::operand::zip(self.named_side(&a), b, f)?;
        Ok(Mask::from_parts(out.data().to_vec(), out.dims()))
    }
}

macro_rules! comparisons {
    ($($try:ident $name:ident $op:tt $torch:literal),*) => {
        impl<T: Element, S: Layout> Tensor<T, S> {$(
            #[doc = concat!("`self ", stringify!($op), " other` elementwise with broadcasting ",
                "(PyTorch's `", $torch, "`; `other` a tensor, a typed view or a plain number), ",
                "or the error where a `Dyn` size does not broadcast.")]
            pub fn $try<O: TensorArg<T>>(&self, other: O) -> Result<Mask<Broadcast<S, O::Layout>>, ShapeError>
            where
                S: BroadcastWith<O::Layout>,
            {
                self.compare(other, |a, b| a $op b)
            }
            #[doc = concat!("`self ", stringify!($op), " other` elementwise with broadcasting ",
                "(PyTorch's `", $torch, "`); panics with the error's message where a `Dyn` size does not broadcast.")]
            #[track_caller]
            pub fn $name<O: TensorArg<T>>(&self, other: O) -> Mask<Broadcast<S, O::Layout>>
            where
                S: BroadcastWith<O::Layout>,
            {
                super::or_panic(self.compare(other, |a, b| a $op b))
            }
        )*}
        impl<T: Element, S: Layout> crate::view::TensorView<'_, T, S> {$(
            #[doc = concat!("[`Tensor::", stringify!($try), "`] of the view's elements.")]
            pub fn $try<O: TensorArg<T>>(&self, other: O) -> Result<Mask<Broadcast<S, O::Layout>>, ShapeError>
            where
                S: BroadcastWith<O::Layout>,
            {
                self.to_owned().compare(other, |a, b| a $op b)
            }
            #[doc = concat!("[`Tensor::", stringify!($name), "`] of the view's elements.")]
            #[track_caller]
            pub fn $name<O: TensorArg<T>>(&self, other: O) -> Mask<Broadcast<S, O::Layout>>
            where
                S: BroadcastWith<O::Layout>,
            {
                super::or_panic(self.to_owned().compare(other, |a, b| a $op b))
            }
        )*}
    };
}
comparisons!(
    try_eq eq_elem == "eq",
    try_ne ne_elem != "ne",
    try_lt lt < "lt",
    try_le le <= "le",
    try_gt gt > "gt",
    try_ge ge >= "ge"
);
