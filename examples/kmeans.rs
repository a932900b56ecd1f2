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

use shaped::{Axis, Dyn, Tensor, shape};

/// Features per point.
const D: usize = 2;
/// Clusters.
const K: usize = 3;

/// `n` points of `D` features, with a size-1 axis ready to broadcast
/// against the centroids.
type Points = shape![Dyn, 1, D];
/// One row per cluster.
type Centroids = shape![K, D];
/// The cluster of each point.
type Assignment = shape![Dyn];

/// What can fail here: parsing the argument, and the runtime shape checks
/// of the steps with two `Dyn` sizes (which the shapes pass by construction).
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
    let flat: Tensor<f64, shape![Dyn, D]> = points.squeeze(Axis::<1>);
    let mut chosen = flat.as_slice()[..D].to_vec();
    for m in 1..K {
        let so_far = Tensor::<f64, shape![Dyn, D]>::from_vec(chosen.clone(), &[m])?;
        // [n, 1, D] - [m, D] -> [n, m, D] -> squared distances [n, m].
        let diff: Tensor<f64, shape![Dyn, Dyn, D]> = points.try_sub(&so_far)?;
        let distances: Tensor<f64, shape![Dyn, Dyn]> = (&diff * &diff).sum_over(Axis::<2>);
        let to_nearest: Tensor<f64, shape![Dyn]> = distances.min_over(Axis::<1>);
        let farthest: Tensor<usize, shape![]> = to_nearest.argmax_over(Axis::<0>);
        let f = farthest[[]];
        chosen.extend_from_slice(&flat.as_slice()[f * D..(f + 1) * D]);
    }
    Ok(Tensor::from_slice(&chosen)?)
}

/// One k-means step: the nearest centroid of each point (shape `[n]`), and
/// the centroids moved to the means of their points. A centroid left
/// without points stays where it was. Every shape is written out: the
/// compiler checks each step, only the number of points is left to run
/// time, and nothing goes through a runtime-shaped `DynTensor`.
fn step(
    points: &Tensor<f64, Points>,
    centroids: &Tensor<f64, Centroids>,
) -> (Tensor<usize, Assignment>, Tensor<f64, Centroids>) {
    // [n, 1, D] - [K, D] -> [n, K, D]: every point against every centroid.
    let diff: Tensor<f64, shape![Dyn, K, D]> = points - centroids;
    let squared: Tensor<f64, shape![Dyn, K, D]> = &diff * &diff;
    let distances: Tensor<f64, shape![Dyn, K]> = squared.sum_over(Axis::<2>);
    let nearest: Tensor<usize, Assignment> = distances.argmin_over(Axis::<1>);

    // one_hot[i, k] = 1 where point i is nearest to centroid k: [n, 1] == [K].
    let column: Tensor<usize, shape![Dyn, 1]> = nearest.unsqueeze(Axis::<1>);
    let one_hot: Tensor<f64, shape![Dyn, K]> = column
        .eq_elem(&Tensor::<usize, shape![K]>::arange())
        .cast::<f64>();
    let counts: Tensor<f64, shape![K, 1]> = one_hot
        .sum_keepdim(Axis::<0>)
        .transpose(Axis::<0>, Axis::<1>);
    // [n, K, 1] * [n, 1, D] -> [n, K, D], summed over the points: [K, D].
    let spread: Tensor<f64, shape![Dyn, K, 1]> = one_hot.unsqueeze(Axis::<2>);
    let sums: Tensor<f64, Centroids> = (&spread * points).sum_over(Axis::<0>);
    let means: Tensor<f64, Centroids> = sums / counts;
    let empty: shaped::Mask<shape![K, 1]> = counts.eq_elem(&Tensor::<f64, shape![]>::zeros());
    let moved: Tensor<f64, Centroids> = empty.where_cond(centroids, &means);
    (nearest, moved)
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
    let mut assignment = Tensor::<usize, Assignment>::zeros_sized(&[n]);
    let mut iterations = 0;
    loop {
        iterations += 1;
        let (nearest, moved) = step(&points, &centroids);
        centroids = moved;
        if nearest == assignment || iterations == 100 {
            break;
        }
        assignment = nearest;
    }

    let sizes: Tensor<i64, shape![K]> = assignment
        .unsqueeze(Axis::<1>)
        .eq_elem(&Tensor::<usize, shape![K]>::arange())
        .cast::<i64>()
        .sum_over(Axis::<0>);
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
        let gap: Tensor<f64, shape![K]> = (centroids - centre).abs().sum_over(Axis::<1>);
        let closest: Tensor<f64, shape![]> = gap.min_over(Axis::<0>);
        let closest = closest[[]];
        if closest > 0.5 {
            return Err(format!("no centroid near {centre}: centroids are\n{centroids}").into());
        }
    }
    Ok(())
}
