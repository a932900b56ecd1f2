//! Named dimensions on runtime tensors, and broadcasting by name
//! (SEMANTICS.md section 5, seed 004).
//!
//! Any dimension of a [`DynTensor`] may carry a name
//! ([`with_names`](DynTensor::with_names)); names are unique within one
//! tensor, and a tensor with no names pays nothing for the feature (one null
//! pointer). Names change how two tensors broadcast:
//!
//! - **If either operand has no names at all**, broadcasting is positional,
//!   exactly as without names (aligned from the right, sizes equal or 1).
//!   Each result dimension takes the name of whichever operand's aligned
//!   dimension has one.
//! - **If both operands have names**, let `x` be the operand of larger rank
//!   (the left one when the ranks are equal) and `y` the other:
//!   1. every name of `y` must be a name of `x` (the result has `x`'s rank,
//!      so nothing can be added), otherwise [`ShapeError::NoMatch`] names
//!      the missing dimension;
//!   2. dimensions with the same name are broadcast together wherever they
//!      stand (`y` is permuted as needed); their sizes must be equal or one
//!      of them 1 ([`ShapeError::NamedMismatch`] names the dimension and
//!      gives both sizes);
//!   3. the unnamed dimensions of `y` are matched to the unnamed dimensions
//!      of `x` positionally, right-aligned; `y` may not have more unnamed
//!      dimensions than `x` ([`ShapeError::TooManyUnnamed`]);
//!   4. dimensions of `x` left unmatched receive a size-1 dimension in `y`;
//!   5. the result has `x`'s order and names.
//!
//!   The operation itself keeps its order: `a - b` subtracts `b`'s elements
//!   from `a`'s even when `b` is `x`.
//!
//! The seed's examples (shapes at their real sizes, through the shape-only
//! [`broadcast_named_shapes`]):
//!
//! ```
//! use shaped::named::broadcast_named_shapes;
//! let (h, w) = (Some("H"), Some("W"));
//! // img (?, CHANNEL, H, W) + lbl (?, H, W): positional broadcasting fails (3 vs 10).
//! let img = [None, Some("CHANNEL"), h, w];
//! let r = broadcast_named_shapes(&[10, 3, 256, 384], &img, &[10, 256, 384], &[None, h, w]).unwrap();
//! assert_eq!(r.shape, [10, 3, 256, 384]);
//! assert_eq!(r.names(), img);
//!
//! let truth = [None, h, w];
//! let prob = [None, Some("CLASS"), h, w];
//! let pred = [None, Some("SCALE1"), Some("SCALE2"), Some("SCALE3"), h, w];
//! let (truth_s, prob_s, pred_s) = (&[20, 512, 512], &[20, 3, 512, 512], &[20, 1, 17, 15, 512, 512]);
//! assert_eq!(broadcast_named_shapes(prob_s, &prob, truth_s, &truth).unwrap().shape, prob_s);
//! assert_eq!(broadcast_named_shapes(pred_s, &pred, truth_s, &truth).unwrap().shape, pred_s);
//! // lbl_pred + lbl_prob: CLASS has no match in lbl_pred.
//! let err = broadcast_named_shapes(pred_s, &pred, prob_s, &prob).unwrap_err();
//! assert_eq!(err.to_string().lines().next().unwrap(),
//!     "dimension 'CLASS' of b has no match in a [?, SCALE1, SCALE2, SCALE3, H, W]");
//! ```
//!
//! and with values, on scaled-down sizes:
//!
//! ```
//! use shaped::DynTensor;
//! let img = DynTensor::<i32>::zeros(&[2, 3, 4, 5])
//!     .with_names([None, Some("CHANNEL"), Some("H"), Some("W")]).unwrap();
//! let lbl = DynTensor::<i32>::arange(40).reshape(&[2, 4, 5]).unwrap()
//!     .with_names([None, Some("H"), Some("W")]).unwrap();
//! let sum = img.try_add(&lbl).unwrap();
//! assert_eq!(sum.shape(), &[2, 3, 4, 5]);
//! assert_eq!(sum.names(), [None, Some("CHANNEL"), Some("H"), Some("W")]);
//! // Every channel of image n sees lbl[n]: element [n, c, h, w] is lbl[n, h, w].
//! assert_eq!(sum.get(&[1, 2, 3, 4]), lbl.get(&[1, 3, 4]));
//! // Without names the same shapes do not broadcast.
//! assert!(img.drop_names().try_add(&lbl.drop_names()).is_err());
//! ```
//!
//! # How it runs
//!
//! The matching gives, for each axis of `x`, the axis of `y` that lands on
//! it (if any). `y` is then materialised in `x`'s order with a permuting
//! copy when its matched axes are out of order (no copy when they are in
//! order: inserting size-1 dimensions does not move any element), and the
//! pair goes through the ordinary broadcasting kernel. `y` is usually the
//! smaller operand, so the copy is cheap next to the result.
//!
//! # Names through the other operations
//!
//! - In-place operations (`a += b`) keep `a`'s shape, names and order; when
//!   both are named, `b` is aligned to `a` by rules 1-4 (with `a` as `x`
//!   whatever the ranks), and each of `b`'s sizes must then be 1 or `a`'s.
//!   When only `b` is named, `a` takes `b`'s names positionally, as `a + b`
//!   would give them.
//! - [`reshape`](DynTensor::reshape) drops names;
//!   [`unsqueeze`](DynTensor::unsqueeze) inserts an unnamed dimension;
//!   [`squeeze`](DynTensor::squeeze), [`permute`](DynTensor::permute) and
//!   [`transpose`](DynTensor::transpose) move names with their dimensions;
//!   [`broadcast_to`](DynTensor::broadcast_to) adds unnamed leading
//!   dimensions.
//! - Reductions drop the names of the reduced dimensions, or keep them with
//!   `keepdim` (the size-1 dimension is still that dimension).
//! - [`stack`](DynTensor::stack) and [`cat`](DynTensor::cat) unify the
//!   names position by position, as PyTorch does: a name and `None` give
//!   the name, two different names are [`ShapeError::NameConflict`]; the
//!   new dimension of `stack` is unnamed.
//! - Elementwise functions (`map`, `map_to`, `exp`, comparisons,
//!   `zip_with`, boolean `&`/`|`/`!`) keep or broadcast names like the
//!   arithmetic operators; [`select`](DynTensor::<bool>::select) is
//!   positional and drops names.
//! - Static tensors can have names too ([`static_named`](crate::static_named)):
//!   `into_dyn` keeps them, converting a `DynTensor` to a static
//!   [`Tensor`](crate::Tensor) checks them ([`ShapeError::NamesDiffer`] where
//!   both name a dimension differently) and gives the static names, and a
//!   named static tensor combined with a named `DynTensor` broadcasts by
//!   name. A static tensor without names is positional against anything.
//! - [`PartialEq`] compares names too; `Debug` shows them, `Display` adds
//!   PyTorch's `names=(...)` suffix.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::borrow::Borrow;
use core::fmt;

