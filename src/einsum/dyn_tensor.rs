//! `einsum` on runtime tensors: torch.einsum's equation and errors.

use alloc::string::String;
use alloc::vec::Vec;

use super::engine::contract;
use super::equation::{LETTERS, Labelled, label, letter};
use crate::element::Element;
use crate::error::{EinsumError, EinsumProblem, ShapeError};
use crate::shape::names::runtime::{boxed, check_unique};
use crate::tensor::DynTensor;

/// A [`ShapeError::Einsum`] for `equation` on operands of `shapes`.
pub(crate) fn einsum_error(
    equation: &str,
    shapes: &[&[usize]],
    problem: EinsumProblem,
) -> ShapeError {
    ShapeError::Einsum(alloc::boxed::Box::new(EinsumError {
        equation: String::from(equation),
        shapes: shapes.iter().map(|s| s.to_vec()).collect(),
        problem,
    }))
}

/// Einstein summation with torch.einsum's rules: `equation` gives each
/// operand's dimensions a letter (`a-z`, `A-Z`); a letter in several
/// operands is one dimension, a letter repeated in one operand takes the
/// diagonal, and the letters missing from the output are summed over.
/// Without `->` the output is the letters that appear once, in
/// alphabetical order (capitals first). `...` stands for the dimensions an
/// operand has beyond its letters; those broadcast as `+` does and lead
/// the implicit output (an explicit output without `...` sums them).
///
/// One choice differs from PyTorch: **a letter's sizes must be equal in
/// every operand** (PyTorch also lets a size 1 stand for any size). A
/// letter is one dimension, so `"ij,jk"` on `[3, 1]` and `[4, 5]` is an
/// error here, as it is for [`matmul`](DynTensor::matmul), rather than a
/// silent sum over a repeated column; only the dimensions under `...`
/// broadcast. [`einsum!`](crate::einsum!) checks the same rule at compile
/// time.
///
/// The errors are PyTorch's sentences (a size mismatch adds a line saying
/// where each size comes from). Dimension names ride along: each output
/// dimension takes the name of the input dimensions its letter labels (a
/// letter that labels two different names is an error).
///
/// Contractions that are batched matrix products after a permutation (the
/// usual lowering: batch letters, row letters, column letters and summed
/// letters) run on the matrix product of [`matmul`](DynTensor::matmul);
/// the rest on a loop that reads the operands through strides. Several
/// operands are contracted pairwise from the left, as PyTorch does.
///
/// ```
/// use shaped::{einsum, DynTensor};
/// let a = DynTensor::<f64>::arange(24).reshape(&[2, 3, 4]).unwrap();
/// let b = DynTensor::<f64>::arange(40).reshape(&[2, 4, 5]).unwrap();
/// let c = einsum("bij,bjk->bik", &[&a, &b]).unwrap();
/// assert_eq!(c, a.matmul(&b));
///
/// let m = DynTensor::<i32>::arange(9).reshape(&[3, 3]).unwrap();
/// assert_eq!(einsum("ii->i", &[&m]).unwrap().to_vec(), [0, 4, 8]); // the diagonal
/// assert_eq!(einsum("ii", &[&m]).unwrap().to_vec(), [12]);         // the trace
/// assert_eq!(einsum("ij->ji", &[&m]).unwrap(), m.transpose(0, 1).unwrap());
///
/// let err = einsum("ij,jk->ik", &[&a, &b]).unwrap_err();
/// assert_eq!(err.to_string().lines().next().unwrap(),
///     "einsum(): the number of subscripts in the equation (2) does not match the number of dimensions (3) for operand 0 and no ellipsis was given");
/// let err = einsum("bij,bkj->bik", &[&a, &b]).unwrap_err();
/// assert_eq!(err.to_string().lines().next().unwrap(),
///     "einsum(): subscript j has size 5 for operand 1 which does not broadcast with previously seen size 4");
/// ```
pub fn einsum<T: Element>(
    equation: &str,
    operands: &[&DynTensor<T>],
) -> Result<DynTensor<T>, ShapeError> {
    on_stack(operands.iter().map(|t| t.shape()), |shapes| {
        let lab = label(equation, shapes).map_err(|p| einsum_error(equation, shapes, p))?;
        let names = if operands.iter().any(|t| t.is_named()) {
            let per_op: Vec<Vec<Option<&str>>> = operands.iter().map(|t| t.names()).collect();
            output_names(&lab, &per_op, &|l| {
                if l < LETTERS { letter(l) } else { '.' }
            })
            .map_err(|p| einsum_error(equation, shapes, p))?
        } else {
            None
        };
        run(operands, &lab, names)
    })
}

/// `f` of the items of `items`, gathered on the stack when there are few
/// (a small einsum would notice the allocation).
fn on_stack<X: Copy + Default, R>(
    items: impl ExactSizeIterator<Item = X>,
    f: impl FnOnce(&[X]) -> R,
) -> R {
    const FEW: usize = 8;
    if items.len() <= FEW {
        let mut buf = [X::default(); FEW];
        let mut n = 0;
        for x in items {
            buf[n] = x;
            n += 1;
        }
        f(&buf[..n])
    } else {
        let v: Vec<X> = items.collect();
        f(&v)
    }
}

/// The contraction `lab` of `operands`, with the result's names.
pub(crate) fn run<T: Element>(
    operands: &[&DynTensor<T>],
    lab: &Labelled,
    names: Option<Vec<Option<String>>>,
) -> Result<DynTensor<T>, ShapeError> {
    let data = on_stack(operands.iter().map(|t| (t.as_slice(), t.shape())), |ops| {
        contract(ops, lab)
    })?;
    let mut out = on_stack(lab.out.iter().map(|&l| lab.sizes[l]), |shape| {
        DynTensor::from_parts(data, shape)
    });
    if let Some(n) = names {
        let strs: Vec<Option<&str>> = n.iter().map(|x| x.as_deref()).collect();
        check_unique(&strs)?;
        out.names = boxed(&strs);
    }
    Ok(out)
}

/// The output's names: each label takes the name of the dimensions it
/// labels; two different names under one label are an error.
pub(crate) fn output_names(
    lab: &Labelled,
    names: &[Vec<Option<&str>>],
    show: &dyn Fn(usize) -> char,
) -> Result<Option<Vec<Option<String>>>, EinsumProblem> {
    let mut of: Vec<Option<&str>> = alloc::vec![None; lab.sizes.len()];
    for (labels, ns) in lab.ops.iter().zip(names) {
        for (&l, &n) in labels.iter().zip(ns) {
            match (of[l], n) {
                (Some(x), Some(y)) if x != y => {
                    return Err(EinsumProblem::LabelNames {
                        label: show(l),
                        first: String::from(x),
                        other: String::from(y),
                    });
                }
                (None, Some(y)) => of[l] = Some(y),
                _ => {}
            }
        }
    }
    let out: Vec<Option<String>> = lab.out.iter().map(|&l| of[l].map(String::from)).collect();
    Ok(out.iter().any(Option::is_some).then_some(out))
}
