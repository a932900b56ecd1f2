//! Writing at indices, the inverse of [`gather`](super::gather): PyTorch's
//! `scatter`, `scatter_add`, `index_add` and `index_put`, on runtime,
//! static and mixed tensors with one implementation on row-major slices.
//!
//! - `scatter(axis, index, src)`: `out[i][index[i][j]] = src[i][j]` along
//!   axis 1 (any rank, any axis); `index` has the tensor's rank, each of
//!   its sizes at most `src`'s and, off the axis, at most the tensor's.
//!   `scatter_add` adds instead, so repeated positions accumulate.
//! - `index_add(axis, index, src)`: whole slices, `out[.., index[j], ..]
//!   += src[.., j, ..]`, repeated positions accumulating (NumPy's
//!   `np.add.at(out, (slice(None),) * axis + (index,), src)`).
//! - `index_put(&[i0, i1, ..], values, accumulate)`: NumPy's `out[i0, i1]
//!   = values` (PyTorch's `index_put`) with index tensors that broadcast
//!   together, `values` broadcast to the indexed result; with
//!   `accumulate`, `out[i0, i1] += values` where repeated positions add up
//!   (NumPy's `np.add.at`), which is how `g[np.arange(n), y] -= 1` is
//!   written with repeated labels in mind.
//!
//! Each returns a new tensor of the input's layout; the forms ending in
//! `_` (PyTorch's in-place spelling: `scatter_`, `scatter_add_`,
//! `index_add_`, `index_put_`) write into the tensor itself. Positions are
//! `usize`. Every check is made before anything is written, so a failed
//! in-place call leaves the tensor unchanged; the errors are PyTorch's
//! sentences (`index 5 is out of bounds for dimension 1 with size 3`,
//! `Index tensor must have the same number of dimensions as self tensor`,
//! ...): `try_` forms return them, the others panic with them.
//!
//! ```
//! use shaped::{shape, DynTensor, Tensor};
//! // The softmax gradient of NumPy code: g[np.arange(n), y] -= 1.
//! let mut g = Tensor::<f32, shape![3, 4]>::full(0.5);
//! let rows = DynTensor::<usize>::arange(3);
//! let y = DynTensor::from_vec(vec![2usize, 0, 2], &[3]).unwrap();
//! g.index_put_(&[&rows, &y], -1.0, true);
//! assert_eq!(g.to_vec(), vec![0.5, 0.5, -0.5, 0.5, -0.5, 0.5, 0.5, 0.5, 0.5, 0.5, -0.5, 0.5]);
//! // np.add.at: repeated positions accumulate.
//! let counts = DynTensor::<i64>::zeros(&[3]).index_put(&[&y], 1, true);
//! assert_eq!(counts.to_vec(), vec![1, 0, 2]);
//! ```

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::element::Element;
use crate::error::{OrFail, ShapeError, try_vec};
use crate::shape::broadcast::broadcast_shapes;
use crate::shape::layout_axis::AxisOn;
use crate::shape::list::Layout;
use crate::tensor::{DynTensor, Tensor};

use super::broadcast::broadcast_data;

/// Elements and sizes of an operand of these functions: a static, mixed
/// or runtime tensor, or (for the values written) a plain number, which
/// has the shape `[]`.
pub trait Source<T> {
    /// The elements, row-major.
    fn elements(&self) -> &[T];
    /// The sizes, outermost first.
    fn sizes(&self) -> Vec<usize>;
}
impl<T: Element, S: Layout> Source<T> for Tensor<T, S> {
    fn elements(&self) -> &[T] {
        self.as_slice()
    }
    fn sizes(&self) -> Vec<usize> {
        self.shape().to_vec()
    }
}
impl<T: Element> Source<T> for DynTensor<T> {
    fn elements(&self) -> &[T] {
        self.as_slice()
    }
    fn sizes(&self) -> Vec<usize> {
        self.shape().to_vec()
    }
}
impl<T: Element> Source<T> for T {
    fn elements(&self) -> &[T] {
        core::slice::from_ref(self)
    }
    fn sizes(&self) -> Vec<usize> {
        Vec::new()
    }
}
impl<T: Element, S: Layout> Source<T> for &Tensor<T, S> {
    fn elements(&self) -> &[T] {
        self.as_slice()
    }
    fn sizes(&self) -> Vec<usize> {
        self.shape().to_vec()
    }
}
impl<T: Element> Source<T> for &DynTensor<T> {
    fn elements(&self) -> &[T] {
        self.as_slice()
    }
    fn sizes(&self) -> Vec<usize> {
        self.shape().to_vec()
    }
}

