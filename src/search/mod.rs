//! Searching and indexing: [`gather`] (`gather`, `take_along_dim`,
//! `index_select`), [`nonzero`] (`nonzero`, `count_nonzero`,
//! `masked_select`) and [`searchsorted`], each on runtime, static and
//! mixed tensors with one implementation.
//!
//! Uses [`sort`](crate::sort), [`reduce`](crate::reduce),
//! [`shape`](mod@crate::shape) and [`tensor`](mod@crate::tensor).

mod broadcast;
pub mod gather;
pub mod nonzero;
pub mod searchsorted;
