//! Matrix helpers with PyTorch's names: [`diagonal`](DynTensor::diagonal),
//! [`trace`](DynTensor::trace), [`outer`](DynTensor::outer) and
//! [`kron`](DynTensor::kron). On static and mixed tensors `outer` and
//! `kron` have their layouts computed by the compiler (`[N]` and `[M]`
//! give `[N, M]`; `kron` multiplies the sizes), each sharing its
//! element rule with the runtime form.
//!
//! ```
//! use shaped::{shape, DynTensor, Tensor};
//! let m = DynTensor::<i32>::arange(9).reshape(&[3, 3]).unwrap();
//! assert_eq!(m.diagonal(0, 0, 1).to_vec(), vec![0, 4, 8]);
//! assert_eq!(m.diagonal(1, 0, 1).to_vec(), vec![1, 5]);
//! assert_eq!(m.trace(), 12);
//! let a = Tensor::<i32, shape![2]>::from_slice(&[1, 2]).unwrap();
//! let b = Tensor::<i32, shape![3]>::from_slice(&[1, 10, 100]).unwrap();
//! let o: Tensor<i32, shape![2, 3]> = a.outer(&b);
//! assert_eq!(o.as_slice(), &[1, 10, 100, 2, 20, 200]);
//! ```

use alloc::vec::Vec;

use crate::element::Element;
use crate::error::{OrFail, ShapeError, checked_numel, fail, vec_for};
use crate::kernel;
use crate::shape::axis::{self, AxisArg};
use crate::shape::diagonal::Diagonal;
use crate::shape::grid::{GridLayouts, Gridded, Vector};
use crate::shape::kron::{KronWith, Kronned};
use crate::shape::list::Layout;
use crate::tensor::{DynTensor, Tensor};

/// The shape and strides of diagonal `offset` of axes `a` and `b`, and
/// where it starts: the other axes, then the diagonal as the last one.
fn diagonal_view(
    dims: &[usize],
    offset: isize,
    a: usize,
    b: usize,
) -> (Vec<usize>, Vec<usize>, usize) {
    let strides = kernel::strides(dims);
    let o = offset.unsigned_abs();
    // The first element is (0, o) or (o, 0); `o` is in range when `len > 0`.
    let (len, first) = if offset >= 0 {
        (dims[a].min(dims[b].saturating_sub(o)), strides[b])
    } else {
        (dims[a].saturating_sub(o).min(dims[b]), strides[a])
    };
    let mut out_dims = Vec::with_capacity(dims.len() - 1);
    let mut view = Vec::with_capacity(dims.len() - 1);
    for k in (0..dims.len()).filter(|&k| k != a && k != b) {
        out_dims.push(dims[k]);
        view.push(strides[k]);
    }
    out_dims.push(len);
    view.push(strides[a] + strides[b]);
    // An empty result starts nowhere: the offset may name an element of
    // the matrix although another axis is 0 and there is no data.
    let start = if out_dims.contains(&0) { 0 } else { o * first };
    (out_dims, view, start)
}

/// The outer product's elements: `a[i] * b[j]` row-major, the rule of
/// `outer` on every layout.
fn outer_data<T: Element>(a: &[T], b: &[T]) -> Result<Vec<T>, ShapeError> {
    let mut data = vec_for::<T>(&[a.len(), b.len()])?;
    for &x in a {
        data.extend(b.iter().map(|&y| x.mul_elem(y)));
    }
    Ok(data)
}

