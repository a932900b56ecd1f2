//! Runtime shape errors, worded as PyTorch words them.
//!
//! The first line of every message is PyTorch's sentence verbatim, so that it
//! can be searched for; the lines after it show the shapes aligned from the
//! right with the failing axis marked.
//!
//! - this file: [`ShapeError`], its kinds and the data each carries;
//! - `message`: the wording, PyTorch's sentence first;
//! - `drawing`: the two shapes aligned from the right, the failing axis
//!   marked.
//!
//! # Sizes
//!
//! One policy, NumPy's, for every shape the crate makes or accepts
//! (constructors, readers of `.npy`, serde and the ndarray/nalgebra
//! bridges, reshapes, views and results): every size, and the product of
//! the nonzero sizes, is at most `isize::MAX`, even in an empty tensor;
//! a non-empty tensor's elements also fit in `isize::MAX` bytes. A shape
//! outside it is refused with [`ShapeError::TooLarge`] (NumPy: `Maximum
//! allowed dimension exceeded`), so `try_zeros(&[usize::MAX, 0])` is an
//! error, not an empty tensor. Within it, every stride and every offset of
//! a view is at most the product of the nonzero sizes, so the arithmetic
//! on them cannot overflow. A memory allocation the allocator refuses is
//! the same error, never an abort.
//!
//! ```
//! use shaped::{DynTensor, ShapeError};
//! let big = (isize::MAX as usize) + 1;
//! assert!(matches!(DynTensor::<u8>::try_zeros(&[big, 0]), Err(ShapeError::TooLarge { .. })));
//! assert!(matches!(DynTensor::<u8>::try_zeros(&[1 << 40, 1 << 40, 0]), Err(ShapeError::TooLarge { .. })));
//! assert_eq!(DynTensor::<u8>::try_zeros(&[1 << 40, 0]).unwrap().shape(), &[1 << 40, 0]);
//! ```
//!
//! The bottom layer: uses nothing else of the crate.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

mod drawing;
mod einsum;
mod linalg;
mod message;

pub use einsum::{EinsumError, EinsumProblem};
pub use linalg::{LinalgError, LinalgProblem};

/// The largest rank a runtime shape may have (NumPy's limit).
pub const MAX_RANK: usize = 64;

/// What went wrong, without the data: [`ShapeError::kind`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ShapeErrorKind {
    /// See [`ShapeError::Broadcast`].
    Broadcast,
    /// See [`ShapeError::Expand`].
    Expand,
    /// See [`ShapeError::InPlaceRank`].
    InPlaceRank,
    /// See [`ShapeError::ExpandRank`].
    ExpandRank,
    /// See [`ShapeError::Reshape`].
    Reshape {
        /// The number of elements there are.
        numel: usize,
    },
    /// See [`ShapeError::TooLarge`].
    TooLarge,
    /// See [`ShapeError::RankTooLarge`].
    RankTooLarge,
    /// See [`ShapeError::Mismatch`].
    Mismatch,
    /// See [`ShapeError::DynSizes`].
    DynSizes,
    /// See [`ShapeError::AxisOutOfRange`].
    AxisOutOfRange,
    /// See [`ShapeError::DuplicateAxis`].
    DuplicateAxis,
    /// See [`ShapeError::PermuteLength`].
    PermuteLength,
    /// See [`ShapeError::SqueezeSize`].
    SqueezeSize,
    /// See [`ShapeError::EmptyReduction`].
    EmptyReduction,
    /// See [`ShapeError::DivisionByZero`].
    DivisionByZero,
    /// See [`ShapeError::MatMulRank`].
    MatMulRank,
    /// See [`ShapeError::MatMulInner`].
    MatMulInner,
    /// See [`ShapeError::MatMulNames`].
    MatMulNames,
    /// See [`ShapeError::EmptyStack`].
    EmptyStack,
    /// See [`ShapeError::EmptyCat`].
    EmptyCat,
    /// See [`ShapeError::StackMismatch`].
    StackMismatch,
    /// See [`ShapeError::CatMismatch`].
    CatMismatch,
    /// See [`ShapeError::CatScalar`].
    CatScalar,
    /// See [`ShapeError::NameCount`].
    NameCount,
    /// See [`ShapeError::DuplicateName`].
    DuplicateName,
    /// See [`ShapeError::NameNotFound`].
    NameNotFound,
    /// See [`ShapeError::NoMatch`].
    NoMatch,
    /// See [`ShapeError::TooManyUnnamed`].
    TooManyUnnamed,
    /// See [`ShapeError::NamedMismatch`].
    NamedMismatch,
    /// See [`ShapeError::NameConflict`].
    NameConflict,
    /// See [`ShapeError::NamesDiffer`].
    NamesDiffer,
    /// See [`ShapeError::Einsum`].
    Einsum,
    /// See [`ShapeError::Linalg`].
    Linalg,
    /// See [`ShapeError::IndexOutOfRange`].
    IndexOutOfRange,
    /// See [`ShapeError::NarrowOutOfRange`].
    NarrowOutOfRange,
    /// See [`ShapeError::SliceStep`].
    SliceStep,
    /// See [`ShapeError::ChunkCount`].
    ChunkCount,
    /// See [`ShapeError::SplitSize`].
    SplitSize,
    /// See [`ShapeError::RepeatRank`].
    RepeatRank,
    /// See [`ShapeError::OuterRank`].
    OuterRank,
    /// See [`ShapeError::MeshgridRank`].
    MeshgridRank,
    /// See [`ShapeError::TraceRank`].
    TraceRank,
    /// See [`ShapeError::QuantilesRange`].
    QuantilesRange,
    /// See [`ShapeError::SearchSorted`].
    SearchSorted,
    /// See [`ShapeError::TakeAlongRank`].
    TakeAlongRank,
    /// See [`ShapeError::TooManyIndices`].
    TooManyIndices,
    /// See [`ShapeError::InterleavedViews`].
    InterleavedViews,
    /// See [`ShapeError::QuantileRange`].
    QuantileRange,
    /// See [`ShapeError::ArangeStep`].
    ArangeStep,
    /// See [`ShapeError::ScalarIndexCount`].
    ScalarIndexCount,
    /// See [`ShapeError::Overflow`].
    Overflow,
    /// See [`ShapeError::OneHotClass`].
    OneHotClass,
    /// See [`ShapeError::IndexShape`].
    IndexShape,
}

