//! The runtime toolkit through its `try_` entry points with random shapes,
//! names and axes: reshape, unsqueeze, squeeze, permute, transpose,
//! broadcast_to, stack, cat, reductions. None may panic. Sizes up to
//! `usize::MAX` where another axis is 0.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use shaped::DynTensor;

#[derive(Arbitrary, Debug)]
struct Input {
    dims: Vec<u8>,
    other: Vec<u8>,
    axes: Vec<u8>,
    names: Vec<Option<u8>>,
    keepdim: bool,
    op: u8,
}

const NAMES: [&str; 4] = ["N", "C", "H", "W"];

fuzz_target!(|input: Input| {
    // Sizes 0 to 4, or (byte 250 and up) a huge one: 2^46 or more, so that
    // any non-empty result with it is refused by the size policy or the
    // allocator (2^48 bytes or more), never really allocated.
    const HUGE: [usize; 6] = [
        1 << 46,
        1 << 50,
        1 << 62,
        isize::MAX as usize,
        (isize::MAX as usize) + 1,
        usize::MAX,
    ];
    let dims: Vec<usize> = input
        .dims
        .iter()
        .take(5)
        .map(|&d| {
            if d >= 250 {
                HUGE[(d - 250) as usize]
            } else {
                (d % 5) as usize
            }
        })
        .collect();
    let other: Vec<usize> = input
        .other
        .iter()
        .take(6)
        .map(|&d| (d % 6) as usize)
        .collect();
    let axes: Vec<usize> = input
        .axes
        .iter()
        .take(5)
        .map(|&a| (a % 7) as usize)
        .collect();
    let n = dims.iter().try_fold(1usize, |a, &d| a.checked_mul(d));
    let t = match n {
        Some(n) if n <= 1 << 12 => {
            DynTensor::from_vec((0..n).map(|i| i as f32 - 3.0).collect(), &dims)
        }
        // Empty or too large: only the shape matters (and must not allocate).
        _ => DynTensor::try_zeros(&dims),
    };
    let t = match t {
        Ok(t) => t,
        Err(e) => return drop(e.to_string()),
    };
    let names: Vec<Option<&str>> = (0..dims.len())
        .map(|i| {
            input
                .names
                .get(i)
                .copied()
                .flatten()
                .map(|k| NAMES[(k % 4) as usize])
        })
        .collect();
    let t = t.clone().with_names(names).unwrap_or(t);
    let a0 = axes.first().copied().unwrap_or(0);
    let a1 = axes.get(1).copied().unwrap_or(0);
    match input.op % 12 {
        0 => drop(t.reshape(&other)),
        1 => drop(t.unsqueeze(a0)),
        2 => drop(t.squeeze(a0)),
        3 => drop(t.permute(&axes)),
        4 => drop(t.transpose(a0, a1)),
        5 => drop(t.broadcast_to(&other)),
        6 => drop(DynTensor::stack(&[t.clone(), t.clone()], a0)),
        7 => drop(DynTensor::cat(
            &[t.clone(), t.reshape(&other).unwrap_or(t.clone())],
            a0,
        )),
        8 => drop(t.sum_dims(&axes, input.keepdim)),
        9 => drop(t.max_dims(&axes, input.keepdim)),
        10 => drop(t.var_dims(&axes, input.keepdim)),
        _ => drop(t.argmax(a0, input.keepdim)),
    }
});
