//! `einsum` on runtime tracked tensors: the gradient of each operand is
//! itself an einsum, of the result's gradient with the other operands,
//! placed back on the diagonal for a label repeated within the operand,
//! stretched along a label only that operand has, and summed over the
//! `...` dimensions it was broadcast along.

use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::{DynTensor, ShapeError};

use super::Real;
use super::layout::{Runtime, fold, reshaped};
use super::ops::{expand, from_vec, or_panic};
use super::tape::{Node, Var};

/// An equation with every `...` written out as fresh labels: each
/// operand's labels (one per dimension), the output's, and the sizes
/// every operand is stretched to (its `...` dimensions broadcast).
struct Plan {
    ins: Vec<Vec<u8>>,
    out: Vec<u8>,
    stretched: Vec<Vec<usize>>,
}

/// The plan of an equation the crate's `einsum` accepted for `shapes`.
fn plan(equation: &str, shapes: &[&[usize]]) -> Plan {
    let clean: String = equation.chars().filter(|c| !c.is_whitespace()).collect();
    let (lhs, out) = match clean.split_once("->") {
        Some((l, o)) => (String::from(l), Some(String::from(o))),
        None => (clean.clone(), None),
    };
    let parts: Vec<&str> = lhs.split(',').collect();
    let used: Vec<u8> = clean.bytes().filter(u8::is_ascii_alphabetic).collect();
    let fresh: Vec<u8> = (b'A'..=b'Z')
        .chain(b'a'..=b'z')
        .filter(|l| !used.contains(l))
        .collect();
    let counts: Vec<usize> = parts
        .iter()
        .zip(shapes)
        .map(|(p, s)| {
            if p.contains("...") {
                s.len() + 3 - p.len()
            } else {
                0
            }
        })
        .collect();
    let e = counts.iter().copied().max().unwrap_or(0);
    let ell = &fresh[..e];
    // The broadcast sizes of the `...` dimensions, right-aligned.
    let mut bsizes = vec![1usize; e];
    for ((p, s), &n) in parts.iter().zip(shapes).zip(&counts) {
        if let Some(at) = p.find("...") {
            for k in 0..n {
                let d = s[at + k];
                if d != 1 {
                    bsizes[e - n + k] = d;
                }
            }
        }
    }
    let mut ins = Vec::new();
    let mut stretched = Vec::new();
    for ((p, s), &n) in parts.iter().zip(shapes).zip(&counts) {
        let mut labels = Vec::new();
        let mut sizes = s.to_vec();
        match p.find("...") {
            Some(at) => {
                labels.extend(p[..at].bytes());
                labels.extend(&ell[e - n..]);
                labels.extend(p[at + 3..].bytes());
                sizes[at..at + n].copy_from_slice(&bsizes[e - n..]);
            }
            None => labels.extend(p.bytes()),
        }
        ins.push(labels);
        stretched.push(sizes);
    }
    let out = match out {
        Some(o) => match o.find("...") {
            Some(at) => {
                let mut v: Vec<u8> = o[..at].bytes().collect();
                v.extend(ell);
                v.extend(o[at + 3..].bytes());
                v
            }
            None => o.bytes().collect(),
        },
        // Implicit: the `...` dimensions, then the labels seen once in
        // alphabetical order (capitals first).
        None => {
            let all: Vec<u8> = parts
                .concat()
                .bytes()
                .filter(u8::is_ascii_alphabetic)
                .collect();
            let mut once: Vec<u8> = all
                .iter()
                .copied()
                .filter(|l| all.iter().filter(|m| *m == l).count() == 1)
                .collect();
            once.sort_unstable();
            let mut v = ell.to_vec();
            v.extend(once);
            v
        }
    };
    Plan {
        ins,
        out,
        stretched,
    }
}

