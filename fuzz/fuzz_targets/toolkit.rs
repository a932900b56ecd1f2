//! The runtime toolkit through its `try_` entry points with random shapes,
//! names and axes: reshape, unsqueeze, squeeze, permute, transpose,
//! broadcast_to, stack, cat, reductions; split, chunk, unbind, repeat,
//! repeat_interleave, diagonal, index_select, topk, roll and diff_n
//! (checked against the reference of `tests/common/huge.rs`); integer
//! `arange_step` against exact arithmetic; the checked sums against
//! `i128`. None may panic. Sizes up to `usize::MAX` where another axis
//! is 0.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use shaped::DynTensor;

#[path = "../../tests/common/huge.rs"]
mod huge;

#[derive(Arbitrary, Debug)]
struct Input {
    dims: Vec<u8>,
    other: Vec<u8>,
    axes: Vec<u8>,
    names: Vec<Option<u8>>,
    keepdim: bool,
    op: u8,
    words: Vec<u64>,
    ints: Vec<i64>,
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
    match input.op % 16 {
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
        11 => drop(t.argmax(a0, input.keepdim)),
        12 | 13 => huge::toolkit_call(&t, &mut huge::Words(&input.words)),
        14 => arange(&input.ints),
        _ => checked_sums(&input.ints),
    }
});

/// Integer `arange_step` against `len(range(start, end, step))` in
/// `i128`: called only where the count is small (checked element by
/// element) or certainly refused (2^48 bytes or more: an error).
fn arange(ints: &[i64]) {
    let g = |k: usize| ints.get(k).copied().unwrap_or(0);
    let (start, end, step) = (g(0), g(1), g(2));
    let (s, e, st) = (start as i128, end as i128, step as i128);
    let n = if st == 0 {
        0
    } else if (st > 0 && e > s) || (st < 0 && e < s) {
        ((e - s).abs() - 1) / st.abs() + 1
    } else {
        0
    };
    if n > 1 << 10 && n * 8 < 1 << 48 {
        return; // a real allocation too large to make here
    }
    let r = DynTensor::<i64>::try_arange_step(start, end, step);
    if step == 0 || n > 1 << 10 {
        assert!(r.is_err(), "arange_step({start}, {end}, {step})");
        return;
    }
    let v = r.expect("a small integer range").to_vec();
    assert_eq!(v.len() as i128, n, "arange_step({start}, {end}, {step})");
    for (i, &x) in v.iter().enumerate() {
        assert_eq!(x as i128, s + i as i128 * st);
    }
}

/// `checked_sum`, `checked_cumsum` and `checked_prod` of `i64` against
/// exact arithmetic in `i128`.
fn checked_sums(ints: &[i64]) {
    let v: Vec<i64> = ints.iter().copied().take(64).collect();
    let t = DynTensor::from_vec(v.clone(), &[v.len()]).unwrap();
    let fits = |x: i128| i64::try_from(x).ok();
    let exact: i128 = v.iter().map(|&x| x as i128).sum();
    assert_eq!(t.checked_sum().ok(), fits(exact));
    let mut run = 0i128;
    let prefixes: Option<Vec<i64>> = v
        .iter()
        .map(|&x| {
            run += x as i128;
            fits(run)
        })
        .collect();
    assert_eq!(t.checked_cumsum(0).ok().map(|c| c.to_vec()), prefixes);
    let mut prod = Some(1i128);
    for &x in &v {
        prod = prod.and_then(|p| p.checked_mul(x as i128));
    }
    let want = if v.contains(&0) { Some(0) } else { prod.and_then(fits) };
    assert_eq!(t.checked_prod().ok(), want);
}
