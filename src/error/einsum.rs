//! The errors of `einsum` and `contract`: what went wrong as data
//! ([`EinsumProblem`]), with the equation and the operands' shapes
//! ([`EinsumError`]). The first line of each message is torch.einsum's
//! sentence, verbatim, where PyTorch has one.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::NameList;

/// A failed `einsum` or `contract`, boxed in [`ShapeError::Einsum`](super::ShapeError::Einsum).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EinsumError {
    /// The equation as given (for `contract`, the equation it amounts to, or empty).
    pub equation: String,
    /// The operands' shapes.
    pub shapes: Vec<Vec<usize>>,
    /// What went wrong.
    pub problem: EinsumProblem,
}

/// What went wrong in an `einsum` equation or a `contract`. Labels are the
/// equation's letters; operands and dimensions are counted from 0.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum EinsumProblem {
    /// No operands at all.
    NoOperands,
    /// The equation names more operands (commas) than were given.
    FewerOperands,
    /// More operands were given than the equation names.
    MoreOperands,
    /// A character that is not a letter, a space, `,`, `.` or the arrow.
    InvalidSubscript {
        /// Its byte index in the equation.
        index: usize,
    },
    /// A second `...` in one operand.
    RepeatedEllipsis {
        /// The operand.
        operand: usize,
    },
    /// A `.` that does not start a `...`.
    BadEllipsis {
        /// The operand.
        operand: usize,
    },
    /// A second `...` in the output.
    OutputRepeatedEllipsis,
    /// A `.` in the output that does not start a `...`.
    OutputBadEllipsis,
    /// An operand's number of labels does not fit its rank: it differs
    /// (no `...`), or exceeds it (with `...`).
    LabelCount {
        /// The operand.
        operand: usize,
        /// Its number of labels (without `...`).
        labels: usize,
        /// Its rank.
        rank: usize,
        /// Whether the operand has a `...`.
        ellipsis: bool,
    },
    /// A label appears twice in the output.
    OutputRepeated {
        /// The label.
        label: char,
    },
    /// An output label is in no operand.
    OutputUnknown {
        /// The label.
        label: char,
    },
    /// A label's size in `operand` differs from the size it had before (in
    /// an earlier operand). Sizes of a label never broadcast, not even 1.
    LabelSize {
        /// The label.
        label: char,
        /// The operand where the new size is.
        operand: usize,
        /// That size.
        size: usize,
        /// The size seen first.
        seen: usize,
        /// The operand where the size was seen first.
        seen_in: usize,
    },
    /// A label repeated within one operand (a diagonal) with two sizes.
    Diagonal {
        /// The label.
        label: char,
        /// The operand.
        operand: usize,
        /// The size of the repeated dimension.
        size: usize,
        /// The size of its first occurrence.
        first: usize,
    },
    /// A dimension covered by `...` does not broadcast (section 1) with the
    /// same dimension of an earlier operand's `...`.
    EllipsisSize {
        /// The operand.
        operand: usize,
        /// The dimension of that operand.
        dim: usize,
        /// Its size.
        size: usize,
        /// The size seen before.
        seen: usize,
    },
    /// One label joins dimensions with two different names.
    LabelNames {
        /// The label.
        label: char,
        /// One name.
        first: String,
        /// The other name.
        other: String,
    },
    /// `contract`: a name shared by both tensors (summed over) has two
    /// sizes. Sizes of a shared name never broadcast, not even 1.
    SharedSize {
        /// The name.
        name: String,
        /// Its size in `a`.
        a: usize,
        /// Its size in `b`.
        b: usize,
        /// `a`'s names.
        a_names: NameList,
        /// `b`'s names.
        b_names: NameList,
    },
}

