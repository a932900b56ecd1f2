//! Matrix multiplication with torch.matmul's rules (the [rules chapter](crate::guide::rules), section 6):
//! [`tensor`] for static and mixed tensors (the result layout computed by
//! the compiler, [`MatMulWith`](crate::MatMulWith)) beside [`dyn_tensor`]
//! for runtime ones, [`into`] for products written into existing storage,
//! [`view`] for products of views (read through their strides, not
//! copied), and `compute`, the batched, strided product they all run;
//! [`matrix_helpers`] holds `diagonal`, `trace`, `outer` and `kron`.
//!
//! Uses [`shape`](mod@crate::shape) (the rule, [`matmul_shape`](crate::matmul_shape)),
//! [`kernel`](crate::kernel) (the product of two matrices),
//! [`tensor`](mod@crate::tensor) and [`view`](mod@crate::view).

mod compute;
pub mod dyn_tensor;
pub mod into;
pub mod matrix_helpers;
pub mod tensor;
pub mod view;
