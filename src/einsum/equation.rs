//! The equation: `"bij,bjk->bik"` read against the operands' shapes, with
//! torch.einsum's rules and its checks in its order, into labelled
//! dimensions ([`Labelled`]) that the engine contracts.
//!
//! Labels are numbered as PyTorch numbers them, `A-Z` then `a-z` (so the
//! implicit output's "alphabetical order" puts capitals first); each
//! dimension covered by `...` gets a label of its own after those 52,
//! right-aligned across the operands as broadcasting aligns them.

use alloc::vec::Vec;

use crate::error::EinsumProblem;

/// The number of letter labels; the dimensions under `...` come after.
pub(crate) const LETTERS: usize = 52;

/// One subscript of an operand or the output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sub {
    Label(u8),
    Ellipsis,
}

/// The letter of label `s < 52`.
pub(crate) fn letter(s: usize) -> char {
    if s < 26 {
        (b'A' + s as u8) as char
    } else {
        (b'a' + (s - 26) as u8) as char
    }
}

/// The subscripts of one operand's part of the equation (already checked).
fn subs(part: &[u8]) -> impl Iterator<Item = Sub> + '_ {
    let mut i = 0;
    core::iter::from_fn(move || {
        while i < part.len() {
            let c = part[i];
            i += 1;
            if c == b'.' {
                i += 2;
                return Some(Sub::Ellipsis);
            }
            if c.is_ascii_alphabetic() {
                return Some(Sub::Label(subscript(c)));
            }
        }
        None
    })
}

fn subscript(c: u8) -> u8 {
    if c.is_ascii_uppercase() {
        c - b'A'
    } else {
        c - b'a' + 26
    }
}

/// Operands and output as label numbers, with every label's size: what the
/// engine needs, whatever the labels were (letters, `...`, names).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Labelled {
    /// For each operand, the label of each of its dimensions (a label may
    /// repeat: a diagonal).
    pub ops: Vec<Vec<usize>>,
    /// The output's labels, in order.
    pub out: Vec<usize>,
    /// The size of each label (1 for labels no operand gives a larger size).
    pub sizes: Vec<usize>,
}

