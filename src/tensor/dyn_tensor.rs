//! `DynTensor<T>`: a tensor whose shape is known only at run time.
//!
//! It follows exactly the rules of the static [`Tensor`](crate::Tensor) and
//! runs on the same kernel; where the static tensor fails to compile, it
//! returns a [`ShapeError`] (`try_*` methods) or panics with that error's
//! message (operators).

use alloc::vec::Vec;
use core::fmt;

use super::buffer::SmallBuf;
use crate::element::Element;
use crate::error::{OrFail, ShapeError, ShapeErrorKind, checked_numel};
use crate::kernel;
use crate::shape::names::runtime::Names;
use crate::tensor::names::NameSlice;

/// Shapes of up to this rank are stored without an allocation.
pub(crate) const INLINE_RANK: usize = 8;

/// A runtime shape: inline up to [`INLINE_RANK`] dimensions, so that small
/// operations allocate nothing for their shape.
#[derive(Clone)]
pub(crate) enum ShapeBuf {
    /// The first `len` sizes of `dims`.
    Inline(InlineDims),
    /// Higher ranks.
    Heap(Vec<usize>),
}

/// Inline sizes: the first `len` of `dims`. The array first, in a struct of
/// its own, for the reason given at
/// [`InlineBuf`](super::buffer::InlineBuf): a returned shape is moved by
/// one aligned copy.
#[derive(Clone, Copy)]
#[repr(C)]
pub(crate) struct InlineDims {
    dims: [usize; INLINE_RANK],
    len: InlineRank,
}

super::buffer::bounded_len!(
    /// The rank of an inline shape.
    InlineRank,
    INLINE_RANK,
    [R0 = 0, R1 = 1, R2 = 2, R3 = 3, R4 = 4, R5 = 5, R6 = 6, R7 = 7, Max = 8]
);

impl ShapeBuf {
    #[inline]
    pub(crate) fn zeroed(len: usize) -> Self {
        if len <= INLINE_RANK {
            ShapeBuf::Inline(InlineDims {
                dims: [0; INLINE_RANK],
                len: InlineRank::new(len),
            })
        } else {
            ShapeBuf::Heap(alloc::vec![0; len])
        }
    }
    /// The first `len` sizes of `dims` (`len <= INLINE_RANK`), without
    /// copying them again.
    #[inline(always)]
    pub(crate) fn from_array(len: usize, dims: [usize; INLINE_RANK]) -> Self {
        debug_assert!(len <= INLINE_RANK);
        ShapeBuf::Inline(InlineDims {
            dims,
            len: InlineRank::new(len),
        })
    }
    #[inline]
    pub(crate) fn from_slice(dims: &[usize]) -> Self {
        let mut s = Self::zeroed(dims.len());
        s.as_mut_slice().copy_from_slice(dims);
        s
    }
    #[inline(always)]
    pub(crate) fn as_slice(&self) -> &[usize] {
        match self {
            ShapeBuf::Inline(s) => &s.dims[..s.len.get()],
            ShapeBuf::Heap(v) => v,
        }
    }
    #[inline(always)]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [usize] {
        match self {
            ShapeBuf::Inline(s) => &mut s.dims[..s.len.get()],
            ShapeBuf::Heap(v) => v,
        }
    }
}

