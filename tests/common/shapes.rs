//! Random shapes for property tests that mostly broadcast together.

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
