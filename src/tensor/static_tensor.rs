//! `Tensor<T, S>`: a tensor whose shape `S` is known at compile time.

use alloc::vec::Vec;
use core::fmt;

use crate::element::Element;
use crate::error::{ShapeError, ShapeErrorKind};
use crate::shape::index::IndexCount;
use crate::shape::list::saturating_numel;
use crate::shape::storage::{Buffer, Elements};
use crate::shape::{Dims, Layout, Shape};
use crate::tensor::DynTensor;

/// A tensor of elements `T` with the static shape `S` (written `shape![..]`),
/// stored contiguously in row-major order.
///
/// `S` is a static layout (`shape![4, 3]`) or a mixed one with runtime
/// sizes (`shape![Dyn, 3]`). The operators `+ - * / %` broadcast as NumPy
/// and PyTorch do and refuse to compile when the shapes cannot broadcast;
/// the result's layout is computed by the compiler. Tensors of up to 1024
/// elements (every shape of up to 256) live inline and are `Copy`; larger
/// ones live on the heap.
///
/// # By task
///
/// | to ... | see |
/// |---|---|
/// | find the spelling of an operation | [the toolkit on every layout](crate::guide::toolkit) |
/// | build a tensor | [constructors](crate::guide::toolkit#construct): `zeros`, `ones`, `full`, `arange`, `from_slice`, `from_fn`, [`tensor!`](crate::tensor!) |
/// | combine shapes, and read the compile error | [broadcasting](crate::guide::broadcasting), [the rules](crate::guide::rules) |
/// | choose between static, mixed and runtime | [layouts](crate::guide::layouts) |
/// | reduce, reshape, compare, map | [toolkit](crate::guide::toolkit) |
/// | slice, transpose or iterate without copying | [views](crate::guide::views): [`view`](Tensor::view), [`slice!`](crate::slice!), [`narrow!`](crate::narrow!) |
/// | name dimensions | [named dimensions](crate::guide::named_dimensions) |
/// | multiply matrices, einsum | [matrix products and einsum](crate::guide::matmul_einsum): [`matmul`](Tensor::matmul), `einsum!` |
/// | write a function generic over shapes | [generic code](crate::guide::generic_code) |
/// | handle errors, integer overflow, division by zero | [errors and panics](crate::guide::errors) |
/// | avoid allocations | [performance](crate::guide::performance) |
/// | come from NumPy or PyTorch | [the spelling table](crate::guide::numpy_pytorch) |
///
/// The operators are implemented for every combination of owned and
/// borrowed operands and with a scalar on the right (the "Trait
/// Implementations" below), and with a scalar on the left (`2.0 * &t`,
/// one impl per primitive type, not listed here);
/// [broadcasting](crate::guide::broadcasting) describes them once.
///
/// ```
/// use shaped::{shape, Tensor};
/// let a = Tensor::<i32, shape![2, 3]>::arange();      // [[0, 1, 2], [3, 4, 5]]
/// let b = Tensor::<i32, shape![3]>::from_slice(&[10, 20, 30]).unwrap();
/// let c = a + b;                                      // shape [2, 3]
/// assert_eq!(c.as_slice(), &[10, 21, 32, 13, 24, 35]);
/// assert_eq!(c[[1, 2]], 35);
/// ```
pub struct Tensor<T: Element, S: Layout> {
    // Visible to the operators, which reach the storage without going
    // through `Tensor`'s own methods (see `ops::tensor`).
    pub(crate) data: S::Data<T>,
    pub(crate) ext: S::Extents,
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// A tensor from its storage and runtime extents.
    #[inline(always)]
    pub(crate) fn from_parts(data: S::Data<T>, ext: S::Extents) -> Self {
        Tensor { data, ext }
    }

