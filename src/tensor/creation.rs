//! Creation functions beyond `zeros`, `ones`, `full` and `arange`:
//! [`eye`](DynTensor::eye), [`linspace`](DynTensor::linspace),
//! [`arange_step`](DynTensor::arange_step), `zeros_like`, `ones_like`,
//! `full_like`, [`tril`](DynTensor::tril) and [`triu`](DynTensor::triu),
//! and [`meshgrid`](DynTensor::meshgrid), with PyTorch's names.
//!
//! On static layouts the size is in the type (`Tensor::<f32, shape![3,
//! 3]>::eye()`, `Tensor::<f64, shape![5]>::linspace(0.0, 1.0)`), and the
//! layout-keeping ones (`*_like`, `tril`, `triu`) work on every layout;
//! `tril` and `triu` need at least two dimensions, checked by the compiler
//! ([`Matrices`]) for static and mixed layouts.
//!
//! ```
//! use shaped::{shape, Dyn, DynTensor, Tensor};
//! let i = Tensor::<i32, shape![2, 3]>::eye();
//! assert_eq!(i.as_slice(), &[1, 0, 0, 0, 1, 0]);
//! let x = DynTensor::<f64>::linspace(0.0, 1.0, 5);
//! assert_eq!(x.to_vec(), vec![0.0, 0.25, 0.5, 0.75, 1.0]);
//! let r = DynTensor::<i64>::arange_step(10, 0, -3);
//! assert_eq!(r.to_vec(), vec![10, 7, 4, 1]);
//! let m = Tensor::<f32, shape![Dyn, 3]>::ones_sized(&[3]);
//! assert_eq!(m.triu(1).to_vec(), vec![0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]);
//! ```

use alloc::vec::Vec;

use num_traits::Float;

use crate::element::Element;
use crate::error::{ShapeError, fail, vec_for};
use crate::shape::axis;
use crate::shape::list::{Layout, Shape};
use crate::shape::rank_bounds::Matrices;
use crate::shape::toolkit::Matrix;
use crate::tensor::{DynTensor, Tensor};

/// The identity's elements: 1 where row == column, row-major.
fn eye_data<T: Element>(rows: usize, cols: usize) -> Result<Vec<T>, ShapeError> {
    let mut v = vec_for::<T>(&[rows, cols])?;
    v.resize(rows * cols, T::zero());
    for i in 0..rows.min(cols) {
        v[i * cols + i] = T::one();
    }
    Ok(v)
}

/// NumPy's `linspace`: `start + i * step`, the last exactly `end`.
fn linspace_data<T: Element + Float>(start: T, end: T, steps: usize) -> Result<Vec<T>, ShapeError> {
    let mut v = vec_for::<T>(&[steps])?;
    let step = match steps {
        0 | 1 => T::zero(), // no step taken (and no 0 * inf)
        n => (end - start) / T::from(n - 1).unwrap_or_else(T::nan),
    };
    v.extend((0..steps).map(|i| start + T::from(i).unwrap_or_else(T::nan) * step));
    if steps > 1 {
        v[steps - 1] = end;
    }
    Ok(v)
}

/// Zeroes every element of the matrices in the last two dimensions of
/// `dims` (at least two) whose diagonal `column - row` fails `keep`.
fn band<T: Element>(data: &mut [T], dims: &[usize], keep: impl Fn(isize) -> bool) {
    let (rows, cols) = (dims[dims.len() - 2], dims[dims.len() - 1]);
    if rows == 0 || cols == 0 {
        return;
    }
    for matrix in data.chunks_exact_mut(rows * cols) {
        for (i, row) in matrix.chunks_exact_mut(cols).enumerate() {
            for (j, x) in row.iter_mut().enumerate() {
                if !keep(j as isize - i as isize) {
                    *x = T::zero();
                }
            }
        }
    }
}

/// PyTorch's error for a tensor of fewer than 2 dimensions: its axis -2
/// does not exist.
fn check_matrices(dims: &[usize]) -> Result<(), ShapeError> {
    axis::existing(dims, -2isize).map(|_| ())
}

