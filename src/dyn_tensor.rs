//! `DynTensor<T>`: a tensor whose shape is known only at run time.
//!
//! It follows exactly the rules of the static [`Tensor`](crate::Tensor) and
//! runs on the same kernel; where the static tensor fails to compile, it
//! returns a [`ShapeError`] (`try_*` methods) or panics with that error's
//! message (operators).

use alloc::vec::Vec;
use core::fmt;

use crate::broadcast::{broadcast_into, check_broadcast_to};
use crate::element::Element;
use crate::error::{ShapeError, ShapeErrorKind, checked_numel};
use crate::kernel;
use crate::named::{NameSlice, Names, Side};
use crate::ops::{AddOp, BinaryOp, DivOp, MulOp, RemOp, SubOp};

/// Shapes of up to this rank are stored without an allocation.
const INLINE_RANK: usize = 6;

/// A runtime shape: inline up to [`INLINE_RANK`] dimensions, so that small
/// operations allocate only their elements.
#[derive(Clone)]
struct ShapeBuf {
    len: usize,
    inline: [usize; INLINE_RANK],
    heap: Vec<usize>,
}

impl ShapeBuf {
    #[inline]
    fn zeroed(len: usize) -> Self {
        let heap = if len > INLINE_RANK {
            alloc::vec![0; len]
        } else {
            Vec::new()
        };
        ShapeBuf {
            len,
            inline: [0; INLINE_RANK],
            heap,
        }
    }
    #[inline]
    fn from_slice(dims: &[usize]) -> Self {
        let mut s = Self::zeroed(dims.len());
        s.as_mut_slice().copy_from_slice(dims);
        s
    }
    #[inline]
    fn as_slice(&self) -> &[usize] {
        if self.len > INLINE_RANK {
            &self.heap
        } else {
            &self.inline[..self.len]
        }
    }
    #[inline]
    fn as_mut_slice(&mut self) -> &mut [usize] {
        if self.len > INLINE_RANK {
            &mut self.heap
        } else {
            &mut self.inline[..self.len]
        }
    }
}

/// A tensor of elements `T` whose shape is known at run time, stored
/// contiguously in row-major order.
///
/// ```
/// use shaped::DynTensor;
/// let a = DynTensor::<i64>::arange(24).reshape(&[2, 4, 3]).unwrap();
/// let b = DynTensor::<i64>::arange(4).reshape(&[4, 1]).unwrap();
/// let c = a.try_add(&b).unwrap();
/// assert_eq!(c.shape(), &[2, 4, 3]);
/// assert_eq!(&c.to_vec()[..6], &[0, 1, 2, 4, 5, 6]);
///
/// let bad = DynTensor::<i64>::zeros(&[4]);
/// assert_eq!(
///     a.try_add(&bad).unwrap_err().to_string().lines().next().unwrap(),
///     "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 2"
/// );
/// ```
#[derive(Clone)]
pub struct DynTensor<T> {
    data: Vec<T>,
    shape: ShapeBuf,
    /// The dimension names, `None` when no dimension is named (so that
    /// unnamed tensors carry one null pointer and nothing else); see
    /// [`crate::named`].
    pub(crate) names: Option<Names>,
}

impl<T> DynTensor<T> {
    /// A tensor from elements and a shape the caller has checked: `data`
    /// holds exactly the shape's element count, row-major. For the toolkit
    /// modules (and element types such as `bool` that are not [`Element`]).
    pub(crate) fn from_parts(data: Vec<T>, shape: &[usize]) -> Self {
        debug_assert_eq!(crate::error::numel(shape), Some(data.len()));
        DynTensor {
            data,
            shape: ShapeBuf::from_slice(shape),
            names: None,
        }
    }

    /// The elements, row-major, for any element type.
    pub(crate) fn data(&self) -> &[T] {
        &self.data
    }

    /// The sizes, for any element type.
    pub(crate) fn dims(&self) -> &[usize] {
        self.shape.as_slice()
    }

    /// The elements, row-major, mutably, for any element type.
    pub(crate) fn data_mut(&mut self) -> &mut [T] {
        &mut self.data
    }
}