/// Dimension names as error data: one entry per dimension, `None` where unnamed.
pub type NameList = Vec<Option<String>>;

/// The data of [`ShapeError::NamedMismatch`]: two dimensions matched by
/// name (or by position, both unnamed) whose sizes do not broadcast.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedMismatch {
    /// The left operand's (for in-place: the target's) shape.
    pub a: Vec<usize>,
    /// The right operand's shape.
    pub b: Vec<usize>,
    /// The left operand's names.
    pub a_names: NameList,
    /// The right operand's names.
    pub b_names: NameList,
    /// The failing axis of `a`.
    pub a_axis: usize,
    /// The failing axis of `b`.
    pub b_axis: usize,
    /// The dimension's name, `None` for two unnamed dimensions.
    pub name: Option<String>,
    /// Whether the operation was in place (`a op= b`).
    pub in_place: bool,
}

/// A shape error, with the shapes and the failing axis as data. `Display`
/// starts with PyTorch's sentence, then shows the shapes aligned.
///
/// ```
/// use shaped::{DynTensor, ShapeError};
/// let a = DynTensor::<f32>::zeros(&[5, 2, 4, 1]);
/// let b = DynTensor::<f32>::zeros(&[3, 1, 1]);
/// let err = a.try_add(&b).unwrap_err();
/// assert!(matches!(&err, ShapeError::Broadcast { axis: 1, .. }));
/// assert_eq!(err.to_string().lines().next().unwrap(),
///     "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ShapeError {
    /// Two shapes do not broadcast: at `axis` (counted from the left of the
    /// padded result, as PyTorch counts) the sizes differ and neither is 1.
    /// Where several axes mismatch, the rightmost is reported.
    Broadcast {
        /// The left operand's shape.
        a: Vec<usize>,
        /// The right operand's shape.
        b: Vec<usize>,
        /// The failing axis.
        axis: usize,
    },
    /// `tensor` does not broadcast to `target` without changing it (the right
    /// side of an in-place operation, or `broadcast_to`): at `axis` of
    /// `target` its size is neither 1 nor the target's.
    Expand {
        /// The shape that must not change.
        target: Vec<usize>,
        /// The shape being broadcast to it.
        tensor: Vec<usize>,
        /// The failing axis of `target`.
        axis: usize,
    },
    /// The right side of an in-place operation has more dimensions than the
    /// left side, so the result would not fit.
    InPlaceRank {
        /// The left side's shape.
        target: Vec<usize>,
        /// The right side's shape.
        tensor: Vec<usize>,
        /// The shape `target op tensor` would have, where they broadcast
        /// (the message names it, as PyTorch's does).
        broadcast: Option<Vec<usize>>,
    },
    /// `broadcast_to` was asked for fewer dimensions than the tensor has.
    ExpandRank {
        /// The requested shape.
        target: Vec<usize>,
        /// The tensor's shape.
        tensor: Vec<usize>,
    },
    /// `shape` does not hold `numel` elements (`reshape`, `from_vec`, `from_slice`).
    Reshape {
        /// The requested shape.
        shape: Vec<usize>,
        /// The number of elements there are.
        numel: usize,
    },
    /// `shape` is outside the crate's size policy (a size, or the product
    /// of the nonzero sizes, above `isize::MAX`, even when another size is
    /// 0: see the [module documentation](self#sizes)), or its elements
    /// would take more than `isize::MAX` bytes, or the allocator refused
    /// the memory for them.
    TooLarge {
        /// The shape.
        shape: Vec<usize>,
    },
    /// More than [`MAX_RANK`] dimensions.
    RankTooLarge {
        /// The shape.
        shape: Vec<usize>,
    },
    /// A mixed tensor (`shape![Dyn, 3]`) was given a number of runtime sizes
    /// other than its number of `Dyn` dimensions.
    DynSizes {
        /// The static sizes, `usize::MAX` (the value of `Dyn`) where a dimension is `Dyn`.
        template: Vec<usize>,
        /// The runtime sizes given.
        dynamic: Vec<usize>,
    },
    /// A tensor has another shape than the one required: a runtime tensor
    /// converted to a static or mixed one, or the output of a `try_*_into`
    /// operation that is not the broadcast shape.
    Mismatch {
        /// The required shape (`usize::MAX` marks a `Dyn` dimension).
        expected: Vec<usize>,
        /// The tensor's shape.
        got: Vec<usize>,
    },
    /// An axis argument is not an axis of the tensor. `dims` is the number of
    /// valid positions: the rank for most operations, the rank + 1 where a
    /// new axis is inserted (`unsqueeze`, `stack`), 1 for a rank-0 tensor
    /// (whose one valid axis, 0, is an axis of size 1, as in PyTorch).
    AxisOutOfRange {
        /// The tensor's shape.
        shape: Vec<usize>,
        /// The axis asked for (negative: counted from the right).
        axis: isize,
        /// How many positions are valid (axes `-dims..dims`).
        dims: usize,
    },
    /// An axis appears twice in a list of axes (a reduction, `permute`).
    DuplicateAxis {
        /// The tensor's shape.
        shape: Vec<usize>,
        /// The repeated axis.
        axis: usize,
    },
    /// `permute` got an ordering of another length than the tensor's rank.
    PermuteLength {
        /// The tensor's shape.
        shape: Vec<usize>,
        /// The ordering asked for.
        perm: Vec<usize>,
    },
    /// `squeeze(axis)` on an axis whose size is not 1 (NumPy's error;
    /// PyTorch silently returns the tensor unchanged).
    SqueezeSize {
        /// The tensor's shape.
        shape: Vec<usize>,
        /// The axis asked for.
        axis: usize,
    },
    /// A reduction without an identity (`max`, `min`, `argmax`, `argmin`)
    /// over an axis of size 0.
    EmptyReduction {
        /// The tensor's shape.
        shape: Vec<usize>,
        /// The empty axis.
        axis: usize,
        /// PyTorch's name of the operation (`amax`, `amin`, `argmax`, `argmin`).
        op: &'static str,
    },
    /// An integer division or remainder whose divisor holds a 0 (not a
    /// shape error, but reported the same way so that `try_` functions have
    /// one error type).
    DivisionByZero {
        /// `"division"` or `"remainder"`.
        op: &'static str,
    },
    /// A matrix product with a rank-0 operand.
    MatMulRank {
        /// The first operand's shape.
        a: Vec<usize>,
        /// The second operand's shape.
        b: Vec<usize>,
    },
    /// A matrix product whose inner sizes differ (the columns of `a`
    /// against the rows of `b`, or two vectors of different lengths).
    MatMulInner {
        /// The first operand's shape.
        a: Vec<usize>,
        /// The second operand's shape.
        b: Vec<usize>,
    },
    /// A matrix product whose inner dimensions have two different names.
    MatMulNames {
        /// The name of `a`'s inner (last) dimension.
        a: String,
        /// The name of `b`'s inner dimension.
        b: String,
    },
    /// `stack` of no tensors.
    EmptyStack,
    /// `cat` of no tensors.
    EmptyCat,
    /// `stack` of tensors of different shapes.
    StackMismatch {
        /// The shape of the first tensor.
        first: Vec<usize>,
        /// The shape of the first tensor that differs from it.
        other: Vec<usize>,
        /// The position of that tensor in the list.
        index: usize,
    },
    /// `cat` of tensors of different ranks, or whose sizes differ on an axis
    /// other than the one concatenated along.
    CatMismatch {
        /// The shape of the first tensor.
        first: Vec<usize>,
        /// The shape of the first tensor that does not fit it.
        other: Vec<usize>,
        /// The position of that tensor in the list.
        index: usize,
        /// The axis concatenated along.
        axis: usize,
    },
    /// `cat` of a rank-0 tensor, which has no axis to concatenate along.
    CatScalar {
        /// The position of that tensor in the list.
        index: usize,
    },
    /// [`with_names`](crate::DynTensor::with_names) was given a number of
    /// names other than the tensor's rank.
    NameCount {
        /// The tensor's shape.
        shape: Vec<usize>,
        /// The number of names given.
        count: usize,
    },
    /// A name appears more than once among one tensor's dimensions.
    DuplicateName {
        /// The names, with the repetition.
        names: NameList,
        /// The repeated name.
        name: String,
    },
    /// [`rename`](crate::DynTensor::rename) or
    /// [`axis_named`](crate::DynTensor::axis_named) was given a name the
    /// tensor does not have.
    NameNotFound {
        /// The tensor's names.
        names: NameList,
        /// The name asked for.
        name: String,
    },
    /// Broadcasting by name (or [`align_to`](crate::DynTensor::align_to)):
    /// a named dimension of one side is not a dimension of the other, which
    /// has the larger rank (or is the left side of an in-place operation)
    /// and so cannot gain dimensions.
    NoMatch {
        /// The name without a match.
        name: String,
        /// Which side it belongs to: `"a"`, `"b"` or `"the tensor"`.
        of: &'static str,
        /// The side it was looked for in: `"a"`, `"b"` or `"the names"`.
        within: &'static str,
        /// The names of that side.
        names: NameList,
    },
    /// Broadcasting by name: one side has more unnamed dimensions than the
    /// other, which has the larger rank; unnamed dimensions are matched by
    /// position and none can be added.
    TooManyUnnamed {
        /// The side with too many unnamed dimensions.
        of: &'static str,
        /// The other side.
        within: &'static str,
        /// The names of `of`.
        of_names: NameList,
        /// The names of `within`.
        within_names: NameList,
    },
    /// Broadcasting by name: two matched dimensions (same name, or both
    /// unnamed and matched by position) have sizes that differ, neither
    /// being 1 (for an in-place operation: `b`'s size is neither 1 nor
    /// `a`'s). Boxed, to keep `ShapeError` small.
    NamedMismatch(Box<NamedMismatch>),
    /// `stack` or `cat` of tensors whose names differ at a position where
    /// both are named.
    NameConflict {
        /// The names gathered from the tensors before `index`.
        first: NameList,
        /// The names of the tensor that conflicts.
        other: NameList,
        /// The position of that tensor in the list.
        index: usize,
        /// The dimension where the names differ.
        axis: usize,
    },
    /// A runtime tensor converted to a static shape with dimension names
    /// has another name at a dimension where both are named.
    NamesDiffer {
        /// The static shape's names.
        expected: NameList,
        /// The tensor's names.
        got: NameList,
        /// The first dimension where they differ.
        axis: usize,
    },
    /// An `einsum` equation that is malformed or does not fit its
    /// operands, or a `contract` whose shared names have two sizes. Boxed,
    /// to keep `ShapeError` small.
    Einsum(Box<EinsumError>),
    /// A linear-algebra function (`shaped::linalg`) whose input does not
    /// fit it, or whose factorization failed (a singular matrix, one that
    /// is not positive-definite, no convergence). Boxed, to keep
    /// `ShapeError` small.
    Linalg(Box<LinalgError>),
    /// An index along an axis (`index_axis`, a single index in a slice)
    /// outside `-size..size`.
    IndexOutOfRange {
        /// The tensor's (or view's) shape.
        shape: Vec<usize>,
        /// The axis indexed.
        axis: usize,
        /// The index given (negative: counted from the end).
        index: isize,
    },
    /// `narrow(axis, start, length)` past the end of the axis.
    NarrowOutOfRange {
        /// The tensor's (or view's) shape.
        shape: Vec<usize>,
        /// The axis narrowed.
        axis: usize,
        /// The start given.
        start: usize,
        /// The length given.
        length: usize,
    },
    /// A slice step of 0 (a negative one walks backwards, as NumPy's does).
    SliceStep {
        /// The step given.
        step: isize,
    },
    /// `chunk` asked for 0 pieces.
    ChunkCount {
        /// The number of pieces given.
        chunks: usize,
    },
    /// `split` into pieces of size 0 along an axis that is not empty
    /// (PyTorch allows a size of 0 only for an empty axis).
    SplitSize {
        /// The size of the axis split.
        size: usize,
    },
    /// `repeat` with fewer repeats than the tensor has dimensions (as in
    /// PyTorch); for a static or mixed tensor, whose result keeps its rank,
    /// any other number than the rank.
    RepeatRank {
        /// The repeats given.
        reps: Vec<usize>,
        /// The tensor's shape.
        shape: Vec<usize>,
    },
    /// `outer` of an operand that is not 1-D.
    OuterRank {
        /// Which operand: 0 for `self`, 1 for the other (PyTorch's `vec2`).
        operand: usize,
        /// That operand's shape.
        shape: Vec<usize>,
    },
    /// `meshgrid` of an input of rank 2 or more (each is 0-D or 1-D).
    MeshgridRank {
        /// The position of the input in the list.
        index: usize,
        /// That input's shape.
        shape: Vec<usize>,
    },
    /// `trace` of a tensor that is not a matrix.
    TraceRank {
        /// The tensor's shape.
        shape: Vec<usize>,
    },
    /// `quantiles` given a `q` outside `[0, 1]` (or NaN) among several
    /// (PyTorch's check of a `q` tensor, which words it apart from the
    /// one-`q` [`QuantileRange`](Self::QuantileRange)).
    QuantilesRange {
        /// The position of the first such `q`.
        index: usize,
        /// That `q`, as it prints.
        q: String,
    },
    /// `searchsorted` with a sorted sequence and values that do not fit
    /// PyTorch's rule: the sequence is 1-D (any values), or N-D with
    /// values of the same rank and the same sizes but the last; rank-0
    /// values only with a 1-D sequence, and never a rank-0 sequence.
    SearchSorted {
        /// The sorted sequence's shape.
        sequence: Vec<usize>,
        /// The values' shape.
        values: Vec<usize>,
    },
    /// `take_along_dim` with indices of another rank than the input
    /// (they broadcast against each other, but never gain dimensions).
    TakeAlongRank {
        /// The input's shape.
        input: Vec<usize>,
        /// The indices' shape.
        indices: Vec<usize>,
    },
    /// A slice with more entries than the tensor has dimensions.
    TooManyIndices {
        /// The tensor's (or view's) shape.
        shape: Vec<usize>,
        /// How many entries the slice has.
        count: usize,
    },
    /// `axis_iter_mut` (or `rows_mut`) over an axis whose views would
    /// interleave in memory (the columns of a row-major matrix): mutable
    /// views hold disjoint ranges of the storage, so these cannot be
    /// handed out together. Visit them one at a time instead
    /// (`axis_for_each_mut`, or `index_axis_mut` in a loop).
    InterleavedViews {
        /// The view's shape.
        shape: Vec<usize>,
        /// The axis iterated over (the last one for `rows_mut`).
        axis: usize,
    },
    /// `quantile` asked for a `q` outside `[0, 1]` (or NaN). Not a shape
    /// error, reported the same way so that `try_quantile` has one error
    /// type.
    QuantileRange {
        /// The `q` given, as it prints.
        q: String,
    },
    /// `arange_step` with a step of 0 (PyTorch's `arange` check; NumPy
    /// divides by zero).
    ArangeStep,
    /// `index_select` of a rank-0 tensor with other than one position
    /// (PyTorch's check; a scalar's only position is 0).
    ScalarIndexCount {
        /// The number of positions given.
        count: usize,
    },
    /// An integer result of a checked reduction (`checked_sum`,
    /// `checked_cumsum`, ...) does not fit its type. The unchecked forms
    /// wrap, as NumPy and PyTorch do.
    Overflow {
        /// The operation, as it is named (`"sum"`, `"cumsum"`, ...).
        op: &'static str,
    },
    /// `one_hot` met a label that is not below the number of classes
    /// (PyTorch's `Class values must be smaller than num_classes.`).
    OneHotClass {
        /// The labels' shape.
        shape: Vec<usize>,
        /// The first label out of range.
        label: usize,
        /// The number of classes.
        num_classes: usize,
    },
    /// `scatter`, `scatter_add`, `index_add` or `index_put` with indices or
    /// a source whose shapes do not fit the tensor written to; `reason` is
    /// PyTorch's sentence for the same mistake.
    IndexShape {
        /// The shape of the tensor written to.
        input: Vec<usize>,
        /// The shape of the indices (of the first index tensor that does
        /// not fit, for `index_put`).
        index: Vec<usize>,
        /// PyTorch's message.
        reason: String,
    },
}

