//! Where the kernel writes: appended to a `Vec` (no zeroing pass over memory
//! about to be written) or into existing storage.

use alloc::vec::Vec;

/// Where the kernel puts its output, row by row in row-major order.
pub trait Sink<T> {
    /// Appends one row.
    fn row(&mut self, row: impl ExactSizeIterator<Item = T>);

    /// Appends one row of `N` elements, element `j` being `f(j)` (short rows
    /// of a length known to the compiler: written element by element, which
    /// LLVM combines into vector stores).
    #[inline(always)]
    fn row_fn<const N: usize>(&mut self, f: impl FnMut(usize) -> T) {
        self.row((0..N).map(f));
    }

    /// Appends `rows` rows of `N` elements, row `r` being `f(r)` (a block
    /// of short rows, written without a check per row where the sink can).
    #[inline(always)]
    fn rows_fixed<const N: usize>(&mut self, rows: usize, mut f: impl FnMut(usize) -> [T; N]) {
        for r in 0..rows {
            self.row(f(r).into_iter());
        }
    }
}

impl<T: Copy> Sink<T> for Vec<T> {
    #[inline(always)]
    fn row(&mut self, row: impl ExactSizeIterator<Item = T>) {
        // `extend` from slice iterators writes straight into the spare
        // capacity, in a loop LLVM vectorises.
        self.extend(row);
    }

    #[inline(always)]
    fn row_fn<const N: usize>(&mut self, f: impl FnMut(usize) -> T) {
        let row: [T; N] = core::array::from_fn(f);
        self.extend_from_slice(&row);
    }

    #[inline(always)]
    fn rows_fixed<const N: usize>(&mut self, rows: usize, mut f: impl FnMut(usize) -> [T; N]) {
        for r in 0..rows {
            self.extend_from_slice(&f(r));
        }
    }
}

/// A [`Sink`] writing into an existing slice, front to back.
pub struct SliceSink<'a, T> {
    out: &'a mut [T],
    pos: usize,
}

impl<'a, T> SliceSink<'a, T> {
    /// Writes `out` from the start.
    pub fn new(out: &'a mut [T]) -> Self {
        SliceSink { out, pos: 0 }
    }
}

impl<T> Sink<T> for SliceSink<'_, T> {
    #[inline(always)]
    fn row(&mut self, row: impl ExactSizeIterator<Item = T>) {
        let n = row.len();
        for (o, x) in self.out[self.pos..][..n].iter_mut().zip(row) {
            *o = x;
        }
        self.pos += n;
    }

    #[inline(always)]
    fn row_fn<const N: usize>(&mut self, mut f: impl FnMut(usize) -> T) {
        let out: &mut [T; N] = match (&mut self.out[self.pos..][..N]).try_into() {
            Ok(out) => out,
            Err(_) => unreachable!(),
        };
        for (j, o) in out.iter_mut().enumerate() {
            *o = f(j);
        }
        self.pos += N;
    }

    #[inline(always)]
    fn rows_fixed<const N: usize>(&mut self, rows: usize, mut f: impl FnMut(usize) -> [T; N]) {
        // One bounds check for the block, then whole rows as arrays.
        let out = &mut self.out[self.pos..][..rows * N];
        for (r, o) in out.as_chunks_mut::<N>().0.iter_mut().enumerate() {
            *o = f(r);
        }
        self.pos += rows * N;
    }
}

/// `out`'s slots as possibly uninitialised, for a kernel that writes into
/// uninitialised memory to overwrite initialised memory too.
///
/// # Safety
///
/// While the returned borrow lives, only initialised values of `U` may be
/// written into it (never `MaybeUninit::uninit()`), so that `out` holds
/// valid `U`s when it ends; every kernel writer does so.
#[inline(always)]
pub(crate) unsafe fn as_uninit<U>(out: &mut [U]) -> &mut [core::mem::MaybeUninit<U>] {
    let (o, len) = (
        out.as_mut_ptr().cast::<core::mem::MaybeUninit<U>>(),
        out.len(),
    );
    // SAFETY: `MaybeUninit<U>` has `U`'s size and alignment, so this is the
    // same memory for the same lifetime, and every `U` is a valid
    // `MaybeUninit<U>`; the caller keeps it initialised (see above).
    unsafe { core::slice::from_raw_parts_mut(o, len) }
}

/// A [`Sink`] writing into uninitialised memory (part of a `Vec`'s spare
/// capacity), front to back: results written without zeroing them first,
/// in pieces in parallel ([`parallel`](super::parallel)) or by the strided
/// kernel ([`binary_strided_vec`](super::binary_strided_vec)).
pub(crate) struct UninitSink<'a, T> {
    out: &'a mut [core::mem::MaybeUninit<T>],
    pos: usize,
}

impl<'a, T> UninitSink<'a, T> {
    /// Writes `out` from the start.
    pub(crate) fn new(out: &'a mut [core::mem::MaybeUninit<T>]) -> Self {
        UninitSink { out, pos: 0 }
    }

    /// How many elements from the start have been written.
    pub(crate) fn written(&self) -> usize {
        self.pos
    }
}

impl<T> Sink<T> for UninitSink<'_, T> {
    #[inline(always)]
    fn row(&mut self, row: impl ExactSizeIterator<Item = T>) {
        let n = row.len();
        for (o, x) in self.out[self.pos..][..n].iter_mut().zip(row) {
            o.write(x);
        }
        self.pos += n;
    }

    #[inline(always)]
    fn row_fn<const N: usize>(&mut self, mut f: impl FnMut(usize) -> T) {
        let out: &mut [_; N] = match (&mut self.out[self.pos..][..N]).try_into() {
            Ok(out) => out,
            Err(_) => unreachable!(),
        };
        for (j, o) in out.iter_mut().enumerate() {
            o.write(f(j));
        }
        self.pos += N;
    }

    #[inline(always)]
    fn rows_fixed<const N: usize>(&mut self, rows: usize, mut f: impl FnMut(usize) -> [T; N]) {
        // One bounds check for the block, then whole rows as arrays.
        let out = &mut self.out[self.pos..][..rows * N];
        for (r, o) in out.as_chunks_mut::<N>().0.iter_mut().enumerate() {
            for (o, x) in o.iter_mut().zip(f(r)) {
                o.write(x);
            }
        }
        self.pos += rows * N;
    }
}
