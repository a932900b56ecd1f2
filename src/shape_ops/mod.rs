//! Shape operations: `reshape`, `unsqueeze`, `squeeze`, `permute`,
//! `transpose`, `broadcast_to`, `stack` and `cat`; [`tensor`] for static
//! tensors (result shapes computed by the compiler) beside [`dyn_tensor`]
//! for runtime ones; `join` holds the shape rule and the element copy of
//! `stack` and `cat` that every layout shares. NumPy's manipulation
//! vocabulary, one family per file: [`flip`] (`flip`, `roll`), [`repeat`]
//! (`repeat`, `repeat_interleave`), [`split`] (`chunk`, `split`,
//! `split_sizes`, `unbind`), [`flatten`] (`flatten`, `unflatten`,
//! `movedim`).
//!
//! Uses [`shape`](mod@crate::shape), [`kernel`](crate::kernel) and
//! [`tensor`](mod@crate::tensor).

pub mod cat;
pub mod dyn_tensor;
pub mod flatten;
pub mod flip;
mod join;
pub mod repeat;
pub mod split;
pub mod stack;
pub mod tensor;
