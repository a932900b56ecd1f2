//! The elementwise binary operations as types, so that the kernel is
//! instantiated once per element type and operation, never per shape.

use core::ops::{Add, Div, Mul, Rem, Sub};

/// An elementwise binary operation.
pub trait BinaryOp<T> {
    /// `a op b`.
    fn apply(a: T, b: T) -> T;
}

macro_rules! op_types {
    ($($Op:ident $Trait:ident $method:ident $sym:literal),*) => {$(
        #[doc = concat!("The operation `a ", $sym, " b`.")]
        #[derive(Debug, Clone, Copy)]
        pub struct $Op;
        impl<T: $Trait<Output = T>> BinaryOp<T> for $Op {
            #[inline(always)]
            fn apply(a: T, b: T) -> T {
                a.$method(b)
            }
        }
    )*};
}
op_types!(AddOp Add add "+", SubOp Sub sub "-", MulOp Mul mul "*", DivOp Div div "/", RemOp Rem rem "%");
