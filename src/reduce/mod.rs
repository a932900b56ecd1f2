//! Reductions (`sum`, `mean`, `var`, `std`, `max`, `min`, `argmax`,
//! `argmin`) over one or several axes, keeping them as size 1 or dropping
//! them: [`tensor`] for static tensors (axes known at compile time, result
//! shapes computed by the compiler) beside [`dyn_tensor`] for runtime ones.
//!
//! Uses [`shape`](mod@crate::shape), [`kernel`](crate::kernel) and
//! [`tensor`](mod@crate::tensor).

pub mod dyn_tensor;
pub(crate) mod engine;
pub mod softmax;
pub mod tensor;
