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
//! # The guide
//!
//! The [`guide`] is the user's manual, chapter by chapter, every example a
//! doctest:
//!
//! - [broadcasting](guide::broadcasting) and its compile errors, and [the
//!   rules' contract](guide::rules) (rank 0, size 0, in place, names,
//!   matrix products, the error messages);
//! - [static, mixed and runtime tensors](guide::layouts) and when to use
//!   each, [named dimensions](guide::named_dimensions),
//!   [views and slicing](guide::views);
//! - [the toolkit on every layout](guide::toolkit): every operation's
//!   static, mixed and runtime spelling; [matrix products and
//!   einsum](guide::matmul_einsum);
//! - [generic code](guide::generic_code) (the bounds table), [errors and
//!   panics](guide::errors), [bridges and features](guide::bridges),
//!   [performance](guide::performance);
//! - [`shaped` for NumPy and PyTorch users](guide::numpy_pytorch).
//!
//! The API pages of [`Tensor`] and [`DynTensor`] start with the same links
//! by task.
//!
//! # The design, layer by layer
//!
//! Each folder is a layer and uses only the layers listed before it.
//!
//! - [`element`] and [`error`]: the element types a tensor holds, and
//!   runtime shape errors worded as PyTorch words them.
//! - [`shape`](mod@shape): what a shape is. Dimensions as types (`D<3>`,
//!   `D1`, `Big<4096>`, `Dyn`), static shapes as type-level lists
//!   (`shape![4, 3]`), mixed layouts (`shape![Dyn, 3]`), dimension names,
//!   the broadcasting rule (trait impls for static shapes, one small
//!   function for runtime ones), type-level axes, and the readable compile
//!   errors ([`shape::diagnostic`]).
//! - [`kernel`]: the one elementwise loop every operation runs through,
//!   with its plan, row forms, the unrolled path for small static shapes
//!   and the strided entry that views take.
//! - [`legacy`]: the opt-in warning for broadcasts old PyTorch computed
//!   differently (`std` feature).
//! - [`tensor`](mod@tensor): `Tensor<T, S>` and `DynTensor<T>`, their
//!   constructors (with [`tensor::creation`]: `eye`, `linspace`,
//!   `arange_step`, `zeros_like`/`ones_like`/`full_like`, `tril`, `triu`,
//!   `meshgrid`), conversions and dimension names.
//! - [`view`]: borrowed, strided views ([`DynView`], [`DynViewMut`]):
//!   slicing with [`s!`], `narrow`, `index_axis`, zero-copy `t`,
//!   `permute`, `transpose`, `broadcast_to`, `unsqueeze`, `squeeze`, and
//!   iteration over elements, rows and axes (shared and mutable); typed
//!   views of static tensors ([`TensorView`]) sliced by [`slice!`] and
//!   [`narrow!`] with their result layout in the type.
//! - [`ops`]: the arithmetic operators, `add_into` and the other `_into`
//!   forms, comparisons and boolean masks ([`Mask`] for static and mixed
//!   layouts), PyTorch's `where`, elementwise maps and the math functions
//!   (`exp ln sqrt abs powf clamp sin cos tanh sigmoid relu recip signum`,
//!   [`ops::math`]) on every layout, and the same operators on views
//!   ([`ops::view`]). NumPy's wider elementwise vocabulary, one family per
//!   file: [`ops::unary`] (`floor ceil round trunc log2 log10 log1p exp2
//!   expm1 tan asin acos atan sinh cosh asinh acosh atanh square rsqrt erf
//!   gelu silu softplus`, the masks `isnan isinf isfinite`),
//!   [`ops::binary_math`] (`maximum minimum pow atan2 hypot copysign
//!   logaddexp` with broadcasting), [`ops::bitwise`] (`& | ^ << >> !` on
//!   integers), [`ops::logical`] (`logical_and/or/xor/not` on masks) and
//!   [`ops::cast`] (`cast::<U>()`, PyTorch's `.to(dtype)`). Positional
//!   broadcasting is the base path; names are a thin layer over it.
//! - The toolkit, one folder per family, the static and the runtime version
//!   side by side: [`shape_ops`] (`reshape`, `unsqueeze`, `squeeze`,
//!   `permute`, `transpose`, `broadcast_to`, `stack`, `cat`, and NumPy's
//!   manipulation vocabulary: `flip`, `roll`, `repeat`, `repeat_interleave`,
//!   `chunk`, `split`, `unbind`, `flatten`, `unflatten`, `movedim`) and [`reduce`]
//!   (`sum`, `prod`, `mean`, `var`, `std`, `max`, `min`, `argmax`,
//!   `argmin`, `logsumexp`, `softmax`, `log_softmax`; integer sums and
//!   products in `i64`/`u64`, as NumPy's and PyTorch's), each on static, mixed and
//!   runtime tensors with one spelling (an `Axis::<K>`, an
//!   [`AxisFromEnd::<K>`](AxisFromEnd) or a dimension name where the
//!   compiler computes the result's layout, a number at run time; [the
//!   toolkit on every layout](guide::toolkit) lists them), with the running
//!   reductions `cumsum`, `cumprod` and `diff` ([`reduce::cumulative`]);
//!   [`sort`](mod@sort) (`sort`, `argsort`, `topk` and [`topk!`] with a
//!   static `k`, `unique`, `median`, `quantile`) and [`search`]
//!   (`gather`, `take_along_dim`, `index_select`, `nonzero`,
//!   `count_nonzero`, `masked_select`, `searchsorted`), which work on the
//!   lanes along one axis and use the reductions below them; and
//!   [`matmul`](mod@matmul) (torch.matmul's rules, the product on
//!   `matrixmultiply` through [`kernel::gemm`]; the matrix helpers
//!   `diagonal`, `trace`, `outer`, `kron` in [`matmul::matrix_helpers`]), and [`einsum`](mod@einsum)
//!   (torch.einsum at run time, [`einsum!`] checked at compile time,
//!   `contract` by dimension name; matrix-product contractions on the
//!   same GEMM).
//! - [`guide`]: documentation only, no code.
//! - At the edges: [`display`] (printing as PyTorch prints), [`literal`]
//!   (the `tensor!` macro), `random` (`normal`, `uniform`; the `rand`
//!   feature) and [`interop`] (bridges to ndarray, nalgebra, serde, NumPy
//!   files and approx, each behind its feature).
//!
//! The exact rules are those of NumPy and PyTorch: shapes are aligned from
//! the right, missing dimensions count as 1, and each pair of sizes must be
//! equal or contain a 1. Rank-0 tensors broadcast with everything; size 0 is
//! an ordinary size (it pairs with 0 and 1). An in-place operation `a += b`
//! never changes `a`'s shape, so `b` must broadcast *to* `a`. The [rules
//! chapter](guide::rules) states the whole contract.
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
//! | `npy` | | NumPy's `.npy` files: `read_npy`, `write_npy`, `load_npy`, `save_npy` (at the crate root and in `interop::npy`); implies `std` |
//! | `approx` | | `AbsDiffEq`, `RelativeEq`, `UlpsEq` for tensors, so `assert_relative_eq!` works (`interop::approx`) |
//! | `linalg` | | `shaped::linalg`: torch.linalg's `inv`, `det`, `solve`, `cholesky`, `qr`, `eigh`, `svd`, norms ... batched, shapes checked at compile time, on nalgebra's factorizations |
//! | `autograd` | | `shaped::autograd`: tracked tensors of every layout, `backward()` giving gradients of their parameters' layouts, SGD and Adam (the guide's autodiff chapter); implies `std` |
//! | `safetensors` | | checkpoints of `autograd` parameters in `safetensors` files, names, dtypes and shapes checked on load (`autograd::checkpoint`) |
//! | `rayon` | | large runtime arithmetic, reductions and matrix products split across rayon's pool, results independent of the thread count ([`kernel::parallel`]) |
//!
//! The bridges (the last five) live in [`interop`], one module each.

