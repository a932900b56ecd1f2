//! `Tensor::stack`: the parts joined along a new axis, as an array of
//! tensors of one static shape (the result's shape written by the caller)
//! or as a tuple of 2 to 8 tensors or typed views of equal layouts (static,
//! mixed or named), whose stacked layout the compiler computes
//! ([`StackLayouts`]): a new axis whose size is the number of parts.
//!
//! ```
//! use shaped::{shape, Axis, Dyn, Tensor};
//! let a = Tensor::<f32, shape![Dyn, 3]>::from_fn_sized(&[2], |k| k as f32);
//! let b = Tensor::<f32, shape![Dyn, 3]>::ones_sized(&[2]);
//! let s: Tensor<f32, shape![Dyn, 2, 3]> = Tensor::stack((&a, &b.view()), Axis::<1>);
//! assert_eq!(s.to_vec(), vec![0.0, 1.0, 2.0, 1.0, 1.0, 1.0, 3.0, 4.0, 5.0, 1.0, 1.0, 1.0]);
//! // A `Dyn` size that differs is PyTorch's error when the program runs.
//! let c = Tensor::<f32, shape![Dyn, 3]>::ones_sized(&[5]);
//! let e = Tensor::try_stack_parts((&a, &c), Axis::<0>).map(|t: Tensor<f32, shape![2, Dyn, 3]>| t);
//! assert_eq!(
//!     e.unwrap_err().to_string(),
//!     "stack expects each tensor to be equal size, but got [2, 3] at entry 0 and [5, 3] at entry 1"
//! );
//! ```
//!
//! Parts of different static shapes do not compile:
//!
//! ```compile_fail
//! use shaped::{shape, Axis, Tensor};
//! let a = Tensor::<i32, shape![2, 3]>::zeros();
//! let b = Tensor::<i32, shape![2, 4]>::ones();
//! let s = Tensor::stack((&a, &b), Axis::<0>); // the parts' layouts differ
//! ```

use alloc::borrow::Cow;
use alloc::vec::Vec;

use super::join;
use crate::element::Element;
use crate::error::ShapeError;
use crate::shape::axes::Axis;
use crate::shape::list::{Dims, Layout, Shape};
use crate::shape::stack::{StackLayouts, Stacked};
use crate::tensor::Tensor;
use crate::view::TypedOperand;
use crate::view::typed_operand::row_major;

/// The parts of [`Tensor::stack`] giving a tensor of layout `S2` when
/// stacked at a new axis `K`: an array `[&Tensor<T, S>; N]` of one static
/// shape (any `S2`, checked when the program is built), or a tuple of 2 to
/// 8 tensors or typed views ([`TypedOperand`]) whose layouts stack into
/// [`Stacked`].
pub trait StackParts<T: Element, const K: usize, S2: Layout> {
    /// The parts stacked, or the runtime error of a `Dyn` size.
    fn try_join(self) -> Result<Tensor<T, S2>, ShapeError>;
}

impl<T: Element, S: Shape, S2: Shape, const N: usize, const K: usize> StackParts<T, K, S2>
    for [&Tensor<T, S>; N]
{
    fn try_join(self) -> Result<Tensor<T, S2>, ShapeError> {
        const {
            assert!(
                stacked(S::DIMS.as_slice(), N, K, S2::DIMS.as_slice()),
                "stack: the result shape must be the parts' shape with N inserted at the axis"
            )
        };
        let data: [&[T]; N] = self.map(|t| t.as_slice());
        let data = join::stack_data(&data, &S::DIMS, K, &S2::DIMS)?;
        Ok(Tensor::from_checked(data, &S2::DIMS))
    }
}

