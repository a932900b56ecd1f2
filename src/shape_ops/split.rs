//! Splitting a tensor into pieces along an axis: [`chunk`](crate::DynTensor::chunk)
//! (a number of nearly equal pieces), [`split`](crate::DynTensor::split)
//! (pieces of one size), [`split_sizes`](crate::DynTensor::split_sizes)
//! (pieces of the given sizes) and [`unbind`](crate::DynTensor::unbind)
//! (every index of the axis, the axis removed), with PyTorch's rules.
//! Pieces are copies (PyTorch returns views; use `narrow` for a view).
//!
//! ```
//! use shaped::{shape, Axis, DynTensor, Tensor};
//! let t = DynTensor::<i32>::arange(5);
//! let c = t.chunk(2, 0);
//! assert_eq!((c[0].to_vec(), c[1].to_vec()), (vec![0, 1, 2], vec![3, 4]));
//! let s = t.split_sizes(&[1, 4], 0);
//! assert_eq!(s[1].to_vec(), vec![1, 2, 3, 4]);
//! let m = Tensor::<i32, shape![2, 3]>::arange();
//! let rows: Vec<Tensor<i32, shape![3]>> = m.unbind(Axis::<0>);
//! assert_eq!(rows[1].as_slice(), &[3, 4, 5]);
//! ```

use alloc::vec::Vec;

use crate::element::Element;
use crate::error::{OrFail, ShapeError, try_vec};
use crate::shape::all_dyn::{DynAxis, WithDynAxis};
use crate::shape::axes::Axis;
use crate::shape::axis::{self, AxisArg};
use crate::shape::list::Layout;
use crate::shape::toolkit::{DropDims, ReduceAxes};
use crate::tensor::{DynTensor, Tensor};

/// Indices `start..start + len` of `axis` of `src` (sizes `dims`), copied.
pub(crate) fn narrow_data<T: Copy>(
    src: &[T],
    dims: &[usize],
    axis: usize,
    start: usize,
    len: usize,
) -> Vec<T> {
    let n = dims[axis];
    let inner: usize = dims[axis + 1..].iter().product();
    let mut out = Vec::with_capacity(src.len() / n.max(1) * len);
    if n == 0 || inner == 0 {
        return out;
    }
    for run in src.chunks_exact(n * inner) {
        out.extend_from_slice(&run[start * inner..(start + len) * inner]);
    }
    out
}

/// An axis of a tensor of rank 1 or more (these operations have no
/// meaning for a rank-0 tensor, as in PyTorch).
fn split_axis(shape: &[usize], axis: impl AxisArg) -> Result<usize, ShapeError> {
    axis::check(shape, axis, shape.len())
}

impl<T: Element> DynTensor<T> {
    /// `count` pieces along `axis` (in range), piece `i` of `size(i)`
    /// indices (the sizes add up to the axis): the pieces' `Vec` comes
    /// from [`try_vec`], so a count past memory is
    /// [`ShapeError::TooLarge`] (naming `[count]`), not an abort.
    fn pieces(
        &self,
        axis: usize,
        count: usize,
        size: impl Fn(usize) -> usize,
    ) -> Result<Vec<Self>, ShapeError> {
        let mut out = try_vec(count, &[count])?;
        let mut dims = self.shape().to_vec();
        let mut start = 0;
        for i in 0..count {
            let len = size(i);
            dims[axis] = len;
            out.push(DynTensor::from_parts(
                narrow_data(self.as_slice(), self.shape(), axis, start, len),
                &dims,
            ));
            start += len;
        }
        Ok(out)
    }
}

impl<T: Element> DynTensor<T> {
    /// The pieces of the given `sizes` along `axis`, which must add up to
    /// its size (PyTorch's `split(split_size_or_sections=[..])`; NumPy's
    /// `split` takes the cut points instead). Sizes that do not add up are
    /// [`ShapeError::Reshape`]. The pieces have no names.
    pub fn try_split_sizes(
        &self,
        sizes: &[usize],
        axis: impl AxisArg,
    ) -> Result<Vec<Self>, ShapeError> {
        let axis = split_axis(self.shape(), axis)?;
        let n = self.shape()[axis];
        if sizes.iter().try_fold(0usize, |a, &s| a.checked_add(s)) != Some(n) {
            return Err(ShapeError::Reshape {
                shape: sizes.to_vec(),
                numel: n,
            });
        }
        self.pieces(axis, sizes.len(), |i| sizes[i])
    }

