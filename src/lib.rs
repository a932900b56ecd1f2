//! Shape-typed tensors with NumPy/PyTorch broadcasting, checked by the
//! compiler.
//!
//! ```
//! use shaped::{shape, Tensor};
//! let a = Tensor::<f32, shape![4, 3]>::ones();
//! let b = Tensor::<f32, shape![1, 3]>::arange();
//! let c: Tensor<f32, shape![4, 3]> = &a + &b; // broadcast along axis 0
//! assert_eq!(c[[3, 2]], 3.0);
//! ```
//!
//! Shapes that cannot broadcast do not compile:
//!
//! ```compile_fail
//! use shaped::{shape, Tensor};
//! let a = Tensor::<f32, shape![5, 2, 4, 1]>::zeros();
//! let b = Tensor::<f32, shape![3, 1, 1]>::zeros();
//! let c = a + b; // error: cannot broadcast [5, 2, 4, 1] with [3, 1, 1]: 2 vs 3 at axis -3
//! ```
//!
//! # The design, module by module
//!
//! - [`dim`](mod@dim): one dimension of a static shape is a type (`D<3>`, `D1`, `Big<4096>`).
//! - [`shape`](mod@shape): a static shape is a type-level list of dimensions, `shape![4, 3]`.
//! - [`broadcast`]: the broadcasting rule, as trait impls for static shapes
//!   and as one small function for runtime shapes.
//! - [`diagnostic`]: how a failed broadcast becomes a readable compile error.
//! - [`storage`]: small static tensors live inline, large ones on the heap.
//! - [`kernel`]: the one elementwise loop every operation runs through.
//! - [`into`](mod@into): `add_into(&a, &b, &mut out)` and the other operations writing
//!   into a preallocated output.
//! - [`tensor`](mod@tensor) and [`ops`]: the static tensor and its operators.
//! - [`dyn_tensor`]: the runtime-shaped tensor, same rules, same kernel.
//! - [`mixed`]: static shapes with runtime-sized dimensions, `shape![Dyn, 3]`.
//! - [`legacy`]: the opt-in warning for broadcasts old PyTorch computed differently.
//! - [`named`](mod@named): named dimensions on runtime tensors, broadcasting by name.
//! - [`static_named`]: named dimensions in static shapes (`shape![10, H: 256]`),
//!   broadcast by name at compile time.
//! - [`error`]: runtime shape errors, worded as PyTorch words them.
//! - [`display`]: printing tensors as PyTorch prints them.
//! - The toolkit on runtime tensors: [`shape_ops`] (`unsqueeze`, `squeeze`,
//!   `permute`, `transpose`, `stack`, `cat`), [`reduce`] (`sum`, `mean`,
//!   `var`, `std`, `max`, `min`, `argmax`, `argmin` over axes, with
//!   `keepdim`), [`elementwise`] (`zip_with`, comparisons, float functions),
//!   [`mask`] (boolean tensors); [`literal`] (the `tensor!` macro) and
//!   `random` (`normal`, `uniform`; the `rand` feature).
//!
//! The exact rules are those of NumPy and PyTorch: shapes are aligned from
//! the right, missing dimensions count as 1, and each pair of sizes must be
//! equal or contain a 1. Rank-0 tensors broadcast with everything; size 0 is
//! an ordinary size (it pairs with 0 and 1). An in-place operation `a += b`
//! never changes `a`'s shape, so `b` must broadcast *to* `a`.
//!
//! # Features
//!
//! | feature | default | what it adds |
//! |---|---|---|
//! | `std` | yes | `std::error::Error` for [`ShapeError`], the `legacy` warning hook; without it the crate is `no_std` with `alloc` |
//! | `rand` | | `normal` and `uniform` constructors taking a seedable generator |
//! | `ndarray` | | zero-copy `ArrayView`s of tensors, tensors moved into `Array`s, `TryFrom` arrays with the shape checked (`interop::ndarray`) |
//! | `nalgebra` | | `SMatrix` / `SVector` and static tensors, `DMatrix` / `DVector` and `DynTensor`, element `(i, j)` kept (`interop::nalgebra`) |
//! | `serde` | | `Serialize` / `Deserialize` for every tensor kind, shape and names checked on the way in (`interop::serde`) |
//! | `npy` | | NumPy's `.npy` files: `read_npy`, `write_npy`, `load_npy`, `save_npy`; implies `std` (`interop::npy`) |
//! | `approx` | | `AbsDiffEq`, `RelativeEq`, `UlpsEq` for tensors, so `assert_relative_eq!` works (`interop::approx`) |
//!
//! The bridges (the last five) live in [`interop`], one module each.

#![no_std]
#![warn(missing_docs)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod axis;
pub mod broadcast;
pub mod diagnostic;
pub mod dim;
pub mod display;
pub mod dyn_tensor;
pub mod element;
pub mod elementwise;
pub mod error;
pub mod interop;
pub mod into;
pub mod kernel;
#[cfg(feature = "std")]
pub mod legacy;
pub mod literal;
pub mod mask;
pub mod mixed;
pub mod named;
pub mod ops;
#[cfg(feature = "rand")]
pub mod random;
pub mod reduce;
pub mod shape;
pub mod shape_ops;
pub mod static_named;
pub mod static_ops;
pub mod storage;
pub mod tensor;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

pub use broadcast::{Broadcast, BroadcastTo, BroadcastWith, broadcast_shapes};
pub use dim::{Big, D, D1, Dim, Dyn};
pub use dyn_tensor::DynTensor;
pub use element::Element;
pub use error::{ShapeError, ShapeErrorKind};
pub use into::{
    add_into, div_into, mul_into, rem_into, sub_into, try_add_into, try_div_into, try_mul_into,
    try_rem_into, try_sub_into,
};
pub use mixed::Mixed;
pub use shape::{Cons, DimNames, Dims, Layout, Nil, RankList, Shape};
pub use static_named::Named;
pub use tensor::Tensor;
