//! One operation in a loop, for profilers: `prof <mode> [iterations]`.
//! Instructions per operation are the difference of two callgrind runs
//! divided by the difference in iterations, e.g.
//! `valgrind --tool=callgrind target/release/examples/prof dynA 20000` and
//! the same with 40000. Modes: `dynA`, `dynB` (`DynTensor` `[4, 3] + [1, 3]`
//! and `[5, 3, 4, 1] + [3, 1, 2]`, allocating), `dynC`, `dynE`, `dynG` (`[4,
//! 3] + [4, 1]`, `[2, 3] + [1, 3]`, `[3, 5] + [1, 5]`), `intoDynA`, `intoDynB` (the same with
//! `try_add_into`: A and B into a preallocated output), `dynAk`, `dynBk`
//! (A and B kept as criterion's benchmarks keep them: no copy of the
//! result into `black_box`), `dynF`, `dynH`, `statA`, `statB`,
//! `statH`, `intoA`, `intoB`, `intoBi`, `intoH`, `assignB`, `assignBi`,
//! `statD`, `statE`, `intoE`, `statM`, `intoM` (static tensors; M is
//! `[16, 16] + [16, 1]`), `handB`, `intoBhand` (hand loops), `ndF`, `chain`,
//! `chainNd`, `vecA`.

use shaped::{DynTensor, Tensor, shape};
use std::hint::black_box;
use std::time::Instant;

fn data(n: usize) -> Vec<f32> {
    (0..n).map(|i| (i % 251) as f32 * 0.5).collect()
}

fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    let iters: usize = std::env::args()
        .nth(2)
        .map(|s| s.parse().unwrap())
        .unwrap_or(1_000_000);
    let t = Instant::now();
    match which.as_str() {
        "dynA" => {
            let a = DynTensor::from_vec(data(12), &[4, 3]).unwrap();
            let b = DynTensor::from_vec(data(3), &[1, 3]).unwrap();
            for _ in 0..iters {
                black_box(black_box(&a) + black_box(&b));
            }
        }
        "dynAk" | "dynBk" => {
            // As criterion's `keep`: the result stays where the operator
            // wrote it (no copy into `black_box`) and is dropped.
            let (sa, sb): (&[usize], &[usize]) = if which == "dynAk" {
                (&[4, 3], &[1, 3])
            } else {
                (&[5, 3, 4, 1], &[3, 1, 2])
            };
            let a = DynTensor::from_vec(data(sa.iter().product()), sa).unwrap();
            let b = DynTensor::from_vec(data(sb.iter().product()), sb).unwrap();
            for _ in 0..iters {
                let r = black_box(&a) + black_box(&b);
                black_box(&r);
            }
        }
        "dynC" => {
            let a = DynTensor::from_vec(data(12), &[4, 3]).unwrap();
            let b = DynTensor::from_vec(data(4), &[4, 1]).unwrap();
            for _ in 0..iters {
                black_box(black_box(&a) + black_box(&b));
            }
        }
        "dynE" => {
            let a = DynTensor::from_vec(data(6), &[2, 3]).unwrap();
            let b = DynTensor::from_vec(data(3), &[1, 3]).unwrap();
            for _ in 0..iters {
                black_box(black_box(&a) + black_box(&b));
            }
        }
        "dynG" => {
            let a = DynTensor::from_vec(data(15), &[3, 5]).unwrap();
            let b = DynTensor::from_vec(data(5), &[1, 5]).unwrap();
            for _ in 0..iters {
                black_box(black_box(&a) + black_box(&b));
            }
        }
        "intoDynA" => {
            let a = DynTensor::from_vec(data(12), &[4, 3]).unwrap();
            let b = DynTensor::from_vec(data(3), &[1, 3]).unwrap();
            let mut o = DynTensor::<f32>::zeros(&[4, 3]);
            for _ in 0..iters {
                shaped::try_add_into(black_box(&a), black_box(&b), black_box(&mut o)).unwrap();
            }
        }
        "intoDynB" => {
            let a = DynTensor::from_vec(data(60), &[5, 3, 4, 1]).unwrap();
            let b = DynTensor::from_vec(data(6), &[3, 1, 2]).unwrap();
            let mut o = DynTensor::<f32>::zeros(&[5, 3, 4, 2]);
            for _ in 0..iters {
                shaped::try_add_into(black_box(&a), black_box(&b), black_box(&mut o)).unwrap();
            }
        }
        "chain" | "chainNd" => {
            let x = DynTensor::from_vec(data(256 * 4096), &[256, 64, 64]).unwrap();
            let m = DynTensor::from_vec(data(256), &[256, 1, 1]).unwrap();
            let s = DynTensor::from_vec(data(256).iter().map(|v| v + 1.0).collect(), &[256, 1, 1])
                .unwrap();
            let (xn, mn, sn) = (
                ndarray::Array3::from_shape_vec((256, 64, 64), data(256 * 4096)).unwrap(),
                ndarray::Array3::from_shape_vec((256, 1, 1), data(256)).unwrap(),
                ndarray::Array3::from_shape_vec((256, 1, 1), data(256)).unwrap(),
            );
            for _ in 0..iters {
                if which == "chain" {
                    black_box(&(black_box(&x) - &m) / &s);
                } else {
                    black_box(&(black_box(&xn) - &mn) / &sn);
                }
            }
        }
        "dynB" => {
            let a = DynTensor::from_vec(data(60), &[5, 3, 4, 1]).unwrap();
            let b = DynTensor::from_vec(data(6), &[3, 1, 2]).unwrap();
            for _ in 0..iters {
                black_box(black_box(&a) + black_box(&b));
            }
        }
        "statB" => {
            let a = Tensor::<f32, shape![5, 3, 4, 1]>::from_slice(&data(60)).unwrap();
            let b = Tensor::<f32, shape![3, 1, 2]>::from_slice(&data(6)).unwrap();
            for _ in 0..iters {
                black_box(stat_b(black_box(&a), black_box(&b)));
            }
        }
        "statA" => {
            let a = Tensor::<f32, shape![4, 3]>::from_slice(&data(12)).unwrap();
            let b = Tensor::<f32, shape![1, 3]>::from_slice(&data(3)).unwrap();
            for _ in 0..iters {
                black_box(black_box(&a) + black_box(&b));
            }
        }
        "statH" => {
            let a =
                Tensor::<f32, shape![64, 32, 8, 5]>::from_slice(&data(64 * 32 * 8 * 5)).unwrap();
            let b = Tensor::<f32, shape![32, 8, 1]>::from_slice(&data(256)).unwrap();
            for _ in 0..iters {
                black_box(black_box(&a) + black_box(&b));
            }
        }
        "statD" | "statE" | "intoE" | "statM" | "intoM" => {
            // D `[256, 256] + [256, 1]` and E `[1024, 1] + [1, 1024]` (results
            // on the heap), M `[16, 16] + [16, 1]` (256 elements, inline but
            // too many to unroll), allocating or into an output.
            macro_rules! run {
                ($a:ty, $na:expr, $b:ty, $nb:expr, $o:ty) => {{
                    let a = Tensor::<f32, $a>::from_slice(&data($na)).unwrap();
                    let b = Tensor::<f32, $b>::from_slice(&data($nb)).unwrap();
                    let mut o = Tensor::<f32, $o>::zeros();
                    for _ in 0..iters {
                        if which.starts_with("into") {
                            shaped::add_into(black_box(&a), black_box(&b), black_box(&mut o));
                        } else {
                            black_box(black_box(&a) + black_box(&b));
                        }
                    }
                }};
            }
            match &which[which.len() - 1..] {
                "D" => run!(
                    shape![256, 256],
                    65536,
                    shape![256, 1],
                    256,
                    shape![256, 256]
                ),
                "E" => run!(
                    shape![1024, 1],
                    1024,
                    shape![1, 1024],
                    1024,
                    shape![1024, 1024]
                ),
                _ => run!(shape![16, 16], 256, shape![16, 1], 16, shape![16, 16]),
            }
        }
        "handB" => {
            let a = [[[[1f32; 1]; 4]; 3]; 5];
            let b = [[[2f32; 2]; 1]; 3];
            for _ in 0..iters {
                black_box(hand_b(black_box(&a), black_box(&b)));
            }
        }
        "intoA" => {
            let a = Tensor::<f32, shape![4, 3]>::from_slice(&data(12)).unwrap();
            let b = Tensor::<f32, shape![1, 3]>::from_slice(&data(3)).unwrap();
            let mut o = Tensor::<f32, shape![4, 3]>::zeros();
            for _ in 0..iters {
                into_a(black_box(&a), black_box(&b), black_box(&mut o));
            }
        }
        "intoB" => {
            let a = Tensor::<f32, shape![5, 3, 4, 1]>::from_slice(&data(60)).unwrap();
            let b = Tensor::<f32, shape![3, 1, 2]>::from_slice(&data(6)).unwrap();
            let mut o = Tensor::<f32, shape![5, 3, 4, 2]>::zeros();
            for _ in 0..iters {
                into_b(black_box(&a), black_box(&b), black_box(&mut o));
            }
        }
        "intoBi" => {
            let a = Tensor::<f32, shape![5, 3, 4, 1]>::from_slice(&data(60)).unwrap();
            let b = Tensor::<f32, shape![3, 1, 2]>::from_slice(&data(6)).unwrap();
            let mut o = Tensor::<f32, shape![5, 3, 4, 2]>::zeros();
            for _ in 0..iters {
                shaped::add_into(black_box(&a), black_box(&b), black_box(&mut o));
            }
        }
        "assignBi" => {
            let b = Tensor::<f32, shape![3, 1, 2]>::from_slice(&data(6)).unwrap();
            let mut o = Tensor::<f32, shape![5, 3, 4, 2]>::zeros();
            for _ in 0..iters {
                *black_box(&mut o) += black_box(&b);
            }
        }
        "intoH" => {
            let a =
                Tensor::<f32, shape![64, 32, 8, 5]>::from_slice(&data(64 * 32 * 8 * 5)).unwrap();
            let b = Tensor::<f32, shape![32, 8, 1]>::from_slice(&data(256)).unwrap();
            let mut o = Tensor::<f32, shape![64, 32, 8, 5]>::zeros();
            for _ in 0..iters {
                shaped::add_into(black_box(&a), black_box(&b), black_box(&mut o));
            }
        }
        "intoBhand" => {
            let a = [[[[1f32; 1]; 4]; 3]; 5];
            let b = [[[2f32; 2]; 1]; 3];
            let mut c = [[[[0f32; 2]; 4]; 3]; 5];
            for _ in 0..iters {
                let (a, b, c) = (black_box(&a), black_box(&b), black_box(&mut c));
                for i in 0..5 {
                    for j in 0..3 {
                        for k in 0..4 {
                            for l in 0..2 {
                                c[i][j][k][l] = a[i][j][k][0] + b[j][0][l];
                            }
                        }
                    }
                }
            }
        }
        "dynH" => {
            let a = DynTensor::from_vec(data(64 * 32 * 8 * 5), &[64, 32, 8, 5]).unwrap();
            let b = DynTensor::from_vec(data(256), &[32, 8, 1]).unwrap();
            for _ in 0..iters {
                black_box(black_box(&a) + black_box(&b));
            }
        }
        "dynF" => {
            let a = DynTensor::from_vec(data(1 << 20), &[1024, 1024]).unwrap();
            let b = DynTensor::from_vec(data(1 << 20), &[1024, 1024]).unwrap();
            for _ in 0..iters {
                black_box(black_box(&a) + black_box(&b));
            }
        }
        "ndF" => {
            let a = ndarray::ArrayD::from_shape_vec(ndarray::IxDyn(&[1024, 1024]), data(1 << 20))
                .unwrap();
            let b = ndarray::ArrayD::from_shape_vec(ndarray::IxDyn(&[1024, 1024]), data(1 << 20))
                .unwrap();
            for _ in 0..iters {
                black_box(black_box(&a) + black_box(&b));
            }
        }
        "assignB" => {
            let b = Tensor::<f32, shape![3, 1, 2]>::from_slice(&data(6)).unwrap();
            let mut o = Tensor::<f32, shape![5, 3, 4, 2]>::zeros();
            for _ in 0..iters {
                assign_b(black_box(&mut o), black_box(&b));
            }
        }
        "vecA" => {
            for _ in 0..iters {
                let v: Vec<f32> = Vec::with_capacity(black_box(12));
                black_box(v);
            }
        }
        _ => panic!("which?"),
    }
    let el = t.elapsed();
    println!(
        "{which}: {:.1} ns/iter",
        el.as_nanos() as f64 / iters as f64
    );
}
#[inline(never)]
fn hand_b(a: &[[[[f32; 1]; 4]; 3]; 5], b: &[[[f32; 2]; 1]; 3]) -> [[[[f32; 2]; 4]; 3]; 5] {
    let mut c = [[[[0f32; 2]; 4]; 3]; 5];
    for i in 0..5 {
        for j in 0..3 {
            for k in 0..4 {
                for l in 0..2 {
                    c[i][j][k][l] = a[i][j][k][0] + b[j][0][l];
                }
            }
        }
    }
    c
}
#[inline(never)]
pub fn stat_b(
    a: &Tensor<f32, shape![5, 3, 4, 1]>,
    b: &Tensor<f32, shape![3, 1, 2]>,
) -> Tensor<f32, shape![5, 3, 4, 2]> {
    a + b
}
#[inline(never)]
pub fn stat_a(
    a: &Tensor<f32, shape![4, 3]>,
    b: &Tensor<f32, shape![1, 3]>,
) -> Tensor<f32, shape![4, 3]> {
    a + b
}
#[inline(never)]
pub fn into_a(
    a: &Tensor<f32, shape![4, 3]>,
    b: &Tensor<f32, shape![1, 3]>,
    out: &mut Tensor<f32, shape![4, 3]>,
) {
    shaped::add_into(a, b, out)
}
#[inline(never)]
pub fn into_b(
    a: &Tensor<f32, shape![5, 3, 4, 1]>,
    b: &Tensor<f32, shape![3, 1, 2]>,
    out: &mut Tensor<f32, shape![5, 3, 4, 2]>,
) {
    shaped::add_into(a, b, out)
}
#[inline(never)]
pub fn assign_b(x: &mut Tensor<f32, shape![5, 3, 4, 2]>, b: &Tensor<f32, shape![3, 1, 2]>) {
    *x += b;
}
