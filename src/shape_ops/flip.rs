//! [`flip`](crate::DynTensor::flip) (the order of elements along axes
//! reversed, materialised: PyTorch's `flip`, NumPy's `flip`, `t[::-1]`
//! copied) and [`roll`](crate::DynTensor::roll) (elements shifted
//! cyclically along an axis), on every layout. Both keep the layout, the
//! sizes and the names; one implementation (on row-major elements and
//! sizes) serves every tensor kind.
//!
//! ```
//! use shaped::{shape, DynTensor, Tensor};
//! let t = Tensor::<i32, shape![2, 3]>::arange();
//! assert_eq!(t.flip(&[1]).as_slice(), &[2, 1, 0, 5, 4, 3]);
//! assert_eq!(t.flip(&[0, -1]).as_slice(), &[5, 4, 3, 2, 1, 0]);
//! assert_eq!(t.roll(1, -1).as_slice(), &[2, 0, 1, 5, 3, 4]);
//! let d = DynTensor::<i32>::arange(4);
//! assert!(d.try_flip(&[1]).is_err());
//! ```

use alloc::vec::Vec;

use crate::element::Element;
use crate::error::{OrFail, ShapeError};
use crate::shape::axis::{self, AxisArg};
use crate::shape::layout_axis::{AxisOn, FlipAxes};
use crate::shape::list::Layout;
use crate::tensor::{DynTensor, Tensor};

/// `src` (sizes `dims`) with the order reversed along the axes of `flipped`.
pub(crate) fn flip_data<T: Copy>(src: &[T], dims: &[usize], flipped: &[bool]) -> Vec<T> {
    let mut out = Vec::with_capacity(src.len());
    let Some(last) = flipped.iter().rposition(|&f| f) else {
        out.extend_from_slice(src);
        return out;
    };
    if src.is_empty() {
        return out;
    }
    // The axes after the last flipped one are copied as one block.
    let block: usize = dims[last + 1..].iter().product();
    flip_axis(src, &dims[..=last], &flipped[..=last], block, &mut out);
    out
}

/// Appends `src`, of sizes `dims` then a block of `block` elements, flipped
/// where `flipped` says; the last axis of `dims` is flipped.
fn flip_axis<T: Copy>(src: &[T], dims: &[usize], flipped: &[bool], block: usize, out: &mut Vec<T>) {
    let (&n, rest) = dims.split_first().unwrap_or((&1, &[]));
    let step = src.len() / n;
    if rest.is_empty() {
        if block == 1 {
            out.extend(src.iter().rev());
        } else {
            for piece in src.chunks_exact(block).rev() {
                out.extend_from_slice(piece);
            }
        }
        return;
    }
    for i in 0..n {
        let j = if flipped[0] { n - 1 - i } else { i };
        flip_axis(
            &src[j * step..(j + 1) * step],
            rest,
            &flipped[1..],
            block,
            out,
        );
    }
}

/// `src` (sizes `dims`) shifted by `shift` places along `axis`, cyclically.
pub(crate) fn roll_data<T: Copy>(src: &[T], dims: &[usize], shift: isize, axis: usize) -> Vec<T> {
    let n = dims.get(axis).copied().unwrap_or(1);
    let mut out = Vec::with_capacity(src.len());
    // A rank-0 tensor rolls to itself (NumPy's rule), as an empty one does.
    if src.is_empty() || n == 0 || dims.is_empty() {
        out.extend_from_slice(src);
        return out;
    }
    let s = shift.rem_euclid(n as isize) as usize;
    let inner: usize = dims[axis + 1..].iter().product();
    // Each run along the axis: its last `s` rows first, then the others.
    for run in src.chunks_exact(n * inner) {
        let (head, tail) = run.split_at((n - s) * inner);
        out.extend_from_slice(tail);
        out.extend_from_slice(head);
    }
    out
}

/// The axes to flip as a mask, or PyTorch's error.
fn flip_mask<A: AxisArg>(dims: &[usize], axes: &[A]) -> Result<Vec<bool>, ShapeError> {
    axis::mask(dims, axes)
}

impl<T: Element> DynTensor<T> {
    /// The elements in reverse order along each of `axes` (PyTorch's
    /// `flip(dims)`, NumPy's `flip(m, axis)`), copied; negative axes count
    /// from the end. An axis out of range or listed twice is an error.
    pub fn try_flip<A: AxisArg>(&self, axes: &[A]) -> Result<Self, ShapeError> {
        let mask = flip_mask(self.shape(), axes)?;
        let mut out = DynTensor::from_parts(
            flip_data(self.as_slice(), self.shape(), &mask),
            self.shape(),
        );
        out.names = self.names.clone();
        Ok(out)
    }

