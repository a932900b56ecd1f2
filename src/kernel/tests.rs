//! The kernel against naive references.

use super::*;
use alloc::vec;
use alloc::vec::Vec;

/// The plan as first written: axes stored as they come, merged into the
/// last stored one.
fn plan_reference(out: &[usize], a: &[usize], b: &[usize]) -> Vec<(usize, usize, usize)> {
    let rank = out.len();
    let (mut ca, mut cb) = (1usize, 1usize);
    let mut axes: Vec<(usize, usize, usize)> = Vec::new();
    for i in 0..rank {
        let n = out[rank - 1 - i];
        let da = if i < a.len() { a[a.len() - 1 - i] } else { 1 };
        let db = if i < b.len() { b[b.len() - 1 - i] } else { 1 };
        let sa = if da == 1 { 0 } else { ca };
        let sb = if db == 1 { 0 } else { cb };
        ca *= da;
        cb *= db;
        if n == 1 {
            continue;
        }
        if let Some(last) = axes.last_mut()
            && last.1 * last.0 == sa
            && last.2 * last.0 == sb
        {
            last.0 *= n;
            continue;
        }
        axes.push((n, sa, sb));
    }
    while axes.len() < 2 {
        axes.push((1, 0, 0));
    }
    axes
}

/// Every pair of shapes of rank `0..=max_rank` with sizes in `sizes`
/// that broadcast, with the broadcast shape.
fn pairs(max_rank: usize, sizes: &[usize]) -> Vec<(Vec<usize>, Vec<usize>, Vec<usize>)> {
    let mut shapes = vec![vec![]];
    for rank in 1..=max_rank {
        let mut k = vec![0; rank];
        loop {
            shapes.push(k.iter().map(|&i| sizes[i]).collect::<Vec<_>>());
            let mut j = 0;
            while j < rank {
                k[j] += 1;
                if k[j] < sizes.len() {
                    break;
                }
                k[j] = 0;
                j += 1;
            }
            if j == rank {
                break;
            }
        }
    }
    let mut out = Vec::new();
    for a in &shapes {
        for b in &shapes {
            let rank = a.len().max(b.len());
            let mut o = vec![0; rank];
            if crate::shape::broadcast::broadcast_into(a, b, &mut o).is_ok() {
                out.push((a.clone(), b.clone(), o));
            }
        }
    }
    out
}

/// All of `s`, as the compile-time plans take sizes.
fn whole(s: &[usize]) -> Prefix<'_> {
    (s, s.len())
}

fn as_tuples(axes: &[PlanAxis]) -> Vec<(usize, usize, usize)> {
    axes.iter().map(|x| (x.n, x.sa, x.sb)).collect()
}

#[test]
fn plan_agrees_with_the_reference() {
    for (a, b, o) in pairs(3, &[0, 1, 2, 3]) {
        let mut axes = [PlanAxis::UNIT; 8];
        let n = plan(&o, &a, &b, &mut axes);
        assert_eq!(
            as_tuples(&axes[..n]),
            plan_reference(&o, &a, &b),
            "{a:?} {b:?}"
        );
    }
}

#[test]
fn plan_2d_agrees_with_plan() {
    for (a, b, o) in pairs(2, &[0, 1, 2, 3, 4]) {
        if o.contains(&0) {
            continue; // empty: the kernel returns before planning
        }
        let mut axes = [PlanAxis::UNIT; 4];
        let n = plan(&o, &a, &b, &mut axes);
        assert_eq!(n, 2, "{a:?} {b:?}");
        let block = plan_2d(&o, &a, &b);
        assert_eq!(
            as_tuples(&[block.inner, block.next]),
            as_tuples(&axes[..2]),
            "{a:?} {b:?}"
        );
    }
}

#[test]
fn every_row_length_and_form_against_an_index_loop() {
    // Rows of 1 to 12 elements (the fixed-length forms and the general
    // one), each operand moving or stretched along rows and columns, by
    // the runtime plans and by the static ones. Unit tests compile the
    // fixed-length loops in debug builds too (see `rows::dispatch_rows`).
    for n in 1..=12 {
        for (a, b) in [
            (vec![3, n], vec![3, n]),
            (vec![3, n], vec![3, 1]),
            (vec![3, 1], vec![3, n]),
            (vec![3, 1], vec![1, n]),
            (vec![2, 3, n], vec![3, 1]),
            (vec![2, 1, 1], vec![3, n]),
        ] {
            let mut o = [0; 3];
            let o = &mut o[3 - a.len().max(b.len())..];
            crate::shape::broadcast::broadcast_into(&a, &b, o).unwrap();
            let av: Vec<i64> = (0..a.iter().product::<usize>() as i64).collect();
            let bv: Vec<i64> = (0..b.iter().product::<usize>() as i64)
                .map(|x| 100 * x)
                .collect();
            let mut got = Vec::new();
            binary(&mut got, o, &av, &a, &bv, &b, |x, y| x + y);
            let mut sliced = vec![0; got.len()];
            binary(
                &mut SliceSink::new(&mut sliced),
                o,
                &av,
                &a,
                &bv,
                &b,
                |x, y| x + y,
            );
            // Reference: flat index to per-operand offsets.
            let total: usize = o.iter().product();
            let at = |dims: &[usize], mut flat: usize| {
                let (mut off, mut stride) = (0, 1);
                for (k, &d) in o.iter().enumerate().rev() {
                    let i = flat % d;
                    flat /= d;
                    let pad = o.len() - dims.len();
                    if k >= pad && dims[k - pad] != 1 {
                        off += i * stride;
                    }
                    if k >= pad {
                        stride *= dims[k - pad];
                    }
                }
                off
            };
            let want: Vec<i64> = (0..total).map(|i| av[at(&a, i)] + bv[at(&b, i)]).collect();
            assert_eq!(got, want, "{a:?} + {b:?}");
            assert_eq!(sliced, want, "{a:?} + {b:?}");
            // The static path's loops, by a plan built as the compiler
            // builds it (these are at most `SMALL` elements).
            let plan = Blocks::new(true, whole(o), whole(&a), whole(&b));
            let mut unrolled = vec![0; total];
            binary_static(&mut unrolled, &av, &bv, &plan, |x, y| x + y);
            assert_eq!(unrolled, want, "static {a:?} + {b:?}");
            // In place: `b` broadcast into `a` where it fits.
            if o == &a[..] {
                let mut acc = av.clone();
                assign(&mut acc, &a, &bv, &b, |x, y| x + y);
                assert_eq!(acc, want, "{a:?} += {b:?}");
                let mut acc = av.clone();
                let plan = Blocks::new(true, whole(o), whole(o), whole(&b));
                assign_static(&mut acc, &bv, &plan, |x, y| x + y);
                assert_eq!(acc, want, "static {a:?} += {b:?}");
            }
        }
    }
}