impl<T: Element> DynTensor<T> {
    /// A tensor of `shape` with every element `value`, or an error if the
    /// shape is too large (element count overflowing `usize`, more than
    /// `isize::MAX` bytes, more than 64 dimensions).
    pub fn try_full(shape: &[usize], value: T) -> Result<Self, ShapeError> {
        let n = checked_numel::<T>(shape)?;
        Ok(DynTensor {
            data: alloc::vec![value; n],
            shape: ShapeBuf::from_slice(shape),
            names: None,
        })
    }

    /// All zeros, or an error if the shape is too large (see [`try_full`](Self::try_full)).
    pub fn try_zeros(shape: &[usize]) -> Result<Self, ShapeError> {
        Self::try_full(shape, T::zero())
    }

    /// Every element `value`. Panics with the error's message if the shape
    /// is too large (see [`try_full`](Self::try_full)).
    pub fn full(shape: &[usize], value: T) -> Self {
        Self::try_full(shape, value).unwrap_or_else(|e| panic!("{e}"))
    }

    /// All zeros (panics like [`full`](Self::full)).
    pub fn zeros(shape: &[usize]) -> Self {
        Self::full(shape, T::zero())
    }

    /// All ones (panics like [`full`](Self::full)).
    pub fn ones(shape: &[usize]) -> Self {
        Self::full(shape, T::one())
    }

    /// `0, 1, ..., n - 1` with shape `[n]`, converted as `as` would.
    pub fn arange(n: usize) -> Self
    where
        usize: num_traits::AsPrimitive<T>,
    {
        let data: Vec<T> = (0..n).map(num_traits::AsPrimitive::as_).collect();
        DynTensor {
            data,
            shape: ShapeBuf::from_slice(&[n]),
            names: None,
        }
    }

    /// A rank-0 tensor holding `value`.
    pub fn scalar(value: T) -> Self {
        DynTensor {
            data: alloc::vec![value],
            shape: ShapeBuf::zeroed(0),
            names: None,
        }
    }

    /// A tensor of `shape` holding `data` in row-major order; `data` must
    /// have exactly as many elements as the shape.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![1, 2, 3, 4, 5, 6], &[2, 3]).unwrap();
    /// assert_eq!(t.shape(), &[2, 3]);
    /// let err = DynTensor::from_vec(vec![1, 2, 3, 4, 5, 6], &[2, 2, 1]).unwrap_err();
    /// assert_eq!(err.to_string(), "shape '[2, 2, 1]' is invalid for input of size 6");
    /// ```
    pub fn from_vec(data: Vec<T>, shape: &[usize]) -> Result<Self, ShapeError> {
        if checked_numel::<T>(shape)? != data.len() {
            let kind = ShapeErrorKind::Reshape { numel: data.len() };
            return Err(ShapeError::new(kind, shape, &[], None));
        }
        Ok(DynTensor {
            data,
            shape: ShapeBuf::from_slice(shape),
            names: None,
        })
    }

    /// The sizes, outermost first.
    pub fn shape(&self) -> &[usize] {
        self.shape.as_slice()
    }

    /// The number of elements.
    pub fn numel(&self) -> usize {
        self.data.len()
    }

    /// The number of dimensions.
    pub fn rank(&self) -> usize {
        self.shape.len
    }

    /// The elements in row-major order.
    pub fn as_slice(&self) -> &[T] {
        &self.data
    }

