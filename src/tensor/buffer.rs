//! Where a [`DynTensor`](crate::DynTensor) keeps its elements: inline, in
//! the tensor itself, up to [`INLINE_LEN`] of them, on the heap beyond.
//!
//! Small runtime tensors (a `[4, 3]` matrix, a `[3]` vector, a scalar) are
//! built and combined without calling the allocator, whose `malloc` and
//! `free` otherwise cost more than the arithmetic. The design is safe code
//! only: an enum of a full array (elements past `len` are filler, written
//! once with `T::default()`) and a `Vec`.

use alloc::vec::Vec;
use core::ops::{Deref, DerefMut};

use crate::error::ShapeError;

/// Tensors of up to this many elements live inline.
///
/// Chosen by measurement (callgrind on `examples/prof.rs`, `[4, 3] + [1, 3]`):
/// 16 covers the usual small shapes (`[4, 3]`, `[4, 4]`, 3-vectors) and
/// keeps a `DynTensor<f32>` at 160 bytes; 32 makes every tensor returned by
/// value larger to copy (512 instructions per operation against 490)
/// without removing an allocation in those cases.
pub(crate) const INLINE_LEN: usize = 16;

/// A count from 0 to `$max`, as an enum: a slice of an inline array up to
/// it needs no bounds check (the compiler knows the range), and the byte's
/// other values are free for the enum that holds it to use as its tag.
macro_rules! bounded_len {
    ($(#[$doc:meta])* $name:ident, $max:expr, [$($v:ident = $n:literal),*]) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        #[repr(u8)]
        pub(crate) enum $name {
            $(#[allow(dead_code)] $v = $n),*
        }
        const _: () = assert!($name::Max as usize == $max);
        impl $name {
            /// `n`, which is at most the maximum (checked). By a table: a
            /// `match` became a jump table, which also kept the compiler
            /// from building a returned tensor in place.
            #[inline(always)]
            pub(crate) fn new(n: usize) -> Self {
                const ALL: &[$name] = &[$($name::$v),*];
                ALL[n]
            }
            /// The count.
            #[inline(always)]
            pub(crate) fn get(self) -> usize {
                self as usize
            }
        }
    };
}
pub(crate) use bounded_len;

bounded_len!(
    /// How many of the [`INLINE_LEN`] inline elements a tensor has.
    InlineLen,
    INLINE_LEN,
    [L0 = 0, L1 = 1, L2 = 2, L3 = 3, L4 = 4, L5 = 5, L6 = 6, L7 = 7, L8 = 8, L9 = 9, L10 = 10,
     L11 = 11, L12 = 12, L13 = 13, L14 = 14, L15 = 15, Max = 16]
);

/// The elements of a runtime tensor, row-major.
pub(crate) enum SmallBuf<T> {
    /// Up to [`INLINE_LEN`] elements, in the tensor itself.
    Inline(InlineBuf<T>),
    /// More elements than fit inline, or a `Vec` handed over by the caller
    /// (kept as it is: moving it inline would free it for nothing).
    Heap(Vec<T>),
}

/// The inline elements: the first `len` of `buf`.
///
/// A struct of its own, the array first (`repr(C)`), so that an array the
/// kernel wrote is moved into a returned tensor by one aligned copy. As
/// fields of the enum variant, the compiler put `len` first and moved the
/// array together with the padding before it: twice, through a temporary,
/// reading back 16 bytes two bytes off each 16-byte store just made (which
/// the processor cannot forward from its store buffer).
#[derive(Clone, Copy)]
#[repr(C)]
pub(crate) struct InlineBuf<T> {
    /// The elements, then filler.
    pub(crate) buf: [T; INLINE_LEN],
    /// How many elements of `buf` are the tensor's.
    pub(crate) len: InlineLen,
}

impl<T> SmallBuf<T> {
    /// The first `len` elements of `buf` (`len <= INLINE_LEN`), inline.
    #[inline(always)]
    pub(crate) fn inline(len: usize, buf: [T; INLINE_LEN]) -> Self {
        debug_assert!(len <= INLINE_LEN);
        SmallBuf::Inline(InlineBuf {
            buf,
            len: InlineLen::new(len),
        })
    }

    /// The elements of `v`, without copying.
    #[inline]
    pub(crate) fn from_vec(v: Vec<T>) -> Self {
        SmallBuf::Heap(v)
    }

    /// The elements.
    #[inline(always)]
    pub(crate) fn as_slice(&self) -> &[T] {
        match self {
            SmallBuf::Inline(b) => &b.buf[..b.len.get()],
            SmallBuf::Heap(v) => v,
        }
    }

    /// The elements, mutably.
    #[inline(always)]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [T] {
        match self {
            SmallBuf::Inline(b) => &mut b.buf[..b.len.get()],
            SmallBuf::Heap(v) => v,
        }
    }

    /// The elements as a `Vec`: the heap buffer itself, or a copy of the
    /// inline elements.
    pub(crate) fn into_vec(self) -> Vec<T>
    where
        T: Clone,
    {
        match self {
            SmallBuf::Inline(b) => b.buf[..b.len.get()].to_vec(),
            SmallBuf::Heap(v) => v,
        }
    }
}

impl<T: Copy + Default> SmallBuf<T> {
    /// `n` elements written by the kernel: into the inline array by
    /// `small` when they fit, else appended to a new `Vec` by
    /// `large` (no zeroing pass over memory about to be written). A
    /// [`ShapeError::TooLarge`] naming `shape` when the allocation fails.
    #[inline(always)]
    pub(crate) fn build(
        n: usize,
        shape: &[usize],
        small: impl FnOnce(&mut [T]),
        large: impl FnOnce(&mut Vec<T>),
    ) -> Result<Self, ShapeError> {
        if n <= INLINE_LEN {
            let mut buf = [T::default(); INLINE_LEN];
            small(&mut buf[..n]);
            return Ok(SmallBuf::inline(n, buf));
        }
        let mut v = crate::error::try_vec(n, shape)?;
        large(&mut v);
        Ok(SmallBuf::Heap(v))
    }

    /// `n` copies of `value`, or a [`ShapeError::TooLarge`] naming `shape`.
    pub(crate) fn filled(n: usize, shape: &[usize], value: T) -> Result<Self, ShapeError> {
        Self::build(n, shape, |s| s.fill(value), |v| v.resize(n, value))
    }

    /// The elements of `it`, which yields exactly `n` of them.
    pub(crate) fn from_iter_n(n: usize, it: impl Iterator<Item = T>) -> Self {
        if n <= INLINE_LEN {
            let mut buf = [T::default(); INLINE_LEN];
            for (o, x) in buf[..n].iter_mut().zip(it) {
                *o = x;
            }
            return SmallBuf::inline(n, buf);
        }
        SmallBuf::Heap(it.collect())
    }

    /// [`from_iter_n`](Self::from_iter_n) for an `n` from the caller:
    /// `TooLarge` (naming `[n]`) where the allocator refuses `n` elements,
    /// instead of an abort or a "capacity overflow" panic.
    pub(crate) fn try_from_iter_n(
        n: usize,
        it: impl Iterator<Item = T>,
    ) -> Result<Self, crate::error::ShapeError> {
        if n <= INLINE_LEN {
            return Ok(Self::from_iter_n(n, it));
        }
        let mut v = crate::error::vec_for::<T>(&[n])?;
        v.extend(it.take(n));
        Ok(SmallBuf::Heap(v))
    }
}

impl<T: Copy + Default> Clone for SmallBuf<T> {
    /// Inline whenever the elements fit, even for a `Vec` handed over by
    /// the caller: copies of small tensors never allocate.
    #[inline]
    fn clone(&self) -> Self {
        match self {
            SmallBuf::Inline(b) => SmallBuf::Inline(*b),
            SmallBuf::Heap(v) => Self::from_iter_n(v.len(), v.iter().copied()),
        }
    }
}

impl<T> Deref for SmallBuf<T> {
    type Target = [T];
    #[inline(always)]
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T> DerefMut for SmallBuf<T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_lengths_round_trip_and_give_their_byte_to_the_tag() {
        for n in 0..=INLINE_LEN {
            assert_eq!(InlineLen::new(n).get(), n);
        }
        // The shape's rank byte holds the `ShapeBuf` tag too: 160 bytes for
        // `f32` (168 with a tag of its own).
        let size = core::mem::size_of::<crate::DynTensor<f32>>();
        assert!(size <= 160, "{size}");
    }

    #[test]
    #[should_panic]
    fn inline_length_past_the_limit_panics() {
        let _ = InlineLen::new(INLINE_LEN + 1);
    }

    #[test]
    fn inline_up_to_the_limit_then_heap() {
        for n in [0, 1, INLINE_LEN - 1, INLINE_LEN, INLINE_LEN + 1, 100] {
            let b = SmallBuf::filled(n, &[n], 7u16).unwrap();
            assert_eq!(b.as_slice(), &alloc::vec![7u16; n][..]);
            assert_eq!(matches!(b, SmallBuf::Inline(_)), n <= INLINE_LEN);
            let c = SmallBuf::from_iter_n(n, (0..n).map(|i| i as u16));
            let want: Vec<u16> = (0..n).map(|i| i as u16).collect();
            assert_eq!(c.clone().into_vec(), want);
            assert_eq!(&*c, &want[..]);
        }
    }
}
