//! Printing tensors as PyTorch prints them.
//!
//! The rules are those of PyTorch's `torch/_tensor_str.py` with its default
//! print options (precision 4, threshold 1000, edge items 3, line width 80):
//!
//! - `tensor(` then nested brackets aligned under it, one line break per
//!   remaining level between blocks (so a blank line between the matrices
//!   of a rank-3 tensor), `tensor(5)` for rank 0.
//! - Every element is right-aligned to one common width, so a column of
//!   negative and positive numbers gets a sign column of its own.
//! - Integers print exactly. Floats print with four decimals, or as `1.`
//!   when every finite element is a whole number; they switch to scientific
//!   notation (`1.0000e+05`) when the largest and smallest non-zero
//!   magnitudes differ by more than 1000 times, the largest exceeds 1e8 or
//!   (for non-whole values) the smallest is below 1e-4. Only finite non-zero
//!   elements decide the mode and the width; `nan`, `inf` and `-inf` print
//!   as such.
//! - A row that does not fit in 80 columns wraps, as many elements per line
//!   as fit.
//! - More than 1000 elements are summarised: the first and last three
//!   entries of every axis longer than 6, with `...` between them; only the
//!   elements shown decide the format.
//! - Empty tensors print as `tensor([])`, with `size=(2, 0)` when their rank
//!   is not 1.
//! - Boolean tensors (the results of comparisons) print `True` and `False`.
//!
//! Unlike PyTorch, no `dtype=` suffix is printed: the element type is in the
//! Rust type (and in `Debug`).
//!
//! ```
//! use shaped::DynTensor;
//! let t = DynTensor::from_vec(vec![1.5f32, -2.25, 10.0, 0.0], &[2, 2]).unwrap();
//! assert_eq!(t.to_string(), "tensor([[ 1.5000, -2.2500],\n        [10.0000,  0.0000]])");
//! let w = DynTensor::from_vec(vec![1.0f64, -2.0], &[2]).unwrap();
//! assert_eq!(w.to_string(), "tensor([ 1., -2.])");
//! ```

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use num_traits::Float;

use crate::element::Element;

/// PyTorch's default print options.
const PRECISION: usize = 4;
const THRESHOLD: usize = 1000;
const EDGE_ITEMS: usize = 3;
const LINE_WIDTH: usize = 80;
/// `tensor(`: the indentation of everything after the first line.
const PREFIX: &str = "tensor(";

/// Writes `data` of shape `dims` in PyTorch's layout.
pub(crate) fn write_tensor<T: Element>(
    f: &mut fmt::Formatter<'_>,
    data: &[T],
    dims: &[usize],
) -> fmt::Result {
    write_with(f, data, dims, texts::<T>)
}

/// Writes a boolean tensor in PyTorch's layout (`True`/`False`).
pub(crate) fn write_bool_tensor(
    f: &mut fmt::Formatter<'_>,
    data: &[bool],
    dims: &[usize],
) -> fmt::Result {
    write_with(f, data, dims, |shown| {
        let text: Vec<String> = shown
            .iter()
            .map(|&b| (if b { "True" } else { "False" }).into())
            .collect();
        let width = text.iter().map(String::len).max().unwrap_or(1).max(1);
        (text, width)
    })
}

/// The layout shared by every element type: `texts` turns the elements
/// shown into their unpadded texts and the common width.
fn write_with<T: Copy>(
    f: &mut fmt::Formatter<'_>,
    data: &[T],
    dims: &[usize],
    texts: impl FnOnce(&[T]) -> (Vec<String>, usize),
) -> fmt::Result {
    let indent = PREFIX.len();
    if data.is_empty() {
        let mut out = String::from(PREFIX);
        out.push_str("[]");
        if dims.len() != 1 {
            let sizes: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
            let suffix = alloc::format!("size=({})", sizes.join(", "));
            // PyTorch's `_add_suffixes`: a new line when the suffix would
            // pass the line width.
            if out.len() + 2 + suffix.len() + 2 > LINE_WIDTH {
                out.push_str(",\n");
                out.push_str(&" ".repeat(indent));
            } else {
                out.push_str(", ");
            }
            out.push_str(&suffix);
        }
        out.push(')');
        return f.write_str(&out);
    }
    let summarize = data.len() > THRESHOLD;
    let mut shown = Vec::new();
    collect_shown(data, dims, summarize, &mut shown);
    let (text, width) = texts(&shown);
    let mut cells = text.into_iter();
    let mut out = String::from(PREFIX);
    tensor_str(&mut out, dims, indent, summarize, width, &mut cells);
    out.push(')');
    f.write_str(&out)
}

