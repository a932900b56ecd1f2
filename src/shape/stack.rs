//! The layout of `stack` of parts of different kinds (tensors, typed
//! views; static, mixed or named layouts): the parts must have equal
//! layouts, and a new axis of size = the number of parts is inserted.
//!
//! Stacking is joining the parts, each with a size-1 axis inserted at the
//! new position, along that axis: the sizes 1 add up to the number of
//! parts and the other axes must agree, which is [`CatLayouts`]' rule.

use crate::shape::axes::Axis;
use crate::shape::concat::{CatLayouts, Catted};
use crate::shape::list::Layout;
use crate::shape::toolkit::{Unsqueeze, Unsqueezed};

/// A tuple of 2 to 8 equal layouts stacked at a new axis `K`: the bound
/// of `stack` of a tuple for generic code, with the result layout
/// [`Stacked<P, K>`](Stacked).
///
/// ```
/// use shaped::shape::stack::{StackLayouts, Stacked};
/// use shaped::{shape, Axis, Dyn, Layout, Tensor, TensorView};
/// fn pair<S: Layout>(a: &Tensor<f32, S>, b: TensorView<'_, f32, S>) -> Tensor<f32, Stacked<(S, S), 1>>
/// where
///     (S, S): StackLayouts<1>,
/// {
///     Tensor::stack((a, &b), Axis::<1>)
/// }
/// let a = Tensor::<f32, shape![Dyn, 3]>::ones_sized(&[4]);
/// let s: Tensor<f32, shape![Dyn, 2, 3]> = pair(&a, a.view());
/// assert_eq!(&*s.shape(), &[4, 2, 3]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot stack parts of layouts `{Self}` at a new axis {K}",
    label = "the parts must have equal layouts, and the new axis be at most their rank",
    note = "generic code names this bound: `(S1, S2, ..): StackLayouts<K>`, with the result layout `Stacked<(S1, S2, ..), K>`"
)]
pub trait StackLayouts<const K: usize> {
    /// The stacked layout.
    type Out: Layout;
}
/// The layout of the parts `P` (a tuple of equal layouts) stacked at a new
/// axis `K`.
pub type Stacked<P, const K: usize> = <P as StackLayouts<K>>::Out;

macro_rules! stack_layouts {
    ($($S:ident),+) => {
        #[diagnostic::do_not_recommend]
        impl<const K: usize, $($S: Unsqueeze<K>),+> StackLayouts<K> for ($($S),+)
        where
            ($(Unsqueezed<$S, K>),+): CatLayouts<Axis<K>>,
        {
            type Out = Catted<($(Unsqueezed<$S, K>),+), Axis<K>>;
        }
    };
}
stack_layouts!(S1, S2);
stack_layouts!(S1, S2, S3);
stack_layouts!(S1, S2, S3, S4);
stack_layouts!(S1, S2, S3, S4, S5);
stack_layouts!(S1, S2, S3, S4, S5, S6);
stack_layouts!(S1, S2, S3, S4, S5, S6, S7);
stack_layouts!(S1, S2, S3, S4, S5, S6, S7, S8);