#![no_std]
#![warn(missing_docs)]

extern crate alloc;
/// `Vec` for the code `dim_names!` expands to in a user's crate.
#[doc(hidden)]
pub use alloc::vec::Vec as __Vec;
#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "autograd")]
pub mod autograd;
pub mod display;
pub mod einsum;
pub mod element;
pub mod error;
pub mod guide;
pub mod interop;
pub mod kernel;
#[cfg(feature = "std")]
pub mod legacy;
#[cfg(feature = "linalg")]
pub mod linalg;
pub mod literal;
pub mod matmul;
pub mod ops;
#[cfg(feature = "rand")]
pub mod random;
pub mod reduce;
pub mod search;
pub mod shape;
pub mod shape_ops;
pub mod sort;
pub mod tensor;
pub mod view;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

pub use einsum::by_name_tensor::{Contract, ContractWith};
pub use einsum::dyn_tensor::einsum;
pub use element::Element;
pub use error::{ShapeError, ShapeErrorKind};
#[cfg(feature = "npy")]
pub use interop::npy::{NpyError, load_npy, read_npy, save_npy, write_npy};
pub use matmul::into::{matmul_into, try_matmul_into};
pub use ops::RhsOf;
pub use ops::into::{
    add_into, div_into, mul_into, rem_into, sub_into, try_add_into, try_div_into, try_mul_into,
    try_rem_into, try_sub_into,
};
pub use ops::layout_mask::Mask;
pub use ops::zip::{try_zip, try_zip_into, zip, zip_into};
pub use shape::axes::{Axis, AxisFromEnd, MultiIndex, RankIndex};
pub use shape::axis::AxisArg;
pub use shape::broadcast::{Broadcast, BroadcastTo, BroadcastWith, broadcast_shapes};
pub use shape::dim::{Big, D, D1, Dim, Dyn};
pub use shape::layout_axis::{AxisOn, FlipAxes};
pub use shape::matmul::{MatMul, MatMulWith, matmul_shape};
pub use shape::mixed::Mixed;
pub use shape::names::Named;
pub use shape::names::runtime::{NamedShape, broadcast_named_shapes};
pub use shape::reshape::ReshapeTo;
pub use shape::toolkit::{
    DropDims, KeepDims, Matrix, Permute, Permuted, ReduceAxes, Squeeze, SqueezeAxis, Squeezed,
    SqueezedAxis, Transpose, TransposeAxes, Transposed, TransposedAxes, TransposedMatrix,
    Unsqueeze, Unsqueezed,
};
pub use shape::{Cons, DimNames, Dims, Layout, Nil, RankList, Shape};
/// Einstein summation on static tensors, with the result's shape computed
/// and every size checked by the compiler: `einsum!("bij,bjk->bik", a, b)`.
///
/// The equation follows [`einsum`](crate::einsum()) (torch.einsum): one
/// letter per dimension of each operand, a letter shared by operands is
/// one dimension, a letter repeated in an operand takes the diagonal,
/// letters missing from the output are summed; without `->` the output is
/// the letters seen once, in alphabetical order (capitals first). Operands
/// are tensors (or references to them) of static or mixed layouts, one to
/// any number. `...` stands for the dimensions an operand has beyond its
/// letters: they broadcast across the operands (from the right, sizes
/// equal or 1) and go where the output has `...`, first in an implicit
/// output. Operands are split at top-level commas: pass an expression whose
/// type has a comma (`Tensor::<f32, shape![2, 3]>::ones()`) as a variable.
///
/// ```
/// use shaped::{einsum, shape, Tensor};
/// let a = Tensor::<f32, shape![2, 3, 4]>::arange();
/// let b = Tensor::<f32, shape![2, 4, 5]>::ones();
/// let c: Tensor<f32, shape![2, 3, 5]> = einsum!("bij,bjk->bik", a, b);
/// assert_eq!(c, a.matmul(&b));
/// let m = Tensor::<i32, shape![3, 3]>::arange();
/// let trace: Tensor<i32, shape![]> = einsum!("ii", m);
/// assert_eq!(trace.as_slice(), &[12]);
/// let v = Tensor::<i32, shape![3]>::ones();
/// let w: Tensor<i32, shape![3]> = einsum!("ij,j,j->i", m, v, v);
/// assert_eq!(w.as_slice(), &[3, 12, 21]);
/// // `...`: [5, 1] and [2] broadcast into the batch [5, 2].
/// let x = Tensor::<f32, shape![5, 1, 3, 4]>::ones();
/// let y = Tensor::<f32, shape![2, 4, 6]>::ones();
/// let z: Tensor<f32, shape![5, 2, 3, 6]> = einsum!("...ij,...jk", x, y);
/// let s: Tensor<f32, shape![3, 6]> = einsum!("...ij,...jk->ik", x, y);
/// ```
///
/// A label whose sizes differ does not compile, and the error says which
/// label and which sizes (a size 1 does not broadcast against another
/// size, as in the runtime version):
///
/// ```compile_fail
/// use shaped::{einsum, shape, Tensor};
/// let a = Tensor::<f32, shape![2, 3]>::zeros();
/// let b = Tensor::<f32, shape![4, 5]>::zeros();
/// let c = einsum!("ij,jk->ik", a, b); // error: einsum label 'j': 3 in operand 0 vs 4 in operand 1
/// ```
///
/// Nor does a malformed equation, one that gives an operand another
/// number of labels than its rank (`einsum operand 1 has rank 3 but the
/// equation gives it 2 labels`), or `...` dimensions that do not broadcast
/// (``einsum `...` does not broadcast: 2 in operand 0 vs 3 in operand 1 at
/// `...` dimension -1``). `Dyn` sizes are checked when it runs
/// (a mismatch panics with the runtime error's message). Named dimensions
/// keep their names in the result; one label over two different names
/// does not compile.
pub use shaped_macros::einsum;
#[doc(hidden)]
pub use shaped_macros::{__dim_type, __shape_type};
pub use tensor::creation::{meshgrid, try_meshgrid};
pub use tensor::{DynTensor, Tensor};
pub use view::{DynView, DynViewMut, SliceArg, TensorView, TensorViewMut, TypedOperand};
