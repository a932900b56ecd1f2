//! Operations writing into a preallocated output: `c = a + b` without
//! allocating `c`.
//!
//! Each of `+ - * / %` has two functions with the same rules as the operator:
//!
//! - [`add_into`]`(&a, &b, &mut out)` for tensors of static shape: `out` must
//!   have the type of `a + b`, `Tensor<T, Broadcast<S, R>>`, so a wrong
//!   output shape is a compile error, like a pair of shapes that do not
//!   broadcast. It never allocates and never checks anything at run time.
//!   (With `Dyn` dimensions, `shape![Dyn, 3]`, the runtime sizes are checked
//!   and a mismatch panics with the PyTorch message, as the operator does.)
//! - [`try_add_into`]`(&a, &b, &mut out)` for any mix of [`Tensor`] and
//!   [`DynTensor`]: the shapes are checked at run time and a mismatch is a
//!   [`ShapeError`] (never a panic), with `out` left unchanged: a
//!   [`ShapeError::Broadcast`] when `a` and `b` do not broadcast, a
//!   [`ShapeError::Mismatch`] (expected: the broadcast shape) when `out` has
//!   another shape. It does not allocate either (except to report an error,
//!   and for two named operands, below).
//!
//! `out` is overwritten, never read, and never resized; its dimension names,
//! if it has any, are left as they are. When `a` and `b` both have dimension
//! names they broadcast by name ([`named`](crate::tensor::names)), as the operators
//! do, through a temporary. The in-place form `a += b` (`a = a + b` into
//! `a`'s own storage) is the compound assignment operator.
//!
//! ```
//! use shaped::{add_into, mul_into, shape, try_add_into, DynTensor, Tensor};
//!
//! let a = Tensor::<f32, shape![4, 3]>::arange();
//! let b = Tensor::<f32, shape![3]>::from_slice(&[10.0, 20.0, 30.0]).unwrap();
//! let mut out = Tensor::<f32, shape![4, 3]>::zeros();
//! add_into(&a, &b, &mut out); // out = a + b, no allocation
//! assert_eq!(out[[3, 2]], 41.0);
//! mul_into(&a, &a, &mut out); // reuse the same buffer
//! assert_eq!(out[[3, 2]], 121.0);
//!
//! // Runtime shapes: checked, with an error instead of a panic.
//! let x = DynTensor::<f32>::ones(&[2, 1, 3]);
//! let mut y = DynTensor::<f32>::zeros(&[2, 4, 3]);
//! try_add_into(&x, &a, &mut y).unwrap(); // static and runtime tensors mix
//! assert_eq!(y.shape(), &[2, 4, 3]);
//! let mut wrong = DynTensor::<f32>::zeros(&[4, 3]);
//! let err = try_add_into(&x, &a, &mut wrong).unwrap_err();
//! assert_eq!(err.to_string(), "expected a tensor of shape [2, 4, 3], got shape [4, 3]");
//! ```
//!
//! A wrong static output does not compile:
//!
//! ```compile_fail
//! use shaped::{add_into, shape, Tensor};
//! let a = Tensor::<f32, shape![4, 3]>::zeros();
//! let b = Tensor::<f32, shape![3]>::zeros();
//! let mut out = Tensor::<f32, shape![3, 4]>::zeros();
//! add_into(&a, &b, &mut out); // expected `Tensor<f32, [4, 3]>`
//! ```

use super::operand::Side;
use crate::element::Element;
use crate::error::ShapeError;
use crate::kernel;
use crate::ops::{AddOp, BinaryOp, DivOp, MulOp, RemOp, SubOp};
use crate::shape::Layout;
use crate::shape::broadcast::{Broadcast, BroadcastWith, broadcast_pair};
use crate::tensor::DynTensor;
use crate::tensor::Tensor;
use crate::tensor::names::NameRef;
use crate::view::{DynView, DynViewMut, TensorView, TensorViewMut, TypedOperand};
use alloc::vec::Vec;

mod sealed {
    pub trait Sealed {}
    impl<T: crate::Element, S: crate::Layout> Sealed for crate::Tensor<T, S> {}
    impl<T: crate::Element> Sealed for crate::DynTensor<T> {}
    impl<T: crate::Element> Sealed for crate::DynView<'_, T> {}
    impl<T: crate::Element> Sealed for crate::DynViewMut<'_, T> {}
    impl<T: crate::Element, S: crate::Layout> Sealed for crate::TensorView<'_, T, S> {}
    impl<T: crate::Element, S: crate::Layout> Sealed for crate::TensorViewMut<'_, T, S> {}
}

