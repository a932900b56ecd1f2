//! Approximate equality from the [`approx`] crate (the `approx`
//! feature): [`AbsDiffEq`], [`RelativeEq`] and [`UlpsEq`] for [`Tensor`]
//! (static and mixed shapes) and [`DynTensor`], so that tests can write
//! `assert_relative_eq!(a, b)` on whole tensors.
//!
//! Two tensors are approximately equal when they have the same shape, the
//! same dimension names (as for `==`: a named and an unnamed tensor broadcast
//! differently) and every pair of elements at the same position is
//! approximately equal by the element type's own rule, with the tolerances
//! given. Tensors of different shapes are never equal, whatever the
//! tolerance, even when one would broadcast to the other.
//!
//! ```
//! use approx::{assert_relative_eq, assert_relative_ne};
//! use shaped::{shape, Tensor};
//!
//! let third = Tensor::<f64, shape![3]>::ones() / 3.0;
//! let sum = &third + &third + &third;                  // 0.9999999999999999 or 1.0
//! assert_relative_eq!(sum, Tensor::<f64, shape![3]>::ones());
//! assert_relative_ne!(sum, Tensor::<f64, shape![3]>::full(1.001));
//! ```

use ::approx::{AbsDiffEq, RelativeEq, UlpsEq};

use crate::{DynTensor, Element, Layout, Tensor};

/// The same shape, and `close` true for each pair of elements.
fn all_close<T: Copy>(a: &[T], b: &[T], close: impl Fn(&T, &T) -> bool) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| close(x, y))
}

impl<T: Element + AbsDiffEq, S: Layout> AbsDiffEq for Tensor<T, S>
where
    T::Epsilon: Copy,
{
    type Epsilon = T::Epsilon;

    /// The element type's default.
    fn default_epsilon() -> T::Epsilon {
        T::default_epsilon()
    }

    /// Equal shapes and `|a - b| <= epsilon` for each pair of elements.
    fn abs_diff_eq(&self, other: &Self, epsilon: T::Epsilon) -> bool {
        *self.shape() == *other.shape()
            && all_close(self.as_slice(), other.as_slice(), |x, y| {
                x.abs_diff_eq(y, epsilon)
            })
    }
}

impl<T: Element + RelativeEq, S: Layout> RelativeEq for Tensor<T, S>
where
    T::Epsilon: Copy,
{
    /// The element type's default.
    fn default_max_relative() -> T::Epsilon {
        T::default_max_relative()
    }

    /// Equal shapes and each pair of elements relatively equal.
    fn relative_eq(&self, other: &Self, epsilon: T::Epsilon, max_relative: T::Epsilon) -> bool {
        *self.shape() == *other.shape()
            && all_close(self.as_slice(), other.as_slice(), |x, y| {
                x.relative_eq(y, epsilon, max_relative)
            })
    }
}

impl<T: Element + UlpsEq, S: Layout> UlpsEq for Tensor<T, S>
where
    T::Epsilon: Copy,
{
    /// The element type's default.
    fn default_max_ulps() -> u32 {
        T::default_max_ulps()
    }

    /// Equal shapes and each pair of elements within `max_ulps` units in
    /// the last place (or within `epsilon`).
    fn ulps_eq(&self, other: &Self, epsilon: T::Epsilon, max_ulps: u32) -> bool {
        *self.shape() == *other.shape()
            && all_close(self.as_slice(), other.as_slice(), |x, y| {
                x.ulps_eq(y, epsilon, max_ulps)
            })
    }
}

/// Equal shapes and names.
fn same_layout<T: Element>(a: &DynTensor<T>, b: &DynTensor<T>) -> bool {
    a.shape() == b.shape() && a.names() == b.names()
}

impl<T: Element + AbsDiffEq> AbsDiffEq for DynTensor<T>
where
    T::Epsilon: Copy,
{
    type Epsilon = T::Epsilon;

    /// The element type's default.
    fn default_epsilon() -> T::Epsilon {
        T::default_epsilon()
    }

    /// Equal shapes and names, and `|a - b| <= epsilon` for each pair of
    /// elements.
    ///
    /// ```
    /// use approx::assert_abs_diff_eq;
    /// use shaped::DynTensor;
    /// let a = DynTensor::from_vec(vec![1.0f32, 2.0], &[2]).unwrap();
    /// let b = DynTensor::from_vec(vec![1.05f32, 1.95], &[2]).unwrap();
    /// assert_abs_diff_eq!(a, b, epsilon = 0.1);
    /// // Same elements, another shape: never equal.
    /// let c = b.reshape(&[2, 1]).unwrap();
    /// assert!(!approx::abs_diff_eq!(a, c, epsilon = 1.0));
    /// ```
    fn abs_diff_eq(&self, other: &Self, epsilon: T::Epsilon) -> bool {
        same_layout(self, other)
            && all_close(self.as_slice(), other.as_slice(), |x, y| {
                x.abs_diff_eq(y, epsilon)
            })
    }
}

impl<T: Element + RelativeEq> RelativeEq for DynTensor<T>
where
    T::Epsilon: Copy,
{
    /// The element type's default.
    fn default_max_relative() -> T::Epsilon {
        T::default_max_relative()
    }

    /// Equal shapes and names, and each pair of elements relatively equal.
    fn relative_eq(&self, other: &Self, epsilon: T::Epsilon, max_relative: T::Epsilon) -> bool {
        same_layout(self, other)
            && all_close(self.as_slice(), other.as_slice(), |x, y| {
                x.relative_eq(y, epsilon, max_relative)
            })
    }
}

impl<T: Element + UlpsEq> UlpsEq for DynTensor<T>
where
    T::Epsilon: Copy,
{
    /// The element type's default.
    fn default_max_ulps() -> u32 {
        T::default_max_ulps()
    }

    /// Equal shapes and names, and each pair of elements within `max_ulps`
    /// units in the last place (or within `epsilon`).
    fn ulps_eq(&self, other: &Self, epsilon: T::Epsilon, max_ulps: u32) -> bool {
        same_layout(self, other)
            && all_close(self.as_slice(), other.as_slice(), |x, y| {
                x.ulps_eq(y, epsilon, max_ulps)
            })
    }
}
