//! The arithmetic operators on runtime tensors: `DynTensor` with
//! `DynTensor`, and a static tensor with a runtime one. Shapes are checked at
//! run time; the `try_*` methods return the [`ShapeError`], the operators
//! panic with its message.
//!
//! An unnamed operation is positional broadcasting and nothing else: the
//! shape check, the broadcast shape, the element count and the kernel's
//! plan in one pass on the stack, then the kernel. Only when an operand has
//! names does it go through [`by_name`](super::by_name).

use core::ops::{
    Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Rem, RemAssign, Sub, SubAssign,
};

use super::binary_op::{AddOp, BinaryOp, DivOp, MulOp, RemOp, SubOp, assign_swapped};
use super::operand::Side;
use super::tensor::or_panic;
use crate::element::Element;
use crate::error::{ShapeError, checked_numel};
use crate::kernel::{self, SliceSink};
use crate::shape::broadcast::{broadcast_pair, broadcasts_to, check_broadcast_to};
use crate::shape::list::Layout;
use crate::shape::names::runtime::broadcast_named_shapes;
use crate::tensor::buffer::{INLINE_LEN, SmallBuf};
use crate::tensor::names::NameRef;
use crate::tensor::{DynTensor, ShapeBuf, Tensor};

/// [`BinaryOp::check`] on `b`, reporting a shape error first where the
/// operands do not broadcast (as PyTorch does): the shapes are looked at
/// only when the check fails, so the usual path costs one pass over an
/// integer divisor and nothing for the other operations.
pub(crate) fn check_divisor_after_shapes<T: Element, Op: BinaryOp<T>>(
    a: Side<'_, T>,
    b: Side<'_, T>,
) -> Result<(), ShapeError> {
    if let Err(e) = Op::check_for(a.data, b.data) {
        let an = a.names.map(NameRef::strs).unwrap_or_default();
        let bn = b.names.map(NameRef::strs).unwrap_or_default();
        broadcast_named_shapes(a.dims, &an, b.dims, &bn)?;
        return Err(e);
    }
    Ok(())
}

/// Heap results of up to this many elements are zeroed, then written as a
/// slice: for short rows, appending to a `Vec` (a length update and a
/// capacity check per row) costs more than zeroing a few cache lines
/// (`[5, 3, 4, 1] + [3, 1, 2]`: rows of 2). Larger ones are appended,
/// which writes each element once.
const FILLED_FIRST: usize = 1024;

impl<T: Element> DynTensor<T> {
    /// The shared body of the binary operations: `a op b` on any two
    /// row-major operands (this is also how static and runtime tensors meet).
    /// Named operands go through the names layer, `by_name`.
    pub(crate) fn binary<Op: BinaryOp<T>>(
        a: Side<'_, T>,
        b: Side<'_, T>,
    ) -> Result<Self, ShapeError> {
        if let Some(t) = Self::quick_binary::<Op>(a, b) {
            return Ok(t);
        }
        if let Some(t) = Self::small_binary::<Op>(a, b) {
            return Ok(t);
        }
        Self::general_binary::<Op>(a, b)
    }