/// The Kronecker product's elements and sizes, the rule of `kron` on
/// every layout: the ranks padded with leading 1s, element `i` (a
/// multi-index) is `a[i / b_dims] * b[i % b_dims]`, axis by axis.
fn kron_data<T: Element>(
    a: &[T],
    a_dims: &[usize],
    b: &[T],
    b_dims: &[usize],
) -> Result<(Vec<T>, Vec<usize>), ShapeError> {
    let rank = a_dims.len().max(b_dims.len());
    let pad = |d: &[usize]| {
        let mut p = alloc::vec![1; rank - d.len()];
        p.extend_from_slice(d);
        p
    };
    let (ap, bp) = (pad(a_dims), pad(b_dims));
    let dims: Vec<usize> = ap
        .iter()
        .zip(&bp)
        .map(|(&p, &q)| p.saturating_mul(q))
        .collect();
    let mut data = vec_for::<T>(&dims)?;
    let n = checked_numel::<T>(&dims)?;
    let (sa, sb) = (kernel::strides(&ap), kernel::strides(&bp));
    let mut idx = alloc::vec![0usize; rank];
    for _ in 0..n {
        let (mut ia, mut ib) = (0, 0);
        for k in 0..rank {
            ia += idx[k] / bp[k] * sa[k];
            ib += idx[k] % bp[k] * sb[k];
        }
        data.push(a[ia].mul_elem(b[ib]));
        // The next multi-index, last axis fastest.
        for k in (0..rank).rev() {
            idx[k] += 1;
            if idx[k] < dims[k] {
                break;
            }
            idx[k] = 0;
        }
    }
    Ok((data, dims))
}

impl<T: Element> DynTensor<T> {
    /// Diagonal `offset` of the matrices in axes `dim1` and `dim2` (0 the
    /// main diagonal, positive above it, negative below), copied: those two
    /// axes are removed and the diagonal appended as the last one
    /// (PyTorch's `diagonal(offset, dim1, dim2)`; NumPy's `diagonal(a,
    /// offset, axis1, axis2)` has the same layout). An offset past the
    /// matrix gives an empty diagonal. The same axis twice is
    /// [`ShapeError::DuplicateAxis`]; fewer than 2 dimensions,
    /// [`ShapeError::AxisOutOfRange`] (as in PyTorch).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<i32>::arange(12).reshape(&[2, 2, 3]).unwrap();
    /// let d = t.try_diagonal(0, -2, -1).unwrap();
    /// assert_eq!((d.shape(), d.to_vec()), (&[2, 2][..], vec![0, 4, 6, 10]));
    /// assert!(t.try_diagonal(0, 1, -2).is_err());
    /// ```
    pub fn try_diagonal(
        &self,
        offset: isize,
        dim1: impl AxisArg,
        dim2: impl AxisArg,
    ) -> Result<Self, ShapeError> {
        let dims = self.shape();
        let a = axis::check(dims, dim1, dims.len())?;
        let b = axis::check(dims, dim2, dims.len())?;
        if a == b {
            return Err(ShapeError::DuplicateAxis {
                shape: dims.to_vec(),
                axis: a,
            });
        }
        let (out_dims, view, start) = diagonal_view(dims, offset, a, b);
        let data = kernel::gather(&self.as_slice()[start..], &out_dims, &view);
        Ok(DynTensor::from_parts(data, &out_dims))
    }

    /// [`try_diagonal`](Self::try_diagonal), panicking with the error's
    /// message.
    #[track_caller]
    pub fn diagonal(&self, offset: isize, dim1: impl AxisArg, dim2: impl AxisArg) -> Self {
        self.try_diagonal(offset, dim1, dim2).or_fail()
    }

    /// The sum of the main diagonal of a matrix (PyTorch's `trace`; NumPy's
    /// `trace` also takes more dimensions), in [`Element::Acc`] as every
    /// sum is (`i64`/`u64` for integers). A tensor that is not a matrix is
    /// [`ShapeError::TraceRank`].
    ///
    /// ```
    /// use shaped::DynTensor;
    /// assert_eq!(DynTensor::<f64>::eye(3, 4).try_trace().unwrap(), 3.0);
    /// assert!(DynTensor::<f64>::ones(&[3]).try_trace().is_err());
    /// ```
    pub fn try_trace(&self) -> Result<T::Acc, ShapeError> {
        if self.rank() != 2 {
            return Err(ShapeError::TraceRank {
                shape: self.shape().to_vec(),
            });
        }
        let d = self.try_diagonal(0, 0, 1)?;
        Ok(d.as_slice()
            .iter()
            .fold(<T::Acc as num_traits::Zero>::zero(), |s, &x| {
                s.add_elem(x.widen())
            }))
    }

