//! Einstein summation (torch.einsum) and contraction by dimension name.
//!
//! - `equation` — the equation read against the operands' shapes into
//!   labelled dimensions, with PyTorch's checks and errors.
//! - `engine` — the contraction of labelled operands: pairwise from the
//!   left, batched matrix products through [`kernel::gemm`](crate::kernel::gemm)
//!   where the labels allow, otherwise `strided`, the loop that reads
//!   the operands through strides.
//! - [`dyn_tensor`] — [`einsum`](crate::einsum()) on runtime tensors.
//! - `by_name` — [`contract`](crate::DynTensor::contract): the
//!   contraction over the dimensions two tensors share by name;
//!   [`by_name_tensor`] the same on static tensors ([`ContractWith`](by_name_tensor::ContractWith)).
//! - [`typed`] — what [`einsum!`](crate::einsum!) expands to: the traits
//!   that check an equation on static shapes at compile time (the macro
//!   itself is in the `shaped-macros` crate: it reads the string).
//!
//! Uses [`shape`](mod@crate::shape), [`kernel`](crate::kernel) and
//! [`tensor`](mod@crate::tensor).

mod by_name;
pub mod by_name_tensor;
pub mod dyn_tensor;
mod engine;
mod equation;
mod strided;
pub mod typed;
