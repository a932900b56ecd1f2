//! PyTorch's logical functions on masks: `logical_and`, `logical_or`,
//! `logical_xor` with broadcasting and `logical_not`, on runtime masks
//! (`DynTensor<bool>`) and on [`Mask`]s of static and mixed layouts (the
//! result layout computed by the compiler). They go through the same
//! broadcasting path as comparisons.
//!
//! ```
//! use shaped::{shape, DynTensor, Tensor};
//! let x = Tensor::<i32, shape![4]>::arange();
//! let small = x.lt(&Tensor::<i32, shape![]>::full(2));
//! let even = x.remainder(&Tensor::<i32, shape![]>::full(2)).eq_elem(&Tensor::<i32, shape![]>::zeros());
//! assert_eq!(small.logical_xor(&even).to_vec(), vec![false, true, true, false]);
//! let d = DynTensor::from_bools(vec![true, false], &[2]).unwrap();
//! assert_eq!(d.logical_not().to_vec(), vec![false, true]);
//! ```

use super::layout_mask::Mask;
use super::operand::{Side, zip};
use crate::error::ShapeError;
use crate::shape::broadcast::{Broadcast, BroadcastWith};
use crate::shape::list::Layout;
use crate::tensor::DynTensor;
use crate::tensor::names::names_of;

impl<S: Layout> Mask<S> {
    /// `f` of each pair of broadcast elements.
    fn logical<R: Layout>(
        &self,
        other: &Mask<R>,
        f: impl Fn(bool, bool) -> bool,
    ) -> Result<Mask<Broadcast<S, R>>, ShapeError>
    where
        S: BroadcastWith<R>,
    {
        let (a, b) = (self.shape(), other.shape());
        let side = |data, dims, names| Side { data, dims, names };
        let out = zip(
            side(self.as_slice(), &a, names_of::<S>()),
            side(other.as_slice(), &b, names_of::<R>()),
            f,
        )?;
        Ok(Mask::from_parts(out.as_slice().to_vec(), out.shape()))
    }
}

macro_rules! logical_ops {
    ($($try:ident $name:ident $op:tt $torch:literal),* $(,)?) => {
        impl<S: Layout> Mask<S> {$(
            #[doc = concat!("PyTorch's `", $torch, "` with broadcasting, or the error where a `Dyn` size does not broadcast.")]
            pub fn $try<R: Layout>(&self, other: &Mask<R>) -> Result<Mask<Broadcast<S, R>>, ShapeError>
            where
                S: BroadcastWith<R>,
            {
                self.logical(other, |a, b| a $op b)
            }
            #[doc = concat!("PyTorch's `", $torch, "` with broadcasting; panics where a `Dyn` size does not broadcast.")]
            #[track_caller]
            pub fn $name<R: Layout>(&self, other: &Mask<R>) -> Mask<Broadcast<S, R>>
            where
                S: BroadcastWith<R>,
            {
                super::or_panic(self.$try(other))
            }
        )*}
        impl DynTensor<bool> {$(
            #[doc = concat!("PyTorch's `", $torch, "` with broadcasting, or the broadcasting error.")]
            pub fn $try(&self, other: &DynTensor<bool>) -> Result<DynTensor<bool>, ShapeError> {
                zip(self.side(), other.side(), |a, b| a $op b)
            }
            #[doc = concat!("PyTorch's `", $torch, "` with broadcasting; panics with the error's message.")]
            #[track_caller]
            pub fn $name(&self, other: &DynTensor<bool>) -> DynTensor<bool> {
                super::or_panic(self.$try(other))
            }
        )*}
    };
}
logical_ops!(
    try_logical_and logical_and & "logical_and",
    try_logical_or logical_or | "logical_or",
    try_logical_xor logical_xor ^ "logical_xor",
);

impl<S: Layout> Mask<S> {
    /// Every element negated (PyTorch's `logical_not`, the same as `!mask`).
    pub fn logical_not(&self) -> Mask<S> {
        !self
    }
}

impl DynTensor<bool> {
    /// Every element negated (PyTorch's `logical_not`).
    pub fn logical_not(&self) -> DynTensor<bool> {
        let mut out =
            DynTensor::from_parts(self.as_slice().iter().map(|&b| !b).collect(), self.shape());
        out.names = self.names.clone();
        out
    }
}
