//! Elementwise operations: the arithmetic operators, `_into` forms writing
//! into existing storage, comparisons and boolean masks, and elementwise
//! maps, for every tensor kind.
//!
//! Positional broadcasting is the base path: the broadcast shape, then the
//! [`kernel`](crate::kernel). Names are a thin layer (`by_name`) that
//! aligns two named operands and then calls that same path, so an unnamed
//! operation never enters the names code.
//!
//! Uses [`shape`](mod@crate::shape), [`kernel`](crate::kernel),
//! [`tensor`](mod@crate::tensor) and [`view`](crate::view).

pub mod binary_math;
mod binary_op;
pub mod bitwise;
mod by_name;
pub mod cast;
mod dyn_tensor;
pub mod elementwise;
pub mod into;
pub mod layout_mask;
pub mod logical;
pub mod mask;
mod mask_arith;
pub mod masked_fill;
pub mod math;
mod operand;
mod positional;
mod remainder;
mod tensor;
pub mod unary;
pub mod unary_family;
pub mod view;
pub mod zip;

pub use binary_op::{AddOp, BinaryOp, DivOp, FloorRemOp, MulOp, RemOp, SubOp};
pub use tensor::RhsOf;
pub(crate) use tensor::or_panic;
