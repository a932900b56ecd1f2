//! The two remainders. `%` is Rust's, truncated toward zero (`-7 % 3` is
//! `-1`); [`remainder`](DynTensor::remainder) is floor modulo, the result
//! taking the divisor's sign (`-7` and `3` give `2`: PyTorch's and NumPy's
//! `%`), and [`fmod`](DynTensor::fmod) is the truncated one by name
//! (PyTorch's `fmod`). Both broadcast as the operators do; an integer
//! divisor of 0 is an error.

use super::binary_op::{FloorRemOp, RemOp};
use super::tensor::RhsOf;
use crate::element::Element;
use crate::error::ShapeError;
use crate::shape::Layout;
use crate::shape::broadcast::{Broadcast, BroadcastWith};
use crate::tensor::{DynTensor, Tensor};

impl<T: Element> DynTensor<T> {
    /// Floor modulo with broadcasting (PyTorch's `remainder` and `%`): the
    /// result has the sign of `other`. An error where the shapes do not
    /// broadcast or an integer `other` holds a 0.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let a = DynTensor::from_vec(vec![-7, 7, -7, 7], &[4]).unwrap();
    /// let b = DynTensor::from_vec(vec![3, -3, -3, 3], &[4]).unwrap();
    /// assert_eq!(a.remainder(&b).unwrap().to_vec(), vec![2, -2, -1, 1]);
    /// assert_eq!(a.fmod(&b).unwrap().to_vec(), vec![-1, 1, -1, 1]);
    /// assert_eq!((&a % &b).to_vec(), vec![-1, 1, -1, 1]); // `%` is `fmod`
    /// assert!(a.remainder(&DynTensor::scalar(0)).is_err());
    /// ```
    pub fn remainder(&self, other: &DynTensor<T>) -> Result<DynTensor<T>, ShapeError> {
        Self::binary::<FloorRemOp>(self.side(), other.side())
    }

    /// The remainder truncated toward zero, with broadcasting (PyTorch's
    /// `fmod`; the same as `%`): the result has the sign of `self`.
    pub fn fmod(&self, other: &DynTensor<T>) -> Result<DynTensor<T>, ShapeError> {
        Self::binary::<RemOp>(self.side(), other.side())
    }
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// Floor modulo with broadcasting (see [`DynTensor::remainder`]);
    /// panics on an integer divisor of 0.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let a = Tensor::<f32, shape![2]>::from_slice(&[-7.0, 7.0]).unwrap();
    /// let b = Tensor::<f32, shape![]>::full(3.0);
    /// assert_eq!(a.remainder(&b).as_slice(), &[2.0, 1.0]);
    /// assert_eq!(a.fmod(&b).as_slice(), &[-1.0, 1.0]);
    /// ```
    #[track_caller]
    pub fn remainder<R: Layout>(&self, rhs: &Tensor<T, R>) -> Tensor<T, Broadcast<S, R>>
    where
        S: BroadcastWith<R>,
    {
        R::ref_ref::<T, FloorRemOp>(self, rhs)
    }

    /// The remainder truncated toward zero (the same as `%`).
    #[track_caller]
    pub fn fmod<R: Layout>(&self, rhs: &Tensor<T, R>) -> Tensor<T, Broadcast<S, R>>
    where
        S: BroadcastWith<R>,
    {
        R::ref_ref::<T, RemOp>(self, rhs)
    }
}