    /// [`try_split_sizes`](Self::try_split_sizes), panicking with the
    /// error's message.
    #[track_caller]
    pub fn split_sizes(&self, sizes: &[usize], axis: impl AxisArg) -> Vec<Self> {
        self.try_split_sizes(sizes, axis).or_fail()
    }

    /// Pieces of `size` along `axis`, the last smaller if the size does
    /// not divide (PyTorch's `split(split_size, dim)`). A `size` of 0 is
    /// [`ShapeError::SplitSize`] unless the axis is empty too (then one
    /// empty piece, as in PyTorch).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<i32>::arange(5);
    /// let p = t.try_split(2, 0).unwrap();
    /// assert_eq!(p.iter().map(|x| x.numel()).collect::<Vec<_>>(), vec![2, 2, 1]);
    /// ```
    pub fn try_split(&self, size: usize, axis: impl AxisArg) -> Result<Vec<Self>, ShapeError> {
        let axis = split_axis(self.shape(), axis)?;
        let n = self.shape()[axis];
        if size == 0 {
            return if n == 0 {
                Ok(alloc::vec![self.clone().drop_names()])
            } else {
                Err(ShapeError::SplitSize { size: n })
            };
        }
        // `n / size` pieces of `size`, then the rest if any; an empty axis
        // gives one empty piece. The sizes are not listed: there may be
        // more pieces than memory holds (the pieces' `Vec` is refused).
        let (full, rest) = (n / size, n % size);
        let count = if n == 0 {
            1
        } else {
            full + usize::from(rest != 0)
        };
        self.pieces(axis, count, |i| if i < full { size } else { rest })
    }

    /// [`try_split`](Self::try_split), panicking with the error's message.
    #[track_caller]
    pub fn split(&self, size: usize, axis: impl AxisArg) -> Vec<Self> {
        self.try_split(size, axis).or_fail()
    }

    /// At most `chunks` pieces along `axis`, each `ceil(size / chunks)`
    /// long but the last (PyTorch's `chunk`: there may be fewer pieces
    /// than asked, `chunk(4)` of 6 gives 3 of 2; NumPy's `array_split`
    /// makes exactly `chunks` pieces instead). `chunks` of 0 is
    /// [`ShapeError::ChunkCount`].
    pub fn try_chunk(&self, chunks: usize, axis: impl AxisArg) -> Result<Vec<Self>, ShapeError> {
        let axis = split_axis(self.shape(), axis)?;
        if chunks == 0 {
            return Err(ShapeError::ChunkCount { chunks });
        }
        let n = self.shape()[axis];
        self.try_split(n.div_ceil(chunks).max(1), axis)
    }

    /// [`try_chunk`](Self::try_chunk), panicking with the error's message.
    #[track_caller]
    pub fn chunk(&self, chunks: usize, axis: impl AxisArg) -> Vec<Self> {
        self.try_chunk(chunks, axis).or_fail()
    }

    /// Every index of `axis`, that axis removed (PyTorch's `unbind`; NumPy
    /// iterates the first axis with `list(a)`).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<i32>::arange(6).reshape(&[2, 3]).unwrap();
    /// let cols = t.try_unbind(1).unwrap();
    /// assert_eq!(cols.len(), 3);
    /// assert_eq!(cols[2].to_vec(), vec![2, 5]);
    /// ```
    pub fn try_unbind(&self, axis: impl AxisArg) -> Result<Vec<Self>, ShapeError> {
        let axis = split_axis(self.shape(), axis)?;
        let mut dims = self.shape().to_vec();
        let n = dims.remove(axis);
        let mut out = try_vec(n, &[n])?;
        for i in 0..n {
            out.push(DynTensor::from_parts(
                narrow_data(self.as_slice(), self.shape(), axis, i, 1),
                &dims,
            ));
        }
        Ok(out)
    }

