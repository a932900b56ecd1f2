//! The messages: PyTorch's sentence first, verbatim, so that it can be
//! searched for; then, where it helps, the shapes drawn aligned.

use core::fmt;

use super::drawing::*;
use super::{MAX_RANK, NameList, NamedMismatch, ShapeError};

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::Broadcast { a, b, axis } => {
                let (x, y) = self.sizes(*axis);
                write!(
                    f,
                    "The size of tensor a ({x}) must match the size of tensor b ({y}) at non-singleton dimension {axis}"
                )?;
                write_aligned(
                    f,
                    ["a", "b"],
                    [a, b],
                    *axis,
                    "sizes must be equal or one of them 1",
                )
            }
            ShapeError::Expand {
                target,
                tensor,
                axis,
            } => {
                let (x, y) = self.sizes(*axis);
                write!(
                    f,
                    "The expanded size of the tensor ({x}) must match the existing size ({y}) at non-singleton dimension {axis}.  Target sizes: "
                )?;
                write_shape(f, target)?;
                write!(f, ".  Tensor sizes: ")?;
                write_shape(f, tensor)?;
                write_aligned(
                    f,
                    ["target", "tensor"],
                    [target, tensor],
                    *axis,
                    "the tensor's size must be 1 or equal to the target's",
                )
            }
            ShapeError::InPlaceRank {
                target,
                tensor,
                broadcast,
            } => {
                write!(f, "output with shape ")?;
                write_shape(f, target)?;
                write!(f, " doesn't match the broadcast shape ")?;
                // The broadcast shape if there is one, else just the other shape.
                write_shape(f, broadcast.as_deref().unwrap_or(tensor))?;
                write!(
                    f,
                    "\nan in-place operation cannot add dimensions to its left side"
                )
            }
            ShapeError::ExpandRank { target, tensor } => write!(
                f,
                "the number of sizes provided ({}) must be greater or equal to the number of dimensions in the tensor ({})",
                target.len(),
                tensor.len()
            ),
            ShapeError::Reshape { shape, numel } => {
                write!(f, "shape '")?;
                write_shape(f, shape)?;
                write!(f, "' is invalid for input of size {numel}")
            }
            ShapeError::TooLarge { shape } => {
                write!(f, "shape ")?;
                write_shape(f, shape)?;
                write!(
                    f,
                    " is too large: every size and the product of the nonzero sizes must be at most isize::MAX ({}), even in an empty tensor, and the elements must fit in memory",
                    isize::MAX
                )
            }
            ShapeError::Mismatch { expected, got } => {
                write!(f, "expected a tensor of shape ")?;
                write_template(f, expected)?;
                write!(f, ", got shape ")?;
                write_shape(f, got)
            }
            ShapeError::DynSizes { template, dynamic } => {
                let expected = template.iter().filter(|&&d| d == usize::MAX).count();
                write!(
                    f,
                    "expected {expected} sizes for the Dyn dimensions of shape "
                )?;
                write_template(f, template)?;
                write!(f, ", got {}: ", dynamic.len())?;
                write_shape(f, dynamic)
            }
            ShapeError::RankTooLarge { shape } => {
                write!(
                    f,
                    "too many dimensions: {} (at most {MAX_RANK})",
                    shape.len()
                )
            }
            ShapeError::AxisOutOfRange { shape, axis, dims } => {
                let dims = (*dims).max(1);
                write!(
                    f,
                    "Dimension out of range (expected to be in range of [-{dims}, {}], but got {axis})",
                    dims - 1
                )?;
                write!(f, "\n  the tensor has shape ")?;
                write_shape(f, shape)
            }
            ShapeError::DuplicateAxis { shape, axis } => {
                write!(f, "dim {axis} appears multiple times in the list of dims")?;
                write!(f, "\n  the tensor has shape ")?;
                write_shape(f, shape)
            }
            ShapeError::PermuteLength { shape, perm } => write!(
                f,
                "number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = {} is not equal to len(dims) = {}",
                shape.len(),
                perm.len()
            ),
            ShapeError::SqueezeSize { shape, axis } => {
                write!(
                    f,
                    "cannot select an axis to squeeze out which has size not equal to one"
                )?;
                let size = shape.get(*axis).copied().unwrap_or(1);
                write!(f, "\n  axis {axis} of ")?;
                write_shape(f, shape)?;
                write!(f, " has size {size}")
            }
            ShapeError::EmptyReduction { axis, op, .. } => write!(
                f,
                "{op}(): Expected reduction dim {axis} to have non-zero size."
            ),
            ShapeError::DivisionByZero { op } => {
                write!(f, "ZeroDivisionError: integer {op} by zero")
            }
            ShapeError::MatMulRank { a, b } => write!(
                f,
                "both arguments to matmul need to be at least 1D, but they are {}D and {}D",
                a.len(),
                b.len()
            ),
            ShapeError::MatMulInner { a, b } => write_matmul_inner(f, a, b),
            ShapeError::MatMulNames { a, b } => write!(
                f,
                "matmul: the inner dimensions have different names, '{a}' in the first operand and '{b}' in the second"
            ),
            ShapeError::EmptyStack => write!(f, "stack expects a non-empty TensorList"),
            ShapeError::EmptyCat => write!(f, "torch.cat(): expected a non-empty list of Tensors"),
            ShapeError::StackMismatch {
                first,
                other,
                index,
            } => {
                write!(f, "stack expects each tensor to be equal size, but got ")?;
                write_shape(f, first)?;
                write!(f, " at entry 0 and ")?;
                write_shape(f, other)?;
                write!(f, " at entry {index}")
            }
            ShapeError::CatMismatch {
                first,
                other,
                index,
                axis,
            } => {
                if first.len() != other.len() {
                    return write!(
                        f,
                        "Tensors must have same number of dimensions: got {} and {}",
                        first.len(),
                        other.len()
                    );
                }
                let d = (0..first.len())
                    .find(|&d| d != *axis && first[d] != other[d])
                    .unwrap_or(0);
                // `get`: a hand-built error of rank 0 displays too.
                let (x, y) = (first.get(d).unwrap_or(&0), other.get(d).unwrap_or(&0));
                write!(
                    f,
                    "Sizes of tensors must match except in dimension {axis}. Expected size {x} but got size {y} for tensor number {index} in the list."
                )
            }
            ShapeError::CatScalar { index } => write!(
                f,
                "zero-dimensional tensor (at position {index}) cannot be concatenated"
            ),
            ShapeError::NameCount { shape, count } => {
                write!(
                    f,
                    "Number of names ({count}) and number of dimensions in tensor ({}) do not match",
                    shape.len()
                )?;
                write!(f, "\n  the tensor has shape ")?;
                write_shape(f, shape)
            }
            ShapeError::DuplicateName { names, name } => {
                write!(
                    f,
                    "Cannot construct a tensor with duplicate names: '{name}' appears more than once in "
                )?;
                write_names(f, names)
            }
            ShapeError::NameNotFound { names, name } => {
                write!(f, "Name '{name}' not found in Tensor")?;
                write_names(f, names)
            }
            ShapeError::NoMatch {
                name,
                of,
                within,
                names,
            } => {
                write!(f, "dimension '{name}' of {of} has no match in {within} ")?;
                write_names(f, names)?;
                if *within == "the names" {
                    write!(f, "\n  align_to cannot drop a dimension")
                } else {
                    write!(
                        f,
                        "\n  the result has {within}'s dimensions, so every name of {of} must be one of {within}'s"
                    )
                }
            }
            ShapeError::TooManyUnnamed {
                of,
                within,
                of_names,
                within_names,
            } => {
                let count = |n: &NameList| n.iter().filter(|n| n.is_none()).count();
                write!(f, "{of} ")?;
                write_names(f, of_names)?;
                write!(
                    f,
                    " has {} unnamed dimensions but {within} ",
                    count(of_names)
                )?;
                write_names(f, within_names)?;
                write!(
                    f,
                    " has only {}: unnamed dimensions are matched by position, and none can be added",
                    count(within_names)
                )
            }
            ShapeError::NamedMismatch(m) => {
                let NamedMismatch {
                    a,
                    b,
                    a_names,
                    b_names,
                    a_axis,
                    b_axis,
                    name,
                    in_place,
                } = &**m;
                let x = a.get(*a_axis).copied().unwrap_or(1);
                let y = b.get(*b_axis).copied().unwrap_or(1);
                if *in_place {
                    write!(
                        f,
                        "The expanded size of the tensor ({y}) must match the existing size ({x})"
                    )?;
                } else {
                    write!(
                        f,
                        "The size of tensor a ({x}) must match the size of tensor b ({y})"
                    )?;
                }
                match name {
                    Some(n) => write!(f, " at dimension '{n}'")?,
                    None => write!(f, " at an unnamed dimension")?,
                }
                write!(f, " (axis {a_axis} of a, axis {b_axis} of b)")?;
                for (label, shape, names) in [("a", a, a_names), ("b", b, b_names)] {
                    write!(f, "\n  {label}: ")?;
                    write_shape(f, shape)?;
                    write!(f, " named ")?;
                    write_names(f, names)?;
                }
                Ok(())
            }
            ShapeError::NameConflict {
                first,
                other,
                index,
                axis,
            } => {
                write!(f, "names of tensor number {index} in the list, ")?;
                write_names(f, other)?;
                write!(f, ", do not match ")?;
                write_names(f, first)?;
                write!(f, " at dimension {axis}")
            }
            ShapeError::Einsum(e) => fmt::Display::fmt(e, f),
            ShapeError::Linalg(e) => fmt::Display::fmt(e, f),
            ShapeError::IndexOutOfRange { shape, axis, index } => {
                let size = shape.get(*axis).copied().unwrap_or(1);
                write!(
                    f,
                    "index {index} is out of bounds for dimension {axis} with size {size}"
                )?;
                write!(f, "\n  the tensor has shape ")?;
                write_shape(f, shape)
            }
            ShapeError::NarrowOutOfRange {
                shape,
                axis,
                start,
                length,
            } => {
                let size = shape.get(*axis).copied().unwrap_or(1);
                write!(
                    f,
                    "start ({start}) + length ({length}) exceeds dimension size ({size})."
                )?;
                write!(f, "\n  dimension {axis} of ")?;
                write_shape(f, shape)
            }
            ShapeError::SliceStep { step } => {
                write!(f, "step must be greater than zero (got {step})")
            }
            ShapeError::ChunkCount { chunks } => {
                write!(
                    f,
                    "chunk expects `chunks` to be greater than 0, got: {chunks}"
                )
            }
            ShapeError::SplitSize { size } => write!(
                f,
                "split_size can only be 0 if dimension size is 0, but got dimension size of {size}"
            ),
            ShapeError::RepeatRank { reps, shape } => {
                if reps.len() < shape.len() {
                    write!(
                        f,
                        "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor"
                    )?;
                } else {
                    // Only a static or mixed tensor refuses more: its
                    // result's type has the tensor's rank.
                    write!(
                        f,
                        "repeat of a tensor of static rank {} takes exactly {} repeats (got {}); a DynTensor takes more",
                        shape.len(),
                        shape.len(),
                        reps.len()
                    )?;
                }
                write!(f, "\n  repeats {reps:?} for a tensor of shape ")?;
                write_shape(f, shape)
            }
            ShapeError::OuterRank { operand, shape } => {
                let name = if *operand == 0 { "self" } else { "vec2" };
                write!(
                    f,
                    "outer: Expected 1-D argument {name}, but got {}-D",
                    shape.len()
                )?;
                write!(f, "\n  {name} has shape ")?;
                write_shape(f, shape)
            }
            ShapeError::MeshgridRank { index, shape } => {
                // PyTorch prints the tensor itself; its shape is what
                // matters.
                write!(
                    f,
                    "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: a {}-D tensor of shape ",
                    shape.len()
                )?;
                write_shape(f, shape)?;
                write!(f, " (entry {index})")
            }
            ShapeError::TakeAlongRank { input, indices } => write!(
                f,
                "torch.take_along_dim(): input and indices should have the same number of dimensions, but got {} dimensions for input, and {} dimensions for indices",
                input.len(),
                indices.len()
            ),
            ShapeError::SearchSorted { sequence, values } => {
                // PyTorch's three checks, in its order.
                if values.is_empty() && sequence.len() != 1 {
                    write!(
                        f,
                        "torch.searchsorted(): input value can be a scalar only when boundaries tensor dimension is 1, but we got boundaries tensor dim({}) and input value's dim(0) numel(1)",
                        sequence.len()
                    )
                } else if sequence.is_empty() {
                    write!(
                        f,
                        "torch.searchsorted(): boundaries tensor should have positive dimension, but got 0 dimension"
                    )
                } else {
                    write!(
                        f,
                        "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries tensor and input value tensor must match, but we got boundaries tensor "
                    )?;
                    write_shape(f, sequence)?;
                    write!(f, " and input value tensor ")?;
                    write_shape(f, values)
                }
            }
            ShapeError::QuantilesRange { index, q } => {
                write!(f, "quantile() q values must be in the range [0, 1]")?;
                write!(f, "\n  q[{index}] is {q}")
            }
            ShapeError::TraceRank { shape } => {
                write!(
                    f,
                    "trace: expected a matrix, but got tensor with dim {}",
                    shape.len()
                )?;
                write!(f, "\n  the tensor has shape ")?;
                write_shape(f, shape)
            }
            ShapeError::InterleavedViews { shape, axis } => {
                write!(
                    f,
                    "the views along dimension {axis} interleave in memory and cannot be borrowed mutably at once"
                )?;
                write!(f, "\n  the view has shape ")?;
                write_shape(f, shape)?;
                write!(
                    f,
                    "\n  visit them one at a time: axis_for_each_mut, or index_axis_mut in a loop"
                )
            }
            ShapeError::QuantileRange { q } => {
                write!(f, "quantile() q must be in the range [0, 1] but got {q}")
            }
            ShapeError::ArangeStep => write!(f, "step must be nonzero"),
            ShapeError::ScalarIndexCount { count } => write!(
                f,
                "index_select(): Index to scalar can have only 1 value, got {count} value(s)"
            ),
            ShapeError::Overflow { op } => {
                write!(
                    f,
                    "integer overflow in {op}: the result does not fit its type"
                )
            }
            ShapeError::OneHotClass {
                label, num_classes, ..
            } => write!(
                f,
                "Class values must be smaller than num_classes.\n  label {label} with num_classes {num_classes}"
            ),
            ShapeError::IndexShape { reason, .. } => write!(f, "{reason}"),
            ShapeError::TooManyIndices { shape, count } => {
                write!(
                    f,
                    "too many indices for tensor of dimension {} (got {count})",
                    shape.len()
                )?;
                write!(f, "\n  the tensor has shape ")?;
                write_shape(f, shape)
            }
            ShapeError::NamesDiffer {
                expected,
                got,
                axis,
            } => {
                write!(f, "expected a tensor with names ")?;
                write_names(f, expected)?;
                write!(f, ", got names ")?;
                write_names(f, got)?;
                write!(f, " (they differ at dimension {axis})")
            }
        }
    }
}

