//! Where the non-zero elements are, how many there are, and the elements
//! a mask selects: `nonzero` (PyTorch's: `[n, rank]` positions in
//! row-major order), `count_nonzero` (of everything, or over axes as a
//! reduction) and `masked_select` (the elements where a mask is `true`,
//! in row-major order, the mask and the tensor broadcast to a common
//! shape first, as in PyTorch). How many there are is known only when the
//! program runs, so `nonzero` and `masked_select` give runtime-sized
//! results on every layout. NaN is non-zero, as in both NumPy and
//! PyTorch.
//!
//! ```
//! use shaped::{shape, Axis, DynTensor, Tensor};
//! let t = Tensor::<i32, shape![2, 3]>::from_slice(&[0, 4, 0, 7, 0, 1]).unwrap();
//! assert_eq!(t.count_nonzero(), 3);
//! assert_eq!(t.count_nonzero_over(Axis::<1>).to_vec(), vec![1, 2]);
//! assert_eq!(t.nonzero().to_vec(), vec![0, 1, 1, 0, 1, 2]);
//! let big = t.gt(&Tensor::<i32, shape![]>::full(3));
//! assert_eq!(t.masked_select(&big).to_vec(), vec![4, 7]);
//! ```

use alloc::vec::Vec;

use super::broadcast::broadcast_data;
use crate::element::Element;
use crate::error::{OrFail, ShapeError};
use crate::ops::layout_mask::Mask;
use crate::reduce::engine::Reducer;
use crate::shape::axis::AxisArg;
use crate::shape::broadcast::{BroadcastWith, broadcast_pair};
use crate::shape::dim::Dyn;
use crate::shape::list::{Cons, Layout, Nil};
use crate::shape::mixed::Mixed;
use crate::shape::toolkit::{DropDims, ReduceAxes};
use crate::tensor::{DynTensor, Tensor};

/// The number of non-zero elements.
pub(crate) struct CountNonzero;
impl<T: Element> Reducer<T> for CountNonzero {
    type Out = usize;
    fn slice(&self, x: &[T]) -> usize {
        x.iter().filter(|v| !v.is_zero()).count()
    }
    fn lanes(&self, x: &[T], len: usize, stride: usize, out: &mut [usize]) {
        out.iter_mut().for_each(|o| *o = 0);
        for r in 0..len {
            for (o, v) in out.iter_mut().zip(&x[r * stride..]) {
                *o += usize::from(!v.is_zero());
            }
        }
    }
}

/// The positions of the non-zero elements of `x` (sizes `dims`), one
/// row of `dims.len()` per element, and how many rows.
fn nonzero_of<T: Element>(x: &[T], dims: &[usize]) -> (Vec<usize>, usize) {
    let mut out = Vec::new();
    let mut pos = alloc::vec![0usize; dims.len()];
    let mut n = 0;
    for v in x {
        if !v.is_zero() {
            out.extend_from_slice(&pos);
            n += 1;
        }
        for d in (0..dims.len()).rev() {
            pos[d] += 1;
            if pos[d] < dims[d] {
                break;
            }
            pos[d] = 0;
        }
    }
    (out, n)
}

/// The elements of `x` where `mask` is `true`.
fn select_of<T: Copy>(x: &[T], mask: &[bool]) -> Vec<T> {
    x.iter()
        .zip(mask)
        .filter(|(_, m)| **m)
        .map(|(&v, _)| v)
        .collect()
}

/// `masked_select` of `x` (sizes `dims`) by `mask` (sizes `mdims`): both
/// broadcast to their common shape first (PyTorch's
/// `expand_outplace(mask, self)`, whose error names the mask as tensor a).
fn masked_select_of<T: Element>(
    x: &[T],
    dims: &[usize],
    mask: &[bool],
    mdims: &[usize],
) -> Result<Vec<T>, ShapeError> {
    if dims == mdims {
        return Ok(select_of(x, mask));
    }
    let out = broadcast_pair(mdims, dims)?;
    let xb = broadcast_data(x, dims, &out, T::zero())?;
    let mb = broadcast_data(mask, mdims, &out, false)?;
    Ok(select_of(&xb, &mb))
}

/// The runtime-sized one-dimensional layout of `masked_select`.
type Column = Mixed<Cons<Dyn, Nil>>;

impl<T: Element> DynTensor<T> {
    /// The positions of the non-zero elements, `[n, rank]`, row-major
    /// (PyTorch's `nonzero()`; NumPy's `argwhere`).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![0.0, 2.0, f32::NAN, 0.0], &[2, 2]).unwrap();
    /// let nz = t.nonzero();
    /// assert_eq!((nz.shape(), nz.to_vec()), (&[2, 2][..], vec![0, 1, 1, 0]));
    /// ```
    pub fn nonzero(&self) -> DynTensor<usize> {
        let (v, n) = nonzero_of(self.as_slice(), self.shape());
        DynTensor::from_parts(v, &[n, self.rank()])
    }