    /// [`try_unbind`](Self::try_unbind), panicking with the error's message.
    #[track_caller]
    pub fn unbind(&self, axis: impl AxisArg) -> Vec<Self> {
        self.try_unbind(axis).or_fail()
    }
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// Every index of axis `K`, that axis removed, the pieces' layout
    /// computed by the compiler (`DropDims<S, Axis<K>>`, as for a
    /// reduction over the axis). Panics with [`ShapeError::TooLarge`] if
    /// the pieces' list does not fit in memory (a `Dyn` axis of an empty
    /// tensor may be huge).
    #[track_caller]
    pub fn unbind<const K: usize>(&self, _: Axis<K>) -> Vec<Tensor<T, DropDims<S, Axis<K>>>>
    where
        S: ReduceAxes<Axis<K>>,
    {
        let dims = self.shape();
        let mut out_dims = dims.to_vec();
        let n = out_dims.remove(K);
        let mut out = try_vec(n, &[n]).or_fail();
        for i in 0..n {
            out.push(Tensor::from_checked(
                narrow_data(self.as_slice(), &dims, K, i, 1),
                &out_dims,
            ));
        }
        out
    }
}

/// The pieces of a runtime split as tensors of layout `S2`.
fn typed<T: Element, S2: Layout>(pieces: Vec<DynTensor<T>>) -> Vec<Tensor<T, S2>> {
    pieces
        .into_iter()
        .map(|p| {
            let dims = p.shape().to_vec();
            Tensor::from_checked(p.into_vec(), &dims)
        })
        .collect()
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// This tensor as a runtime one, without names, for the shared code.
    fn as_runtime(&self) -> DynTensor<T> {
        DynTensor::from_parts(self.to_vec(), &self.shape())
    }

    /// At most `chunks` pieces along axis `K` (see
    /// [`DynTensor::try_chunk`]), that axis of runtime size in the pieces'
    /// layout ([`WithDynAxis<S, K>`]); an axis past the rank does not
    /// compile.
    ///
    /// ```
    /// use shaped::{shape, Axis, Dyn, Tensor};
    /// let t = Tensor::<i32, shape![5, 2]>::arange();
    /// let c: Vec<Tensor<i32, shape![Dyn, 2]>> = t.try_chunk(2, Axis::<0>).unwrap();
    /// assert_eq!(c[1].to_vec(), vec![6, 7, 8, 9]);
    /// ```
    pub fn try_chunk<const K: usize>(
        &self,
        chunks: usize,
        _: Axis<K>,
    ) -> Result<Vec<Tensor<T, WithDynAxis<S, K>>>, ShapeError>
    where
        S: DynAxis<K>,
    {
        Ok(typed(self.as_runtime().try_chunk(chunks, K)?))
    }

    /// [`try_chunk`](Self::try_chunk), panicking with the error's message.
    #[track_caller]
    pub fn chunk<const K: usize>(
        &self,
        chunks: usize,
        axis: Axis<K>,
    ) -> Vec<Tensor<T, WithDynAxis<S, K>>>
    where
        S: DynAxis<K>,
    {
        self.try_chunk(chunks, axis).or_fail()
    }

    /// Pieces of `size` along axis `K` (see [`DynTensor::try_split`]).
    pub fn try_split<const K: usize>(
        &self,
        size: usize,
        _: Axis<K>,
    ) -> Result<Vec<Tensor<T, WithDynAxis<S, K>>>, ShapeError>
    where
        S: DynAxis<K>,
    {
        Ok(typed(self.as_runtime().try_split(size, K)?))
    }

    /// [`try_split`](Self::try_split), panicking with the error's message.
    #[track_caller]
    pub fn split<const K: usize>(
        &self,
        size: usize,
        axis: Axis<K>,
    ) -> Vec<Tensor<T, WithDynAxis<S, K>>>
    where
        S: DynAxis<K>,
    {
        self.try_split(size, axis).or_fail()
    }

    /// Pieces of the given `sizes` along axis `K` (see
    /// [`DynTensor::try_split_sizes`]).
    pub fn try_split_sizes<const K: usize>(
        &self,
        sizes: &[usize],
        _: Axis<K>,
    ) -> Result<Vec<Tensor<T, WithDynAxis<S, K>>>, ShapeError>
    where
        S: DynAxis<K>,
    {
        Ok(typed(self.as_runtime().try_split_sizes(sizes, K)?))
    }

    /// [`try_split_sizes`](Self::try_split_sizes), panicking with the
    /// error's message.
    #[track_caller]
    pub fn split_sizes<const K: usize>(
        &self,
        sizes: &[usize],
        axis: Axis<K>,
    ) -> Vec<Tensor<T, WithDynAxis<S, K>>>
    where
        S: DynAxis<K>,
    {
        self.try_split_sizes(sizes, axis).or_fail()
    }
}
