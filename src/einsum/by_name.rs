//! Contraction by dimension name: `a.contract(&b)` sums over the
//! dimensions the two tensors share by name.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use super::dyn_tensor::{einsum_error, output_names, run};
use super::equation::Labelled;
use crate::element::Element;
use crate::error::{EinsumProblem, NamedMismatch, ShapeError};
use crate::shape::names::runtime::owned;
use crate::tensor::DynTensor;

impl<T: Element> DynTensor<T> {
    /// Contracts `self` with `other` over the dimensions they share by
    /// name: the product of the two, summed over every shared name, as
    /// `einsum` would with one letter per name.
    ///
    /// - **Shared names** are summed over and leave the result. Their sizes
    ///   must be equal: a shared name with two sizes is an error
    ///   ([`ShapeError::Einsum`] of kind `EinsumProblem::SharedSize`,
    ///   naming the dimension and both sizes), a size 1 included; it is
    ///   never broadcast, because the sum runs over one dimension.
    /// - **Unnamed dimensions** broadcast as in the [rules chapter](crate::guide::rules), section 5, rule 3:
    ///   those of `self` and `other` are matched from the right, their
    ///   sizes equal or 1 ([`ShapeError::NamedMismatch`] otherwise), and
    ///   they stay in the result (a batch).
    /// - **Names only one side has** stay in the result (an outer product
    ///   over them).
    ///
    /// The result has `self`'s dimensions in `self`'s order (the shared
    /// ones removed; the unnamed ones broadcast), then `other`'s named
    /// dimensions that `self` lacks, in `other`'s order; unnamed
    /// dimensions of `other` beyond `self`'s lead. It runs on the engine
    /// of [`einsum`](crate::einsum()) (batched matrix products where the
    /// layout allows).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// // Seed 004's shapes, scaled down: img (?, CHANNEL, H, W) and lbl (?, H, W).
    /// let img = DynTensor::<i64>::arange(2 * 3 * 4 * 5).reshape(&[2, 3, 4, 5]).unwrap()
    ///     .with_names([None, Some("CHANNEL"), Some("H"), Some("W")]).unwrap();
    /// let lbl = DynTensor::<i64>::ones(&[2, 4, 5]).with_names([None, Some("H"), Some("W")]).unwrap();
    /// let per_channel = img.try_contract(&lbl).unwrap(); // summed over H and W
    /// assert_eq!(per_channel.shape(), &[2, 3]);
    /// assert_eq!(per_channel.names(), [None, Some("CHANNEL")]);
    /// assert_eq!(per_channel.get(&[0, 0]), Some(&(0..20).sum::<i64>()));
    ///
    /// let wrong = DynTensor::<i64>::ones(&[2, 4, 6]).with_names([None, Some("H"), Some("W")]).unwrap();
    /// assert_eq!(img.try_contract(&wrong).unwrap_err().to_string().lines().next().unwrap(),
    ///     "contract(): dimension 'W' has size 5 in a and 6 in b; a shared name is summed over, so its sizes must be equal");
    /// ```
    pub fn try_contract(&self, other: &DynTensor<T>) -> Result<DynTensor<T>, ShapeError> {
        let (lab, names) = plan(self.shape(), &self.names(), other.shape(), &other.names())?;
        run(&[self, other], &lab, names)
    }

    /// [`try_contract`](Self::try_contract), panicking with the error's message.
    #[track_caller]
    pub fn contract(&self, other: &DynTensor<T>) -> DynTensor<T> {
        match self.try_contract(other) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }
}

/// The contraction by name of shapes `a` and `b` named `an` and `bn`, as
/// labels for the engine, with the result's names (the rule of
/// [`DynTensor::try_contract`]).
#[allow(clippy::type_complexity)]
pub(crate) fn plan(
    a: &[usize],
    an: &[Option<&str>],
    b: &[usize],
    bn: &[Option<&str>],
) -> Result<(Labelled, Option<Vec<Option<String>>>), ShapeError> {
    let shapes: [&[usize]; 2] = [a, b];
    let mut sizes: Vec<usize> = Vec::new();
    let new_label = |size: usize, sizes: &mut Vec<usize>| {
        sizes.push(size);
        sizes.len() - 1
    };
    // `a`'s dimensions: one label each.
    let a_labels: Vec<usize> = a.iter().map(|&s| new_label(s, &mut sizes)).collect();
    let mut b_labels: Vec<Option<usize>> = alloc::vec![None; b.len()];
    // Shared names: one label, equal sizes.
    for (j, n) in bn.iter().enumerate() {
        let Some(n) = n else { continue };
        if let Some(i) = an.iter().position(|m| *m == Some(*n)) {
            if a[i] != b[j] {
                return Err(einsum_error(
                    "",
                    &shapes,
                    EinsumProblem::SharedSize {
                        name: String::from(*n),
                        a: a[i],
                        b: b[j],
                        a_names: owned(an),
                        b_names: owned(bn),
                    },
                ));
            }
            b_labels[j] = Some(a_labels[i]);
        }
    }
    // Unnamed dimensions: matched from the right, broadcast.
    let ua: Vec<usize> = (0..a.len()).filter(|&i| an[i].is_none()).collect();
    let ub: Vec<usize> = (0..b.len()).filter(|&j| bn[j].is_none()).collect();
    for (&i, &j) in ua.iter().rev().zip(ub.iter().rev()) {
        let (x, y) = (a[i], b[j]);
        if x != y && x != 1 && y != 1 {
            return Err(ShapeError::NamedMismatch(Box::new(NamedMismatch {
                a: a.to_vec(),
                b: b.to_vec(),
                a_names: owned(an),
                b_names: owned(bn),
                a_axis: i,
                b_axis: j,
                name: None,
                in_place: false,
            })));
        }
        let l = a_labels[i];
        sizes[l] = if x == 1 { y } else { x };
        b_labels[j] = Some(l);
    }
    // The rest of `b`: labels of their own.
    let b_labels: Vec<usize> = b_labels
        .iter()
        .zip(b)
        .map(|(l, &s)| l.unwrap_or_else(|| new_label(s, &mut sizes)))
        .collect();
    let shared = |i: usize| an[i].is_some() && bn.contains(&an[i]);
    let extra = ub.len().saturating_sub(ua.len());
    let mut out: Vec<usize> = ub[..extra].iter().map(|&j| b_labels[j]).collect();
    out.extend((0..a.len()).filter(|&i| !shared(i)).map(|i| a_labels[i]));
    out.extend(
        (0..b.len())
            .filter(|&j| bn[j].is_some() && !an.contains(&bn[j]))
            .map(|j| b_labels[j]),
    );
    let lab = Labelled {
        ops: alloc::vec![a_labels, b_labels],
        out,
        sizes,
    };
    let names = output_names(&lab, &[an.to_vec(), bn.to_vec()], &|_| '?')
        .map_err(|p| einsum_error("", &shapes, p))?;
    Ok((lab, names))
}
