//! [`Operand`]: the one question every family asks of its input, "give me
//! your layout, your elements through their strides, and your contiguous
//! slice if you have one", answered once for each of the six kinds of
//! tensor ([`Tensor`] of a static or mixed layout, [`DynTensor`],
//! [`TensorView`], [`TensorViewMut`], [`DynView`], [`DynViewMut`]) and for
//! references to them.
//!
//! A family is written once over this trait: its typed kinds (whose
//! [`Operand::Layout`] is a [`Layout`]) give typed results, its runtime
//! kinds ([`Runtime`]) give [`DynTensor`]s, and the path is picked by what
//! the operand offers: a static layout's contiguous slice takes the
//! unrolled path, any contiguous slice the slice loops, the rest the
//! strided walk. [`__for_each_kind!`](crate::__for_each_kind) is the table
//! of the six kinds from which each family stamps its methods.
//!
//! ```
//! use shaped::view::Operand;
//! use shaped::{shape, DynTensor, Tensor};
//! fn total<O: Operand<Elem = f64>>(o: &O) -> f64 {
//!     match o.contiguous() {
//!         Some(x) => x.iter().sum(),
//!         None => o.strided().to_vec().iter().sum(),
//!     }
//! }
//! let t = Tensor::<f64, shape![2, 3]>::arange();
//! let d = DynTensor::<f64>::arange(6).reshape(&[2, 3]).unwrap();
//! assert_eq!(total(&t), 15.0);
//! assert_eq!(total(&t.t()), 15.0); // a transposed view: read through strides
//! assert_eq!(total(&d.t()), 15.0);
//! ```

use super::dyn_view::{DynView, DynViewMut};
use super::static_view::{TensorView, TensorViewMut};
use crate::element::Element;
use crate::shape::list::Layout;
use crate::tensor::{DynTensor, Tensor};

/// The layout of a runtime-shaped operand ([`DynTensor`], [`DynView`],
/// [`DynViewMut`]): its sizes are known only when the program runs, and
/// its results are [`DynTensor`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Runtime;

/// What an [`Operand`]'s layout says about its results: a static or mixed
/// [`Layout`] `S` gives [`Tensor<T, S>`](Tensor), [`Runtime`] gives
/// [`DynTensor<T>`].
pub trait OperandLayout: 'static {
    /// Whether this is [`Runtime`].
    const RUNTIME: bool;
    /// Whether every size is known at compile time (a static [`Layout`]).
    const STATIC: bool;
    /// The owned tensor of this layout with elements `T`.
    type Owned<T: Element>;
}
impl<S: Layout> OperandLayout for S {
    const RUNTIME: bool = false;
    const STATIC: bool = S::STATIC;
    type Owned<T: Element> = Tensor<T, S>;
}
impl OperandLayout for Runtime {
    const RUNTIME: bool = true;
    const STATIC: bool = false;
    type Owned<T: Element> = DynTensor<T>;
}

/// A tensor or a view of any of the six kinds (or a reference to one):
/// its layout, its elements as a strided view, and its contiguous
/// row-major slice when it has one. See the [module](self).
pub trait Operand {
    /// The element type.
    type Elem: Element;
    /// A static or mixed [`Layout`] for `Tensor`, `TensorView` and
    /// `TensorViewMut`; [`Runtime`] for the other three.
    type Layout: OperandLayout;
    /// The elements where they lie, as a strided view (names included).
    fn strided(&self) -> DynView<'_, Self::Elem>;
    /// The elements, row-major, when they are one contiguous run.
    fn contiguous(&self) -> Option<&[Self::Elem]>;
}

/// The tensor an operand's results of element `T` are: `Tensor<T, S>` for
/// the typed kinds of layout `S`, `DynTensor<T>` for the runtime ones.
pub type OwnedOf<O, T> = <<O as Operand>::Layout as OperandLayout>::Owned<T>;

