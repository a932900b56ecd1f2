//! The elementwise binary operations as types, so that the kernel is
//! instantiated once per element type and operation, never per shape. Each
//! applies the element layer's arithmetic (wrapping for integers) and says
//! which right operands it refuses (an integer divisor of 0).

use crate::element::Element;
use crate::error::ShapeError;
use crate::kernel;

/// An elementwise binary operation.
pub trait BinaryOp<T> {
    /// `a op b`.
    fn apply(a: T, b: T) -> T;
    /// Whether [`check`](Self::check) can refuse anything: callers holding
    /// a strided operand skip gathering it into a slice otherwise.
    const CHECKS: bool = false;
    /// Checks the right operand's elements before any is used: an error
    /// for an integer division or remainder by zero, `Ok` otherwise (and
    /// nothing to do for the other operations and for floats).
    #[inline(always)]
    fn check(_b: &[T]) -> Result<(), ShapeError> {
        Ok(())
    }
    /// [`check`](Self::check) for `a op b`: nothing to refuse when `a`,
    /// and so the result, is empty (no element divides by anything).
    #[inline(always)]
    fn check_for(a: &[T], b: &[T]) -> Result<(), ShapeError> {
        if a.is_empty() { Ok(()) } else { Self::check(b) }
    }
    /// `a op b` with the arguments in the other order (`b`, then `a`): for
    /// the kernel's `out = f(out, x)` when `out` holds the right operand.
    ///
    /// A function of the operation alone, not a closure in the generic
    /// caller: a closure's type would carry the caller's shapes, and every
    /// shape would compile its own copy of the whole runtime kernel.
    #[inline(always)]
    fn apply_swapped(b: T, a: T) -> T {
        Self::apply(a, b)
    }
    /// Whether `apply(a, b) == apply(b, a)` always (`+` and `*`): then an
    /// owned right operand that holds the result is computed by `apply`
    /// itself, the same runtime kernel as `a op= b`.
    const COMMUTES: bool = false;
}

/// `out = a op out`, `a` broadcast to `out`'s sizes (callers check): an
/// owned right operand holding the result. The kernel's `out = f(out, a)`
/// with the arguments swapped back; for an operation that commutes, the
/// same kernel as `out op= a`, so that a program compiles one copy of the
/// runtime kernel for both (each is a large function for LLVM).
#[inline]
pub(crate) fn assign_swapped<T: Element, Op: BinaryOp<T>>(
    out: &mut [T],
    out_dims: &[usize],
    a: &[T],
    a_dims: &[usize],
) {
    if Op::COMMUTES {
        kernel::assign(out, out_dims, a, a_dims, Op::apply);
    } else {
        kernel::assign(out, out_dims, a, a_dims, Op::apply_swapped);
    }
}

macro_rules! op_types {
    ($($Op:ident $method:ident $sym:literal $commutes:literal),*) => {$(
        #[doc = concat!("The operation `a ", $sym, " b`.")]
        #[derive(Debug, Clone, Copy)]
        pub struct $Op;
        impl<T: Element> BinaryOp<T> for $Op {
            #[inline(always)]
            fn apply(a: T, b: T) -> T {
                a.$method(b)
            }
            const COMMUTES: bool = $commutes;
        }
    )*};
}
op_types!(AddOp add_elem "+" true, SubOp sub_elem "-" false, MulOp mul_elem "*" true);

macro_rules! division_types {
    ($($Op:ident $method:ident $sym:literal $name:literal),*) => {$(
        #[doc = concat!("The operation `a ", $sym, " b`; an integer `b` of 0 is refused.")]
        #[derive(Debug, Clone, Copy)]
        pub struct $Op;
        impl<T: Element> BinaryOp<T> for $Op {
            const CHECKS: bool = T::INTEGER;
            #[inline(always)]
            fn apply(a: T, b: T) -> T {
                a.$method(b)
            }
            #[inline(always)]
            fn check(b: &[T]) -> Result<(), ShapeError> {
                check_divisor(b, $name)
            }
        }
    )*};
}
division_types!(
    DivOp div_elem "/" "division",
    RemOp rem_elem "%" "remainder",
    FloorRemOp floor_rem_elem "remainder(b)" "remainder"
);

/// [`ShapeError::DivisionByZero`] if `b` holds an integer 0: one pass over
/// the divisor, compiled away for floats.
#[inline]
pub(crate) fn check_divisor<T: Element>(b: &[T], op: &'static str) -> Result<(), ShapeError> {
    if T::INTEGER && b.contains(&T::zero()) {
        return Err(ShapeError::DivisionByZero { op });
    }
    Ok(())
}
