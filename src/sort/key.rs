//! The order the sorting and searching functions use, as an integer key
//! per element: NaN after every number (NumPy's order; PyTorch's too),
//! `-0.0` equal to `0.0`, integers by value. Sorting the keys packed with
//! each element's position gives a stable sort from an unstable one (no
//! two packed keys are equal), on plain integers that compare in one
//! instruction.

use crate::element::Element;

/// An element type the sorting and searching functions can order: every
/// [`Element`] (the integers and `f32`/`f64`). Generic code names it as
/// `T: SortKey`.
pub trait SortKey: Element {
    /// The element's key packed with a position: ordered by key, then
    /// position.
    #[doc(hidden)]
    type Packed: Ord + Copy + Send + Sync;
    /// The key of `self` (reversed when `descending`, so NaN comes first
    /// then, as in PyTorch's descending sort) packed with `index`, which
    /// is below 2^32 for the element types of at most 32 bits.
    #[doc(hidden)]
    fn pack(self, index: usize, descending: bool) -> Self::Packed;
    /// The position in a packed key.
    #[doc(hidden)]
    fn index_of(p: Self::Packed) -> usize;
    /// The element a packed key was made from, `lane` being the elements
    /// it was packed from: read back from the key where the key says it
    /// all (a sequential pass, where reading `lane` at the position would
    /// jump around memory), from `lane` otherwise (`-0.0`, NaN payloads).
    #[doc(hidden)]
    #[inline(always)]
    fn value_of(p: Self::Packed, lane: &[Self], descending: bool) -> Self {
        let _ = descending;
        lane[Self::index_of(p)]
    }
    /// The key alone, widened: equal for equal elements (every NaN
    /// alike).
    #[doc(hidden)]
    fn key(self) -> u128;
    /// How many bytes the key has within a packed key (0: sort by
    /// comparison only).
    #[doc(hidden)]
    const KEY_BYTES: usize;
    /// Byte `b` of the key within `p`, the least significant first.
    #[doc(hidden)]
    fn key_byte(p: Self::Packed, b: usize) -> u8;
}

/// Sorts packed keys by their key bytes, least significant first, each
/// pass stable (a counting sort): positions stay in order among equal
/// keys, so the result is the one of sorting the packed keys. Passes on
/// a byte that every key shares are skipped. `buf` is scratch.
pub(crate) fn radix_sort<T: SortKey>(v: &mut [T::Packed], buf: &mut alloc::vec::Vec<T::Packed>) {
    let nb = T::KEY_BYTES;
    let mut counts = alloc::vec![[0usize; 256]; nb];
    for &p in v.iter() {
        for (b, c) in counts.iter_mut().enumerate() {
            c[usize::from(T::key_byte(p, b))] += 1;
        }
    }
    buf.clear();
    buf.extend_from_slice(v);
    // `src` holds the keys sorted by the bytes so far.
    let mut in_v = true;
    for (b, c) in counts.iter().enumerate() {
        if c.contains(&v.len()) {
            continue;
        }
        let mut at = [0usize; 256];
        let mut sum = 0;
        for (a, &n) in at.iter_mut().zip(c.iter()) {
            *a = sum;
            sum += n;
        }
        let (src, dst): (&[T::Packed], &mut [T::Packed]) = if in_v {
            (&*v, &mut buf[..])
        } else {
            (&buf[..], &mut *v)
        };
        for &p in src {
            let d = usize::from(T::key_byte(p, b));
            dst[at[d]] = p;
            at[d] += 1;
        }
        in_v = !in_v;
    }
    if !in_v {
        v.copy_from_slice(buf);
    }
}

/// Lanes longer than this cannot pack a position beside a 32-bit key.
pub(crate) const MAX_PACKED_32: usize = u32::MAX as usize;

macro_rules! keyed {
    ($($t:ty => $packed:ty, $half:ty, $bits:expr, |$v:ident| $key:expr, |$k:ident, $lane:ident, $p:ident| $value:expr;)*) => {$(
        impl SortKey for $t {
            type Packed = $packed;
            #[inline(always)]
            fn pack(self, index: usize, descending: bool) -> $packed {
                let $v = self;
                let k: $half = $key;
                let k = if descending { !k } else { k };
                (k as $packed) << $bits | index as $packed
            }
            #[inline(always)]
            fn index_of(p: $packed) -> usize {
                (p & (((1 as $packed) << $bits) - 1)) as usize
            }
            #[inline(always)]
            fn key(self) -> u128 {
                let $v = self;
                let k: $half = $key;
                k as u128
            }
            const KEY_BYTES: usize = $bits / 8;
            #[inline(always)]
            fn key_byte(p: $packed, b: usize) -> u8 {
                (p >> ($bits + 8 * b)) as u8
            }
            #[inline(always)]
            fn value_of($p: $packed, $lane: &[Self], descending: bool) -> Self {
                let k = ($p >> $bits) as $half;
                let $k = if descending { !k } else { k };
                $value
            }
        }
    )*};
}

