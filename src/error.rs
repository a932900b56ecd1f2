//! Runtime shape errors, worded as PyTorch words them.
//!
//! The first line of every message is PyTorch's sentence verbatim, so that it
//! can be searched for; the lines after it show the shapes aligned from the
//! right with the failing axis marked.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// The largest rank a runtime shape may have (NumPy's limit).
pub const MAX_RANK: usize = 64;

/// What went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ShapeErrorKind {
    /// Two shapes do not broadcast: at `axis` (counted from the left of the
    /// padded result) the sizes differ and neither is 1.
    Broadcast,
    /// The right side of an in-place operation (or a tensor being broadcast
    /// with `broadcast_to`) does not fit the target shape at `axis` (counted
    /// from the left of the target).
    Expand,
    /// The right side of an in-place operation has more dimensions than the
    /// left side, so the result would not fit.
    InPlaceRank,
    /// `broadcast_to` was asked for fewer dimensions than the tensor has.
    ExpandRank,
    /// A shape does not hold the given number of elements (`reshape`,
    /// `from_vec`, `from_slice`).
    Reshape {
        /// The number of elements there are.
        numel: usize,
    },
    /// The element count overflows `usize`, or the elements would take more
    /// than `isize::MAX` bytes.
    TooLarge,
    /// More than [`MAX_RANK`] dimensions.
    RankTooLarge,
    /// A runtime tensor converted to a static one has a different shape.
    Mismatch,
}

/// A shape error: which kind, the shapes involved and the failing axis, as
/// data. `Display` starts with PyTorch's sentence.
///
/// ```
/// use shaped::DynTensor;
/// let a = DynTensor::<f32>::zeros(&[5, 2, 4, 1]);
/// let b = DynTensor::<f32>::zeros(&[3, 1, 1]);
/// let err = a.try_add(&b).unwrap_err();
/// assert_eq!(err.axis(), Some(1));
/// assert_eq!(err.to_string().lines().next().unwrap(),
///     "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShapeError {
    kind: ShapeErrorKind,
    a: Vec<usize>,
    b: Vec<usize>,
    axis: Option<usize>,
}

impl ShapeError {
    pub(crate) fn broadcast(a: &[usize], b: &[usize], axis: usize) -> Self {
        Self::new(ShapeErrorKind::Broadcast, a, b, Some(axis))
    }
    pub(crate) fn expand(target: &[usize], source: &[usize], axis: usize) -> Self {
        Self::new(ShapeErrorKind::Expand, target, source, Some(axis))
    }
    pub(crate) fn new(kind: ShapeErrorKind, a: &[usize], b: &[usize], axis: Option<usize>) -> Self {
        ShapeError {
            kind,
            a: a.to_vec(),
            b: b.to_vec(),
            axis,
        }
    }

    /// The kind of error.
    pub fn kind(&self) -> &ShapeErrorKind {
        &self.kind
    }
    /// The first shape: `a` of a binary operation, the target (left side) of
    /// an in-place operation or `broadcast_to`, the requested shape of a reshape.
    pub fn lhs(&self) -> &[usize] {
        &self.a
    }
    /// The second shape: `b` of a binary operation, the right side of an
    /// in-place operation, the tensor's own shape for `broadcast_to`; empty
    /// where there is none.
    pub fn rhs(&self) -> &[usize] {
        &self.b
    }
    /// The failing axis, where there is one (see [`ShapeErrorKind`]).
    pub fn axis(&self) -> Option<usize> {
        self.axis
    }

    /// The sizes at the failing axis: (first shape's, second shape's). Only
    /// for the kinds that have an axis.
    fn sizes(&self, axis: usize) -> (usize, usize) {
        let rank = match self.kind {
            ShapeErrorKind::Expand => self.a.len(),
            _ => self.a.len().max(self.b.len()),
        };
        let at = |s: &[usize]| {
            let pad = rank - s.len().min(rank);
            if axis >= pad {
                s.get(axis - pad).copied().unwrap_or(1)
            } else {
                1
            }
        };
        (at(&self.a), at(&self.b))
    }
}

fn write_shape(f: &mut fmt::Formatter<'_>, s: &[usize]) -> fmt::Result {
    write!(f, "[")?;
    for (i, d) in s.iter().enumerate() {
        if i > 0 {
            write!(f, ", ")?;
        }
        write!(f, "{d}")?;
    }
    write!(f, "]")
}

