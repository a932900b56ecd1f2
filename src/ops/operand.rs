//! One operand of a runtime binary operation: row-major elements, sizes and,
//! if it has any, dimension names. A `DynTensor` and a static or mixed
//! `Tensor` both become one, which is how the two kinds meet.

use crate::element::Element;
use crate::shape::list::Layout;
use crate::tensor::names::{NameRef, names_of};
use crate::tensor::{DynTensor, Tensor};

/// One operand of a binary operation: row-major elements, sizes and names.
#[derive(Clone, Copy)]
pub(crate) struct Side<'a, T> {
    pub(crate) data: &'a [T],
    pub(crate) dims: &'a [usize],
    pub(crate) names: Option<NameRef<'a>>,
}

impl<T> DynTensor<T> {
    /// This tensor as an operand of a binary operation.
    #[inline(always)]
    pub(crate) fn side(&self) -> Side<'_, T> {
        Side {
            data: self.data(),
            dims: self.dims(),
            names: self.names.as_deref().map(NameRef::Stored),
        }
    }
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// This tensor as an operand as a runtime operand (its sizes `dims`).
    #[inline(always)]
    pub(crate) fn named_side<'a>(&'a self, dims: &'a [usize]) -> Side<'a, T> {
        Side {
            data: self.as_slice(),
            dims,
            names: names_of::<S>(),
        }
    }
}

/// `f(a, b)` with broadcasting, for any output element type: positional
/// when neither operand has names (the names code is never entered), by
/// name otherwise.
pub(crate) fn zip<T: Copy, U: Copy>(
    a: Side<'_, T>,
    b: Side<'_, T>,
    f: impl Fn(T, T) -> U,
) -> Result<DynTensor<U>, crate::error::ShapeError> {
    if a.names.is_none() && b.names.is_none() {
        return super::positional::zip(a.data, a.dims, b.data, b.dims, f);
    }
    super::by_name::zip(a, b, f)
}
