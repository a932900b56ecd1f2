//! Reverse-mode automatic differentiation with gradients of their
//! parameters' layouts (the `autograd` feature).
//!
//! A [`Var`] is a tracked tensor: a value of a static layout
//! (`shape![64, 32]`), a mixed one (`shape![Dyn, 32]`) or a runtime one
//! ([`Runtime`], a `DynTensor`), and the operations that computed it (a
//! define-by-run graph, freed with the values). [`Var::backward`] returns
//! the gradients, each with its parameter's layout: for a parameter of
//! layout `shape![64, 32]`, `grads.get(&w)` is a `Tensor<f32, shape![64,
//! 32]>`. The gradient of a broadcast operation is summed back to each
//! operand's layout over the axes the broadcast stretched; for static
//! layouts the compiler works those axes out from both layouts, the
//! inverse of [`Broadcast<S, R>`](crate::Broadcast).
//!
//! ```
//! use shaped::autograd::{Var, Sgd, Parameters, Optimizer};
//! use shaped::{shape, Dyn, Tensor};
//!
//! let w = Var::param(Tensor::<f64, shape![3, 2]>::full(0.5));
//! let b = Var::param(Tensor::<f64, shape![2]>::zeros());
//! let x = Var::constant(Tensor::<f64, shape![Dyn, 3]>::ones_sized(&[4]));
//! let y: Var<f64, shape![Dyn, 2]> = x.matmul(&w) + &b; // b broadcast over the batch
//! let loss = y.square().mean();
//! let grads = loss.backward();
//! let gb: Tensor<f64, shape![2]> = grads.get(&b); // summed over the batch
//! assert_eq!(gb.to_vec(), vec![1.5, 1.5]); // 4 rows of d(mean(y²))/dy = 2 * 1.5 / 8
//! let gw: Tensor<f64, shape![3, 2]> = grads.get(&w);
//! assert_eq!(gw.to_vec(), vec![1.5; 6]);
//! ```
//!
//! The pieces, one file each: the graph ([`Var`], [`Grads`], [`no_grad`],
//! [`live_nodes`]), the layouts ([`VarLayout`], [`BroadcastVar`]), the
//! operations (arithmetic, elementwise math, reductions and softmax,
//! matrix products, shape operations, selection, losses), parameters
//! ([`Parameters`]) and optimizers ([`Sgd`], [`Adam`]); checkpoints in
//! `safetensors` files behind the `safetensors` feature.

mod binary;
#[cfg(feature = "safetensors")]
pub mod checkpoint;
mod einsum;
mod layout;
mod loss;
mod matmul;
mod ops;
mod optim;
mod params;
mod reduce;
mod select;
mod shape_ops;
mod tape;
mod unary;
#[cfg(debug_assertions)]
mod warm;
#[cfg(debug_assertions)]
#[doc(hidden)]
pub use warm::__compile_for_f32;

pub use binary::MaskArg;
pub use layout::{BroadcastVar, MatMulVar, Runtime, TensorValue, VarLayout};
pub use optim::{Adam, Optimizer, Sgd};
pub use params::{__field_name, AnyParam, Parameters};
pub use tape::{Grads, Var, live_nodes, no_grad};

/// A runtime-shaped tracked tensor.
pub type DynVar<T> = Var<T, Runtime>;

/// The element types the tape differentiates: `f32` and `f64`.
pub trait Real:
    crate::Element<Acc = Self> + num_traits::Float + num_traits::Signed + Default + 'static
{
}
impl Real for f32 {}
impl Real for f64 {}
