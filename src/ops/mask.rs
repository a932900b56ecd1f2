//! Boolean tensors: `DynTensor<bool>`, the result of comparisons
//! ([`try_gt`](crate::DynTensor::try_gt) and friends).
//!
//! `bool` is not an [`Element`] (it has no arithmetic), so a boolean tensor
//! has its own small set of methods: its shape and elements, `any`, `all`,
//! `count`, `!mask` and the logical `and`/`or` with broadcasting, conversion to
//! numbers with [`cast`](crate::DynTensor::<bool>::cast), and
//! [`where_cond`](crate::DynTensor::<bool>::where_cond) (PyTorch's `where`).
//! It prints as PyTorch prints one: `tensor([ True, False])`.
//!
//! ```
//! use shaped::DynTensor;
//! let t = DynTensor::from_vec(vec![1.0, -2.0, 3.0], &[3]).unwrap();
//! let positive = t.try_gt(&DynTensor::scalar(0.0)).unwrap();
//! assert_eq!(positive.to_string(), "tensor([ True, False,  True])");
//! assert_eq!(positive.count(), 2);
//! let relu = positive.where_cond(&t, &DynTensor::scalar(0.0)).unwrap();
//! assert_eq!(relu.to_vec(), vec![1.0, 0.0, 3.0]);
//! ```

use alloc::vec::Vec;
use core::fmt;

use super::masked_fill::RuntimeArg;
use crate::element::Element;
use crate::error::{ShapeError, checked_numel};
use crate::kernel;
use crate::tensor::DynTensor;

impl DynTensor<bool> {
    /// A boolean tensor of `shape` holding `data` in row-major order; `data`
    /// must have exactly as many elements as the shape.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let m = DynTensor::from_bools(vec![true, false], &[2, 1]).unwrap();
    /// assert_eq!(m.shape(), &[2, 1]);
    /// ```
    pub fn from_bools(data: Vec<bool>, shape: &[usize]) -> Result<Self, ShapeError> {
        if checked_numel::<bool>(shape)? != data.len() {
            return Err(ShapeError::Reshape {
                shape: shape.to_vec(),
                numel: data.len(),
            });
        }
        Ok(DynTensor::from_parts(data, shape))
    }

    /// The sizes, outermost first.
    pub fn shape(&self) -> &[usize] {
        self.dims()
    }

    /// The number of elements.
    pub fn numel(&self) -> usize {
        self.data().len()
    }

    /// The number of dimensions.
    pub fn rank(&self) -> usize {
        self.dims().len()
    }

    /// The elements in row-major order.
    pub fn as_slice(&self) -> &[bool] {
        self.data()
    }

    /// The elements in row-major order, copied into a `Vec`.
    pub fn to_vec(&self) -> Vec<bool> {
        self.data().to_vec()
    }

    /// Whether any element is `true` (`false` for an empty tensor).
    pub fn any(&self) -> bool {
        self.data().iter().any(|&b| b)
    }

    /// Whether every element is `true` (`true` for an empty tensor).
    pub fn all(&self) -> bool {
        self.data().iter().all(|&b| b)
    }

    /// How many elements are `true`.
    pub fn count(&self) -> usize {
        self.data().iter().filter(|&&b| b).count()
    }

    /// `self & other` elementwise with broadcasting (PyTorch's `logical_and`).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let a = DynTensor::from_bools(vec![true, false], &[2]).unwrap();
    /// let b = DynTensor::from_bools(vec![true], &[1]).unwrap();
    /// assert_eq!(a.try_and(&b).unwrap().to_vec(), vec![true, false]);
    /// ```
    pub fn try_and(&self, other: &DynTensor<bool>) -> Result<DynTensor<bool>, ShapeError> {
        super::operand::zip(self.side(), other.side(), |a, b| a & b)
    }

    /// `self | other` elementwise with broadcasting (PyTorch's `logical_or`).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let a = DynTensor::from_bools(vec![true, false], &[2]).unwrap();
    /// let b = DynTensor::from_bools(vec![false], &[1]).unwrap();
    /// assert_eq!(a.try_or(&b).unwrap().to_vec(), vec![true, false]);
    /// ```
    pub fn try_or(&self, other: &DynTensor<bool>) -> Result<DynTensor<bool>, ShapeError> {
        super::operand::zip(self.side(), other.side(), |a, b| a | b)
    }

