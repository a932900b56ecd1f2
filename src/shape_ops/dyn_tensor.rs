//! Shape operations on runtime tensors: `unsqueeze`, `squeeze`, `permute`,
//! `transpose`, `stack` and `cat`.
//!
//! Every one returns a new, contiguous tensor (their zero-copy forms, which
//! return views, are on [`DynView`](crate::DynView): `t.view().permute(..)`,
//! `t.t()`, `t.view().broadcast_to(..)`), or a
//! [`ShapeError`] worded as PyTorch words it when an axis is out of range or
//! the shapes do not fit together. Dimension names move with their
//! dimensions; `unsqueeze` inserts an unnamed one; `stack` and `cat` unify
//! the tensors' names (see [`crate::tensor::names`]).
//!
//! ```
//! use shaped::DynTensor;
//! let b = DynTensor::from_vec(vec![1, 2], &[2]).unwrap();
//! assert_eq!(b.unsqueeze(1).unwrap().shape(), &[2, 1]); // b[:, None]
//! assert_eq!(b.unsqueeze(0).unwrap().shape(), &[1, 2]); // b[None]
//! let s = DynTensor::stack(&[b.clone(), b.clone(), b], 0).unwrap();
//! assert_eq!(s.shape(), &[3, 2]);
//! assert_eq!(s.permute(&[1, 0]).unwrap().to_vec(), vec![1, 1, 1, 2, 2, 2]);
//! ```

use alloc::vec::Vec;
use core::borrow::Borrow;

use crate::element::Element;
use crate::error::{ShapeError, ShapeErrorKind, checked_numel, try_to_vec};
use crate::kernel;
use crate::shape::axis::{self, AxisArg};
use crate::shape::broadcast::check_broadcast_to;
use crate::shape::names::runtime as named;
use crate::tensor::DynTensor;
use crate::tensor::names::unify;

use super::join;

/// One of the tensors [`stack`](DynTensor::stack) and
/// [`cat`](DynTensor::cat) join: a `DynTensor` or a reference to one. Only
/// these two, so that an empty list (`&[]`) needs no annotation.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a runtime tensor to stack or concatenate",
    label = "expected `DynTensor<T>` or `&DynTensor<T>` items",
    note = "pass the tensors as `[&a, &b]`, `&[a, b]`, `&vec` or an iterator; `&[&a, &b]` holds one reference too many"
)]
pub trait TensorItem<T>: Borrow<DynTensor<T>> {}
impl<T> TensorItem<T> for DynTensor<T> {}
impl<T> TensorItem<T> for &DynTensor<T> {}

impl<T: Element> DynTensor<T> {
    /// The same elements with a size-1 axis inserted at `axis`
    /// (`0..=rank`): `b[:, None]` is `b.unsqueeze(1)`, `b[None]` is
    /// `b.unsqueeze(0)`.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let b = DynTensor::from_vec(vec![1, 2], &[2]).unwrap();
    /// let col = b.unsqueeze(1).unwrap();
    /// assert_eq!(col.shape(), &[2, 1]);
    /// assert_eq!(
    ///     b.unsqueeze(3).unwrap_err().to_string().lines().next().unwrap(),
    ///     "Dimension out of range (expected to be in range of [-2, 1], but got 3)"
    /// );
    /// ```
    pub fn unsqueeze(&self, axis: impl AxisArg) -> Result<DynTensor<T>, ShapeError> {
        let shape = self.shape();
        let axis = axis::check(shape, axis, shape.len() + 1)?;
        let mut dims = shape.to_vec();
        dims.insert(axis, 1);
        checked_numel::<T>(&dims)?; // the rank limit
        let mut out = DynTensor::from_parts(try_to_vec(self.as_slice(), &dims)?, &dims);
        out.names = named::insert_unnamed(self.names.as_deref(), axis);
        Ok(out)
    }