impl<T: Element> DynTensor<T> {
    /// The `rows × cols` matrix with ones on the diagonal and zeros
    /// elsewhere (PyTorch's `eye(n, m)`; NumPy's `eye(N, M)`), or
    /// [`ShapeError::TooLarge`].
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let i = DynTensor::<f32>::try_eye(3, 2).unwrap();
    /// assert_eq!(i.to_vec(), vec![1.0, 0.0, 0.0, 1.0, 0.0, 0.0]);
    /// assert!(DynTensor::<f32>::try_eye(usize::MAX, 2).is_err());
    /// ```
    pub fn try_eye(rows: usize, cols: usize) -> Result<Self, ShapeError> {
        Ok(DynTensor::from_parts(eye_data(rows, cols)?, &[rows, cols]))
    }

    /// [`try_eye`](Self::try_eye), panicking with the error's message.
    #[track_caller]
    pub fn eye(rows: usize, cols: usize) -> Self {
        Self::try_eye(rows, cols).unwrap_or_else(|e| fail(e))
    }

    /// `start, start + step, ...` up to and without `end`: PyTorch's
    /// `arange(start, end, step)` (named apart from
    /// [`arange(n)`](Self::arange)). `step` may be negative; where it
    /// points away from `end` the result is empty, as in NumPy (PyTorch
    /// raises an error). The count is `ceil((end - start) / step)`,
    /// computed in `f64`, so float steps may give one element more or less
    /// than exact arithmetic would, as in NumPy and PyTorch (use
    /// [`linspace`](Self::linspace) for float ranges). A step of 0 is
    /// [`ShapeError::SliceStep`].
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<f32>::try_arange_step(1.0, 2.0, 0.25).unwrap();
    /// assert_eq!(t.to_vec(), vec![1.0, 1.25, 1.5, 1.75]);
    /// assert_eq!(DynTensor::<i32>::arange_step(0, 5, -1).numel(), 0);
    /// assert!(DynTensor::<i32>::try_arange_step(0, 5, 0).is_err());
    /// ```
    pub fn try_arange_step(start: T, end: T, step: T) -> Result<Self, ShapeError> {
        if step == T::zero() {
            return Err(ShapeError::SliceStep { step: 0 });
        }
        let f = |x: T| x.to_f64().unwrap_or(f64::NAN);
        let count = Float::ceil((f(end) - f(start)) / f(step));
        // NaN and negative counts give an empty range; past usize, too large.
        let n = if count >= 1.0 { count } else { 0.0 };
        if n >= usize::MAX as f64 {
            return Err(ShapeError::TooLarge {
                shape: alloc::vec![usize::MAX],
            });
        }
        let n = n as usize;
        let mut v = vec_for::<T>(&[n])?;
        let mut at = start;
        for _ in 0..n {
            v.push(at);
            at = at.add_elem(step);
        }
        Ok(DynTensor::from_parts(v, &[n]))
    }

    /// [`try_arange_step`](Self::try_arange_step), panicking with the
    /// error's message.
    #[track_caller]
    pub fn arange_step(start: T, end: T, step: T) -> Self {
        Self::try_arange_step(start, end, step).unwrap_or_else(|e| fail(e))
    }

    /// A tensor of `self`'s shape (and names) filled with `value`
    /// (PyTorch's and NumPy's `full_like`).
    pub fn full_like(&self, value: T) -> Self {
        self.map(|_| value)
    }

    /// A tensor of `self`'s shape (and names) filled with 0.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<i32>::arange(3);
    /// assert_eq!(t.zeros_like().to_vec(), vec![0, 0, 0]);
    /// assert_eq!(t.ones_like().to_vec(), vec![1, 1, 1]);
    /// assert_eq!(t.full_like(7).to_vec(), vec![7, 7, 7]);
    /// ```
    pub fn zeros_like(&self) -> Self {
        self.full_like(T::zero())
    }

    /// A tensor of `self`'s shape (and names) filled with 1.
    pub fn ones_like(&self) -> Self {
        self.full_like(T::one())
    }

    /// The lower triangle of the matrices in the last two dimensions:
    /// elements on and below diagonal `diagonal` kept (0 is the main
    /// diagonal, positive ones above it, negative below), the others 0.
    /// PyTorch's and NumPy's `tril`. An error (PyTorch's for a missing
    /// dimension -2) for fewer than 2 dimensions.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<i32>::ones(&[2, 3]);
    /// assert_eq!(t.try_tril(0).unwrap().to_vec(), vec![1, 0, 0, 1, 1, 0]);
    /// assert_eq!(t.try_tril(-1).unwrap().to_vec(), vec![0, 0, 0, 1, 0, 0]);
    /// assert!(DynTensor::<i32>::ones(&[3]).try_tril(0).is_err());
    /// ```
    pub fn try_tril(&self, diagonal: isize) -> Result<Self, ShapeError> {
        check_matrices(self.shape())?;
        let mut out = self.clone();
        band(out.as_mut_slice(), self.shape(), |d| d <= diagonal);
        Ok(out)
    }