impl ShapeError {
    pub(crate) fn broadcast(a: &[usize], b: &[usize], axis: usize) -> Self {
        ShapeError::Broadcast {
            a: a.to_vec(),
            b: b.to_vec(),
            axis,
        }
    }
    pub(crate) fn expand(target: &[usize], tensor: &[usize], axis: usize) -> Self {
        ShapeError::Expand {
            target: target.to_vec(),
            tensor: tensor.to_vec(),
            axis,
        }
    }
    /// Builds the variant of `kind` from the first shape, the second shape
    /// (empty where there is none) and the axis.
    pub(crate) fn new(kind: ShapeErrorKind, a: &[usize], b: &[usize], axis: Option<usize>) -> Self {
        let (a, b, axis) = (a.to_vec(), b.to_vec(), axis.unwrap_or(0));
        match kind {
            ShapeErrorKind::DynSizes => ShapeError::DynSizes {
                template: a,
                dynamic: b,
            },
            ShapeErrorKind::Broadcast => ShapeError::Broadcast { a, b, axis },
            ShapeErrorKind::Expand => ShapeError::Expand {
                target: a,
                tensor: b,
                axis,
            },
            ShapeErrorKind::InPlaceRank => ShapeError::InPlaceRank {
                target: a,
                tensor: b,
                broadcast: None,
            },
            ShapeErrorKind::ExpandRank => ShapeError::ExpandRank {
                target: a,
                tensor: b,
            },
            ShapeErrorKind::Reshape { numel } => ShapeError::Reshape { shape: a, numel },
            ShapeErrorKind::TooLarge => ShapeError::TooLarge { shape: a },
            ShapeErrorKind::RankTooLarge => ShapeError::RankTooLarge { shape: a },
            ShapeErrorKind::Mismatch => ShapeError::Mismatch {
                expected: a,
                got: b,
            },
            ShapeErrorKind::AxisOutOfRange => {
                let dims = a.len().max(1);
                ShapeError::AxisOutOfRange {
                    shape: a,
                    axis: axis as isize,
                    dims,
                }
            }
            ShapeErrorKind::DuplicateAxis => ShapeError::DuplicateAxis { shape: a, axis },
            ShapeErrorKind::PermuteLength => ShapeError::PermuteLength { shape: a, perm: b },
            ShapeErrorKind::SqueezeSize => ShapeError::SqueezeSize { shape: a, axis },
            ShapeErrorKind::EmptyReduction => ShapeError::EmptyReduction {
                shape: a,
                axis,
                op: "reduction",
            },
            ShapeErrorKind::DivisionByZero => ShapeError::DivisionByZero { op: "division" },
            ShapeErrorKind::MatMulRank => ShapeError::MatMulRank { a, b },
            ShapeErrorKind::MatMulInner => ShapeError::MatMulInner { a, b },
            ShapeErrorKind::MatMulNames => ShapeError::MatMulNames {
                a: String::new(),
                b: String::new(),
            },
            ShapeErrorKind::EmptyStack => ShapeError::EmptyStack,
            ShapeErrorKind::EmptyCat => ShapeError::EmptyCat,
            ShapeErrorKind::StackMismatch => ShapeError::StackMismatch {
                first: a,
                other: b,
                index: 1,
            },
            ShapeErrorKind::CatMismatch => ShapeError::CatMismatch {
                first: a,
                other: b,
                index: 1,
                axis,
            },
            ShapeErrorKind::CatScalar => ShapeError::CatScalar { index: axis },
            ShapeErrorKind::NameCount => ShapeError::NameCount {
                shape: a,
                count: axis,
            },
            ShapeErrorKind::DuplicateName => ShapeError::DuplicateName {
                names: Vec::new(),
                name: String::new(),
            },
            ShapeErrorKind::NameNotFound => ShapeError::NameNotFound {
                names: Vec::new(),
                name: String::new(),
            },
            ShapeErrorKind::NoMatch => ShapeError::NoMatch {
                name: String::new(),
                of: "b",
                within: "a",
                names: Vec::new(),
            },
            ShapeErrorKind::TooManyUnnamed => ShapeError::TooManyUnnamed {
                of: "b",
                within: "a",
                of_names: Vec::new(),
                within_names: Vec::new(),
            },
            ShapeErrorKind::NamedMismatch => ShapeError::NamedMismatch(Box::new(NamedMismatch {
                a_names: alloc::vec![None; a.len()],
                b_names: alloc::vec![None; b.len()],
                a,
                b,
                a_axis: axis,
                b_axis: axis,
                name: None,
                in_place: false,
            })),
            ShapeErrorKind::NameConflict => ShapeError::NameConflict {
                first: Vec::new(),
                other: Vec::new(),
                index: 1,
                axis,
            },
            ShapeErrorKind::NamesDiffer => ShapeError::NamesDiffer {
                expected: Vec::new(),
                got: Vec::new(),
                axis,
            },
            ShapeErrorKind::Einsum => ShapeError::Einsum(Box::new(EinsumError {
                equation: String::new(),
                shapes: alloc::vec![a, b],
                problem: EinsumProblem::NoOperands,
            })),
            ShapeErrorKind::Linalg => ShapeError::Linalg(Box::new(LinalgError {
                op: "linalg.inv",
                batch: None,
                problem: LinalgProblem::TooFewDims {
                    shape: a,
                    needed: 2,
                },
            })),
            ShapeErrorKind::IndexOutOfRange => ShapeError::IndexOutOfRange {
                shape: a,
                axis,
                index: 0,
            },
            ShapeErrorKind::NarrowOutOfRange => ShapeError::NarrowOutOfRange {
                shape: a,
                axis,
                start: 0,
                length: 0,
            },
            ShapeErrorKind::SliceStep => ShapeError::SliceStep { step: 0 },
            ShapeErrorKind::ChunkCount => ShapeError::ChunkCount { chunks: 0 },
            ShapeErrorKind::SplitSize => ShapeError::SplitSize {
                size: a.first().copied().unwrap_or(0),
            },
            ShapeErrorKind::RepeatRank => ShapeError::RepeatRank { reps: a, shape: b },
            ShapeErrorKind::OuterRank => ShapeError::OuterRank {
                operand: axis,
                shape: a,
            },
            ShapeErrorKind::MeshgridRank => ShapeError::MeshgridRank {
                index: axis,
                shape: a,
            },
            ShapeErrorKind::TraceRank => ShapeError::TraceRank { shape: a },
            ShapeErrorKind::TakeAlongRank => ShapeError::TakeAlongRank {
                input: a,
                indices: b,
            },
            ShapeErrorKind::SearchSorted => ShapeError::SearchSorted {
                sequence: a,
                values: b,
            },
            ShapeErrorKind::QuantilesRange => ShapeError::QuantilesRange {
                index: axis,
                q: String::new(),
            },
            ShapeErrorKind::TooManyIndices => ShapeError::TooManyIndices {
                count: a.len() + 1,
                shape: a,
            },
            ShapeErrorKind::InterleavedViews => ShapeError::InterleavedViews { shape: a, axis },
            ShapeErrorKind::QuantileRange => ShapeError::QuantileRange { q: String::new() },
            ShapeErrorKind::ArangeStep => ShapeError::ArangeStep,
            ShapeErrorKind::ScalarIndexCount => ShapeError::ScalarIndexCount { count: a.len() },
            ShapeErrorKind::Overflow => ShapeError::Overflow { op: "sum" },
            ShapeErrorKind::OneHotClass => ShapeError::OneHotClass {
                shape: a,
                label: 0,
                num_classes: 0,
            },
            ShapeErrorKind::IndexShape => ShapeError::IndexShape {
                input: a,
                index: b,
                reason: String::new(),
            },
        }
    }

