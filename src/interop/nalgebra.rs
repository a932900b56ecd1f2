//! Conversions between tensors and [`nalgebra`]'s matrices (the
//! `nalgebra` feature).
//!
//! | tensor | nalgebra |
//! |---|---|
//! | `Tensor<T, shape![R, C]>` | [`SMatrix<T, R, C>`](::nalgebra::SMatrix) (both ways, `From`) |
//! | `Tensor<T, shape![N]>` | [`SVector<T, N>`](::nalgebra::SVector) (both ways, `From`) |
//! | `DynTensor<T>` of rank 2 | [`DMatrix<T>`](::nalgebra::DMatrix) (`From` one way, `TryFrom` the other) |
//! | `DynTensor<T>` of rank 1 | [`DVector<T>`](::nalgebra::DVector) (`From` one way, `TryFrom` the other) |
//!
//! Element `(i, j)` of the matrix is element `[i, j]` of the tensor. nalgebra
//! stores matrices column by column and tensors are row-major, so every
//! conversion copies the elements once, reordering them. Static sizes must
//! agree at compile time; a runtime tensor of the wrong rank gives
//! [`ShapeError::Mismatch`].
//!
//! ```
//! use nalgebra::{Matrix2x3, SMatrix};
//! use shaped::{shape, Tensor};
//!
//! let m = Matrix2x3::new(1.0, 2.0, 3.0,
//!                        4.0, 5.0, 6.0);
//! let t: Tensor<f64, shape![2, 3]> = m.into();
//! assert_eq!(t[[1, 0]], 4.0); // (1, 0) stays (1, 0)
//! let back: SMatrix<f64, 2, 3> = (t * 2.0).into();
//! assert_eq!(back, m * 2.0);
//! ```

use alloc::vec::Vec;

use ::nalgebra::{DMatrix, DVector, SMatrix};

use crate::{Big, Cons, D, D1, DynTensor, Element, Named, Nil, Shape, ShapeError, Tensor};

/// A static dimension of size `N`: [`D1`] for 1, [`D<N>`](D), [`Big<N>`](Big),
/// or a named dimension of that size. The bound that ties the const sizes of
/// nalgebra's matrices to the dimensions of `shape![..]`.
pub trait SizeIs<const N: usize> {}
impl SizeIs<1> for D1 {}
impl<const N: usize> SizeIs<N> for D<N> {}
impl<const N: usize> SizeIs<N> for Big<N> {}
impl<Nm> SizeIs<1> for Named<Nm, D1> {}
impl<Nm, const N: usize> SizeIs<N> for Named<Nm, D<N>> {}
impl<Nm, const N: usize> SizeIs<N> for Named<Nm, Big<N>> {}

/// A static shape whose tensors convert to and from nalgebra's `R x C`
/// matrices: `shape![R, C]`, and `shape![R]` as a column vector (`C = 1`).
pub trait MatrixShape<const R: usize, const C: usize>: Shape {}
impl<A: SizeIs<R>, B: SizeIs<C>, const R: usize, const C: usize> MatrixShape<R, C>
    for Cons<A, Cons<B, Nil>>
where
    Self: Shape,
{
}
impl<A: SizeIs<R>, const R: usize> MatrixShape<R, 1> for Cons<A, Nil> where Self: Shape {}

// One impl each way, generic over the whole shape: the trait solver then
// leaves the shape alone until it is known, rather than guessing at its
// dimensions (which can be named, with names it cannot enumerate).
impl<T: Element, S: MatrixShape<R, C>, const R: usize, const C: usize> From<SMatrix<T, R, C>>
    for Tensor<T, S>
{
    /// The matrix's element `(i, j)` becomes the tensor's `[i, j]` (`[i]`
    /// for a vector).
    ///
    /// ```
    /// use nalgebra::{Matrix2x3, Vector3};
    /// use shaped::{shape, Tensor};
    /// let m = Matrix2x3::new(1, 2, 3,
    ///                        4, 5, 6);
    /// let t = Tensor::<i32, shape![2, 3]>::from(m);
    /// assert_eq!(t.as_slice(), &[1, 2, 3, 4, 5, 6]);
    /// let v: Tensor<f32, shape![3]> = Vector3::new(1.0, 2.0, 3.0).into();
    /// assert_eq!(v[[2]], 3.0);
    /// ```
    fn from(m: SMatrix<T, R, C>) -> Self {
        Self::from_fn(|k| m[(k / C, k % C)])
    }
}

impl<T: Element, S: MatrixShape<R, C>, const R: usize, const C: usize> From<Tensor<T, S>>
    for SMatrix<T, R, C>
{
    /// The tensor's element `[i, j]` becomes the matrix's `(i, j)` (a
    /// rank-1 tensor becomes a column vector).
    ///
    /// ```
    /// use nalgebra::{SMatrix, Vector3};
    /// use shaped::{shape, Tensor};
    /// let t = Tensor::<i32, shape![3, 2]>::arange(); // [[0, 1], [2, 3], [4, 5]]
    /// let m = SMatrix::<i32, 3, 2>::from(t);
    /// assert_eq!(m[(2, 1)], 5);
    /// assert_eq!(m.transpose()[(1, 2)], 5);
    /// let v = Vector3::from(Tensor::<f32, shape![3]>::arange());
    /// assert_eq!(v, Vector3::new(0.0, 1.0, 2.0));
    /// ```
    fn from(t: Tensor<T, S>) -> Self {
        SMatrix::from_row_slice(t.as_slice())
    }
}