    /// `a op b` for the commonest small forms ([`kernel::quick_plan`]:
    /// ranks up to 2, one operand with the result's sizes, the other the
    /// same sizes, a row, a column or one element) with a result of at most
    /// [`INLINE_LEN`] elements; `None` otherwise, and for a divisor of 0,
    /// which the general path reports. The tensor is built at the end as
    /// one plain value, which Rust writes straight into the caller's slot.
    ///
    /// No legacy-broadcast check: one operand has the result's sizes, so
    /// the result is never larger than both (the hook's condition).
    #[inline(always)]
    fn quick_binary<Op: BinaryOp<T>>(a: Side<'_, T>, b: Side<'_, T>) -> Option<Self> {
        if a.names.is_some() || b.names.is_some() {
            return None;
        }
        let q = kernel::quick_plan(a.dims, b.dims)?;
        let (numel, [d1, d0]) = (q.numel(), q.dims);
        if numel > INLINE_LEN || Op::check_for(a.data, b.data).is_err() {
            return None;
        }
        let mut buf = [T::default(); INLINE_LEN];
        kernel::binary_quick(&mut buf[..numel], a.data, b.data, &q, Op::apply);
        let rank = a.dims.len().max(b.dims.len());
        // The sizes past the rank are filler.
        let mut dims = [0; crate::tensor::dyn_tensor::INLINE_RANK];
        (dims[0], dims[1]) = if rank == 2 { (d1, d0) } else { (d0, 0) };
        let out = DynTensor {
            data: SmallBuf::inline(numel, buf),
            shape: ShapeBuf::from_array(rank, dims),
            names: None,
        };
        debug_assert_eq!(crate::error::numel(out.shape()), Some(out.data.len()));
        Some(out)
    }

    /// `a op b` when both are unnamed and the operation is small
    /// ([`kernel::small_plan`]); `None` otherwise, and for a divisor of 0
    /// (the general path builds the result or the error). Built at the end
    /// as one plain value, as in [`quick_binary`](Self::quick_binary).
    #[inline(always)]
    fn small_binary<Op: BinaryOp<T>>(a: Side<'_, T>, b: Side<'_, T>) -> Option<Self> {
        if a.names.is_some() || b.names.is_some() {
            return None;
        }
        let mut dims = [0; crate::tensor::dyn_tensor::INLINE_RANK];
        let p = kernel::small_plan(a.dims, b.dims, &mut dims)?;
        if Op::check_for(a.data, b.data).is_err() {
            return None;
        }
        let rank = a.dims.len().max(b.dims.len());
        #[cfg(feature = "std")]
        crate::legacy::check(a.dims, b.dims, &dims[..rank]);
        let data = if p.numel <= INLINE_LEN {
            let mut buf = [T::default(); INLINE_LEN];
            kernel::binary_small(&mut buf[..p.numel], a.data, b.data, &p, Op::apply);
            SmallBuf::inline(p.numel, buf)
        } else {
            SmallBuf::from_vec(kernel::binary_small_vec(a.data, b.data, &p, Op::apply))
        };
        let out = DynTensor {
            data,
            shape: ShapeBuf::from_array(rank, dims),
            names: None,
        };
        debug_assert_eq!(crate::error::numel(out.shape()), Some(out.data.len()));
        Some(out)
    }

    /// [`binary`](Self::binary) past the small case: names, larger
    /// results, higher ranks and every error.
    fn general_binary<Op: BinaryOp<T>>(a: Side<'_, T>, b: Side<'_, T>) -> Result<Self, ShapeError> {
        check_divisor_after_shapes::<T, Op>(a, b)?;
        if a.names.is_some() || b.names.is_some() {
            return super::by_name::zip(a, b, Op::apply);
        }
        let (a, a_dims, b, b_dims) = (a.data, a.dims, b.data, b.dims);
        // The usual case: the shape check, the output's sizes and the
        // kernel's plan in one pass on the stack.
        let (mut dims, mut axes) = ([0; kernel::INLINE_AXES], kernel::PAIR_AXES);
        if let Some((count, n)) = kernel::pair_plan(a_dims, b_dims, &mut dims, &mut axes)
            && n <= isize::MAX as usize / core::mem::size_of::<T>().max(1)
            && (n != 0 || checked_numel::<T>(&dims[..a_dims.len().max(b_dims.len())]).is_ok())
        {
            let shape = ShapeBuf::from_array(a_dims.len().max(b_dims.len()), dims);
            let (axes, dims) = (&axes[..count], shape.as_slice());
            #[cfg(feature = "std")]
            crate::legacy::check(a_dims, b_dims, dims);
            let data = SmallBuf::build(
                n,
                dims,
                |s| {
                    if n != 0 {
                        kernel::binary_planned(&mut SliceSink::new(s), a, b, axes, Op::apply)
                    }
                },
                |v| {
                    heap_result(v, n, dims, (a, a_dims), (b, b_dims), Op::apply, |v| {
                        if n <= FILLED_FIRST {
                            v.resize(n, T::default());
                            kernel::binary_planned(&mut SliceSink::new(v), a, b, axes, Op::apply)
                        } else {
                            kernel::binary_planned(v, a, b, axes, Op::apply)
                        }
                    })
                },
            )?;
            return Ok(DynTensor::from_store(data, shape));
        }
        // The rest (a mismatch, a rank above 8, an overflowing count): the
        // functions that build the errors, and the general kernel.
        let shape = broadcast_pair(a_dims, b_dims)?;
        #[cfg(feature = "std")]
        crate::legacy::check(a_dims, b_dims, &shape);
        let n = checked_numel::<T>(&shape)?;
        let dims = &shape[..];
        let data = SmallBuf::build(
            n,
            dims,
            |s| kernel::binary_into(s, dims, a, a_dims, b, b_dims, Op::apply),
            |v| {
                heap_result(v, n, dims, (a, a_dims), (b, b_dims), Op::apply, |v| {
                    kernel::binary_onto_vec(v, dims, a, a_dims, b, b_dims, Op::apply)
                })
            },
        )?;
        Ok(DynTensor::from_store(data, ShapeBuf::from_slice(dims)))
    }

