//! `shaped::linalg` when the allocator refuses memory: every `try_` form
//! returns `TooLarge` (its results and its factorizations' work both go
//! through fallible allocation), never aborts the process.
//!
//! This binary's global allocator refuses, on the thread that asks, any
//! allocation larger than a limit set by [`refusing`]; everything else
//! goes to `System`.

#![cfg(feature = "linalg")]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use shaped::linalg::{self, MatrixOrd};
use shaped::{DynTensor, ShapeError, ShapeErrorKind};

struct Refusing;

thread_local! {
    static LIMIT: Cell<usize> = const { Cell::new(usize::MAX) };
}

fn allowed(size: usize) -> bool {
    // `try_with`: the thread-local may be gone while a thread exits.
    LIMIT.try_with(|l| size <= l.get()).unwrap_or(true)
}

// SAFETY: every call is forwarded unchanged to `System` or refused with a
// null pointer, which `GlobalAlloc` allows; the limit is a const-initialised
// thread-local without a destructor, which never allocates.
unsafe impl GlobalAlloc for Refusing {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if !allowed(layout.size()) {
            return std::ptr::null_mut();
        }
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if !allowed(layout.size()) {
            return std::ptr::null_mut();
        }
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if !allowed(new_size) {
            return std::ptr::null_mut();
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Refusing = Refusing;

/// Runs `f` with allocations above `limit` bytes refused on this thread.
fn refusing<R>(limit: usize, f: impl FnOnce() -> R) -> R {
    LIMIT.with(|l| l.set(limit));
    let r = f();
    LIMIT.with(|l| l.set(usize::MAX));
    r
}

fn too_large<X>(r: Result<X, ShapeError>, what: &str) {
    match r {
        Ok(_) => panic!("{what}: Ok under a refusing allocator"),
        Err(e) => assert_eq!(e.kind(), ShapeErrorKind::TooLarge, "{what}: {e}"),
    }
}

/// A well-conditioned, symmetric positive-definite `n`x`n` matrix,
/// `count` times.
fn spd(count: usize, n: usize) -> DynTensor<f64> {
    let d: Vec<f64> = (0..count * n * n)
        .map(|k| {
            let (i, j) = (k % (n * n) / n, k % n);
            if i == j {
                n as f64
            } else {
                1.0 / (1 + i + j) as f64
            }
        })
        .collect();
    DynTensor::from_vec(d, &[count, n, n]).unwrap()
}

#[test]
fn results_refused_are_too_large() {
    // 64 matrices of 8x8: every result is 4 KiB or more, refused above 1 KiB
    // (the drivers' own small bookkeeping stays under it).
    let a = spd(64, 8);
    let b = DynTensor::from_vec(vec![1.0; 64 * 8 * 2], &[64, 8, 2]).unwrap();
    refusing(1024, || {
        too_large(linalg::try_inv(&a), "inv");
        too_large(linalg::try_solve(&a, &b), "solve");
        too_large(linalg::try_cholesky(&a), "cholesky");
        too_large(linalg::try_qr(&a), "qr");
        too_large(linalg::try_eigh(&a), "eigh");
        too_large(linalg::try_svd(&a), "svd");
        too_large(linalg::try_pinv(&a), "pinv");
        too_large(linalg::try_lstsq(&a, &b), "lstsq");
        too_large(linalg::try_matrix_power(&a, 3), "matrix_power");
        too_large(linalg::try_matrix_power(&a, -2), "matrix_power");
    });
    // The same calls succeed with the allocator back.
    assert!(linalg::try_inv(&a).is_ok() && linalg::try_svd(&a).is_ok());
}

#[test]
fn factorization_work_refused_is_too_large() {
    // One 200x200 matrix: the results of these are a few elements (under
    // the limit), the factorizations' work 320 KB (over it).
    let a = spd(1, 200);
    refusing(4096, || {
        too_large(linalg::try_det(&a), "det");
        too_large(linalg::try_slogdet(&a), "slogdet");
        too_large(linalg::try_eigvalsh(&a), "eigvalsh");
        too_large(linalg::try_svdvals(&a), "svdvals");
        too_large(linalg::try_matrix_norm(&a, MatrixOrd::Two), "matrix_norm");
        too_large(linalg::try_matrix_norm(&a, MatrixOrd::Nuc), "matrix_norm");
    });
    assert!(linalg::try_det(&a).is_ok());
}

#[test]
fn huge_results_are_too_large() {
    // The reproducer: 2^41 determinants of empty matrices.
    let a = DynTensor::<f64>::from_vec(vec![], &[1 << 40, 2, 1, 0, 0]).unwrap();
    too_large(linalg::try_det(&a), "det");
    too_large(linalg::try_slogdet(&a), "slogdet");
}