    /// The same elements without the size-1 axis `axis`.
    ///
    /// Unlike PyTorch, which returns the tensor unchanged when the axis's
    /// size is not 1, this is an error ([`ShapeError::SqueezeSize`], NumPy's
    /// behaviour): a squeeze that does nothing is usually a bug. A rank-0
    /// tensor accepts axis 0 and stays as it is, as in PyTorch.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<f32>::zeros(&[2, 1, 3]);
    /// assert_eq!(t.squeeze(1).unwrap().shape(), &[2, 3]);
    /// assert!(t.squeeze(0).is_err());
    /// ```
    pub fn squeeze(&self, axis: impl AxisArg) -> Result<DynTensor<T>, ShapeError> {
        let shape = self.shape();
        let axis = axis::existing(shape, axis)?;
        if shape.is_empty() {
            return Ok(self.clone());
        }
        if shape[axis] != 1 {
            return Err(ShapeError::SqueezeSize {
                shape: shape.to_vec(),
                axis,
            });
        }
        let mut dims = shape.to_vec();
        dims.remove(axis);
        let mut out = DynTensor::from_parts(try_to_vec(self.as_slice(), &dims)?, &dims);
        out.names = named::remove(self.names.as_deref(), axis);
        Ok(out)
    }

    /// The axes reordered: axis `i` of the result is axis `perm[i]` of
    /// `self`. `perm` must list every axis exactly once.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<i32>::arange(6).reshape(&[1, 2, 3]).unwrap();
    /// let p = t.permute(&[2, 0, 1]).unwrap();
    /// assert_eq!(p.shape(), &[3, 1, 2]);
    /// assert_eq!(p.to_vec(), vec![0, 3, 1, 4, 2, 5]);
    /// ```
    pub fn permute<A: AxisArg>(&self, perm: &[A]) -> Result<DynTensor<T>, ShapeError> {
        let shape = self.shape();
        if perm.len() != shape.len() {
            // Negative entries as PyTorch would read them, counted from the rank.
            let rank = shape.len() as i128;
            let perm = perm
                .iter()
                .map(|a| {
                    let a = a.signed();
                    usize::try_from(if a < 0 { a + rank } else { a }).unwrap_or(0)
                })
                .collect();
            return Err(ShapeError::PermuteLength {
                shape: shape.to_vec(),
                perm,
            });
        }
        axis::mask(shape, perm)?;
        let perm = axis::resolve(shape, perm)?;
        let strides = kernel::strides(shape);
        let dims: Vec<usize> = perm.iter().map(|&p| shape[p]).collect();
        let view: Vec<usize> = perm.iter().map(|&p| strides[p]).collect();
        let data = kernel::try_gather(self.as_slice(), &dims, &view)?;
        let mut out = DynTensor::from_parts(data, &dims);
        out.names = named::permute(self.names.as_deref(), &perm);
        Ok(out)
    }

    /// Axes `a` and `b` swapped (a matrix transpose for `transpose(0, 1)`).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let m = DynTensor::<i32>::arange(6).reshape(&[2, 3]).unwrap();
    /// let t = m.transpose(0, 1).unwrap();
    /// assert_eq!(t.shape(), &[3, 2]);
    /// assert_eq!(t.to_vec(), vec![0, 3, 1, 4, 2, 5]);
    /// ```
    pub fn transpose(&self, a: impl AxisArg, b: impl AxisArg) -> Result<DynTensor<T>, ShapeError> {
        let shape = self.shape();
        let a = axis::existing(shape, a)?;
        let b = axis::existing(shape, b)?;
        if shape.is_empty() {
            return Ok(self.clone());
        }
        let mut perm: Vec<usize> = (0..shape.len()).collect();
        perm.swap(a, b);
        self.permute(&perm)
    }

    /// The tensors joined along a NEW axis inserted at `axis` (`0..=rank`);
    /// they must all have the same shape. Takes tensors or references to
    /// them: `&[a, b]`, `[&a, &b]`, `&vec`, an iterator; an empty list
    /// (`&[]`) needs no annotation and is an error.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let a = DynTensor::from_vec(vec![1, 2], &[2]).unwrap();
    /// let b = DynTensor::from_vec(vec![3, 4], &[2]).unwrap();
    /// let rows = DynTensor::stack(&[a.clone(), b.clone()], 0).unwrap();
    /// assert_eq!((rows.shape(), rows.to_vec()), (&[2, 2][..], vec![1, 2, 3, 4]));
    /// let cols = DynTensor::stack([&a, &b], 1).unwrap();
    /// assert!(DynTensor::<i32>::stack(&[], 0).is_err());
    /// assert_eq!(cols.to_vec(), vec![1, 3, 2, 4]);
    /// ```
    pub fn stack<I>(tensors: I, axis: impl AxisArg) -> Result<DynTensor<T>, ShapeError>
    where
        I: IntoIterator,
        I::Item: TensorItem<T>,
    {
        let tensors: Vec<I::Item> = tensors.into_iter().collect();
        let shapes: Vec<&[usize]> = tensors.iter().map(|t| t.borrow().shape()).collect();
        let (axis, dims) = join::stack_dims(&shapes, axis)?;
        let names = unify(&tensors, Some(axis))?;
        let parts: Vec<&[T]> = tensors.iter().map(|t| t.borrow().as_slice()).collect();
        let data = join::stack_data(&parts, shapes[0], axis, &dims)?;
        let mut out = DynTensor::from_parts(data, &dims);
        out.names = names;
        Ok(out)
    }

