//! Arithmetic between a tensor and a mask (`+ - * /`): the mask is read as
//! 0 and 1 of the tensor's element type, as NumPy and PyTorch promote a
//! boolean operand, and the two broadcast as any two operands do. So the
//! ReLU backward of NumPy code, `gh * (h > 0)`, is `&gh * &h.gt(0.0)`.
//!
//! Static and mixed tensors take a [`Mask<S>`] (the result layout computed
//! by the compiler, a shape mismatch does not compile); runtime tensors a
//! `DynTensor<bool>` (a mismatch panics, as their operators do); a static
//! tensor with a `DynTensor<bool>`, or a runtime one with a `Mask`, gives a
//! `DynTensor`. Either side may be the mask, by value or by reference. The
//! mask is converted first ([`Mask::cast`]), then the operator runs as for
//! two tensors, so every rule (integer division by zero panics, floats
//! follow IEEE 754) is the operator's.
//!
//! ```
//! use shaped::{shape, DynTensor, Tensor};
//! let h = Tensor::<f32, shape![2, 3]>::from_slice(&[-1.0, 2.0, 0.0, 3.0, -4.0, 5.0]).unwrap();
//! let gh = Tensor::<f32, shape![2, 3]>::full(10.0);
//! let back: Tensor<f32, shape![2, 3]> = &gh * &h.gt(0.0);
//! assert_eq!(back.to_vec(), vec![0.0, 10.0, 0.0, 10.0, 0.0, 10.0]);
//! let d = h.to_dyn();
//! let dback = &gh.to_dyn() * &d.gt(0.0);
//! assert_eq!(dback.to_vec(), back.to_vec());
//! let plus_one = &h.gt(0.0) + &h;                       // the mask on the left
//! assert_eq!(plus_one.to_vec(), vec![-1.0, 3.0, 0.0, 4.0, -4.0, 6.0]);
//! ```

use core::ops::{Add, Div, Mul, Sub};

use crate::element::Element;
use crate::ops::RhsOf;
use crate::shape::list::Layout;
use crate::tensor::{DynTensor, Tensor};

use super::layout_mask::Mask;