impl<T: Element, S: Layout> Operand for Tensor<T, S> {
    type Elem = T;
    type Layout = S;
    #[inline]
    fn strided(&self) -> DynView<'_, T> {
        self.view().as_dyn()
    }
    #[inline(always)]
    fn contiguous(&self) -> Option<&[T]> {
        Some(self.as_slice())
    }
}
impl<T: Element> Operand for DynTensor<T> {
    type Elem = T;
    type Layout = Runtime;
    #[inline]
    fn strided(&self) -> DynView<'_, T> {
        self.view()
    }
    #[inline(always)]
    fn contiguous(&self) -> Option<&[T]> {
        Some(self.as_slice())
    }
}
impl<T: Element, S: Layout> Operand for TensorView<'_, T, S> {
    type Elem = T;
    type Layout = S;
    #[inline]
    fn strided(&self) -> DynView<'_, T> {
        self.as_dyn()
    }
    #[inline]
    fn contiguous(&self) -> Option<&[T]> {
        self.as_dyn().as_slice()
    }
}
impl<T: Element, S: Layout> Operand for TensorViewMut<'_, T, S> {
    type Elem = T;
    type Layout = S;
    #[inline]
    fn strided(&self) -> DynView<'_, T> {
        (**self).view()
    }
    #[inline]
    fn contiguous(&self) -> Option<&[T]> {
        (**self).view().as_slice()
    }
}
impl<T: Element> Operand for DynView<'_, T> {
    type Elem = T;
    type Layout = Runtime;
    #[inline]
    fn strided(&self) -> DynView<'_, T> {
        self.clone()
    }
    #[inline]
    fn contiguous(&self) -> Option<&[T]> {
        self.as_slice()
    }
}
impl<T: Element> Operand for DynViewMut<'_, T> {
    type Elem = T;
    type Layout = Runtime;
    #[inline]
    fn strided(&self) -> DynView<'_, T> {
        self.view()
    }
    #[inline]
    fn contiguous(&self) -> Option<&[T]> {
        self.view().as_slice()
    }
}
impl<O: Operand + ?Sized> Operand for &O {
    type Elem = O::Elem;
    type Layout = O::Layout;
    #[inline(always)]
    fn strided(&self) -> DynView<'_, O::Elem> {
        (**self).strided()
    }
    #[inline(always)]
    fn contiguous(&self) -> Option<&[O::Elem]> {
        (**self).contiguous()
    }
}
impl<O: Operand + ?Sized> Operand for &mut O {
    type Elem = O::Elem;
    type Layout = O::Layout;
    #[inline(always)]
    fn strided(&self) -> DynView<'_, O::Elem> {
        (**self).strided()
    }
    #[inline(always)]
    fn contiguous(&self) -> Option<&[O::Elem]> {
        (**self).contiguous()
    }
}

/// The table of the six kinds of tensor, from which every family stamps
/// its methods: calls `$cb!` once with the typed kinds and once with the
/// runtime kinds (each kind a type naming the element `T` and, for the
/// typed ones, the layout `S`), followed by the caller's tokens:
/// `$cb! { typed [Tensor<T, S>] [TensorView<'_, T, S>] [TensorViewMut<'_, T, S>]; .. }`
/// and `$cb! { runtime [DynTensor<T>] [DynView<'_, T>] [DynViewMut<'_, T>]; .. }`.
#[doc(hidden)]
#[macro_export]
macro_rules! __for_each_kind {
    ($cb:ident; $($rest:tt)*) => {
        $cb! { typed
            [$crate::Tensor<T, S>]
            [$crate::TensorView<'_, T, S>]
            [$crate::TensorViewMut<'_, T, S>];
            $($rest)*
        }
        $cb! { runtime
            [$crate::DynTensor<T>]
            [$crate::DynView<'_, T>]
            [$crate::DynViewMut<'_, T>];
            $($rest)*
        }
    };
}