keyed! {
    i8 => u64, u32, 32, |v| (v as u8 ^ 0x80) as u32, |k, _l, _p| (k as u8 ^ 0x80) as i8;
    i16 => u64, u32, 32, |v| (v as u16 ^ 0x8000) as u32, |k, _l, _p| (k as u16 ^ 0x8000) as i16;
    i32 => u64, u32, 32, |v| v as u32 ^ 0x8000_0000, |k, _l, _p| (k ^ 0x8000_0000) as i32;
    u8 => u64, u32, 32, |v| v as u32, |k, _l, _p| k as u8;
    u16 => u64, u32, 32, |v| v as u32, |k, _l, _p| k as u16;
    u32 => u64, u32, 32, |v| v, |k, _l, _p| k;
    i64 => u128, u64, 64, |v| v as u64 ^ (1 << 63), |k, _l, _p| (k ^ (1 << 63)) as i64;
    isize => u128, u64, 64, |v| v as i64 as u64 ^ (1 << 63), |k, _l, _p| (k ^ (1 << 63)) as i64 as isize;
    u64 => u128, u64, 64, |v| v, |k, _l, _p| k;
    usize => u128, u64, 64, |v| v as u64, |k, _l, _p| k as usize;
    f32 => u64, u32, 32, |v| float_key32(v), |k, lane, p| match float_of32(k) {
        Some(v) => v,
        None => lane[<f32 as SortKey>::index_of(p)],
    };
    f64 => u128, u64, 64, |v| float_key64(v), |k, lane, p| match float_of64(k) {
        Some(v) => v,
        None => lane[<f64 as SortKey>::index_of(p)],
    };
}

/// The `f32` of key `k`, unless the key is shared (zero, NaN).
#[inline(always)]
fn float_of32(k: u32) -> Option<f32> {
    let b = if k >> 31 == 1 { k & !(1 << 31) } else { !k };
    let v = f32::from_bits(b);
    (k != u32::MAX && v != 0.0).then_some(v)
}

/// [`float_of32`] for `f64`.
#[inline(always)]
fn float_of64(k: u64) -> Option<f64> {
    let b = if k >> 63 == 1 { k & !(1 << 63) } else { !k };
    let v = f64::from_bits(b);
    (k != u64::MAX && v != 0.0).then_some(v)
}

/// `f32` in order: the sign bit flipped for positives, every bit for
/// negatives; NaN above `+inf`, `-0.0` as `0.0`.
#[inline(always)]
fn float_key32(v: f32) -> u32 {
    if v.is_nan() {
        return u32::MAX;
    }
    let b = if v == 0.0 { 0 } else { v.to_bits() };
    if b >> 31 == 1 { !b } else { b | 1 << 31 }
}

/// [`float_key32`] for `f64`.
#[inline(always)]
fn float_key64(v: f64) -> u64 {
    if v.is_nan() {
        return u64::MAX;
    }
    let b = if v == 0.0 { 0 } else { v.to_bits() };
    if b >> 63 == 1 { !b } else { b | 1 << 63 }
}

macro_rules! wide {
    ($($t:ty => |$v:ident| $key:expr;)*) => {$(
        impl SortKey for $t {
            type Packed = (u128, usize);
            #[inline(always)]
            fn pack(self, index: usize, descending: bool) -> (u128, usize) {
                let $v = self;
                let k: u128 = $key;
                (if descending { !k } else { k }, index)
            }
            #[inline(always)]
            fn index_of(p: (u128, usize)) -> usize {
                p.1
            }
            #[inline(always)]
            fn key(self) -> u128 {
                let $v = self;
                $key
            }
            const KEY_BYTES: usize = 0;
            fn key_byte(_: (u128, usize), _: usize) -> u8 {
                0
            }
        }
    )*};
}
wide! {
    i128 => |v| v as u128 ^ (1 << 127);
    u128 => |v| v;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_follow_numpys_order() {
        let xs = [
            f32::NEG_INFINITY,
            -1e30,
            -1.5,
            -f32::MIN_POSITIVE,
            0.0,
            1e-40,
            2.0,
            f32::INFINITY,
        ];
        for w in xs.windows(2) {
            assert!(w[0].key() < w[1].key(), "{w:?}");
        }
        assert_eq!((-0.0f32).key(), 0.0f32.key());
        assert!(f32::NAN.key() > f32::INFINITY.key());
        assert_eq!(f32::NAN.key(), (-f32::NAN).key());
        let ints = [i64::MIN, -1, 0, 1, i64::MAX];
        for w in ints.windows(2) {
            assert!(w[0].key() < w[1].key());
        }
        assert!((-1i8).key() < 0i8.key() && 127i8.key() > 0i8.key());
        assert!(i128::MIN.key() < 0i128.key());
        let p = 3.5f64.pack(7, false);
        assert_eq!(f64::index_of(p), 7);
        // Values come back from their keys, both directions.
        let lane = [-0.0f32, f32::NAN, -2.5, 1e-40, f32::INFINITY];
        for desc in [false, true] {
            for (i, &v) in lane.iter().enumerate() {
                let back = f32::value_of(v.pack(i, desc), &lane, desc);
                assert_eq!(back.to_bits(), v.to_bits(), "{v} {desc}");
            }
            for v in [i8::MIN, -1, 0, i8::MAX] {
                assert_eq!(i8::value_of(v.pack(0, desc), &[v], desc), v);
            }
            for v in [isize::MIN, 0, isize::MAX] {
                assert_eq!(isize::value_of(v.pack(0, desc), &[v], desc), v);
            }
            for v in [f64::NEG_INFINITY, -0.0, 5e-324, 1.0] {
                let back = f64::value_of(v.pack(0, desc), &[v], desc);
                assert_eq!(back.to_bits(), v.to_bits());
            }
        }
        assert!(3.5f64.pack(7, true) < 1.0f64.pack(0, true));
    }
}