    /// The tensors joined along the EXISTING axis `axis`; they must have the
    /// same rank and the same sizes on every other axis. Takes the tensors
    /// as [`stack`](Self::stack) does.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let a = DynTensor::<i32>::zeros(&[2, 1]);
    /// let b = DynTensor::<i32>::ones(&[2, 2]);
    /// let c = DynTensor::cat(&[a, b], 1).unwrap();
    /// assert_eq!((c.shape(), c.to_vec()), (&[2, 3][..], vec![0, 1, 1, 0, 1, 1]));
    /// ```
    pub fn cat<I>(tensors: I, axis: impl AxisArg) -> Result<DynTensor<T>, ShapeError>
    where
        I: IntoIterator,
        I::Item: TensorItem<T>,
    {
        let tensors: Vec<I::Item> = tensors.into_iter().collect();
        let shapes: Vec<&[usize]> = tensors.iter().map(|t| t.borrow().shape()).collect();
        let (axis, dims) = join::cat_dims(&shapes, axis)?;
        let names = unify(&tensors, None)?;
        let parts: Vec<&[T]> = tensors.iter().map(|t| t.borrow().as_slice()).collect();
        let data = join::cat_data(&parts, &shapes, axis, &dims)?;
        let mut out = DynTensor::from_parts(data, &dims);
        out.names = names;
        Ok(out)
    }
}

impl<T: Element> DynTensor<T> {
    /// The same elements with another shape of the same element count.
    /// The result has no dimension names (a reshape can split and merge
    /// dimensions, so names would not mean anything).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<f32>::arange(6);
    /// assert_eq!(t.reshape(&[3, 2]).unwrap().shape(), &[3, 2]);
    /// assert_eq!(t.reshape(&[2, 2, 1]).unwrap_err().to_string(),
    ///     "shape '[2, 2, 1]' is invalid for input of size 6");
    /// ```
    pub fn reshape(&self, shape: &[usize]) -> Result<DynTensor<T>, ShapeError> {
        // The shape first: a copy only for a valid one, and a fallible one.
        let n = checked_numel::<T>(shape)?;
        if n != self.numel() {
            let kind = ShapeErrorKind::Reshape {
                numel: self.numel(),
            };
            return Err(ShapeError::new(kind, shape, &[], None));
        }
        Ok(DynTensor::from_parts(try_to_vec(&self.data, shape)?, shape))
    }

    /// This tensor broadcast to `shape` (PyTorch's `expand`, materialised):
    /// `shape` has at least this tensor's rank and, aligned from the right,
    /// each of this tensor's sizes is 1 or equal to `shape`'s. Dimension
    /// names stay with their dimensions; the new leading ones are unnamed.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![1, 2, 3], &[3, 1]).unwrap();
    /// let e = t.broadcast_to(&[2, 3, 4]).unwrap();
    /// assert_eq!(e.shape(), &[2, 3, 4]);
    /// assert_eq!(&e.to_vec()[..8], &[1, 1, 1, 1, 2, 2, 2, 2]);
    /// ```
    pub fn broadcast_to(&self, shape: &[usize]) -> Result<DynTensor<T>, ShapeError> {
        if self.rank() > shape.len() {
            return Err(ShapeError::new(
                ShapeErrorKind::ExpandRank,
                shape,
                self.shape(),
                None,
            ));
        }
        check_broadcast_to(shape, self.shape())?;
        let mut out = DynTensor::try_zeros(shape)?;
        kernel::assign(&mut out.data, shape, &self.data, self.shape(), |_, x| x);
        out.names = crate::shape::names::runtime::pad_names(self.names.as_deref(), shape.len());
        Ok(out)
    }
}
