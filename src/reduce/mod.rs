//! Reductions (`sum`, `prod`, `mean`, `var`, `std`, `max`, `min`,
//! `argmax`, `argmin`, `logsumexp`) over one or several axes, keeping them
//! as size 1 or dropping them: [`tensor`] for static and mixed tensors (axes known at
//! compile time, result layouts computed by the compiler) beside
//! [`dyn_tensor`] for runtime ones, [`softmax`] (`softmax`,
//! `log_softmax`) and [`cumulative`] (`cumsum`, `cumprod`, `diff`) for
//! both. Every layout runs one reduction loop on its own
//! storage (`engine`).
//!
//! Integer sums and products do not wrap at the element's width: as in
//! NumPy and PyTorch they accumulate in and return `i64` (signed elements)
//! or `u64` (unsigned), the element's [`Acc`](crate::Element::Acc); floats
//! stay themselves. Past the accumulator's range they wrap, as NumPy's and
//! PyTorch's do; [`checked`] has the forms that return an error instead. `mean`, `var`, `std` and `logsumexp` are for floats
//! only (PyTorch refuses integers too); `max`, `min`, `argmax` and
//! `argmin` keep the element type.
//!
//! ```
//! use shaped::{shape, Axis, Tensor};
//! let image = Tensor::<u8, shape![2, 2, 3]>::full(200);
//! let per_channel: Tensor<u64, shape![1, 1, 3]> = image.sum_keepdim((Axis::<0>, Axis::<1>));
//! assert_eq!(per_channel.to_vec(), vec![800, 800, 800]);
//! ```
//!
//! Uses [`shape`](mod@crate::shape), [`kernel`](crate::kernel) and
//! [`tensor`](mod@crate::tensor).

pub mod checked;
pub mod cumulative;
pub mod dyn_tensor;
pub(crate) mod engine;
pub mod family;
pub(crate) mod lanes;
pub mod softmax;
pub mod tensor;
pub mod view;
