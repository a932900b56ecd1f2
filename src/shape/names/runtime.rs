//! Broadcasting by name on runtime shapes (the [rules chapter](crate::guide::rules), section 5): the
//! rule worked out on sizes and names alone, without any elements. The
//! tensors that carry names are in `tensor::names`; the operations that
//! align named operands and then run the positional path are in
//! `ops::by_name`.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use crate::error::{NameList, NamedMismatch, ShapeError};
use crate::shape::broadcast::broadcast_pair;

/// One stored dimension name.
pub(crate) type Name = Box<str>;
/// The stored names of a tensor that has at least one.
pub(crate) type Names = Box<[Option<Name>]>;

/// The result of [`broadcast_named_shapes`]: a shape and one name (or
/// `None`) per dimension.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedShape {
    /// The sizes, outermost first.
    pub shape: Vec<usize>,
    /// One entry per dimension, `None` where unnamed.
    pub names: NameList,
}

impl NamedShape {
    /// The names as `Option<&str>`, as [`DynTensor::names`](crate::DynTensor::names) gives them.
    pub fn names(&self) -> Vec<Option<&str>> {
        self.names.iter().map(Option::as_deref).collect()
    }
}

/// The shape and names of `a op b` for tensors of shapes `a` and `b` named
/// `a_names` and `b_names` (one entry per dimension, `None` where unnamed;
/// an empty list, or all `None`, for a tensor without names), computed
/// without any elements: the rule of the [module documentation](self).
///
/// ```
/// use shaped::broadcast_named_shapes;
/// let r = broadcast_named_shapes(&[4, 2], &[Some("N"), Some("C")], &[2, 1], &[Some("C"), Some("N")]).unwrap();
/// assert_eq!((&r.shape[..], r.names()), (&[4, 2][..], vec![Some("N"), Some("C")]));
/// // Without names on one side: positional, the names of the named side kept.
/// let r = broadcast_named_shapes(&[3], &[Some("C")], &[2, 1], &[]).unwrap();
/// assert_eq!((&r.shape[..], r.names()), (&[2, 3][..], vec![None, Some("C")]));
/// ```
pub fn broadcast_named_shapes(
    a: &[usize],
    a_names: &[Option<&str>],
    b: &[usize],
    b_names: &[Option<&str>],
) -> Result<NamedShape, ShapeError> {
    let a_names = named_list(a, a_names)?;
    let b_names = named_list(b, b_names)?;
    let (shape, names) = match (&a_names, &b_names) {
        (Some(an), Some(bn)) => {
            let p = plan(a, an, b, bn, false)?;
            let x_names = if p.swapped { bn } else { an };
            (p.out, owned(x_names))
        }
        _ => {
            let shape = broadcast_pair(a, b)?;
            let names = positional(a_names.as_deref(), b_names.as_deref(), shape.len());
            (shape, owned(&names))
        }
    };
    Ok(NamedShape { shape, names })
}

/// `names` checked against `shape` (one per dimension, unique); `None` when
/// no dimension is named. An empty list stands for no names.
pub(crate) fn named_list<'n>(
    shape: &[usize],
    names: &[Option<&'n str>],
) -> Result<Option<Vec<Option<&'n str>>>, ShapeError> {
    if names.is_empty() || names.iter().all(Option::is_none) {
        return Ok(None);
    }
    if names.len() != shape.len() {
        return Err(ShapeError::NameCount {
            shape: shape.to_vec(),
            count: names.len(),
        });
    }
    check_unique(names)?;
    Ok(Some(names.to_vec()))
}

/// Refuses a name that appears twice.
pub(crate) fn check_unique(names: &[Option<&str>]) -> Result<(), ShapeError> {
    for (i, n) in names.iter().enumerate() {
        if let Some(n) = n
            && names[..i].contains(&Some(n))
        {
            return Err(ShapeError::DuplicateName {
                names: owned(names),
                name: String::from(*n),
            });
        }
    }
    Ok(())
}

/// Names as error data.
pub(crate) fn owned(names: &[Option<&str>]) -> NameList {
    names.iter().map(|n| n.map(String::from)).collect()
}

/// Stored names as `Option<&str>`.
pub(crate) fn strs(names: &[Option<Name>]) -> Vec<Option<&str>> {
    names.iter().map(Option::as_deref).collect()
}

/// Names to store: `None` when no dimension is named.
pub(crate) fn boxed(names: &[Option<&str>]) -> Option<Names> {
    if names.iter().all(Option::is_none) {
        None
    } else {
        Some(names.iter().map(|n| n.map(Box::from)).collect())
    }
}

/// The names of a positional broadcast to `rank` dimensions: each result
/// dimension takes the name of whichever aligned dimension has one (`a`'s
/// first; when only one side is named they never compete).
pub(crate) fn positional<'n>(
    a: Option<&[Option<&'n str>]>,
    b: Option<&[Option<&'n str>]>,
    rank: usize,
) -> Vec<Option<&'n str>> {
    let at = |s: Option<&[Option<&'n str>]>, k: usize| {
        s.and_then(|s| (k + s.len() >= rank).then(|| s[k + s.len() - rank]))
            .flatten()
    };
    (0..rank).map(|k| at(a, k).or(at(b, k))).collect()
}

