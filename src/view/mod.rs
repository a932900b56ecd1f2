//! Views: borrowed, strided windows on a tensor's elements. Slicing,
//! indexing an axis, transposing, permuting, broadcasting and iterating
//! over an axis make views, not copies.
//!
//! ```
//! use shaped::{s, DynTensor};
//! let t = DynTensor::<f32>::arange(12).reshape(&[3, 4]).unwrap();
//! let rows = t.slice(s![1..3, ..]);        // rows 1 and 2
//! let col = t.index_axis(1, 2);            // column 2, shape [3]
//! let every_other = t.slice(s![.., ..;2]); // columns 0 and 2
//! assert_eq!(rows.shape(), &[2, 4]);
//! assert_eq!(col.to_vec(), vec![2.0, 6.0, 10.0]);
//! assert_eq!(every_other.to_vec(), vec![0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
//! // Views are operands, and mutable views targets, of the arithmetic.
//! let y = &t.t() + &t.t();
//! assert_eq!(y.shape(), &[4, 3]);
//! let mut z = DynTensor::<f32>::zeros(&[3, 4]);
//! let mut top = z.slice_mut(s![0..1, ..]);
//! top += &t.slice(s![2..3, ..]);
//! assert_eq!(z.to_vec()[..4], [8.0, 9.0, 10.0, 11.0]);
//! ```
//!
//! - `layout`: sizes, strides and offset, and the arithmetic of every view
//!   operation on them.
//! - [`slice`](mod@slice): [`SliceArg`] and the [`s!`](crate::s) macro.
//! - `dyn_view`: [`DynView`] and [`DynViewMut`], their slicing, indexing
//!   and zero-copy shape operations.
//! - [`iter`]: elements and sub-views in row-major order.
//! - [`static_view`]: [`TensorView`] and [`TensorViewMut`], views of
//!   static and mixed tensors whose layout the compiler computes
//!   ([`narrow!`](crate::narrow!) for compile-time ranges).
//! - [`static_slice`]: [`slice!`](crate::slice!), multi-axis slices of
//!   those views whose result layout the compiler computes.
//! - [`operand`]: [`Operand`], every kind of tensor or view as the
//!   families read it (layout, strided view, contiguous slice), and the
//!   table of the six kinds the families stamp their methods from.
//!
//! This layer only describes views. The layers above it use them: the
//! arithmetic on views is in `ops` (the kernel reads the views' strides,
//! [`kernel`](crate::kernel)), their reductions in `reduce`.
//!
//! Uses [`shape`](mod@crate::shape), [`kernel`](crate::kernel) and
//! [`tensor`](mod@crate::tensor).

mod dyn_view;
mod for_kernel;
pub mod iter;
mod layout;
pub mod operand;
pub mod slice;
pub mod static_slice;
pub mod static_view;
pub mod typed_operand;

pub use dyn_view::{DynView, DynViewMut};
pub(crate) use for_kernel::KernelView;
pub use iter::{AxisIter, AxisIterMut, DynIndex, IndexedIter, Iter, IterMut};
pub(crate) use iter::{Offsets, iter_offsets};
pub(crate) use layout::Strided;
pub use operand::{Operand, OperandLayout, OwnedOf, Runtime};
pub use slice::SliceArg;
pub use static_view::{StaticAxisIter, StaticAxisIterMut, TensorView, TensorViewMut};
pub use typed_operand::TypedOperand;