/// A tensor of elements `T` whose shape is known at run time, stored
/// contiguously in row-major order.
///
/// It follows the same broadcasting rules as [`Tensor`](crate::Tensor), checked when the
/// operation runs: the `try_` methods return a [`ShapeError`] worded as
/// PyTorch words it, the operators panic with its message. A tensor of up
/// to 16 elements and rank 8 keeps its elements and sizes inline, in the
/// tensor itself: building, cloning and combining small runtime tensors
/// never calls the allocator.
///
/// # By task
///
/// | to ... | see |
/// |---|---|
/// | find the spelling of an operation | [the toolkit on every layout](crate::guide::toolkit) |
/// | build a tensor | [constructors](crate::guide::toolkit#construct): `zeros`, `ones`, `full`, `arange`, `scalar`, `from_vec`, `from_fn` |
/// | combine shapes, and read the error | [broadcasting](crate::guide::broadcasting), [the rules](crate::guide::rules) |
/// | choose between static, mixed and runtime | [layouts](crate::guide::layouts) |
/// | reduce, reshape, compare, map | [toolkit](crate::guide::toolkit) |
/// | slice, transpose or iterate without copying | [views](crate::guide::views): [`slice`](DynTensor::slice), [`t`](DynTensor::t), [`rows`](DynTensor::rows) |
/// | name dimensions | [named dimensions](crate::guide::named_dimensions): [`with_names`](DynTensor::with_names) |
/// | multiply matrices, einsum | [matrix products and einsum](crate::guide::matmul_einsum): [`try_matmul`](DynTensor::try_matmul), `shaped::einsum` |
/// | handle errors, integer overflow, division by zero | [errors and panics](crate::guide::errors) |
/// | avoid allocations | [performance](crate::guide::performance) |
/// | exchange tensors with ndarray, nalgebra, serde, NumPy files | [bridges](crate::guide::bridges) |
/// | come from NumPy or PyTorch | [the spelling table](crate::guide::numpy_pytorch) |
///
/// The operators are implemented for every combination of owned and
/// borrowed operands, views and static tensors, and with a scalar on the
/// right (the "Trait Implementations" below), and with a scalar on the
/// left (`2.0 * &t`, one impl per primitive type, not listed here);
/// [broadcasting](crate::guide::broadcasting) describes them once.
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
pub struct DynTensor<T> {
    /// Inline up to [`INLINE_LEN`](super::buffer::INLINE_LEN) elements.
    pub(crate) data: SmallBuf<T>,
    pub(crate) shape: ShapeBuf,
    /// The dimension names, `None` when no dimension is named (so that
    /// unnamed tensors carry one null pointer and nothing else); see
    /// [`crate::tensor::names`].
    pub(crate) names: Option<Names>,
}

impl<T: Copy + Default> Clone for DynTensor<T> {
    fn clone(&self) -> Self {
        DynTensor {
            data: self.data.clone(),
            shape: self.shape.clone(),
            names: self.names.clone(),
        }
    }
}

impl<T> DynTensor<T> {
    /// A tensor from elements and a shape the caller has checked: `data`
    /// holds exactly the shape's element count, row-major. For the toolkit
    /// modules (and element types such as `bool` that are not [`Element`]).
    pub(crate) fn from_parts(data: Vec<T>, shape: &[usize]) -> Self {
        debug_assert_eq!(crate::error::numel(shape), Some(data.len()));
        DynTensor {
            data: SmallBuf::from_vec(data),
            shape: ShapeBuf::from_slice(shape),
            names: None,
        }
    }

    /// A tensor from its element store and sizes (checked by the caller).
    #[inline]
    pub(crate) fn from_store(data: SmallBuf<T>, shape: ShapeBuf) -> Self {
        debug_assert_eq!(crate::error::numel(shape.as_slice()), Some(data.len()));
        DynTensor {
            data,
            shape,
            names: None,
        }
    }

    /// The elements, row-major, for any element type.
    #[inline(always)]
    pub(crate) fn data(&self) -> &[T] {
        &self.data
    }

    /// The sizes, for any element type.
    #[inline(always)]
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
    /// shape is too large: outside the crate's size policy (a size, or the
    /// product of the nonzero sizes, above `isize::MAX`, even when another
    /// size is 0, as NumPy refuses it; see [`ShapeError::TooLarge`]), more
    /// than `isize::MAX` bytes, memory the allocator refuses, or more than
    /// 64 dimensions.
    ///
    /// ```
    /// use shaped::{DynTensor, ShapeError};
    /// assert_eq!(DynTensor::<f32>::try_full(&[1 << 40, 0], 1.0).unwrap().numel(), 0);
    /// let e = DynTensor::<f32>::try_full(&[usize::MAX, 0], 1.0).unwrap_err();
    /// assert!(matches!(e, ShapeError::TooLarge { .. }));
    /// ```
    pub fn try_full(shape: &[usize], value: T) -> Result<Self, ShapeError> {
        let n = checked_numel::<T>(shape)?;
        let data = SmallBuf::filled(n, shape, value)?;
        Ok(DynTensor::from_store(data, ShapeBuf::from_slice(shape)))
    }

    /// All zeros, or an error if the shape is too large (see [`try_full`](Self::try_full)).
    pub fn try_zeros(shape: &[usize]) -> Result<Self, ShapeError> {
        Self::try_full(shape, T::zero())
    }

    /// Every element `value`. Panics with the error's message if the shape
    /// is too large (see [`try_full`](Self::try_full)).
    #[track_caller]
    pub fn full(shape: &[usize], value: T) -> Self {
        match Self::try_full(shape, value) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }

    /// All zeros (panics like [`full`](Self::full)).
    #[track_caller]
    pub fn zeros(shape: &[usize]) -> Self {
        Self::full(shape, T::zero())
    }