use crate::axis;
use crate::broadcast::{broadcast_pair, check_broadcast_to};
use crate::dyn_tensor::DynTensor;
use crate::element::Element;
use crate::error::{NameList, NamedMismatch, ShapeError, checked_numel};
use crate::kernel;

/// One stored dimension name.
pub(crate) type Name = Box<str>;
/// The stored names of a tensor that has at least one.
pub(crate) type Names = Box<[Option<Name>]>;

/// Something that names a dimension, or leaves it unnamed: `&str` and
/// `String` name it, `Option<&str>` and `Option<String>` name it or not
/// (`None`), and references to any of these work too. The name arguments of
/// [`with_names`](DynTensor::with_names),
/// [`align_to`](DynTensor::align_to) and [`rename`](DynTensor::rename)
/// take it.
///
/// ```
/// use shaped::DynTensor;
/// let t = DynTensor::<f32>::zeros(&[2, 3]);
/// let a = t.clone().with_names(["H", "W"]).unwrap();
/// let b = t.with_names([Some("H"), Some("W")]).unwrap();
/// assert_eq!(a, b);
/// ```
pub trait DimName {
    /// The name, or `None` for an unnamed dimension.
    fn dim_name(&self) -> Option<&str>;
}
impl DimName for str {
    fn dim_name(&self) -> Option<&str> {
        Some(self)
    }
}
impl DimName for String {
    fn dim_name(&self) -> Option<&str> {
        Some(self)
    }
}
impl DimName for Option<&str> {
    fn dim_name(&self) -> Option<&str> {
        *self
    }
}
impl DimName for Option<String> {
    fn dim_name(&self) -> Option<&str> {
        self.as_deref()
    }
}
impl<N: DimName + ?Sized> DimName for &N {
    fn dim_name(&self) -> Option<&str> {
        (**self).dim_name()
    }
}