/// A tensor read by the `try_*_into` functions: a [`Tensor`] of any layout,
/// a [`DynTensor`] or a view of either ([`TensorView`], [`TensorViewMut`],
/// [`DynView`], [`DynViewMut`]), seen as its row-major elements and its
/// sizes. Implemented by those types only.
pub trait Input<T>: sealed::Sealed {
    /// Calls `f` with the elements and the sizes.
    fn with_parts<X>(&self, f: impl FnOnce(&[T], &[usize]) -> X) -> X;

    /// The dimension names, if the tensor has any.
    #[doc(hidden)]
    fn dim_names(&self) -> Option<Vec<Option<&str>>>;

    /// Whether the tensor has dimension names ([`dim_names`](Self::dim_names)
    /// without building them).
    #[doc(hidden)]
    #[inline(always)]
    fn is_named_input(&self) -> bool {
        self.dim_names().is_some()
    }
}

/// A tensor written by the `try_*_into` functions (see [`Input`]).
pub trait Output<T>: Input<T> {
    /// Calls `f` with the elements, mutably, and the sizes.
    fn with_parts_mut<X>(&mut self, f: impl FnOnce(&mut [T], &[usize]) -> X) -> X;
}

impl<T: Element, S: Layout> Input<T> for Tensor<T, S> {
    #[inline(always)]
    fn with_parts<X>(&self, f: impl FnOnce(&[T], &[usize]) -> X) -> X {
        f(self.as_slice(), &self.shape())
    }

    fn dim_names(&self) -> Option<Vec<Option<&str>>> {
        S::NAMED.then(|| S::NAMES.to_vec())
    }

    #[inline(always)]
    fn is_named_input(&self) -> bool {
        S::NAMED
    }
}

impl<T: Element, S: Layout> Output<T> for Tensor<T, S> {
    #[inline(always)]
    fn with_parts_mut<X>(&mut self, f: impl FnOnce(&mut [T], &[usize]) -> X) -> X {
        let dims = self.shape();
        f(self.as_mut_slice(), &dims)
    }
}

impl<T: Element> Input<T> for DynTensor<T> {
    #[inline(always)]
    fn with_parts<X>(&self, f: impl FnOnce(&[T], &[usize]) -> X) -> X {
        f(self.as_slice(), self.shape())
    }

    fn dim_names(&self) -> Option<Vec<Option<&str>>> {
        self.is_named().then(|| self.names())
    }

    #[inline(always)]
    fn is_named_input(&self) -> bool {
        self.is_named()
    }
}

impl<T: Element> Output<T> for DynTensor<T> {
    #[inline(always)]
    fn with_parts_mut<X>(&mut self, f: impl FnOnce(&mut [T], &[usize]) -> X) -> X {
        // The sizes and the elements are separate fields: borrowed apart.
        f(self.data.as_mut_slice(), self.shape.as_slice())
    }
}

/// `out = a op b` for layouts whose sizes are all static: no shape check (an
/// integer divisor of 0 still panics), the
/// plan computed by the compiler for small shapes.
/// A view as an input: its elements as one slice (borrowed when the view
/// is contiguous, else copied once).
impl<T: Element> Input<T> for DynView<'_, T> {
    fn with_parts<X>(&self, f: impl FnOnce(&[T], &[usize]) -> X) -> X {
        f(&self.contiguous(), self.shape())
    }

    fn dim_names(&self) -> Option<Vec<Option<&str>>> {
        self.names.is_some().then(|| self.names())
    }
}

impl<T: Element> Input<T> for DynViewMut<'_, T> {
    fn with_parts<X>(&self, f: impl FnOnce(&[T], &[usize]) -> X) -> X {
        self.view().with_parts(f)
    }

    fn dim_names(&self) -> Option<Vec<Option<&str>>> {
        self.names.is_some().then(|| self.names())
    }
}

/// A typed view as an input: its runtime view's elements (names kept).
impl<T: Element, S: Layout> Input<T> for TensorView<'_, T, S> {
    fn with_parts<X>(&self, f: impl FnOnce(&[T], &[usize]) -> X) -> X {
        (**self).with_parts(f)
    }

    fn dim_names(&self) -> Option<Vec<Option<&str>>> {
        (**self).dim_names()
    }
}

