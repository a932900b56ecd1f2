//! Seed 001's practical example: standardise four 3x3 objects with
//! broadcasting, `(value - mean) / std` with `keepdim` statistics.
//!
//! ```sh
//! cargo run --example normalize                   # the seed's values
//! cargo run --example normalize --features rand   # also on freshly drawn values
//! ```
//!
//! PyTorch drew `value` with `torch.normal`; its generator's output cannot be
//! reproduced, so the values are the ones the seed printed. With the `rand`
//! feature the same pipeline also runs on values drawn by
//! `DynTensor::normal` from a fixed seed.

// The seed's values, digit for digit as printed (`498.7290`).
#![allow(clippy::excessive_precision)]

use shaped::{DynTensor, ShapeError, tensor};

/// `(value - mean) / std` per object (axis 0), as in the seed.
fn standardize(value: &DynTensor<f32>) -> Result<[DynTensor<f32>; 3], ShapeError> {
    let mean = value.mean_dims(&[1, 2], true)?; // shape [4, 1, 1]
    let std = value.std_dims(&[1, 2], true)?; // unbiased, as torch.std
    let normalized = value.try_sub(&mean)?.try_div(&std)?; // [4, 3, 3] op [4, 1, 1]
    Ok([mean, std, normalized])
}

fn main() -> Result<(), ShapeError> {
    // value = torch.stack([torch.normal(mean=mean, std=3., size=(3, 3))
    //                      for mean in [10, 100, 500, 1000]])
    let objects = [
        tensor![
            [12.8460f32, 11.6038, 8.2267],
            [13.3707, 13.0595, 9.3532],
            [10.6257, 10.8800, 5.5372]
        ]
        .into_dyn(),
        tensor![
            [102.3054f32, 98.2987, 89.9491],
            [103.9013, 98.5896, 98.1971],
            [106.4493, 98.1544, 96.3743]
        ]
        .into_dyn(),
        tensor![
            [501.0322f32, 499.2918, 504.5105],
            [496.8454, 498.7290, 499.3281],
            [499.4231, 504.0831, 499.4671]
        ]
        .into_dyn(),
        tensor![
            [997.9377f32, 1001.2782, 1005.9980],
            [999.5461, 1001.3517, 997.5663],
            [1003.1572, 999.6476, 1001.6178]
        ]
        .into_dyn(),
    ];
    let value = DynTensor::stack(&objects, 0)?;
    println!("value\n{value}");

    let [mean, std, normalized] = standardize(&value)?;
    println!("mean = value.mean(axis=[1,2], keepdim=True)\n{mean}");
    println!("std = value.std(axis=[1,2], keepdim=True)\n{std}");
    println!("(value - mean)/std\n{normalized}");

    #[cfg(feature = "rand")]
    {
        use rand::{SeedableRng, rngs::SmallRng};
        let mut rng = SmallRng::seed_from_u64(1);
        let drawn: Vec<DynTensor<f32>> = [10.0, 100.0, 500.0, 1000.0]
            .iter()
            .map(|&m| DynTensor::normal(m, 3.0, &[3, 3], &mut rng))
            .collect();
        let value = DynTensor::stack(&drawn, 0)?;
        let [_, _, normalized] = standardize(&value)?;
        println!("\nfreshly drawn (seed 1)\n{value}");
        println!("standardised: every object now has mean 0 and std 1");
        println!("{}", normalized.mean_dims(&[1, 2], false)?);
        println!("{}", normalized.std_dims(&[1, 2], false)?);
    }
    Ok(())
}
