//! The user's guide: chapters by task, each example a doctest.
//!
//! Start with [broadcasting] if you have not used NumPy or
//! PyTorch broadcasting before, with [for NumPy and PyTorch
//! users](numpy_pytorch) if you have. [The toolkit on every
//! layout](toolkit) is the table to keep open: the spelling of every
//! operation on static, mixed and runtime tensors.
//!
//! | chapter | what it answers |
//! |---|---|
//! | [`broadcasting`] | how `a + b` of different shapes works, and the compile error when it cannot |
//! | [`rules`] | the exact contract: positional, rank 0, size 0, in place, errors, the legacy warning, names, matrix products, and where popular tutorials get it wrong |
//! | [`layouts`] | static `Tensor<T, shape![4, 3]>`, mixed `shape![Dyn, 3]`, runtime `DynTensor<T>`: which to use when |
//! | [`named_dimensions`] | `shape![10, CHANNEL: 3, H: 32, W: 48]`: broadcasting and reducing by name |
//! | [`views`] | slicing (`s![..]`, `slice!`, `narrow!`), zero-copy transposes, iteration, writing through views |
//! | [`toolkit`] | **the table**: every operation's static, mixed and runtime spelling |
//! | [`toolkit_rows`] | the same table run row by row: one doctest per row, in the row's own spelling |
//! | [`matmul_einsum`] | `matmul`, `einsum`, `einsum!`, contraction by name |
//! | [`generic_code`] | the bounds a generic function names, family by family |
//! | [`errors`] | `try_` forms, what panics, `ShapeError`, the integer arithmetic policy |
//! | [`bridges`] | the optional features: ndarray, nalgebra, serde, `.npy`, approx, rand, rayon, `no_std` |
//! | [`performance`] | static shapes, owned operands, `_into`, `zip`, rayon: what is cheap and what allocates |
//! | [`numpy_pytorch`] | a NumPy / PyTorch spelling → `shaped` spelling table |
//! | [`nalgebra`](mod@nalgebra) | for nalgebra users: `*` is elementwise here, `matmul` is nalgebra's `*`; `SMatrix` ↔ `Tensor`, `DMatrix` ↔ `DynTensor` |
//! | `autodiff` | (the `autograd` feature) training: tracked tensors, `backward()`, gradients of their parameters' layouts, optimizers, checkpoints |
//!
//! The design itself (the layers, where the type-level work happens) is in
//! the [crate documentation](crate) and, for contributors, in the
//! repository's `docs/design.md`.

// Adding an operation: a row in its family's table in `toolkit.md` (and
// the family's doctest there), its own doctest at the same place in
// `toolkit_rows.md` (tests/suite/docs.rs checks the two agree), a row in
// `numpy_pytorch.md`, and a row in `generic_code.md`'s bounds table if it
// has a bound of its own.

pub mod broadcasting {
    #![doc = include_str!("broadcasting.md")]
}
pub mod rules {
    #![doc = include_str!("rules.md")]
}
pub mod layouts {
    #![doc = include_str!("layouts.md")]
}
pub mod named_dimensions {
    #![doc = include_str!("named_dimensions.md")]
}
pub mod views {
    #![doc = include_str!("views.md")]
}
pub mod toolkit {
    #![doc = include_str!("toolkit.md")]
}
pub mod toolkit_rows {
    #![doc = include_str!("toolkit_rows.md")]
}
pub mod matmul_einsum {
    #![doc = include_str!("matmul_einsum.md")]
}
pub mod generic_code {
    #![doc = include_str!("generic_code.md")]
}
pub mod errors {
    #![doc = include_str!("errors.md")]
}
pub mod bridges {
    #![doc = include_str!("bridges.md")]
}
pub mod performance {
    #![doc = include_str!("performance.md")]
}
pub mod numpy_pytorch {
    #![doc = include_str!("numpy_pytorch.md")]
}
pub mod nalgebra {
    #![doc = include_str!("nalgebra.md")]
}
#[cfg(feature = "autograd")]
pub mod autodiff {
    #![doc = include_str!("autodiff.md")]
}