/// A shape as PyTorch prints it in these messages: `[2, 3]`.
fn shape_text(dims: &[usize]) -> String {
    let items: Vec<String> = dims.iter().map(|d| format!("{d}")).collect();
    format!("[{}]", items.join(", "))
}

fn index_shape(input: &[usize], index: &[usize], reason: String) -> ShapeError {
    ShapeError::IndexShape {
        input: input.to_vec(),
        index: index.to_vec(),
        reason,
    }
}

fn out_of_bounds(dims: &[usize], axis: usize, i: usize) -> ShapeError {
    ShapeError::IndexOutOfRange {
        shape: dims.to_vec(),
        axis,
        index: isize::try_from(i).unwrap_or(isize::MAX),
    }
}

/// Row-major strides of `dims`.
fn strides(dims: &[usize]) -> Vec<usize> {
    let mut s = alloc::vec![1usize; dims.len()];
    for k in (0..dims.len().saturating_sub(1)).rev() {
        s[k] = s[k + 1] * dims[k + 1];
    }
    s
}

/// Row-major elements and their sizes.
struct Elems<'a, T> {
    data: &'a [T],
    dims: &'a [usize],
}

/// `scatter` / `scatter_add` into `out` (sizes `dims`) along `axis`, all
/// checks first.
fn scatter_into<T: Element>(
    out: &mut [T],
    dims: &[usize],
    axis: usize,
    index: Elems<'_, usize>,
    src: Elems<'_, T>,
    add: bool,
) -> Result<(), ShapeError> {
    let (idims, sdims) = (index.dims, src.dims);
    let (index, src) = (index.data, src.data);
    if index.is_empty() {
        return Ok(()); // PyTorch: an empty index writes nothing
    }
    if idims.len() != dims.len() {
        return Err(index_shape(
            dims,
            idims,
            "Index tensor must have the same number of dimensions as self tensor".into(),
        ));
    }
    let scalar = sdims.is_empty();
    if !scalar && sdims.len() != dims.len() {
        return Err(index_shape(
            dims,
            idims,
            "Index tensor must have the same number of dimensions as src tensor".into(),
        ));
    }
    let fits = (0..dims.len())
        .all(|d| (scalar || idims[d] <= sdims[d]) && (d == axis || idims[d] <= dims[d]));
    if !fits {
        return Err(index_shape(
            dims,
            idims,
            format!(
                "Expected index {} to be smaller than self {} apart from dimension {axis} and to be smaller size than src {}",
                shape_text(idims),
                shape_text(dims),
                shape_text(sdims)
            ),
        ));
    }
    let n = dims.get(axis).copied().unwrap_or(1);
    if let Some(&bad) = index.iter().find(|&&i| i >= n) {
        return Err(out_of_bounds(dims, axis, bad));
    }
    let (os, ss) = (strides(dims), strides(sdims));
    let mut at = alloc::vec![0usize; idims.len()];
    for &i in index {
        let mut o = 0;
        let mut s = 0;
        for d in 0..at.len() {
            o += os[d] * if d == axis { i } else { at[d] };
            if !scalar {
                s += ss[d] * at[d];
            }
        }
        let v = src[s];
        out[o] = if add { out[o] + v } else { v };
        // The next position of the index, row-major.
        for d in (0..at.len()).rev() {
            at[d] += 1;
            if at[d] < idims[d] {
                break;
            }
            at[d] = 0;
        }
    }
    Ok(())
}

