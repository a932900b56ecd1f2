//! [`flatten`](crate::DynTensor::flatten) (a range of axes merged into
//! one), [`unflatten`](crate::DynTensor::unflatten) (one axis split into
//! several) and [`movedim`](crate::DynTensor::movedim) (one axis moved to
//! another position), with PyTorch's names, on runtime tensors, and on
//! static and mixed ones with the result layout computed by the compiler
//! ([`Tensor::flatten`], [`Tensor::unflatten`], [`Tensor::movedim`]). The
//! first two are reshapes (no reordering); `movedim` is a permutation.
//! Each rule is one function that every layout calls.
//!
//! ```
//! use shaped::DynTensor;
//! let t = DynTensor::<i32>::zeros(&[2, 3, 4]);
//! assert_eq!(t.flatten(1, -1).shape(), &[2, 12]);
//! assert_eq!(t.unflatten(2, &[2, 2]).shape(), &[2, 3, 2, 2]);
//! assert_eq!(t.movedim(0, -1).shape(), &[3, 4, 2]);
//! ```

use alloc::vec::Vec;

use crate::element::Element;
use crate::error::{OrFail, ShapeError};
use crate::shape::axes::Axis;
use crate::shape::axis::{self, AxisArg};
use crate::shape::flatten::{Flatten, FlattenDims, Flattened, FlattenedDims};
use crate::shape::list::{Layout, Shape};
use crate::shape::movedim::{MoveDim, MovedDim};
use crate::shape::unflatten::{Unflatten, Unflattened};
use crate::tensor::{DynTensor, Tensor};

/// The sizes of `shape` with axis `a` split into `sizes`, whose product
/// must be its size ([`ShapeError::Reshape`] otherwise): the rule of
/// `unflatten` on every layout.
fn unflattened_dims(shape: &[usize], a: usize, sizes: &[usize]) -> Result<Vec<usize>, ShapeError> {
    if sizes.iter().try_fold(1usize, |p, &s| p.checked_mul(s)) != Some(shape[a]) {
        return Err(ShapeError::Reshape {
            shape: sizes.to_vec(),
            numel: shape[a],
        });
    }
    let mut dims: Vec<usize> = shape[..a].to_vec();
    dims.extend_from_slice(sizes);
    dims.extend_from_slice(&shape[a + 1..]);
    Ok(dims)
}

/// The sizes of `shape` with axes `s` to `e` (`s <= e`, both in range)
/// merged into one: the rule of `flatten(start, end)` on every layout.
fn flattened_dims(shape: &[usize], s: usize, e: usize) -> Vec<usize> {
    let mut dims: Vec<usize> = shape[..s].to_vec();
    dims.push(shape[s..=e].iter().product());
    dims.extend_from_slice(&shape[e + 1..]);
    dims
}

/// The axis order of `movedim(source, destination)` on a tensor of rank
/// `rank` (both in range): the rule of `movedim` on every layout.
fn movedim_perm(rank: usize, source: usize, destination: usize) -> Vec<usize> {
    let mut perm: Vec<usize> = (0..rank).filter(|&k| k != source).collect();
    perm.insert(destination, source);
    perm
}

impl<T: Element> DynTensor<T> {
    /// Axes `start` to `end` (both included; negative counting from the
    /// end) merged into one (PyTorch's `flatten(start_dim, end_dim)`;
    /// `flatten(0, -1)` is NumPy's `ravel`). A rank-0 tensor becomes 1-D.
    /// A `start` after `end` merges nothing (PyTorch raises an error). The
    /// result has no names.
    pub fn try_flatten(&self, start: impl AxisArg, end: impl AxisArg) -> Result<Self, ShapeError> {
        let shape = self.shape();
        let (s, e) = (axis::existing(shape, start)?, axis::existing(shape, end)?);
        if shape.is_empty() {
            return self.reshape(&[1]);
        }
        if s > e {
            return Ok(self.clone().drop_names());
        }
        self.reshape(&flattened_dims(shape, s, e))
    }

    /// [`try_flatten`](Self::try_flatten), panicking with the error's message.
    #[track_caller]
    pub fn flatten(&self, start: impl AxisArg, end: impl AxisArg) -> Self {
        self.try_flatten(start, end).or_fail()
    }