    /// A tensor of layout `S` from row-major elements whose sizes `dims` the
    /// compiler has already worked out (the result of a runtime computation
    /// of a statically known shape).
    pub(crate) fn from_checked(data: Vec<T>, dims: &[usize]) -> Self {
        match S::extents_for(dims) {
            // Not `product()`: an empty tensor's other sizes may multiply
            // past `usize::MAX`.
            Some(ext) => {
                let n = saturating_numel(dims, dims.len());
                Tensor {
                    data: Buffer::from_vec(data, n),
                    ext,
                }
            }
            None => sizes_disagree(dims),
        }
    }
}

/// The panic of [`Tensor::from_checked`] (a bug in the crate): one
/// function, not a formatting of the message per layout.
#[cold]
#[inline(never)]
#[track_caller]
fn sizes_disagree(dims: &[usize]) -> ! {
    unreachable!("the runtime sizes {dims:?} agree with the type-level ones")
}

impl<T: Element, S: Shape> Tensor<T, S> {
    #[inline(always)]
    pub(crate) fn from_storage(data: <S as Layout>::Data<T>) -> Self {
        Tensor { data, ext: () }
    }

    /// A tensor whose element at flat (row-major) index `i` is `f(i)`.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let t = Tensor::<u32, shape![2, 2]>::from_fn(|i| 10 * i as u32);
    /// assert_eq!(t.as_slice(), &[0, 10, 20, 30]);
    /// ```
    #[inline(always)]
    pub fn from_fn(mut f: impl FnMut(usize) -> T) -> Self {
        let mut i = 0;
        Self::from_storage(Buffer::from_fn(
            || {
                let x = f(i);
                i += 1;
                x
            },
            S::NUMEL,
        ))
    }

    /// Every element equal to `value`.
    #[inline]
    pub fn full(value: T) -> Self {
        Tensor {
            data: Buffer::filled(value, S::NUMEL),
            ext: (),
        }
    }

    // `zeros` and `ones` build the tensor themselves rather than through
    // `full`: each function is compiled once per shape in a debug build.
    // All three are `#[inline]`, not `always`: a debug build then calls
    // them rather than pasting each into every function that makes a tensor
    // (1.1% of its instructions for 500 operations); an optimised build
    // still inlines them and folds the fill.

    /// All zeros.
    #[inline]
    pub fn zeros() -> Self {
        Tensor {
            data: Buffer::filled(T::zero(), S::NUMEL),
            ext: (),
        }
    }

    /// All ones.
    #[inline]
    pub fn ones() -> Self {
        Tensor {
            data: Buffer::filled(T::one(), S::NUMEL),
            ext: (),
        }
    }

    /// `0, 1, 2, ...` in row-major order, converted as `as` would (so values
    /// past an integer type's range wrap, as `torch.arange(..., dtype=)` does not:
    /// use a wider type for long ranges).
    pub fn arange() -> Self
    where
        usize: num_traits::AsPrimitive<T>,
    {
        Self::from_fn(num_traits::AsPrimitive::as_)
    }

    /// The elements of `data` in row-major order; `data` must hold exactly
    /// `S::NUMEL` of them.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let t = Tensor::<f32, shape![2, 2]>::from_slice(&[1.0, 2.0, 3.0, 4.0]).unwrap();
    /// assert_eq!(t[[1, 0]], 3.0);
    /// let err = Tensor::<f32, shape![2, 2]>::from_slice(&[1.0]).unwrap_err();
    /// assert_eq!(err.to_string(), "shape '[2, 2]' is invalid for input of size 1");
    /// ```
    pub fn from_slice(data: &[T]) -> Result<Self, ShapeError> {
        if data.len() != S::NUMEL {
            let kind = ShapeErrorKind::Reshape { numel: data.len() };
            return Err(ShapeError::new(kind, &S::DIMS, &[], None));
        }
        Ok(Self::from_fn(|i| data[i]))
    }
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// The sizes, outermost first.
    #[inline(always)]
    pub fn shape(&self) -> Dims {
        S::dims(&self.ext)
    }

    /// The number of elements.
    #[inline(always)]
    pub fn numel(&self) -> usize {
        self.as_slice().len()
    }

