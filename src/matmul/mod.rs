//! Matrix multiplication with torch.matmul's rules (SEMANTICS.md section 6):
//! [`tensor`] for static and mixed tensors (the result layout computed by
//! the compiler, [`MatMulWith`](crate::MatMulWith)) beside [`dyn_tensor`]
//! for runtime ones, [`into`] for products written into existing storage,
//! and `compute`, the batched product they all run.
//!
//! Uses [`shape`](mod@crate::shape) (the rule, [`matmul_shape`](crate::matmul_shape)),
//! [`kernel`](crate::kernel) (the product of two matrices) and
//! [`tensor`](mod@crate::tensor).

mod compute;
pub mod dyn_tensor;
pub mod into;
pub mod tensor;