    /// [`try_flip`](Self::try_flip), panicking with the error's message.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<i32>::arange(6).reshape(&[3, 2]).unwrap();
    /// assert_eq!(t.flip(&[0]).to_vec(), vec![4, 5, 2, 3, 0, 1]);
    /// ```
    #[track_caller]
    pub fn flip<A: AxisArg>(&self, axes: &[A]) -> Self {
        self.try_flip(axes).or_fail()
    }

    /// The elements shifted `shift` places along `axis`, those pushed off
    /// the end coming back at the start (PyTorch's `roll(shifts, dims)`
    /// for one axis, NumPy's `roll(a, shift, axis)`); a negative shift goes
    /// the other way. Roll several axes by calling it for each, and the
    /// flattened tensor by rolling a `reshape`d one.
    pub fn try_roll(&self, shift: isize, axis: impl AxisArg) -> Result<Self, ShapeError> {
        let axis = axis::existing(self.shape(), axis)?;
        let mut out = DynTensor::from_parts(
            roll_data(self.as_slice(), self.shape(), shift, axis),
            self.shape(),
        );
        out.names = self.names.clone();
        Ok(out)
    }

    /// [`try_roll`](Self::try_roll), panicking with the error's message.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<i32>::arange(5);
    /// assert_eq!(t.roll(2, 0).to_vec(), vec![3, 4, 0, 1, 2]);
    /// assert_eq!(t.roll(-1, 0).to_vec(), vec![1, 2, 3, 4, 0]);
    /// ```
    #[track_caller]
    pub fn roll(&self, shift: isize, axis: impl AxisArg) -> Self {
        self.try_roll(shift, axis).or_fail()
    }
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// The elements in reverse order along each of `axes` (see
    /// [`DynTensor::try_flip`]); the layout stays. The axes are typed
    /// (`&[Axis::<0>]`, `&(Axis::<0>, AxisFromEnd::<1>)`: checked by the
    /// compiler) or numbers (`&[0, -1]`: checked here), see [`FlipAxes`].
    pub fn try_flip<A: FlipAxes<S> + ?Sized>(&self, axes: &A) -> Result<Self, ShapeError> {
        let dims = self.shape();
        let mask = axes.mask(&dims)?;
        Ok(Tensor::from_checked(
            flip_data(self.as_slice(), &dims, &mask),
            &dims,
        ))
    }

    /// [`try_flip`](Self::try_flip), panicking with the error's message
    /// (a typed axis cannot fail).
    ///
    /// ```
    /// use shaped::{shape, Axis, AxisFromEnd, Dyn, Tensor};
    /// let t = Tensor::<i32, shape![2, 3]>::arange();
    /// assert_eq!(t.flip(&[Axis::<1>]).to_vec(), vec![2, 1, 0, 5, 4, 3]);
    /// let m: Tensor<i32, shape![Dyn, 3]> = t.into_mixed();
    /// assert_eq!(m.flip(&(Axis::<0>, AxisFromEnd::<1>)).to_vec(), vec![5, 4, 3, 2, 1, 0]);
    /// ```
    #[track_caller]
    pub fn flip<A: FlipAxes<S> + ?Sized>(&self, axes: &A) -> Self {
        self.try_flip(axes).or_fail()
    }

    /// The elements shifted cyclically along `axis` (see
    /// [`DynTensor::try_roll`]); the layout stays. The axis is typed
    /// (`Axis::<1>`, checked by the compiler) or a number, see [`AxisOn`].
    pub fn try_roll(&self, shift: isize, axis: impl AxisOn<S>) -> Result<Self, ShapeError> {
        let dims = self.shape();
        let axis = axis.position(&dims)?;
        Ok(Tensor::from_checked(
            roll_data(self.as_slice(), &dims, shift, axis),
            &dims,
        ))
    }

    /// [`try_roll`](Self::try_roll), panicking with the error's message.
    ///
    /// ```
    /// use shaped::{shape, Axis, Tensor};
    /// let t = Tensor::<i32, shape![2, 3]>::arange();
    /// assert_eq!(t.roll(1, Axis::<1>).to_vec(), vec![2, 0, 1, 5, 3, 4]);
    /// ```
    #[track_caller]
    pub fn roll(&self, shift: isize, axis: impl AxisOn<S>) -> Self {
        self.try_roll(shift, axis).or_fail()
    }
}