    /// The kind of error, without its data.
    pub fn kind(&self) -> ShapeErrorKind {
        match self {
            ShapeError::Broadcast { .. } => ShapeErrorKind::Broadcast,
            ShapeError::Expand { .. } => ShapeErrorKind::Expand,
            ShapeError::InPlaceRank { .. } => ShapeErrorKind::InPlaceRank,
            ShapeError::ExpandRank { .. } => ShapeErrorKind::ExpandRank,
            ShapeError::Reshape { numel, .. } => ShapeErrorKind::Reshape { numel: *numel },
            ShapeError::TooLarge { .. } => ShapeErrorKind::TooLarge,
            ShapeError::RankTooLarge { .. } => ShapeErrorKind::RankTooLarge,
            ShapeError::Mismatch { .. } => ShapeErrorKind::Mismatch,
            ShapeError::DynSizes { .. } => ShapeErrorKind::DynSizes,
            ShapeError::AxisOutOfRange { .. } => ShapeErrorKind::AxisOutOfRange,
            ShapeError::DuplicateAxis { .. } => ShapeErrorKind::DuplicateAxis,
            ShapeError::PermuteLength { .. } => ShapeErrorKind::PermuteLength,
            ShapeError::SqueezeSize { .. } => ShapeErrorKind::SqueezeSize,
            ShapeError::EmptyReduction { .. } => ShapeErrorKind::EmptyReduction,
            ShapeError::DivisionByZero { .. } => ShapeErrorKind::DivisionByZero,
            ShapeError::MatMulRank { .. } => ShapeErrorKind::MatMulRank,
            ShapeError::MatMulInner { .. } => ShapeErrorKind::MatMulInner,
            ShapeError::MatMulNames { .. } => ShapeErrorKind::MatMulNames,
            ShapeError::EmptyStack => ShapeErrorKind::EmptyStack,
            ShapeError::EmptyCat => ShapeErrorKind::EmptyCat,
            ShapeError::StackMismatch { .. } => ShapeErrorKind::StackMismatch,
            ShapeError::CatMismatch { .. } => ShapeErrorKind::CatMismatch,
            ShapeError::CatScalar { .. } => ShapeErrorKind::CatScalar,
            ShapeError::NameCount { .. } => ShapeErrorKind::NameCount,
            ShapeError::DuplicateName { .. } => ShapeErrorKind::DuplicateName,
            ShapeError::NameNotFound { .. } => ShapeErrorKind::NameNotFound,
            ShapeError::NoMatch { .. } => ShapeErrorKind::NoMatch,
            ShapeError::TooManyUnnamed { .. } => ShapeErrorKind::TooManyUnnamed,
            ShapeError::NamedMismatch(_) => ShapeErrorKind::NamedMismatch,
            ShapeError::NameConflict { .. } => ShapeErrorKind::NameConflict,
            ShapeError::NamesDiffer { .. } => ShapeErrorKind::NamesDiffer,
            ShapeError::Einsum(_) => ShapeErrorKind::Einsum,
            ShapeError::Linalg(_) => ShapeErrorKind::Linalg,
            ShapeError::IndexOutOfRange { .. } => ShapeErrorKind::IndexOutOfRange,
            ShapeError::NarrowOutOfRange { .. } => ShapeErrorKind::NarrowOutOfRange,
            ShapeError::SliceStep { .. } => ShapeErrorKind::SliceStep,
            ShapeError::ChunkCount { .. } => ShapeErrorKind::ChunkCount,
            ShapeError::SplitSize { .. } => ShapeErrorKind::SplitSize,
            ShapeError::RepeatRank { .. } => ShapeErrorKind::RepeatRank,
            ShapeError::OuterRank { .. } => ShapeErrorKind::OuterRank,
            ShapeError::MeshgridRank { .. } => ShapeErrorKind::MeshgridRank,
            ShapeError::TraceRank { .. } => ShapeErrorKind::TraceRank,
            ShapeError::QuantilesRange { .. } => ShapeErrorKind::QuantilesRange,
            ShapeError::SearchSorted { .. } => ShapeErrorKind::SearchSorted,
            ShapeError::TakeAlongRank { .. } => ShapeErrorKind::TakeAlongRank,
            ShapeError::TooManyIndices { .. } => ShapeErrorKind::TooManyIndices,
            ShapeError::InterleavedViews { .. } => ShapeErrorKind::InterleavedViews,
            ShapeError::QuantileRange { .. } => ShapeErrorKind::QuantileRange,
            ShapeError::ArangeStep => ShapeErrorKind::ArangeStep,
            ShapeError::ScalarIndexCount { .. } => ShapeErrorKind::ScalarIndexCount,
            ShapeError::Overflow { .. } => ShapeErrorKind::Overflow,
            ShapeError::OneHotClass { .. } => ShapeErrorKind::OneHotClass,
            ShapeError::IndexShape { .. } => ShapeErrorKind::IndexShape,
        }
    }