    /// The mask as numbers: 1 for `true`, 0 for `false` (PyTorch's
    /// `mask.float()`, `mask.long()`).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let m = DynTensor::from_bools(vec![true, false, true], &[3]).unwrap();
    /// assert_eq!(m.cast::<f32>().to_vec(), vec![1.0, 0.0, 1.0]);
    /// ```
    pub fn cast<T: Element>(&self) -> DynTensor<T> {
        let data = self
            .data()
            .iter()
            .map(|&b| if b { T::one() } else { T::zero() })
            .collect();
        let mut out = DynTensor::from_parts(data, self.dims());
        out.names = self.names.clone();
        out
    }

    /// `yes` where the mask is `true` and `no` where it is `false`, the
    /// three broadcast together (PyTorch's `torch.where(mask, yes, no)`;
    /// named after candle's `where_cond`, as `where` is a Rust keyword and a
    /// trailing `_` means "in place" to PyTorch users).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let m = DynTensor::from_bools(vec![true, false], &[2, 1]).unwrap();
    /// let yes = DynTensor::from_vec(vec![1, 2, 3], &[3]).unwrap();
    /// let w = m.where_cond(&yes, &DynTensor::scalar(0)).unwrap();
    /// assert_eq!((w.shape(), w.to_vec()), (&[2, 3][..], vec![1, 2, 3, 0, 0, 0]));
    /// let r = m.where_cond(1, 0).unwrap(); // plain numbers
    /// assert_eq!(r.to_vec(), vec![1, 0]);
    /// ```
    pub fn where_cond<T: Element>(
        &self,
        yes: impl RuntimeArg<T>,
        no: impl RuntimeArg<T>,
    ) -> Result<DynTensor<T>, ShapeError> {
        let ((yd, ys), (nd, ns)) = (yes.elements(), no.elements());
        let shape = crate::broadcast_shapes(&[self.dims(), &ys, &ns])?;
        crate::error::checked_numel::<T>(&shape)?;
        let out = pick((self.data(), self.dims()), (&yd, &ys), (&nd, &ns), &shape)?;
        Ok(DynTensor::from_parts(out, &shape))
    }
}

impl core::ops::Not for &DynTensor<bool> {
    type Output = DynTensor<bool>;
    /// Every element negated (PyTorch's `~mask`).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let m = DynTensor::from_bools(vec![true, false], &[2]).unwrap();
    /// assert_eq!((!&m).to_vec(), vec![false, true]);
    /// ```
    fn not(self) -> DynTensor<bool> {
        let mut out = DynTensor::from_parts(self.data().iter().map(|&b| !b).collect(), self.dims());
        out.names = self.names.clone();
        out
    }
}

impl core::ops::Not for DynTensor<bool> {
    type Output = DynTensor<bool>;
    /// Every element negated.
    fn not(self) -> DynTensor<bool> {
        !&self
    }
}

impl PartialEq for DynTensor<bool> {
    /// Equal shapes, equal dimension names and equal elements.
    fn eq(&self, other: &Self) -> bool {
        self.dims() == other.dims() && self.names == other.names && self.data() == other.data()
    }
}

impl fmt::Debug for DynTensor<bool> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("DynTensor");
        d.field("shape", &self.dims());
        if let Some(names) = &self.names {
            d.field("names", &crate::tensor::names::NameSlice(names));
        }
        d.field("dtype", &"bool")
            .field("data", &crate::tensor::Summary(self.data()))
            .finish()
    }
}

/// `yes` where `mask` holds and `no` elsewhere, the three broadcast to
/// `shape` (checked by the caller) in one pass of the n-ary kernel. The
/// mask is read as 1 and 0 of the element type, a copy of its own size, so
/// that the three operands share one element type.
pub(crate) fn pick<T: Element>(
    mask: (&[bool], &[usize]),
    yes: (&[T], &[usize]),
    no: (&[T], &[usize]),
    shape: &[usize],
) -> Result<Vec<T>, ShapeError> {
    let m: Vec<T> = mask
        .0
        .iter()
        .map(|&b| if b { T::one() } else { T::zero() })
        .collect();
    let mut out = crate::error::vec_for::<T>(shape)?;
    kernel::nary(&mut out, shape, [(&m, mask.1), yes, no], |[m, y, n]| {
        if m == T::zero() { n } else { y }
    });
    Ok(out)
}
