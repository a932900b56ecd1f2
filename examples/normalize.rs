//! Seed 001's practical example: standardise four 3x3 objects with
//! broadcasting, `(value - mean) / std` with `keepdim` statistics.
//!
//! ```sh
//! cargo run --example normalize                   # the seed's values
//! cargo run --example normalize --features rand   # also on freshly drawn values
//! ```
//!
//! Everything is on static shapes: the compiler checks that `mean` and `std`
//! have shape `[4, 1, 1]` and that they broadcast against `[4, 3, 3]`.
//!
//! PyTorch drew `value` with `torch.normal`; its generator's output cannot be
//! reproduced, so the values are the ones the seed printed. With the `rand`
//! feature the same pipeline also runs on values drawn by `Tensor::normal`
//! from a fixed seed.

// The seed's values, digit for digit as printed (`498.7290`).
#![allow(clippy::excessive_precision)]

use shaped::{Axis, Tensor, shape, tensor, zip};

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