    /// [`try_trace`](Self::try_trace), panicking with the error's message.
    #[track_caller]
    pub fn trace(&self) -> T::Acc {
        self.try_trace().or_fail()
    }

    /// The outer product of two vectors: `out[i, j] = self[i] * other[j]`,
    /// shape `[n, m]` (PyTorch's `outer`, NumPy's `outer`, which also
    /// flattens inputs of other ranks). An operand that is not 1-D is
    /// [`ShapeError::OuterRank`]. Integer products wrap as `*` does.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let a = DynTensor::from_vec(vec![1.0, 2.0], &[2]).unwrap();
    /// let b = DynTensor::from_vec(vec![3.0, 4.0, 5.0], &[3]).unwrap();
    /// assert_eq!(a.try_outer(&b).unwrap().to_vec(), vec![3.0, 4.0, 5.0, 6.0, 8.0, 10.0]);
    /// ```
    pub fn try_outer(&self, other: &DynTensor<T>) -> Result<Self, ShapeError> {
        for (operand, t) in [self, other].into_iter().enumerate() {
            if t.rank() != 1 {
                return Err(ShapeError::OuterRank {
                    operand,
                    shape: t.shape().to_vec(),
                });
            }
        }
        let (a, b) = (self.as_slice(), other.as_slice());
        Ok(DynTensor::from_parts(
            outer_data(a, b)?,
            &[a.len(), b.len()],
        ))
    }

    /// [`try_outer`](Self::try_outer), panicking with the error's message.
    #[track_caller]
    pub fn outer(&self, other: &DynTensor<T>) -> Self {
        self.try_outer(other).or_fail()
    }

    /// The Kronecker product (PyTorch's and NumPy's `kron`): the ranks
    /// made equal by leading 1s, the result's size along each axis the
    /// product of the two, block `i` of it `self[i] * other`. Integer
    /// products wrap as `*` does; the result has no names.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let a = DynTensor::from_vec(vec![1, 2], &[2]).unwrap();
    /// let b = DynTensor::from_vec(vec![1, 10, 100], &[3]).unwrap();
    /// assert_eq!(a.try_kron(&b).unwrap().to_vec(), vec![1, 10, 100, 2, 20, 200]);
    /// ```
    pub fn try_kron(&self, other: &DynTensor<T>) -> Result<Self, ShapeError> {
        let (data, dims) = kron_data(
            self.as_slice(),
            self.shape(),
            other.as_slice(),
            other.shape(),
        )?;
        Ok(DynTensor::from_parts(data, &dims))
    }

    /// [`try_kron`](Self::try_kron), panicking with the error's message.
    #[track_caller]
    pub fn kron(&self, other: &DynTensor<T>) -> Self {
        self.try_kron(other).or_fail()
    }
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// The outer product of two vectors (see [`DynTensor::try_outer`]),
    /// static or mixed: `[N]` and `[M]` give `[N, M]`, a `[Dyn]` vector a
    /// `Dyn` side ([`Gridded<(S, R)>`](Gridded)). A tensor of another rank
    /// does not compile.
    ///
    /// ```
    /// use shaped::{shape, Dyn, Tensor};
    /// let a = Tensor::<i32, shape![Dyn]>::from_vec(vec![1, 2], &[2]).unwrap();
    /// let b = Tensor::<i32, shape![3]>::from_slice(&[1, 10, 100]).unwrap();
    /// let o: Tensor<i32, shape![Dyn, 3]> = a.outer(&b);
    /// assert_eq!(o.to_vec(), a.to_dyn().outer(&b.to_dyn()).to_vec());
    /// ```
    #[track_caller]
    pub fn outer<R: Vector>(&self, other: &Tensor<T, R>) -> Tensor<T, Gridded<(S, R)>>
    where
        S: Vector,
        (S, R): GridLayouts,
    {
        let (a, b) = (self.as_slice(), other.as_slice());
        match outer_data(a, b) {
            Ok(data) => Tensor::from_checked(data, &[a.len(), b.len()]),
            Err(e) => fail(e),
        }
    }

