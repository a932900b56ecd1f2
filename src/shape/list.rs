//! Static shapes: type-level lists of dimensions, outermost first.
//!
//! `shape![5, 3, 4]` is `Cons<D<5>, Cons<D<3>, Cons<D<4>, Nil>>>`, a list in
//! the style of frunk's HList. Everything a static shape knows (rank, element
//! count, sizes, how its elements are stored) is a constant or an associated
//! type of [`Shape`], computed once per shape by the compiler.

use core::fmt;
use core::marker::PhantomData;
use core::ops::Deref;
use typenum::{B0, Bit};

use crate::element::Element;
use crate::shape::dim::{Dim, Flag, sealed};
use crate::shape::names::HeadNames;
use crate::shape::storage::{Budget, Buffer, InlineBudget};

/// The most dimensions a static shape may have.
pub const MAX_STATIC_RANK: usize = 32;

/// The empty shape: rank 0, one element (a scalar).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Nil;

/// A shape whose outermost dimension is `H` and whose other dimensions are `T`.
// Two markers rather than one `PhantomData<(H, T)>`: a debug build describes
// every type it compiles, and the pair was a tuple type and a marker of it,
// each named in full, for every dimension of every shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Cons<H, T>(PhantomData<H>, PhantomData<T>);

/// A static shape. Implemented by [`Nil`] and [`Cons`] (sealed, as [`Dim`]
/// is); write it with [`shape!`](crate::shape!).
///
/// ```
/// use shaped::{shape, Shape};
/// type S = shape![5, 1, 4];
/// assert_eq!(S::RANK, 3);
/// assert_eq!(S::NUMEL, 20);
/// assert_eq!(&*S::DIMS, &[5, 1, 4]);
/// ```
pub trait Shape: 'static + Sized + sealed::Sealed {
    /// Number of dimensions.
    const RANK: usize;
    /// Number of elements, the product of the sizes. A shape whose product
    /// overflows `usize` is a compile error when this is used.
    const NUMEL: usize;
    /// The sizes, outermost first.
    const DIMS: Dims;
    /// [`NUMEL`](Shape::NUMEL) saturating at `usize::MAX` (0 if any size
    /// is 0), never an error: [`Layout::TEMPLATE_NUMEL`] of a static shape.
    #[doc(hidden)]
    const SATURATING_NUMEL: usize;
    /// The dimensions' names, outermost first (`None` for an unnamed one).
    const NAMES: DimNames;
    /// Whether any dimension has a name (`B1`) or none does (`B0`).
    type Named: Flag;
    /// Whether tensors of this shape are stored inline (see [`Layout::Data`]).
    const INLINE: bool;
    /// What is left of the inline storage's ten doublings (1024 elements)
    /// after every dimension spent its [`Cost`](crate::shape::storage::Cost); [`Over`](crate::shape::storage::Over)
    /// for a shape stored on the heap.
    type Budget: Budget;
    /// Nested arrays `[[..[T; dN]..]; d0]` holding the elements row-major.
    type Array<T: Copy>: Copy;
    /// The dimensions in reverse order (innermost first), as broadcasting walks them.
    type Reversed;
    /// The dimensions in reverse order in front of the list `Acc`.
    type ReverseOnto<Acc>;
    /// The nested arrays with every element `x`. Built with array repeat
    /// expressions, which fill in place even in debug builds.
    fn repeat<T: Copy>(x: T) -> Self::Array<T>;
    /// Views a slice of nested arrays as a flat slice.
    fn flatten<T: Copy>(s: &[Self::Array<T>]) -> &[T];
    /// Views a mutable slice of nested arrays as a flat mutable slice.
    fn flatten_mut<T: Copy>(s: &mut [Self::Array<T>]) -> &mut [T];
}

impl sealed::Sealed for Nil {}
impl<H, T> sealed::Sealed for Cons<H, T> {}

impl Shape for Nil {
    const RANK: usize = 0;
    const NUMEL: usize = 1;
    const DIMS: Dims = Dims::EMPTY;
    const SATURATING_NUMEL: usize = 1;
    const NAMES: DimNames = DimNames::EMPTY;
    type Named = B0;
    const INLINE: bool = true;
    type Budget = InlineBudget;
    type Array<T: Copy> = T;
    type Reversed = Nil;
    type ReverseOnto<Acc> = Acc;
    #[inline(always)]
    fn repeat<T: Copy>(x: T) -> T {
        x
    }
    fn flatten<T: Copy>(s: &[T]) -> &[T] {
        s
    }
    fn flatten_mut<T: Copy>(s: &mut [T]) -> &mut [T] {
        s
    }
}

