//! k-means clustering: a runtime number of points over static feature and
//! cluster counts.
//!
//! ```sh
//! cargo run --example kmeans          # 600 points
//! cargo run --example kmeans -- 5000  # any number of points
//! ```
//!
//! The points are `Tensor<f64, shape![Dyn, 1, D]>`: how many there are is
//! known only at run time, while the compiler knows `D` and `K` and so the
//! shape of every step built from them. The distance from each point to each
//! centroid is one broadcast, `[n, 1, D] - [K, D]` giving `[n, K, D]`; each
//! point goes to the centroid it is nearest to (`argmin` over the clusters);
//! each centroid moves to the mean of its points, computed with a one-hot
//! matrix of assignments, again by broadcasting. It stops when no point
//! changes cluster.
//!
//! The data are three blobs around known centres, with jitter from a small
//! fixed generator, so the run is the same everywhere and the program can
//! check its own answer.

use std::error::Error;

use shaped::{Dyn, DynTensor, Tensor, shape};

/// Features per point.
const D: usize = 2;
/// Clusters.
const K: usize = 3;

/// `n` points of `D` features, with a size-1 axis ready to broadcast
/// against the centroids.
type Points = shape![Dyn, 1, D];
/// One row per cluster.
type Centroids = shape![K, D];

/// What can fail here: parsing the argument, and the runtime shape checks
/// of the `DynTensor` steps (which the shapes pass by construction).
type Fallible<T> = Result<T, Box<dyn Error>>;

/// The centres the points are drawn around.
const CENTRES: [[f64; D]; K] = [[0.0, 0.0], [6.0, 1.0], [2.0, 7.0]];

/// `n` points, each near one of [`CENTRES`] picked at random, jittered by
/// up to 1.5 in each coordinate; row-major `[n, D]`.
fn blobs(n: usize) -> Vec<f64> {
    // A 64-bit linear congruential generator (Knuth's MMIX constants):
    // enough to scatter points, and the same on every machine.
    let mut state: u64 = 0x5eed;
    let mut uniform = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 11) as f64 / (1u64 << 53) as f64
    };
    let mut data = Vec::with_capacity(n * D);
    for _ in 0..n {
        let centre = CENTRES[(uniform() * K as f64) as usize];
        data.extend(centre.map(|c| c + (uniform() - 0.5) * 3.0));
    }
    data
}

/// The starting centroids, farthest-first: the first point, then
/// repeatedly the point farthest from every centroid chosen so far.
fn farthest_first(points: &Tensor<f64, Points>) -> Fallible<Tensor<f64, Centroids>> {
    let all = points.to_dyn();
    let mut chosen = all.as_slice()[..D].to_vec();
    for m in 1..K {
        let so_far = DynTensor::from_vec(chosen.clone(), &[m, D])?;
        // [n, 1, D] - [m, D] -> [n, m, D] -> squared distances [n, m].
        let diff = all.try_sub(&so_far)?;
        let distances = (&diff * &diff).sum_dims(&[2], false)?;
        let to_nearest = distances.min_dims(&[1], false)?; // [n]
        let farthest = to_nearest.argmax(0, false)?.to_vec()[0];
        chosen.extend_from_slice(&all.as_slice()[farthest * D..(farthest + 1) * D]);
    }
    Ok(Tensor::from_slice(&chosen)?)
}

/// One k-means step: the nearest centroid of each point (shape `[n]`), and
/// the centroids moved to the means of their points. A centroid left
/// without points stays where it was.
fn step(
    points: &Tensor<f64, Points>,
    centroids: &Tensor<f64, Centroids>,
) -> Fallible<(DynTensor<usize>, Tensor<f64, Centroids>)> {
    // [n, 1, D] - [K, D] -> [n, K, D]: every point against every centroid.
    let diff: Tensor<f64, shape![Dyn, K, D]> = points - centroids;
    let squared = &diff * &diff;
    let distances = squared.into_dyn().sum_dims(&[2], false)?; // [n, K]
    let nearest = distances.argmin(1, false)?; // [n]

    // one_hot[i, k] = 1 where point i is nearest to centroid k: [n, 1] == [K].
    let one_hot = nearest
        .unsqueeze(1)?
        .try_eq(&DynTensor::arange(K))?
        .cast::<f64>();
    let counts = one_hot.sum_dims(&[0], false)?.unsqueeze(1)?; // [K, 1]
    // [n, K, 1] * [n, 1, D] -> [n, K, D], summed over the points: [K, D].
    let sums = (one_hot.unsqueeze(2)? * points.to_dyn()).sum_dims(&[0], false)?;
    let means = sums / &counts;
    let empty = counts.try_eq(&DynTensor::scalar(0.0))?; // [K, 1]
    let moved = empty.select(&centroids.to_dyn(), &means)?;
    Ok((nearest, Tensor::try_from(moved)?))
}

fn main() -> Fallible<()> {
    let n: usize = match std::env::args().nth(1) {
        Some(arg) => arg.parse()?,
        None => 600,
    };
    if n < K {
        return Err(format!("k-means with {K} clusters needs at least {K} points").into());
    }
    let points = Tensor::<f64, Points>::from_vec(blobs(n), &[n])?;

    let mut centroids = farthest_first(&points)?;
    println!("starting centroids =\n{centroids}");
    let mut assignment = DynTensor::<usize>::zeros(&[n]);
    let mut iterations = 0;
    loop {
        iterations += 1;
        let (nearest, moved) = step(&points, &centroids)?;
        centroids = moved;
        if nearest == assignment || iterations == 100 {
            break;
        }
        assignment = nearest;
    }

    let sizes = assignment
        .unsqueeze(1)?
        .try_eq(&DynTensor::arange(K))?
        .cast::<usize>()
        .sum_dims(&[0], false)?;
    println!("{n} points, {K} clusters, converged after {iterations} iterations");
    println!("centroids =\n{centroids}");
    println!("cluster sizes = {sizes}");

    // With enough points, each true centre has a centroid near it (the
    // jitter is symmetric, so the means land close to the centres).
    if n < 300 {
        return Ok(());
    }
    for centre in CENTRES {
        let centre = Tensor::<f64, shape![D]>::from_slice(&centre)?;
        let gap = (centroids - centre)
            .map(f64::abs)
            .to_dyn()
            .sum_dims(&[1], false)?;
        let closest = gap.min_dims(&[0], false)?.to_vec()[0];
        if closest > 0.5 {
            return Err(format!("no centroid near {centre}: centroids are\n{centroids}").into());
        }
    }
    Ok(())
}