/// One operand of a binary operation: row-major elements, sizes and names.
#[derive(Clone, Copy)]
pub(crate) struct Side<'a, T> {
    pub(crate) data: &'a [T],
    pub(crate) dims: &'a [usize],
    pub(crate) names: Option<NameRef<'a>>,
}

/// The names of an operand: stored by a [`DynTensor`], or borrowed text
/// (the names of a static shape).
#[derive(Clone, Copy)]
pub(crate) enum NameRef<'a> {
    Stored(&'a [Option<Name>]),
    Strs(&'a [Option<&'a str>]),
}

impl<'a> NameRef<'a> {
    /// The names as `Option<&str>`.
    fn strs(self) -> Vec<Option<&'a str>> {
        match self {
            NameRef::Stored(n) => strs(n),
            NameRef::Strs(n) => n.to_vec(),
        }
    }

    /// The names to store in a result.
    fn to_names(self) -> Option<Names> {
        match self {
            NameRef::Stored(n) => Some(Names::from(n)),
            NameRef::Strs(n) => boxed(n),
        }
    }
}

/// Stored names shown as `[?, H, W]` (for `Debug`).
pub(crate) struct NameSlice<'a>(pub(crate) &'a [Option<Name>]);

impl fmt::Debug for NameSlice<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, n) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(n.as_deref().unwrap_or("?"))?;
        }
        f.write_str("]")
    }
}

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
    /// The names as `Option<&str>`, as [`DynTensor::names`] gives them.
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
/// use shaped::named::broadcast_named_shapes;
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
fn named_list<'n>(
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
fn check_unique(names: &[Option<&str>]) -> Result<(), ShapeError> {
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
fn owned(names: &[Option<&str>]) -> NameList {
    names.iter().map(|n| n.map(String::from)).collect()
}

/// Stored names as `Option<&str>`.
fn strs(names: &[Option<Name>]) -> Vec<Option<&str>> {
    names.iter().map(Option::as_deref).collect()
}

/// Names to store: `None` when no dimension is named.
fn boxed(names: &[Option<&str>]) -> Option<Names> {
    if names.iter().all(Option::is_none) {
        None
    } else {
        Some(names.iter().map(|n| n.map(Box::from)).collect())
    }
}

/// The names of a positional broadcast to `rank` dimensions: each result
/// dimension takes the name of whichever aligned dimension has one (`a`'s
/// first; when only one side is named they never compete).
fn positional<'n>(
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
fn match_dims(
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
struct Plan {
    /// `x` is `b` (only for a binary operation whose `b` has the larger rank).
    swapped: bool,
    /// For each axis of `x`, the axis of `y` matched to it.
    slots: Vec<Option<usize>>,
    /// `y`'s sizes in `x`'s order, 1 where unmatched.
    y_aligned: Vec<usize>,
    /// The result's sizes.
    out: Vec<usize>,
}

/// Rules 1-5 on two named shapes; `in_place` makes `a` the `x` whatever the
/// ranks and requires `b`'s sizes to be 1 or `a`'s.
fn plan(
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

/// `y`'s elements in `x`'s order: borrowed when the matched axes are
/// already in order (inserting size-1 dimensions moves nothing), else a
/// permuting copy.
fn aligned<'a, T: Copy>(data: &'a [T], dims: &[usize], slots: &[Option<usize>]) -> Cow<'a, [T]> {
    let perm: Vec<usize> = slots.iter().flatten().copied().collect();
    if perm.is_sorted() {
        return Cow::Borrowed(data);
    }
    let strides = axis::strides(dims);
    let pd: Vec<usize> = perm.iter().map(|&p| dims[p]).collect();
    let ps: Vec<usize> = perm.iter().map(|&p| strides[p]).collect();
    Cow::Owned(axis::gather(data, &pd, &ps))
}

/// `f(a, b)` with broadcasting, positional, without names.
fn raw_zip<T: Copy, U: Copy>(
    a: &[T],
    a_dims: &[usize],
    b: &[T],
    b_dims: &[usize],
    f: impl Fn(T, T) -> U,
) -> Result<DynTensor<U>, ShapeError> {
    let shape = broadcast_pair(a_dims, b_dims)?;
    #[cfg(feature = "std")]
    crate::legacy::check(a_dims, b_dims, &shape);
    let n = checked_numel::<U>(&shape)?;
    let mut data = Vec::with_capacity(n);
    kernel::binary(&mut data, &shape, a, a_dims, b, b_dims, f);
    Ok(DynTensor::from_parts(data, &shape))
}

/// `f(a, b)` with broadcasting by name where both sides are named, else
/// positional with the names carried over; any output element type. Every
/// elementwise binary operation on runtime tensors but the arithmetic
/// operators (which have a faster unnamed path) comes here.
pub(crate) fn zip<T: Copy, U: Copy>(
    a: Side<'_, T>,
    b: Side<'_, T>,
    f: impl Fn(T, T) -> U,
) -> Result<DynTensor<U>, ShapeError> {
    let an = a.names.map(NameRef::strs);
    let bn = b.names.map(NameRef::strs);
    if let (Some(an), Some(bn)) = (&an, &bn) {
        let p = plan(a.dims, an, b.dims, bn, false)?;
        let (x, y) = if p.swapped { (b, a) } else { (a, b) };
        let y_data = aligned(y.data, y.dims, &p.slots);
        let ys = (&*y_data, &p.y_aligned[..]);
        let xs = (x.data, x.dims);
        let ((ad, adims), (bd, bdims)) = if p.swapped { (ys, xs) } else { (xs, ys) };
        let mut out = raw_zip(ad, adims, bd, bdims, f)?;
        out.names = x.names.and_then(NameRef::to_names);
        return Ok(out);
    }
    let mut out = raw_zip(a.data, a.dims, b.data, b.dims, f)?;
    if an.is_some() || bn.is_some() {
        out.names = boxed(&positional(an.as_deref(), bn.as_deref(), out.dims().len()));
    }
    Ok(out)
}

/// `t = f(t, b)` in place: by name where both are named, else positional.
pub(crate) fn assign<T: Copy>(
    t: &mut DynTensor<T>,
    b: Side<'_, T>,
    f: impl Fn(T, T) -> T,
) -> Result<(), ShapeError> {
    let dims = t.dims().to_vec();
    let bn = b.names.map(NameRef::strs);
    if t.names.is_some() && bn.is_some() {
        // Taken out for the call, which borrows `t`'s elements mutably.
        let tn = t.names.take().unwrap_or_default();
        let r = assign_by_name(t.data_mut(), &dims, &strs(&tn), b, f);
        t.names = Some(tn);
        return r;
    }
    check_broadcast_to(&dims, b.dims)?;
    kernel::assign(t.data_mut(), &dims, b.data, b.dims, f);
    if t.names.is_none() {
        t.names = boxed(&positional(None, bn.as_deref(), dims.len()));
    }
    Ok(())
}

/// `t = f(t, b)` in place by name, for a `t` with sizes `dims` and names
/// `names` and a named `b` (rules 1-4 with `t` as `x`).
pub(crate) fn assign_by_name<T: Copy>(
    t: &mut [T],
    dims: &[usize],
    names: &[Option<&str>],
    b: Side<'_, T>,
    f: impl Fn(T, T) -> T,
) -> Result<(), ShapeError> {
    let bn = b.names.map(NameRef::strs).unwrap_or_default();
    let p = plan(dims, names, b.dims, &bn, true)?;
    let y = aligned(b.data, b.dims, &p.slots);
    kernel::assign(t, dims, &y, &p.y_aligned, f);
    Ok(())
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

/// The names of `stack` (a new unnamed dimension at `new_axis`) or `cat`
/// (`None`): unified position by position, a name winning over `None`,
/// two different names an error.
pub(crate) fn unify<T, B: Borrow<DynTensor<T>>>(
    tensors: &[B],
    new_axis: Option<usize>,
) -> Result<Option<Names>, ShapeError> {
    let Some(rank) = tensors.first().map(|t| t.borrow().dims().len()) else {
        return Ok(None);
    };
    let mut acc: Vec<Option<&str>> = alloc::vec![None; rank];
    let mut named = false;
    for (index, t) in tensors.iter().enumerate() {
        let Some(names) = t.borrow().names.as_deref() else {
            continue;
        };
        named = true;
        for (axis, n) in names.iter().enumerate() {
            match (acc[axis], n.as_deref()) {
                (Some(x), Some(y)) if x != y => {
                    return Err(ShapeError::NameConflict {
                        first: owned(&acc),
                        other: owned(&strs(names)),
                        index,
                        axis,
                    });
                }
                (None, y) => acc[axis] = y,
                _ => {}
            }
        }
    }
    if !named {
        return Ok(None);
    }
    check_unique(&acc)?;
    if let Some(axis) = new_axis {
        acc.insert(axis, None);
    }
    Ok(boxed(&acc))
}

/// Writes a tensor as `write` does, with PyTorch's `names=(...)` suffix
/// before the closing parenthesis when it is named.
pub(crate) fn write_with_names(
    f: &mut fmt::Formatter<'_>,
    names: Option<NameRef<'_>>,
    write: impl Fn(&mut fmt::Formatter<'_>) -> fmt::Result,
) -> fmt::Result {
    let Some(names) = names.map(NameRef::strs) else {
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

impl<T> DynTensor<T> {
    /// The tensor named as a static shape is (no names: unchanged).
    pub(crate) fn with_static_names(mut self, names: &[Option<&'static str>]) -> Self {
        if names.iter().any(Option::is_some) {
            self.names = boxed(names);
        }
        self
    }

    /// Checks, for a conversion to a static shape named `names`, that no
    /// dimension named on both sides has two different names.
    pub(crate) fn check_static_names(
        &self,
        names: &[Option<&'static str>],
    ) -> Result<(), ShapeError> {
        let Some(own) = self.names.as_deref() else {
            return Ok(());
        };
        let clash = own
            .iter()
            .zip(names)
            .position(|(a, b)| matches!((a.as_deref(), b), (Some(a), Some(b)) if a != *b));
        match clash {
            None => Ok(()),
            Some(axis) => Err(ShapeError::NamesDiffer {
                expected: owned(names),
                got: own.iter().map(|n| n.as_deref().map(String::from)).collect(),
                axis,
            }),
        }
    }

    /// This tensor as an operand of a binary operation.
    pub(crate) fn side(&self) -> Side<'_, T> {
        Side {
            data: self.data(),
            dims: self.dims(),
            names: self.names.as_deref().map(NameRef::Stored),
        }
    }

    /// The same tensor with its dimensions named: one entry per dimension,
    /// `None` (or an `Option<&str>` that is `None`) for an unnamed one. Any
    /// previous names are replaced; all `None` removes them. An error if the
    /// number of names is not the rank, or a name appears twice.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<f32>::zeros(&[10, 3, 4])
    ///     .with_names([None, Some("H"), Some("W")]).unwrap();
    /// assert_eq!(t.names(), [None, Some("H"), Some("W")]);
    /// let dup = DynTensor::<f32>::zeros(&[2, 2]).with_names(["H", "H"]).unwrap_err();
    /// assert_eq!(dup.to_string(),
    ///     "Cannot construct a tensor with duplicate names: 'H' appears more than once in [H, H]");
    /// ```
    pub fn with_names<I>(mut self, names: I) -> Result<DynTensor<T>, ShapeError>
    where
        I: IntoIterator,
        I::Item: DimName,
    {
        self.set_names(names)?;
        Ok(self)
    }

    /// Names the dimensions in place, as [`with_names`](Self::with_names)
    /// does; on error the names are unchanged.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let mut t = DynTensor::<f32>::zeros(&[2, 3]);
    /// t.set_names(["H", "W"]).unwrap();
    /// assert!(t.set_names(["H"]).is_err());
    /// assert_eq!(t.names(), [Some("H"), Some("W")]);
    /// ```
    pub fn set_names<I>(&mut self, names: I) -> Result<(), ShapeError>
    where
        I: IntoIterator,
        I::Item: DimName,
    {
        let items: Vec<I::Item> = names.into_iter().collect();
        let list: Vec<Option<&str>> = items.iter().map(DimName::dim_name).collect();
        if list.len() != self.dims().len() {
            return Err(ShapeError::NameCount {
                shape: self.dims().to_vec(),
                count: list.len(),
            });
        }
        check_unique(&list)?;
        self.names = boxed(&list);
        Ok(())
    }

    /// The name of each dimension, `None` where unnamed (all `None` for a
    /// tensor without names).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// assert_eq!(DynTensor::<f32>::zeros(&[2, 3]).names(), [None, None]);
    /// ```
    pub fn names(&self) -> Vec<Option<&str>> {
        match &self.names {
            Some(n) => strs(n),
            None => alloc::vec![None; self.dims().len()],
        }
    }

    /// Whether any dimension is named.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<f32>::zeros(&[2, 3]);
    /// assert!(!t.is_named());
    /// assert!(t.with_names([None, Some("W")]).unwrap().is_named());
    /// ```
    pub fn is_named(&self) -> bool {
        self.names.is_some()
    }

    /// The axis named `name`, for the methods that take axes
    /// (`t.sum_dims(&[t.axis_named("H")?], false)`), or
    /// [`ShapeError::NameNotFound`].
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<f32>::ones(&[2, 3, 4]).with_names([None, Some("H"), Some("W")]).unwrap();
    /// assert_eq!(t.axis_named("W").unwrap(), 2);
    /// assert_eq!(t.axis_named("C").unwrap_err().to_string(), "Name 'C' not found in Tensor[?, H, W]");
    /// let s = t.sum_dims(&[t.axis_named("H").unwrap()], false).unwrap();
    /// assert_eq!((s.shape(), s.names()), (&[2, 4][..], vec![None, Some("W")]));
    /// ```
    pub fn axis_named(&self, name: &str) -> Result<usize, ShapeError> {
        self.names
            .as_deref()
            .and_then(|n| n.iter().position(|m| m.as_deref() == Some(name)))
            .ok_or_else(|| ShapeError::NameNotFound {
                names: owned(&self.names()),
                name: String::from(name),
            })
    }

    /// The same tensor with dimension `old` renamed to `new` (`None`, or an
    /// `Option<&str>` that is `None`, removes the name). An error if `old`
    /// is not a name of the tensor or `new` is already another dimension's.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<f32>::zeros(&[2, 3]).with_names(["H", "W"]).unwrap();
    /// let t = t.rename("W", "WIDTH").unwrap();
    /// assert_eq!(t.names(), [Some("H"), Some("WIDTH")]);
    /// let t = t.rename("H", None::<&str>).unwrap();
    /// assert_eq!(t.names(), [None, Some("WIDTH")]);
    /// assert!(t.rename("WIDTH", "WIDTH").is_ok());
    /// ```
    pub fn rename(mut self, old: &str, new: impl DimName) -> Result<DynTensor<T>, ShapeError> {
        let axis = self.axis_named(old)?;
        let mut list = self.names();
        list[axis] = new.dim_name();
        check_unique(&list)?;
        self.names = boxed(&list);
        Ok(self)
    }

    /// The same tensor without dimension names (positional broadcasting
    /// again).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<f32>::zeros(&[2]).with_names(["N"]).unwrap();
    /// assert!(!t.drop_names().is_named());
    /// ```
    pub fn drop_names(mut self) -> DynTensor<T> {
        self.names = None;
        self
    }
}

impl<T: Copy> DynTensor<T> {
    /// This tensor with its dimensions arranged as `names` says, size-1
    /// dimensions inserted for the entries it lacks (PyTorch's `align_to`,
    /// extended to unnamed dimensions as broadcasting does): every name of
    /// the tensor must appear in `names`, and its unnamed dimensions go, in
    /// order, to the last `None` entries of `names` (right-aligned); the
    /// other `None` entries become new size-1 dimensions. The result is
    /// named `names`.
    ///
    /// `y.align_to(x.names())` is exactly how `y` is aligned to `x` when
    /// they broadcast by name, so `x + y` equals
    /// `x + y.align_to(x.names())`.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<i32>::arange(6).reshape(&[2, 3]).unwrap()
    ///     .with_names(["H", "W"]).unwrap();
    /// let a = t.align_to([Some("W"), Some("C"), Some("H")]).unwrap();
    /// assert_eq!(a.shape(), &[3, 1, 2]);
    /// assert_eq!(a.to_vec(), vec![0, 3, 1, 4, 2, 5]);
    /// assert_eq!(a.names(), [Some("W"), Some("C"), Some("H")]);
    /// assert_eq!(
    ///     t.align_to(["H"]).unwrap_err().to_string().lines().next().unwrap(),
    ///     "dimension 'W' of the tensor has no match in the names [H]"
    /// );
    /// ```
    pub fn align_to<I>(&self, names: I) -> Result<DynTensor<T>, ShapeError>
    where
        I: IntoIterator,
        I::Item: DimName,
    {
        let items: Vec<I::Item> = names.into_iter().collect();
        let target: Vec<Option<&str>> = items.iter().map(DimName::dim_name).collect();
        check_unique(&target)?;
        let own = self.names();
        let slots = match_dims(&target, &own, "the names", "the tensor")?;
        let dims: Vec<usize> = slots
            .iter()
            .map(|s| s.map_or(1, |j| self.dims()[j]))
            .collect();
        checked_numel::<T>(&dims)?; // the rank limit
        let data = aligned(self.data(), self.dims(), &slots).into_owned();
        let mut out = DynTensor::from_parts(data, &dims);
        out.names = boxed(&target);
        Ok(out)
    }
}

impl<T: Element> DynTensor<T> {
    /// The shape and names of `self op other`, without computing it (see
    /// [`broadcast_named_shapes`]).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let img = DynTensor::<u8>::zeros(&[10, 3, 4, 5]).with_names([None, Some("C"), Some("H"), Some("W")]).unwrap();
    /// let lbl = DynTensor::<u8>::zeros(&[10, 4, 5]).with_names([None, Some("H"), Some("W")]).unwrap();
    /// assert_eq!(img.broadcast_shape_with(&lbl).unwrap().shape, [10, 3, 4, 5]);
    /// ```
    pub fn broadcast_shape_with(&self, other: &DynTensor<T>) -> Result<NamedShape, ShapeError> {
        let (a, b) = (self.names(), other.names());
        broadcast_named_shapes(self.shape(), &a, other.shape(), &b)
    }
}
