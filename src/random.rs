//! Random tensors (the `rand` feature): [`normal`](crate::DynTensor::normal)
//! and [`uniform`](crate::DynTensor::uniform), for runtime, static and
//! mixed shapes (`normal_sized`, `uniform_sized`).
//!
//! Every constructor takes the random number generator, so that results are
//! reproducible from a seed (`SeedableRng::seed_from_u64`). Elements are
//! drawn in row-major order, one draw per element. Seed 001's
//! `torch.normal(mean=mean, std=3., size=(3, 3))` is
//! `DynTensor::normal(mean, 3.0, &[3, 3], &mut rng)` (the values differ from
//! PyTorch's, whose generator is another).
//!
//! ```
//! use rand::{SeedableRng, rngs::SmallRng};
//! use shaped::DynTensor;
//! let mut rng = SmallRng::seed_from_u64(1);
//! let value = DynTensor::stack(
//!     &[10.0, 100.0, 500.0, 1000.0].map(|m| DynTensor::<f32>::normal(m, 3.0, &[3, 3], &mut rng)),
//!     0,
//! )
//! .unwrap();
//! assert_eq!(value.shape(), &[4, 3, 3]);
//! ```

use rand::Rng;
use rand_distr::uniform::SampleUniform;
use rand_distr::{Distribution, Normal, StandardNormal, Uniform};

use num_traits::Float;

use crate::element::Element;
use crate::shape::Shape;
use crate::shape::broadcast::ReverseOnto;
use crate::shape::list::Nil;
use crate::shape::mixed::{DimList, Mixed};
use crate::tensor::DynTensor;
use crate::tensor::Tensor;

/// The normal distribution, or a panic with PyTorch's message.
#[track_caller]
fn normal_distribution<T: Element + Float>(mean: T, std: T) -> Normal<T>
where
    StandardNormal: Distribution<T>,
{
    if std.is_nan() || std < T::zero() {
        panic!("normal expects std >= 0.0, but found std {std}");
    }
    match Normal::new(mean, std) {
        Ok(d) => d,
        Err(e) => panic!("normal expects a finite std, but found std {std}: {e}"),
    }
}

/// A sampler of `[low, high)`, or `None` when `low == high` (every draw is
/// `low`, as in PyTorch); panics with PyTorch's message when `low > high`.
#[track_caller]
fn uniform_distribution<T: Element + SampleUniform>(low: T, high: T) -> Option<Uniform<T>> {
    if low == high {
        return None;
    }
    // A NaN bound is not ordered: it fails here too.
    if low.partial_cmp(&high) != Some(core::cmp::Ordering::Less) {
        panic!("uniform_ expects to return a [from, to) range, but found from={low} > to={high}");
    }
    match Uniform::new(low, high) {
        Ok(d) => Some(d),
        Err(e) => panic!("uniform_ expects a finite range, but found from={low}, to={high}: {e}"),
    }
}

impl<T: Element + Float> DynTensor<T>
where
    StandardNormal: Distribution<T>,
{
    /// Elements drawn from the normal distribution of `mean` and standard
    /// deviation `std` (PyTorch's `torch.normal(mean, std, size)`).
    ///
    /// # Panics
    ///
    /// If `std` is negative, NaN or infinite, or the shape is too large
    /// (see [`try_full`](Self::try_full)).
    ///
    /// ```
    /// use rand::{SeedableRng, rngs::SmallRng};
    /// use shaped::DynTensor;
    /// let mut rng = SmallRng::seed_from_u64(7);
    /// let t = DynTensor::<f64>::normal(100.0, 3.0, &[200, 50], &mut rng);
    /// assert!((t.mean() - 100.0).abs() < 0.2);
    /// assert!((t.std_dims(&[0, 1], false).unwrap().to_vec()[0] - 3.0).abs() < 0.2);
    /// ```
    #[track_caller]
    pub fn normal<R: Rng + ?Sized>(mean: T, std: T, shape: &[usize], rng: &mut R) -> Self {
        let d = normal_distribution(mean, std);
        let mut t = Self::full(shape, mean);
        for x in t.as_mut_slice() {
            *x = d.sample(rng);
        }
        t
    }
}

impl<T: Element + SampleUniform> DynTensor<T> {
    /// Elements drawn uniformly from `[low, high)` (PyTorch's `uniform_`;
    /// for integers, `randint(low, high)`). `low == high` gives `low`
    /// everywhere.
    ///
    /// # Panics
    ///
    /// If `low > high`, a bound is not finite, or the shape is too large
    /// (see [`try_full`](Self::try_full)).
    ///
    /// ```
    /// use rand::{SeedableRng, rngs::SmallRng};
    /// use shaped::DynTensor;
    /// let mut rng = SmallRng::seed_from_u64(7);
    /// let t = DynTensor::<f32>::uniform(-1.0, 1.0, &[1000], &mut rng);
    /// assert!(t.to_vec().iter().all(|&x| (-1.0..1.0).contains(&x)));
    /// let dice = DynTensor::<u8>::uniform(1, 7, &[10], &mut rng);
    /// assert!(dice.to_vec().iter().all(|&x| (1..7).contains(&x)));
    /// ```
    #[track_caller]
    pub fn uniform<R: Rng + ?Sized>(low: T, high: T, shape: &[usize], rng: &mut R) -> Self {
        let d = uniform_distribution(low, high);
        let mut t = Self::full(shape, low);
        if let Some(d) = d {
            for x in t.as_mut_slice() {
                *x = d.sample(rng);
            }
        }
        t
    }
}