    /// The first shape: `a` of a binary operation, the target of an in-place
    /// operation or `broadcast_to`, the requested shape of a reshape, the
    /// expected shape of a conversion, the tensor's shape for an axis error,
    /// the first tensor's shape for `stack` and `cat`; empty where there is none.
    pub fn lhs(&self) -> &[usize] {
        match self {
            ShapeError::Broadcast { a, .. }
            | ShapeError::MatMulRank { a, .. }
            | ShapeError::MatMulInner { a, .. } => a,
            ShapeError::Expand { target, .. }
            | ShapeError::InPlaceRank { target, .. }
            | ShapeError::ExpandRank { target, .. } => target,
            ShapeError::Reshape { shape, .. }
            | ShapeError::TooLarge { shape }
            | ShapeError::RankTooLarge { shape } => shape,
            ShapeError::Mismatch { expected, .. } => expected,
            ShapeError::DynSizes { template, .. } => template,
            ShapeError::AxisOutOfRange { shape, .. }
            | ShapeError::DuplicateAxis { shape, .. }
            | ShapeError::PermuteLength { shape, .. }
            | ShapeError::SqueezeSize { shape, .. }
            | ShapeError::EmptyReduction { shape, .. }
            | ShapeError::IndexOutOfRange { shape, .. }
            | ShapeError::NarrowOutOfRange { shape, .. }
            | ShapeError::TooManyIndices { shape, .. }
            | ShapeError::InterleavedViews { shape, .. }
            | ShapeError::OuterRank { shape, .. }
            | ShapeError::MeshgridRank { shape, .. }
            | ShapeError::TraceRank { shape }
            | ShapeError::SearchSorted {
                sequence: shape, ..
            }
            | ShapeError::TakeAlongRank { input: shape, .. }
            | ShapeError::OneHotClass { shape, .. }
            | ShapeError::IndexShape { input: shape, .. } => shape,
            ShapeError::RepeatRank { reps, .. } => reps,
            ShapeError::StackMismatch { first, .. } | ShapeError::CatMismatch { first, .. } => {
                first
            }
            ShapeError::NameCount { shape, .. } => shape,
            ShapeError::NamedMismatch(m) => &m.a,
            ShapeError::EmptyStack
            | ShapeError::MatMulNames { .. }
            | ShapeError::DivisionByZero { .. }
            | ShapeError::QuantileRange { .. }
            | ShapeError::ArangeStep
            | ShapeError::ScalarIndexCount { .. }
            | ShapeError::Overflow { .. }
            | ShapeError::EmptyCat
            | ShapeError::CatScalar { .. }
            | ShapeError::DuplicateName { .. }
            | ShapeError::NameNotFound { .. }
            | ShapeError::NoMatch { .. }
            | ShapeError::TooManyUnnamed { .. }
            | ShapeError::NameConflict { .. }
            | ShapeError::NamesDiffer { .. }
            | ShapeError::SliceStep { .. }
            | ShapeError::ChunkCount { .. }
            | ShapeError::SplitSize { .. }
            | ShapeError::QuantilesRange { .. }
            | ShapeError::Einsum(_)
            | ShapeError::Linalg(_) => &[],
        }
    }

