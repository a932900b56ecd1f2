//! Shape operations: `reshape`, `unsqueeze`, `squeeze`, `permute`,
//! `transpose`, `broadcast_to`, `stack` and `cat`; [`tensor`] for static
//! tensors (result shapes computed by the compiler) beside [`dyn_tensor`]
//! for runtime ones.
//!
//! Uses [`shape`](mod@crate::shape), [`kernel`](crate::kernel) and
//! [`tensor`](mod@crate::tensor).

pub mod dyn_tensor;
pub mod tensor;