    /// The shared body of the in-place operations; leaves `self` untouched on error.
    pub(crate) fn assign<Op: BinaryOp<T>>(&mut self, b: Side<'_, T>) -> Result<(), ShapeError> {
        // Small unnamed operations whose result is `self`'s shape: the
        // small path's plan and loops, as for `a + b`.
        if self.names.is_none() && b.names.is_none() {
            let own = self.shape.as_slice();
            if let Some(p) = kernel::small_plan_onto(own, b.dims, own) {
                Op::check_for(&self.data, b.data)?;
                kernel::assign_small(&mut self.data, b.data, &p, Op::apply);
                return Ok(());
            }
        }
        if let Err(e) = Op::check_for(&self.data, b.data) {
            // A shape error is reported first, as PyTorch does.
            if self.names.is_none() || b.names.is_none() {
                check_broadcast_to(self.shape.as_slice(), b.dims)?;
            }
            return Err(e);
        }
        if self.names.is_some() || b.names.is_some() {
            return super::by_name::assign(self, b, Op::apply);
        }
        let (b, b_dims) = (b.data, b.dims);
        check_broadcast_to(self.shape.as_slice(), b_dims)?;
        kernel::assign(&mut self.data, self.shape.as_slice(), b, b_dims, Op::apply);
        Ok(())
    }
}

macro_rules! try_ops {
    ($($try:ident $try_assign:ident $Op:ident $sym:literal),*) => {$(
        impl<T: Element> DynTensor<T> {
            #[doc = concat!("`self ", $sym, " other` with broadcasting, or the PyTorch error.")]
            pub fn $try(&self, other: &DynTensor<T>) -> Result<DynTensor<T>, ShapeError> {
                Self::binary::<$Op>(self.side(), other.side())
            }
            #[doc = concat!("`self ", $sym, "= other`: `other` must broadcast to `self`'s shape; on error `self` is unchanged.")]
            pub fn $try_assign(&mut self, other: &DynTensor<T>) -> Result<(), ShapeError> {
                self.assign::<$Op>(other.side())
            }
        }
    )*};
}
try_ops!(
    try_add try_add_assign AddOp "+",
    try_sub try_sub_assign SubOp "-",
    try_mul try_mul_assign MulOp "*",
    try_div try_div_assign DivOp "/",
    try_rem try_rem_assign RemOp "%"
);

// Runtime shapes: `DynTensor` with `DynTensor`, and static with runtime.
// These check shapes at run time and panic with the `ShapeError`'s message;
// the `try_*` methods of `DynTensor` return it instead.

