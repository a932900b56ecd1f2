//! Searching and indexing: [`gather`] (`gather`, `take_along_dim`,
//! `index_select`), [`nonzero`] (`nonzero`, `count_nonzero`,
//! `masked_select`), [`searchsorted`], [`one_hot`] and [`scatter`]
//! (writing at indices: `scatter`, `scatter_add`, `index_add`,
//! `index_put`), each on runtime, static and mixed tensors with one
//! implementation.
//!
//! Uses [`sort`](crate::sort), [`reduce`](crate::reduce),
//! [`shape`](mod@crate::shape) and [`tensor`](mod@crate::tensor).

mod broadcast;
pub mod gather;
pub mod nonzero;
pub mod one_hot;
pub mod scatter;
pub mod searchsorted;