impl<T: Element, S: Layout> Input<T> for TensorViewMut<'_, T, S> {
    fn with_parts<X>(&self, f: impl FnOnce(&[T], &[usize]) -> X) -> X {
        (**self).with_parts(f)
    }

    fn dim_names(&self) -> Option<Vec<Option<&str>>> {
        (**self).dim_names()
    }
}

/// A typed mutable view as an output, as its runtime view is.
impl<T: Element, S: Layout> Output<T> for TensorViewMut<'_, T, S> {
    fn with_parts_mut<X>(&mut self, f: impl FnOnce(&mut [T], &[usize]) -> X) -> X {
        (**self).with_parts_mut(f)
    }
}

/// A mutable view as an output: written in place when contiguous, else
/// computed into a buffer and written back through the view's strides.
impl<T: Element> Output<T> for DynViewMut<'_, T> {
    fn with_parts_mut<X>(&mut self, f: impl FnOnce(&mut [T], &[usize]) -> X) -> X {
        let dims = crate::tensor::ShapeBuf::from_slice(self.shape());
        if let Some(out) = self.as_mut_slice() {
            return f(out, dims.as_slice());
        }
        let mut tmp = self.to_vec();
        let r = f(&mut tmp, dims.as_slice());
        let layout = crate::view::Strided::row_major(dims.as_slice());
        super::view::write_back(self, &DynView::from_layout(&tmp, layout, None));
        r
    }
}

#[inline(always)]
#[track_caller]
fn static_into<T: Element, Op: BinaryOp<T>, S, R: Layout>(
    a: &Tensor<T, S>,
    b: &Tensor<T, R>,
    out: &mut Tensor<T, Broadcast<S, R>>,
) where
    S: BroadcastWith<R>,
{
    super::tensor::or_panic(Op::check_for(a.as_slice(), b.as_slice()));
    type Out<S, R> = Broadcast<S, R>;
    // The operands as the kernel sees them (see `BroadcastWith::Lhs`).
    type Lhs<S, R> = <S as BroadcastWith<R>>::Lhs;
    type Rhs<S, R> = <S as BroadcastWith<R>>::Rhs;
    #[cfg(feature = "std")]
    if !(S::NAMED && R::NAMED) {
        crate::legacy::check_static::<S, R, Out<S, R>>();
    }
    if const { kernel::is_small::<Out<S, R>>() } {
        let mut tmp = out.clone();
        kernel::binary_unrolled::<kernel::StaticPlan<Out<S, R>, Lhs<S, R>, Rhs<S, R>>, T, T>(
            tmp.as_mut_slice(),
            a.as_slice(),
            b.as_slice(),
            Op::apply,
        );
        *out = tmp;
    } else {
        let out = out.as_mut_slice();
        let dims = (
            &Out::<S, R>::TEMPLATE,
            &Lhs::<S, R>::TEMPLATE,
            &Rhs::<S, R>::TEMPLATE,
        );
        let (a, b) = (a.as_slice(), b.as_slice());
        kernel::binary_into(out, dims.0, a, dims.1, b, dims.2, Op::apply);
    }
}

/// Checks that `out_dims` is the broadcast shape of `a_dims` and `b_dims`,
/// without building it (no allocation, no buffer) unless it is wrong.
fn check_into(a_dims: &[usize], b_dims: &[usize], out_dims: &[usize]) -> Result<(), ShapeError> {
    let rank = out_dims.len();
    let mut ok = rank == a_dims.len().max(b_dims.len());
    if ok {
        let (pa, pb) = (rank - a_dims.len(), rank - b_dims.len());
        for (i, &d) in out_dims.iter().enumerate() {
            let x = if i >= pa { a_dims[i - pa] } else { 1 };
            let y = if i >= pb { b_dims[i - pb] } else { 1 };
            // `x` and `y` broadcast to `d`: each is `d` or 1, and one is `d`.
            ok &= (x == d || x == 1) && (y == d || y == 1) && (x == d || y == d);
        }
    }
    if ok {
        return Ok(());
    }
    // The broadcast error if there is one, else the shape `out` should have.
    let expected = broadcast_pair(a_dims, b_dims)?;
    Err(ShapeError::Mismatch {
        expected,
        got: out_dims.to_vec(),
    })
}

