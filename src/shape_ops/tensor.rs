//! Shape operations on static and mixed tensors, each result layout
//! computed by the compiler: `reshape`, `unsqueeze`, `squeeze`,
//! `transpose`, `permute`, `broadcast_to`, `stack`, `cat`.
//!
//! Axes are values of type [`Axis<K>`](crate::Axis), so that the compiler can
//! read them: `t.unsqueeze(Axis::<1>)` is `b[:, None]`. An axis out of range,
//! squeezing a static dimension that is not 1 or reshaping a static shape
//! to another element count does not compile. What a `Dyn` dimension leaves
//! open is checked when the program runs, in a `try_` form: squeezing a
//! `Dyn` axis (`try_squeeze`; `squeeze` panics with the error's message),
//! reshaping to a layout with a `Dyn` dimension (`try_reshape`), stacking
//! and concatenating tensors whose sizes are not all static (`try_stack`,
//! `try_cat`).
//!
//! ```
//! use shaped::{shape, Axis, Dyn, Tensor};
//! let x = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[5]);
//! let t: Tensor<f32, shape![3, Dyn]> = x.transpose(Axis::<0>, Axis::<1>);
//! let u: Tensor<f32, shape![Dyn, 1, 3]> = x.unsqueeze(Axis::<1>);
//! let r: Tensor<f32, shape![Dyn, 5]> = x.try_reshape().unwrap();
//! assert_eq!((&*t.shape(), &*u.shape(), &*r.shape()), (&[3, 5][..], &[5, 1, 3][..], &[3, 5][..]));
//! ```
//!
//! Each operation copies the elements once into the result's storage.

use alloc::vec::Vec;

use crate::element::Element;
use crate::error::{ShapeError, checked_numel};
use crate::kernel;
use crate::shape::axes::{Axis, OneAxis, is_permutation};
use crate::shape::broadcast::{BroadcastTo, check_broadcast_to};
use crate::shape::list::{Dims, Layout, MAX_STATIC_RANK, Shape};
use crate::shape::reshape::ReshapeTo;
use crate::shape::storage::{Buffer, Elements};
use crate::shape::toolkit::{
    Permute, Permuted, SqueezeAxis, SqueezedAxis, TransposeAxes, TransposedAxes, Unsqueeze,
    Unsqueezed,
};
use crate::tensor::Tensor;

use super::join;

impl<T: Element, S: Layout> Tensor<T, S> {
    /// The same elements in the layout `O`, of sizes `dims` (which the
    /// compiler or the caller has checked against `O`).
    pub(super) fn relayout<O: Layout>(&self, dims: &[usize]) -> Tensor<T, O> {
        let Some(ext) = O::extents_for(dims) else {
            unreachable!("the sizes {dims:?} agree with the result's layout")
        };
        let mut data: <O as Layout>::Data<T> = Buffer::filled(T::zero(), self.numel());
        data.as_mut_slice().copy_from_slice(self.as_slice());
        Tensor::from_parts(data, ext)
    }

    /// The elements read through the axis order `perm`, in the layout `O`.
    pub(super) fn permuted<O: Layout>(&self, perm: &[usize]) -> Tensor<T, O> {
        let shape = self.shape();
        let strides = kernel::strides(&shape);
        let mut dims = [0usize; MAX_STATIC_RANK];
        let mut view = [0usize; MAX_STATIC_RANK];
        for (i, &p) in perm.iter().enumerate() {
            dims[i] = shape[p];
            view[i] = strides[p];
        }
        let n = perm.len();
        let data = kernel::gather(self.as_slice(), &dims[..n], &view[..n]);
        Tensor::from_checked(data, &dims[..n])
    }

    /// The same elements in the layout `S2`, which may have one `Dyn`
    /// dimension, whose size is then the element count divided by the
    /// static sizes (PyTorch's `-1`); an error if the element count does
    /// not fit (`shape '[4, 2]' is invalid for input of size 6`).
    ///
    /// ```
    /// use shaped::{shape, Dyn, Tensor};
    /// let t = Tensor::<i32, shape![Dyn, 4]>::zeros_sized(&[3]);
    /// let r: Tensor<i32, shape![Dyn, 2]> = t.try_reshape().unwrap();
    /// assert_eq!(&*r.shape(), &[6, 2]);
    /// let bad = t.try_reshape::<shape![5, 2]>().unwrap_err();
    /// assert_eq!(bad.to_string(), "shape '[5, 2]' is invalid for input of size 12");
    /// ```
    pub fn try_reshape<S2: Layout>(&self) -> Result<Tensor<T, S2>, ShapeError> {
        let numel = self.numel();
        let mut dims = S2::TEMPLATE;
        let open: Vec<usize> = (0..dims.len()).filter(|&i| dims[i] == usize::MAX).collect();
        let known: usize = dims
            .iter()
            .filter(|&&d| d != usize::MAX)
            .try_fold(1usize, |a, &d| a.checked_mul(d))
            .unwrap_or(usize::MAX);
        let bad = |dims: &[usize]| ShapeError::Reshape {
            shape: dims.to_vec(),
            numel,
        };
        match open.as_slice() {
            [] => {}
            [i] => {
                dims.as_mut_slice()[*i] = numel.checked_div(known).unwrap_or(0);
            }
            _ => {
                // More than one size to infer: PyTorch's "only one dimension can be inferred".
                return Err(ShapeError::DynSizes {
                    template: S2::TEMPLATE.to_vec(),
                    dynamic: alloc::vec![],
                });
            }
        }
        if checked_numel::<T>(&dims).ok() != Some(numel) || (known == 0 && !open.is_empty()) {
            return Err(bad(&dims));
        }
        Ok(self.relayout(&dims))
    }

