//! The random constructors (`rand` feature): seeded, reproducible, and the
//! same values on every layout.
#![cfg(feature = "rand")]

use rand::{SeedableRng, rngs::SmallRng};
use shaped::{Dyn, DynTensor, Tensor, shape};

#[test]
fn seeded_generators_reproduce() {
    let a = DynTensor::<f32>::normal(10.0, 3.0, &[3, 3], &mut SmallRng::seed_from_u64(5));
    let b = DynTensor::<f32>::normal(10.0, 3.0, &[3, 3], &mut SmallRng::seed_from_u64(5));
    let c = DynTensor::<f32>::normal(10.0, 3.0, &[3, 3], &mut SmallRng::seed_from_u64(6));
    assert_eq!(a, b);
    assert_ne!(a, c);
    assert_eq!(a.shape(), &[3, 3]);
    // Static tensors draw the same values in the same order.
    let s = Tensor::<f32, shape![3, 3]>::normal(10.0, 3.0, &mut SmallRng::seed_from_u64(5));
    assert_eq!(s.into_dyn(), a);
    // So do mixed ones, the `Dyn` sizes given.
    let m = Tensor::<f32, shape![Dyn, 3]>::normal_sized(
        10.0,
        3.0,
        &[3],
        &mut SmallRng::seed_from_u64(5),
    );
    assert_eq!(m.into_dyn(), a);
    let u = DynTensor::<u8>::uniform(1, 7, &[2, 5], &mut SmallRng::seed_from_u64(9));
    let mu =
        Tensor::<u8, shape![2, Dyn]>::uniform_sized(1, 7, &[5], &mut SmallRng::seed_from_u64(9));
    assert_eq!(mu.into_dyn(), u);
    let flat =
        Tensor::<f64, shape![Dyn]>::uniform_sized(2.0, 2.0, &[3], &mut SmallRng::seed_from_u64(0));
    assert_eq!(flat.to_vec(), vec![2.0; 3]);
}

#[test]
fn normal_has_the_requested_moments() {
    let mut rng = SmallRng::seed_from_u64(42);
    let t = DynTensor::<f64>::normal(500.0, 3.0, &[100, 100], &mut rng);
    // 10^4 draws: the standard error of the mean is 0.03, of the std about 0.02.
    assert!((t.mean() - 500.0).abs() < 0.15, "{}", t.mean());
    let s = t.std_dims(&[0, 1], false).unwrap().to_vec()[0];
    assert!((s - 3.0).abs() < 0.1, "{s}");
    // std 0 is allowed: every draw is the mean.
    let z = DynTensor::<f32>::normal(1.5, 0.0, &[4], &mut rng);
    assert_eq!(z.to_vec(), vec![1.5; 4]);
}

#[test]
fn uniform_stays_in_range() {
    let mut rng = SmallRng::seed_from_u64(1);
    let t = DynTensor::<f64>::uniform(-2.0, 3.0, &[10_000], &mut rng);
    assert!(t.to_vec().iter().all(|&x| (-2.0..3.0).contains(&x)));
    assert!((t.mean() - 0.5).abs() < 0.1, "{}", t.mean());
    let i = DynTensor::<i64>::uniform(0, 3, &[1000], &mut rng);
    for v in 0..3 {
        assert!(i.to_vec().contains(&v));
    }
    assert!(i.to_vec().iter().all(|&x| (0..3).contains(&x)));
    assert_eq!(
        DynTensor::<f32>::uniform(2.0, 2.0, &[2], &mut rng).to_vec(),
        vec![2.0, 2.0]
    );
    let s = Tensor::<u8, shape![4, 4]>::uniform(10, 20, &mut rng);
    assert!(s.as_slice().iter().all(|&x| (10..20).contains(&x)));
}

#[test]
#[should_panic(expected = "normal expects std >= 0.0, but found std -1")]
fn normal_rejects_a_negative_std() {
    let _ = DynTensor::<f64>::normal(0.0, -1.0, &[2], &mut SmallRng::seed_from_u64(0));
}

#[test]
#[should_panic(expected = "uniform_ expects to return a [from, to) range, but found from=2 > to=1")]
fn uniform_rejects_an_empty_range() {
    let _ = DynTensor::<f64>::uniform(2.0, 1.0, &[2], &mut SmallRng::seed_from_u64(0));
}
