//! Matrix products: `c = a · b` for one pair of matrices given by their
//! first element and their row and column strides, into a contiguous
//! row-major `c`.
//!
//! `f32` and `f64` go to the `matrixmultiply` crate (packing, SIMD
//! microkernels), except for small products, where its set-up costs more
//! than the arithmetic; every other element type, and the small products,
//! run a loop over rows of `b` (the order in which both `b` and `c` are read
//! contiguously), blocked over the inner size so that a block of `b` stays
//! in cache.

use core::any::TypeId;

use crate::element::Element;

/// Products with at most this many multiply-adds (`m * k * n`) take the
/// loop rather than `matrixmultiply`: a batch of 3x3 matrices must not pay
/// a GEMM set-up per matrix.
pub const SMALL_GEMM: usize = 8 * 8 * 8;

/// Inner-size block of the loop.
const KC: usize = 256;

/// One matrix operand: its elements from the first one on, and its row and
/// column strides.
#[derive(Clone, Copy, Debug)]
pub struct Mat<'a, T> {
    /// The elements; element `(i, j)` is `data[i * rs + j * cs]`.
    pub data: &'a [T],
    /// Row stride.
    pub rs: usize,
    /// Column stride.
    pub cs: usize,
}

impl<T> Mat<'_, T> {
    /// Whether every element of an `rows x cols` matrix is inside `data`.
    fn fits(&self, rows: usize, cols: usize) -> bool {
        if rows == 0 || cols == 0 {
            return true;
        }
        let last = (rows - 1).checked_mul(self.rs).and_then(|r| {
            (cols - 1)
                .checked_mul(self.cs)
                .and_then(|c| r.checked_add(c))
        });
        matches!(last, Some(l) if l < self.data.len())
    }
}

/// `c = a · b` for an `m x k` matrix `a` and a `k x n` matrix `b`, into the
/// first `m * n` elements of `c` (row-major, overwritten). `k = 0` gives
/// zeros.
///
/// # Panics
///
/// If a matrix does not fit in its slice (callers pass checked shapes).
#[track_caller]
pub fn gemm<T: Element>(m: usize, k: usize, n: usize, a: Mat<'_, T>, b: Mat<'_, T>, c: &mut [T]) {
    assert!(
        a.fits(m, k) && b.fits(k, n) && c.len() >= m * n,
        "gemm: a matrix does not fit its slice"
    );
    let c = &mut c[..m * n];
    if m == 0 || n == 0 {
        return;
    }
    if k == 0 {
        c.fill(T::zero());
        return;
    }
    let big = m.saturating_mul(k).saturating_mul(n) > SMALL_GEMM;
    let id = TypeId::of::<T>();
    if big && id == TypeId::of::<f32>() {
        // SAFETY: `T` is `f32` (same `TypeId`), so these are the same slices
        // seen at their own type.
        let (a, b, c) = unsafe { (cast::<T, f32>(a), cast::<T, f32>(b), cast_mut::<T, f32>(c)) };
        // SAFETY: `fits` checked above that every element the product reads,
        // `(i, p)` of `a` for `i < m, p < k` and `(p, j)` of `b`, is inside
        // its slice, and `c` holds the `m * n` elements written with strides
        // `(n, 1)`, which do not alias. Strides of at most the slices'
        // lengths fit in `isize`.
        unsafe {
            matrixmultiply::sgemm(
                m,
                k,
                n,
                1.0,
                a.data.as_ptr(),
                a.rs as isize,
                a.cs as isize,
                b.data.as_ptr(),
                b.rs as isize,
                b.cs as isize,
                0.0,
                c.as_mut_ptr(),
                n as isize,
                1,
            )
        }
    } else if big && id == TypeId::of::<f64>() {
        // SAFETY: as above, for `f64`.
        let (a, b, c) = unsafe { (cast::<T, f64>(a), cast::<T, f64>(b), cast_mut::<T, f64>(c)) };
        // SAFETY: as for `sgemm` above.
        unsafe {
            matrixmultiply::dgemm(
                m,
                k,
                n,
                1.0,
                a.data.as_ptr(),
                a.rs as isize,
                a.cs as isize,
                b.data.as_ptr(),
                b.rs as isize,
                b.cs as isize,
                0.0,
                c.as_mut_ptr(),
                n as isize,
                1,
            )
        }
    } else {
        rows_loop(k, n, a, b, c);
    }
}

/// `c = a · b` by rows of `b`: for each row `i` of `c`, `c[i] += a[i, p] *
/// b[p]` over `p`, in blocks of [`KC`] rows of `b`.
#[inline]
fn rows_loop<T: Element>(k: usize, n: usize, a: Mat<'_, T>, b: Mat<'_, T>, c: &mut [T]) {
    c.fill(T::zero());
    for p0 in (0..k).step_by(KC) {
        let p1 = (p0 + KC).min(k);
        for (i, row) in c.chunks_exact_mut(n).enumerate() {
            for p in p0..p1 {
                let x = a.data[i * a.rs + p * a.cs];
                let b_row = p * b.rs;
                if b.cs == 1 {
                    let src = &b.data[b_row..b_row + n];
                    for (o, &y) in row.iter_mut().zip(src) {
                        *o = o.add_elem(x.mul_elem(y));
                    }
                } else {
                    for (j, o) in row.iter_mut().enumerate() {
                        *o = o.add_elem(x.mul_elem(b.data[b_row + j * b.cs]));
                    }
                }
            }
        }
    }
}

/// A matrix operand seen at the type `U` that `T` is.
///
/// # Safety
///
/// `T` and `U` must be the same type.
unsafe fn cast<T: 'static, U: 'static>(m: Mat<'_, T>) -> Mat<'_, U> {
    debug_assert_eq!(TypeId::of::<T>(), TypeId::of::<U>());
    // SAFETY: the caller guarantees `T == U`: same layout, same validity.
    let data = unsafe { core::slice::from_raw_parts(m.data.as_ptr().cast::<U>(), m.data.len()) };
    Mat {
        data,
        rs: m.rs,
        cs: m.cs,
    }
}

/// A mutable slice seen at the type `U` that `T` is.
///
/// # Safety
///
/// `T` and `U` must be the same type.
unsafe fn cast_mut<T: 'static, U: 'static>(s: &mut [T]) -> &mut [U] {
    debug_assert_eq!(TypeId::of::<T>(), TypeId::of::<U>());
    // SAFETY: the caller guarantees `T == U`.
    unsafe { core::slice::from_raw_parts_mut(s.as_mut_ptr().cast::<U>(), s.len()) }
}
