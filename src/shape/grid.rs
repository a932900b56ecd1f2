//! The layouts of coordinate grids on static and mixed layouts: `outer`
//! of two vectors and `meshgrid` of 2 to 4, PyTorch's `indexing="ij"`.
//! Each input is one-dimensional ([`Vector`]); the result has one axis
//! per input, of that input's size (static or `Dyn`, its name kept).
//!
//! | operation | bound | result layout |
//! |---|---|---|
//! | `a.outer(&b)` | `S: Vector`, `R: Vector` | `Gridded<(S, R)>` |
//! | `meshgrid((&x, &y, ..))` | `(S1, S2, ..): GridLayouts` | `Gridded<(S1, S2, ..)>` |
//!
//! ```
//! use shaped::shape::grid::Gridded;
//! use shaped::{shape, Dyn};
//! fn sizes<P: shaped::shape::grid::GridLayouts>() -> shaped::Dims {
//!     <Gridded<P> as shaped::Layout>::TEMPLATE
//! }
//! assert_eq!(&*sizes::<(shape![3], shape![Dyn])>(), &[3, usize::MAX]);
//! ```

use crate::shape::list::{Cons, Layout, Nil};
use crate::shape::mixed::{Mixed, ToLayout};

/// A one-dimensional layout, static or mixed: a vector.
#[diagnostic::on_unimplemented(
    message = "expected a vector (a 1-D tensor), not one of layout `{Self}`",
    label = "a 1-D tensor is needed",
    note = "generic code names this bound: `S: Vector`"
)]
pub trait Vector: Layout {
    /// Its one dimension.
    type Dim;
}
// One impl per kind of 1-D layout: a type parameter matches none, so
// generic code is told the bound `S: Vector`.
impl<X> Vector for Cons<X, Nil>
where
    Cons<X, Nil>: Layout,
{
    type Dim = X;
}
impl<X> Vector for Mixed<Cons<X, Nil>>
where
    Mixed<Cons<X, Nil>>: Layout,
{
    type Dim = X;
}

/// A tuple of 2 to 4 vector layouts: the layout of their grid has one
/// axis per vector, of its size.
#[diagnostic::on_unimplemented(
    message = "cannot make a grid of the layouts `{Self}`",
    label = "2 to 4 vectors (1-D tensors) are needed",
    note = "generic code names this bound: `(S1, S2, ..): GridLayouts`, with the result layout `Gridded<(S1, S2, ..)>`"
)]
pub trait GridLayouts {
    /// The grid's layout.
    type Out: Layout;
}
macro_rules! grid_layouts {
    ($($v:ident)+) => {
        impl<$($v: Vector),+> GridLayouts for ($($v,)+)
        where
            grid_layouts!(@list $($v)+): ToLayout,
        {
            type Out = <grid_layouts!(@list $($v)+) as ToLayout>::Out;
        }
    };
    (@list) => { Nil };
    (@list $v:ident $($rest:ident)*) => { Cons<$v::Dim, grid_layouts!(@list $($rest)*)> };
}
grid_layouts!(A B);
grid_layouts!(A B C);
grid_layouts!(A B C E);

/// The layout of the grid of the vector layouts `P` (a tuple).
pub type Gridded<P> = <P as GridLayouts>::Out;
