//! `Tensor::cat`: the parts joined along an existing axis, as an array of
//! tensors of one static shape (the result's shape written by the caller)
//! or as a tuple of 2 to 8 tensors or typed views of different layouts
//! (NumPy's `np.hstack([pts, ones])`), whose sizes along the axis the
//! compiler adds ([`CatLayouts`]).
//!
//! ```
//! use shaped::{shape, Axis, AxisFromEnd, Dyn, Tensor};
//! let points = Tensor::<f64, shape![Dyn, 3]>::from_fn_sized(&[2], |k| k as f64);
//! let ones = Tensor::<f64, shape![Dyn, 1]>::ones_sized(&[2]);
//! let h: Tensor<f64, shape![Dyn, 4]> = Tensor::cat((&points, &ones), AxisFromEnd::<1>);
//! assert_eq!(h.to_vec(), vec![0.0, 1.0, 2.0, 1.0, 3.0, 4.0, 5.0, 1.0]);
//! let a = Tensor::<i32, shape![2, 3]>::zeros();
//! let b = Tensor::<i32, shape![3, 3]>::ones();
//! let c: Tensor<i32, shape![5, 3]> = Tensor::cat((&a, &b.view()), Axis::<0>);
//! assert_eq!(c.to_vec()[6..], [1; 9]);
//! ```
//!
//! Parts that disagree on another axis do not compile; a `Dyn` size that
//! disagrees is PyTorch's error when the program runs:
//!
//! ```compile_fail
//! use shaped::{shape, Axis, Tensor};
//! let a = Tensor::<i32, shape![2, 3]>::zeros();
//! let b = Tensor::<i32, shape![2, 2]>::ones();
//! let c = Tensor::cat((&a, &b), Axis::<0>); // the sizes 3 and 2 of axis 1 differ
//! ```

use alloc::borrow::Cow;
use alloc::vec::Vec;

use super::join;
use crate::element::Element;
use crate::error::ShapeError;
use crate::shape::axes::Axis;
use crate::shape::concat::{CatLayouts, Catted};
use crate::shape::list::{Dims, Layout, Shape};
use crate::tensor::Tensor;
use crate::view::TypedOperand;
use crate::view::typed_operand::row_major;

/// The parts of [`Tensor::cat`] giving a tensor of layout `S2` when
/// joined along `A`: an array `[&Tensor<T, S>; N]` of one static shape
/// (any `S2`, checked when the program is built), or a tuple of 2 to 8
/// tensors or typed views ([`TypedOperand`]) whose layouts join into
/// [`Catted`].
pub trait CatParts<T: Element, A, S2: Layout> {
    /// The parts joined, or the runtime error of a `Dyn` size.
    fn try_join(self) -> Result<Tensor<T, S2>, ShapeError>;
}

impl<T: Element, S: Shape, S2: Shape, const N: usize, const K: usize> CatParts<T, Axis<K>, S2>
    for [&Tensor<T, S>; N]
{
    fn try_join(self) -> Result<Tensor<T, S2>, ShapeError> {
        const {
            assert!(
                concatenated(S::DIMS.as_slice(), N, K, S2::DIMS.as_slice()),
                "cat: the result shape must be the parts' shape with axis K multiplied by N"
            )
        };
        let data: [&[T]; N] = self.map(|t| t.as_slice());
        let data = join::cat_data(&data, &[&S::DIMS[..]; N], K, &S2::DIMS)?;
        Ok(Tensor::from_checked(data, &S2::DIMS))
    }
}

/// The parts joined along `axis` into the layout `S2` the compiler worked
/// out (a `Dyn` size checked here).
fn join_parts<T: Element, S2: Layout>(
    parts: &[(Cow<'_, [T]>, Dims)],
    axis: usize,
) -> Result<Tensor<T, S2>, ShapeError> {
    let shapes: Vec<&[usize]> = parts.iter().map(|p| &p.1[..]).collect();
    let data: Vec<&[T]> = parts.iter().map(|p| &p.0[..]).collect();
    let (_, dims) = join::cat_dims(&shapes, axis)?;
    let data = join::cat_data(&data, &shapes, axis, &dims)?;
    Ok(Tensor::from_checked(data, &dims))
}

macro_rules! cat_tuple {
    ($($P:ident $p:ident),+) => {
        impl<T: Element, A, $($P: TypedOperand<T>),+> CatParts<T, A, Catted<($($P::Layout),+), A>>
            for ($($P),+)
        where
            ($($P::Layout),+): CatLayouts<A>,
        {
            fn try_join(self) -> Result<Tensor<T, Catted<($($P::Layout),+), A>>, ShapeError> {
                let ($($p),+) = self;
                let parts = [$(row_major(&$p)),+];
                join_parts(&parts, <($($P::Layout),+) as CatLayouts<A>>::AXIS)
            }
        }
    };
}
cat_tuple!(P1 p1, P2 p2);
cat_tuple!(P1 p1, P2 p2, P3 p3);
cat_tuple!(P1 p1, P2 p2, P3 p3, P4 p4);
cat_tuple!(P1 p1, P2 p2, P3 p3, P4 p4, P5 p5);
cat_tuple!(P1 p1, P2 p2, P3 p3, P4 p4, P5 p5, P6 p6);
cat_tuple!(P1 p1, P2 p2, P3 p3, P4 p4, P5 p5, P6 p6, P7 p7);
cat_tuple!(P1 p1, P2 p2, P3 p3, P4 p4, P5 p5, P6 p6, P7 p7, P8 p8);

impl<T: Element, S: Layout> Tensor<T, S> {
    /// The parts joined along `axis` (PyTorch's `torch.cat`): an array of
    /// tensors of one static shape, the result's shape written by the
    /// caller, or a tuple of 2 to 8 tensors or typed views of different
    /// layouts whose sizes along the axis the compiler adds (see the
    /// [module](crate::shape_ops::cat)). A `Dyn` size that disagrees panics
    /// with PyTorch's message; [`try_cat_parts`](Self::try_cat_parts)
    /// returns it.
    ///
    /// ```
    /// use shaped::{shape, Axis, Tensor};
    /// let a = Tensor::<i32, shape![1, 2]>::from_slice(&[1, 2]).unwrap();
    /// let c: Tensor<i32, shape![1, 4]> = Tensor::cat([&a, &a], Axis::<1>);
    /// assert_eq!(c.as_slice(), &[1, 2, 1, 2]);
    /// ```
    #[track_caller]
    pub fn cat<P: CatParts<T, A, S>, A>(parts: P, _axis: A) -> Self {
        crate::ops::or_panic(parts.try_join())
    }

    /// [`cat`](Self::cat), with a `Dyn` size that disagrees returned as
    /// PyTorch's error.
    pub fn try_cat_parts<P: CatParts<T, A, S>, A>(parts: P, _axis: A) -> Result<Self, ShapeError> {
        parts.try_join()
    }
}

const fn concatenated(part: &[usize], n: usize, k: usize, out: &[usize]) -> bool {
    if k >= part.len() || out.len() != part.len() {
        return false;
    }
    let mut i = 0;
    while i < part.len() {
        let want = if i == k { part[i] * n } else { part[i] };
        if out[i] != want {
            return false;
        }
        i += 1;
    }
    true
}