/// Writes the two shapes aligned from the right, with a caret under `axis`
/// (an index into the padded shapes, of rank `max` of the two).
fn write_aligned(
    f: &mut fmt::Formatter<'_>,
    names: [&str; 2],
    shapes: [&[usize]; 2],
    axis: usize,
    why: &str,
) -> fmt::Result {
    let rank = shapes[0].len().max(shapes[1].len());
    let cell = |s: &[usize], i: usize| (i + s.len() >= rank).then(|| s[i + s.len() - rank]);
    let width: Vec<usize> = (0..rank)
        .map(|i| {
            shapes
                .iter()
                .filter_map(|s| cell(s, i))
                .map(digits)
                .max()
                .unwrap_or(1)
        })
        .collect();
    let label = names[0].len().max(names[1].len());
    let mut caret = 0;
    for (name, s) in names.iter().zip(shapes) {
        let mut line = String::new();
        for (i, &w) in width.iter().enumerate() {
            let present = cell(s, i);
            // A separator only between two present sizes; blanks keep columns aligned.
            let sep = match (i, present, i > 0 && cell(s, i - 1).is_some()) {
                (0, _, _) => "",
                (_, Some(_), true) => ", ",
                _ => "  ",
            };
            line.push_str(sep);
            match present {
                Some(d) => line.push_str(&alloc::format!("{d:>w$}")),
                None => line.push_str(&alloc::format!("{:w$}", "")),
            }
            if i == axis {
                caret = line.len() - 1;
            }
        }
        write!(f, "\n  {name:>label$}: [{line}]")?;
    }
    write!(f, "\n  {:label$}   {:caret$}^ {why}", "", "")
}

fn digits(d: usize) -> usize {
    alloc::format!("{d}").len()
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let axis = self.axis.unwrap_or(0);
        let (x, y) = self.sizes(axis);
        match &self.kind {
            ShapeErrorKind::Broadcast => {
                write!(
                    f,
                    "The size of tensor a ({x}) must match the size of tensor b ({y}) at non-singleton dimension {axis}"
                )?;
                write_aligned(
                    f,
                    ["a", "b"],
                    [&self.a, &self.b],
                    axis,
                    "sizes must be equal or one of them 1",
                )
            }
            ShapeErrorKind::Expand => {
                write!(
                    f,
                    "The expanded size of the tensor ({x}) must match the existing size ({y}) at non-singleton dimension {axis}.  Target sizes: "
                )?;
                write_shape(f, &self.a)?;
                write!(f, ".  Tensor sizes: ")?;
                write_shape(f, &self.b)?;
                write_aligned(
                    f,
                    ["target", "tensor"],
                    [&self.a, &self.b],
                    axis,
                    "the tensor's size must be 1 or equal to the target's",
                )
            }
            ShapeErrorKind::InPlaceRank => {
                write!(f, "output with shape ")?;
                write_shape(f, &self.a)?;
                write!(f, " doesn't match the broadcast shape ")?;
                // The broadcast shape: if it exists, else just the other shape.
                match crate::broadcast::broadcast_pair(&self.a, &self.b) {
                    Ok(s) => write_shape(f, &s)?,
                    Err(_) => write_shape(f, &self.b)?,
                }
                write!(
                    f,
                    "\nan in-place operation cannot add dimensions to its left side"
                )
            }
            ShapeErrorKind::ExpandRank => write!(
                f,
                "the number of sizes provided ({}) must be greater or equal to the number of dimensions in the tensor ({})",
                self.a.len(),
                self.b.len()
            ),
            ShapeErrorKind::Reshape { numel } => {
                write!(f, "shape '")?;
                write_shape(f, &self.a)?;
                write!(f, "' is invalid for input of size {numel}")
            }
            ShapeErrorKind::TooLarge => {
                write!(f, "shape ")?;
                write_shape(f, &self.a)?;
                write!(
                    f,
                    " is too large: its element count overflows usize or its elements would exceed isize::MAX bytes"
                )
            }
            ShapeErrorKind::Mismatch => {
                write!(f, "expected a tensor of shape ")?;
                write_shape(f, &self.a)?;
                write!(f, ", got shape ")?;
                write_shape(f, &self.b)
            }
            ShapeErrorKind::RankTooLarge => {
                write!(
                    f,
                    "too many dimensions: {} (at most {MAX_RANK})",
                    self.a.len()
                )
            }
        }
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

/// The element count of `shape` for elements of `T`, or `TooLarge`/`RankTooLarge`.
pub(crate) fn checked_numel<T>(shape: &[usize]) -> Result<usize, ShapeError> {
    if shape.len() > MAX_RANK {
        return Err(ShapeError::new(
            ShapeErrorKind::RankTooLarge,
            shape,
            &[],
            None,
        ));
    }
    if shape.contains(&0) {
        return Ok(0); // empty, however large the other sizes
    }
    let too_large = || ShapeError::new(ShapeErrorKind::TooLarge, shape, &[], None);
    let n = shape
        .iter()
        .try_fold(1usize, |acc, &d| acc.checked_mul(d))
        .ok_or_else(too_large)?;
    let bytes = n
        .checked_mul(core::mem::size_of::<T>())
        .ok_or_else(too_large)?;
    if bytes > isize::MAX as usize {
        return Err(too_large());
    }
    Ok(n)
}
