//! Sorting and order statistics along one axis: [`argsort`] (`sort`,
//! `argsort`), [`topk`](mod@topk), [`unique`], and [`quantile`]
//! (`median`, `quantile`), each on runtime, static and mixed tensors
//! with one implementation: the lanes along the axis
//! (`reduce::lanes`), sorted by [`key`] (NumPy's order, NaN last, stable).
//!
//! Uses [`reduce`](crate::reduce), [`shape`](mod@crate::shape) and
//! [`tensor`](mod@crate::tensor).

pub mod argsort;
pub mod key;
pub mod quantile;
pub mod topk;
pub mod unique;

pub use key::SortKey;
