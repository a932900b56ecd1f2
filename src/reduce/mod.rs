//! Reductions (`sum`, `mean`, `var`, `std`, `max`, `min`, `argmax`,
//! `argmin`, `logsumexp`) over one or several axes, keeping them as size 1
//! or dropping them: [`tensor`] for static and mixed tensors (axes known at
//! compile time, result layouts computed by the compiler) beside
//! [`dyn_tensor`] for runtime ones, and [`softmax`] (`softmax`,
//! `log_softmax`) for both. Every layout runs one reduction loop on its own
//! storage (`engine`).
//!
//! Uses [`shape`](mod@crate::shape), [`kernel`](crate::kernel) and
//! [`tensor`](mod@crate::tensor).

pub mod dyn_tensor;
pub(crate) mod engine;
pub mod softmax;
pub mod tensor;
pub mod typed_view;
pub mod view;