    /// The second shape: `b` of a binary operation, the tensor being
    /// broadcast, the runtime shape of a conversion, the ordering given to
    /// `permute`, the shape of the tensor of `stack` or `cat` that does not
    /// fit; empty where there is none.
    pub fn rhs(&self) -> &[usize] {
        match self {
            ShapeError::Broadcast { b, .. }
            | ShapeError::MatMulRank { b, .. }
            | ShapeError::MatMulInner { b, .. } => b,
            ShapeError::NamedMismatch(m) => &m.b,
            ShapeError::Expand { tensor, .. }
            | ShapeError::InPlaceRank { tensor, .. }
            | ShapeError::ExpandRank { tensor, .. } => tensor,
            ShapeError::RepeatRank { shape, .. } => shape,
            ShapeError::SearchSorted { values, .. }
            | ShapeError::TakeAlongRank {
                indices: values, ..
            }
            | ShapeError::IndexShape { index: values, .. } => values,
            ShapeError::Mismatch { got, .. } => got,
            ShapeError::DynSizes { dynamic, .. } => dynamic,
            ShapeError::PermuteLength { perm, .. } => perm,
            ShapeError::StackMismatch { other, .. } | ShapeError::CatMismatch { other, .. } => {
                other
            }
            _ => &[],
        }
    }

