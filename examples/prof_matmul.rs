//! One batched product in a loop, for instruction counts under callgrind
//! (the machine is shared, so wall time is noisy; counts are not):
//!
//! ```text
//! cargo build --release --example prof_matmul
//! valgrind --tool=callgrind target/release/examples/prof_matmul shaped 64 20
//! callgrind_annotate callgrind.out.<pid>
//! ```
//!
//! Cases (`which`): `shaped` (`DynTensor::matmul`), `direct`
//! (`matrixmultiply::sgemm` on the folded rows into `vec![0.0; n]`),
//! `uninit` (the same without zeroing the output), `ndarray` (`dot` per matrix of the batch), `transposed` (`a.t()` of a
//! square matrix times a square matrix, through the view) and `copied`
//! (the same, copying `a.t()` first). `batch` is 64 (`[64, 32, 32] @ [32,
//! 32]`) or 4096 (`[4096, 3, 3] @ [3, 3]`), or the square size for the
//! transposed cases.

use ndarray::{Array2, Array3, Axis};
use shaped::DynTensor;
use std::hint::black_box;
use std::time::Instant;

fn data(n: usize) -> Vec<f32> {
    (0..n).map(|i| (i % 17) as f32 * 0.25 - 2.0).collect()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_default();
    let batch: usize = args.next().map_or(64, |s| s.parse().unwrap());
    let iters: usize = args.next().map_or(1000, |s| s.parse().unwrap());
    let n = if batch == 4096 { 3 } else { 32 };
    let x = DynTensor::from_vec(data(batch * n * n), &[batch, n, n]).unwrap();
    let w = DynTensor::from_vec(data(n * n), &[n, n]).unwrap();
    let (xv, wv) = (data(batch * n * n), data(n * n));
    let xa = Array3::from_shape_vec((batch, n, n), data(batch * n * n)).unwrap();
    let wa = Array2::from_shape_vec((n, n), data(n * n)).unwrap();
    // The square operand only for the cases that use it.
    let side = if matches!(which.as_str(), "transposed" | "copied") {
        batch
    } else {
        1
    };
    let sq = DynTensor::from_vec(data(side * side), &[side, side]).unwrap();
    let t = Instant::now();
    for _ in 0..iters {
        match which.as_str() {
            "shaped" => {
                black_box(black_box(&x).matmul(black_box(&w)));
            }
            "direct" => {
                let mut out = vec![0.0f32; batch * n * n];
                // SAFETY: `out` holds the (batch * n) x n product.
                unsafe { folded_sgemm(&xv, &wv, out.as_mut_ptr(), batch * n, n) };
                black_box(out);
            }
            "uninit" => {
                // As `direct`, without zeroing the output first
                // (`matrixmultiply` does not read C when beta is 0).
                let len = batch * n * n;
                let mut out = Vec::<f32>::with_capacity(len);
                // SAFETY: `out`'s capacity holds the (batch * n) x n
                // product, and `sgemm` writes all `len` elements of it
                // before `set_len`.
                unsafe {
                    folded_sgemm(&xv, &wv, out.as_mut_ptr(), batch * n, n);
                    out.set_len(len);
                }
                black_box(out);
            }
            "ndarray" => {
                let mut out = Array3::<f32>::zeros((batch, n, n));
                for (mut o, m) in out.axis_iter_mut(Axis(0)).zip(xa.axis_iter(Axis(0))) {
                    o.assign(&m.dot(&wa));
                }
                black_box(out);
            }
            "transposed" => {
                black_box(black_box(&sq).t().matmul(&black_box(&sq).view()));
            }
            "copied" => {
                black_box(black_box(&sq).t().to_owned().matmul(black_box(&sq)));
            }
            _ => panic!("which: shaped, direct, ndarray, transposed or copied"),
        }
    }
    let el = t.elapsed();
    println!(
        "{which} {batch}: {:.2} µs/iter",
        el.as_secs_f64() * 1e6 / iters as f64
    );
}

/// `out = x w` for row-major `x` (`rows` x `n`) and `w` (`n` x `n`):
/// the batch folded into the rows, one `matrixmultiply` call.
///
/// # Safety
/// `out` must be valid for writes of `rows * n` `f32`s, and `x` and `w`
/// must hold `rows * n` and `n * n` elements.
unsafe fn folded_sgemm(x: &[f32], w: &[f32], out: *mut f32, rows: usize, n: usize) {
    debug_assert!(x.len() >= rows * n && w.len() >= n * n);
    // SAFETY: the caller's contract; the strides describe row-major
    // matrices of those sizes.
    unsafe {
        matrixmultiply::sgemm(
            rows,
            n,
            n,
            1.0,
            x.as_ptr(),
            n as isize,
            1,
            w.as_ptr(),
            n as isize,
            1,
            0.0,
            out,
            n as isize,
            1,
        )
    }
}
