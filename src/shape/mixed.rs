//! Mixed shapes: static dimensions and runtime-sized ones ([`Dyn`](struct@crate::shape::dim::Dyn)) in one
//! shape, e.g. a batch known only at run time over features known at compile
//! time: `Tensor<f32, shape![Dyn, 3]>`.
//!
//! Everything that is known stays known. Broadcasting two static sizes is
//! decided at compile time, as for fully static shapes. A static size `N`
//! against `Dyn` gives `N`, and the runtime size must be 1 or `N`; a static 1
//! against `Dyn` gives `Dyn` and cannot fail; `Dyn` against `Dyn` gives `Dyn`
//! and is checked. So `[Dyn, 3] + [3]` is `[Dyn, 3]`, `[Dyn, 3] + [4]` does
//! not compile, and `[Dyn, 1] + [5, 3]` has the fully static type `[5, 3]`.
//!
//! One design for the checks that remain: as with [`DynTensor`](crate::DynTensor), the `try_*`
//! methods return a [`ShapeError`](crate::ShapeError) worded as PyTorch words it, and the
//! operators panic with that error's message. Only the runtime sizes are
//! checked, and the elementwise work is the same shared kernel.
//!
//! ```
//! use shaped::{shape, Dyn, Tensor};
//! let batch = 4; // known at run time
//! let x = Tensor::<f32, shape![Dyn, 3]>::ones_sized(&[batch]);
//! let w = Tensor::<f32, shape![3]>::from_slice(&[1.0, 2.0, 3.0]).unwrap();
//! let y: Tensor<f32, shape![Dyn, 3]> = &x * &w;
//! assert_eq!(&*y.shape(), &[4, 3]);
//!
//! let col = Tensor::<f32, shape![Dyn, 1]>::ones_sized(&[5]);
//! let z: Tensor<f32, shape![5, 3]> = col + Tensor::<f32, shape![5, 3]>::zeros();
//! assert_eq!(z.numel(), 15);
//! ```

use alloc::boxed::Box;
use core::marker::PhantomData;

use typenum::{B0, B1};

use crate::element::Element;
use crate::shape::broadcast::{AssignDim, BroadcastDim, ReverseOnto};
use crate::shape::dim::{AnyDim, Big, D, D1, Dim, Dyn, Flag};
use crate::shape::names::{HeadNames, Named};
use crate::shape::{Cons, DimNames, Dims, Layout, Nil, Shape};

/// A shape with at least one [`Dyn`](struct@crate::shape::dim::Dyn) dimension; `shape![Dyn, 3]` is
/// `Mixed<Cons<Dyn, Cons<D<3>, Nil>>>`.
pub struct Mixed<L>(PhantomData<L>);

/// A list of dimensions that may include [`Dyn`](struct@crate::shape::dim::Dyn).
pub trait DimList: 'static {
    /// Number of dimensions.
    const RANK: usize;
    /// The static sizes, [`Dyn`](struct@crate::shape::dim::Dyn)'s marker (`usize::MAX`) where a dimension is `Dyn`.
    const TEMPLATE: Dims;
    /// Bit `i` is set when dimension `i` (from the left) is [`Dyn`](struct@crate::shape::dim::Dyn).
    const DYNAMIC: u64;
    /// The dimensions' names, outermost first.
    const NAMES: DimNames;
    /// Whether any dimension has a name.
    type Named: Flag;
}

impl DimList for Nil {
    const RANK: usize = 0;
    const TEMPLATE: Dims = Dims::EMPTY;
    const DYNAMIC: u64 = 0;
    const NAMES: DimNames = DimNames::EMPTY;
    type Named = B0;
}

impl<H: AnyDim + HeadNames<T>, T: DimList> DimList for Cons<H, T> {
    const RANK: usize = T::RANK + 1;
    const TEMPLATE: Dims = T::TEMPLATE.prepend(H::SIZE);
    const DYNAMIC: u64 = (T::DYNAMIC << 1) | H::DYNAMIC as u64;
    const NAMES: DimNames = T::NAMES.prepend(H::NAME);
    type Named = <H::Named as Flag>::Or<T::Named>;
}

impl<L: DimList + ReverseOnto<Nil>> Layout for Mixed<L> {
    const RANK: usize = L::RANK;
    type Dynamic = typenum::B1;
    const NAMES: DimNames = L::NAMES;
    type Named = L::Named;
    type List = L;
    const TEMPLATE: Dims = L::TEMPLATE;
    const INLINE: bool = false;
    type Extents = Dims;
    type Data<T: Element> = Box<[T]>;
    type Reversed = <L as ReverseOnto<Nil>>::Out;
    #[inline(always)]
    fn dims(ext: &Dims) -> Dims {
        *ext
    }
    fn extents_for(dims: &[usize]) -> Option<Dims> {
        if fits(dims, &L::TEMPLATE, L::DYNAMIC) {
            Some(Dims::from_slice(dims))
        } else {
            None
        }
    }
    const STATIC_EXTENTS: Option<Dims> = None;
}