// Every type below is written with the tail's associated types, whose
// bounds the traits declare, so the impl needs no bound that names one: rustc
// re-proves the tail's bounds for each associated type a bound names, on top
// of `T: Shape`, and that doubled the work at every dimension. The one extra
// bound, that a name is not used twice, looks at the tail's names only.
impl<H: Dim + HeadNames<T>, T: Shape> Shape for Cons<H, T> {
    const RANK: usize = {
        assert!(
            T::RANK < MAX_STATIC_RANK,
            "static shapes have at most 32 dimensions"
        );
        T::RANK + 1
    };
    const NUMEL: usize = match H::SIZE.checked_mul(T::NUMEL) {
        Some(n) => n,
        None => panic!("the element count of this static shape overflows usize"),
    };
    const DIMS: Dims = T::DIMS.prepend(H::SIZE);
    // One multiplication per dimension, where the product of `DIMS` was a
    // call and a loop for rustc's constant evaluator, once per layout.
    const SATURATING_NUMEL: usize = match (H::SIZE, T::SATURATING_NUMEL) {
        (0, _) | (_, 0) => 0,
        (h, t) => h.saturating_mul(t),
    };
    const NAMES: DimNames = T::NAMES.prepend(H::NAME);
    type Named = <H::Named as Flag>::Or<T::Named>;
    const INLINE: bool = <Self::Budget as Budget>::INLINE;
    type Budget = H::TakeFrom<T::Budget>;
    type Array<E: Copy> = H::Array<T::Array<E>>;
    type Reversed = T::ReverseOnto<Cons<H, Nil>>;
    type ReverseOnto<Acc> = T::ReverseOnto<Cons<H, Acc>>;
    #[inline(always)]
    fn repeat<E: Copy>(x: E) -> Self::Array<E> {
        H::repeat(T::repeat(x))
    }
    fn flatten<E: Copy>(s: &[Self::Array<E>]) -> &[E] {
        T::flatten(H::flatten(s))
    }
    fn flatten_mut<E: Copy>(s: &mut [Self::Array<E>]) -> &mut [E] {
        T::flatten_mut(H::flatten_mut(s))
    }
}

/// Any shape a [`Tensor`](crate::Tensor) can have: a fully static [`Shape`],
/// or a shape with runtime-sized dimensions (`shape![Dyn, 3]`, a
/// [`Mixed`](crate::shape::mixed::Mixed) list). Code generic over every tensor names
/// this bound; code that needs compile-time sizes names [`Shape`].
pub trait Layout: 'static + Sized {
    /// Number of dimensions.
    const RANK: usize;
    /// The dimensions' names, outermost first (`None` for an unnamed one).
    const NAMES: DimNames;
    /// Whether any dimension has a name: two named operands broadcast by
    /// name ([`shape::names`](crate::shape::names)).
    const NAMED: bool = <Self::Named as Bit>::BOOL;
    /// [`NAMED`](Layout::NAMED) as a type, `B1` or `B0`.
    type Named: Flag;
    /// `B1` when a size is known only at run time, else `B0`: with
    /// [`Named`](Layout::Named), what decides, by type, whether an operation
    /// can need the runtime path.
    type Dynamic: Flag;
    /// Whether every size is known at compile time.
    const STATIC: bool = !<Self::Dynamic as Bit>::BOOL;
    /// The dimensions as a list, outermost first.
    type List;
    /// The static sizes; `usize::MAX` (the value of `Dyn`) marks a
    /// runtime-sized dimension.
    const TEMPLATE: Dims;
    /// Whether tensors of this layout are stored inline (static shapes of at
    /// most 1024 elements).
    const INLINE: bool;
    /// The product of [`TEMPLATE`](Layout::TEMPLATE), saturating at
    /// `usize::MAX` (which a `Dyn` size makes it): the element count the
    /// compile-time plans start from, worked out once per layout rather
    /// than once per operation.
    const TEMPLATE_NUMEL: usize = Self::TEMPLATE.saturating_numel();
    /// What a tensor of this layout knows only at run time: `()` for a
    /// static shape, the sizes for a mixed one.
    type Extents: Copy + PartialEq + fmt::Debug;
    /// Where a tensor of this layout keeps its elements. For a static shape:
    /// inline nested arrays when the shape has at most 1024 elements (bounded
    /// by [`Shape::Budget`]), a boxed slice otherwise, so that large tensors
    /// never sit on the stack; a mixed layout's is always a boxed slice.
    type Data<T: Element>: Buffer<T>;
    /// The dimensions in reverse order, as broadcasting walks them.
    type Reversed;
    /// The sizes, given what is known at run time.
    fn dims(ext: &Self::Extents) -> Dims;
    /// The extents of a tensor of runtime shape `dims`, if it has this layout.
    fn extents_for(dims: &[usize]) -> Option<Self::Extents>;
    /// The extents when every size is static (`Some(())`), known without
    /// looking at any sizes; `None` for layouts with runtime sizes.
    const STATIC_EXTENTS: Option<Self::Extents>;
}