    /// [`try_tril`](Self::try_tril), panicking with the error's message.
    #[track_caller]
    pub fn tril(&self, diagonal: isize) -> Self {
        self.try_tril(diagonal).unwrap_or_else(|e| fail(e))
    }

    /// The upper triangle of the matrices in the last two dimensions:
    /// elements on and above diagonal `diagonal` kept, the others 0
    /// (PyTorch's and NumPy's `triu`; see [`try_tril`](Self::try_tril)).
    pub fn try_triu(&self, diagonal: isize) -> Result<Self, ShapeError> {
        check_matrices(self.shape())?;
        let mut out = self.clone();
        band(out.as_mut_slice(), self.shape(), |d| d >= diagonal);
        Ok(out)
    }

    /// [`try_triu`](Self::try_triu), panicking with the error's message.
    #[track_caller]
    pub fn triu(&self, diagonal: isize) -> Self {
        self.try_triu(diagonal).unwrap_or_else(|e| fail(e))
    }

    /// Coordinate grids from 1-D tensors (rank-0 ones count as length 1):
    /// for inputs of lengths `n0, n1, ...`, one tensor per input, each of
    /// shape `[n0, n1, ...]`, the `k`th repeating input `k` along axis
    /// `k`. This is PyTorch's `meshgrid(..., indexing="ij")`, its default;
    /// NumPy's default `indexing="xy"` swaps the first two axes of every
    /// output (shape `[n1, n0, ...]`): transpose axes 0 and 1 to get it.
    /// An input of rank 2 or more is [`ShapeError::MeshgridRank`].
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let x = DynTensor::from_vec(vec![1, 2, 3], &[3]).unwrap();
    /// let y = DynTensor::from_vec(vec![10, 20], &[2]).unwrap();
    /// let g = DynTensor::try_meshgrid(&[&x, &y]).unwrap();
    /// assert_eq!(g[0].shape(), &[3, 2]);
    /// assert_eq!(g[0].to_vec(), vec![1, 1, 2, 2, 3, 3]);
    /// assert_eq!(g[1].to_vec(), vec![10, 20, 10, 20, 10, 20]);
    /// ```
    pub fn try_meshgrid(tensors: &[&DynTensor<T>]) -> Result<Vec<DynTensor<T>>, ShapeError> {
        let mut dims = Vec::with_capacity(tensors.len());
        for (index, t) in tensors.iter().enumerate() {
            if t.rank() > 1 {
                return Err(ShapeError::MeshgridRank {
                    index,
                    shape: t.shape().to_vec(),
                });
            }
            dims.push(t.numel());
        }
        let n = crate::error::checked_numel::<T>(&dims)?;
        let mut out = Vec::with_capacity(tensors.len());
        for (k, t) in tensors.iter().enumerate() {
            // Element `i` of input `k` repeats `inner` times in a row, the
            // whole run `n / (len * inner)` times.
            let inner: usize = dims[k + 1..].iter().product();
            let src = t.as_slice();
            let mut v = vec_for::<T>(&dims)?;
            if n > 0 {
                for _ in 0..n / (src.len() * inner) {
                    for &x in src {
                        v.extend(core::iter::repeat_n(x, inner));
                    }
                }
            }
            out.push(DynTensor::from_parts(v, &dims));
        }
        Ok(out)
    }

    /// [`try_meshgrid`](Self::try_meshgrid), panicking with the error's
    /// message.
    #[track_caller]
    pub fn meshgrid(tensors: &[&DynTensor<T>]) -> Vec<DynTensor<T>> {
        Self::try_meshgrid(tensors).unwrap_or_else(|e| fail(e))
    }
}