    /// A size-1 dimension inserted at axis `K` (`b[:, None]` is `b.unsqueeze(Axis::<1>)`).
    ///
    /// ```
    /// use shaped::{shape, Axis, Tensor};
    /// let b = Tensor::<i32, shape![2]>::from_slice(&[1, 2]).unwrap();
    /// let col: Tensor<i32, shape![2, 1]> = b.unsqueeze(Axis::<1>);
    /// assert_eq!(&*col.shape(), &[2, 1]);
    /// ```
    pub fn unsqueeze<const K: usize>(&self, _: Axis<K>) -> Tensor<T, Unsqueezed<S, K>>
    where
        S: Unsqueeze<K>,
    {
        let shape = self.shape();
        let mut dims = [1usize; MAX_STATIC_RANK + 1];
        dims[..K].copy_from_slice(&shape[..K]);
        dims[K + 1..=shape.len()].copy_from_slice(&shape[K..]);
        self.relayout(&dims[..=shape.len()])
    }

    /// The size-1 dimension at axis `A` (`Axis<K>`, `AxisFromEnd<K>` or a
    /// dimension name) removed; a static size that is not 1 does not
    /// compile, a `Dyn` one is checked: an error if its size is not 1.
    ///
    /// ```
    /// use shaped::{shape, Axis, Dyn, Tensor};
    /// let t = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[1]);
    /// let s: Tensor<f32, shape![3]> = t.try_squeeze(Axis::<0>).unwrap();
    /// assert!(Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[2]).try_squeeze(Axis::<0>).is_err());
    /// ```
    pub fn try_squeeze<A: OneAxis>(&self, _: A) -> Result<Tensor<T, SqueezedAxis<S, A>>, ShapeError>
    where
        S: SqueezeAxis<A>,
    {
        let k = <S as SqueezeAxis<A>>::AXIS;
        let shape = self.shape();
        if shape[k] != 1 {
            return Err(ShapeError::SqueezeSize {
                shape: shape.to_vec(),
                axis: k,
            });
        }
        let mut dims = [0usize; MAX_STATIC_RANK];
        dims[..k].copy_from_slice(&shape[..k]);
        dims[k..shape.len() - 1].copy_from_slice(&shape[k + 1..]);
        Ok(self.relayout(&dims[..shape.len() - 1]))
    }

    /// The size-1 dimension at axis `A` removed (see
    /// [`try_squeeze`](Self::try_squeeze); panics with its error's message
    /// where a `Dyn` size is not 1).
    ///
    /// ```
    /// use shaped::{dim_names, shape, Axis, Tensor};
    /// let t = Tensor::<f32, shape![2, 1, 3]>::zeros();
    /// let s: Tensor<f32, shape![2, 3]> = t.squeeze(Axis::<1>);
    /// dim_names!(ONE);
    /// let n = Tensor::<f32, shape![2, ONE: 1, 3]>::zeros();
    /// let m: Tensor<f32, shape![2, 3]> = n.squeeze(ONE);
    /// ```
    #[track_caller]
    pub fn squeeze<A: OneAxis>(&self, axis: A) -> Tensor<T, SqueezedAxis<S, A>>
    where
        S: SqueezeAxis<A>,
    {
        crate::ops::or_panic(self.try_squeeze(axis))
    }

