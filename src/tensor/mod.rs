//! Tensors: elements in a layout. [`Tensor<T, S>`](Tensor) has a static or
//! mixed layout `S`, [`DynTensor<T>`](DynTensor) a shape known only at run
//! time; both keep their elements contiguous in row-major order.
//!
//! - [`static_tensor`] — `Tensor`, its constructors, accessors and the
//!   conversions to and from `DynTensor`.
//! - [`dyn_tensor`] — `DynTensor`.
//! - `buffer` — where a `DynTensor` keeps its elements: inline when few.
//! - [`mixed`] — constructors of tensors with `Dyn` dimensions.
//! - [`creation`] — `eye`, `linspace`, `arange_step`, `*_like`, `tril`,
//!   `triu`, `meshgrid`.
//! - [`from_fn`] — `from_fn` (flat index) and `from_fn_index` (multi-index)
//!   on all three kinds.
//! - [`names`] — dimension names on tensors (`with_names`, `names`,
//!   `align_to`, `drop_names`).
//!
//! Uses [`shape`](mod@crate::shape) and [`kernel`](crate::kernel) (for `map`
//! and the permuting copy); the operations are in the layers above.

pub(crate) mod buffer;
pub mod creation;
pub mod dyn_tensor;
pub mod from_fn;
pub mod mixed;
pub mod names;
pub mod static_tensor;

pub use dyn_tensor::DynTensor;
pub(crate) use dyn_tensor::ShapeBuf;
pub use static_tensor::Tensor;
pub(crate) use static_tensor::{Summary, flat_index};
