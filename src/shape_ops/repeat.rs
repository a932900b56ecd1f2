//! [`repeat`](crate::DynTensor::repeat) (the whole tensor tiled: PyTorch's
//! `repeat`, NumPy's `tile`) and
//! [`repeat_interleave`](crate::DynTensor::repeat_interleave) (each element
//! repeated in place: PyTorch's `repeat_interleave`, NumPy's `repeat`).
//! Mind the names: NumPy's `repeat` is PyTorch's `repeat_interleave`.
//!
//! ```
//! use shaped::DynTensor;
//! let t = DynTensor::from_vec(vec![1, 2], &[2]).unwrap();
//! assert_eq!(t.repeat(&[2]).to_vec(), vec![1, 2, 1, 2]);
//! assert_eq!(t.repeat(&[2, 1]).shape(), &[2, 2]);
//! assert_eq!(t.repeat_interleave(2, 0).to_vec(), vec![1, 1, 2, 2]);
//! ```

use alloc::vec::Vec;

use crate::element::Element;
use crate::error::{OrFail, ShapeError, checked_numel, try_vec};
use crate::shape::all_dyn::{DynAxis, Resized, ToDynLayout, WithDynAxis};
use crate::shape::axes::Axis;
use crate::shape::axis::{self, AxisArg};
use crate::shape::list::{Layout, Shape};
use crate::shape::repeat::{RepeatBy, Repeated};
use crate::tensor::{DynTensor, Tensor};

/// Appends each run of `run` elements of `src` `times` times: a whole
/// axis's block for tiling, one index's block for interleaving.
fn repeat_runs<T: Copy>(src: &[T], run: usize, times: usize, out: &mut Vec<T>) {
    if run == 0 {
        return;
    }
    for piece in src.chunks_exact(run) {
        for _ in 0..times {
            out.extend_from_slice(piece);
        }
    }
}

/// The elements and sizes of `src` (of shape `shape`) tiled `reps[k]`
/// times along axis `k`: the rule of `repeat` on every layout. `reps` has
/// at least the rank's length ([`ShapeError::RepeatRank`] otherwise);
/// extra leading entries add leading axes.
fn tiled<T: Element>(
    src: &[T],
    shape: &[usize],
    reps: &[usize],
) -> Result<(Vec<T>, Vec<usize>), ShapeError> {
    let rank = shape.len();
    if reps.len() < rank {
        return Err(ShapeError::RepeatRank {
            reps: reps.to_vec(),
            shape: shape.to_vec(),
        });
    }
    let mut dims = alloc::vec![1; reps.len() - rank];
    dims.extend_from_slice(shape);
    let out_dims: Vec<usize> = dims
        .iter()
        .zip(reps)
        .map(|(&d, &r)| d.saturating_mul(r))
        .collect();
    let n = checked_numel::<T>(&out_dims)?;
    if dims
        .iter()
        .zip(reps)
        .any(|(&d, &r)| d != 0 && r != 0 && d.checked_mul(r).is_none())
    {
        return Err(ShapeError::TooLarge { shape: out_dims });
    }
    if n == 0 {
        return Ok((Vec::new(), out_dims));
    }
    // The result's storage first: a result the allocator refuses fails
    // before any pass has allocated or written the smaller ones.
    let mut result = try_vec(n, &out_dims)?;
    // Innermost axis first: each pass repeats the blocks below axis k,
    // the first reading `src` itself, the last writing `result`.
    let mut data: Option<Vec<T>> = None;
    let mut block = 1; // elements of one index of axis k
    for k in (0..dims.len()).rev() {
        let run = block * dims[k];
        let from = data.as_deref().unwrap_or(src);
        let mut next = if k == 0 {
            core::mem::take(&mut result)
        } else {
            try_vec(from.len().saturating_mul(reps[k]).min(n), &out_dims)?
        };
        repeat_runs(from, run, reps[k], &mut next);
        data = Some(next);
        block = run * reps[k];
    }
    let data = match data {
        Some(data) => data,
        None => {
            // Rank 0 and no repeats: the element itself.
            result.extend_from_slice(src);
            result
        }
    };
    Ok((data, out_dims))
}

impl<T: Element> DynTensor<T> {
    /// The tensor tiled `reps[k]` times along axis `k` (PyTorch's
    /// `repeat`; NumPy's `tile`). `reps` has at least the tensor's rank;
    /// extra leading entries add leading axes. Fewer entries than the rank
    /// is [`ShapeError::RepeatRank`] (PyTorch's rule: "Number of
    /// dimensions of repeat dims can not be smaller than number of
    /// dimensions of tensor"; NumPy's `tile` pads `reps` instead). The
    /// result has no names.
    pub fn try_repeat(&self, reps: &[usize]) -> Result<Self, ShapeError> {
        let (data, dims) = tiled(self.as_slice(), self.shape(), reps)?;
        Ok(DynTensor::from_parts(data, &dims))
    }

    /// [`try_repeat`](Self::try_repeat), panicking with the error's message.
    #[track_caller]
    pub fn repeat(&self, reps: &[usize]) -> Self {
        self.try_repeat(reps).or_fail()
    }