impl<T: Element + Float, S: Shape> Tensor<T, S>
where
    StandardNormal: Distribution<T>,
{
    /// A static tensor of elements drawn from the normal distribution (see
    /// [`DynTensor::normal`]).
    ///
    /// ```
    /// use rand::{SeedableRng, rngs::SmallRng};
    /// use shaped::{shape, Tensor};
    /// let mut rng = SmallRng::seed_from_u64(7);
    /// let t = Tensor::<f32, shape![3, 3]>::normal(10.0, 3.0, &mut rng);
    /// assert_eq!(t.numel(), 9);
    /// ```
    #[track_caller]
    pub fn normal<R: Rng + ?Sized>(mean: T, std: T, rng: &mut R) -> Self {
        let d = normal_distribution(mean, std);
        Self::from_fn(|_| d.sample(rng))
    }
}

impl<T: Element + SampleUniform, S: Shape> Tensor<T, S> {
    /// A static tensor of elements drawn uniformly from `[low, high)` (see
    /// [`DynTensor::uniform`]).
    ///
    /// ```
    /// use rand::{SeedableRng, rngs::SmallRng};
    /// use shaped::{shape, Tensor};
    /// let mut rng = SmallRng::seed_from_u64(7);
    /// let t = Tensor::<f64, shape![2, 4]>::uniform(0.0, 1.0, &mut rng);
    /// assert!(t.as_slice().iter().all(|&x| (0.0..1.0).contains(&x)));
    /// ```
    #[track_caller]
    pub fn uniform<R: Rng + ?Sized>(low: T, high: T, rng: &mut R) -> Self {
        match uniform_distribution(low, high) {
            Some(d) => Self::from_fn(|_| d.sample(rng)),
            None => Self::full(low),
        }
    }
}

impl<T: Element + Float, L: DimList + ReverseOnto<Nil>> Tensor<T, Mixed<L>>
where
    StandardNormal: Distribution<T>,
{
    /// A mixed tensor of elements drawn from the normal distribution (see
    /// [`DynTensor::normal`]), the `Dyn` sizes given as for
    /// [`ones_sized`](Tensor::ones_sized).
    ///
    /// ```
    /// use rand::{SeedableRng, rngs::SmallRng};
    /// use shaped::{shape, Dyn, Tensor};
    /// let mut rng = SmallRng::seed_from_u64(7);
    /// let t = Tensor::<f32, shape![Dyn, 3]>::normal_sized(10.0, 3.0, &[4], &mut rng);
    /// assert_eq!(t.shape().as_slice(), &[4, 3]);
    /// ```
    #[track_caller]
    pub fn normal_sized<R: Rng + ?Sized>(
        mean: T,
        std: T,
        dyn_sizes: &[usize],
        rng: &mut R,
    ) -> Self {
        let d = normal_distribution(mean, std);
        Self::from_fn_sized(dyn_sizes, |_| d.sample(rng))
    }
}

impl<T: Element + SampleUniform, L: DimList + ReverseOnto<Nil>> Tensor<T, Mixed<L>> {
    /// A mixed tensor of elements drawn uniformly from `[low, high)` (see
    /// [`DynTensor::uniform`]), the `Dyn` sizes given as for
    /// [`ones_sized`](Tensor::ones_sized).
    ///
    /// ```
    /// use rand::{SeedableRng, rngs::SmallRng};
    /// use shaped::{shape, Dyn, Tensor};
    /// let mut rng = SmallRng::seed_from_u64(7);
    /// let t = Tensor::<f64, shape![2, Dyn]>::uniform_sized(0.0, 1.0, &[5], &mut rng);
    /// assert_eq!(t.shape().as_slice(), &[2, 5]);
    /// assert!(t.as_slice().iter().all(|&x| (0.0..1.0).contains(&x)));
    /// ```
    #[track_caller]
    pub fn uniform_sized<R: Rng + ?Sized>(
        low: T,
        high: T,
        dyn_sizes: &[usize],
        rng: &mut R,
    ) -> Self {
        match uniform_distribution(low, high) {
            Some(d) => Self::from_fn_sized(dyn_sizes, |_| d.sample(rng)),
            None => Self::full_sized(dyn_sizes, low),
        }
    }
}