    /// The elements in row-major order, mutably.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.data
    }

    /// The elements in row-major order, copied into a `Vec`.
    pub fn to_vec(&self) -> Vec<T> {
        self.data.clone()
    }

    /// The elements in row-major order, without copying.
    pub fn into_vec(self) -> Vec<T> {
        self.data
    }

    /// The element at a multi-index, or `None` if the index has the wrong
    /// length or is out of range.
    pub fn get(&self, index: &[usize]) -> Option<&T> {
        crate::tensor::flat_index(self.shape(), index).map(|i| &self.data[i])
    }

    /// The same elements with another shape of the same element count.
    /// The result has no dimension names (a reshape can split and merge
    /// dimensions, so names would not mean anything).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<f32>::arange(6);
    /// assert_eq!(t.reshape(&[3, 2]).unwrap().shape(), &[3, 2]);
    /// assert_eq!(t.reshape(&[2, 2, 1]).unwrap_err().to_string(),
    ///     "shape '[2, 2, 1]' is invalid for input of size 6");
    /// ```
    pub fn reshape(&self, shape: &[usize]) -> Result<DynTensor<T>, ShapeError> {
        DynTensor::from_vec(self.data.clone(), shape)
    }

    /// This tensor broadcast to `shape` (PyTorch's `expand`, materialised):
    /// `shape` has at least this tensor's rank and, aligned from the right,
    /// each of this tensor's sizes is 1 or equal to `shape`'s. Dimension
    /// names stay with their dimensions; the new leading ones are unnamed.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![1, 2, 3], &[3, 1]).unwrap();
    /// let e = t.broadcast_to(&[2, 3, 4]).unwrap();
    /// assert_eq!(e.shape(), &[2, 3, 4]);
    /// assert_eq!(&e.to_vec()[..8], &[1, 1, 1, 1, 2, 2, 2, 2]);
    /// ```
    pub fn broadcast_to(&self, shape: &[usize]) -> Result<DynTensor<T>, ShapeError> {
        if self.rank() > shape.len() {
            return Err(ShapeError::new(
                ShapeErrorKind::ExpandRank,
                shape,
                self.shape(),
                None,
            ));
        }
        check_broadcast_to(shape, self.shape())?;
        let mut out = DynTensor::try_zeros(shape)?;
        kernel::assign(&mut out.data, shape, &self.data, self.shape(), |_, x| x);
        out.names = crate::named::pad_names(self.names.as_deref(), shape.len());
        Ok(out)
    }

    /// `f` applied to every element.
    pub fn map(&self, f: impl Fn(T) -> T) -> Self {
        let mut out = self.clone();
        kernel::map(&mut out.data, &self.data, f);
        out
    }

    /// The shared body of the binary operations: `a op b` on any two
    /// row-major operands (this is also how static and runtime tensors meet).
    /// Named operands go through [`crate::named`].
    pub(crate) fn binary<Op: BinaryOp<T>>(
        a: Side<'_, T>,
        b: Side<'_, T>,
    ) -> Result<Self, ShapeError> {
        if a.names.is_some() || b.names.is_some() {
            return crate::named::zip(a, b, Op::apply);
        }
        let (a, a_dims, b, b_dims) = (a.data, a.dims, b.data, b.dims);
        let rank = a_dims.len().max(b_dims.len());
        let mut shape = ShapeBuf::zeroed(rank);
        if rank <= 2 {
            // Vectors and matrices, the common case: the shape and the
            // kernel's plan worked out in registers.
            let dim = |s: &[usize], i: usize| if i < s.len() { s[s.len() - 1 - i] } else { 1 };
            let join = |x: usize, y: usize| match (x, y) {
                _ if x == y || y == 1 => Some(x),
                (1, _) => Some(y),
                _ => None,
            };
            let (a2, b2) = (
                [dim(a_dims, 1), dim(a_dims, 0)],
                [dim(b_dims, 1), dim(b_dims, 0)],
            );
            let (Some(n1), Some(n0)) = (join(a2[0], b2[0]), join(a2[1], b2[1])) else {
                let mut dims = [0; 2];
                return Err(match broadcast_into(a_dims, b_dims, &mut dims[..rank]) {
                    Err(e) => e,
                    Ok(()) => unreachable!("the sizes do not broadcast"),
                });
            };
            let o2 = [n1, n0];
            match shape.as_mut_slice() {
                [d1, d0] => (*d1, *d0) = (n1, n0),
                [d0] => *d0 = n0,
                _ => {}
            }
            #[cfg(feature = "std")]
            crate::legacy::check(a_dims, b_dims, &o2[2 - rank..]);
            let n = match n0.checked_mul(n1) {
                Some(n) if n <= isize::MAX as usize / core::mem::size_of::<T>().max(1) => n,
                _ => checked_numel::<T>(shape.as_slice())?,
            };
            let mut data = Vec::with_capacity(n);
            kernel::binary_2d(&mut data, o2, a, a2, b, b2, Op::apply);
            return Ok(DynTensor {
                data,
                shape,
                names: None,
            });
        }
        // The broadcast shape and its element count in one pass from the
        // right; anything unusual (a mismatch, an overflow) is left to the
        // functions that build the errors.
        let (pa, pb) = (rank - a_dims.len(), rank - b_dims.len());
        let dims = shape.as_mut_slice();
        let (mut n, mut fits) = (1usize, true);
        for i in (0..rank).rev() {
            let x = if i >= pa { a_dims[i - pa] } else { 1 };
            let y = if i >= pb { b_dims[i - pb] } else { 1 };
            let d = if x == y || y == 1 {
                x
            } else if x == 1 {
                y
            } else {
                return Err(match broadcast_into(a_dims, b_dims, dims) {
                    Err(e) => e,
                    Ok(()) => unreachable!("the sizes do not broadcast"),
                });
            };
            dims[i] = d;
            let (m, overflow) = n.overflowing_mul(d);
            n = m;
            fits &= !overflow;
        }
        #[cfg(feature = "std")]
        crate::legacy::check(a_dims, b_dims, shape.as_slice());
        // Each size is one of the operands', but their product can still be
        // too large: left to `checked_numel` to report.
        if !fits
            || n > isize::MAX as usize / core::mem::size_of::<T>().max(1)
            || rank > crate::error::MAX_RANK
        {
            n = checked_numel::<T>(shape.as_slice())?;
        }
        // Appended row by row: no pass zeroing memory about to be written.
        let mut data = Vec::with_capacity(n);
        kernel::binary_inline(&mut data, shape.as_slice(), a, a_dims, b, b_dims, Op::apply);
        Ok(DynTensor {
            data,
            shape,
            names: None,
        })
    }

    /// The shared body of the in-place operations; leaves `self` untouched on error.
    pub(crate) fn assign<Op: BinaryOp<T>>(&mut self, b: Side<'_, T>) -> Result<(), ShapeError> {
        if self.names.is_some() || b.names.is_some() {
            return crate::named::assign(self, b, Op::apply);
        }
        let (b, b_dims) = (b.data, b.dims);
        check_broadcast_to(self.shape.as_slice(), b_dims)?;
        kernel::assign(&mut self.data, self.shape.as_slice(), b, b_dims, Op::apply);
        Ok(())
    }
}