/// Reads `equation` for operands of `shapes`: torch.einsum's parse, checks
/// and implicit output, except that a label's sizes must be equal in every
/// operand (a size 1 does not broadcast against another size; the
/// dimensions under `...` do broadcast, by the usual rule).
pub(crate) fn label(equation: &str, shapes: &[&[usize]]) -> Result<Labelled, EinsumProblem> {
    if shapes.is_empty() {
        return Err(EinsumProblem::NoOperands);
    }
    let num_ops = shapes.len();
    let bytes = equation.as_bytes();
    // A byte search: `str::find` with a pattern sets up a searcher, which a
    // small einsum would notice.
    let arrow = bytes.windows(2).position(|w| w == b"->");
    let lhs = &bytes[..arrow.unwrap_or(bytes.len())];

    // The operands' subscripts, checked; read again below, operand by
    // operand, rather than stored (a small einsum would notice the allocations).
    let mut ell_seen = false;
    let mut cur = 0;
    let mut i = 0;
    while i < lhs.len() {
        match lhs[i] {
            b' ' => {}
            b'.' => {
                if ell_seen {
                    return Err(EinsumProblem::RepeatedEllipsis { operand: cur });
                }
                if !(i + 2 < lhs.len() && lhs[i + 1] == b'.' && lhs[i + 2] == b'.') {
                    return Err(EinsumProblem::BadEllipsis { operand: cur });
                }
                i += 2;
                ell_seen = true;
            }
            b',' => {
                cur += 1;
                if cur >= num_ops {
                    return Err(EinsumProblem::FewerOperands);
                }
                ell_seen = false;
            }
            c if c.is_ascii_alphabetic() => {}
            _ => return Err(EinsumProblem::InvalidSubscript { index: i }),
        }
        i += 1;
    }
    if cur != num_ops - 1 {
        return Err(EinsumProblem::MoreOperands);
    }
    let operands = || lhs.split(|&c| c == b',');

    // Label counts against ranks; how many dimensions `...` covers.
    let mut count = [0usize; LETTERS];
    let mut ell_dims = 0;
    for (op, (s, shape)) in operands().zip(shapes).enumerate() {
        let has_ell = s.contains(&b'.');
        let mut labels = 0;
        for x in subs(s) {
            if let Sub::Label(l) = x {
                count[l as usize] += 1;
                labels += 1;
            }
        }
        let rank = shape.len();
        let fits = if has_ell {
            labels <= rank
        } else {
            labels == rank
        };
        if !fits {
            return Err(EinsumProblem::LabelCount {
                operand: op,
                labels,
                rank,
                ellipsis: has_ell,
            });
        }
        if has_ell {
            ell_dims = ell_dims.max(rank - labels);
        }
    }
    let ell = |j: usize| LETTERS + j;

    // The output.
    let mut out = Vec::with_capacity(ell_dims + lhs.len());
    match arrow {
        None => {
            out.extend((0..ell_dims).map(ell));
            out.extend((0..LETTERS).filter(|&l| count[l] == 1));
        }
        Some(pos) => {
            let rhs = &bytes[pos + 2..];
            let mut in_out = [false; LETTERS];
            let mut ell_out = false;
            let mut i = 0;
            while i < rhs.len() {
                match rhs[i] {
                    b' ' => {}
                    b'.' => {
                        if ell_out {
                            return Err(EinsumProblem::OutputRepeatedEllipsis);
                        }
                        if !(i + 2 < rhs.len() && rhs[i + 1] == b'.' && rhs[i + 2] == b'.') {
                            return Err(EinsumProblem::OutputBadEllipsis);
                        }
                        i += 2;
                        out.extend((0..ell_dims).map(ell));
                        ell_out = true;
                    }
                    c if c.is_ascii_alphabetic() => {
                        let l = subscript(c) as usize;
                        if in_out[l] {
                            return Err(EinsumProblem::OutputRepeated { label: c as char });
                        }
                        if count[l] == 0 {
                            return Err(EinsumProblem::OutputUnknown { label: c as char });
                        }
                        in_out[l] = true;
                        out.push(l);
                    }
                    _ => return Err(EinsumProblem::InvalidSubscript { index: pos + 2 + i }),
                }
                i += 1;
            }
        }
    }

    // Sizes, operand by operand, dimension by dimension.
    let mut sizes = alloc::vec![1usize; LETTERS + ell_dims];
    let mut seen_in: [Option<usize>; LETTERS] = [None; LETTERS];
    let mut ops = Vec::with_capacity(num_ops);
    for (op, (s, shape)) in operands().zip(shapes).enumerate() {
        let mut labels: Vec<usize> = Vec::with_capacity(shape.len());
        let mut dim = 0;
        let letters = s.iter().filter(|c| c.is_ascii_alphabetic()).count();
        for x in subs(s) {
            match x {
                Sub::Ellipsis => {
                    let covered = shape.len() - letters;
                    for j in ell_dims - covered..ell_dims {
                        let size = shape[dim];
                        let seen = sizes[ell(j)];
                        if size != 1 {
                            if seen != 1 && seen != size {
                                return Err(EinsumProblem::EllipsisSize {
                                    operand: op,
                                    dim,
                                    size,
                                    seen,
                                });
                            }
                            sizes[ell(j)] = size;
                        }
                        labels.push(ell(j));
                        dim += 1;
                    }
                }
                Sub::Label(l) => {
                    let l = l as usize;
                    let size = shape[dim];
                    if let Some(first) = labels.iter().position(|&m| m == l) {
                        // Repeated in this operand: the diagonal.
                        if size != shape[first] {
                            return Err(EinsumProblem::Diagonal {
                                label: letter(l),
                                operand: op,
                                size,
                                first: shape[first],
                            });
                        }
                    } else if let Some(prev) = seen_in[l] {
                        if size != sizes[l] {
                            return Err(EinsumProblem::LabelSize {
                                label: letter(l),
                                operand: op,
                                size,
                                seen: sizes[l],
                                seen_in: prev,
                            });
                        }
                    } else {
                        sizes[l] = size;
                        seen_in[l] = Some(op);
                    }
                    labels.push(l);
                    dim += 1;
                }
            }
        }
        ops.push(labels);
    }
    Ok(Labelled { ops, out, sizes })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn implicit_output_is_once_seen_labels_capitals_first() {
        let l = label("ba,Ab", &[&[2, 3], &[4, 2]]).unwrap();
        // a (once), A (once), b (twice): output A then a.
        assert_eq!(l.out, [0, 26]);
        assert_eq!(l.sizes[27], 2);
    }

    #[test]
    fn ellipsis_dims_right_aligned_and_broadcast() {
        let l = label("...ij,...jk", &[&[5, 1, 2, 3], &[4, 3, 6]]).unwrap();
        assert_eq!(l.out, [52, 53, 26 + 8, 26 + 10]);
        assert_eq!(&l.sizes[52..], &[5, 4]);
        assert_eq!(l.ops[1], [53, 26 + 9, 26 + 10]);
    }
}
