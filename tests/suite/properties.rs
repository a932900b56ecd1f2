//! Property tests: every operator on static tensors against the naive
//! reference of `common/naive.rs` (written from the guide's rules chapter, sharing no code
//! with the crate), on random data, for a list of static shape pairs.

use std::fmt::Debug;

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError};
use shaped::{BroadcastTo, BroadcastWith, Element, Layout, Shape, Tensor, shape};

use crate::naive;
use naive::{fits, ref_shape, reference};

/// Compares a tensor with the reference, reporting the first mismatch only
/// (the tensors can have tens of thousands of elements).
fn same<T: Element + Debug, S: Layout>(
    got: &Tensor<T, S>,
    want: &(Vec<usize>, Vec<T>),
    what: &str,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(&*got.shape(), &want.0[..], "shape of {}", what);
    prop_assert_eq!(got.numel(), want.1.len(), "numel of {}", what);
    prop_assert_eq!(got.rank(), want.0.len(), "rank of {}", what);
    let g = got.as_slice();
    prop_assert_eq!(g.len(), want.1.len(), "as_slice().len() of {}", what);
    if let Some(i) = (0..g.len()).find(|&i| g[i] != want.1[i]) {
        let wrong = (0..g.len()).filter(|&i| g[i] != want.1[i]).count();
        return Err(TestCaseError::fail(format!(
            "{what}: shape {:?}: element {i} is {:?}, expected {:?} ({wrong} of {} elements wrong)",
            want.0,
            g[i],
            want.1[i],
            g.len()
        )));
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// The checks, for one element type at a time.
// ---------------------------------------------------------------------------

/// Runs `f` in a stack frame of its own (never inlined), so that the
/// temporaries of one check are gone before the next one runs.
#[inline(never)]
fn isolated(f: impl FnOnce() -> Result<(), TestCaseError>) -> Result<(), TestCaseError> {
    f()
}

/// `x op y` in the four value/reference combinations against the reference.
macro_rules! binop {
    ($op:tt, $x:ident, $xd:ident, $vx:expr, $y:ident, $yd:ident, $vy:expr) => {
        // A closure of its own, so that its temporaries (up to 32 KiB each for
        // inline tensors) leave the stack before the next check in debug builds.
        isolated(|| -> Result<(), TestCaseError> {
            let want = reference($vx, $xd, $vy, $yd, |p, q| p $op q);
            let what = concat!(stringify!($x), " ", stringify!($op), " ", stringify!($y));
            same(&($x.clone() $op $y.clone()), &want, &format!("{what} (values)"))?;
            same(&(&$x $op &$y), &want, &format!("{what} (refs)"))?;
            same(&($x.clone() $op &$y), &want, &format!("{what} (value, ref)"))?;
            same(&(&$x $op $y.clone()), &want, &format!("{what} (ref, value)"))?;
            Ok(())
        })?;
    };
}

/// `x op s` and `s op x` (values and references) against the reference,
/// which treats the scalar as a rank-0 operand.
macro_rules! scalar_op {
    (@assign +, $c:ident, $s:ident) => { $c += $s };
    (@assign -, $c:ident, $s:ident) => { $c -= $s };
    (@assign *, $c:ident, $s:ident) => { $c *= $s };
    (@assign /, $c:ident, $s:ident) => { $c /= $s };
    (@assign %, $c:ident, $s:ident) => { $c %= $s };
    ($op:tt, $x:ident, $xd:ident, $vx:expr, $s:expr) => {
        // A closure of its own, so that its temporaries (up to 32 KiB each for
        // inline tensors) leave the stack before the next check in debug builds.
        isolated(|| -> Result<(), TestCaseError> {
            let s = $s;
            let want = reference($vx, $xd, &[s], &[], |p, q| p $op q);
            let what = concat!(stringify!($x), " ", stringify!($op), " scalar");
            same(&($x.clone() $op s), &want, what)?;
            same(&(&$x $op s), &want, what)?;
            let mut c = $x.clone();
            scalar_op!(@assign $op, c, s);
            same(&c, &want, concat!(stringify!($x), " ", stringify!($op), "= scalar"))?;
            Ok(())
        })?;
    };
}

/// `s op x` (values and references).
macro_rules! scalar_lhs_op {
    ($op:tt, $s:expr, $x:ident, $xd:ident, $vx:expr) => {
        // A closure of its own, so that its temporaries (up to 32 KiB each for
        // inline tensors) leave the stack before the next check in debug builds.
        isolated(|| -> Result<(), TestCaseError> {
            let s = $s;
            let want = reference(&[s], &[], $vx, $xd, |p, q| p $op q);
            let what = concat!("scalar ", stringify!($op), " ", stringify!($x));
            same(&(s $op $x.clone()), &want, what)?;
            same(&(s $op &$x), &want, what)?;
            Ok(())
        })?;
    };
}

/// `c = x; c op= y` with `y` by value and by reference.
macro_rules! assign_op {
    ($op_assign:tt, $op:tt, $x:ident, $xd:ident, $vx:expr, $y:ident, $yd:ident, $vy:expr) => {
        // A closure of its own, so that its temporaries (up to 32 KiB each for
        // inline tensors) leave the stack before the next check in debug builds.
        isolated(|| -> Result<(), TestCaseError> {
            let want = reference($vx, $xd, $vy, $yd, |p, q| p $op q);
            assert_eq!(want.0, $xd, "in-place result must keep the left shape");
            let what = concat!(stringify!($x), " ", stringify!($op_assign), " ", stringify!($y));
            let mut c = $x.clone();
            c $op_assign $y.clone();
            same(&c, &want, &format!("{what} (value)"))?;
            let mut c = $x.clone();
            c $op_assign &$y;
            same(&c, &want, &format!("{what} (ref)"))?;
            Ok(())
        })?;
    };
}

macro_rules! checker {
    ($check:ident, $check_inplace:ident, $t:ty, $nz:expr) => {
        /// Every binary, scalar and unary operator on `a` (shape `A`, elements
        /// `va`) and `b`, in both orders, against the reference. Divisors are
        /// made non-zero with the `nz` mapping.
        fn $check<A, B>(
            va: &[$t],
            ad: &[usize],
            vb: &[$t],
            bd: &[usize],
            s: $t,
        ) -> Result<(), TestCaseError>
        where
            A: Shape + BroadcastWith<B>,
            B: Shape + BroadcastWith<A>,
        {
            let nz: fn($t) -> $t = $nz;
            let a = Tensor::<$t, A>::from_slice(va).unwrap();
            let b = Tensor::<$t, B>::from_slice(vb).unwrap();
            prop_assert_eq!(a.as_slice(), va);
            prop_assert_eq!(b.to_vec(), vb);
            let va_nz: Vec<$t> = va.iter().map(|&x| nz(x)).collect();
            let vb_nz: Vec<$t> = vb.iter().map(|&x| nz(x)).collect();
            let a_nz = Tensor::<$t, A>::from_slice(&va_nz).unwrap();
            let b_nz = Tensor::<$t, B>::from_slice(&vb_nz).unwrap();
            let s_nz = nz(s);

            binop!(+, a, ad, va, b, bd, vb);
            binop!(+, b, bd, vb, a, ad, va);
            binop!(-, a, ad, va, b, bd, vb);
            binop!(-, b, bd, vb, a, ad, va);
            binop!(*, a, ad, va, b, bd, vb);
            binop!(*, b, bd, vb, a, ad, va);
            binop!(/, a, ad, va, b_nz, bd, &vb_nz);
            binop!(/, b, bd, vb, a_nz, ad, &va_nz);
            binop!(%, a, ad, va, b_nz, bd, &vb_nz);
            binop!(%, b, bd, vb, a_nz, ad, &va_nz);

            scalar_op!(+, a, ad, va, s);
            scalar_op!(-, a, ad, va, s);
            scalar_op!(*, a, ad, va, s);
            scalar_op!(/, a, ad, va, s_nz);
            scalar_op!(%, a, ad, va, s_nz);
            scalar_op!(-, b, bd, vb, s);
            scalar_op!(/, b, bd, vb, s_nz);
            scalar_lhs_op!(+, s, a, ad, va);
            scalar_lhs_op!(-, s, a, ad, va);
            scalar_lhs_op!(*, s, a, ad, va);
            scalar_lhs_op!(/, s, a_nz, ad, &va_nz);
            scalar_lhs_op!(%, s, a_nz, ad, &va_nz);
            scalar_lhs_op!(-, s, b, bd, vb);
            scalar_lhs_op!(%, s, b_nz, bd, &vb_nz);

            let want = (ad.to_vec(), va.iter().map(|&x| -x).collect::<Vec<$t>>());
            same(&(-a.clone()), &want, "-a")?;
            same(&(-&a), &want, "-&a")?;
            let want = (bd.to_vec(), vb.iter().map(|&x| -x).collect::<Vec<$t>>());
            same(&(-&b), &want, "-&b")?;
            Ok(())
        }

        /// Every in-place operator `a op= b` (`b` broadcast to `a`'s shape).
        fn $check_inplace<A: Shape, B: Shape + BroadcastTo<A>>(
            va: &[$t],
            ad: &[usize],
            vb: &[$t],
            bd: &[usize],
        ) -> Result<(), TestCaseError> {
            let nz: fn($t) -> $t = $nz;
            let a = Tensor::<$t, A>::from_slice(va).unwrap();
            let b = Tensor::<$t, B>::from_slice(vb).unwrap();
            let vb_nz: Vec<$t> = vb.iter().map(|&x| nz(x)).collect();
            let b_nz = Tensor::<$t, B>::from_slice(&vb_nz).unwrap();
            assign_op!(+=, +, a, ad, va, b, bd, vb);
            assign_op!(-=, -, a, ad, va, b, bd, vb);
            assign_op!(*=, *, a, ad, va, b, bd, vb);
            assign_op!(/=, /, a, ad, va, b_nz, bd, &vb_nz);
            assign_op!(%=, %, a, ad, va, b_nz, bd, &vb_nz);
            Ok(())
        }
    };
}

/// Divisors: 0 becomes 7.
fn nz_i32(x: i32) -> i32 {
    if x == 0 { 7 } else { x }
}

/// Divisors: 0.0 becomes 0.5.
fn nz_f64(x: f64) -> f64 {
    if x == 0.0 { 0.5 } else { x }
}

checker!(check_i32, check_inplace_i32, i32, nz_i32);
checker!(check_f64, check_inplace_f64, f64, nz_f64);

/// Runs the in-place checks allowed by the pair's flag: `ab` means `a += b`
/// compiles (the right side fits the left), `ba` means `b += a`.
macro_rules! inplace {
    (none, $f:ident, $va:expr, $ad:expr, $vb:expr, $bd:expr) => {};
    (ab, $f:ident, $va:expr, $ad:expr, $vb:expr, $bd:expr) => {
        $f::<A, B>($va, $ad, $vb, $bd)?;
    };
    (ba, $f:ident, $va:expr, $ad:expr, $vb:expr, $bd:expr) => {
        $f::<B, A>($vb, $bd, $va, $ad)?;
    };
    (both, $f:ident, $va:expr, $ad:expr, $vb:expr, $bd:expr) => {
        $f::<A, B>($va, $ad, $vb, $bd)?;
        $f::<B, A>($vb, $bd, $va, $ad)?;
    };
}

/// `(a += b compiles, b += a compiles)` for a flag.
macro_rules! flags {
    (none) => {
        (false, false)
    };
    (ab) => {
        (true, false)
    };
    (ba) => {
        (false, true)
    };
    (both) => {
        (true, true)
    };
}

fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        max_shrink_iters: 256,
        ..Config::default()
    }
}