    /// Each element repeated `repeats` times in place along `axis`
    /// (PyTorch's `repeat_interleave(repeats, dim)`; NumPy's
    /// `repeat(a, repeats, axis)`). The result has no names.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::<i32>::arange(4).reshape(&[2, 2]).unwrap();
    /// let r = t.try_repeat_interleave(2, -1).unwrap();
    /// assert_eq!((r.shape(), r.to_vec()), (&[2, 4][..], vec![0, 0, 1, 1, 2, 2, 3, 3]));
    /// ```
    pub fn try_repeat_interleave(
        &self,
        repeats: usize,
        axis: impl AxisArg,
    ) -> Result<Self, ShapeError> {
        let axis = axis::existing(self.shape(), axis)?;
        let mut dims = self.shape().to_vec();
        if dims.is_empty() {
            dims.push(1); // a rank-0 tensor repeats as a 1-D one, as in PyTorch
        }
        let inner: usize = dims[axis + 1..].iter().product();
        dims[axis] = dims[axis]
            .checked_mul(repeats)
            .ok_or_else(|| ShapeError::TooLarge {
                shape: dims.clone(),
            })?;
        let n = checked_numel::<T>(&dims)?;
        let mut data = try_vec(n, &dims)?;
        repeat_runs(self.as_slice(), inner, repeats, &mut data);
        Ok(DynTensor::from_parts(data, &dims))
    }

    /// [`try_repeat_interleave`](Self::try_repeat_interleave), panicking
    /// with the error's message.
    #[track_caller]
    pub fn repeat_interleave(&self, repeats: usize, axis: impl AxisArg) -> Self {
        self.try_repeat_interleave(repeats, axis).or_fail()
    }
}

impl<T: Element, S: Layout> Tensor<T, S>
where
    S::List: ToDynLayout,
{
    /// The tensor tiled `reps[k]` times along axis `k` (see
    /// [`DynTensor::try_repeat`]); `reps` has exactly the rank's length.
    /// The result keeps the rank, every size known at run time
    /// ([`Resized<S>`]: the sizes are products the compiler cannot
    /// form). Another length of `reps` is [`ShapeError::RepeatRank`].
    pub fn try_repeat(&self, reps: &[usize]) -> Result<Tensor<T, Resized<S>>, ShapeError> {
        if reps.len() != S::RANK {
            return Err(ShapeError::RepeatRank {
                reps: reps.to_vec(),
                shape: self.shape().to_vec(),
            });
        }
        let (data, dims) = tiled(self.as_slice(), &self.shape(), reps)?;
        Ok(Tensor::from_checked(data, &dims))
    }

    /// [`try_repeat`](Self::try_repeat), panicking with the error's message.
    #[track_caller]
    pub fn repeat(&self, reps: &[usize]) -> Tensor<T, Resized<S>> {
        self.try_repeat(reps).or_fail()
    }
}

impl<T: Element, S: Layout> Tensor<T, S> {
    /// The tensor tiled by repeats known at compile time, written as a
    /// static shape `R` (`t.repeat_static::<shape![2, 1]>()` is PyTorch's
    /// `t.repeat(2, 1)`, NumPy's `tile(t, (2, 1))`): the compiler computes
    /// the result's layout ([`Repeated<S, R>`]: each size times its
    /// repeat, `Dyn` where a size is `Dyn` or the product passes 1024).
    /// Fewer repeats than dimensions does not compile (PyTorch's rule).
    /// The only error is an allocation the allocator refuses
    /// ([`ShapeError::TooLarge`]).
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let t = Tensor::<i32, shape![2]>::from_slice(&[1, 2]).unwrap();
    /// let r: Tensor<i32, shape![2, 4]> = t.try_repeat_static::<shape![2, 2]>().unwrap();
    /// assert_eq!(r.to_vec(), vec![1, 2, 1, 2, 1, 2, 1, 2]);
    /// ```
    pub fn try_repeat_static<R: Shape + Layout>(
        &self,
    ) -> Result<Tensor<T, Repeated<S, R>>, ShapeError>
    where
        S: RepeatBy<R>,
    {
        let (data, dims) = tiled(self.as_slice(), &self.shape(), &R::DIMS)?;
        Ok(Tensor::from_checked(data, &dims))
    }

    /// [`try_repeat_static`](Self::try_repeat_static), panicking with the
    /// error's message.
    ///
    /// ```
    /// use shaped::{shape, Dyn, Tensor};
    /// let m = Tensor::<i32, shape![Dyn, 2]>::arange_sized(&[3]);
    /// let r: Tensor<i32, shape![Dyn, 2]> = m.repeat_static::<shape![2, 1]>();
    /// assert_eq!(r.shape().as_slice(), &[6, 2]);
    /// ```
    #[track_caller]
    pub fn repeat_static<R: Shape + Layout>(&self) -> Tensor<T, Repeated<S, R>>
    where
        S: RepeatBy<R>,
    {
        self.try_repeat_static::<R>().or_fail()
    }

    /// Each element repeated `repeats` times in place along axis `K` (see
    /// [`DynTensor::try_repeat_interleave`]), that axis of runtime size in
    /// the result's layout ([`WithDynAxis<S, K>`]).
    ///
    /// ```
    /// use shaped::{shape, Axis, Dyn, Tensor};
    /// let t = Tensor::<i32, shape![2, 2]>::arange();
    /// let r: Tensor<i32, shape![2, Dyn]> = t.repeat_interleave(2, Axis::<1>);
    /// assert_eq!(r.to_vec(), vec![0, 0, 1, 1, 2, 2, 3, 3]);
    /// ```
    #[track_caller]
    pub fn repeat_interleave<const K: usize>(
        &self,
        repeats: usize,
        _: Axis<K>,
    ) -> Tensor<T, WithDynAxis<S, K>>
    where
        S: DynAxis<K>,
    {
        let d = DynTensor::from_parts(self.to_vec(), &self.shape());
        let r = d.try_repeat_interleave(repeats, K).or_fail();
        let dims = r.shape().to_vec();
        Tensor::from_checked(r.into_vec(), &dims)
    }
}
