//! The layout of `kron` (the Kronecker product) on static and mixed
//! layouts: the ranks made equal by leading 1s (as PyTorch and NumPy
//! pad), then the sizes multiplied axis by axis
//! ([`MulDim`]): two static sizes give
//! their static product up to 1024, anything larger or with a `Dyn`
//! factor gives `Dyn`. The result has no names.
//!
//! | operation | bound | result layout |
//! |---|---|---|
//! | `a.kron(&b)` | `S: KronWith<R>` | `Kronned<S, R>` |
//!
//! ```
//! use shaped::shape::kron::Kronned;
//! use shaped::{shape, Dyn, Tensor};
//! type K = Kronned<shape![2, 3], shape![4]>;
//! let k: Tensor<i32, K> = Tensor::<i32, shape![2, 3]>::ones().kron(&Tensor::<i32, shape![4]>::ones());
//! let same: Tensor<i32, shape![2, 12]> = k;
//! assert_eq!(same.numel(), 24);
//! let m: Tensor<i32, shape![Dyn, 6]> =
//!     Tensor::<i32, shape![Dyn, 2]>::ones_sized(&[5]).kron(&Tensor::<i32, shape![3]>::ones());
//! assert_eq!(m.shape().as_slice(), &[5, 6]);
//! ```

use crate::shape::broadcast::ReverseOnto;
use crate::shape::list::{Cons, Layout, Nil};
use crate::shape::mixed::ToLayout;
use crate::shape::product::{Bare, MulDim};

/// Two lists of dimensions, innermost first, multiplied pair by pair; the
/// longer one's extra dimensions are multiplied by 1 (kept, unnamed).
pub trait MulReversed<R> {
    /// The product, innermost first.
    type Out;
}
impl MulReversed<Nil> for Nil {
    type Out = Nil;
}
impl<H: Bare, T: MulReversed<Nil>> MulReversed<Cons<H, T>> for Nil {
    type Out = Cons<H::Out, T::Out>;
}
impl<H: Bare, T: MulReversed<Nil>> MulReversed<Nil> for Cons<H, T> {
    type Out = Cons<H::Out, T::Out>;
}
impl<H: Bare, T: MulReversed<T2>, H2: Bare, T2> MulReversed<Cons<H2, T2>> for Cons<H, T>
where
    H::Out: MulDim<H2::Out>,
{
    type Out = Cons<<H::Out as MulDim<H2::Out>>::Out, T::Out>;
}

/// Two layouts whose Kronecker product has a layout the compiler knows:
/// every pair of static and mixed layouts.
#[diagnostic::on_unimplemented(
    message = "cannot compute the layout of `kron` of `{Self}` and `{R}`",
    note = "generic code names this bound: `S: KronWith<R>`, with the result layout `Kronned<S, R>`"
)]
pub trait KronWith<R: Layout>: Layout {
    /// The result layout.
    type Out: Layout;
}
/// The product of `S` and `R`'s dimensions, innermost first.
type Product<S, R> = <<S as Layout>::Reversed as MulReversed<<R as Layout>::Reversed>>::Out;
impl<S: Layout, R: Layout> KronWith<R> for S
where
    S::Reversed: MulReversed<R::Reversed>,
    Product<S, R>: ReverseOnto<Nil>,
    <Product<S, R> as ReverseOnto<Nil>>::Out: ToLayout,
{
    type Out = <<Product<S, R> as ReverseOnto<Nil>>::Out as ToLayout>::Out;
}

/// The layout of `a.kron(&b)` for `a` of layout `S` and `b` of layout `R`.
pub type Kronned<S, R> = <S as KronWith<R>>::Out;