/// The parts stacked at the new axis `axis` into the layout `S2` the
/// compiler worked out (a `Dyn` size checked here).
fn stack_parts<T: Element, S2: Layout>(
    parts: &[(Cow<'_, [T]>, Dims)],
    axis: usize,
) -> Result<Tensor<T, S2>, ShapeError> {
    let shapes: Vec<&[usize]> = parts.iter().map(|p| &p.1[..]).collect();
    let data: Vec<&[T]> = parts.iter().map(|p| &p.0[..]).collect();
    let (_, dims) = join::stack_dims(&shapes, axis)?;
    let data = join::stack_data(&data, shapes[0], axis, &dims)?;
    Ok(Tensor::from_checked(data, &dims))
}

macro_rules! stack_tuple {
    ($($P:ident $p:ident),+) => {
        impl<T: Element, const K: usize, $($P: TypedOperand<T>),+>
            StackParts<T, K, Stacked<($($P::Layout),+), K>> for ($($P),+)
        where
            ($($P::Layout),+): StackLayouts<K>,
        {
            fn try_join(self) -> Result<Tensor<T, Stacked<($($P::Layout),+), K>>, ShapeError> {
                let ($($p),+) = self;
                stack_parts(&[$(row_major(&$p)),+], K)
            }
        }
    };
}
stack_tuple!(P1 p1, P2 p2);
stack_tuple!(P1 p1, P2 p2, P3 p3);
stack_tuple!(P1 p1, P2 p2, P3 p3, P4 p4);
stack_tuple!(P1 p1, P2 p2, P3 p3, P4 p4, P5 p5);
stack_tuple!(P1 p1, P2 p2, P3 p3, P4 p4, P5 p5, P6 p6);
stack_tuple!(P1 p1, P2 p2, P3 p3, P4 p4, P5 p5, P6 p6, P7 p7);
stack_tuple!(P1 p1, P2 p2, P3 p3, P4 p4, P5 p5, P6 p6, P7 p7, P8 p8);

impl<T: Element, S: Layout> Tensor<T, S> {
    /// The parts stacked along a new axis `K` (PyTorch's `torch.stack`):
    /// an array of tensors of one static shape, the result's shape written
    /// by the caller, or a tuple of 2 to 8 tensors or typed views of equal
    /// layouts, the new axis's size (the number of parts) computed by the
    /// compiler (see the [module](crate::shape_ops::stack)). A `Dyn` size
    /// that differs panics with PyTorch's message;
    /// [`try_stack_parts`](Self::try_stack_parts) returns it.
    ///
    /// ```
    /// use shaped::{shape, Axis, Tensor};
    /// let a = Tensor::<i32, shape![2]>::from_slice(&[1, 2]).unwrap();
    /// let b = Tensor::<i32, shape![2]>::from_slice(&[3, 4]).unwrap();
    /// let s: Tensor<i32, shape![2, 2]> = Tensor::stack([&a, &b], Axis::<1>);
    /// assert_eq!(s.as_slice(), &[1, 3, 2, 4]);
    /// let t: Tensor<i32, shape![2, 3]> = Tensor::stack((&a, &b.view(), &a), Axis::<1>);
    /// assert_eq!(t.as_slice(), &[1, 3, 1, 2, 4, 2]);
    /// ```
    #[track_caller]
    pub fn stack<P: StackParts<T, K, S>, const K: usize>(parts: P, _axis: Axis<K>) -> Self {
        crate::ops::or_panic(parts.try_join())
    }

    /// [`stack`](Self::stack), with a `Dyn` size that differs returned as
    /// PyTorch's error.
    pub fn try_stack_parts<P: StackParts<T, K, S>, const K: usize>(
        parts: P,
        _axis: Axis<K>,
    ) -> Result<Self, ShapeError> {
        parts.try_join()
    }
}

const fn stacked(part: &[usize], n: usize, k: usize, out: &[usize]) -> bool {
    if k > part.len() || out.len() != part.len() + 1 || out[k] != n {
        return false;
    }
    let mut i = 0;
    while i < part.len() {
        if out[if i < k { i } else { i + 1 }] != part[i] {
            return false;
        }
        i += 1;
    }
    true
}