/// Either kind of tensor, seen as row-major elements, sizes and (for a
/// `DynTensor`) dimension names.
trait Operand<T> {
    /// Where the sizes are while the operation runs: a static tensor
    /// computes them, a `DynTensor` stores them (`()`).
    type Sizes;
    fn sizes(&self) -> Self::Sizes;
    /// The operand, its sizes in `sizes` (from [`sizes`](Self::sizes)).
    fn side<'a>(&'a self, sizes: &'a Self::Sizes) -> Side<'a, T>;
    #[inline(always)]
    fn with<R>(&self, f: impl FnOnce(Side<'_, T>) -> R) -> R {
        f(self.side(&self.sizes()))
    }
}
impl<T: Element> Operand<T> for DynTensor<T> {
    type Sizes = ();
    #[inline(always)]
    fn sizes(&self) {}
    #[inline(always)]
    fn side<'a>(&'a self, _: &'a ()) -> Side<'a, T> {
        DynTensor::side(self)
    }
}
impl<T: Element, S: Layout> Operand<T> for Tensor<T, S> {
    type Sizes = crate::shape::Dims;
    #[inline(always)]
    fn sizes(&self) -> crate::shape::Dims {
        self.shape()
    }
    #[inline(always)]
    fn side<'a>(&'a self, sizes: &'a crate::shape::Dims) -> Side<'a, T> {
        self.named_side(sizes)
    }
}

#[track_caller]
#[inline]
fn runtime_binary<T: Element, Op: BinaryOp<T>>(
    a: &impl Operand<T>,
    b: &impl Operand<T>,
) -> DynTensor<T> {
    // No closures here (as `with` takes): the result is built straight
    // into the caller's slot only if every step up to it is inlined.
    let (da, db) = (a.sizes(), b.sizes());
    if let Some(t) = DynTensor::quick_binary::<Op>(a.side(&da), b.side(&db)) {
        return t;
    }
    runtime_binary_rest::<T, Op>(a, b)
}

/// [`runtime_binary`] past its quick case, out of line: inlined, its
/// registers and stack would be set up for the quick case too. Each step
/// returns the tensor itself, not an `Option` of it, so that the result
/// is written straight into the caller's slot.
#[track_caller]
#[inline(never)]
fn runtime_binary_rest<T: Element, Op: BinaryOp<T>>(
    a: &impl Operand<T>,
    b: &impl Operand<T>,
) -> DynTensor<T> {
    let (da, db) = (a.sizes(), b.sizes());
    if let Some(t) = DynTensor::small_binary::<Op>(a.side(&da), b.side(&db)) {
        return t;
    }
    runtime_binary_general::<T, Op>(a, b)
}

/// [`runtime_binary_rest`] past the small case, out of line for the same
/// reason.
#[track_caller]
#[inline(never)]
fn runtime_binary_general<T: Element, Op: BinaryOp<T>>(
    a: &impl Operand<T>,
    b: &impl Operand<T>,
) -> DynTensor<T> {
    let (da, db) = (a.sizes(), b.sizes());
    or_panic(DynTensor::general_binary::<Op>(a.side(&da), b.side(&db)))
}

/// Whether an owned, unnamed `own` can hold the result of an operation
/// with the unnamed `other` (on the left of `own` when `own_left`, else
/// on its right): `other` broadcasts to `own`'s shape, which is then the
/// result's, and no integer divisor is 0 (an error is left to the
/// allocating path, which reports it).
#[inline(always)]
fn lends<T: Element, Op: BinaryOp<T>>(
    own: &DynTensor<T>,
    other: Side<'_, T>,
    own_left: bool,
) -> bool {
    own.names.is_none()
        && other.names.is_none()
        && broadcasts_to(own.dims(), other.dims)
        && if own_left {
            Op::check_for(&own.data, other.data).is_ok()
        } else {
            Op::check_for(other.data, &own.data).is_ok()
        }
}

/// `a op b` for an owned `DynTensor` `a`: when the result has `a`'s shape
/// (and neither operand has names), computed in `a`'s own storage, which
/// is returned: no allocation, as `a op= b` would do.
#[track_caller]
fn own_ref<T: Element, Op: BinaryOp<T>>(mut a: DynTensor<T>, b: &impl Operand<T>) -> DynTensor<T> {
    if b.with(|b| lends::<T, Op>(&a, b, true)) {
        b.with(|b| kernel::assign(&mut a.data, a.shape.as_slice(), b.data, b.dims, Op::apply));
        return a;
    }
    runtime_binary::<T, Op>(&a, b)
}

/// `a op b` for an owned `DynTensor` `b`: computed in `b`'s storage when
/// the result has `b`'s shape (see [`own_ref`]).
#[track_caller]
fn ref_own<T: Element, Op: BinaryOp<T>>(a: &impl Operand<T>, mut b: DynTensor<T>) -> DynTensor<T> {
    if a.with(|a| lends::<T, Op>(&b, a, false)) {
        a.with(|a| assign_swapped::<T, Op>(&mut b.data, b.shape.as_slice(), a.data, a.dims));
        return b;
    }
    runtime_binary::<T, Op>(a, &b)
}

/// `a op b` for two owned `DynTensor`s: in `a`'s storage if it can hold
/// the result, else in `b`'s, else in a new tensor.
#[track_caller]
fn own_own<T: Element, Op: BinaryOp<T>>(a: DynTensor<T>, b: DynTensor<T>) -> DynTensor<T> {
    if lends::<T, Op>(&a, b.side(), true) {
        return own_ref::<T, Op>(a, &b);
    }
    ref_own::<T, Op>(&a, b)
}

/// A static tensor by value with an owned `DynTensor`: the static one
/// lends nothing (its storage has another type).
#[track_caller]
fn val_own<T: Element, Op: BinaryOp<T>>(a: impl Operand<T>, b: DynTensor<T>) -> DynTensor<T> {
    ref_own::<T, Op>(&a, b)
}
#[track_caller]
fn val_ref<T: Element, Op: BinaryOp<T>>(a: impl Operand<T>, b: &impl Operand<T>) -> DynTensor<T> {
    runtime_binary::<T, Op>(&a, b)
}
#[track_caller]
fn own_val<T: Element, Op: BinaryOp<T>>(a: DynTensor<T>, b: impl Operand<T>) -> DynTensor<T> {
    own_ref::<T, Op>(a, &b)
}
#[track_caller]
fn ref_val<T: Element, Op: BinaryOp<T>>(a: &impl Operand<T>, b: impl Operand<T>) -> DynTensor<T> {
    runtime_binary::<T, Op>(a, &b)
}

macro_rules! runtime_ops {
    // Operator `$Trait` between each pair of types (at least one side a
    // `DynTensor`), by value and by reference on each side: `$vv`, `$vr`,
    // `$rv` say which owned operand may lend its storage.
    ($Trait:ident $method:ident $Op:ident: $([$($g:tt)*] $L:ty, $R:ty, $vv:ident $vr:ident $rv:ident);*) => {$(
        impl<$($g)*> $Trait<$R> for $L {
            type Output = DynTensor<T>;
            #[track_caller]
            fn $method(self, rhs: $R) -> DynTensor<T> {
                $vv::<T, $Op>(self, rhs)
            }
        }
        impl<$($g)*> $Trait<&$R> for $L {
            type Output = DynTensor<T>;
            #[track_caller]
            fn $method(self, rhs: &$R) -> DynTensor<T> {
                $vr::<T, $Op>(self, rhs)
            }
        }
        impl<$($g)*> $Trait<$R> for &$L {
            type Output = DynTensor<T>;
            #[track_caller]
            fn $method(self, rhs: $R) -> DynTensor<T> {
                $rv::<T, $Op>(self, rhs)
            }
        }
        impl<$($g)*> $Trait<&$R> for &$L {
            type Output = DynTensor<T>;
            #[track_caller]
            fn $method(self, rhs: &$R) -> DynTensor<T> {
                runtime_binary::<T, $Op>(self, rhs)
            }
        }
    )*};
    ($($Trait:ident $method:ident $Op:ident),*) => {$(
        runtime_ops!($Trait $method $Op:
            [T: Element] DynTensor<T>, DynTensor<T>, own_own own_ref ref_own;
            [T: Element, S: Layout] Tensor<T, S>, DynTensor<T>, val_own val_ref ref_own;
            [T: Element, S: Layout] DynTensor<T>, Tensor<T, S>, own_val own_ref ref_val);
    )*};
}
runtime_ops!(Add add AddOp, Sub sub SubOp, Mul mul MulOp, Div div DivOp, Rem rem RemOp);

macro_rules! runtime_assign_ops {
    ($($Assign:ident $assign:ident $Op:ident),*) => {$(
        impl<T: Element> $Assign<&DynTensor<T>> for DynTensor<T> {
            #[track_caller]
            fn $assign(&mut self, rhs: &DynTensor<T>) {
                or_panic(self.assign::<$Op>(rhs.side()))
            }
        }
        impl<T: Element> $Assign<DynTensor<T>> for DynTensor<T> {
            #[track_caller]
            fn $assign(&mut self, rhs: DynTensor<T>) {
                or_panic(self.assign::<$Op>(rhs.side()))
            }
        }
        impl<T: Element, S: Layout> $Assign<&Tensor<T, S>> for DynTensor<T> {
            #[track_caller]
            fn $assign(&mut self, rhs: &Tensor<T, S>) {
                or_panic(self.assign::<$Op>(rhs.named_side(&rhs.shape())))
            }
        }
        impl<T: Element, S: Layout> $Assign<Tensor<T, S>> for DynTensor<T> {
            #[track_caller]
            fn $assign(&mut self, rhs: Tensor<T, S>) {
                or_panic(self.assign::<$Op>(rhs.named_side(&rhs.shape())))
            }
        }
        impl<T: Element> $Assign<T> for DynTensor<T> {
            #[track_caller]
            fn $assign(&mut self, rhs: T) {
                or_panic(<$Op as BinaryOp<T>>::check_for(self.as_slice(), &[rhs]));
                kernel::map_in_place(self.as_mut_slice(), |a| $Op::apply(a, rhs));
            }
        }
        // A runtime right side on a static left side: checked at run time.
        impl<T: Element, S: Layout> $Assign<&DynTensor<T>> for Tensor<T, S> {
            #[track_caller]
            fn $assign(&mut self, rhs: &DynTensor<T>) {
                or_panic(<$Op as BinaryOp<T>>::check_for(self.as_slice(), rhs.as_slice()));
                let dims = self.shape();
                if S::NAMED && rhs.is_named() {
                    let names = const { &S::NAMES };
                    let (data, side) = (self.as_mut_slice(), rhs.side());
                    or_panic(super::by_name::assign_by_name(data, &dims, names, side, $Op::apply));
                    return;
                }
                or_panic(crate::shape::broadcast::check_broadcast_to(&dims, rhs.shape()));
                kernel::assign(self.as_mut_slice(), &dims, rhs.as_slice(), rhs.shape(), $Op::apply);
            }
        }
        impl<T: Element, S: Layout> $Assign<DynTensor<T>> for Tensor<T, S> {
            #[track_caller]
            fn $assign(&mut self, rhs: DynTensor<T>) {
                <Self as $Assign<&DynTensor<T>>>::$assign(self, &rhs);
            }
        }
    )*};
}
runtime_assign_ops!(
    AddAssign add_assign AddOp,
    SubAssign sub_assign SubOp,
    MulAssign mul_assign MulOp,
    DivAssign div_assign DivOp,
    RemAssign rem_assign RemOp
);

macro_rules! runtime_scalar_ops {
    ($($Trait:ident $method:ident $Op:ident),*) => {$(
        impl<T: Element> $Trait<T> for DynTensor<T> {
            type Output = DynTensor<T>;
            /// In `self`'s own storage: no allocation.
            #[track_caller]
            fn $method(mut self, rhs: T) -> DynTensor<T> {
                or_panic(<$Op as BinaryOp<T>>::check_for(&self.data, &[rhs]));
                kernel::map_in_place(&mut self.data, |a| $Op::apply(a, rhs));
                self
            }
        }
        impl<T: Element> $Trait<T> for &DynTensor<T> {
            type Output = DynTensor<T>;
            #[track_caller]
            fn $method(self, rhs: T) -> DynTensor<T> {
                or_panic(<$Op as BinaryOp<T>>::check_for(self.as_slice(), &[rhs]));
                self.map(|a| $Op::apply(a, rhs))
            }
        }
    )*};
}
runtime_scalar_ops!(Add add AddOp, Sub sub SubOp, Mul mul MulOp, Div div DivOp, Rem rem RemOp);

// Hidden from rustdoc as the static ones are (see `scalar_lhs_ops`).
macro_rules! runtime_scalar_lhs_ops {
    ($($t:ty)*) => {$(
        runtime_scalar_lhs_ops!(@one $t, Add add AddOp, Sub sub SubOp, Mul mul MulOp, Div div DivOp, Rem rem RemOp);
    )*};
    (@one $t:ty, $($Trait:ident $method:ident $Op:ident),*) => {$(
        #[cfg_attr(doc, doc(hidden))]
        impl $Trait<DynTensor<$t>> for $t {
            type Output = DynTensor<$t>;
            #[track_caller]
            fn $method(self, mut rhs: DynTensor<$t>) -> DynTensor<$t> {
                or_panic(<$Op as BinaryOp<$t>>::check(&rhs.data));
                kernel::map_in_place(&mut rhs.data, |a| $Op::apply(self, a));
                rhs
            }
        }
        #[cfg_attr(doc, doc(hidden))]
        impl $Trait<&DynTensor<$t>> for $t {
            type Output = DynTensor<$t>;
            #[track_caller]
            fn $method(self, rhs: &DynTensor<$t>) -> DynTensor<$t> {
                or_panic(<$Op as BinaryOp<$t>>::check(rhs.as_slice()));
                rhs.map(|a| $Op::apply(self, a))
            }
        }
    )*};
}
runtime_scalar_lhs_ops!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize f32 f64);

