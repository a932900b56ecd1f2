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
//! ([`Matrices`]) for static and mixed layouts. Mixed layouts take the
//! sizes of their `Dyn` dimensions (`eye_sized`, `linspace_sized`,
//! `arange_sized`, as `zeros_sized`); `arange_step`, whose length depends
//! on the values, gives `shape![Dyn]`; [`meshgrid`] of a tuple of static
//! or mixed vectors gives a tuple of grids whose layout the compiler
//! computes. Each function's rule is one private function every layout
//! calls.
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
use crate::error::{OrFail, ShapeError, checked_numel, fail, vec_for};
use crate::shape::axis;
use crate::shape::broadcast::ReverseOnto;
use crate::shape::dim::Dyn;
use crate::shape::grid::{GridLayouts, Gridded, Vector};
use crate::shape::list::{Cons, Layout, Nil, Shape};
use crate::shape::mixed::{DimList, Mixed};
use crate::shape::rank_bounds::Matrices;
use crate::shape::toolkit::Matrix;
use crate::tensor::mixed::fill;
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

/// `x` modulo 2^128, for every integer type up to 128 bits: differences
/// of these are exact distances (mod 2^128) between any two values.
fn modular<T: Element>(x: T) -> u128 {
    match x.to_i128() {
        Some(v) => v as u128,
        // Only a `u128` above `i128::MAX` does not fit an `i128`.
        None => x.to_u128().unwrap_or(0),
    }
}

/// The exact element count of an integer `arange(start, end, step)`
/// (`step` not 0): `ceil((end - start) / step)`, 0 where the step points
/// away from `end`, in integer arithmetic (NumPy's count for integers),
/// or `None` past `usize`.
fn integer_count<T: Element>(start: T, end: T, step: T) -> Option<usize> {
    let up = step > T::zero();
    if (up && end <= start) || (!up && end >= start) {
        return Some(0);
    }
    // The distance and the step's magnitude, exact below 2^128.
    let (lo, hi) = if up { (start, end) } else { (end, start) };
    let distance = modular(hi).wrapping_sub(modular(lo));
    let s = modular(step);
    let magnitude = if up { s } else { s.wrapping_neg() };
    usize::try_from((distance - 1) / magnitude + 1).ok()
}

/// `start, start + step, ...` up to and without `end` (PyTorch's
/// `arange(start, end, step)`; see [`DynTensor::try_arange_step`]): the
/// rule of `arange_step` on every layout.
fn arange_step_data<T: Element>(start: T, end: T, step: T) -> Result<Vec<T>, ShapeError> {
    if step == T::zero() {
        return Err(ShapeError::ArangeStep);
    }
    let n = if T::INTEGER {
        integer_count(start, end, step)
    } else {
        let f = |x: T| x.to_f64().unwrap_or(f64::NAN);
        let count = Float::ceil((f(end) - f(start)) / f(step));
        // NaN and negative counts give an empty range.
        let n = if count >= 1.0 { count } else { 0.0 };
        (n < usize::MAX as f64).then_some(n as usize)
    };
    // Past usize: too large.
    let n = n.ok_or_else(|| ShapeError::TooLarge {
        shape: alloc::vec![usize::MAX],
    })?;
    let mut v = vec_for::<T>(&[n])?;
    let mut at = start;
    for _ in 0..n {
        v.push(at);
        at = at.add_elem(step);
    }
    Ok(v)
}