/// `index_add` into `out` (sizes `dims`) along `axis`, all checks first.
fn index_add_into<T: Element>(
    out: &mut [T],
    dims: &[usize],
    axis: usize,
    index: &[usize],
    src: &[T],
    sdims: &[usize],
) -> Result<(), ShapeError> {
    let m = sdims.get(axis).copied().unwrap_or(1);
    if sdims.len() != dims.len().max(1) && !(dims.is_empty() && sdims.is_empty()) {
        return Err(index_shape(
            dims,
            &[index.len()],
            format!(
                "index_add_(): Source/destination tensor must have same slice shapes. Destination slice shape: {} at dimension {axis} and source slice shape: {} at dimension 0.",
                shape_text(&without(dims, axis)),
                shape_text(&without(sdims, axis))
            ),
        ));
    }
    if index.len() != m {
        return Err(index_shape(
            dims,
            &[index.len()],
            format!(
                "index_add_(): Number of indices ({}) should be equal to source.size(dim) ({m})",
                index.len()
            ),
        ));
    }
    if without(dims, axis) != without(sdims, axis) {
        return Err(index_shape(
            dims,
            &[index.len()],
            format!(
                "index_add_(): Source/destination tensor must have same slice shapes. Destination slice shape: {} at dimension {axis} and source slice shape: {} at dimension 0.",
                shape_text(&without(dims, axis)),
                shape_text(&without(sdims, axis))
            ),
        ));
    }
    let n = dims.get(axis).copied().unwrap_or(1);
    if let Some(&bad) = index.iter().find(|&&i| i >= n) {
        return Err(out_of_bounds(dims, axis, bad));
    }
    let inner: usize = dims.get(axis + 1..).map_or(1, |r| r.iter().product());
    let outer: usize = dims[..axis.min(dims.len())].iter().product();
    for o in 0..outer {
        for (j, &i) in index.iter().enumerate() {
            let to = (o * n + i) * inner;
            let from = (o * m + j) * inner;
            for (x, &v) in out[to..to + inner].iter_mut().zip(&src[from..from + inner]) {
                *x = *x + v;
            }
        }
    }
    Ok(())
}

fn without(dims: &[usize], axis: usize) -> Vec<usize> {
    dims.iter()
        .enumerate()
        .filter(|&(d, _)| d != axis)
        .map(|(_, &s)| s)
        .collect()
}

/// `index_put` into `out` (sizes `dims`), all checks first.
fn index_put_into<T: Element>(
    out: &mut [T],
    dims: &[usize],
    indices: &[(&[usize], Vec<usize>)],
    values: &[T],
    vdims: &[usize],
    accumulate: bool,
) -> Result<(), ShapeError> {
    let k = indices.len();
    if k > dims.len() {
        return Err(index_shape(
            dims,
            &[k],
            format!("too many indices for tensor of dimension {}", dims.len()),
        ));
    }
    let shapes: Vec<&[usize]> = indices.iter().map(|(_, s)| s.as_slice()).collect();
    let bshape = broadcast_shapes(&shapes).map_err(|_| {
        let list: Vec<String> = shapes.iter().map(|s| shape_text(s)).collect();
        index_shape(
            dims,
            shapes.first().copied().unwrap_or(&[]),
            format!(
                "shape mismatch: indexing tensors could not be broadcast together with shapes {}",
                list.join(", ")
            ),
        )
    })?;
    for (a, (idx, _)) in indices.iter().enumerate() {
        if let Some(&bad) = idx.iter().find(|&&i| i >= dims[a]) {
            return Err(out_of_bounds(dims, a, bad));
        }
    }
    // The indexed result: the broadcast index shape, then the axes not indexed.
    let rest = &dims[k..];
    let mut target = bshape.clone();
    target.extend_from_slice(rest);
    let fits = vdims.len() <= target.len()
        && vdims
            .iter()
            .rev()
            .zip(target.iter().rev())
            .all(|(&v, &t)| v == t || v == 1);
    if !fits {
        return Err(index_shape(
            dims,
            shapes.first().copied().unwrap_or(&[]),
            format!(
                "shape mismatch: value tensor of shape {} cannot be broadcast to indexing result of shape {}",
                shape_text(vdims),
                shape_text(&target)
            ),
        ));
    }
    let vals = broadcast_data(values, vdims, &target, T::zero())?;
    let idx: Vec<Vec<usize>> = indices
        .iter()
        .map(|(d, s)| broadcast_data(d, s, &bshape, 0))
        .collect::<Result<_, _>>()?;
    let inner: usize = rest.iter().product();
    let os = strides(dims);
    let count: usize = bshape.iter().product();
    // Where each indexed slice starts in `out`.
    let mut starts = try_vec(count, &bshape)?;
    starts.resize(count, 0usize);
    for (positions, &stride) in idx.iter().zip(&os) {
        for (start, &i) in starts.iter_mut().zip(positions) {
            *start += i * stride;
        }
    }
    for (p, &base) in starts.iter().enumerate() {
        let from = p * inner;
        for (x, &v) in out[base..base + inner]
            .iter_mut()
            .zip(&vals[from..from + inner])
        {
            *x = if accumulate { *x + v } else { v };
        }
    }
    Ok(())
}

