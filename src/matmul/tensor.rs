//! Matrix products of static and mixed tensors: the result's layout is
//! computed by the compiler ([`MatMulWith`]), and a mismatch of static
//! sizes does not compile. Sizes that are `Dyn` are checked when the
//! product runs ([`try_matmul`](Tensor::try_matmul)).
//!
//! ```compile_fail
//! use shaped::{shape, Tensor};
//! let a = Tensor::<f32, shape![4, 3]>::zeros();
//! let b = Tensor::<f32, shape![4, 5]>::zeros();
//! let c = a.matmul(&b); // error: cannot multiply [4, 3] by [4, 5]: inner sizes 3 vs 4
//! ```

use super::compute::{matmul_into, zeroed};
use crate::element::Element;
use crate::error::{ShapeError, checked_numel};
use crate::kernel::{Mat, SMALL_GEMM, gemm};
use crate::shape::Layout;
use crate::shape::matmul::{MatMul, MatMulWith, matmul_dims};
use crate::shape::storage::{Buffer, Elements};
use crate::tensor::Tensor;
use crate::view::TypedOperand;

impl<T: Element, S: Layout> Tensor<T, S> {
    /// The matrix product `self @ rhs` with torch.matmul's rules (see
    /// [`DynTensor::try_matmul`](crate::DynTensor::try_matmul)); the
    /// result's layout is [`MatMul<S, R>`](MatMul), computed by the
    /// compiler. Static sizes that do not fit do not compile; `Dyn` sizes
    /// are checked here and a mismatch panics with PyTorch's message.
    ///
    /// Two static matrices of up to 8x8x8 multiply-adds run a loop whose
    /// bounds are constants, which the compiler unrolls.
    ///
    /// ```
    /// use shaped::{shape, Dyn, Tensor};
    /// let a = Tensor::<f32, shape![2, 3]>::arange();          // [[0, 1, 2], [3, 4, 5]]
    /// let b = Tensor::<f32, shape![3]>::ones();
    /// let v: Tensor<f32, shape![2]> = a.matmul(&b);          // matrix · vector
    /// assert_eq!(v.as_slice(), &[3.0, 12.0]);
    /// let batch = Tensor::<f32, shape![Dyn, 4, 2]>::ones_sized(&[5]); // a runtime batch of 4x2 matrices
    /// let w = Tensor::<f32, shape![2, 3]>::ones();
    /// let y: Tensor<f32, shape![Dyn, 4, 3]> = batch.matmul(&w);
    /// assert_eq!(&*y.shape(), &[5, 4, 3]);
    /// ```
    ///
    /// The right operand may be a typed view (`&k.view().transpose(..)`,
    /// `&w.t()`), read where it lies, without a copy.
    #[inline]
    #[track_caller]
    pub fn matmul<O: TypedOperand<T>>(&self, rhs: &O) -> Tensor<T, MatMul<S, O::Layout>>
    where
        S: MatMulWith<O::Layout>,
    {
        match rhs.as_tensor() {
            Some(rhs) => self.matmul_tensor(rhs),
            None => self.view().matmul(&rhs.typed_view()),
        }
    }

    /// [`matmul`](Self::matmul) of two tensors.
    #[inline]
    #[track_caller]
    fn matmul_tensor<R: Layout>(&self, rhs: &Tensor<T, R>) -> Tensor<T, MatMul<S, R>>
    where
        S: MatMulWith<R>,
    {
        type Out<S, R> = MatMul<S, R>;
        if S::STATIC && R::STATIC && S::RANK == 2 && R::RANK == 2 {
            // Two static matrices: every size a constant.
            let (m, k, n) = (S::TEMPLATE[0], S::TEMPLATE[1], R::TEMPLATE[1]);
            let mut out: <Out<S, R> as Layout>::Data<T> =
                Buffer::filled(T::zero(), Out::<S, R>::TEMPLATE_NUMEL);
            let (a, b, c) = (self.as_slice(), rhs.as_slice(), out.as_mut_slice());
            if m * k * n <= SMALL_GEMM {
                small_product(m, k, n, a, b, c);
            } else {
                gemm(
                    m,
                    k,
                    n,
                    Mat {
                        data: a,
                        rs: k,
                        cs: 1,
                    },
                    Mat {
                        data: b,
                        rs: n,
                        cs: 1,
                    },
                    c,
                );
            }
            let Some(ext) = Out::<S, R>::STATIC_EXTENTS else {
                unreachable!("two static operands give a static product")
            };
            return Tensor::from_parts(out, ext);
        }
        match self.try_matmul_tensor(rhs) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }

    /// [`matmul`](Self::matmul), with the `Dyn` sizes checked into a
    /// [`ShapeError`] instead of a panic (never an error for static
    /// layouts).
    pub fn try_matmul<O: TypedOperand<T>>(
        &self,
        rhs: &O,
    ) -> Result<Tensor<T, MatMul<S, O::Layout>>, ShapeError>
    where
        S: MatMulWith<O::Layout>,
    {
        match rhs.as_tensor() {
            Some(rhs) => self.try_matmul_tensor(rhs),
            None => self.view().try_matmul(&rhs.typed_view()),
        }
    }

    /// [`try_matmul`](Self::try_matmul) of two tensors.
    fn try_matmul_tensor<R: Layout>(
        &self,
        rhs: &Tensor<T, R>,
    ) -> Result<Tensor<T, MatMul<S, R>>, ShapeError>
    where
        S: MatMulWith<R>,
    {
        let (a, b) = (self.shape(), rhs.shape());
        let d = matmul_dims(&a, &b)?;
        let n = checked_numel::<T>(&d.out)?;
        let mut data = zeroed::<T>(&d.out, n)?;
        matmul_into(self.as_slice(), &a, rhs.as_slice(), &b, &d, &mut data);
        Ok(Tensor::from_checked(data, &d.out))
    }
}

/// `c = a · b` for small row-major matrices, one dot product per element:
/// inlined into a caller whose sizes are constants, so that it unrolls.
#[inline(always)]
fn small_product<T: Element>(m: usize, k: usize, n: usize, a: &[T], b: &[T], c: &mut [T]) {
    if k == 0 {
        c[..m * n].fill(T::zero());
        return;
    }
    for i in 0..m {
        for j in 0..n {
            // The first product starts the sum: `0 + x` is not free for
            // floats (it turns -0 into +0), so a zero start costs one
            // addition per element, a third of the arithmetic at 3x3.
            let mut acc = a[i * k].mul_elem(b[j]);
            for p in 1..k {
                acc = acc.add_elem(a[i * k + p].mul_elem(b[p * n + j]));
            }
            c[i * n + j] = acc;
        }
    }
}
