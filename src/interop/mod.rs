//! Bridges to the rest of Rust's numeric ecosystem, one optional feature
//! (and one file) each:
//!
//! | feature | module | what it adds |
//! |---|---|---|
//! | `ndarray` | `interop::ndarray` | zero-copy `ArrayView`s of tensors, moves of tensors into `Array`s, checked conversions back |
//! | `nalgebra` | `interop::nalgebra` | `SMatrix` / `SVector` and static tensors, `DMatrix` and `DynTensor` |
//! | `serde` | `interop::serde` | `Serialize` / `Deserialize` for every tensor kind, shapes checked on the way in |
//! | `npy` | `interop::npy` | NumPy's `.npy` files, read and written (needs `std`) |
//! | `approx` | `interop::approx` | `AbsDiffEq`, `RelativeEq`, `UlpsEq`, so that `assert_relative_eq!` works on tensors |
//!
//! Everything here is built on the tensor layer's public API, reached through
//! the crate root ([`Tensor`](crate::Tensor), [`DynTensor`](crate::DynTensor),
//! [`Layout`](crate::Layout), [`ShapeError`](crate::ShapeError)): no bridge
//! reaches into the crate's private internals, and none changes how tensors
//! are stored or computed.

#[cfg(feature = "approx")]
pub mod approx;
#[cfg(feature = "nalgebra")]
pub mod nalgebra;
#[cfg(feature = "ndarray")]
pub mod ndarray;
#[cfg(feature = "npy")]
pub mod npy;
#[cfg(feature = "serde")]
pub mod serde;
