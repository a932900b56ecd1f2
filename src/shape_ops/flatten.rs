//! [`flatten`](crate::DynTensor::flatten) (a range of axes merged into
//! one), [`unflatten`](crate::DynTensor::unflatten) (one axis split into
//! several) and [`movedim`](crate::DynTensor::movedim) (one axis moved to
//! another position), with PyTorch's names, on runtime tensors. The first
//! two are reshapes (no reordering); `movedim` is a permutation.
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
use crate::error::{ShapeError, fail};
use crate::shape::axis::{self, AxisArg};
use crate::shape::dim::Dyn;
use crate::shape::list::{Cons, Layout, Nil};
use crate::shape::mixed::Mixed;
use crate::tensor::{DynTensor, Tensor};

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
        let mut dims: Vec<usize> = shape[..s].to_vec();
        dims.push(shape[s..=e].iter().product());
        dims.extend_from_slice(&shape[e + 1..]);
        self.reshape(&dims)
    }

    /// [`try_flatten`](Self::try_flatten), panicking with the error's message.
    #[track_caller]
    pub fn flatten(&self, start: impl AxisArg, end: impl AxisArg) -> Self {
        self.try_flatten(start, end).unwrap_or_else(|e| fail(e))
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
        if sizes.iter().try_fold(1usize, |p, &s| p.checked_mul(s)) != Some(shape[a]) {
            return Err(ShapeError::Reshape {
                shape: sizes.to_vec(),
                numel: shape[a],
            });
        }
        let mut dims: Vec<usize> = shape[..a].to_vec();
        dims.extend_from_slice(sizes);
        dims.extend_from_slice(&shape[a + 1..]);
        self.reshape(&dims)
    }

    /// [`try_unflatten`](Self::try_unflatten), panicking with the error's
    /// message.
    #[track_caller]
    pub fn unflatten(&self, axis: impl AxisArg, sizes: &[usize]) -> Self {
        self.try_unflatten(axis, sizes).unwrap_or_else(|e| fail(e))
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
        let mut perm: Vec<usize> = (0..shape.len()).filter(|&k| k != s).collect();
        perm.insert(d, s);
        self.permute(&perm)
    }

    /// [`try_movedim`](Self::try_movedim), panicking with the error's
    /// message.
    #[track_caller]
    pub fn movedim(&self, source: impl AxisArg, destination: impl AxisArg) -> Self {
        self.try_movedim(source, destination)
            .unwrap_or_else(|e| fail(e))
    }
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// All the elements as one axis (PyTorch's `flatten()`, NumPy's
    /// `ravel`), as a `shape![Dyn]` tensor: the compiler knows the rank (1),
    /// the size is the element count. A rank-0 tensor gives one element.
    ///
    /// ```
    /// use shaped::{shape, Dyn, Tensor};
    /// let t = Tensor::<i32, shape![2, 3]>::arange();
    /// let f: Tensor<i32, shape![Dyn]> = t.flatten();
    /// assert_eq!(f.to_vec(), (0..6).collect::<Vec<_>>());
    /// ```
    pub fn flatten(&self) -> Tensor<T, Mixed<Cons<Dyn, Nil>>> {
        Tensor::from_checked(self.to_vec(), &[self.numel()])
    }
}