/// The shared body of the `try_*_into` functions.
#[inline]
fn checked_into<T: Element, Op: BinaryOp<T>>(
    a: &impl Input<T>,
    b: &impl Input<T>,
    out: &mut impl Output<T>,
) -> Result<(), ShapeError> {
    if a.is_named_input()
        && b.is_named_input()
        && let (Some(an), Some(bn)) = (a.dim_names(), b.dim_names())
    {
        // Both named: they broadcast by name, which may permute `b`, as the
        // operator does; through a temporary.
        let r = a.with_parts(|a, a_dims| {
            b.with_parts(|b, b_dims| {
                let side = |data, dims, names| Side {
                    data,
                    dims,
                    names: Some(NameRef::Strs(names)),
                };
                let (a, b) = (side(a, a_dims, &an), side(b, b_dims, &bn));
                super::dyn_tensor::check_divisor_after_shapes::<T, Op>(a, b)?;
                super::operand::zip(a, b, Op::apply)
            })
        })?;
        return out.with_parts_mut(|out, out_dims| {
            if out_dims != r.shape() {
                return Err(ShapeError::Mismatch {
                    expected: r.shape().to_vec(),
                    got: out_dims.to_vec(),
                });
            }
            out.copy_from_slice(r.as_slice());
            Ok(())
        });
    }
    a.with_parts(|a, a_dims| {
        b.with_parts(|b, b_dims| {
            out.with_parts_mut(|out, out_dims| {
                // The commonest small forms (ranks up to 2, one operand
                // with the result's sizes): fewer tests than the small
                // plan. No legacy-broadcast check: the result is never
                // larger than both operands here.
                if let Some(q) = kernel::quick_plan(a_dims, b_dims)
                    && let [d1, d0] = q.dims
                    && let [.., o0] = *out_dims
                    && o0 == d0
                    && out_dims.len() == a_dims.len().max(b_dims.len())
                    && (out_dims.len() < 2 || out_dims[0] == d1)
                    && Op::check_for(a, b).is_ok()
                {
                    kernel::binary_quick(out, a, b, &q, Op::apply);
                    return Ok(());
                }
                // Small operations: the shape check and a plan of four
                // fixed axes in one pass, then a fixed-depth loop.
                if let Some(p) = kernel::small_plan_onto(a_dims, b_dims, out_dims) {
                    Op::check_for(a, b)?;
                    #[cfg(feature = "std")]
                    crate::legacy::check(a_dims, b_dims, out_dims);
                    kernel::binary_small(out, a, b, &p, Op::apply);
                    return Ok(());
                }
                positional_into::<T, Op>((a, a_dims), (b, b_dims), (out, out_dims))
            })
        })
    })
}

/// [`checked_into`] for unnamed operands past the small cases: the
/// general plan, then the general kernel (which also words the errors).
#[inline(never)]
fn positional_into<T: Element, Op: BinaryOp<T>>(
    (a, a_dims): (&[T], &[usize]),
    (b, b_dims): (&[T], &[usize]),
    (out, out_dims): (&mut [T], &[usize]),
) -> Result<(), ShapeError> {
    // The usual case: the shape check and the kernel's plan in one pass on
    // the stack.
    let (mut dims, mut axes) = ([0; kernel::INLINE_AXES], kernel::PAIR_AXES);
    if let Some((count, n)) = kernel::pair_plan(a_dims, b_dims, &mut dims, &mut axes)
        && out_dims.len() == a_dims.len().max(b_dims.len())
        && out_dims.iter().zip(&dims).all(|(x, y)| x == y)
    {
        Op::check_for(a, b)?;
        #[cfg(feature = "std")]
        crate::legacy::check(a_dims, b_dims, out_dims);
        if n != 0 {
            let sink = &mut kernel::SliceSink::new(out);
            kernel::binary_planned(sink, a, b, &axes[..count], Op::apply);
        }
        return Ok(());
    }
    check_into(a_dims, b_dims, out_dims)?;
    Op::check_for(a, b)?;
    #[cfg(feature = "std")]
    crate::legacy::check(a_dims, b_dims, out_dims);
    kernel::binary_into(out, out_dims, a, a_dims, b, b_dims, Op::apply);
    Ok(())
}