/// The positions and sizes of each index tensor.
fn index_list<I: Source<usize>>(indices: &[I]) -> Vec<(&[usize], Vec<usize>)> {
    indices.iter().map(|i| (i.elements(), i.sizes())).collect()
}

// One set of methods per tensor kind, each a thin call of the functions
// above on its elements; the axis is a number on runtime tensors and
// typed or a number ([`AxisOn`]) on static and mixed ones.
macro_rules! writes {
    ($([$($g:tt)*] $X:ty, $Ax:ident: $AxBound:path, $resolve:expr);*) => {$(
        impl<$($g)*> $X {
            /// [`scatter`](Self::scatter) into `self`.
            pub fn try_scatter_<$Ax: $AxBound>(
                &mut self,
                axis: $Ax,
                index: &impl Source<usize>,
                src: &impl Source<T>,
            ) -> Result<(), ShapeError> {
                let dims = self.shape().to_vec();
                let axis = $resolve(axis, &dims)?;
                let (idims, sdims) = (index.sizes(), src.sizes());
                let index = Elems { data: index.elements(), dims: &idims };
                let src = Elems { data: src.elements(), dims: &sdims };
                scatter_into(self.as_mut_slice(), &dims, axis, index, src, false)
            }
            /// [`try_scatter_`](Self::try_scatter_), panicking with its error.
            #[track_caller]
            pub fn scatter_<$Ax: $AxBound>(&mut self, axis: $Ax, index: &impl Source<usize>, src: &impl Source<T>) {
                self.try_scatter_(axis, index, src).or_fail()
            }
            /// A copy with `src`'s elements written at `index`'s positions
            /// along `axis` (PyTorch's `scatter(dim, index, src)`; `src` may
            /// be a number, PyTorch's `scatter(dim, index, value)`).
            pub fn try_scatter<$Ax: $AxBound>(
                &self,
                axis: $Ax,
                index: &impl Source<usize>,
                src: &impl Source<T>,
            ) -> Result<Self, ShapeError> {
                let mut out = self.clone();
                out.try_scatter_(axis, index, src)?;
                Ok(out)
            }
            /// [`try_scatter`](Self::try_scatter), panicking with its error.
            #[track_caller]
            pub fn scatter<$Ax: $AxBound>(&self, axis: $Ax, index: &impl Source<usize>, src: &impl Source<T>) -> Self {
                self.try_scatter(axis, index, src).or_fail()
            }
            /// [`scatter_add`](Self::scatter_add) into `self`.
            pub fn try_scatter_add_<$Ax: $AxBound>(
                &mut self,
                axis: $Ax,
                index: &impl Source<usize>,
                src: &impl Source<T>,
            ) -> Result<(), ShapeError> {
                let dims = self.shape().to_vec();
                let axis = $resolve(axis, &dims)?;
                let (idims, sdims) = (index.sizes(), src.sizes());
                let index = Elems { data: index.elements(), dims: &idims };
                let src = Elems { data: src.elements(), dims: &sdims };
                scatter_into(self.as_mut_slice(), &dims, axis, index, src, true)
            }
            /// [`try_scatter_add_`](Self::try_scatter_add_), panicking with its error.
            #[track_caller]
            pub fn scatter_add_<$Ax: $AxBound>(&mut self, axis: $Ax, index: &impl Source<usize>, src: &impl Source<T>) {
                self.try_scatter_add_(axis, index, src).or_fail()
            }
            /// A copy with `src`'s elements added at `index`'s positions
            /// along `axis`, repeated positions accumulating (PyTorch's
            /// `scatter_add(dim, index, src)`).
            pub fn try_scatter_add<$Ax: $AxBound>(
                &self,
                axis: $Ax,
                index: &impl Source<usize>,
                src: &impl Source<T>,
            ) -> Result<Self, ShapeError> {
                let mut out = self.clone();
                out.try_scatter_add_(axis, index, src)?;
                Ok(out)
            }
            /// [`try_scatter_add`](Self::try_scatter_add), panicking with its error.
            #[track_caller]
            pub fn scatter_add<$Ax: $AxBound>(&self, axis: $Ax, index: &impl Source<usize>, src: &impl Source<T>) -> Self {
                self.try_scatter_add(axis, index, src).or_fail()
            }
            /// [`index_add`](Self::index_add) into `self`.
            pub fn try_index_add_<$Ax: $AxBound>(
                &mut self,
                axis: $Ax,
                index: &[usize],
                src: &impl Source<T>,
            ) -> Result<(), ShapeError> {
                let dims = self.shape().to_vec();
                let axis = $resolve(axis, &dims)?;
                index_add_into(self.as_mut_slice(), &dims, axis, index, src.elements(), &src.sizes())
            }
            /// [`try_index_add_`](Self::try_index_add_), panicking with its error.
            #[track_caller]
            pub fn index_add_<$Ax: $AxBound>(&mut self, axis: $Ax, index: &[usize], src: &impl Source<T>) {
                self.try_index_add_(axis, index, src).or_fail()
            }
            /// A copy with slice `j` of `src` along `axis` added to slice
            /// `index[j]`, repeated positions accumulating (PyTorch's
            /// `index_add(dim, index, source)`).
            pub fn try_index_add<$Ax: $AxBound>(
                &self,
                axis: $Ax,
                index: &[usize],
                src: &impl Source<T>,
            ) -> Result<Self, ShapeError> {
                let mut out = self.clone();
                out.try_index_add_(axis, index, src)?;
                Ok(out)
            }
            /// [`try_index_add`](Self::try_index_add), panicking with its error.
            #[track_caller]
            pub fn index_add<$Ax: $AxBound>(&self, axis: $Ax, index: &[usize], src: &impl Source<T>) -> Self {
                self.try_index_add(axis, index, src).or_fail()
            }
        }
        impl<$($g)*> $X {
            /// [`index_put`](Self::index_put) into `self`.
            pub fn try_index_put_<I: Source<usize>>(
                &mut self,
                indices: &[I],
                values: impl Source<T>,
                accumulate: bool,
            ) -> Result<(), ShapeError> {
                let dims = self.shape().to_vec();
                index_put_into(self.as_mut_slice(), &dims, &index_list(indices), values.elements(), &values.sizes(), accumulate)
            }
            /// [`try_index_put_`](Self::try_index_put_), panicking with its error.
            #[track_caller]
            pub fn index_put_<I: Source<usize>>(&mut self, indices: &[I], values: impl Source<T>, accumulate: bool) {
                self.try_index_put_(indices, values, accumulate).or_fail()
            }
            /// A copy with `values` written at the positions the index
            /// tensors give (NumPy's `out[i0, i1] = values`, PyTorch's
            /// `index_put((i0, i1), values, accumulate)`): the index
            /// tensors broadcast together, `values` (a tensor or a number)
            /// broadcasts to the indexed result (their broadcast shape,
            /// then the axes not indexed). With `accumulate` the values are
            /// added and repeated positions add up (NumPy's `np.add.at`);
            /// without it the last write to a position wins.
            pub fn try_index_put<I: Source<usize>>(
                &self,
                indices: &[I],
                values: impl Source<T>,
                accumulate: bool,
            ) -> Result<Self, ShapeError> {
                let mut out = self.clone();
                out.try_index_put_(indices, values, accumulate)?;
                Ok(out)
            }
            /// [`try_index_put`](Self::try_index_put), panicking with its error.
            #[track_caller]
            pub fn index_put<I: Source<usize>>(&self, indices: &[I], values: impl Source<T>, accumulate: bool) -> Self {
                self.try_index_put(indices, values, accumulate).or_fail()
            }
        }
    )*};
}