/// Stored names left-padded with unnamed dimensions to `rank`.
pub(crate) fn pad_names(names: Option<&[Option<Name>]>, rank: usize) -> Option<Names> {
    let names = names?;
    let pad = rank - names.len();
    Some(
        core::iter::repeat_n(None, pad)
            .chain(names.iter().cloned())
            .collect(),
    )
}

/// For each axis of `x`, the axis of `y` matched to it (rules 1, 3, 4).
/// `xl` and `yl` say what `x` and `y` are in error messages.
pub(crate) fn match_dims(
    x: &[Option<&str>],
    y: &[Option<&str>],
    xl: &'static str,
    yl: &'static str,
) -> Result<Vec<Option<usize>>, ShapeError> {
    let mut slots = alloc::vec![None; x.len()];
    for (j, n) in y.iter().enumerate() {
        if let Some(n) = n {
            match x.iter().position(|m| *m == Some(*n)) {
                Some(i) => slots[i] = Some(j),
                None => {
                    return Err(ShapeError::NoMatch {
                        name: String::from(*n),
                        of: yl,
                        within: xl,
                        names: owned(x),
                    });
                }
            }
        }
    }
    let ux: Vec<usize> = (0..x.len()).filter(|&i| x[i].is_none()).collect();
    let uy: Vec<usize> = (0..y.len()).filter(|&j| y[j].is_none()).collect();
    if uy.len() > ux.len() {
        return Err(ShapeError::TooManyUnnamed {
            of: yl,
            within: xl,
            of_names: owned(y),
            within_names: owned(x),
        });
    }
    // Right-aligned: the last unnamed of `y` with the last unnamed of `x`.
    for (&i, &j) in ux[ux.len() - uy.len()..].iter().zip(&uy) {
        slots[i] = Some(j);
    }
    Ok(slots)
}

/// A broadcast by name, worked out on shapes.
pub(crate) struct Plan {
    /// `x` is `b` (only for a binary operation whose `b` has the larger rank).
    pub(crate) swapped: bool,
    /// For each axis of `x`, the axis of `y` matched to it.
    pub(crate) slots: Vec<Option<usize>>,
    /// `y`'s sizes in `x`'s order, 1 where unmatched.
    pub(crate) y_aligned: Vec<usize>,
    /// The result's sizes.
    pub(crate) out: Vec<usize>,
}

/// Rules 1-5 on two named shapes; `in_place` makes `a` the `x` whatever the
/// ranks and requires `b`'s sizes to be 1 or `a`'s.
pub(crate) fn plan(
    a: &[usize],
    a_names: &[Option<&str>],
    b: &[usize],
    b_names: &[Option<&str>],
    in_place: bool,
) -> Result<Plan, ShapeError> {
    let swapped = !in_place && b.len() > a.len();
    let (x, xn, y, yn, xl, yl) = if swapped {
        (b, b_names, a, a_names, "b", "a")
    } else {
        (a, a_names, b, b_names, "a", "b")
    };
    let slots = match_dims(xn, yn, xl, yl)?;
    let y_aligned: Vec<usize> = slots.iter().map(|s| s.map_or(1, |j| y[j])).collect();
    let mut out = x.to_vec();
    // From the right, so that the rightmost mismatch is reported (as PyTorch does).
    for i in (0..x.len()).rev() {
        let (xs, ys) = (x[i], y_aligned[i]);
        let fits = if in_place {
            ys == 1 || ys == xs
        } else {
            xs == ys || xs == 1 || ys == 1
        };
        if !fits {
            let j = slots[i].unwrap_or(0); // matched: an unmatched size is 1
            let (a_axis, b_axis) = if swapped { (j, i) } else { (i, j) };
            return Err(ShapeError::NamedMismatch(Box::new(NamedMismatch {
                a: a.to_vec(),
                b: b.to_vec(),
                a_names: owned(a_names),
                b_names: owned(b_names),
                a_axis,
                b_axis,
                name: xn[i].map(String::from),
                in_place,
            })));
        }
        if xs == 1 {
            out[i] = ys;
        }
    }
    Ok(Plan {
        swapped,
        slots,
        y_aligned,
        out,
    })
}

/// Names with an unnamed dimension inserted at `axis` (`unsqueeze`).
pub(crate) fn insert_unnamed(names: Option<&[Option<Name>]>, axis: usize) -> Option<Names> {
    let mut v = names?.to_vec();
    v.insert(axis, None);
    Some(v.into())
}

/// Names without dimension `axis` (`squeeze`).
pub(crate) fn remove(names: Option<&[Option<Name>]>, axis: usize) -> Option<Names> {
    let mut v = names?.to_vec();
    v.remove(axis);
    boxed(&strs(&v))
}

/// Names reordered: position `i` takes the name of dimension `perm[i]`.
pub(crate) fn permute(names: Option<&[Option<Name>]>, perm: &[usize]) -> Option<Names> {
    let names = names?;
    Some(perm.iter().map(|&p| names[p].clone()).collect())
}

/// The names of a reduction over the axes `listed`: reduced names are
/// dropped, or kept (on the size-1 dimension) with `keepdim`.
pub(crate) fn reduce(
    names: Option<&[Option<Name>]>,
    listed: &[bool],
    keepdim: bool,
) -> Option<Names> {
    let names = names?;
    let kept: Vec<Option<&str>> = names
        .iter()
        .zip(listed)
        .filter(|&(_, &l)| keepdim || !l)
        .map(|(n, _)| n.as_deref())
        .collect();
    boxed(&kept)
}
