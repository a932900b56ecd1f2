//! Dimensions: the sizes a static shape is made of.
//!
//! A static dimension is a type. Broadcasting asks two questions of a pair of
//! sizes — "is one of them 1?" and "are they equal?" — and stable Rust can only
//! answer them with trait impls on *types*, not on const values. So the size 1
//! gets a type of its own, [`D1`], and every other size is [`D<N>`] (sizes up to
//! 1024) or [`Big<N>`] (larger sizes). Equality of two `D<N>`s is then plain
//! unification of `N`, and no impl ever has to say "N != 1".
//!
//! You never write these by hand: [`shape!`](crate::shape!) picks the right one
//! for each size with [`dim!`](crate::dim!). `D<N>` and `Big<N>` are split at
//! 1024 because the storage bound needs each size's `ceil(log2)` (see
//! [`Cost`]), which a table of one impl per size gives; larger sizes are
//! simply "large".

use typenum::{B0, Bit};

use crate::shape::storage::{Budget, Cost, Over};

/// Keeps [`Dim`] and [`Shape`](crate::Shape) to the crate's own types: the
/// inline storage reads a shape's nested arrays ([`Dim::Array`]) as its
/// flat elements, which holds only for the arrays these types define.
pub(crate) mod sealed {
    /// Implemented by the crate's dimensions and shape lists only.
    pub trait Sealed {}
}

/// One dimension of a static shape.
///
/// Implemented by [`D1`], [`D<N>`], [`Big<N>`], and by
/// [`Named<N, X>`](crate::shape::names::Named) for a named dimension; sealed
/// (the inline storage relies on [`Array`](Dim::Array) being `[X; SIZE]`).
///
/// Every dimension is a [`Cost`]: what it takes from a shape's budget of
/// inline storage ([`Shape::Budget`](crate::Shape::Budget)).
pub trait Dim: 'static + sealed::Sealed + Cost {
    /// The dimension's size.
    const SIZE: usize;
    /// The dimension's name, if it has one.
    const NAME: Option<&'static str> = None;
    /// Whether the dimension has a name (`B1`) or not (`B0`): broadcasting
    /// by name or by position is chosen at the type level.
    type Named: Flag;
    /// `[X; SIZE]`, the storage of one step of this dimension.
    type Array<X: Copy>: Copy;
    /// `[x; SIZE]`.
    fn repeat<X: Copy>(x: X) -> Self::Array<X>;
    /// Views a slice of `[X; SIZE]` as a flat slice of `X`.
    fn flatten<X: Copy>(s: &[Self::Array<X>]) -> &[X];
    /// Views a mutable slice of `[X; SIZE]` as a flat mutable slice of `X`.
    fn flatten_mut<X: Copy>(s: &mut [Self::Array<X>]) -> &mut [X];
}

/// A dimension of size 1: the one that stretches when broadcast.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct D1;

/// A dimension of static size `N`, for `N` in `0..=1024` other than 1.
///
/// [`shape!`](crate::shape!) never produces `D<1>` (it writes [`D1`]); a
/// hand-written `D<1>` is refused at compile time when its size is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct D<const N: usize>;

/// A dimension of static size `N > 1024` (any size up to `usize::MAX`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Big<const N: usize>;

impl sealed::Sealed for D1 {}
impl<const N: usize> sealed::Sealed for D<N> {}
impl<const N: usize> sealed::Sealed for Big<N> {}

impl Dim for D1 {
    const SIZE: usize = 1;
    type Named = B0;
    type Array<X: Copy> = [X; 1];
    #[inline(always)]
    fn repeat<X: Copy>(x: X) -> [X; 1] {
        [x]
    }
    fn flatten<X: Copy>(s: &[[X; 1]]) -> &[X] {
        s.as_flattened()
    }
    fn flatten_mut<X: Copy>(s: &mut [[X; 1]]) -> &mut [X] {
        s.as_flattened_mut()
    }
}

impl<const N: usize> Dim for D<N>
where
    D<N>: Cost,
{
    const SIZE: usize = {
        assert!(
            N != 1 && N <= 1024,
            "write sizes with shape![..]: D<N> is for 0 and 2..=1024"
        );
        N
    };
    type Named = B0;
    type Array<X: Copy> = [X; N];
    #[inline(always)]
    fn repeat<X: Copy>(x: X) -> [X; N] {
        [x; N]
    }
    fn flatten<X: Copy>(s: &[[X; N]]) -> &[X] {
        s.as_flattened()
    }
    fn flatten_mut<X: Copy>(s: &mut [[X; N]]) -> &mut [X] {
        s.as_flattened_mut()
    }
}

