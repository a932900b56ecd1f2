//! Axis arguments of the operations that take either kind of axis on
//! static and mixed tensors (`flip`, `roll`): a typed axis, checked by the
//! compiler as everywhere else in the static toolkit, or a number, checked
//! when it runs.
//!
//! ```
//! use shaped::{shape, Axis, AxisFromEnd, Tensor};
//! let t = Tensor::<i32, shape![2, 3]>::arange();
//! assert_eq!(t.flip(&[Axis::<1>]).to_vec(), t.flip(&[1]).to_vec());
//! assert_eq!(t.flip(&(Axis::<0>, AxisFromEnd::<1>)).to_vec(), t.flip(&[0, -1]).to_vec());
//! assert_eq!(t.roll(1, Axis::<1>).to_vec(), t.roll(1, -1).to_vec());
//! ```

use alloc::vec::Vec;

use crate::error::ShapeError;
use crate::shape::axes::OneAxis;
use crate::shape::axis;
use crate::shape::list::Layout;
use crate::shape::toolkit::ReduceAxes;

/// One axis of a tensor of layout `S`: a typed axis (`Axis::<K>`,
/// `AxisFromEnd::<K>`, a dimension name), which the compiler checks
/// against `S`, or a number (`usize`, `isize`, `i32`, `i64`; negative ones
/// count from the end), checked at run time with PyTorch's error.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an axis of a tensor of layout `{S}`",
    label = "an axis is `Axis::<K>`, `AxisFromEnd::<K>`, a dimension name, or a number",
    note = "generic code names this bound: `A: AxisOn<S>`"
)]
pub trait AxisOn<S: Layout> {
    /// The axis counted from the left in a tensor of sizes `dims`, or the
    /// error for a number out of range.
    fn position(&self, dims: &[usize]) -> Result<usize, ShapeError>;
}

impl<S: Layout, A: OneAxis> AxisOn<S> for A
where
    S: ReduceAxes<A>,
{
    #[inline]
    fn position(&self, _: &[usize]) -> Result<usize, ShapeError> {
        Ok(<S as ReduceAxes<A>>::MASK.trailing_zeros() as usize)
    }
}

macro_rules! number_axes {
    ($($t:ty)*) => {$(
        impl<S: Layout> AxisOn<S> for $t {
            #[inline]
            fn position(&self, dims: &[usize]) -> Result<usize, ShapeError> {
                axis::existing(dims, *self)
            }
        }
    )*};
}
number_axes!(usize isize i32 i64);

/// The axes a `flip` reverses: a slice, array or `Vec` of axes of one kind
/// ([`AxisOn`]: `&[Axis::<0>]`, `&[0, -1]`), or a tuple of typed axes
/// (`&(Axis::<0>, AxisFromEnd::<1>)`, checked to be distinct by the
/// compiler).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a list of axes of a tensor of layout `{S}`",
    label = "flip takes `&[Axis::<K>]`, `&[k]` (numbers), or a tuple of typed axes `&(Axis::<0>, Axis::<1>)`",
    note = "generic code names this bound: `A: FlipAxes<S>`"
)]
pub trait FlipAxes<S: Layout> {
    /// One flag per axis of `dims` (`true`: reversed), or PyTorch's error
    /// for an axis out of range or listed twice.
    fn mask(&self, dims: &[usize]) -> Result<Vec<bool>, ShapeError>;
}

/// The mask of a list of axes: the runtime rule (`axis::mask`) on their
/// positions.
fn mask_of<S: Layout, X: AxisOn<S>>(dims: &[usize], axes: &[X]) -> Result<Vec<bool>, ShapeError> {
    let positions = axes
        .iter()
        .map(|a| a.position(dims))
        .collect::<Result<Vec<usize>, ShapeError>>()?;
    axis::mask(dims, &positions)
}

impl<S: Layout, X: AxisOn<S>> FlipAxes<S> for [X] {
    fn mask(&self, dims: &[usize]) -> Result<Vec<bool>, ShapeError> {
        mask_of(dims, self)
    }
}
impl<S: Layout, X: AxisOn<S>, const N: usize> FlipAxes<S> for [X; N] {
    fn mask(&self, dims: &[usize]) -> Result<Vec<bool>, ShapeError> {
        mask_of(dims, self)
    }
}
impl<S: Layout, X: AxisOn<S>> FlipAxes<S> for Vec<X> {
    fn mask(&self, dims: &[usize]) -> Result<Vec<bool>, ShapeError> {
        mask_of(dims, self)
    }
}
macro_rules! tuple_axes {
    ($($x:ident)*) => {
        impl<S: Layout, $($x: OneAxis),*> FlipAxes<S> for ($($x,)*)
        where
            S: ReduceAxes<($($x,)*)>,
        {
            fn mask(&self, dims: &[usize]) -> Result<Vec<bool>, ShapeError> {
                let m = <S as ReduceAxes<($($x,)*)>>::MASK;
                Ok((0..dims.len()).map(|k| m >> k & 1 == 1).collect())
            }
        }
    };
}
tuple_axes!(A B);
tuple_axes!(A B C);
tuple_axes!(A B C D);
