//! Elementwise operations on runtime tensors beyond the operators:
//! [`zip_with`](crate::DynTensor::zip_with) for any binary function,
//! comparisons giving boolean tensors, and the float functions.
//!
//! Binary operations broadcast exactly as the operators do, through the same
//! kernel ([`kernel::binary`](crate::kernel::binary)), and fail with the same [`ShapeError`]. To
//! compare with a scalar, compare with [`DynTensor::scalar`], which
//! broadcasts with everything.
//!
//! ```
//! use shaped::DynTensor;
//! let a = DynTensor::from_vec(vec![1.0, 4.0, 9.0], &[3]).unwrap();
//! let b = DynTensor::from_vec(vec![2.0, 3.0], &[2, 1]).unwrap();
//! let m = a.zip_with(&b, f64::max).unwrap();
//! assert_eq!((m.shape(), m.to_vec()), (&[2, 3][..], vec![2.0, 4.0, 9.0, 3.0, 4.0, 9.0]));
//! let big = a.try_gt(&DynTensor::scalar(3.0)).unwrap();
//! assert_eq!(big.to_vec(), vec![false, true, true]);
//! assert_eq!(a.sqrt().to_vec(), vec![1.0, 2.0, 3.0]);
//! ```

use alloc::vec::Vec;

use super::masked_fill::RuntimeArg;
use crate::element::Element;
use crate::error::ShapeError;
use crate::tensor::DynTensor;

impl<T: Element> DynTensor<T> {
    /// `f(a, b)` for every pair of elements of `self` and `other` broadcast
    /// together, or the broadcasting error. The result may have another
    /// element type.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let a = DynTensor::from_vec(vec![1, 2, 3], &[3, 1]).unwrap();
    /// let b = DynTensor::from_vec(vec![10, 20], &[2]).unwrap();
    /// let c = a.zip_with(&b, |x, y| x * 100 + y).unwrap();
    /// assert_eq!(c.shape(), &[3, 2]);
    /// assert_eq!(c.to_vec(), vec![110, 120, 210, 220, 310, 320]);
    /// let d = a.zip_with(&b, |x, y| f64::from(x) / f64::from(y)).unwrap();
    /// assert_eq!(d.to_vec()[0], 0.1);
    /// ```
    pub fn zip_with<U: Element>(
        &self,
        other: &DynTensor<T>,
        f: impl Fn(T, T) -> U,
    ) -> Result<DynTensor<U>, ShapeError> {
        super::operand::zip(self.side(), other.side(), f)
    }

    /// `f` applied to every element, into another element type (the
    /// same-type version is [`map`](Self::map)).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<i32>::arange(3).map_to(|x| x as f64 / 2.0);
    /// assert_eq!(t.to_vec(), vec![0.0, 0.5, 1.0]);
    /// ```
    pub fn map_to<U: Element>(&self, f: impl Fn(T) -> U) -> DynTensor<U> {
        let data: Vec<U> = self.as_slice().iter().map(|&x| f(x)).collect();
        let mut out = DynTensor::from_parts(data, self.shape());
        out.names = self.names.clone();
        out
    }
}

macro_rules! comparisons {
    ($($try:ident $name:ident $op:tt $torch:literal),*) => {
        impl<T: Element> DynTensor<T> {$(
            #[doc = concat!("`self ", stringify!($op), " other` elementwise with broadcasting ",
                "(PyTorch's `", $torch, "`; `other` a `&DynTensor` or a plain number), ",
                "or the broadcasting error.")]
            ///
            /// ```
            /// use shaped::DynTensor;
            /// let a = DynTensor::from_vec(vec![1, 2, 3], &[3]).unwrap();
            #[doc = concat!("let m = a.", stringify!($try), "(&DynTensor::scalar(2)).unwrap();")]
            #[doc = concat!("assert_eq!(m.to_vec(), vec![1 ", stringify!($op), " 2, 2 ",
                stringify!($op), " 2, 3 ", stringify!($op), " 2]);")]
            #[doc = concat!("assert_eq!(a.", stringify!($name), "(2).to_vec(), m.to_vec());")]
            /// ```
            pub fn $try(&self, other: impl RuntimeArg<T>) -> Result<DynTensor<bool>, ShapeError> {
                other.zip_after(self, |a, b| a $op b)
            }
            #[doc = concat!("[`", stringify!($try), "`](Self::", stringify!($try),
                "), panicking with the error's message (a number always broadcasts).")]
            #[track_caller]
            pub fn $name(&self, other: impl RuntimeArg<T>) -> DynTensor<bool> {
                super::or_panic(other.zip_after(self, |a, b| a $op b))
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