fn number_axis<A: crate::shape::axis::AxisArg>(
    axis: A,
    dims: &[usize],
) -> Result<usize, ShapeError> {
    crate::shape::axis::existing(dims, axis)
}

writes!(
    [T: Element] DynTensor<T>, A: crate::shape::axis::AxisArg, number_axis;
    [T: Element, S: Layout] Tensor<T, S>, A: AxisOn<S>, |a: A, d: &[usize]| a.position(d)
);

// Mutable views (and, through `Deref`, typed mutable views) write through:
// the view's elements are copied out, written as a tensor's, and copied
// back, so a strided or reversed view takes the same rules; a failed
// check writes nothing.
impl<T: Element> crate::view::DynViewMut<'_, T> {
    /// `scatter` through the view (see [`DynTensor::try_scatter`]).
    pub fn try_scatter_(
        &mut self,
        axis: impl crate::shape::axis::AxisArg,
        index: &impl Source<usize>,
        src: &impl Source<T>,
    ) -> Result<(), ShapeError> {
        let mut t = self.to_owned();
        t.try_scatter_(axis, index, src)?;
        self.try_assign(&t)
    }
    /// [`try_scatter_`](Self::try_scatter_), panicking with its error.
    #[track_caller]
    pub fn scatter_(
        &mut self,
        axis: impl crate::shape::axis::AxisArg,
        index: &impl Source<usize>,
        src: &impl Source<T>,
    ) {
        self.try_scatter_(axis, index, src).or_fail()
    }
    /// `scatter_add` through the view (see [`DynTensor::try_scatter_add`]).
    pub fn try_scatter_add_(
        &mut self,
        axis: impl crate::shape::axis::AxisArg,
        index: &impl Source<usize>,
        src: &impl Source<T>,
    ) -> Result<(), ShapeError> {
        let mut t = self.to_owned();
        t.try_scatter_add_(axis, index, src)?;
        self.try_assign(&t)
    }
    /// [`try_scatter_add_`](Self::try_scatter_add_), panicking with its error.
    #[track_caller]
    pub fn scatter_add_(
        &mut self,
        axis: impl crate::shape::axis::AxisArg,
        index: &impl Source<usize>,
        src: &impl Source<T>,
    ) {
        self.try_scatter_add_(axis, index, src).or_fail()
    }
    /// `index_add` through the view (see [`DynTensor::try_index_add`]).
    pub fn try_index_add_(
        &mut self,
        axis: impl crate::shape::axis::AxisArg,
        index: &[usize],
        src: &impl Source<T>,
    ) -> Result<(), ShapeError> {
        let mut t = self.to_owned();
        t.try_index_add_(axis, index, src)?;
        self.try_assign(&t)
    }
    /// [`try_index_add_`](Self::try_index_add_), panicking with its error.
    #[track_caller]
    pub fn index_add_(
        &mut self,
        axis: impl crate::shape::axis::AxisArg,
        index: &[usize],
        src: &impl Source<T>,
    ) {
        self.try_index_add_(axis, index, src).or_fail()
    }
    /// `index_put` through the view (see [`DynTensor::try_index_put`]).
    pub fn try_index_put_<I: Source<usize>>(
        &mut self,
        indices: &[I],
        values: impl Source<T>,
        accumulate: bool,
    ) -> Result<(), ShapeError> {
        let mut t = self.to_owned();
        t.try_index_put_(indices, values, accumulate)?;
        self.try_assign(&t)
    }
    /// [`try_index_put_`](Self::try_index_put_), panicking with its error.
    #[track_caller]
    pub fn index_put_<I: Source<usize>>(
        &mut self,
        indices: &[I],
        values: impl Source<T>,
        accumulate: bool,
    ) {
        self.try_index_put_(indices, values, accumulate).or_fail()
    }
}
