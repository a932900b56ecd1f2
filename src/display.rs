//! Printing tensors as PyTorch prints them.
//!
//! `tensor([[0, 1],\n        [2, 3]])`: nested brackets aligned under
//! `tensor(`, every element right-aligned to the widest one, a blank line
//! between blocks of rank 3 and above, `tensor(5)` for rank 0 and
//! `tensor([], size=(2, 0))` for empty tensors. Integers print exactly;
//! floats with four decimals, or as `1.` when every element is a whole number.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::element::Element;

/// Writes `data` of shape `dims` in PyTorch's layout.
pub(crate) fn write_tensor<T: Element>(
    f: &mut fmt::Formatter<'_>,
    data: &[T],
    dims: &[usize],
) -> fmt::Result {
    if data.is_empty() {
        write!(f, "tensor([]")?;
        if dims.len() != 1 {
            let sizes: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
            write!(f, ", size=({})", sizes.join(", "))?;
        }
        return write!(f, ")");
    }
    let whole = data.iter().all(|x| is_whole(*x));
    let cells: Vec<String> = data.iter().map(|x| cell(*x, whole)).collect();
    let width = cells.iter().map(|c| c.len()).max().unwrap_or(0);
    write!(f, "tensor(")?;
    write_block(f, &cells, dims, width, 7)?;
    write!(f, ")")
}

/// Whether `x` is a float with no fractional part (integers are never "whole":
/// they print without a decimal point anyway).
fn is_whole<T: Element>(x: T) -> bool {
    match x.to_f64() {
        Some(v) if is_float::<T>() => v.is_finite() && v % 1.0 == 0.0,
        _ => false,
    }
}

fn is_float<T: Element>() -> bool {
    // Floats are the element types in which 1 / 2 is not 0.
    T::one() / (T::one() + T::one()) != T::zero()
}

fn cell<T: Element>(x: T, whole: bool) -> String {
    if !is_float::<T>() {
        return x.to_string();
    }
    let v = x.to_f64().unwrap_or(f64::NAN);
    if v.is_nan() {
        "nan".into()
    } else if v.is_infinite() {
        (if v > 0.0 { "inf" } else { "-inf" }).into()
    } else if whole {
        alloc::format!("{v:.0}.")
    } else {
        alloc::format!("{v:.4}")
    }
}

/// Writes one bracketed block; `col` is the column of its opening bracket.
fn write_block(
    f: &mut fmt::Formatter<'_>,
    cells: &[String],
    dims: &[usize],
    width: usize,
    col: usize,
) -> fmt::Result {
    let Some((&n, rest)) = dims.split_first() else {
        return write!(f, "{:>width$}", cells[0]);
    };
    let step = cells.len() / n;
    write!(f, "[")?;
    for i in 0..n {
        if i > 0 {
            if rest.is_empty() {
                write!(f, ", ")?;
            } else {
                // One line break per remaining level, as PyTorch does.
                write!(f, ",")?;
                for _ in 0..rest.len() {
                    writeln!(f)?;
                }
                write!(f, "{:col$}", "", col = col + 1)?;
            }
        }
        write_block(f, &cells[i * step..(i + 1) * step], rest, width, col + 1)?;
    }
    write!(f, "]")
}

impl<T: Element, S: crate::Shape> fmt::Display for crate::Tensor<T, S> {
    /// PyTorch's layout, e.g. `tensor([[0, 1],\n        [2, 3]])`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_tensor(f, self.as_slice(), &S::DIMS)
    }
}

impl<T: Element> fmt::Display for crate::DynTensor<T> {
    /// PyTorch's layout, e.g. `tensor([[0, 1],\n        [2, 3]])`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_tensor(f, self.as_slice(), self.shape())
    }
}