/// The gradient of operand `i` (of sizes `shape`) given the result's
/// gradient `g` and the operands stretched to the plan's sizes.
fn grad_of<T: Real>(
    p: &Plan,
    i: usize,
    g: &DynTensor<T>,
    stretched: &[DynTensor<T>],
    shape: &[usize],
) -> DynTensor<T> {
    let mine = &p.ins[i];
    let sizes = &p.stretched[i];
    // Its distinct labels, in order, and their sizes.
    let mut unique: Vec<u8> = Vec::new();
    let mut usizes: Vec<usize> = Vec::new();
    for (&l, &d) in mine.iter().zip(sizes) {
        if !unique.contains(&l) {
            unique.push(l);
            usizes.push(d);
        }
    }
    let elsewhere = |l: &u8| {
        p.out.contains(l)
            || p.ins
                .iter()
                .enumerate()
                .any(|(j, o)| j != i && o.contains(l))
    };
    let present: Vec<u8> = unique.iter().copied().filter(elsewhere).collect();
    let mut eq: Vec<u8> = p.out.clone();
    let mut args: Vec<&DynTensor<T>> = vec![g];
    for (j, o) in p.ins.iter().enumerate() {
        if j != i {
            eq.push(b',');
            eq.extend(o);
            args.push(&stretched[j]);
        }
    }
    eq.extend(b"->");
    eq.extend(&present);
    let eq = String::from_utf8(eq).expect("ASCII labels");
    let r = or_panic(crate::einsum(&eq, &args));
    // A label only this operand has was summed: the gradient is the same
    // along it.
    let kept: Vec<usize> = unique
        .iter()
        .zip(&usizes)
        .map(|(l, &d)| if present.contains(l) { d } else { 1 })
        .collect();
    let full = expand(&reshaped(r, &kept), &usizes);
    // A label repeated within the operand: the gradient sits on the
    // diagonal, zero elsewhere.
    let on_diagonal = if unique.len() == mine.len() {
        full
    } else {
        let n: usize = sizes.iter().product();
        let mut ustrides = vec![1usize; unique.len()];
        for k in (0..unique.len().saturating_sub(1)).rev() {
            ustrides[k] = ustrides[k + 1] * usizes[k + 1];
        }
        let which: Vec<usize> = mine
            .iter()
            .map(|l| unique.iter().position(|u| u == l).unwrap_or(0))
            .collect();
        let mut out = vec![T::zero(); n];
        let mut idx = vec![0usize; mine.len()];
        let src = full.as_slice();
        for o in out.iter_mut() {
            let mut at = vec![usize::MAX; unique.len()];
            let mut diagonal = true;
            for (k, &u) in which.iter().enumerate() {
                if at[u] == usize::MAX {
                    at[u] = idx[k];
                } else if at[u] != idx[k] {
                    diagonal = false;
                }
            }
            if diagonal {
                *o = src[at.iter().zip(&ustrides).map(|(a, s)| a * s).sum::<usize>()];
            }
            for k in (0..idx.len()).rev() {
                idx[k] += 1;
                if idx[k] < sizes[k] {
                    break;
                }
                idx[k] = 0;
            }
        }
        from_vec(out, sizes)
    };
    // Summed back over the `...` dimensions this operand was broadcast
    // along.
    fold(on_diagonal, shape, None)
}

impl<T: Real> Var<T, Runtime> {
    /// Einstein summation of runtime tracked tensors, with torch.einsum's
    /// equations (the crate's [`einsum`](crate::einsum())): repeated
    /// labels, implicit outputs and `...` broadcasting included.
    ///
    /// ```
    /// use shaped::autograd::{DynVar, Var};
    /// use shaped::DynTensor;
    /// let a = Var::param(DynTensor::from_vec(vec![1.0, 2.0, 3.0, 4.0], &[2, 2]).unwrap());
    /// let b = Var::param(DynTensor::from_vec(vec![1.0, 0.0, 0.0, 1.0], &[2, 2]).unwrap());
    /// let c = DynVar::einsum("ij,jk->ik", &[&a, &b]).unwrap();
    /// let g = c.sum().backward();
    /// assert_eq!(g.get(&b).to_vec(), vec![4.0, 4.0, 6.0, 6.0]); // a's column sums, repeated
    /// let trace = DynVar::einsum("ii", &[&a]).unwrap();
    /// assert_eq!(trace.backward().get(&a).to_vec(), vec![1.0, 0.0, 0.0, 1.0]);
    /// ```
    pub fn einsum(
        equation: &str,
        operands: &[&Var<T, Runtime>],
    ) -> Result<Var<T, Runtime>, ShapeError> {
        let values: Vec<&DynTensor<T>> = operands.iter().map(|o| o.value_dyn()).collect();
        let value = crate::einsum(equation, &values)?;
        let shapes: Vec<&[usize]> = values.iter().map(|v| v.shape()).collect();
        let p = plan(equation, &shapes);
        let inputs: Vec<Rc<Node<T>>> = operands.iter().map(|o| o.node.clone()).collect();
        Ok(Var::<T, Runtime>::from_op(
            value,
            inputs,
            move |g, nodes, _| {
                let stretched: Vec<DynTensor<T>> = nodes
                    .iter()
                    .zip(&p.stretched)
                    .map(|(n, s)| expand(&n.value, s))
                    .collect();
                (0..nodes.len())
                    .map(|i| {
                        nodes[i]
                            .tracked()
                            .then(|| grad_of(&p, i, g, &stretched, nodes[i].value.shape()))
                    })
                    .collect()
            },
        ))
    }
}