    /// How many elements are not zero.
    pub fn count_nonzero(&self) -> usize {
        CountNonzero.slice(self.as_slice())
    }

    /// How many elements are not zero over `axes` (PyTorch's
    /// `count_nonzero(dim)`), dropping them.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_vec(vec![0, 1, 2, 0, 0, 3], &[2, 3]).unwrap();
    /// assert_eq!(t.try_count_nonzero_dims(&[0]).unwrap().to_vec(), vec![0, 1, 2]);
    /// assert!(t.try_count_nonzero_dims(&[2]).is_err());
    /// ```
    pub fn try_count_nonzero_dims<A: AxisArg>(
        &self,
        axes: &[A],
    ) -> Result<DynTensor<usize>, ShapeError> {
        self.reduce_with(axes, false, &CountNonzero, None)
    }

    /// The elements where `mask` is `true`, in row-major order (PyTorch's
    /// `masked_select`): the mask and this tensor broadcast to their
    /// common shape first, so a row of a mask selects columns of every
    /// row. NumPy's `x[mask]` needs the mask's shape instead. Shapes that
    /// do not broadcast are PyTorch's error (the mask is tensor a).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let x = DynTensor::from_vec(vec![1, -2, 3, -4], &[2, 2]).unwrap();
    /// let m = x.try_gt(&DynTensor::scalar(0)).unwrap();
    /// assert_eq!(x.try_masked_select(&m).unwrap().to_vec(), vec![1, 3]);
    /// // The second column of every row.
    /// let col = DynTensor::from_bools(vec![false, true], &[2]).unwrap();
    /// assert_eq!(x.try_masked_select(&col).unwrap().to_vec(), vec![-2, -4]);
    /// ```
    pub fn try_masked_select(&self, mask: &DynTensor<bool>) -> Result<DynTensor<T>, ShapeError> {
        let v = masked_select_of(self.as_slice(), self.shape(), mask.as_slice(), mask.shape())?;
        let n = v.len();
        Ok(DynTensor::from_parts(v, &[n]))
    }

    /// [`try_masked_select`](Self::try_masked_select), panicking with its
    /// error.
    #[track_caller]
    pub fn masked_select(&self, mask: &DynTensor<bool>) -> DynTensor<T> {
        self.try_masked_select(mask).or_fail()
    }
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// The positions of the non-zero elements, `[n, rank]`.
    pub fn nonzero(&self) -> DynTensor<usize> {
        let (v, n) = nonzero_of(self.as_slice(), &self.shape());
        DynTensor::from_parts(v, &[n, S::RANK])
    }

    /// How many elements are not zero.
    pub fn count_nonzero(&self) -> usize {
        CountNonzero.slice(self.as_slice())
    }

    /// How many elements are not zero over the axes `X`, dropping them.
    pub fn count_nonzero_over<X>(&self, _axes: X) -> Tensor<usize, DropDims<S, X>>
    where
        S: ReduceAxes<X>,
    {
        self.reduce_to::<X, DropDims<S, X>, _>(false, &CountNonzero, None)
    }

    /// The elements where `mask` is `true`, in row-major order, the mask
    /// and this tensor broadcast to their common shape first (see
    /// [`DynTensor::try_masked_select`]): a runtime-sized `[Dyn]`. Static
    /// shapes that do not broadcast do not compile; a `Dyn` size is
    /// checked when the program runs, the error in PyTorch's words.
    ///
    /// ```
    /// use shaped::{shape, Dyn, Tensor};
    /// let x = Tensor::<i32, shape![2, 3]>::arange();
    /// let odd = Tensor::<i32, shape![3]>::from_slice(&[0, 1, 0]).unwrap().ne_elem(&Tensor::<i32, shape![]>::zeros());
    /// let v: Tensor<i32, shape![Dyn]> = x.try_masked_select(&odd).unwrap();
    /// assert_eq!(v.to_vec(), vec![1, 4]);
    /// ```
    pub fn try_masked_select<R: Layout>(
        &self,
        mask: &Mask<R>,
    ) -> Result<Tensor<T, Column>, ShapeError>
    where
        S: BroadcastWith<R>,
    {
        let v = masked_select_of(
            self.as_slice(),
            &self.shape(),
            mask.as_slice(),
            &mask.shape(),
        )?;
        let n = [v.len()];
        Ok(Tensor::from_checked(v, &n))
    }

    /// [`try_masked_select`](Self::try_masked_select), panicking with its
    /// error.
    #[track_caller]
    pub fn masked_select<R: Layout>(&self, mask: &Mask<R>) -> Tensor<T, Column>
    where
        S: BroadcastWith<R>,
    {
        self.try_masked_select(mask).or_fail()
    }
}
