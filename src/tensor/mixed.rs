//! Tensors of mixed layouts (`shape![Dyn, 3]`): constructors taking the
//! sizes of the `Dyn` dimensions, and the view of a static tensor through a
//! mixed layout. The layouts themselves are in [`shape::mixed`](crate::shape::mixed).
//!
//! The constructors of a mixed layout end in `_sized` (`zeros_sized`,
//! `ones_sized`, `full_sized`, `from_fn_sized`, `from_fn_index_sized` and
//! their `try_` forms): they take the sizes of the `Dyn` dimensions, where
//! a static layout's `zeros()` takes nothing. The names differ so that a
//! type annotation alone picks a static constructor, as in nalgebra
//! (`let m: Matrix3<f32> = Matrix3::zeros()`):
//!
//! ```
//! use shaped::{shape, Dyn, Tensor};
//! let t: Tensor<f32, shape![2, 3]> = Tensor::ones();
//! let batch = 4;
//! let m: Tensor<f32, shape![Dyn, 3]> = Tensor::zeros_sized(&[batch]);
//! assert_eq!((t.numel(), &*m.shape()), (6, &[4, 3][..]));
//! ```

use alloc::boxed::Box;
use alloc::vec::Vec;

use crate::element::Element;
use crate::error::{ShapeError, checked_numel};
use crate::shape::broadcast::ReverseOnto;
use crate::shape::list::{Dims, Nil, Shape};
use crate::shape::mixed::{DimList, Mixed, Relax};
use crate::tensor::Tensor;

/// The full sizes of a `Mixed<L>` given the sizes of its [`Dyn`](struct@crate::shape::dim::Dyn) dimensions.
pub(crate) fn fill<L: DimList>(dyn_sizes: &[usize]) -> Result<Dims, ShapeError> {
    fill_template(&L::TEMPLATE, L::DYNAMIC, dyn_sizes)
}

/// [`fill`] for the layout of static sizes `template`, `Dyn` where bit `i`
/// of `dynamic` is set: one function for every layout, not one per layout.
fn fill_template(template: &Dims, dynamic: u64, dyn_sizes: &[usize]) -> Result<Dims, ShapeError> {
    let expected = dynamic.count_ones() as usize;
    if dyn_sizes.len() != expected {
        return Err(ShapeError::DynSizes {
            template: template.to_vec(),
            dynamic: dyn_sizes.to_vec(),
        });
    }
    let mut dims = *template;
    let mut given = dyn_sizes.iter();
    for (i, d) in dims.as_mut_slice().iter_mut().enumerate() {
        if dynamic >> i & 1 == 1 {
            *d = *given.next().unwrap_or(&0);
        }
    }
    Ok(dims)
}

/// The elements and sizes of [`Tensor::try_full`] for a mixed layout:
/// one function per element type, where the constructors, compiled per
/// layout, only name the result's type.
fn full_parts<T: Element>(
    template: &Dims,
    dynamic: u64,
    dyn_sizes: &[usize],
    value: T,
) -> Result<(Box<[T]>, Dims), ShapeError> {
    let dims = fill_template(template, dynamic, dyn_sizes)?;
    let n = checked_numel::<T>(&dims)?;
    let data = crate::error::try_filled(n, value, &dims)?;
    Ok((data.into_boxed_slice(), dims))
}

impl<T: Element, L: DimList + ReverseOnto<Nil>> Tensor<T, Mixed<L>> {
    /// Every element `value`; `dyn_sizes` gives the sizes of the [`Dyn`](struct@crate::shape::dim::Dyn)
    /// dimensions, outermost first. An error if their number is wrong or the
    /// tensor would be too large (the size policy of
    /// [`DynTensor::try_full`](crate::DynTensor::try_full), or memory the
    /// allocator refuses).
    pub fn try_full_sized(dyn_sizes: &[usize], value: T) -> Result<Self, ShapeError> {
        match full_parts(&L::TEMPLATE, L::DYNAMIC, dyn_sizes, value) {
            Ok((data, ext)) => Ok(Tensor { data, ext }),
            Err(e) => Err(e),
        }
    }

    /// All zeros (see [`try_full_sized`](Self::try_full_sized)).
    pub fn try_zeros_sized(dyn_sizes: &[usize]) -> Result<Self, ShapeError> {
        Self::try_full_sized(dyn_sizes, T::zero())
    }

    /// Every element `value`, the [`Dyn`](struct@crate::shape::dim::Dyn) dimensions sized by `dyn_sizes`;
    /// panics with the error's message where [`try_full_sized`](Self::try_full_sized) errs.
    #[track_caller]
    pub fn full_sized(dyn_sizes: &[usize], value: T) -> Self {
        match Self::try_full_sized(dyn_sizes, value) {
            Ok(t) => t,
            Err(e) => crate::error::fail(e),
        }
    }

    /// All zeros, the [`Dyn`](struct@crate::shape::dim::Dyn) dimensions sized by `dyn_sizes` (panics like [`full_sized`](Self::full_sized)).
    #[track_caller]
    pub fn zeros_sized(dyn_sizes: &[usize]) -> Self {
        Self::full_sized(dyn_sizes, T::zero())
    }

    /// All ones, the [`Dyn`](struct@crate::shape::dim::Dyn) dimensions sized by `dyn_sizes` (panics like [`full_sized`](Self::full_sized)).
    #[track_caller]
    pub fn ones_sized(dyn_sizes: &[usize]) -> Self {
        Self::full_sized(dyn_sizes, T::one())
    }

    /// The elements of `data` in row-major order, the [`Dyn`](struct@crate::shape::dim::Dyn) dimensions
    /// sized by `dyn_sizes`; `data` must have exactly as many elements.
    /// The arguments come in the order of [`DynTensor::from_vec`](crate::DynTensor::from_vec):
    /// the elements, then the sizes.
    ///
    /// ```
    /// use shaped::{shape, Dyn, Tensor};
    /// let t = Tensor::<i32, shape![Dyn, 3]>::from_vec(vec![1, 2, 3, 4, 5, 6], &[2]).unwrap();
    /// assert_eq!(t[[1, 0]], 4);
    /// ```
    pub fn from_vec(data: Vec<T>, dyn_sizes: &[usize]) -> Result<Self, ShapeError> {
        let dims = fill::<L>(dyn_sizes)?;
        if checked_numel::<T>(&dims)? != data.len() {
            return Err(ShapeError::Reshape {
                shape: dims.to_vec(),
                numel: data.len(),
            });
        }
        Ok(Tensor::from_parts(data.into_boxed_slice(), dims))
    }
}

impl<T: Element, S: Shape> Tensor<T, S> {
    /// The same tensor seen through a mixed shape with the same static sizes,
    /// where `L` may leave any of them [`Dyn`](struct@crate::shape::dim::Dyn).
    ///
    /// ```
    /// use shaped::{shape, Dyn, Tensor};
    /// let t = Tensor::<f32, shape![2, 3]>::ones();
    /// let m: Tensor<f32, shape![Dyn, 3]> = t.into_mixed();
    /// assert_eq!(&*m.shape(), &[2, 3]);
    /// ```
    pub fn into_mixed<L: DimList + ReverseOnto<Nil>>(self) -> Tensor<T, Mixed<L>>
    where
        S: Relax<L>,
    {
        let dims = S::DIMS;
        Tensor::from_parts(self.as_slice().into(), dims)
    }
}