/// The indices of an axis of size `n` that are printed.
fn shown_indices(n: usize, summarize: bool) -> (core::ops::Range<usize>, core::ops::Range<usize>) {
    if summarize && n > 2 * EDGE_ITEMS {
        (0..EDGE_ITEMS, n - EDGE_ITEMS..n)
    } else {
        (0..n, n..n)
    }
}

/// The elements printed, in printing order (PyTorch's `get_summarized_data`).
fn collect_shown<T: Copy>(data: &[T], dims: &[usize], summarize: bool, out: &mut Vec<T>) {
    let Some((&n, rest)) = dims.split_first() else {
        out.push(data[0]);
        return;
    };
    let step = data.len() / n;
    let (head, tail) = shown_indices(n, summarize);
    for i in head.chain(tail) {
        collect_shown(&data[i * step..(i + 1) * step], rest, summarize, out);
    }
}

/// PyTorch's `_tensor_str_with_formatter`: one bracketed block at `indent`.
fn tensor_str(
    out: &mut String,
    dims: &[usize],
    indent: usize,
    summarize: bool,
    width: usize,
    cells: &mut impl Iterator<Item = String>,
) {
    let Some((&n, rest)) = dims.split_first() else {
        push_cell(out, width, cells);
        return;
    };
    let (head, tail) = shown_indices(n, summarize);
    let elided = !tail.is_empty();
    if rest.is_empty() {
        vector_str(out, head.len(), elided, tail.len(), indent, width, cells);
        return;
    }
    // Between blocks: a comma, one line break per remaining level, and the
    // indentation of the next block.
    let mut sep = String::from(",");
    sep.push_str(&"\n".repeat(rest.len()));
    sep.push_str(&" ".repeat(indent + 1));
    out.push('[');
    for i in 0..head.len() {
        if i > 0 {
            out.push_str(&sep);
        }
        tensor_str(out, rest, indent + 1, summarize, width, cells);
    }
    if elided {
        out.push_str(&sep);
        out.push_str("...");
        for _ in tail {
            out.push_str(&sep);
            tensor_str(out, rest, indent + 1, summarize, width, cells);
        }
    }
    out.push(']');
}

/// PyTorch's `_vector_str`: the innermost axis, wrapped to the line width.
fn vector_str(
    out: &mut String,
    head: usize,
    elided: bool,
    tail: usize,
    indent: usize,
    width: usize,
    cells: &mut impl Iterator<Item = String>,
) {
    let element_length = width + 2; // the element, a comma and a space
    let per_line = (LINE_WIDTH.saturating_sub(indent) / element_length).max(1);
    let mut items: Vec<String> = Vec::with_capacity(head + tail + 1);
    for _ in 0..head {
        let mut s = String::new();
        push_cell(&mut s, width, cells);
        items.push(s);
    }
    if elided {
        items.push(" ...".into());
        for _ in 0..tail {
            let mut s = String::new();
            push_cell(&mut s, width, cells);
            items.push(s);
        }
    }
    out.push('[');
    for (l, line) in items.chunks(per_line).enumerate() {
        if l > 0 {
            out.push(',');
            out.push('\n');
            out.push_str(&" ".repeat(indent + 1));
        }
        out.push_str(&line.join(", "));
    }
    out.push(']');
}

/// The next element, right-aligned to `width`.
fn push_cell(out: &mut String, width: usize, cells: &mut impl Iterator<Item = String>) {
    let cell = cells.next().unwrap_or_default();
    for _ in cell.len()..width {
        out.push(' ');
    }
    out.push_str(&cell);
}

/// Whether `T` is a float type: the element types in which 1 / 2 is not 0.
fn is_float<T: Element>() -> bool {
    T::one() / (T::one() + T::one()) != T::zero()
}

/// The unpadded texts of the elements shown and their common width
/// (PyTorch's `_Formatter`).
fn texts<T: Element>(shown: &[T]) -> (Vec<String>, usize) {
    if !is_float::<T>() {
        let text: Vec<String> = shown.iter().map(|x| x.to_string()).collect();
        let width = text.iter().map(String::len).max().unwrap_or(1).max(1);
        return (text, width);
    }
    let values: Vec<f64> = shown
        .iter()
        .map(|x| x.to_f64().unwrap_or(f64::NAN))
        .collect();
    let mode = FloatMode::of(&values);
    let text = values.iter().map(|&v| mode.text(v)).collect();
    (text, mode.width)
}

/// How the floats of one tensor print.
struct FloatMode {
    /// Every finite element is a whole number: `1.`, `-3.`.
    int_mode: bool,
    /// Scientific notation: `1.0000e+05`.
    sci_mode: bool,
    /// The widest finite non-zero element (at least 1).
    width: usize,
}

