//! One view operation of `benches/views.rs` in a loop, for profilers:
//! `prof_views <mode> [iterations]`. Instructions per operation are the
//! difference of two callgrind runs divided by the difference in
//! iterations, e.g.
//! `valgrind --tool=callgrind target/release/examples/prof_views cols 20`
//! and the same with 40. Modes: `cols`, `colsNd`, `colsHand` (a slice of
//! the columns 256..768 of `[1024, 1024]` plus a `[1024, 512]` tensor);
//! `t`, `tNd` (`[1024, 1024]` transposed + a tensor); `rowSlice`,
//! `rowSliceNd` (rows 256..768 + a tensor); `contigView`, `contigTensor` (a whole
//! `[1024, 1024]` as a view and as a tensor, + a tensor); `rows`, `rowsNd`, `rowsHand` (the rows of `[4096, 64]`, each summed);
//! `colSum`, `colSumCopy`, `colSumNd`, `tSum`, `tSumCopy`, `tSumNd`
//! (`sum()` of that column slice and of a transposed `[1024, 1024]`, in
//! place, on a copy, and ndarray's).

use ndarray::{Array2, s as nd_s};
use shaped::{DynTensor, s};
use std::hint::black_box;
use std::time::Instant;

fn data(n: usize) -> Vec<f32> {
    (0..n)
        .map(|i| ((i * 37) % 251) as f32 * 0.01 - 1.0)
        .collect()
}

const N: usize = 1024;

fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    let iters: usize = std::env::args()
        .nth(2)
        .map(|s| s.parse().unwrap())
        .unwrap_or(1000);
    let m = N / 2;
    let a = data(N * N);
    let ta = DynTensor::from_vec(a.clone(), &[N, N]).unwrap();
    let na = Array2::from_shape_vec((N, N), a.clone()).unwrap();
    let c = data(N * m);
    let tc = DynTensor::from_vec(c.clone(), &[N, m]).unwrap();
    let nc = Array2::from_shape_vec((N, m), c.clone()).unwrap();
    let b = data(N * N).into_iter().rev().collect::<Vec<_>>();
    let tb = DynTensor::from_vec(b.clone(), &[N, N]).unwrap();
    let nb = Array2::from_shape_vec((N, N), b).unwrap();
    let tc2 = DynTensor::from_vec(data(m * N), &[m, N]).unwrap();
    let nc2 = Array2::from_shape_vec((m, N), data(m * N)).unwrap();
    let (r, k) = (4096, 64);
    let ra = data(r * k);
    let tr = DynTensor::from_vec(ra.clone(), &[r, k]).unwrap();
    let nr = Array2::from_shape_vec((r, k), ra.clone()).unwrap();
    let t = Instant::now();
    for _ in 0..iters {
        match which.as_str() {
            "cols" => {
                black_box(&black_box(&ta).slice(s![.., 256..768]) + black_box(&tc));
            }
            "t" => {
                black_box(&black_box(&ta).t() + black_box(&tb));
            }
            "tNd" => {
                black_box(&black_box(&na).t() + black_box(&nb));
            }
            "rowSlice" => {
                black_box(&black_box(&ta).slice(s![256..768, ..]) + black_box(&tc2));
            }
            "contigView" => {
                black_box(&black_box(&ta).view() + black_box(&tb));
            }
            "contigTensor" => {
                black_box(black_box(&ta) + black_box(&tb));
            }
            "rowSliceNd" => {
                black_box(&black_box(&na).slice(nd_s![256..768, ..]) + black_box(&nc2));
            }
            "colSumNd" => {
                black_box(black_box(&na).slice(nd_s![.., 256..768]).sum());
            }
            "tSumNd" => {
                black_box(black_box(&na).t().sum());
            }
            "colsNd" => {
                black_box(&black_box(&na).slice(nd_s![.., 256..768]) + black_box(&nc));
            }
            "colsHand" => {
                let (a, c) = (black_box(&a), black_box(&c));
                let mut out = Vec::with_capacity(N * m);
                for i in 0..N {
                    let row = &a[i * N + 256..i * N + 768];
                    out.extend(row.iter().zip(&c[i * m..(i + 1) * m]).map(|(x, y)| x + y));
                }
                black_box(out);
            }
            "rows" => {
                black_box(
                    black_box(&tr)
                        .rows()
                        .map(|row| row.sum())
                        .collect::<Vec<f32>>(),
                );
            }
            "rowsNd" => {
                black_box(
                    black_box(&nr)
                        .rows()
                        .into_iter()
                        .map(|row| row.sum())
                        .collect::<Vec<f32>>(),
                );
            }
            "rowsHand" => {
                black_box(
                    black_box(&ra)
                        .chunks_exact(k)
                        .map(|row| row.iter().sum())
                        .collect::<Vec<f32>>(),
                );
            }
            "colSum" => {
                black_box(black_box(&ta).slice(s![.., 256..768]).sum());
            }
            "colSumCopy" => {
                black_box(black_box(&ta).slice(s![.., 256..768]).to_owned().sum());
            }
            "tSum" => {
                black_box(black_box(&ta).t().sum());
            }
            "tSumCopy" => {
                black_box(black_box(&ta).t().to_owned().sum());
            }
            _ => {
                eprintln!("unknown mode {which:?}");
                std::process::exit(2);
            }
        }
    }
    eprintln!("{which}: {:?} per iteration", t.elapsed() / iters as u32);
}