    /// The failing axis, for [`Broadcast`](Self::Broadcast) and
    /// [`Expand`](Self::Expand); the axis asked for, for the axis errors
    /// ([`AxisOutOfRange`](Self::AxisOutOfRange), [`DuplicateAxis`](Self::DuplicateAxis),
    /// [`SqueezeSize`](Self::SqueezeSize), [`EmptyReduction`](Self::EmptyReduction))
    /// and the axis concatenated along for [`CatMismatch`](Self::CatMismatch);
    /// the failing axis of `a` for [`NamedMismatch`](Self::NamedMismatch)
    /// and the position where the names differ for
    /// [`NameConflict`](Self::NameConflict).
    pub fn axis(&self) -> Option<usize> {
        match self {
            ShapeError::NamedMismatch(m) => Some(m.a_axis),
            ShapeError::Broadcast { axis, .. }
            | ShapeError::NameConflict { axis, .. }
            | ShapeError::NamesDiffer { axis, .. }
            | ShapeError::Expand { axis, .. }
            | ShapeError::DuplicateAxis { axis, .. }
            | ShapeError::SqueezeSize { axis, .. }
            | ShapeError::EmptyReduction { axis, .. }
            | ShapeError::CatMismatch { axis, .. }
            | ShapeError::IndexOutOfRange { axis, .. }
            | ShapeError::NarrowOutOfRange { axis, .. }
            | ShapeError::InterleavedViews { axis, .. } => Some(*axis),
            ShapeError::AxisOutOfRange { axis, .. } => usize::try_from(*axis).ok(),
            _ => None,
        }
    }