/// A multi-axis slice, one argument per leading axis, in ndarray's
/// notation: a range (`1..3`, `2..`, `..-1`, `..=4`, `..`) keeps its axis,
/// `range; step` takes every `step`-th position (`..;2`), a single index
/// (`2`, `-1`) drops its axis. Axes after the last argument are kept whole.
/// Bounds follow Python's slicing (negative from the end, clamped to the
/// axis); a negative step walks backwards as NumPy's does (`..;-1` is
/// `a[::-1]`, a view; see [`slice`](mod@slice) for the rules); an index
/// out of range and a step of 0 are errors with PyTorch's words. Gives an
/// array of [`SliceArg`] for
/// [`DynView::slice`] and [`DynTensor::slice`](crate::DynTensor::slice).
///
/// ```
/// use shaped::{s, DynTensor};
/// let t = DynTensor::<i32>::arange(24).reshape(&[2, 3, 4]).unwrap();
/// assert_eq!(t.slice(s![1, 1..3, ..;2]).to_vec(), vec![16, 18, 20, 22]);
/// assert_eq!(t.slice(s![.., -1, -1]).to_vec(), vec![11, 23]);
/// assert_eq!(t.slice(s![..1, ..;5, 1..100]).shape(), &[1, 1, 3]);
/// assert_eq!(t.slice(s![1, 2..=0;-1, -1]).to_vec(), vec![23, 19, 15]);
/// assert_eq!(
///     t.try_slice(s![2]).unwrap_err().to_string().lines().next().unwrap(),
///     "index 2 is out of bounds for dimension 0 with size 2"
/// );
/// ```
#[macro_export]
macro_rules! s {
    ($($args:tt)*) => { $crate::__s_args!([] $($args)*) };
}

// The arguments of `s!`, read left to right. A range of two literals with
// a step is built as a `Range` struct (or `RangeInclusive::new`), not with
// `..`: clippy's
// `reversed_empty_ranges` (denied by default) would take NumPy's
// `5:1:-2`, `s![5..1;-2]`, for an empty loop.
#[doc(hidden)]
#[macro_export]
macro_rules! __s_args {
    ([$($done:expr),*] $(,)?) => { [$($done),*] };
    ([$($done:expr),*] $a:literal .. $b:literal ; $step:expr $(, $($rest:tt)*)?) => {
        $crate::__s_args!(
            [$($done,)* $crate::__s_arg!(::core::ops::Range { start: $a, end: $b }; $step)]
            $($($rest)*)?
        )
    };
    ([$($done:expr),*] $a:literal ..= $b:literal ; $step:expr $(, $($rest:tt)*)?) => {
        $crate::__s_args!(
            [$($done,)* $crate::__s_arg!(::core::ops::RangeInclusive::new($a, $b); $step)]
            $($($rest)*)?
        )
    };
    ([$($done:expr),*] $arg:expr $(; $step:expr)? $(, $($rest:tt)*)?) => {
        $crate::__s_args!([$($done,)* $crate::__s_arg!($arg $(; $step)?)] $($($rest)*)?)
    };
}

// One argument of `s!`: with a step, through `StepArg` (which keeps an
// inclusive range's last position whatever the step's sign).
#[doc(hidden)]
#[macro_export]
macro_rules! __s_arg {
    ($arg:expr) => {
        $crate::view::SliceArg::from($arg)
    };
    ($arg:expr; $step:expr) => {
        $crate::view::slice::StepArg::stepped($arg, $step)
    };
}

/// `length` positions of an axis from `start`, all known at compile time,
/// on a [`TensorView`]: `narrow!(t.view(), 0, 1..3)` is rows 1 and 2, of
/// the static size 2. The axis is a number, or any axis value:
/// [`AxisFromEnd`](crate::AxisFromEnd) or a dimension name
/// (`narrow!(v, H, 1..3)`), whose name the result keeps. A range past the
/// end of a static axis does not compile (`cannot narrow the dimension
/// `D<4>` to 2 positions from 3`).
///
/// ```
/// use shaped::{dim_names, narrow, shape, Tensor, TensorView};
/// let t = Tensor::<f32, shape![4, 6]>::arange();
/// let cols: TensorView<'_, f32, shape![4, 3]> = narrow!(t.view(), 1, 2..5);
/// assert_eq!(cols.to_owned()[[1, 0]], 8.0);
/// dim_names!(H, W);
/// let img = Tensor::<f32, shape![H: 4, W: 6]>::arange();
/// let band: TensorView<'_, f32, shape![H: 2, W: 6]> = narrow!(img.view(), H, 1..3);
/// assert_eq!(band.names(), [Some("H"), Some("W")]);
/// ```
#[macro_export]
macro_rules! narrow {
    ($view:expr, $axis:literal, $start:literal .. $end:literal) => {
        $view.narrow_static::<_, $start, { $end - $start }, $crate::dim!($end - $start)>(
            $crate::Axis::<$axis>,
        )
    };
    ($view:expr, $axis:expr, $start:literal .. $end:literal) => {
        $view.narrow_static::<_, $start, { $end - $start }, $crate::dim!($end - $start)>($axis)
    };
}