    /// The number of dimensions.
    #[inline(always)]
    pub fn rank(&self) -> usize {
        S::RANK
    }

    /// The elements in row-major order.
    #[inline(always)]
    pub fn as_slice(&self) -> &[T] {
        self.data.as_slice()
    }

    /// The elements in row-major order, mutably.
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        self.data.as_mut_slice()
    }

    /// The elements in row-major order, copied into a `Vec`.
    pub fn to_vec(&self) -> Vec<T> {
        self.as_slice().to_vec()
    }

    /// The element at a multi-index, or `None` if the index has the wrong
    /// length or is out of range.
    pub fn get(&self, index: &[usize]) -> Option<&T> {
        flat_index(&self.shape(), index).map(|i| &self.as_slice()[i])
    }

    /// The element at a multi-index, mutably (see [`get`](Self::get)).
    pub fn get_mut(&mut self, index: &[usize]) -> Option<&mut T> {
        let dims = self.shape();
        flat_index(&dims, index).map(|i| &mut self.as_mut_slice()[i])
    }

    /// The same tensor with its shape checked at run time instead; the
    /// dimension names, if any, come along.
    ///
    /// ```
    /// use shaped::{shape, DynTensor, Tensor};
    /// let t = Tensor::<f32, shape![2, 3]>::ones().into_dyn();
    /// assert_eq!(t.shape(), &[2, 3]);
    /// let back = Tensor::<f32, shape![2, 3]>::try_from(t.clone()).unwrap();
    /// assert!(Tensor::<f32, shape![3, 2]>::try_from(t).is_err());
    /// ```
    pub fn into_dyn(self) -> DynTensor<T> {
        let dims = self.shape();
        match DynTensor::from_vec(self.data.into_vec(), &dims) {
            Ok(t) => t.with_static_names(&S::NAMES),
            Err(_) => unreachable!("a tensor's shape always fits its elements"),
        }
    }

    /// `f` applied to every element.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let t = Tensor::<i32, shape![3]>::arange().map(|x| x * x);
    /// assert_eq!(t.as_slice(), &[0, 1, 4]);
    /// ```
    #[inline]
    pub fn map(&self, f: impl Fn(T) -> T) -> Self {
        let mut out = self.clone();
        crate::kernel::map(out.as_mut_slice(), self.as_slice(), f);
        out
    }

    /// [`map`](Self::map) for an owned tensor: `f` applied to every element
    /// in the tensor's own storage, which is returned (no allocation, also
    /// for heap tensors).
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let t = Tensor::<f32, shape![64, 64]>::ones();
    /// let u = t.into_map(|x| x * 3.0);
    /// assert_eq!(u[[63, 63]], 3.0);
    /// ```
    #[inline]
    pub fn into_map(mut self, f: impl Fn(T) -> T) -> Self {
        crate::kernel::map_in_place(self.as_mut_slice(), f);
        self
    }
}

/// The row-major flat index of `index` in `dims`, if valid.
pub(crate) fn flat_index(dims: &[usize], index: &[usize]) -> Option<usize> {
    if index.len() != dims.len() {
        return None;
    }
    let mut flat = 0;
    for (&i, &d) in index.iter().zip(dims) {
        if i >= d {
            return None;
        }
        flat = flat * d + i;
    }
    Some(flat)
}

/// The row-major flat index of `index` in `dims`, or a panic with PyTorch's
/// message (`index 5 is out of bounds for dimension 0 with size 4`) at the
/// caller's line: what `t[[i, j]]` does for every tensor kind.
#[track_caller]
pub(crate) fn flat_index_or_panic(dims: &[usize], index: &[usize]) -> usize {
    if index.len() != dims.len() {
        panic!(
            "expected {} indices for a tensor of dimension {}, got {}",
            dims.len(),
            dims.len(),
            index.len()
        );
    }
    let mut flat = 0;
    for (axis, (&i, &d)) in index.iter().zip(dims).enumerate() {
        if i >= d {
            panic!("index {i} is out of bounds for dimension {axis} with size {d}");
        }
        flat = flat * d + i;
    }
    flat
}

