//! Named dimensions on runtime tensors, and broadcasting by name
//! (the [rules chapter](crate::guide::rules), section 5).
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
//! use shaped::broadcast_named_shapes;
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
//!   arithmetic operators; [`where_cond`](DynTensor::<bool>::where_cond) is
//!   positional and drops names.
//! - Static tensors can have names too ([`shape::names`](crate::shape::names)):
//!   `into_dyn` keeps them, converting a `DynTensor` to a static
//!   [`Tensor`] checks them ([`ShapeError::NamesDiffer`] where
//!   both name a dimension differently) and gives the static names, and a
//!   named static tensor combined with a named `DynTensor` broadcasts by
//!   name. A static tensor without names is positional against anything.
//! - [`PartialEq`] compares names too; `Debug` shows them, `Display` adds
//!   PyTorch's `names=(...)` suffix.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::borrow::Borrow;
use core::fmt;

use crate::element::Element;
use crate::error::{ShapeError, checked_numel};
use crate::kernel;
use crate::shape::list::Layout;
use crate::shape::mixed::ToLayout;
use crate::shape::names::runtime::{
    Name, NamedShape, Names, boxed, broadcast_named_shapes, check_unique, match_dims, owned, strs,
};
use crate::shape::names::{StripNames, WithoutNames};
use crate::tensor::{DynTensor, Tensor};

/// Something that names a dimension, or leaves it unnamed: `&str` and
/// `String` name it, `Option<&str>` names it or not (`None`), and references
/// to any of these work too. [`rename`](DynTensor::rename) takes one;
/// [`NameList`] is a list of them.
///
/// `Option<String>` is left out on purpose: with a single `Option` type,
/// `[None, None]` needs no annotation. A list of `Option<String>` is still
/// a [`NameList`] when borrowed (`with_names(&names)`).
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
impl<N: DimName + ?Sized> DimName for &N {
    fn dim_name(&self) -> Option<&str> {
        (**self).dim_name()
    }
}

/// The names of every dimension, one entry per dimension, as
/// [`with_names`](DynTensor::with_names), [`set_names`](DynTensor::set_names)
/// and [`align_to`](DynTensor::align_to) take them: an array, a slice or a
/// slice iterator of [`DimName`]s, a `&Vec` of them, a
/// `Vec<Option<&str>>` (what [`names`](DynTensor::names) returns), or any
/// iterator wrapped in [`Names`](NamesFrom).
///
/// Each kind of container has one element type it falls back to, so that
/// `with_names([None, None])` and `with_names(vec![])` (rank 0) compile
/// without annotations.
///
/// ```
/// use shaped::DynTensor;
/// let t = DynTensor::<f32>::zeros(&[2, 3]);
/// assert!(t.clone().with_names([None, None]).is_ok());
/// assert!(DynTensor::<f32>::scalar(1.0).with_names(vec![]).is_ok());
/// let owned = vec![String::from("H"), String::from("W")];
/// assert!(t.clone().with_names(&owned).is_ok());
/// assert!(t.clone().with_names(owned.iter()).is_ok());
/// assert!(t.with_names(shaped::tensor::names::NamesFrom(owned.iter().map(|s| &s[..1]))).is_ok());
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a list of dimension names",
    label = "expected an array, slice, `Vec<Option<&str>>` or iterator of names",
    note = "wrap any other iterator of names in `shaped::tensor::names::NamesFrom(..)`"
)]
pub trait NameList {
    /// Calls `f` with the names in order.
    fn with_list<R>(self, f: impl FnOnce(&[Option<&str>]) -> R) -> R;
}

fn with_dim_names<N: DimName, R>(
    items: impl Iterator<Item = N>,
    f: impl FnOnce(&[Option<&str>]) -> R,
) -> R {
    let items: Vec<N> = items.collect();
    let list: Vec<Option<&str>> = items.iter().map(DimName::dim_name).collect();
    f(&list)
}

