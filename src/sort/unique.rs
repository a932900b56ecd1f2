//! `unique`: the distinct elements of a tensor in sorted order, with the
//! position of each element's value among them (`inverse`) and how often
//! each occurs (`counts`): PyTorch's `torch.unique(sorted=True,
//! return_inverse=True, return_counts=True)` over the flattened tensor.
//! Every NaN counts as one value, sorted last (NumPy's `equal_nan=True`;
//! PyTorch keeps each NaN apart), and `-0.0` equals `0.0`. The distinct
//! values are as many as the data says: a runtime-sized `[n]` on every
//! layout; `inverse` has the input's layout.
//!
//! ```
//! use shaped::{shape, Dyn, Tensor};
//! let t = Tensor::<i32, shape![2, 3]>::from_slice(&[3, 1, 3, 2, 1, 3]).unwrap();
//! let u = t.unique();
//! let values: &Tensor<i32, shape![Dyn]> = &u.values;
//! assert_eq!(values.to_vec(), vec![1, 2, 3]);
//! assert_eq!(u.counts.to_vec(), vec![2, 1, 3]);
//! let inverse: &Tensor<usize, shape![2, 3]> = &u.inverse;
//! assert_eq!(inverse.to_vec(), vec![2, 0, 2, 1, 0, 2]);
//! ```

use alloc::vec::Vec;

use super::argsort::argsort_along;
use super::key::SortKey;
use crate::reduce::lanes::Along;
use crate::shape::dim::Dyn;
use crate::shape::list::{Cons, Layout, Nil};
use crate::shape::mixed::Mixed;
use crate::tensor::{DynTensor, Tensor};

/// What [`unique`](Tensor::unique) returns: `V` holds the distinct
/// values and their counts (`[n]`), `I` the inverse (the input's layout).
#[derive(Debug, Clone)]
pub struct Unique<V, I, C> {
    /// The distinct values, ascending (NaN last).
    pub values: V,
    /// For each element, the position of its value in `values`.
    pub inverse: I,
    /// How many elements have each value.
    pub counts: C,
}

/// The parts of [`Unique`] for the elements `x`.
fn unique_of<T: SortKey>(x: &[T]) -> (Vec<T>, Vec<usize>, Vec<usize>) {
    let a = Along {
        outer: 1,
        len: x.len(),
        inner: 1,
    };
    let order = match argsort_along(x, a, x.len(), false) {
        Ok(o) => o,
        Err(_) => unreachable!("as many positions as elements"),
    };
    let (mut values, mut counts) = (Vec::new(), Vec::new());
    let mut inverse = alloc::vec![0usize; x.len()];
    let mut last = None;
    for &i in &order {
        let k = x[i].key();
        if last != Some(k) {
            values.push(x[i]);
            counts.push(0);
            last = Some(k);
        }
        *counts.last_mut().expect("a value was pushed") += 1;
        inverse[i] = values.len() - 1;
    }
    (values, inverse, counts)
}

/// The runtime-sized one-dimensional layout of `unique`'s values.
type Column = Mixed<Cons<Dyn, Nil>>;

impl<T: SortKey> DynTensor<T> {
    /// The distinct elements, sorted, with the inverse and the counts (see
    /// the [module docs](self)). It cannot fail: no `try_` form.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![f64::NAN, 2.0, -0.0, 0.0, f64::NAN], &[5]).unwrap();
    /// let u = t.unique();
    /// assert_eq!(u.values.shape(), &[3]);
    /// assert_eq!(u.values.to_vec()[..2], [0.0, 2.0]);
    /// assert_eq!(u.counts.to_vec(), vec![2, 1, 2]);
    /// assert_eq!(u.inverse.to_vec(), vec![2, 1, 0, 0, 2]);
    /// ```
    pub fn unique(&self) -> Unique<DynTensor<T>, DynTensor<usize>, DynTensor<usize>> {
        let (v, i, c) = unique_of(self.as_slice());
        let n = v.len();
        let mut inverse = DynTensor::from_parts(i, self.shape());
        inverse.names.clone_from(&self.names);
        Unique {
            values: DynTensor::from_parts(v, &[n]),
            inverse,
            counts: DynTensor::from_parts(c, &[n]),
        }
    }
}

impl<T: SortKey, S: Layout> Tensor<T, S> {
    /// The distinct elements, sorted (`[Dyn]`), with the inverse (this
    /// tensor's layout) and the counts (`[Dyn]`).
    #[allow(clippy::type_complexity)]
    pub fn unique(&self) -> Unique<Tensor<T, Column>, Tensor<usize, S>, Tensor<usize, Column>> {
        let (v, i, c) = unique_of(self.as_slice());
        let n = [v.len()];
        Unique {
            values: Tensor::from_checked(v, &n),
            inverse: Tensor::from_checked(i, &self.shape()),
            counts: Tensor::from_checked(c, &n),
        }
    }
}
