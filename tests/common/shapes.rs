//! Random shapes for property tests that mostly broadcast together, and
//! the seeded numbers their elements are made from.

use proptest::prelude::*;

/// A shape derived from `base`: a suffix of it, each size kept (60%),
/// replaced by 1 (30%) or by any size up to `max` (10%), so that shapes
/// derived from one base mostly broadcast together and sometimes do not.
pub fn derive(base: Vec<usize>, max: usize) -> impl Strategy<Value = Vec<usize>> {
    let n = base.len();
    (
        0..=n,
        prop::collection::vec(0u8..10, n),
        prop::collection::vec(0usize..=max, n),
    )
        .prop_map(move |(drop, modes, any)| {
            (drop..n)
                .map(|j| match modes[j] {
                    0..=5 => base[j],
                    6..=8 => 1,
                    _ => any[j],
                })
                .collect()
        })
}

/// `n` pseudo-random numbers from `seed` (splitmix64): deterministic, so a
/// proptest case is reproduced by its seed.
pub fn splitmix(n: usize, seed: u64) -> impl Iterator<Item = u64> {
    let mut state = seed;
    (0..n).map(move |_| {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    })
}