impl<S: Shape> Layout for S {
    const RANK: usize = S::RANK;
    type Dynamic = B0;
    const NAMES: DimNames = S::NAMES;
    type Named = S::Named;
    type List = S;
    const TEMPLATE: Dims = S::DIMS;
    const TEMPLATE_NUMEL: usize = S::SATURATING_NUMEL;
    const INLINE: bool = S::INLINE;
    type Extents = ();
    // The budget's storage directly: through a `Shape::Storage` in between,
    // one step more each time rustc normalises a tensor's storage (every
    // `Copy` proof does, for each shape), a debug build of 500 operations
    // took 7.885 G instructions rather than 7.783 G.
    type Data<T: Element> = <S::Budget as Budget>::Storage<T, S>;
    type Reversed = S::Reversed;
    #[inline(always)]
    fn dims(_: &()) -> Dims {
        S::DIMS
    }
    fn extents_for(dims: &[usize]) -> Option<()> {
        (dims == S::DIMS.as_slice()).then_some(())
    }
    const STATIC_EXTENTS: Option<()> = Some(());
}

/// At most [`MAX_STATIC_RANK`] entries, one per dimension of a static
/// shape, stored inline: [`Dims`] (the sizes) and [`DimNames`] (the names).
/// Dereferences to a slice.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RankList<X: Copy> {
    len: usize,
    buf: [X; MAX_STATIC_RANK],
}

/// The sizes of a static shape, as returned by `Tensor::shape`: a small
/// inline list that dereferences to `[usize]`.
pub type Dims = RankList<usize>;

/// The product of the first `len` entries of `sizes`, saturating at
/// `usize::MAX`; 0 if any is 0. (The length apart, so that [`Dims`] need not
/// take a slice of its buffer.)
pub(crate) const fn saturating_numel(sizes: &[usize], len: usize) -> usize {
    let mut n = 1usize;
    let mut i = 0;
    while i < len {
        if sizes[i] == 0 {
            return 0;
        }
        n = n.saturating_mul(sizes[i]);
        i += 1;
    }
    n
}

// Read entry by entry rather than as slices: these run in the compiler's
// constant evaluator once per operation, where taking a slice is a chain of
// calls, each far slower than an array access.
impl Dims {
    /// The product of the sizes, saturating at `usize::MAX`; 0 if any is 0.
    pub(crate) const fn saturating_numel(&self) -> usize {
        saturating_numel(&self.buf, self.len)
    }

    /// Whether `self` and `other` hold the same sizes.
    pub(crate) const fn same(&self, other: &Dims) -> bool {
        if self.len != other.len {
            return false;
        }
        let mut i = 0;
        while i < self.len {
            if self.buf[i] != other.buf[i] {
                return false;
            }
            i += 1;
        }
        true
    }
}

/// The dimension names of a static shape, outermost first: a small inline
/// list that dereferences to `[Option<&'static str>]`.
pub type DimNames = RankList<Option<&'static str>>;

impl<X: Copy> RankList<X> {
    /// No entries; `fill` stands in the unused slots.
    const fn empty(fill: X) -> Self {
        RankList {
            len: 0,
            buf: [fill; MAX_STATIC_RANK],
        }
    }

    /// `[x, self..]`. Used to build [`Shape::DIMS`] and [`Shape::NAMES`]
    /// at compile time.
    pub const fn prepend(self, x: X) -> Self {
        assert!(
            self.len < MAX_STATIC_RANK,
            "static shapes have at most 32 dimensions"
        );
        let mut buf = self.buf;
        let mut i = self.len;
        while i > 0 {
            buf[i] = buf[i - 1];
            i -= 1;
        }
        buf[0] = x;
        RankList {
            len: self.len + 1,
            buf,
        }
    }

    /// The whole buffer and the length: what the compile-time plans read
    /// rather than [`as_slice`](Self::as_slice), a chain of calls for
    /// rustc's constant evaluator.
    pub(crate) const fn prefix(&self) -> (&[X], usize) {
        (&self.buf, self.len)
    }