impl<const N: usize> Dim for Big<N> {
    const SIZE: usize = {
        assert!(
            N > 1024,
            "write sizes with shape![..]: Big<N> is for sizes above 1024"
        );
        N
    };
    type Named = B0;
    type Array<X: Copy> = [X; N];
    #[inline(always)]
    fn repeat<X: Copy>(x: X) -> [X; N] {
        [x; N]
    }
    fn flatten<X: Copy>(s: &[[X; N]]) -> &[X] {
        s.as_flattened()
    }
    fn flatten_mut<X: Copy>(s: &mut [[X; N]]) -> &mut [X] {
        s.as_flattened_mut()
    }
}

/// A dimension whose size is known only at run time, inside an otherwise
/// static shape: `shape![Dyn, 3]` (see [`mixed`](crate::shape::mixed)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Dyn {}

/// `Dyn` as a size, so that `shape![Dyn, 3]` can treat every dimension as
/// an expression: [`kind`] maps this value (`usize::MAX`, never a usable
/// static size) to the [`Dyn`](struct@crate::shape::dim::Dyn) dimension.
#[allow(non_upper_case_globals)]
pub const Dyn: usize = usize::MAX;

/// Any dimension of a shape: static ([`Dim`]) or [`Dyn`](struct@crate::shape::dim::Dyn).
pub trait AnyDim: 'static {
    /// The static size ([`Dyn`](struct@crate::shape::dim::Dyn)'s marker `usize::MAX` for a runtime size).
    const SIZE: usize;
    /// Whether the size is known only at run time.
    const DYNAMIC: bool;
    /// The dimension's name, if it has one.
    const NAME: Option<&'static str>;
    /// Whether the dimension has a name (`B1`) or not (`B0`).
    type Named: Flag;
}
impl<X: Dim> AnyDim for X {
    const SIZE: usize = X::SIZE;
    const DYNAMIC: bool = false;
    const NAME: Option<&'static str> = X::NAME;
    type Named = X::Named;
}
impl AnyDim for Dyn {
    const SIZE: usize = Dyn;
    const DYNAMIC: bool = true;
    const NAME: Option<&'static str> = None;
    type Named = B0;
}

/// A size of 1 spends nothing: broadcasting's stretching size.
impl Cost for D1 {
    type TakeFrom<B: Budget> = B;
}

// `D<N>`'s costs are a table of one impl per size (`log2_table.rs`).

/// One such dimension already puts a shape over the inline limit.
impl<const N: usize> Cost for Big<N> {
    type TakeFrom<B: Budget> = Over;
}

/// A type-level yes or no (typenum's `B1` or `B0`) that can be combined
/// without a bound at the use: whether a shape has a name is its dimensions'
/// answers or-ed.
pub trait Flag: Bit {
    /// `Self || F`.
    type Or<F: Flag>: Flag;
    /// `Self && F`.
    type And<F: Flag>: Flag;
    /// `Some(f())` for `B1`, `None` for `B0`. Code that only `B1` needs goes
    /// in `f`: for `B0` nothing calls it, so a build never compiles it, where
    /// an `if` on a constant still has rustc walk every function its dead
    /// branch names (in a debug build, once per static operation).
    fn then<X>(f: impl FnOnce() -> X) -> Option<X>;
}
impl Flag for B0 {
    type Or<F: Flag> = F;
    type And<F: Flag> = B0;
    #[inline(always)]
    fn then<X>(_: impl FnOnce() -> X) -> Option<X> {
        None
    }
}
impl Flag for typenum::B1 {
    type Or<F: Flag> = typenum::B1;
    type And<F: Flag> = F;
    #[inline(always)]
    fn then<X>(f: impl FnOnce() -> X) -> Option<X> {
        Some(f())
    }
}

/// Chooses the dimension type for a size; used by [`dim!`](crate::dim!).
#[doc(hidden)]
pub struct Kind<const K: u8>;

/// Maps a size class ([`Kind`]) and a size to its dimension type.
#[doc(hidden)]
pub trait DimOf<const N: usize> {
    type Out: AnyDim;
}
impl<const N: usize> DimOf<N> for Kind<0> {
    type Out = D1;
}
impl<const N: usize> DimOf<N> for Kind<1>
where
    D<N>: Dim,
{
    type Out = D<N>;
}
impl<const N: usize> DimOf<N> for Kind<2> {
    type Out = Big<N>;
}
impl<const N: usize> DimOf<N> for Kind<3> {
    type Out = Dyn;
}

