//! Shapes and names as the messages draw them, and two shapes aligned from
//! the right with a caret under the failing axis.

use core::fmt;

use alloc::string::String;
use alloc::vec::Vec;

use super::NameList;

/// Writes a shape whose `usize::MAX` entries are runtime-sized (`Dyn`).
pub(super) fn write_template(f: &mut fmt::Formatter<'_>, s: &[usize]) -> fmt::Result {
    write!(f, "[")?;
    for (i, &d) in s.iter().enumerate() {
        let sep = if i > 0 { ", " } else { "" };
        if d == usize::MAX {
            write!(f, "{sep}Dyn")?
        } else {
            write!(f, "{sep}{d}")?
        }
    }
    write!(f, "]")
}

/// Writes dimension names as `[?, H, W]`, `?` where unnamed.
pub(super) fn write_names(f: &mut fmt::Formatter<'_>, names: &NameList) -> fmt::Result {
    write!(f, "[")?;
    for (i, n) in names.iter().enumerate() {
        if i > 0 {
            write!(f, ", ")?;
        }
        write!(f, "{}", n.as_deref().unwrap_or("?"))?;
    }
    write!(f, "]")
}

pub(super) fn write_shape(f: &mut fmt::Formatter<'_>, s: &[usize]) -> fmt::Result {
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
pub(super) fn write_aligned(
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

pub(super) fn digits(d: usize) -> usize {
    alloc::format!("{d}").len()
}