    /// The axes reordered: `perm` is a tuple of one axis per dimension
    /// (`Axis<K>`, `AxisFromEnd<K>` or a dimension name), each axis once;
    /// result axis `i` is input axis `perm.i`.
    ///
    /// ```
    /// use shaped::{shape, Axis, Tensor};
    /// let t = Tensor::<i32, shape![2, 3, 4]>::arange();
    /// let p: Tensor<i32, shape![4, 2, 3]> = t.permute((Axis::<2>, Axis::<0>, Axis::<1>));
    /// assert_eq!(p[[3, 1, 2]], t[[1, 2, 3]]);
    /// ```
    pub fn permute<P>(&self, _: P) -> Tensor<T, Permuted<S, P>>
    where
        S: Permute<P>,
    {
        const {
            assert!(
                is_permutation(<S as Permute<P>>::PERM),
                "permute: every axis must appear exactly once"
            )
        };
        self.permuted(<S as Permute<P>>::PERM)
    }

    /// Axes `A` and `B` swapped (each `Axis<K>`, `AxisFromEnd<K>` or a
    /// dimension name).
    ///
    /// ```
    /// use shaped::{dim_names, shape, Axis, AxisFromEnd, Tensor};
    /// let m = Tensor::<i32, shape![2, 3]>::arange();
    /// let t: Tensor<i32, shape![3, 2]> = m.transpose(Axis::<0>, Axis::<1>);
    /// assert_eq!(t.as_slice(), &[0, 3, 1, 4, 2, 5]);
    /// dim_names!(H, W);
    /// let img = Tensor::<i32, shape![4, H: 2, W: 3]>::arange();
    /// let hw: Tensor<i32, shape![4, W: 3, H: 2]> = img.transpose(H, AxisFromEnd::<1>);
    /// assert_eq!(hw[[1, 2, 0]], img[[1, 0, 2]]);
    /// ```
    pub fn transpose<A: OneAxis, B: OneAxis>(
        &self,
        _: A,
        _: B,
    ) -> Tensor<T, TransposedAxes<S, A, B>>
    where
        S: TransposeAxes<A, B>,
    {
        let (a, b) = <S as TransposeAxes<A, B>>::AXES;
        let mut perm = [0usize; MAX_STATIC_RANK];
        for (i, p) in perm.iter_mut().enumerate() {
            *p = i;
        }
        perm.swap(a, b);
        self.permuted(&perm[..S::RANK])
    }

    /// This tensor broadcast to the static shape `S2`, or the error where a
    /// `Dyn` size does not fit (never for a static tensor).
    pub fn try_broadcast_to<S2: Shape>(&self) -> Result<Tensor<T, S2>, ShapeError>
    where
        S: BroadcastTo<S2>,
    {
        let shape = self.shape();
        if !S::STATIC {
            check_broadcast_to(&S2::DIMS, &shape)?;
        }
        let mut out = Tensor::<T, S2>::zeros();
        kernel::assign(
            out.as_mut_slice(),
            &S2::DIMS,
            self.as_slice(),
            &shape,
            |_, x| x,
        );
        Ok(out)
    }

    /// This tensor broadcast to the static shape `S2` (PyTorch's `expand`,
    /// materialised); panics with the error's message where a `Dyn` size
    /// does not fit.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let t = Tensor::<i32, shape![2, 1]>::from_slice(&[1, 2]).unwrap();
    /// let e: Tensor<i32, shape![2, 3]> = t.broadcast_to();
    /// assert_eq!(e.as_slice(), &[1, 1, 1, 2, 2, 2]);
    /// ```
    #[track_caller]
    pub fn broadcast_to<S2: Shape>(&self) -> Tensor<T, S2>
    where
        S: BroadcastTo<S2>,
    {
        crate::ops::or_panic(self.try_broadcast_to())
    }

    /// This tensor broadcast to the shape of `other`, of any layout
    /// (PyTorch's `expand_as`); the error where a size does not fit.
    ///
    /// ```
    /// use shaped::{shape, Dyn, Tensor};
    /// let row = Tensor::<f32, shape![3]>::ones();
    /// let batch = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[4]);
    /// let e: Tensor<f32, shape![Dyn, 3]> = row.try_broadcast_as(&batch).unwrap();
    /// assert_eq!(&*e.shape(), &[4, 3]);
    /// ```
    pub fn try_broadcast_as<U: Element, S2: Layout>(
        &self,
        other: &Tensor<U, S2>,
    ) -> Result<Tensor<T, S2>, ShapeError>
    where
        S: BroadcastTo<S2>,
    {
        let (target, shape) = (other.shape(), self.shape());
        check_broadcast_to(&target, &shape)?;
        let n = checked_numel::<T>(&target)?;
        let mut data = crate::error::try_vec(n, &target)?;
        kernel::binary_onto_vec(
            &mut data,
            &target,
            self.as_slice(),
            &shape,
            &[T::zero()],
            &[],
            |x, _| x,
        );
        Ok(Tensor::from_checked(data, &target))
    }