/// Whether `dims` are sizes of the layout with static sizes `template`,
/// `Dyn` where bit `i` of `dynamic` is set: one function for every mixed
/// layout, where an iterator chain in [`Layout::extents_for`] was eight
/// functions per layout for rustc to compile.
fn fits(dims: &[usize], template: &Dims, dynamic: u64) -> bool {
    dims.len() == template.len()
        && dims
            .iter()
            .zip(template.iter())
            .enumerate()
            .all(|(i, (&d, &t))| dynamic >> i & 1 == 1 || d == t)
}

// Broadcasting a `Dyn` dimension: the static side wins, `Dyn` meets `Dyn` or 1
// as `Dyn`; whatever can still fail is checked at run time.
impl<C, A> BroadcastDim<Dyn, C, A> for Dyn {
    type Out = Dyn;
}
impl<C, A> BroadcastDim<Dyn, C, A> for D1 {
    type Out = Dyn;
}
impl<C, A> BroadcastDim<D1, C, A> for Dyn {
    type Out = Dyn;
}
impl<const N: usize, C, A> BroadcastDim<Dyn, C, A> for D<N> {
    type Out = D<N>;
}
impl<const N: usize, C, A> BroadcastDim<D<N>, C, A> for Dyn {
    type Out = D<N>;
}
impl<const N: usize, C, A> BroadcastDim<Dyn, C, A> for Big<N> {
    type Out = Big<N>;
}
impl<const N: usize, C, A> BroadcastDim<Big<N>, C, A> for Dyn {
    type Out = Big<N>;
}

// In place: anything involving `Dyn` is left to the run-time check.
impl<X, C, A> AssignDim<Dyn, C, A> for X {}
impl<const M: usize, C, A> AssignDim<D<M>, C, A> for Dyn {}
impl<const M: usize, C, A> AssignDim<Big<M>, C, A> for Dyn {}

/// Whether a list of dimensions contains [`Dyn`](struct@crate::shape::dim::Dyn) (`B1`) or not (`B0`).
pub trait HasDyn {
    /// The answer.
    type Flag;
}
impl HasDyn for Nil {
    type Flag = B0;
}
impl<T: HasDyn> HasDyn for Cons<D1, T> {
    type Flag = T::Flag;
}
impl<const N: usize, T: HasDyn> HasDyn for Cons<D<N>, T> {
    type Flag = T::Flag;
}
impl<const N: usize, T: HasDyn> HasDyn for Cons<Big<N>, T> {
    type Flag = T::Flag;
}
impl<T> HasDyn for Cons<Dyn, T> {
    type Flag = B1;
}
impl<N, X, T: HasDyn> HasDyn for Cons<Named<N, X>, T> {
    type Flag = T::Flag;
}

/// The layout of a list of dimensions: the list itself when it is static,
/// [`Mixed`] when it has a [`Dyn`](struct@crate::shape::dim::Dyn).
pub trait ToLayout {
    /// The layout.
    type Out: Layout;
}
impl<L: HasDyn> ToLayout for L
where
    L::Flag: Wrap<L>,
{
    type Out = <L::Flag as Wrap<L>>::Out;
}

/// Wraps a list by its [`HasDyn`] flag.
pub trait Wrap<L> {
    /// The layout.
    type Out: Layout;
}
impl<L: Shape> Wrap<L> for B0 {
    type Out = L;
}
impl<L: DimList + ReverseOnto<Nil>> Wrap<L> for B1 {
    type Out = Mixed<L>;
}

/// A static shape that can be seen as the mixed layout `M`: the same rank,
/// equal static sizes, and any size where `M` has [`Dyn`](struct@crate::shape::dim::Dyn).
#[diagnostic::on_unimplemented(
    message = "the shape `{Self}` does not fit the mixed shape `{M}`",
    label = "each static size must be equal; `Dyn` accepts any size"
)]
pub trait Relax<M> {}
impl Relax<Nil> for Nil {}
impl<X: RelaxDim<Y>, Xs: Relax<Ys>, Y, Ys> Relax<Cons<Y, Ys>> for Cons<X, Xs> {}

/// One dimension of [`Relax`].
pub trait RelaxDim<Y> {}
impl<X: Dim> RelaxDim<Dyn> for X {}
impl RelaxDim<D1> for D1 {}
impl<const N: usize> RelaxDim<D<N>> for D<N> {}
impl<const N: usize> RelaxDim<Big<N>> for Big<N> {}