macro_rules! try_ops {
    ($($try:ident $try_assign:ident $Op:ident $sym:literal),*) => {$(
        impl<T: Element> DynTensor<T> {
            #[doc = concat!("`self ", $sym, " other` with broadcasting, or the PyTorch error.")]
            pub fn $try(&self, other: &DynTensor<T>) -> Result<DynTensor<T>, ShapeError> {
                Self::binary::<$Op>(self.side(), other.side())
            }
            #[doc = concat!("`self ", $sym, "= other`: `other` must broadcast to `self`'s shape; on error `self` is unchanged.")]
            pub fn $try_assign(&mut self, other: &DynTensor<T>) -> Result<(), ShapeError> {
                self.assign::<$Op>(other.side())
            }
        }
    )*};
}
try_ops!(
    try_add try_add_assign AddOp "+",
    try_sub try_sub_assign SubOp "-",
    try_mul try_mul_assign MulOp "*",
    try_div try_div_assign DivOp "/",
    try_rem try_rem_assign RemOp "%"
);

impl<T: Element> PartialEq for DynTensor<T> {
    /// Equal shapes, equal dimension names and equal elements (a tensor
    /// named `(H, W)` broadcasts differently from an unnamed one, so they
    /// are not interchangeable; compare
    /// [`drop_names`](DynTensor::drop_names) to ignore names).
    fn eq(&self, other: &Self) -> bool {
        self.shape() == other.shape() && self.names == other.names && self.data == other.data
    }
}

impl<T: Element> fmt::Debug for DynTensor<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("DynTensor");
        d.field("shape", &self.shape());
        // Only named tensors show names, so unnamed ones print as before.
        if let Some(names) = &self.names {
            d.field("names", &NameSlice(names));
        }
        d.field("dtype", &core::any::type_name::<T>())
            .field("data", &crate::tensor::Summary(&self.data))
            .finish()
    }
}