/// A multi-axis slice of a [`TensorView`] with its layout in the type,
/// one argument per leading axis as in [`s!`](crate::s): a range of
/// literals (`1..3`, `..2`) gives a static size, a literal index (`2`)
/// drops the axis, `..` keeps it; past the end of a static axis either
/// does not compile. Any other argument is a runtime expression: an index
/// drops the axis, a range (`a..b`, `2..`, `..;2`, `r; step`) makes it
/// `Dyn` (a negative step walks backwards, NumPy's `a[::-1]`, still a
/// view: see [`slice`](mod@slice)); both are checked when the program runs (panicking with
/// PyTorch's message, as [`DynView::slice`] does). Names stay with their
/// axes. A [`TensorViewMut`] is sliced the same way, giving a mutable
/// view. See [`static_slice`].
///
/// ```
/// use shaped::{shape, slice, Dyn, Tensor, TensorView};
/// let t = Tensor::<i32, shape![4, 5, 6]>::arange();
/// let v: TensorView<'_, i32, shape![2, 6]> = slice!(t.view(), 1..3, 2);
/// assert_eq!(v.to_vec()[..3], [42, 43, 44]);
/// let (i, j) = (1, 4);
/// let w: TensorView<'_, i32, shape![4, Dyn, 3]> = slice!(t.view(), .., i..j, ..3);
/// assert_eq!(w.shape(), &[4, 3, 3]);
/// let r: TensorView<'_, i32, shape![Dyn, 6]> = slice!(t.view(), 3..1;-1, 0);
/// assert_eq!((r[[0, 0]], r[[1, 0]]), (90, 60)); // t[3, 0, 0] and t[2, 0, 0]
/// ```
///
/// A static range or index past the end does not compile:
///
/// ```compile_fail
/// use shaped::{shape, slice, Tensor};
/// let t = Tensor::<i32, shape![4, 3]>::arange();
/// let v = slice!(t.view(), .., 3); // error: index 3 is out of bounds for the dimension `D<3>`
/// ```
#[macro_export]
macro_rules! slice {
    ($view:expr $(,)?) => { $view };
    ($view:expr, $($args:tt)+) => { $crate::__slice!(@parse ($view) [0] [] $($args)+) };
}