/// Input `k` of a grid of the sizes `dims` (one per input, `src` of length
/// `dims[k]`): each element repeated along the axes after `k`, the whole
/// run along the axes before it. The rule of `meshgrid` on every layout.
fn grid_part<T: Element>(src: &[T], dims: &[usize], k: usize) -> Result<Vec<T>, ShapeError> {
    let n = checked_numel::<T>(dims)?;
    let mut v = vec_for::<T>(dims)?;
    if n > 0 {
        // Element `i` repeats `inner` times in a row, the whole run `n /
        // (len * inner)` times (no overflow: `n` is not 0).
        let inner: usize = dims[k + 1..].iter().product();
        for _ in 0..n / (src.len() * inner) {
            for &x in src {
                v.extend(core::iter::repeat_n(x, inner));
            }
        }
    }
    Ok(v)
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
        Self::try_eye(rows, cols).or_fail()
    }

    /// `start, start + step, ...` up to and without `end`: PyTorch's
    /// `arange(start, end, step)` (named apart from
    /// [`arange(n)`](Self::arange)). `step` may be negative; where it
    /// points away from `end` the result is empty, as in NumPy (PyTorch
    /// raises an error). The count is `ceil((end - start) / step)`: exact
    /// for integers (the whole range of every integer type), computed in
    /// `f64` for floats, so float steps may give one element more or less
    /// than exact arithmetic would, as in NumPy and PyTorch (use
    /// [`linspace`](Self::linspace) for float ranges). A step of 0 is
    /// [`ShapeError::ArangeStep`].
    ///
    /// ```
    /// use shaped::DynTensor;
    /// // numpy.arange(2**63 - 11, 2**63 - 1, 3)
    /// let t = DynTensor::<i64>::arange_step(i64::MAX - 10, i64::MAX, 3);
    /// assert_eq!(t.to_vec(), vec![i64::MAX - 10, i64::MAX - 7, i64::MAX - 4, i64::MAX - 1]);
    /// ```
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<f32>::try_arange_step(1.0, 2.0, 0.25).unwrap();
    /// assert_eq!(t.to_vec(), vec![1.0, 1.25, 1.5, 1.75]);
    /// assert_eq!(DynTensor::<i32>::arange_step(0, 5, -1).numel(), 0);
    /// assert_eq!(DynTensor::<i32>::try_arange_step(0, 5, 0).unwrap_err().to_string(),
    ///     "step must be nonzero");
    /// ```
    pub fn try_arange_step(start: T, end: T, step: T) -> Result<Self, ShapeError> {
        let v = arange_step_data(start, end, step)?;
        let n = v.len();
        Ok(DynTensor::from_parts(v, &[n]))
    }

    /// [`try_arange_step`](Self::try_arange_step), panicking with the
    /// error's message.
    #[track_caller]
    pub fn arange_step(start: T, end: T, step: T) -> Self {
        Self::try_arange_step(start, end, step).or_fail()
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
        self.try_tril(diagonal).or_fail()
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
        self.try_triu(diagonal).or_fail()
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
        let mut out = Vec::with_capacity(tensors.len());
        for (k, t) in tensors.iter().enumerate() {
            out.push(DynTensor::from_parts(
                grid_part(t.as_slice(), &dims, k)?,
                &dims,
            ));
        }
        Ok(out)
    }

    /// [`try_meshgrid`](Self::try_meshgrid), panicking with the error's
    /// message.
    #[track_caller]
    pub fn meshgrid(tensors: &[&DynTensor<T>]) -> Vec<DynTensor<T>> {
        Self::try_meshgrid(tensors).or_fail()
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
        Self::try_linspace(start, end, steps).or_fail()
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
    #[track_caller]
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
    #[track_caller]
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

impl<T: Element, L: DimList + ReverseOnto<Nil>> Tensor<T, Mixed<L>> {
    /// The identity matrix of a mixed 2-D layout (`shape![Dyn, 3]`,
    /// `shape![Dyn, Dyn]`), `dyn_sizes` the sizes of its `Dyn` dimensions
    /// (the `*_sized` convention): ones where row == column. The error of
    /// [`try_full_sized`](Self::try_full_sized) for a wrong count of sizes
    /// or a tensor too large; another rank does not compile.
    ///
    /// ```
    /// use shaped::{shape, Dyn, DynTensor, Tensor};
    /// let i = Tensor::<f32, shape![Dyn, 3]>::try_eye_sized(&[2]).unwrap();
    /// assert_eq!(i.to_vec(), DynTensor::<f32>::eye(2, 3).to_vec());
    /// assert!(Tensor::<f32, shape![Dyn, 3]>::try_eye_sized(&[2, 2]).is_err());
    /// ```
    pub fn try_eye_sized(dyn_sizes: &[usize]) -> Result<Self, ShapeError>
    where
        Mixed<L>: Matrix,
    {
        let dims = fill::<L>(dyn_sizes)?;
        Ok(Tensor::from_checked(eye_data(dims[0], dims[1])?, &dims))
    }

    /// [`try_eye_sized`](Self::try_eye_sized), panicking with the error's
    /// message.
    #[track_caller]
    pub fn eye_sized(dyn_sizes: &[usize]) -> Self
    where
        Mixed<L>: Matrix,
    {
        Self::try_eye_sized(dyn_sizes).or_fail()
    }

    /// `0, 1, 2, ...` in row-major order over a mixed layout, `dyn_sizes`
    /// the sizes of its `Dyn` dimensions (the static
    /// [`arange()`](Tensor::arange) of a mixed layout); `shape![Dyn]` with
    /// `&[n]` is [`DynTensor::arange(n)`](DynTensor::arange). Converted as
    /// `as` would. The errors of [`try_full_sized`](Self::try_full_sized).
    ///
    /// ```
    /// use shaped::{shape, Dyn, DynTensor, Tensor};
    /// let r = Tensor::<i64, shape![Dyn]>::try_arange_sized(&[4]).unwrap();
    /// assert_eq!(r.to_vec(), DynTensor::<i64>::arange(4).to_vec());
    /// let m = Tensor::<i32, shape![Dyn, 2]>::arange_sized(&[2]);
    /// assert_eq!(m.to_vec(), vec![0, 1, 2, 3]);
    /// ```
    pub fn try_arange_sized(dyn_sizes: &[usize]) -> Result<Self, ShapeError>
    where
        usize: num_traits::AsPrimitive<T>,
    {
        Self::try_from_fn_sized(dyn_sizes, num_traits::AsPrimitive::as_)
    }

    /// [`try_arange_sized`](Self::try_arange_sized), panicking with the
    /// error's message.
    #[track_caller]
    pub fn arange_sized(dyn_sizes: &[usize]) -> Self
    where
        usize: num_traits::AsPrimitive<T>,
    {
        Self::try_arange_sized(dyn_sizes).or_fail()
    }
}

impl<T: Element + Float, L: DimList + ReverseOnto<Nil>> Tensor<T, Mixed<L>> {
    /// Values evenly spaced from `start` to `end` in row-major order over
    /// a mixed layout, `dyn_sizes` the sizes of its `Dyn` dimensions (see
    /// [`DynTensor::linspace`]): `shape![Dyn]` with `&[n]` is
    /// `linspace(start, end, n)`. The errors of
    /// [`try_full_sized`](Self::try_full_sized).
    ///
    /// ```
    /// use shaped::{shape, Dyn, DynTensor, Tensor};
    /// let l = Tensor::<f64, shape![Dyn]>::try_linspace_sized(0.0, 1.0, &[5]).unwrap();
    /// assert_eq!(l.to_vec(), DynTensor::<f64>::linspace(0.0, 1.0, 5).to_vec());
    /// ```
    pub fn try_linspace_sized(start: T, end: T, dyn_sizes: &[usize]) -> Result<Self, ShapeError> {
        let dims = fill::<L>(dyn_sizes)?;
        let n = checked_numel::<T>(&dims)?;
        Ok(Tensor::from_checked(linspace_data(start, end, n)?, &dims))
    }

    /// [`try_linspace_sized`](Self::try_linspace_sized), panicking with
    /// the error's message.
    #[track_caller]
    pub fn linspace_sized(start: T, end: T, dyn_sizes: &[usize]) -> Self {
        Self::try_linspace_sized(start, end, dyn_sizes).or_fail()
    }
}

impl<T: Element> Tensor<T, Mixed<Cons<Dyn, Nil>>> {
    /// `start, start + step, ...` up to and without `end` as a
    /// `shape![Dyn]` tensor: the length depends on the values, so it is
    /// known only when the program runs. The rule and errors of
    /// [`DynTensor::try_arange_step`] (PyTorch's `arange(start, end,
    /// step)`).
    ///
    /// ```
    /// use shaped::{shape, Dyn, DynTensor, Tensor};
    /// let r = Tensor::<i32, shape![Dyn]>::try_arange_step(10, 0, -3).unwrap();
    /// assert_eq!(r.to_vec(), DynTensor::<i32>::arange_step(10, 0, -3).to_vec());
    /// assert!(Tensor::<i32, shape![Dyn]>::try_arange_step(0, 5, 0).is_err());
    /// ```
    pub fn try_arange_step(start: T, end: T, step: T) -> Result<Self, ShapeError> {
        let v = arange_step_data(start, end, step)?;
        let n = v.len();
        Ok(Tensor::from_checked(v, &[n]))
    }

    /// [`try_arange_step`](Self::try_arange_step), panicking with the
    /// error's message.
    #[track_caller]
    pub fn arange_step(start: T, end: T, step: T) -> Self {
        Self::try_arange_step(start, end, step).or_fail()
    }
}

/// The inputs of a typed [`meshgrid`]: a tuple of 2 to 4 references to
/// vectors (1-D tensors, static or mixed) of one element type.
#[diagnostic::on_unimplemented(
    message = "`meshgrid` takes a tuple of 2 to 4 references to vectors of one element type, not `{Self}`",
    label = "write `meshgrid((&x, &y))`"
)]
pub trait MeshGridParts<T: Element> {
    /// One grid per input, each of the layout [`Gridded`] of the inputs'.
    type Out;
    /// The grids, or the error of a grid too large to allocate.
    fn try_grids(self) -> Result<Self::Out, ShapeError>;
}
macro_rules! meshgrid_parts {
    ($p:ty; $($v:ident $k:tt)+) => {
        impl<'a, T: Element, $($v: Vector),+> MeshGridParts<T> for ($(&'a Tensor<T, $v>,)+)
        where
            $p: GridLayouts,
        {
            type Out = ($(meshgrid_parts!(@grid $v, T, $p),)+);
            fn try_grids(self) -> Result<Self::Out, ShapeError> {
                let dims = [$(self.$k.numel()),+];
                Ok(($(Tensor::from_checked(grid_part(self.$k.as_slice(), &dims, $k)?, &dims),)+))
            }
        }
    };
    (@grid $v:ident, $t:ident, $p:ty) => { Tensor<$t, Gridded<$p>> };
}
meshgrid_parts!((A, B); A 0 B 1);
meshgrid_parts!((A, B, C); A 0 B 1 C 2);
meshgrid_parts!((A, B, C, E); A 0 B 1 C 2 E 3);