    /// The Kronecker product (see [`DynTensor::try_kron`]) of static and
    /// mixed tensors, the layout computed by the compiler
    /// ([`Kronned<S, R>`](Kronned)): the ranks made equal by leading 1s,
    /// each size the product of the two, static up to 1024 and `Dyn`
    /// past it or with a `Dyn` factor. The result has no names.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let i = Tensor::<i32, shape![2, 2]>::eye();
    /// let b = Tensor::<i32, shape![1, 2]>::full(3);
    /// let k: Tensor<i32, shape![2, 4]> = i.kron(&b);
    /// assert_eq!(k.as_slice(), &[3, 3, 0, 0, 0, 0, 3, 3]);
    /// assert_eq!(k.to_vec(), i.to_dyn().kron(&b.to_dyn()).to_vec());
    /// ```
    #[track_caller]
    pub fn kron<R: Layout>(&self, other: &Tensor<T, R>) -> Tensor<T, Kronned<S, R>>
    where
        S: KronWith<R>,
    {
        let (a, b) = (self.shape(), other.shape());
        match kron_data(self.as_slice(), &a, other.as_slice(), &b) {
            Ok((data, dims)) => Tensor::from_checked(data, &dims),
            Err(e) => fail(e),
        }
    }
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// PyTorch's `diagonal()` with its defaults (offset 0, axes 0 and 1),
    /// copied: the first two axes, which must have the same size, removed
    /// and the diagonal appended as the last axis. The layout is computed
    /// by the compiler ([`Diagonalled<S>`](crate::shape::diagonal::Diagonalled));
    /// a tensor of fewer than 2
    /// dimensions, or whose first two sizes differ, does not compile. For
    /// other axes and offsets, use [`DynTensor::try_diagonal`].
    ///
    /// ```
    /// use shaped::{shape, Dyn, Tensor};
    /// let m = Tensor::<i32, shape![3, 3]>::arange();
    /// let d: Tensor<i32, shape![3]> = m.diagonal();
    /// assert_eq!(d.as_slice(), &[0, 4, 8]);
    /// let x = Tensor::<f32, shape![Dyn, Dyn]>::ones_sized(&[2, 3]);
    /// assert_eq!(x.diagonal().to_vec(), vec![1.0, 1.0]); // min(2, 3)
    /// ```
    pub fn diagonal<Out: Layout>(&self) -> Tensor<T, Out>
    where
        S: Diagonal<Out = Out>,
    {
        let dims = self.shape();
        let (out_dims, view, start) = diagonal_view(&dims, 0, 0, 1);
        let data = kernel::gather(&self.as_slice()[start..], &out_dims, &view);
        Tensor::from_checked(data, &out_dims)
    }

    /// The sum of the main diagonal of a static matrix (see
    /// [`DynTensor::try_trace`]); other ranks do not compile.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// assert_eq!(Tensor::<i32, shape![3, 3]>::arange().trace(), 12);
    /// ```
    pub fn trace(&self) -> T::Acc
    where
        S: crate::shape::toolkit::Matrix,
    {
        let d = self.shape();
        let x = self.as_slice();
        (0..d[0].min(d[1])).fold(<T::Acc as num_traits::Zero>::zero(), |s, i| {
            s.add_elem(x[i * d[1] + i].widen())
        })
    }
}