/// PyTorch's sentence for a matrix product whose inner sizes differ, by the
/// routine torch.matmul hands the operands to: `dot` for two vectors, `mv`
/// for a matrix (batch and rows folded together) and a vector, `mm` for
/// the rest (a vector first operand promoted to one row; the first
/// operand's batch and row sizes folded into one, as PyTorch prints them).
fn write_matmul_inner(f: &mut fmt::Formatter<'_>, a: &[usize], b: &[usize]) -> fmt::Result {
    let fold = Folded;
    match (a, b) {
        ([n], [m]) => write!(
            f,
            "inconsistent tensor size, expected tensor [{n}] and src [{m}] to have the same number of elements, but got {n} and {m} elements respectively"
        ),
        ([rows @ .., k], [v]) if !rows.is_empty() => {
            let r = fold(rows);
            write!(
                f,
                "size mismatch, got input ({r}), mat ({r}x{k}), vec ({v})"
            )
        }
        ([rows @ .., k], [.., p, q]) => {
            let r = fold(if rows.is_empty() { &[1] } else { rows });
            write!(
                f,
                "mat1 and mat2 shapes cannot be multiplied ({r}x{k} and {p}x{q})"
            )
        }
        _ => write!(f, "matmul: the inner sizes of {a:?} and {b:?} differ"),
    }
}

/// Sizes folded into one, as PyTorch prints a batch and row count: their
/// product, or (where it would overflow `usize`) the sizes joined by `*`,
/// so that the message shows the true count and never wraps.
struct Folded<'a>(&'a [usize]);

impl fmt::Display for Folded<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.iter().try_fold(1usize, |a, &d| a.checked_mul(d)) {
            Some(n) => write!(f, "{n}"),
            None => {
                for (i, d) in self.0.iter().enumerate() {
                    if i > 0 {
                        f.write_str("*")?;
                    }
                    write!(f, "{d}")?;
                }
                Ok(())
            }
        }
    }
}