    /// The tensors joined along a new axis `K`, into the layout `S2` the
    /// caller names: an error if the parts' shapes differ, or if the result
    /// does not fit `S2` (a static size in `S2` that is not the number of
    /// parts). Works for every layout; [`stack`](Self::stack) checks static
    /// shapes when the program is built.
    ///
    /// ```
    /// use shaped::{shape, Axis, Dyn, Tensor};
    /// let a = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[2]);
    /// let b = Tensor::<f32, shape![Dyn, 3]>::ones_sized(&[2]);
    /// let s: Tensor<f32, shape![2, Dyn, 3]> = Tensor::try_stack([&a, &b], Axis::<0>).unwrap();
    /// assert_eq!(&*s.shape(), &[2, 2, 3]);
    /// let c = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[5]);
    /// assert!(Tensor::try_stack::<shape![2, Dyn, 3], 0>(&[&a, &c], Axis::<0>).is_err());
    /// ```
    pub fn try_stack<'a, S2: Layout, const K: usize>(
        parts: impl AsRef<[&'a Tensor<T, S>]>,
        _: Axis<K>,
    ) -> Result<Tensor<T, S2>, ShapeError>
    where
        T: 'a,
        S: 'a,
    {
        joined(parts.as_ref(), K, true)
    }

    /// The tensors joined along the existing axis `K`, into the layout `S2`
    /// the caller names: an error if the parts differ on another axis, or if
    /// the result does not fit `S2`. Works for every layout;
    /// [`cat`](Self::cat) checks static shapes when the program is built.
    ///
    /// ```
    /// use shaped::{shape, Axis, Dyn, Tensor};
    /// let a = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[2]);
    /// let b = Tensor::<f32, shape![Dyn, 3]>::ones_sized(&[4]);
    /// let c: Tensor<f32, shape![Dyn, 3]> = Tensor::try_cat([&a, &b], Axis::<0>).unwrap();
    /// assert_eq!(&*c.shape(), &[6, 3]);
    /// ```
    pub fn try_cat<'a, S2: Layout, const K: usize>(
        parts: impl AsRef<[&'a Tensor<T, S>]>,
        _: Axis<K>,
    ) -> Result<Tensor<T, S2>, ShapeError>
    where
        T: 'a,
        S: 'a,
    {
        joined(parts.as_ref(), K, false)
    }
}

impl<T: Element, S: Shape> Tensor<T, S> {
    /// The same elements with the static shape `S2`; the element counts
    /// must be equal, a bound (`S: ReshapeTo<S2>`) that `cargo check`
    /// reports (`cannot reshape [2, 3] into [4]: the element counts
    /// differ`). Layouts with a `Dyn` dimension use
    /// [`try_reshape`](Self::try_reshape).
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let t = Tensor::<i32, shape![6]>::arange().reshape::<shape![2, 3]>();
    /// assert_eq!(t[[1, 0]], 3);
    /// ```
    pub fn reshape<S2: Shape>(&self) -> Tensor<T, S2>
    where
        S: ReshapeTo<S2>,
    {
        // A size above 1024 passes the bound (see `shape::reshape`): this
        // checks it when the program is built.
        const {
            assert!(
                S::NUMEL == S2::NUMEL,
                "reshape: the two shapes have different element counts"
            )
        };
        self.relayout(&S2::DIMS)
    }
}

/// `dims` as a shape of layout `S2`, or the error naming both.
/// `parts` stacked along a new axis `k` (`stack`) or joined along the
/// existing axis `k`, checked against the layout `S2`.
fn joined<T: Element, S: Layout, S2: Layout>(
    parts: &[&Tensor<T, S>],
    k: usize,
    stack: bool,
) -> Result<Tensor<T, S2>, ShapeError> {
    let shapes: Vec<Dims> = parts.iter().map(|t| t.shape()).collect();
    let shapes: Vec<&[usize]> = shapes.iter().map(|d| &d[..]).collect();
    let data: Vec<&[T]> = parts.iter().map(|t| t.as_slice()).collect();
    let (dims, data) = if stack {
        let (_, dims) = join::stack_dims(&shapes, k)?;
        fits::<S2>(&dims)?;
        let data = join::stack_data(&data, shapes[0], k, &dims)?;
        (dims, data)
    } else {
        let (_, dims) = join::cat_dims(&shapes, k)?;
        fits::<S2>(&dims)?;
        let data = join::cat_data(&data, &shapes, k, &dims)?;
        (dims, data)
    };
    Ok(Tensor::from_checked(data, &dims))
}

fn fits<S2: Layout>(dims: &[usize]) -> Result<(), ShapeError> {
    match S2::extents_for(dims) {
        Some(_) => Ok(()),
        None => Err(ShapeError::Mismatch {
            expected: S2::TEMPLATE.to_vec(),
            got: dims.to_vec(),
        }),
    }
}