/// The dimension type of size `N` in class `K`: what [`dim!`](crate::dim!)
/// expands to when the size is not a literal. An alias keeps the expansion
/// of `shape!` a simple type (and clippy's `type_complexity` quiet on
/// annotations that use it).
#[doc(hidden)]
pub type Size<const N: usize, const K: u8> = <Kind<K> as DimOf<N>>::Out;

/// The size class of `n`: 0 for 1, 1 for `0..=1024`, 3 for [`Dyn`](struct@crate::shape::dim::Dyn), 2 above.
#[doc(hidden)]
pub const fn kind(n: usize) -> u8 {
    match n {
        1 => 0,
        0..=1024 => 1,
        usize::MAX => 3,
        _ => 2,
    }
}

/// The dimension type of a size, in type position: `dim!(3)` is `D<3>`,
/// `dim!(1)` is [`D1`], `dim!(4096)` is `Big<4096>`, `dim!(Dyn)` is [`Dyn`](struct@crate::shape::dim::Dyn).
///
/// The size may be any constant expression (`dim!(BATCH)`), but not a generic
/// parameter: to be generic over shapes, be generic over the whole shape
/// (`S: Shape`).
///
/// A literal size is classified while the macro expands, so `dim!(3)` is
/// written as `D<3>` directly, by a name without a const argument
/// (`size_names::D3`; even a literal argument is a body for the compiler to
/// check at every use). Any other expression goes through
/// [`kind`], evaluated in a const argument. Each such argument is a small
/// body that the compiler checks and evaluates, which made up a large part
/// of the build of programs with many static shapes.
///
/// ```
/// use shaped::{dim, D, D1, Big};
/// let _: dim!(3) = D::<3>;
/// let _: dim!(1) = D1;
/// let _: dim!(4096) = Big::<4096>;
/// ```
#[macro_export]
macro_rules! dim {
    ($n:expr) => {
        $crate::__dim_type!($crate, $n)
    };
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use std::fmt::Write;
    use std::string::String;

    /// The sizes written `D<N>`, as [`kind`](super::kind) classifies them:
    /// both generated tables (and `shape!`'s names) cover exactly these.
    fn d_sizes() -> impl Iterator<Item = usize> {
        (0..=1025usize).filter(|&n| super::kind(n) == 1)
    }

    /// The committed table, regenerated (`SHAPED_BLESS=1 cargo test --lib log2_table`).
    #[test]
    fn log2_table_is_up_to_date() {
        let mut want = String::from(
            "// @generated by `log2_table_is_up_to_date` in src/shape/dim.rs: do not edit.\n\
             // Regenerate with `SHAPED_BLESS=1 cargo test --lib log2_table`.\n\n\
             use super::dim::D;\n\
             use super::storage::{Budget, Cost};\n\n",
        );
        for n in d_sizes() {
            let log2 = (n.max(1) - 1).checked_ilog2().map_or(0, |b| b + 1);
            let rest = match log2 {
                0 => "B".into(),
                k => std::format!("B::Less{k}"),
            };
            writeln!(
                want,
                "impl Cost for D<{n}> {{ type TakeFrom<B: Budget> = {rest}; }}"
            )
            .unwrap();
        }
        crate::shape::check_generated("src/shape/log2_table.rs", &want, "log2_table");
    }

    /// The committed names of the sizes, regenerated (`SHAPED_BLESS=1 cargo
    /// test --lib size_names`).
    #[test]
    fn size_names_is_up_to_date() {
        let mut want = String::from(
            "// @generated by `size_names_is_up_to_date` in src/shape/dim.rs: do not edit.\n\
             // Regenerate with `SHAPED_BLESS=1 cargo test --lib size_names`.\n\n\
             //! `D<N>` under a name of its own for each `N` in `0..=1024` other\n\
             //! than 1: what `shape!` and `dim!` write for a literal size (see\n\
             //! `macros/src/size.rs`).\n\n\
             use super::dim::D;\n\n",
        );
        for n in d_sizes() {
            writeln!(want, "pub type D{n} = D<{n}>;").unwrap();
        }
        crate::shape::check_generated("src/shape/size_names.rs", &want, "size_names");
    }
}