/// The tensor's elements as a row-major `(rows, cols)` matrix, or the error
/// for a tensor whose rank is not 2.
fn matrix<T: Element>(t: &DynTensor<T>) -> Result<DMatrix<T>, ShapeError> {
    match *t.shape() {
        [rows, cols] => Ok(DMatrix::from_row_slice(rows, cols, t.as_slice())),
        _ => Err(ShapeError::Mismatch {
            expected: alloc::vec![usize::MAX, usize::MAX],
            got: t.shape().to_vec(),
        }),
    }
}

/// The tensor's elements as a vector, or the error for a tensor whose rank
/// is not 1.
fn vector<T: Element>(t: &DynTensor<T>) -> Result<DVector<T>, ShapeError> {
    match t.shape() {
        [_] => Ok(DVector::from_column_slice(t.as_slice())),
        _ => Err(ShapeError::Mismatch {
            expected: alloc::vec![usize::MAX],
            got: t.shape().to_vec(),
        }),
    }
}

/// A row-major tensor of `rows x cols` elements read as `at(i, j)`.
fn from_rows<T: Element>(rows: usize, cols: usize, at: impl Fn(usize, usize) -> T) -> DynTensor<T> {
    let data: Vec<T> = (0..rows)
        .flat_map(|i| (0..cols).map(move |j| (i, j)))
        .map(|(i, j)| at(i, j))
        .collect();
    match DynTensor::from_vec(data, &[rows, cols]) {
        Ok(t) => t,
        Err(_) => unreachable!("a matrix's elements fill its shape"),
    }
}

impl<T: Element> From<DMatrix<T>> for DynTensor<T> {
    /// A tensor of shape `[rows, cols]` whose `[i, j]` is the matrix's `(i, j)`.
    ///
    /// ```
    /// use nalgebra::DMatrix;
    /// use shaped::DynTensor;
    /// let m = DMatrix::from_row_slice(2, 3, &[1, 2, 3, 4, 5, 6]);
    /// let t = DynTensor::from(m);
    /// assert_eq!(t.shape(), &[2, 3]);
    /// assert_eq!(t.to_vec(), vec![1, 2, 3, 4, 5, 6]);
    /// ```
    fn from(m: DMatrix<T>) -> Self {
        DynTensor::from(&m)
    }
}

impl<T: Element> From<&DMatrix<T>> for DynTensor<T> {
    /// A tensor of shape `[rows, cols]` whose `[i, j]` is the matrix's `(i, j)`.
    fn from(m: &DMatrix<T>) -> Self {
        from_rows(m.nrows(), m.ncols(), |i, j| m[(i, j)])
    }
}

impl<T: Element> TryFrom<DynTensor<T>> for DMatrix<T> {
    type Error = ShapeError;
    /// The matrix whose `(i, j)` is the tensor's `[i, j]`; a tensor whose
    /// rank is not 2 gives [`ShapeError::Mismatch`]. Dimension names are
    /// dropped.
    ///
    /// ```
    /// use nalgebra::DMatrix;
    /// use shaped::DynTensor;
    /// let t = DynTensor::<f64>::arange(6).reshape(&[3, 2]).unwrap();
    /// let m = DMatrix::try_from(t).unwrap();
    /// assert_eq!((m.nrows(), m.ncols(), m[(2, 0)]), (3, 2, 4.0));
    /// let err = DMatrix::try_from(DynTensor::<f64>::zeros(&[2, 2, 2])).unwrap_err();
    /// assert_eq!(err.to_string(), "expected a tensor of shape [Dyn, Dyn], got shape [2, 2, 2]");
    /// ```
    fn try_from(t: DynTensor<T>) -> Result<Self, ShapeError> {
        matrix(&t)
    }
}

impl<T: Element> TryFrom<&DynTensor<T>> for DMatrix<T> {
    type Error = ShapeError;
    /// As the conversion of an owned tensor.
    fn try_from(t: &DynTensor<T>) -> Result<Self, ShapeError> {
        matrix(t)
    }
}

impl<T: Element> From<DVector<T>> for DynTensor<T> {
    /// A tensor of shape `[n]` holding the vector's elements in order, in
    /// the vector's own buffer (no copy).
    fn from(v: DVector<T>) -> Self {
        let n = v.len();
        match DynTensor::from_vec(Vec::from(v.data), &[n]) {
            Ok(t) => t,
            Err(_) => unreachable!("a vector's elements fill its shape"),
        }
    }
}

impl<T: Element> TryFrom<DynTensor<T>> for DVector<T> {
    type Error = ShapeError;
    /// The vector of a rank-1 tensor's elements; any other rank gives
    /// [`ShapeError::Mismatch`].
    fn try_from(t: DynTensor<T>) -> Result<Self, ShapeError> {
        vector(&t)
    }
}
