//! Empty tensors with huge axes (rank 0-4, one axis 0, the others up to
//! `usize::MAX`) through the runtime view operations (narrow, index_axis,
//! slice with extreme bounds and steps, permute, transpose, squeeze,
//! unsqueeze, broadcast_to), reductions, copies, matrix products and the
//! display of every error, each checked against the naive reference the
//! property test `tests/huge_empty.rs` uses (Python's rule for slices).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/common/huge.rs"]
mod huge;

fuzz_target!(|data: &[u8]| {
    // The input as a program of little-endian words (the last one padded).
    let words: Vec<u64> = data
        .chunks(8)
        .map(|c| {
            let mut b = [0u8; 8];
            b[..c.len()].copy_from_slice(c);
            u64::from_le_bytes(b)
        })
        .collect();
    huge::run(&words);
});