impl FloatMode {
    fn of(values: &[f64]) -> Self {
        let nonzero: Vec<f64> = values
            .iter()
            .copied()
            .filter(|v| v.is_finite() && *v != 0.0)
            .collect();
        let mut mode = FloatMode {
            int_mode: true,
            sci_mode: false,
            width: 1,
        };
        if nonzero.is_empty() {
            return mode;
        }
        let max = nonzero.iter().fold(0.0f64, |m, &v| m.max(Float::abs(v)));
        let min = nonzero
            .iter()
            .fold(f64::INFINITY, |m, &v| m.min(Float::abs(v)));
        mode.int_mode = nonzero.iter().all(|&v| v == Float::ceil(v));
        mode.sci_mode = max / min > 1000.0 || max > 1.0e8 || (!mode.int_mode && min < 1.0e-4);
        mode.width = nonzero
            .iter()
            .map(|&v| {
                if mode.sci_mode {
                    sci(v).len()
                } else if mode.int_mode {
                    alloc::format!("{v:.0}").len() + 1
                } else {
                    alloc::format!("{v:.PRECISION$}").len()
                }
            })
            .max()
            .unwrap_or(1)
            .max(1);
        mode
    }

    fn text(&self, v: f64) -> String {
        if v.is_nan() {
            "nan".into()
        } else if v.is_infinite() {
            (if v > 0.0 { "inf" } else { "-inf" }).into()
        } else if self.sci_mode {
            sci(v)
        } else if self.int_mode {
            alloc::format!("{v:.0}.")
        } else {
            alloc::format!("{v:.PRECISION$}")
        }
    }
}

/// `v` as Python's `"{:.4e}"` writes it: a signed exponent of at least two
/// digits (`1.2346e+04`, `5.0000e-05`).
fn sci(v: f64) -> String {
    let s = alloc::format!("{v:.PRECISION$e}");
    match s.split_once('e') {
        Some((mantissa, exp)) => {
            let (sign, digits) = match exp.strip_prefix('-') {
                Some(d) => ('-', d),
                None => ('+', exp),
            };
            alloc::format!("{mantissa}e{sign}{digits:0>2}")
        }
        None => s,
    }
}

impl<T: Element, S: crate::Layout> fmt::Display for crate::Tensor<T, S> {
    /// PyTorch's layout, e.g. `tensor([[0, 1],\n        [2, 3]])`, with
    /// PyTorch's `names=(...)` suffix for a shape with named dimensions.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = crate::tensor::names::names_of::<S>();
        write_with_names(f, names, |f| {
            write_tensor(f, self.as_slice(), &self.shape())
        })
    }
}

impl<T: Element> fmt::Display for crate::DynTensor<T> {
    /// PyTorch's layout, e.g. `tensor([[0, 1],\n        [2, 3]])`.
    /// A named tensor ends with PyTorch's suffix, `names=(None, 'H', 'W')`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = self
            .names
            .as_deref()
            .map(crate::tensor::names::NameRef::Stored);
        write_with_names(f, names, |f| write_tensor(f, self.as_slice(), self.shape()))
    }
}

impl<T: Element> fmt::Display for crate::DynView<'_, T> {
    /// As the tensor holding the view's elements prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = self
            .names
            .as_deref()
            .map(crate::tensor::names::NameRef::Stored);
        let data = self.contiguous();
        write_with_names(f, names, |f| write_tensor(f, &data, self.shape()))
    }
}

impl fmt::Display for crate::DynTensor<bool> {
    /// PyTorch's layout: `tensor([ True, False])`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_with_names(
            f,
            self.names
                .as_deref()
                .map(crate::tensor::names::NameRef::Stored),
            |f| write_bool_tensor(f, self.data(), self.dims()),
        )
    }
}

/// Writes a tensor as `write` does, with PyTorch's `names=(...)` suffix
/// before the closing parenthesis when it is named.
pub(crate) fn write_with_names(
    f: &mut fmt::Formatter<'_>,
    names: Option<crate::tensor::names::NameRef<'_>>,
    write: impl Fn(&mut fmt::Formatter<'_>) -> fmt::Result,
) -> fmt::Result {
    let Some(names) = names.map(crate::tensor::names::NameRef::strs) else {
        return write(f);
    };
    struct Body<W>(W);
    impl<W: Fn(&mut fmt::Formatter<'_>) -> fmt::Result> fmt::Display for Body<W> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            (self.0)(f)
        }
    }
    let body = alloc::format!("{}", Body(write));
    f.write_str(body.strip_suffix(')').unwrap_or(&body))?;
    f.write_str(", names=(")?;
    for (i, n) in names.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        match n {
            Some(n) => write!(f, "'{n}'")?,
            None => f.write_str("None")?,
        }
    }
    // A one-element tuple, as Python prints it: `('C',)`.
    f.write_str(if names.len() == 1 { ",))" } else { "))" })
}
