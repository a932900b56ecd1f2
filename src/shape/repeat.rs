//! The layout of `repeat` (PyTorch's; NumPy's `tile`) with repeats known
//! at compile time: the repeats are a static shape `R` with at least the
//! tensor's rank (PyTorch's rule; extra leading repeats add leading
//! axes), and each size is the tensor's, padded with leading 1s, times
//! its repeat: the layout of [`kron`](crate::shape::kron) of the tensor
//! and `R`. A static product above 1024 or a `Dyn` size gives `Dyn`. The
//! result has no names.
//!
//! | operation | bound | result layout |
//! |---|---|---|
//! | `t.repeat_static::<R>()` | `S: RepeatBy<R>` | `Repeated<S, R>` |
//!
//! ```
//! use shaped::shape::repeat::Repeated;
//! use shaped::{shape, Dyn, Tensor};
//! let t = Tensor::<i32, shape![2, 3]>::arange();
//! let r: Tensor<i32, Repeated<shape![2, 3], shape![1, 2, 1]>> = t.repeat_static::<shape![1, 2, 1]>();
//! let same: Tensor<i32, shape![1, 4, 3]> = r;
//! assert_eq!(same.to_vec(), t.to_dyn().repeat(&[1, 2, 1]).to_vec());
//! let m: Tensor<i32, shape![Dyn, 6]> = Tensor::<i32, shape![Dyn, 3]>::arange_sized(&[4]).repeat_static::<shape![1, 2]>();
//! assert_eq!(m.shape().as_slice(), &[4, 6]);
//! ```

use crate::shape::kron::{KronWith, Kronned};
use crate::shape::list::{Cons, Layout, Nil, Shape};

/// Layouts that repeats `R` (a static shape) tile: `R` has at least
/// `Self`'s rank.
#[diagnostic::on_unimplemented(
    message = "cannot repeat a tensor of layout `{Self}` by the repeats `{R}`",
    note = "generic code names this bound: `S: RepeatBy<R>`, with the result layout `Repeated<S, R>`"
)]
pub trait RepeatBy<R: Shape + Layout>: Layout {
    /// The result layout.
    type Out: Layout;
}
impl<S: Layout, R: Shape + Layout> RepeatBy<R> for S
where
    (S::List, R::List): RepeatsCover<S::List, R::List>,
    S: KronWith<R>,
{
    type Out = Kronned<S, R>;
}

/// The layout of `t.repeat_static::<R>()` for `t` of layout `S`.
pub type Repeated<S, R> = <S as RepeatBy<R>>::Out;

/// The rest of the tensor's dimensions and of the repeats (the pair
/// `Self`, from the full lists `SL` and `RL`): the repeats are not
/// shorter. One impl per pair of kinds of list, so that rustc matches
/// both lists and reports a failure with both.
#[diagnostic::on_unimplemented(
    message = "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor: the tensor has the dimensions `{SL}`, the repeats `{RL}`",
    label = "fewer repeats than dimensions (PyTorch's rule; NumPy's `tile` pads the repeats)"
)]
pub trait RepeatsCover<SL, RL> {}
impl<RS, SL, RL> RepeatsCover<SL, RL> for (Nil, RS) {}
impl<A, T, B, U, SL, RL> RepeatsCover<SL, RL> for (Cons<A, T>, Cons<B, U>) where
    (T, U): RepeatsCover<SL, RL>
{
}
impl<A, T, SL, RL> RepeatsCover<SL, RL> for (Cons<A, T>, Nil) where (): TooFewRepeats<SL, RL> {}

/// Implemented for nothing: the error of [`RepeatsCover`] when the
/// repeats run out before the tensor's dimensions.
#[diagnostic::on_unimplemented(
    message = "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor: the tensor has the dimensions `{SL}`, the repeats `{RL}`",
    label = "fewer repeats than dimensions (PyTorch's rule; NumPy's `tile` pads the repeats)"
)]
pub trait TooFewRepeats<SL, RL> {}