impl<T: Element + Float> DynTensor<T> {
    /// `steps` values evenly spaced from `start` to `end`, both included
    /// (PyTorch's and NumPy's `linspace`): `start + i * (end - start) /
    /// (steps - 1)`, the last exactly `end`, as NumPy computes them
    /// (PyTorch computes the second half back from `end`, which can differ
    /// in the last bit). One step gives `[start]`, zero an empty tensor.
    /// [`ShapeError::TooLarge`] past memory.
    pub fn try_linspace(start: T, end: T, steps: usize) -> Result<Self, ShapeError> {
        Ok(DynTensor::from_parts(
            linspace_data(start, end, steps)?,
            &[steps],
        ))
    }

    /// [`try_linspace`](Self::try_linspace), panicking with the error's
    /// message.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// assert_eq!(DynTensor::<f32>::linspace(-1.0, 1.0, 3).to_vec(), vec![-1.0, 0.0, 1.0]);
    /// ```
    #[track_caller]
    pub fn linspace(start: T, end: T, steps: usize) -> Self {
        Self::try_linspace(start, end, steps).unwrap_or_else(|e| fail(e))
    }
}

impl<T: Element, S: Shape> Tensor<T, S> {
    /// The identity matrix of this static shape (rectangular allowed: ones
    /// where row == column). A shape of another rank does not compile.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let i = Tensor::<f64, shape![3, 3]>::eye();
    /// assert_eq!(i[[1, 1]], 1.0);
    /// assert_eq!(i.as_slice().iter().sum::<f64>(), 3.0);
    /// ```
    pub fn eye() -> Self
    where
        S: Matrix,
    {
        let d = S::TEMPLATE;
        match eye_data(d[0], d[1]) {
            Ok(v) => Tensor::from_checked(v, &d),
            Err(e) => fail(e),
        }
    }
}

impl<T: Element + Float, S: Shape> Tensor<T, S> {
    /// `S::NUMEL` values evenly spaced from `start` to `end` in row-major
    /// order (see [`DynTensor::linspace`]); usually a 1-D shape.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let t = Tensor::<f32, shape![5]>::linspace(0.0, 1.0);
    /// assert_eq!(t.as_slice(), &[0.0, 0.25, 0.5, 0.75, 1.0]);
    /// ```
    pub fn linspace(start: T, end: T) -> Self {
        match linspace_data(start, end, S::NUMEL) {
            Ok(v) => Tensor::from_checked(v, &S::TEMPLATE),
            Err(e) => fail(e),
        }
    }
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// A tensor of the same layout and sizes filled with `value`
    /// (PyTorch's and NumPy's `full_like`).
    ///
    /// ```
    /// use shaped::{shape, Dyn, Tensor};
    /// let t = Tensor::<f32, shape![Dyn, 2]>::zeros_sized(&[3]);
    /// assert_eq!(t.full_like(2.0).to_vec(), vec![2.0; 6]);
    /// assert_eq!(t.ones_like().shape(), t.shape());
    /// ```
    pub fn full_like(&self, value: T) -> Self {
        self.map(|_| value)
    }

    /// A tensor of the same layout and sizes filled with 0.
    pub fn zeros_like(&self) -> Self {
        self.full_like(T::zero())
    }

    /// A tensor of the same layout and sizes filled with 1.
    pub fn ones_like(&self) -> Self {
        self.full_like(T::one())
    }
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// The lower triangle of the matrices in the last two dimensions (see
    /// [`DynTensor::try_tril`]); the layout stays. A layout of fewer than 2
    /// dimensions does not compile.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let t = Tensor::<i32, shape![3, 3]>::ones();
    /// assert_eq!(t.tril(0).as_slice(), &[1, 0, 0, 1, 1, 0, 1, 1, 1]);
    /// assert_eq!(t.triu(2).as_slice(), &[0, 0, 1, 0, 0, 0, 0, 0, 0]);
    /// ```
    pub fn tril(&self, diagonal: isize) -> Self
    where
        S: Matrices,
    {
        let mut out = self.clone();
        band(out.as_mut_slice(), &self.shape(), |d| d <= diagonal);
        out
    }

    /// The upper triangle of the matrices in the last two dimensions (see
    /// [`DynTensor::try_triu`]); the layout stays.
    pub fn triu(&self, diagonal: isize) -> Self
    where
        S: Matrices,
    {
        let mut out = self.clone();
        band(out.as_mut_slice(), &self.shape(), |d| d >= diagonal);
        out
    }
}