    /// Axis `axis` split into axes of the given `sizes`, whose product must
    /// be its size ([`ShapeError::Reshape`] otherwise; PyTorch's
    /// `unflatten(dim, sizes)`). The result has no names.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<i32>::arange(6);
    /// assert_eq!(t.try_unflatten(0, &[2, 3]).unwrap().shape(), &[2, 3]);
    /// assert_eq!(t.try_unflatten(0, &[4, 2]).unwrap_err().to_string(),
    ///     "shape '[4, 2]' is invalid for input of size 6");
    /// ```
    pub fn try_unflatten(&self, axis: impl AxisArg, sizes: &[usize]) -> Result<Self, ShapeError> {
        let shape = self.shape();
        let a = axis::check(shape, axis, shape.len())?;
        self.reshape(&unflattened_dims(shape, a, sizes)?)
    }

    /// [`try_unflatten`](Self::try_unflatten), panicking with the error's
    /// message.
    #[track_caller]
    pub fn unflatten(&self, axis: impl AxisArg, sizes: &[usize]) -> Self {
        self.try_unflatten(axis, sizes).or_fail()
    }

    /// Axis `source` moved to position `destination`, the others keeping
    /// their order (PyTorch's `movedim` for one axis; NumPy's `moveaxis`).
    /// Names move with their axes.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<i32>::arange(6).reshape(&[1, 2, 3]).unwrap();
    /// let m = t.try_movedim(-1, 0).unwrap();
    /// assert_eq!(m.shape(), &[3, 1, 2]);
    /// assert_eq!(m.to_vec(), vec![0, 3, 1, 4, 2, 5]);
    /// ```
    pub fn try_movedim(
        &self,
        source: impl AxisArg,
        destination: impl AxisArg,
    ) -> Result<Self, ShapeError> {
        let shape = self.shape();
        let (s, d) = (
            axis::existing(shape, source)?,
            axis::existing(shape, destination)?,
        );
        if shape.is_empty() {
            return Ok(self.clone());
        }
        self.permute(&movedim_perm(shape.len(), s, d))
    }

    /// [`try_movedim`](Self::try_movedim), panicking with the error's
    /// message.
    #[track_caller]
    pub fn movedim(&self, source: impl AxisArg, destination: impl AxisArg) -> Self {
        self.try_movedim(source, destination).or_fail()
    }
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// All the elements as one axis (PyTorch's `flatten()`, NumPy's
    /// `ravel`). The compiler computes the size
    /// ([`Flattened<S>`](crate::shape::flatten::Flattened)): a static
    /// shape of at most 1024 elements gives `shape![N]`, a larger one or
    /// a layout with a `Dyn` size `shape![Dyn]`. A rank-0 tensor gives
    /// one element. The result has no names.
    ///
    /// ```
    /// use shaped::{shape, Dyn, DynTensor, Tensor};
    /// let t = Tensor::<i32, shape![2, 3]>::arange();
    /// let f: Tensor<i32, shape![6]> = t.flatten();
    /// assert_eq!(f.to_vec(), t.to_dyn().flatten(0, -1).to_vec());
    /// let m = Tensor::<i32, shape![Dyn, 3]>::zeros_sized(&[2]);
    /// let g: Tensor<i32, shape![Dyn]> = m.flatten();
    /// assert_eq!(g.numel(), 6);
    /// ```
    pub fn flatten(&self) -> Tensor<T, Flattened<S>>
    where
        S: Flatten,
    {
        self.relayout(&[self.numel()])
    }

    /// Axes `A` to `B` (both included, `Axis::<A>`, `Axis::<B>`) merged into one: PyTorch's
    /// `flatten(start_dim, end_dim)`, the layout computed by the compiler
    /// ([`FlattenedDims<S, A, B>`](FlattenedDims)): the merged size is
    /// static when its factors are and their product is at most 1024,
    /// else `Dyn`. The other axes keep their sizes and names. An axis out
    /// of range, or `A` after `B`, does not compile.
    ///
    /// ```
    /// use shaped::{shape, Axis, Dyn, Tensor};
    /// let t = Tensor::<i32, shape![2, 3, 4, 5]>::arange();
    /// let f: Tensor<i32, shape![2, 12, 5]> = t.flatten_dims(Axis::<1>, Axis::<2>);
    /// assert_eq!(f.to_vec(), t.to_dyn().flatten(1, 2).to_vec());
    /// let m = Tensor::<i32, shape![Dyn, 3, 4]>::zeros_sized(&[2]);
    /// let g: Tensor<i32, shape![Dyn, 12]> = m.flatten_dims(Axis::<1>, Axis::<2>);
    /// assert_eq!(g.shape().as_slice(), &[2, 12]);
    /// ```
    pub fn flatten_dims<const A: usize, const B: usize>(
        &self,
        _start: Axis<A>,
        _end: Axis<B>,
    ) -> Tensor<T, FlattenedDims<S, A, B>>
    where
        S: FlattenDims<A, B>,
    {
        let (s, e) = <S as FlattenDims<A, B>>::AXES;
        self.relayout(&flattened_dims(&self.shape(), s, e))
    }

