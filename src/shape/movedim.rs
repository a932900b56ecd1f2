//! The layout of `movedim(a, b)` on static and mixed layouts: the
//! dimension at axis `a` taken out and put back at position `b`, the
//! others keeping their order (PyTorch's `movedim` for one axis, NumPy's
//! `moveaxis`). Both axes are `Axis<K>`, `AxisFromEnd<K>` or a dimension
//! name, and must be axes of the tensor; an axis out of range does not
//! compile, and the error names it and the rank in decimal.
//!
//! | operation | bound | result layout |
//! |---|---|---|
//! | `movedim(a, b)` | `S: MoveDim<A, B>` | `MovedDim<S, A, B>` |
//!
//! ```
//! use shaped::shape::movedim::MovedDim;
//! use shaped::{shape, Axis, AxisFromEnd, Tensor};
//! let t = Tensor::<i32, shape![2, 3, 4]>::zeros();
//! let m: Tensor<i32, MovedDim<shape![2, 3, 4], Axis<0>, AxisFromEnd<1>>> =
//!     t.movedim(Axis::<0>, AxisFromEnd::<1>);
//! let same: Tensor<i32, shape![3, 4, 2]> = m;
//! assert_eq!(same.shape().as_slice(), &[3, 4, 2]);
//! ```

use crate::shape::axes::{AxisOf, Nat};
use crate::shape::list::Layout;
use crate::shape::mixed::ToLayout;
use crate::shape::past_end::{DimAt, Inserted, Without};

/// A layout whose axis `A` can move to position `B`: both axes of it.
#[diagnostic::on_unimplemented(
    message = "cannot move the axis `{A}` of a tensor of layout `{Self}` to `{B}`",
    label = "both must be axes of the tensor",
    note = "generic code names this bound: `S: MoveDim<A, B>`, with the result layout `MovedDim<S, A, B>`"
)]
pub trait MoveDim<A, B>: Layout {
    /// The result layout.
    type Out: Layout;
    /// The positions of the two axes, counted from the left.
    const AXES: (usize, usize);
}
// No `do_not_recommend`: for a concrete layout rustc follows the rule down
// to the axis check that fails, whose message names the axis and the rank.
per_layout_kind!(impl[A, B] MoveDim<A, B> as MoveDimRule<A, B> { type Out; const AXES: (usize, usize); });

/// [`MoveDim`] for every layout.
pub trait MoveDimRule<A, B> {
    /// See [`MoveDim::Out`].
    type Out: Layout;
    /// See [`MoveDim::AXES`].
    const AXES: (usize, usize);
}
/// The list `L` without position `P`.
type Removed<L, P> = <L as Without<P>>::Out;
/// The list `L` with position `P`'s dimension moved to position `Q`.
type Moved<L, P, Q> = <Removed<L, P> as Inserted<Q, <L as DimAt<P>>::Out>>::Out;
impl<S: Layout, A: AxisOf<S::List>, B: AxisOf<S::List>> MoveDimRule<A, B> for S
where
    S::List: DimAt<A::P> + Without<A::P>,
    Removed<S::List, A::P>: Inserted<B::P, <S::List as DimAt<A::P>>::Out>,
    Moved<S::List, A::P, B::P>: ToLayout,
{
    type Out = <Moved<S::List, A::P, B::P> as ToLayout>::Out;
    const AXES: (usize, usize) = (<A::P as Nat>::N, <B::P as Nat>::N);
}

/// `S` with its axis `A` moved to position `B`.
pub type MovedDim<S, A, B> = <S as MoveDim<A, B>>::Out;