/// Coordinate grids of 2 to 4 static or mixed vectors (PyTorch's
/// `meshgrid(..., indexing="ij")`; see [`DynTensor::meshgrid`]): a tuple
/// of one tensor per input, each of the layout with one axis per input,
/// of its size (`[N]` and `[M]` give `[N, M]`; a `[Dyn]` input a `Dyn`
/// axis). An input that is not 1-D does not compile. Panics only where
/// the grid is too large to allocate (see [`try_meshgrid`]).
///
/// ```
/// use shaped::{meshgrid, shape, Dyn, DynTensor, Tensor};
/// let x = Tensor::<i32, shape![3]>::from_slice(&[1, 2, 3]).unwrap();
/// let y = Tensor::<i32, shape![Dyn]>::from_vec(vec![10, 20], &[2]).unwrap();
/// let (gx, gy): (Tensor<i32, shape![3, Dyn]>, Tensor<i32, shape![3, Dyn]>) = meshgrid((&x, &y));
/// let g = DynTensor::meshgrid(&[&x.to_dyn(), &y.to_dyn()]);
/// assert_eq!((gx.to_vec(), gy.to_vec()), (g[0].to_vec(), g[1].to_vec()));
/// assert_eq!(gx.to_vec(), vec![1, 1, 2, 2, 3, 3]);
/// ```
#[track_caller]
pub fn meshgrid<T: Element, P: MeshGridParts<T>>(parts: P) -> P::Out {
    parts.try_grids().or_fail()
}

/// [`meshgrid`], returning the error of a grid too large to allocate
/// instead of panicking.
pub fn try_meshgrid<T: Element, P: MeshGridParts<T>>(parts: P) -> Result<P::Out, ShapeError> {
    parts.try_grids()
}