    /// Axis `A` moved to position `B`, the others keeping their order
    /// (PyTorch's `movedim` for one axis; NumPy's `moveaxis`), the layout
    /// computed by the compiler ([`MovedDim<S, A, B>`](MovedDim)). Each axis is
    /// `Axis<K>`, `AxisFromEnd<K>` or a dimension name; one out of range
    /// does not compile. Names move with their axes.
    ///
    /// ```
    /// use shaped::{shape, Axis, AxisFromEnd, Dyn, Tensor};
    /// let t = Tensor::<i32, shape![1, 2, 3]>::arange();
    /// let m: Tensor<i32, shape![3, 1, 2]> = t.movedim(AxisFromEnd::<1>, Axis::<0>);
    /// assert_eq!(m.to_vec(), t.to_dyn().movedim(-1, 0).to_vec());
    /// let d = Tensor::<i32, shape![Dyn, 3]>::zeros_sized(&[4]);
    /// let e: Tensor<i32, shape![3, Dyn]> = d.movedim(Axis::<0>, Axis::<1>);
    /// assert_eq!(e.shape().as_slice(), &[3, 4]);
    /// ```
    pub fn movedim<A, B>(&self, _source: A, _destination: B) -> Tensor<T, MovedDim<S, A, B>>
    where
        S: MoveDim<A, B>,
    {
        let (s, d) = <S as MoveDim<A, B>>::AXES;
        self.permuted(&movedim_perm(S::RANK, s, d))
    }

    /// Axis `A` split into the static sizes `Sz` (a `shape![..]`), whose
    /// product must be its size (PyTorch's `unflatten(dim, sizes)`): the
    /// layout is computed by the compiler
    /// ([`Unflattened<S, A, Sz>`](Unflattened)). For a static axis a
    /// wrong product does not compile; for a `Dyn` one it is
    /// [`ShapeError::Reshape`]. Rust cannot name the type of an `impl`
    /// argument in the result, so the axis is the second type parameter:
    /// write `_` for it.
    ///
    /// ```
    /// use shaped::{shape, Axis, Dyn, Tensor};
    /// let t = Tensor::<i32, shape![Dyn, 6]>::zeros_sized(&[12]);
    /// let u: Tensor<i32, shape![4, 3, 6]> = t.try_unflatten::<shape![4, 3], _>(Axis::<0>).unwrap();
    /// assert_eq!(u.numel(), 72);
    /// let bad = t.try_unflatten::<shape![5, 2], _>(Axis::<0>).unwrap_err();
    /// assert_eq!(bad.to_string(), "shape '[5, 2]' is invalid for input of size 12");
    /// ```
    pub fn try_unflatten<Sz: Shape, A>(
        &self,
        _axis: A,
    ) -> Result<Tensor<T, Unflattened<S, A, Sz>>, ShapeError>
    where
        S: Unflatten<A, Sz>,
    {
        let dims = unflattened_dims(&self.shape(), <S as Unflatten<A, Sz>>::AXIS, &Sz::DIMS)?;
        Ok(self.relayout(&dims))
    }

    /// [`try_unflatten`](Self::try_unflatten), panicking with the error's
    /// message (only where the axis is `Dyn`: a static one is checked by
    /// the compiler).
    ///
    /// ```
    /// use shaped::{shape, Axis, Tensor};
    /// let t = Tensor::<i32, shape![2, 6]>::arange();
    /// let u: Tensor<i32, shape![2, 2, 3]> = t.unflatten::<shape![2, 3], _>(Axis::<1>);
    /// assert_eq!(u.to_vec(), t.to_dyn().unflatten(1, &[2, 3]).to_vec());
    /// ```
    #[track_caller]
    pub fn unflatten<Sz: Shape, A>(&self, axis: A) -> Tensor<T, Unflattened<S, A, Sz>>
    where
        S: Unflatten<A, Sz>,
    {
        self.try_unflatten::<Sz, A>(axis).or_fail()
    }
}