// The arguments are read left to right into items numbered by their axis,
// then applied right to left: slicing the later axes first leaves the
// earlier ones where they are, whatever drops an axis.
#[doc(hidden)]
#[macro_export]
macro_rules! __slice {
    (@parse $v:tt $p:tt [$($acc:tt)*]) => { $crate::__slice!(@emit $v $($acc)*) };
    (@parse $v:tt [$($p:tt)*] [$($acc:tt)*] .. ; $st:expr $(, $($rest:tt)*)?) => {
        $crate::__slice!(@parse $v [$($p)* + 1] [(step [$($p)*] (..) ($st)) $($acc)*] $($($rest)*)?)
    };
    (@parse $v:tt [$($p:tt)*] [$($acc:tt)*] .. $b:literal $(, $($rest:tt)*)?) => {
        $crate::__slice!(@parse $v [$($p)* + 1] [(range [$($p)*] 0 $b) $($acc)*] $($($rest)*)?)
    };
    (@parse $v:tt [$($p:tt)*] [$($acc:tt)*] .. $(, $($rest:tt)*)?) => {
        $crate::__slice!(@parse $v [$($p)* + 1] [$($acc)*] $($($rest)*)?)
    };
    (@parse $v:tt [$($p:tt)*] [$($acc:tt)*] $a:literal .. $b:literal $(, $($rest:tt)*)?) => {
        $crate::__slice!(@parse $v [$($p)* + 1] [(range [$($p)*] $a $b) $($acc)*] $($($rest)*)?)
    };
    (@parse $v:tt [$($p:tt)*] [$($acc:tt)*] - $i:literal $(, $($rest:tt)*)?) => {
        $crate::__slice!(@parse $v [$($p)* + 1] [(rt [$($p)*] (-$i)) $($acc)*] $($($rest)*)?)
    };
    (@parse $v:tt [$($p:tt)*] [$($acc:tt)*] $i:literal $(, $($rest:tt)*)?) => {
        $crate::__slice!(@parse $v [$($p)* + 1] [(index [$($p)*] $i) $($acc)*] $($($rest)*)?)
    };
    // Two literals with a step: a `Range` struct, as in `s!`, so that
    // clippy does not read a descending `5..1` as an empty loop.
    (@parse $v:tt [$($p:tt)*] [$($acc:tt)*] $a:literal .. $b:literal ; $st:expr $(, $($rest:tt)*)?) => {
        $crate::__slice!(@parse $v [$($p)*] [$($acc)*] ::core::ops::Range { start: $a, end: $b }; $st $(, $($rest)*)?)
    };
    (@parse $v:tt [$($p:tt)*] [$($acc:tt)*] $a:literal ..= $b:literal ; $st:expr $(, $($rest:tt)*)?) => {
        $crate::__slice!(@parse $v [$($p)*] [$($acc)*] ::core::ops::RangeInclusive::new($a, $b); $st $(, $($rest)*)?)
    };
    (@parse $v:tt [$($p:tt)*] [$($acc:tt)*] $e:expr ; $st:expr $(, $($rest:tt)*)?) => {
        $crate::__slice!(@parse $v [$($p)* + 1] [(step [$($p)*] ($e) ($st)) $($acc)*] $($($rest)*)?)
    };
    (@parse $v:tt [$($p:tt)*] [$($acc:tt)*] $e:expr $(, $($rest:tt)*)?) => {
        $crate::__slice!(@parse $v [$($p)* + 1] [(rt [$($p)*] ($e)) $($acc)*] $($($rest)*)?)
    };
    (@emit ($v:expr)) => { $v };
    (@emit ($v:expr) (range [$($p:tt)*] $a:literal $b:literal) $($rest:tt)*) => {
        $crate::__slice!(@emit ($v.narrow_static::<_, $a, { $b - $a }, $crate::dim!($b - $a)>(
            $crate::Axis::<{ $($p)* }>,
        )) $($rest)*)
    };
    (@emit ($v:expr) (index [$($p:tt)*] $i:literal) $($rest:tt)*) => {
        $crate::__slice!(@emit ($v.index_static::<_, $i>($crate::Axis::<{ $($p)* }>)) $($rest)*)
    };
    (@emit ($v:expr) (rt [$($p:tt)*] ($e:expr)) $($rest:tt)*) => {
        $crate::__slice!(@emit ($v.slice_axis($crate::Axis::<{ $($p)* }>, $e)) $($rest)*)
    };
    (@emit ($v:expr) (step [$($p:tt)*] ($e:expr) ($st:expr)) $($rest:tt)*) => {
        $crate::__slice!(@emit ($v.slice_axis(
            $crate::Axis::<{ $($p)* }>,
            $crate::view::static_slice::Stepped($e, ($st) as isize),
        )) $($rest)*)
    };
}