impl<T: Element, S: IndexCount<K>, const K: usize> core::ops::Index<[usize; K]> for Tensor<T, S> {
    type Output = T;
    /// Panics with PyTorch's message if an index is out of range; one
    /// index per dimension (another number does not compile).
    #[track_caller]
    fn index(&self, index: [usize; K]) -> &T {
        &self.as_slice()[flat_index_or_panic(&self.shape(), &index)]
    }
}

impl<T: Element, S: IndexCount<K>, const K: usize> core::ops::IndexMut<[usize; K]>
    for Tensor<T, S>
{
    #[track_caller]
    fn index_mut(&mut self, index: [usize; K]) -> &mut T {
        let i = flat_index_or_panic(&self.shape(), &index);
        &mut self.as_mut_slice()[i]
    }
}

impl<T: Element, S: Layout> Clone for Tensor<T, S> {
    #[inline(always)]
    fn clone(&self) -> Self {
        Tensor {
            data: self.data.clone(),
            ext: self.ext,
        }
    }
}

impl<T: Element, S: Layout> Copy for Tensor<T, S> where S::Data<T>: Copy {}

impl<T: Element, S: Shape> Default for Tensor<T, S> {
    /// All zeros.
    fn default() -> Self {
        Self::zeros()
    }
}

impl<T: Element, S: Layout> PartialEq for Tensor<T, S> {
    fn eq(&self, other: &Self) -> bool {
        self.ext == other.ext && self.as_slice() == other.as_slice()
    }
}

impl<T: Element, S: Layout> fmt::Debug for Tensor<T, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("Tensor");
        d.field("shape", &self.shape());
        if S::NAMED {
            d.field("names", &S::NAMES);
        }
        d.field("dtype", &core::any::type_name::<T>())
            .field("data", &crate::tensor::Summary(self.as_slice()))
            .finish()
    }
}

impl<T: Element, S: Layout> TryFrom<DynTensor<T>> for Tensor<T, S> {
    type Error = ShapeError;
    /// Checks that the runtime shape fits `S`: every static size equal, any
    /// size where `S` has a `Dyn` dimension. Where both `S` and `t` name a
    /// dimension, the names must be equal ([`ShapeError::NamesDiffer`]);
    /// the result has `S`'s names.
    fn try_from(t: DynTensor<T>) -> Result<Self, ShapeError> {
        t.check_static_names(&S::NAMES)?;
        match S::extents_for(t.shape()) {
            Some(ext) => {
                let n = t.numel();
                Ok(Tensor::from_parts(Buffer::from_vec(t.into_vec(), n), ext))
            }
            None => Err(ShapeError::Mismatch {
                expected: S::TEMPLATE.to_vec(),
                got: t.shape().to_vec(),
            }),
        }
    }
}

impl<T: Element, S: Layout> From<Tensor<T, S>> for DynTensor<T> {
    fn from(t: Tensor<T, S>) -> Self {
        t.into_dyn()
    }
}

/// `Debug` of an element list, eliding the middle of long ones as NumPy does.
pub(crate) struct Summary<'a, T>(pub(crate) &'a [T]);

impl<T: fmt::Debug> fmt::Debug for Summary<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const EDGE: usize = 3;
        let s = self.0;
        if s.len() <= 1000 {
            return f.debug_list().entries(s).finish();
        }
        write!(f, "[")?;
        for x in &s[..EDGE] {
            write!(f, "{x:?}, ")?;
        }
        write!(f, "...")?;
        for x in &s[s.len() - EDGE..] {
            write!(f, ", {x:?}")?;
        }
        write!(f, "]")
    }
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// A runtime-shaped copy (see [`into_dyn`](Tensor::into_dyn)).
    pub fn to_dyn(&self) -> DynTensor<T> {
        self.clone().into_dyn()
    }
}