    /// The entries as a slice (also available through `Deref`).
    pub const fn as_slice(&self) -> &[X] {
        self.buf.split_at(self.len).0
    }

    /// The entries as a mutable slice.
    pub fn as_mut_slice(&mut self) -> &mut [X] {
        &mut self.buf[..self.len]
    }
}

impl Dims {
    /// The sizes of a rank-0 shape.
    pub const EMPTY: Dims = RankList::empty(0);

    /// The sizes in `dims` (at most [`MAX_STATIC_RANK`] of them).
    #[track_caller]
    pub fn from_slice(dims: &[usize]) -> Dims {
        assert!(
            dims.len() <= MAX_STATIC_RANK,
            "static shapes have at most 32 dimensions"
        );
        let mut out = Dims::EMPTY;
        out.buf[..dims.len()].copy_from_slice(dims);
        out.len = dims.len();
        out
    }
}

impl DimNames {
    /// The names of a rank-0 shape.
    pub const EMPTY: DimNames = RankList::empty(None);
}

impl<X: Copy> Deref for RankList<X> {
    type Target = [X];
    fn deref(&self) -> &[X] {
        self.as_slice()
    }
}

impl<X: Copy + fmt::Debug> fmt::Debug for RankList<X> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_slice(), f)
    }
}

impl<X: Copy + PartialEq> PartialEq<[X]> for RankList<X> {
    fn eq(&self, other: &[X]) -> bool {
        self.as_slice() == other
    }
}

impl<X: Copy + PartialEq, const N: usize> PartialEq<[X; N]> for RankList<X> {
    fn eq(&self, other: &[X; N]) -> bool {
        self.as_slice() == other
    }
}

// Flat names for shapes of rank 1 to 8, which `shape!` expands to: a type
// annotation such as `Tensor<f32, shape![4, 3, 2]>` then reads as one flat
// type to the compiler's diagnostics and to clippy's `type_complexity`.
#[doc(hidden)]
pub type S1<A> = Cons<A, Nil>;
#[doc(hidden)]
pub type S2<A, B> = Cons<A, S1<B>>;
#[doc(hidden)]
pub type S3<A, B, C> = Cons<A, S2<B, C>>;
#[doc(hidden)]
pub type S4<A, B, C, D> = Cons<A, S3<B, C, D>>;
#[doc(hidden)]
pub type S5<A, B, C, D, E> = Cons<A, S4<B, C, D, E>>;
#[doc(hidden)]
pub type S6<A, B, C, D, E, F> = Cons<A, S5<B, C, D, E, F>>;
#[doc(hidden)]
pub type S7<A, B, C, D, E, F, G> = Cons<A, S6<B, C, D, E, F, G>>;
#[doc(hidden)]
pub type S8<A, B, C, D, E, F, G, H> = Cons<A, S7<B, C, D, E, F, G, H>>;

/// A shape in type position, outermost dimension first.
///
/// `shape![4, 3]`, `shape![5, 1, 4, 1]`, `shape![]` (rank 0). Any constant
/// expression is a valid size, from 0 to `usize::MAX` (the element count must
/// fit in `usize`). `Dyn` marks a dimension whose size is known only at run
/// time: `shape![Dyn, 3]` (see [`mixed`](crate::shape::mixed)).
///
/// ```
/// use shaped::{shape, Tensor};
/// let t = Tensor::<f32, shape![2, 3]>::zeros();
/// assert_eq!(&*t.shape(), &[2, 3]);
/// let big = Tensor::<u8, shape![3072, 1536]>::zeros(); // on the heap
/// assert_eq!(big.numel(), 3072 * 1536);
/// ```
#[macro_export]
macro_rules! shape {
    // One procedural expansion per shape (`macros/src/size.rs`): the items'
    // dimension types in the list aliases `S1`..`S8`, `Mixed<..>` around
    // a shape with a `Dyn` item. A declarative walk took about four
    // expansions per dimension, a tenth of `cargo check` of a program
    // with many shapes.
    ($($t:tt)*) => { $crate::__shape_type!($crate; $($t)*) };
}

/// The list `Self` followed by the list `R` (lists of dimensions, for the
/// layouts that splice or join them: `unflatten`, `contract`).
pub trait Chain<R> {
    /// The joined list.
    type Out;
}
impl<R> Chain<R> for Nil {
    type Out = R;
}
impl<H, T: Chain<R>, R> Chain<R> for Cons<H, T> {
    type Out = Cons<H, T::Out>;
}