macro_rules! into_fns {
    ($($into:ident $try_into:ident $Op:ident $sym:literal),*) => {$(
        #[doc = concat!("`out = a ", $sym, " b` with broadcasting, written into `out` without allocating.")]
        ///
        /// `out` has the type of the operator's result, so the shapes are
        /// checked by the compiler; with `Dyn` dimensions the runtime sizes
        /// are checked and a mismatch panics with the PyTorch message, as the
        /// operator does. See the [module documentation](self).
        ///
        /// ```
        #[doc = concat!("use shaped::{", stringify!($into), ", shape, Tensor};")]
        /// let a = Tensor::<i32, shape![2, 3]>::from_slice(&[6, 7, 8, 9, 10, 11]).unwrap();
        /// let b = Tensor::<i32, shape![2, 1]>::from_slice(&[1, 2]).unwrap();
        /// let mut out = Tensor::<i32, shape![2, 3]>::zeros();
        #[doc = concat!(stringify!($into), "(&a, &b, &mut out);")]
        #[doc = concat!("assert_eq!(out, &a ", $sym, " &b);")]
        /// ```
        ///
        /// `a` and `b` may be typed views ([`TensorView`], [`TensorViewMut`])
        /// as well as tensors ([`TypedOperand`]); the output is a tensor of
        /// the broadcast layout either way. A strided view is read through
        /// one copy of its elements.
        ///
        /// ```
        #[doc = concat!("use shaped::{", stringify!($into), ", shape, Axis, Tensor};")]
        /// let a = Tensor::<i32, shape![3, 2]>::from_slice(&[6, 9, 7, 10, 8, 11]).unwrap();
        /// let b = Tensor::<i32, shape![2, 1]>::from_slice(&[1, 2]).unwrap();
        /// let mut out = Tensor::<i32, shape![2, 3]>::zeros();
        #[doc = concat!(stringify!($into), "(&a.t(), &b.view(), &mut out);")]
        #[doc = concat!("assert_eq!(out, &a.t().to_owned() ", $sym, " &b);")]
        /// ```
        #[inline(always)]
        #[track_caller]
        pub fn $into<T, A, B>(
            a: &A,
            b: &B,
            out: &mut Tensor<T, Broadcast<A::Layout, B::Layout>>,
        ) where
            T: Element,
            A: TypedOperand<T> + ?Sized,
            B: TypedOperand<T> + ?Sized,
            A::Layout: BroadcastWith<B::Layout>,
        {
            type L<A, T> = <A as TypedOperand<T>>::Layout;
            let in_order = !(L::<A, T>::NAMED && L::<B, T>::NAMED)
                || const { crate::shape::names::in_order::<L<A, T>, L<B, T>>() };
            let r = match (a.as_tensor(), b.as_tensor()) {
                (Some(a), Some(b)) if L::<A, T>::STATIC && L::<B, T>::STATIC && in_order => {
                    return static_into::<T, $Op, L<A, T>, L<B, T>>(a, b, out);
                }
                (Some(a), Some(b)) => $try_into(a, b, out),
                _ => $try_into(&a.typed_view(), &b.typed_view(), out),
            };
            if let Err(e) = r {
                panic!("{e}")
            }
        }

        #[doc = concat!("`out = a ", $sym, " b` with broadcasting for any tensors (static, `Dyn` or runtime shapes), written into `out` without allocating; the shapes are checked at run time.")]
        ///
        /// Returns [`ShapeError::Broadcast`] if `a` and `b` do not
        /// broadcast, [`ShapeError::Mismatch`] (expected: the broadcast
        /// shape) if `out` has another shape; `out` is then unchanged. Never
        /// panics. See the [module documentation](self).
        ///
        /// ```
        #[doc = concat!("use shaped::{", stringify!($try_into), ", DynTensor};")]
        /// let a = DynTensor::from_vec(vec![6, 7, 8, 9, 10, 11], &[2, 3]).unwrap();
        /// let b = DynTensor::from_vec(vec![1, 2], &[2, 1]).unwrap();
        /// let mut out = DynTensor::<i32>::zeros(&[2, 3]);
        #[doc = concat!(stringify!($try_into), "(&a, &b, &mut out).unwrap();")]
        #[doc = concat!("assert_eq!(out, &a ", $sym, " &b);")]
        /// let mut wrong = DynTensor::<i32>::zeros(&[3, 2]);
        #[doc = concat!("assert!(", stringify!($try_into), "(&a, &b, &mut wrong).is_err());")]
        /// ```
        pub fn $try_into<T>(
            a: &impl Input<T>,
            b: &impl Input<T>,
            out: &mut impl Output<T>,
        ) -> Result<(), ShapeError>
        where
            T: Element,
        {
            checked_into::<T, $Op>(a, b, out)
        }
    )*};
}

into_fns!(
    add_into try_add_into AddOp "+",
    sub_into try_sub_into SubOp "-",
    mul_into try_mul_into MulOp "*",
    div_into try_div_into DivOp "/",
    rem_into try_rem_into RemOp "%"
);