/// One module per shape pair: `a: [..] + b: [..] => [..]` with the in-place
/// flag and the number of proptest cases.
macro_rules! pairs {
    ($(
        $name:ident: [$($a:expr),*] + [$($b:expr),*] => [$($r:expr),*], $ip:ident, $cases:expr;
    )*) => {$(
        mod $name {
            use super::*;
            type A = shape![$($a),*];
            type B = shape![$($b),*];
            type R = shape![$($r),*];
            const AD: &[usize] = &[$($a),*];
            const BD: &[usize] = &[$($b),*];
            const RD: &[usize] = &[$($r),*];

            /// The table row agrees with the reference rules, and the crate's
            /// result type is `R` in both orders.
            #[test]
            fn table() {
                assert_eq!(ref_shape(AD, BD).as_deref(), Some(RD));
                assert_eq!(ref_shape(BD, AD).as_deref(), Some(RD));
                assert_eq!(flags!($ip), (fits(AD, BD), fits(BD, AD)), "in-place flag");
                assert_eq!(&*<A as Shape>::DIMS, AD);
                assert_eq!(&*<B as Shape>::DIMS, BD);
                let a = Tensor::<i32, A>::ones();
                let b = Tensor::<i32, B>::ones();
                let ab: Tensor<i32, R> = &a + &b;
                let ba: Tensor<i32, R> = b + a;
                assert_eq!(&*ab.shape(), RD);
                assert_eq!(&*ba.shape(), RD);
                assert_eq!(ab.as_slice(), &vec![2; RD.iter().product()][..]);
                assert_eq!(ba.as_slice(), &vec![2; RD.iter().product()][..]);
            }

            proptest! {
                #![proptest_config(config($cases))]

                #[test]
                fn int(
                    va in vec(-20i32..20, AD.iter().product::<usize>()),
                    vb in vec(-20i32..20, BD.iter().product::<usize>()),
                    s in -20i32..20,
                ) {
                    check_i32::<A, B>(&va, AD, &vb, BD, s)?;
                    inplace!($ip, check_inplace_i32, &va, AD, &vb, BD);
                }

                #[test]
                fn float(
                    va in vec(-100.0f64..100.0, AD.iter().product::<usize>()),
                    vb in vec(-100.0f64..100.0, BD.iter().product::<usize>()),
                    s in -100.0f64..100.0,
                ) {
                    check_f64::<A, B>(&va, AD, &vb, BD, s)?;
                    inplace!($ip, check_inplace_f64, &va, AD, &vb, BD);
                }
            }
        }
    )*};
}