    /// All ones (panics like [`full`](Self::full)).
    #[track_caller]
    pub fn ones(shape: &[usize]) -> Self {
        Self::full(shape, T::one())
    }

    /// `0, 1, ..., n - 1` with shape `[n]`, converted as `as` would.
    /// Panics with the error's message if `n` elements do not fit in
    /// memory (see [`try_arange`](Self::try_arange)).
    #[track_caller]
    pub fn arange(n: usize) -> Self
    where
        usize: num_traits::AsPrimitive<T>,
    {
        Self::try_arange(n).or_fail()
    }

    /// `0, 1, ..., n - 1` with shape `[n]` (PyTorch's `arange(n)`), or
    /// [`ShapeError::TooLarge`] where `n` elements break the size policy
    /// or the allocator refuses them.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// assert_eq!(DynTensor::<i32>::try_arange(3).unwrap().to_vec(), vec![0, 1, 2]);
    /// assert!(DynTensor::<f32>::try_arange(usize::MAX).is_err());
    /// ```
    pub fn try_arange(n: usize) -> Result<Self, ShapeError>
    where
        usize: num_traits::AsPrimitive<T>,
    {
        let data = SmallBuf::try_from_iter_n(n, (0..n).map(num_traits::AsPrimitive::as_))?;
        Ok(DynTensor::from_store(data, ShapeBuf::from_slice(&[n])))
    }

    /// A rank-0 tensor holding `value`.
    pub fn scalar(value: T) -> Self {
        DynTensor::from_store(
            SmallBuf::from_iter_n(1, [value].into_iter()),
            ShapeBuf::zeroed(0),
        )
    }

    /// A tensor of `shape` holding `data` in row-major order; `data` must
    /// have exactly as many elements as the shape, and the shape must keep
    /// the size policy (see [`try_full`](Self::try_full)).
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
        Ok(DynTensor::from_parts(data, shape))
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
        self.shape.as_slice().len()
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
        self.data.to_vec()
    }

    /// The elements in row-major order, without copying (small tensors,
    /// whose elements are kept inline, are copied into a new `Vec`).
    pub fn into_vec(self) -> Vec<T> {
        self.data.into_vec()
    }

    /// The element at a multi-index, or `None` if the index has the wrong
    /// length or is out of range.
    pub fn get(&self, index: &[usize]) -> Option<&T> {
        crate::tensor::flat_index(self.shape(), index).map(|i| &self.data[i])
    }

    /// `f` applied to every element.
    pub fn map(&self, f: impl Fn(T) -> T) -> Self {
        let mut out = self.clone();
        kernel::map(&mut out.data, &self.data, f);
        out
    }

    /// [`map`](Self::map) for an owned tensor: `f` applied to every element
    /// in the tensor's own storage, which is returned (no allocation).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<f32>::ones(&[64, 64]);
    /// let u = t.into_map(|x| x * 3.0);
    /// assert_eq!(u[[63, 63]], 3.0);
    /// ```
    pub fn into_map(mut self, f: impl Fn(T) -> T) -> Self {
        kernel::map_in_place(&mut self.data, f);
        self
    }
}

impl<T: Element, const K: usize> core::ops::Index<[usize; K]> for DynTensor<T> {
    type Output = T;
    /// The element at `[i, j, ..]`, as for a static tensor: panics with
    /// PyTorch's message (`index 5 is out of bounds for dimension 0 with
    /// size 4`) if an index is out of range, or if there are not as many
    /// indices as dimensions. [`get`](DynTensor::get) returns `None` instead.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<i32>::arange(6).reshape(&[2, 3]).unwrap();
    /// assert_eq!(t[[1, 2]], 5);
    /// ```
    #[track_caller]
    fn index(&self, index: [usize; K]) -> &T {
        &self.data[super::static_tensor::flat_index_or_panic(self.shape(), &index)]
    }
}

impl<T: Element, const K: usize> core::ops::IndexMut<[usize; K]> for DynTensor<T> {
    #[track_caller]
    fn index_mut(&mut self, index: [usize; K]) -> &mut T {
        let i = super::static_tensor::flat_index_or_panic(self.shape(), &index);
        &mut self.data[i]
    }
}

impl<T: Element> PartialEq for DynTensor<T> {
    /// Equal shapes, equal dimension names and equal elements (a tensor
    /// named `(H, W)` broadcasts differently from an unnamed one, so they
    /// are not interchangeable; compare
    /// [`drop_names`](DynTensor::drop_names) to ignore names).
    fn eq(&self, other: &Self) -> bool {
        self.shape() == other.shape() && self.names == other.names && *self.data == *other.data
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