impl fmt::Display for EinsumError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use EinsumProblem as P;
        match &self.problem {
            P::NoOperands => write!(f, "einsum(): must provide at least one operand")?,
            P::FewerOperands => write!(
                f,
                "einsum(): fewer operands were provided than specified in the equation"
            )?,
            P::MoreOperands => write!(
                f,
                "einsum(): more operands were provided than specified in the equation"
            )?,
            P::InvalidSubscript { index } => write!(
                f,
                "einsum(): invalid subscript given at index {index} in the equation string, subscripts must be in [a-zA-Z]"
            )?,
            P::RepeatedEllipsis { operand } => write!(
                f,
                "einsum(): found '.' for operand {operand} for which an ellipsis was already found"
            )?,
            P::BadEllipsis { operand } => write!(
                f,
                "einsum(): found '.' for operand {operand} that is not part of any ellipsis"
            )?,
            P::OutputRepeatedEllipsis => write!(
                f,
                "einsum(): found '.' for output but an ellipsis (...) was already found"
            )?,
            P::OutputBadEllipsis => write!(
                f,
                "einsum(): found '.' for output that is not part of any ellipsis (...)"
            )?,
            P::LabelCount {
                operand,
                labels,
                rank,
                ellipsis: false,
            } => write!(
                f,
                "einsum(): the number of subscripts in the equation ({labels}) does not match the number of dimensions ({rank}) for operand {operand} and no ellipsis was given"
            )?,
            P::LabelCount {
                operand,
                labels,
                rank,
                ellipsis: true,
            } => write!(
                f,
                "einsum(): the number of subscripts in the equation ({labels}) is more than the number of dimensions ({rank}) for operand {operand}"
            )?,
            P::OutputRepeated { label } => write!(
                f,
                "einsum(): output subscript {label} appears more than once in the output"
            )?,
            P::OutputUnknown { label } => write!(
                f,
                "einsum(): output subscript {label} does not appear in the equation for any input operand"
            )?,
            P::LabelSize {
                label,
                operand,
                size,
                seen,
                seen_in,
            } => {
                write!(
                    f,
                    "einsum(): subscript {label} has size {size} for operand {operand} which does not broadcast with previously seen size {seen}"
                )?;
                write!(
                    f,
                    "\n  label '{label}' is {seen} in operand {seen_in} and {size} in operand {operand}; a label's sizes must be equal (only `...` dimensions broadcast)"
                )?;
            }
            P::Diagonal {
                label,
                operand,
                size,
                first,
            } => write!(
                f,
                "einsum(): subscript {label} is repeated for operand {operand} but the sizes don't match, {size} != {first}"
            )?,
            // PyTorch's sentence has no space between the operand and
            // "has"; kept verbatim so that it can be searched for.
            P::EllipsisSize {
                operand,
                dim,
                size,
                seen,
            } => write!(
                f,
                "einsum(): dimension {dim} covered by ellipsis in operand {operand}has size {size} which does not broadcast with previously seen ellipsis with size {seen} for the respective dimension"
            )?,
            P::LabelNames {
                label,
                first,
                other,
            } => write!(
                f,
                "einsum(): subscript {label} labels dimensions of different names, '{first}' and '{other}'"
            )?,
            P::SharedSize {
                name,
                a,
                b,
                a_names,
                b_names,
            } => {
                write!(
                    f,
                    "contract(): dimension '{name}' has size {a} in a and {b} in b; a shared name is summed over, so its sizes must be equal"
                )?;
                write!(f, "\n  a: ")?;
                super::drawing::write_shape(f, &self.shapes[0])?;
                write!(f, " named ")?;
                super::drawing::write_names(f, a_names)?;
                write!(f, "\n  b: ")?;
                super::drawing::write_shape(f, &self.shapes[1])?;
                write!(f, " named ")?;
                super::drawing::write_names(f, b_names)?;
                return Ok(());
            }
        }
        if !self.equation.is_empty() {
            write!(f, "\n  equation: \"{}\"", self.equation)?;
        }
        if !self.shapes.is_empty() {
            write!(f, "\n  operands: ")?;
            for (i, s) in self.shapes.iter().enumerate() {
                if i > 0 {
                    write!(f, ", ")?;
                }
                super::drawing::write_shape(f, s)?;
            }
        }
        Ok(())
    }
}