pairs! {
    // Equal shapes.
    equal_4x3: [4, 3] + [4, 3] => [4, 3], both, 32;
    equal_2x3x4: [2, 3, 4] + [2, 3, 4] => [2, 3, 4], both, 32;
    equal_rank0: [] + [] => [], both, 32;
    equal_1x1: [1, 1] + [1, 1] => [1, 1], both, 32;
    // Rank differences and size-1 stretching on one side.
    row_4x3_1x3: [4, 3] + [1, 3] => [4, 3], ab, 32;
    vec_4x3_3: [4, 3] + [3] => [4, 3], ab, 32;
    one_1x1_1: [1, 1] + [1] => [1, 1], ab, 32;
    col_2x3x4_2x1x1: [2, 3, 4] + [2, 1, 1] => [2, 3, 4], ab, 32;
    mid_2x3x4_3x1: [2, 3, 4] + [3, 1] => [2, 3, 4], ab, 32;
    seed_5x3x4x1_3x1x1: [5, 3, 4, 1] + [3, 1, 1] => [5, 3, 4, 1], ab, 32;
    one_1_3x1x7: [1] + [3, 1, 7] => [3, 1, 7], ba, 32;
    // Both sides stretch.
    outer_4x1_3: [4, 1] + [3] => [4, 3], none, 32;
    outer_4x1_1x3: [4, 1] + [1, 3] => [4, 3], none, 32;
    outer_1x5_4x1: [1, 5] + [4, 1] => [4, 5], none, 32;
    both_3x1x5_1x4x1: [3, 1, 5] + [1, 4, 1] => [3, 4, 5], none, 32;
    both_4x1x3_4x1: [4, 1, 3] + [4, 1] => [4, 4, 3], none, 32;
    seed_5x1x4x1_3x1x2: [5, 1, 4, 1] + [3, 1, 2] => [5, 3, 4, 2], none, 32;
    seed_1x3x1_3x1x7: [1, 3, 1] + [3, 1, 7] => [3, 3, 7], none, 32;
    seed_1x3x2_2x3x1: [1, 3, 2] + [2, 3, 1] => [2, 3, 2], none, 32;
    seed_2x4x3x1_2x1x3x2: [2, 4, 3, 1] + [2, 1, 3, 2] => [2, 4, 3, 2], none, 32;
    merge_3x4x1x1_1x1x5x6: [3, 4, 1, 1] + [1, 1, 5, 6] => [3, 4, 5, 6], none, 32;
    small_1x1x5_4x3x1: [1, 1, 5] + [4, 3, 1] => [4, 3, 5], none, 32;
    large_1x1x5_4x13x1: [1, 1, 5] + [4, 13, 1] => [4, 13, 5], none, 32;
    // Rank 0.
    rank0_3x4: [] + [3, 4] => [3, 4], ba, 32;
    rank0_2x1x3: [] + [2, 1, 3] => [2, 1, 3], ba, 32;
    // Size 0.
    zero_0_1: [0] + [1] => [0], ab, 32;
    zero_0_0: [0] + [0] => [0], both, 32;
    zero_1x0_0x1: [1, 0] + [0, 1] => [0, 0], none, 32;
    zero_0x3_3: [0, 3] + [3] => [0, 3], ab, 32;
    zero_2x0x3_1x1x3: [2, 0, 3] + [1, 1, 3] => [2, 0, 3], ab, 32;
    zero_rank0_0x5: [] + [0, 5] => [0, 5], ba, 32;
    zero_big_0x4096_1: [0, 4096] + [1] => [0, 4096], ab, 32;
    // Rank 6 to 9, and 17 (more than the kernel's 16 inline plan axes).
    rank6: [2, 1, 3, 1, 2, 1] + [1, 2, 1, 3, 1, 2] => [2, 2, 3, 3, 2, 2], none, 32;
    rank7: [1, 2, 1, 2, 1, 2, 1] + [2, 1, 2, 1, 2, 1, 2] => [2, 2, 2, 2, 2, 2, 2], none, 32;
    rank8: [2, 1, 2, 1, 2, 1, 2, 1] + [1, 2, 1, 2, 1, 2, 1, 2]
        => [2, 2, 2, 2, 2, 2, 2, 2], none, 32;
    rank8_3: [2, 3, 1, 2, 1, 2, 3, 2] + [2, 1, 2] => [2, 3, 1, 2, 1, 2, 3, 2], ab, 32;
    rank9: [2, 1, 2, 1, 2, 1, 2, 1, 3] + [1, 2, 1, 2, 1, 2, 1, 2, 1]
        => [2, 2, 2, 2, 2, 2, 2, 2, 3], none, 16;
    rank17: [2, 1, 2, 1, 2, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3]
        + [1, 2, 1, 2, 1, 2, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 3]
        => [2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 3], none, 16;
    rank17_1: [2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2] + [1]
        => [2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2], ab, 16;
    // Around the 64-element "small" threshold.
    at_small_8x8_8: [8, 8] + [8] => [8, 8], ab, 32;
    above_small_65_1: [65] + [1] => [65], ab, 32;
    above_small_5x13_13: [5, 13] + [13] => [5, 13], ab, 32;
    // Inline but large (4096 elements), and heap (> 4096 elements).
    square_64x64: [64, 64] + [64, 64] => [64, 64], both, 16;
    outer_64x1_64: [64, 1] + [64] => [64, 64], none, 16;
    heap_4097_1: [4097] + [1] => [4097], ab, 16;
    heap_6x1x6x1x6_6x1x6x1: [6, 1, 6, 1, 6] + [6, 1, 6, 1] => [6, 6, 6, 6, 6], none, 8;
    heap_8x1024_1024: [8, 1024] + [1024] => [8, 1024], ab, 8;
    heap_4096x2_2: [4096, 2] + [2] => [4096, 2], ab, 8;
    big_1536_1x1536: [1536] + [1, 1536] => [1, 1536], ba, 16;
    big_3x1x1536_2x1: [3, 1, 1536] + [2, 1] => [3, 2, 1536], none, 4;
    big_2x1x4096_3x1: [2, 1, 4096] + [3, 1] => [2, 3, 4096], none, 4;
    heap_256x1_1x256: [256, 1] + [1, 256] => [256, 256], none, 4;
    heap_64x32x8x5_32x8x1: [64, 32, 8, 5] + [32, 8, 1] => [64, 32, 8, 5], ab, 4;
}