impl<T: Element + Neg<Output = T>> Neg for DynTensor<T> {
    type Output = DynTensor<T>;
    /// In `self`'s own storage: no allocation.
    fn neg(self) -> DynTensor<T> {
        self.into_map(Element::neg_elem)
    }
}

impl<T: Element + Neg<Output = T>> Neg for &DynTensor<T> {
    type Output = DynTensor<T>;
    fn neg(self) -> DynTensor<T> {
        self.map(Element::neg_elem)
    }
}

/// Fills `v` (empty, with room for the `n` elements of a result of shape
/// `dims`) by `sequential`, or, for a large result with the `rayon` feature,
/// in pieces across rayon's pool.
#[inline(always)]
fn heap_result<T: Element>(
    v: &mut alloc::vec::Vec<T>,
    n: usize,
    dims: &[usize],
    a: (&[T], &[usize]),
    b: (&[T], &[usize]),
    f: impl Fn(T, T) -> T + Sync,
    sequential: impl FnOnce(&mut alloc::vec::Vec<T>),
) {
    #[cfg(feature = "rayon")]
    if n >= kernel::parallel::PARALLEL_ELEMENTS {
        return kernel::parallel::binary(v, n, dims, a.0, a.1, b.0, b.1, f);
    }
    let _ = (n, dims, a, b, f);
    sequential(v)
}