// Each impl converts the mask and hands both operands to the tensors'
// own operator, so that broadcasting, lending and errors are theirs.
macro_rules! mask_ops {
    ($($Trait:ident $method:ident),*) => {$(
        // A static or mixed tensor with a `Mask`: the compiler's layout.
        impl<T: Element, S: Layout, R: RhsOf<S>> $Trait<&Mask<R>> for &Tensor<T, S> {
            type Output = Tensor<T, R::Out>;
            #[track_caller]
            fn $method(self, rhs: &Mask<R>) -> Tensor<T, R::Out> {
                $Trait::$method(self, rhs.cast::<T>())
            }
        }
        impl<T: Element, S: Layout, R: RhsOf<S>> $Trait<Mask<R>> for &Tensor<T, S> {
            type Output = Tensor<T, R::Out>;
            #[track_caller]
            fn $method(self, rhs: Mask<R>) -> Tensor<T, R::Out> {
                $Trait::$method(self, rhs.cast::<T>())
            }
        }
        impl<T: Element, S: Layout, R: RhsOf<S>> $Trait<&Mask<R>> for Tensor<T, S> {
            type Output = Tensor<T, R::Out>;
            #[track_caller]
            fn $method(self, rhs: &Mask<R>) -> Tensor<T, R::Out> {
                $Trait::$method(self, rhs.cast::<T>())
            }
        }
        impl<T: Element, S: Layout, R: RhsOf<S>> $Trait<Mask<R>> for Tensor<T, S> {
            type Output = Tensor<T, R::Out>;
            #[track_caller]
            fn $method(self, rhs: Mask<R>) -> Tensor<T, R::Out> {
                $Trait::$method(self, rhs.cast::<T>())
            }
        }
        impl<T: Element, S: Layout, R: RhsOf<S>> $Trait<&Tensor<T, R>> for &Mask<S> {
            type Output = Tensor<T, R::Out>;
            #[track_caller]
            fn $method(self, rhs: &Tensor<T, R>) -> Tensor<T, R::Out> {
                $Trait::$method(self.cast::<T>(), rhs)
            }
        }
        impl<T: Element, S: Layout, R: RhsOf<S>> $Trait<Tensor<T, R>> for &Mask<S> {
            type Output = Tensor<T, R::Out>;
            #[track_caller]
            fn $method(self, rhs: Tensor<T, R>) -> Tensor<T, R::Out> {
                $Trait::$method(self.cast::<T>(), rhs)
            }
        }
        impl<T: Element, S: Layout, R: RhsOf<S>> $Trait<&Tensor<T, R>> for Mask<S> {
            type Output = Tensor<T, R::Out>;
            #[track_caller]
            fn $method(self, rhs: &Tensor<T, R>) -> Tensor<T, R::Out> {
                $Trait::$method(self.cast::<T>(), rhs)
            }
        }
        impl<T: Element, S: Layout, R: RhsOf<S>> $Trait<Tensor<T, R>> for Mask<S> {
            type Output = Tensor<T, R::Out>;
            #[track_caller]
            fn $method(self, rhs: Tensor<T, R>) -> Tensor<T, R::Out> {
                $Trait::$method(self.cast::<T>(), rhs)
            }
        }
        mask_ops!(@dyn $Trait $method:
            [T: Element] DynTensor<T>, DynTensor<bool>;
            [T: Element, S: Layout] Tensor<T, S>, DynTensor<bool>;
            [T: Element, S: Layout] DynTensor<T>, Mask<S>);
    )*};
    // A runtime side: the result is a `DynTensor`, checked when it runs.
    (@dyn $Trait:ident $method:ident: $([$($g:tt)*] $X:ty, $M:ty);*) => {$(
        impl<$($g)*> $Trait<&$M> for &$X {
            type Output = DynTensor<T>;
            #[track_caller]
            fn $method(self, rhs: &$M) -> DynTensor<T> {
                $Trait::$method(self, rhs.cast::<T>())
            }
        }
        impl<$($g)*> $Trait<$M> for &$X {
            type Output = DynTensor<T>;
            #[track_caller]
            fn $method(self, rhs: $M) -> DynTensor<T> {
                $Trait::$method(self, rhs.cast::<T>())
            }
        }
        impl<$($g)*> $Trait<&$M> for $X {
            type Output = DynTensor<T>;
            #[track_caller]
            fn $method(self, rhs: &$M) -> DynTensor<T> {
                $Trait::$method(self, rhs.cast::<T>())
            }
        }
        impl<$($g)*> $Trait<$M> for $X {
            type Output = DynTensor<T>;
            #[track_caller]
            fn $method(self, rhs: $M) -> DynTensor<T> {
                $Trait::$method(self, rhs.cast::<T>())
            }
        }
        impl<$($g)*> $Trait<&$X> for &$M {
            type Output = DynTensor<T>;
            #[track_caller]
            fn $method(self, rhs: &$X) -> DynTensor<T> {
                $Trait::$method(self.cast::<T>(), rhs)
            }
        }
        impl<$($g)*> $Trait<$X> for &$M {
            type Output = DynTensor<T>;
            #[track_caller]
            fn $method(self, rhs: $X) -> DynTensor<T> {
                $Trait::$method(self.cast::<T>(), rhs)
            }
        }
        impl<$($g)*> $Trait<&$X> for $M {
            type Output = DynTensor<T>;
            #[track_caller]
            fn $method(self, rhs: &$X) -> DynTensor<T> {
                $Trait::$method(self.cast::<T>(), rhs)
            }
        }
        impl<$($g)*> $Trait<$X> for $M {
            type Output = DynTensor<T>;
            #[track_caller]
            fn $method(self, rhs: $X) -> DynTensor<T> {
                $Trait::$method(self.cast::<T>(), rhs)
            }
        }
    )*};
}
mask_ops!(Add add, Sub sub, Mul mul, Div div);
