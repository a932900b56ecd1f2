//! A layout with one more dimension at the end: the layout of
//! [`one_hot`](crate::Tensor::one_hot) (`[.., N]`).

use crate::shape::broadcast::ReverseOnto;
use crate::shape::list::{Cons, Layout, Nil};
use crate::shape::mixed::ToLayout;

/// `Self` with the dimension `X` appended: `shape![4, 3]` with `D<10>` is
/// `shape![4, 3, 10]`, `shape![Dyn]` with `D<10>` is `shape![Dyn, 10]`.
pub trait AppendDim<X>: Layout {
    /// The longer layout.
    type Out: Layout;
}
impl<S: Layout, X> AppendDim<X> for S
where
    Cons<X, S::Reversed>: ReverseOnto<Nil>,
    <Cons<X, S::Reversed> as ReverseOnto<Nil>>::Out: ToLayout,
{
    type Out = <<Cons<X, S::Reversed> as ReverseOnto<Nil>>::Out as ToLayout>::Out;
}

/// The layout `S` with the dimension `X` appended ([`AppendDim`]).
pub type Appended<S, X> = <S as AppendDim<X>>::Out;