    /// The sizes at the failing axis: (first shape's, second shape's).
    fn sizes(&self, axis: usize) -> (usize, usize) {
        let (a, b) = (self.lhs(), self.rhs());
        let rank = match self {
            ShapeError::Expand { .. } => a.len(),
            _ => a.len().max(b.len()),
        };
        let at = |s: &[usize]| {
            let pad = rank - s.len().min(rank);
            if axis >= pad {
                s.get(axis - pad).copied().unwrap_or(1)
            } else {
                1
            }
        };
        (at(a), at(b))
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ShapeError {}

/// The element count of `shape`, or `None` if it overflows `usize`. A shape
/// with a 0 is empty however large its other sizes.
pub(crate) fn numel(shape: &[usize]) -> Option<usize> {
    if shape.contains(&0) {
        return Some(0);
    }
    shape.iter().try_fold(1usize, |acc, &d| acc.checked_mul(d))
}

/// The panic of an operator or constructor whose `try_` form returns `e`,
/// with its message, at the caller's line: one function for every type,
/// where a `panic!` in each generic caller formats the message again in
/// every copy of that caller.
#[cold]
#[inline(never)]
#[track_caller]
pub(crate) fn fail(e: ShapeError) -> ! {
    panic!("{e}")
}

/// `Result::unwrap` with [`fail`]'s message, at the caller's line: the
/// panicking form of every `try_` function ends in `.or_fail()`. A closure
/// (`unwrap_or_else(|e| fail(e))`) would report the closure's line in the
/// crate, since `#[track_caller]` does not pass through closures.
pub(crate) trait OrFail<T> {
    /// The value, or the panic with the error's message.
    fn or_fail(self) -> T;
}

impl<T> OrFail<T> for Result<T, ShapeError> {
    #[inline]
    #[track_caller]
    fn or_fail(self) -> T {
        match self {
            Ok(v) => v,
            Err(e) => fail(e),
        }
    }
}

/// The element count of `shape` for elements of `T`, or `TooLarge` /
/// `RankTooLarge`: the [size policy](self#sizes) is checked here, once for
/// every constructor, reader and result.
pub(crate) fn checked_numel<T>(shape: &[usize]) -> Result<usize, ShapeError> {
    if shape.len() > MAX_RANK {
        return Err(ShapeError::new(
            ShapeErrorKind::RankTooLarge,
            shape,
            &[],
            None,
        ));
    }
    let too_large = || ShapeError::new(ShapeErrorKind::TooLarge, shape, &[], None);
    // The product of the nonzero sizes, as NumPy bounds it even for an
    // empty array: it bounds every stride and offset of a view.
    let nonzero = shape
        .iter()
        .filter(|&&d| d != 0)
        .try_fold(1usize, |acc, &d| acc.checked_mul(d))
        .filter(|&n| n <= isize::MAX as usize)
        .ok_or_else(too_large)?;
    if shape.contains(&0) {
        return Ok(0);
    }
    let bytes = nonzero
        .checked_mul(core::mem::size_of::<T>())
        .ok_or_else(too_large)?;
    if bytes > isize::MAX as usize {
        return Err(too_large());
    }
    Ok(nonzero)
}

/// An empty `Vec` with room for the elements of `shape`, or `TooLarge` /
/// `RankTooLarge` when the shape is too large or the allocator refuses the
/// memory: `try_` functions return an error where `Vec::with_capacity`
/// would abort the process.
pub(crate) fn vec_for<T>(shape: &[usize]) -> Result<Vec<T>, ShapeError> {
    let n = checked_numel::<T>(shape)?;
    try_vec(n, shape)
}

/// An empty `Vec` with room for `n` elements, or `TooLarge` naming `shape`
/// if the allocator refuses: the one place a fallible path allocates
/// elements, so that it returns an error where `vec![x; n]` or
/// `Vec::with_capacity` would abort the process.
pub(crate) fn try_vec<T>(n: usize, shape: &[usize]) -> Result<Vec<T>, ShapeError> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| ShapeError::TooLarge {
        shape: shape.to_vec(),
    })?;
    Ok(v)
}

/// `n` copies of `value` (see [`try_vec`]).
pub(crate) fn try_filled<T: Clone>(
    n: usize,
    value: T,
    shape: &[usize],
) -> Result<Vec<T>, ShapeError> {
    let mut v = try_vec(n, shape)?;
    v.resize(n, value);
    Ok(v)
}

/// The elements of `s`, copied (see [`try_vec`]).
pub(crate) fn try_to_vec<T: Clone>(s: &[T], shape: &[usize]) -> Result<Vec<T>, ShapeError> {
    let mut v = try_vec(s.len(), shape)?;
    v.extend_from_slice(s);
    Ok(v)
}
