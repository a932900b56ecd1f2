//! Seed 001's practical example: standardise four 3x3 objects with
//! broadcasting, `(value - mean) / std` with `keepdim` statistics.
//!
//! ```sh
//! cargo run --example normalize                   # the seed's values
//! cargo run --example normalize --features rand   # also on freshly drawn values
//! ```
//!
//! On static shapes the compiler checks that `mean` and `std` have shape
//! `[4, 1, 1]` and that they broadcast against `[4, 3, 3]`; the same runs
//! on the mixed layout `[Dyn, 3, 3]` (a number of objects known at run
//! time), and on features `[Dyn, 8]` standardised over the batch.
//!
//! PyTorch drew `value` with `torch.normal`; its generator's output cannot be
//! reproduced, so the values are the ones the seed printed. With the `rand`
//! feature the same pipeline also runs on values drawn by `Tensor::normal`
//! from a fixed seed.

// The seed's values, digit for digit as printed (`498.7290`).
#![allow(clippy::excessive_precision)]

use shaped::{Axis, Dyn, Tensor, shape, tensor, zip};

type Objects = shape![4, 3, 3];
type PerObject = shape![4, 1, 1];

/// `(value - mean) / std` per object (axis 0), as in the seed: every shape
/// below is checked by the compiler. The pipeline is one fused pass
/// (`zip`), with no temporary for `value - mean`.
fn standardize(value: &Tensor<f32, Objects>) -> Tensor<f32, Objects> {
    let mean: Tensor<f32, PerObject> = value.mean_keepdim((Axis::<1>, Axis::<2>));
    let std: Tensor<f32, PerObject> = value.std_keepdim((Axis::<1>, Axis::<2>)); // unbiased, as torch.std
    zip((value, &mean, &std), |[x, m, s]| (x - m) / s) // [4, 3, 3] with [4, 1, 1] twice
}

/// [`standardize`] for a number of objects known only at run time.
fn standardize_batch(value: &Tensor<f32, shape![Dyn, 3, 3]>) -> Tensor<f32, shape![Dyn, 3, 3]> {
    let mean: Tensor<f32, shape![Dyn, 1, 1]> = value.mean_keepdim((Axis::<1>, Axis::<2>));
    let std: Tensor<f32, shape![Dyn, 1, 1]> = value.std_keepdim((Axis::<1>, Axis::<2>));
    (value - &mean) / &std
}

fn main() {
    // value = torch.stack([torch.normal(mean=mean, std=3., size=(3, 3))
    //                      for mean in [10, 100, 500, 1000]])
    let [a, b, c, d] = [
        tensor![
            [12.8460f32, 11.6038, 8.2267],
            [13.3707, 13.0595, 9.3532],
            [10.6257, 10.8800, 5.5372]
        ],
        tensor![
            [102.3054f32, 98.2987, 89.9491],
            [103.9013, 98.5896, 98.1971],
            [106.4493, 98.1544, 96.3743]
        ],
        tensor![
            [501.0322f32, 499.2918, 504.5105],
            [496.8454, 498.7290, 499.3281],
            [499.4231, 504.0831, 499.4671]
        ],
        tensor![
            [997.9377f32, 1001.2782, 1005.9980],
            [999.5461, 1001.3517, 997.5663],
            [1003.1572, 999.6476, 1001.6178]
        ],
    ];
    let value: Tensor<f32, Objects> = Tensor::stack([&a, &b, &c, &d], Axis::<0>);
    println!("value\n{value}");

    let mean: Tensor<f32, PerObject> = value.mean_keepdim((Axis::<1>, Axis::<2>));
    let std: Tensor<f32, PerObject> = value.std_keepdim((Axis::<1>, Axis::<2>));
    println!("mean = value.mean(axis=[1,2], keepdim=True)\n{mean}");
    println!("std = value.std(axis=[1,2], keepdim=True)\n{std}");
    println!("(value - mean)/std\n{}", standardize(&value));

    // The same with the number of objects known only at run time: a mixed
    // layout, every statistic computed by the compiler's shapes, no
    // runtime-shaped detour. It agrees with the static pipeline.
    let batch: Tensor<f32, shape![Dyn, 3, 3]> = value.into_mixed();
    let normalized: Tensor<f32, shape![Dyn, 3, 3]> = standardize_batch(&batch);
    assert_eq!(normalized.as_slice(), standardize(&value).as_slice());
    assert!((normalized[[0, 0, 0]] - 0.8708).abs() < 1e-4); // the seed's printed value
    assert!((normalized[[3, 2, 2]] - 0.2731).abs() < 1e-4);

    // Features standardised over a runtime batch: [Dyn, 8] against [1, 8].
    let rows = 5;
    let x = Tensor::<f32, shape![Dyn, 8]>::from_vec(
        (0..rows * 8).map(|i| (i * i % 17) as f32).collect(),
        &[rows],
    )
    .expect("5 rows of 8");
    let mean: Tensor<f32, shape![1, 8]> = x.mean_keepdim(Axis::<0>);
    let std: Tensor<f32, shape![1, 8]> = x.std_keepdim(Axis::<0>);
    let z: Tensor<f32, shape![Dyn, 8]> = (&x - mean) / std;
    let z_mean: Tensor<f32, shape![8]> = z.mean_over(Axis::<0>);
    assert!(z_mean.as_slice().iter().all(|m| m.abs() < 1e-5));
    println!("features standardised over a batch of {rows}: column means {z_mean}");

    #[cfg(feature = "rand")]
    {
        use rand::{SeedableRng, rngs::SmallRng};
        let mut rng = SmallRng::seed_from_u64(1);
        let [a, b, c, d] = [10.0, 100.0, 500.0, 1000.0]
            .map(|m| Tensor::<f32, shape![3, 3]>::normal(m, 3.0, &mut rng));
        let value: Tensor<f32, Objects> = Tensor::stack([&a, &b, &c, &d], Axis::<0>);
        let normalized = standardize(&value);
        println!("\nfreshly drawn (seed 1)\n{value}");
        println!("standardised: every object now has mean 0 and std 1");
        let mean: Tensor<f32, shape![4]> = normalized.mean_over((Axis::<1>, Axis::<2>));
        let std: Tensor<f32, shape![4]> = normalized.std_over((Axis::<1>, Axis::<2>));
        println!("{mean}\n{std}");
    }
}
