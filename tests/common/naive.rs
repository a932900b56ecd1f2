//! A naive reference for positional broadcasting (the guide's rules chapter, sections 1 and 2),
//! written from the rules and sharing no code with the crate:
//! `#[path = "common/naive.rs"] mod naive;`.
//!
//! The broadcast shape pads the shorter shape with 1s on the left and takes,
//! per axis, the size that is not 1; each output element unravels its flat
//! index into a multi-index and maps that into each operand (size-1
//! dimensions pinned to index 0).

#![allow(dead_code)] // each test file uses its own part

/// The broadcast shape of `a` and `b` (the guide's rules chapter, section 1), or `None`.
pub fn ref_shape(a: &[usize], b: &[usize]) -> Option<Vec<usize>> {
    let rank = a.len().max(b.len());
    let pad = |s: &[usize]| {
        let mut v = vec![1; rank - s.len()];
        v.extend_from_slice(s);
        v
    };
    let (pa, pb) = (pad(a), pad(b));
    pa.iter()
        .zip(&pb)
        .map(|(&x, &y)| match (x, y) {
            _ if x == y => Some(x),
            (1, _) => Some(y),
            (_, 1) => Some(x),
            _ => None,
        })
        .collect()
}

/// Whether `src` broadcasts to `target` in place (the guide's rules chapter, section 2).
pub fn fits(target: &[usize], src: &[usize]) -> bool {
    src.len() <= target.len()
        && src
            .iter()
            .rev()
            .zip(target.iter().rev())
            .all(|(&s, &t)| s == 1 || s == t)
}

/// The flat index in an operand of shape `dims` of the element read at the
/// output multi-index `idx` (the operand is right-aligned in `idx`).
pub fn source(idx: &[usize], dims: &[usize]) -> usize {
    let offset = idx.len() - dims.len();
    let mut flat = 0;
    for (k, &d) in dims.iter().enumerate() {
        let i = if d == 1 { 0 } else { idx[offset + k] };
        flat = flat * d + i;
    }
    flat
}

/// The broadcast shape and row-major elements of `f(a, b)`.
pub fn reference<T: Copy>(
    a: &[T],
    ad: &[usize],
    b: &[T],
    bd: &[usize],
    f: impl Fn(T, T) -> T,
) -> (Vec<usize>, Vec<T>) {
    assert_eq!(a.len(), ad.iter().product::<usize>());
    assert_eq!(b.len(), bd.iter().product::<usize>());
    let out = ref_shape(ad, bd).expect("the reference was asked for incompatible shapes");
    let n: usize = out.iter().product();
    let mut idx = vec![0; out.len()];
    let mut values = Vec::with_capacity(n);
    for flat in 0..n {
        let mut rest = flat;
        for k in (0..out.len()).rev() {
            idx[k] = rest % out[k];
            rest /= out[k];
        }
        values.push(f(a[source(&idx, ad)], b[source(&idx, bd)]));
    }
    (out, values)
}