impl<N: DimName, const K: usize> NameList for [N; K] {
    fn with_list<R>(self, f: impl FnOnce(&[Option<&str>]) -> R) -> R {
        with_dim_names(self.into_iter(), f)
    }
}
impl<N: DimName, const K: usize> NameList for &[N; K] {
    fn with_list<R>(self, f: impl FnOnce(&[Option<&str>]) -> R) -> R {
        with_dim_names(self.iter(), f)
    }
}
impl<N: DimName> NameList for &[N] {
    fn with_list<R>(self, f: impl FnOnce(&[Option<&str>]) -> R) -> R {
        with_dim_names(self.iter(), f)
    }
}
impl<N: DimName> NameList for &Vec<N> {
    fn with_list<R>(self, f: impl FnOnce(&[Option<&str>]) -> R) -> R {
        with_dim_names(self.iter(), f)
    }
}
/// The iterator adapters names are usually made with.
macro_rules! name_iterators {
    ($($(#[$doc:meta])* [$($gen:tt)*] $ty:ty;)*) => {$(
        $(#[$doc])*
        impl<$($gen)*> NameList for $ty
        where
            $ty: Iterator,
            <$ty as Iterator>::Item: DimName,
        {
            fn with_list<R>(self, f: impl FnOnce(&[Option<&str>]) -> R) -> R {
                with_dim_names(self, f)
            }
        }
    )*};
}
name_iterators! {
    ['a, N] core::slice::Iter<'a, N>;
    [I] core::iter::Copied<I>;
    [I] core::iter::Cloned<I>;
    [I, F] core::iter::Map<I, F>;
    [N] alloc::vec::IntoIter<N>;
    [N, const K: usize] core::array::IntoIter<N, K>;
}

/// Owned optional names (as deserialised), borrowed: `with_names(&names)`.
impl NameList for &[Option<String>] {
    fn with_list<R>(self, f: impl FnOnce(&[Option<&str>]) -> R) -> R {
        with_dim_names(self.iter().map(Option::as_deref), f)
    }
}
/// See `&[Option<String>]`.
impl NameList for &Vec<Option<String>> {
    fn with_list<R>(self, f: impl FnOnce(&[Option<&str>]) -> R) -> R {
        self.as_slice().with_list(f)
    }
}

/// The one owned `Vec` form, so that `vec![]` infers.
impl NameList for Vec<Option<&str>> {
    fn with_list<R>(self, f: impl FnOnce(&[Option<&str>]) -> R) -> R {
        f(&self)
    }
}

/// Any iterator of [`DimName`]s as a [`NameList`]: `NamesFrom(v.into_iter())`.
#[derive(Clone, Debug)]
pub struct NamesFrom<I>(pub I);

impl<I> NameList for NamesFrom<I>
where
    I: Iterator,
    I::Item: DimName,
{
    fn with_list<R>(self, f: impl FnOnce(&[Option<&str>]) -> R) -> R {
        with_dim_names(self.0, f)
    }
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
    pub(crate) fn strs(self) -> Vec<Option<&'a str>> {
        match self {
            NameRef::Stored(n) => strs(n),
            NameRef::Strs(n) => n.to_vec(),
        }
    }

    /// The names to store in a result.
    pub(crate) fn to_names(self) -> Option<Names> {
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

/// `y`'s elements in `x`'s order: borrowed when the matched axes are
/// already in order (inserting size-1 dimensions moves nothing), else a
/// permuting copy.
pub(crate) fn aligned<'a, T: Copy>(
    data: &'a [T],
    dims: &[usize],
    slots: &[Option<usize>],
) -> Cow<'a, [T]> {
    let perm: Vec<usize> = slots.iter().flatten().copied().collect();
    if perm.is_sorted() {
        return Cow::Borrowed(data);
    }
    let strides = kernel::strides(dims);
    let pd: Vec<usize> = perm.iter().map(|&p| dims[p]).collect();
    let ps: Vec<usize> = perm.iter().map(|&p| strides[p]).collect();
    Cow::Owned(kernel::gather(data, &pd, &ps))
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
    pub fn with_names(mut self, names: impl NameList) -> Result<DynTensor<T>, ShapeError> {
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
    pub fn set_names(&mut self, names: impl NameList) -> Result<(), ShapeError> {
        names.with_list(|list| self.set_name_list(list))
    }

    fn set_name_list(&mut self, list: &[Option<&str>]) -> Result<(), ShapeError> {
        if list.len() != self.dims().len() {
            return Err(ShapeError::NameCount {
                shape: self.dims().to_vec(),
                count: list.len(),
            });
        }
        check_unique(list)?;
        self.names = boxed(list);
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
    pub fn align_to(&self, names: impl NameList) -> Result<DynTensor<T>, ShapeError> {
        names.with_list(|target| self.align_to_list(target))
    }

    fn align_to_list(&self, target: &[Option<&str>]) -> Result<DynTensor<T>, ShapeError> {
        check_unique(target)?;
        let own = self.names();
        let slots = match_dims(target, &own, "the names", "the tensor")?;
        let dims: Vec<usize> = slots
            .iter()
            .map(|s| s.map_or(1, |j| self.dims()[j]))
            .collect();
        checked_numel::<T>(&dims)?; // the rank limit
        let data = aligned(self.data(), self.dims(), &slots).into_owned();
        let mut out = DynTensor::from_parts(data, &dims);
        out.names = boxed(target);
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

impl<T: Element, S: Layout> Tensor<T, S> {
    /// The names of the dimensions, outermost first (`None` for an
    /// unnamed one), as [`DynTensor::names`](crate::DynTensor::names) gives them.
    ///
    /// ```
    /// use shaped::{dim_names, shape, Tensor};
    /// dim_names!(H, W);
    /// let t = Tensor::<f32, shape![2, H: 3, W: 4]>::zeros();
    /// assert_eq!(t.names(), [None, Some("H"), Some("W")]);
    /// ```
    pub fn names(&self) -> alloc::vec::Vec<Option<&'static str>> {
        S::NAMES.to_vec()
    }

    /// The same tensor without dimension names, for the operations that
    /// want unnamed shapes (positional broadcasting, the static toolkit).
    ///
    /// ```
    /// use shaped::{dim_names, shape, Tensor};
    /// dim_names!(H, W);
    /// let t = Tensor::<f32, shape![H: 3, W: 4]>::ones();
    /// let u: Tensor<f32, shape![3, 4]> = t.drop_names();
    /// assert_eq!(u.names(), [None, None]);
    /// ```
    pub fn drop_names(self) -> Tensor<T, WithoutNames<S>>
    where
        S::List: StripNames,
        <S::List as StripNames>::Out: ToLayout,
    {
        Tensor::from_checked(self.to_vec(), &self.shape())
    }
}

/// The names of the layout `S` as the runtime code reads them; `None` when
/// it has none.
pub(crate) fn names_of<S: Layout>() -> Option<NameRef<'static>> {
    let names = const { &S::NAMES };
    S::NAMED.then_some(NameRef::Strs(names.as_slice()))
}

/// The names of `a @ b` (result shape `out`), or the error for two
/// differently named inner dimensions: the batch dimensions named as in
/// positional broadcasting, the rows by `a`'s row name, the columns by
/// `b`'s column name.
pub(crate) fn matmul_names(
    an: &[Option<&str>],
    bn: &[Option<&str>],
    out: &[usize],
) -> Result<Option<Names>, ShapeError> {
    let (ra, rb) = (an.len(), bn.len());
    let a_inner = an[ra - 1];
    let b_inner = if rb == 1 { bn[0] } else { bn[rb - 2] };
    if let (Some(x), Some(y)) = (a_inner, b_inner)
        && x != y
    {
        return Err(ShapeError::MatMulNames {
            a: String::from(x),
            b: String::from(y),
        });
    }
    let a_batch = &an[..ra.saturating_sub(2)];
    let b_batch = &bn[..rb.saturating_sub(2)];
    let rank = a_batch.len().max(b_batch.len());
    let mut names = crate::shape::names::runtime::positional(Some(a_batch), Some(b_batch), rank);
    if ra > 1 {
        names.push(an[ra - 2]);
    }
    if rb > 1 {
        names.push(bn[rb - 1]);
    }
    debug_assert_eq!(names.len(), out.len());
    check_unique(&names)?;
    Ok(boxed(&names))
}
