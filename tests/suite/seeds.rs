//! The static-shape examples of the tutorials (the guide's rules chapter, section 7) and
//! of the guide's rules chapter, with the values the seeds print.
//!
//! Every expected value below is a literal copied from a seed's printed
//! output (or, for the shape tables, a shape copied from the table); nothing
//! is computed by the crate under test.

// The reference operator impls (`&x + &y`) are under test even though small
// tensors are `Copy`.
#![allow(clippy::op_ref)]

use shaped::{Shape, Tensor, shape};

/// Checks shape, rank, element count and the row-major elements of `t`, both
/// through `as_slice`/`to_vec` and element by element through `get` with a
/// multi-index unravelled here.
fn check<S: Shape>(t: &Tensor<i64, S>, dims: &[usize], expect: &[i64]) {
    assert_eq!(&*t.shape(), dims, "shape");
    assert_eq!(t.rank(), dims.len(), "rank");
    assert_eq!(t.numel(), expect.len(), "numel");
    assert_eq!(t.as_slice(), expect, "as_slice");
    assert_eq!(t.to_vec(), expect, "to_vec");
    let mut index = vec![0usize; dims.len()];
    for (flat, want) in expect.iter().enumerate() {
        let mut rest = flat;
        for k in (0..dims.len()).rev() {
            index[k] = rest % dims[k];
            rest /= dims[k];
        }
        assert_eq!(t.get(&index), Some(want), "get({index:?})");
    }
}

// ---------------------------------------------------------------------------
// Shape tables: seeds 000, 002, 003 and the rules chapter's section 1 (compatible rows).
// ---------------------------------------------------------------------------

/// `a + b` and `b + a` for `a` of shape `$a` filled with 1 and `b` of shape
/// `$b` filled with 10: the result has the annotated type `shape![$r..]`, the
/// runtime shape `[$r..]` and every element 11; same for `-` (`1 - 10` is
/// `-9` and `10 - 1` is `9`) and on references.
macro_rules! shape_row {
    ($(#[$m:meta])* $name:ident: [$($a:expr),*] + [$($b:expr),*] => [$($r:expr),*]) => {
        $(#[$m])*
        #[test]
        fn $name() {
            let dims: &[usize] = &[$($r),*];
            let numel: usize = dims.iter().product();
            let a = Tensor::<i64, shape![$($a),*]>::ones();
            let b = Tensor::<i64, shape![$($b),*]>::full(10);

            let ab: Tensor<i64, shape![$($r),*]> = a.clone() + b.clone();
            check(&ab, dims, &vec![11; numel]);
            let ba: Tensor<i64, shape![$($r),*]> = b.clone() + a.clone();
            check(&ba, dims, &vec![11; numel]);
            let ab: Tensor<i64, shape![$($r),*]> = &a - &b;
            check(&ab, dims, &vec![-9; numel]);
            let ba: Tensor<i64, shape![$($r),*]> = &b - &a;
            check(&ba, dims, &vec![9; numel]);
            let ab: Tensor<i64, shape![$($r),*]> = a.clone() * &b;
            check(&ab, dims, &vec![10; numel]);
            let ba: Tensor<i64, shape![$($r),*]> = &b / a.clone();
            check(&ba, dims, &vec![10; numel]);
        }
    };
}

// Seed 000 (Italian).
shape_row!(
    /// Seed 000: `a.shape = [4, 3]`, `b.shape = [1, 3]`, `c.shape = [4, 3]`.
    seed000_4x3_plus_1x3: [4, 3] + [1, 3] => [4, 3]
);
shape_row!(
    /// Seed 000: `x(5,3,4,1)` and `y(3,1,1)` are broadcastable.
    seed000_5x3x4x1_plus_3x1x1: [5, 3, 4, 1] + [3, 1, 1] => [5, 3, 4, 1]
);
shape_row!(
    /// Seed 000: `x(5,1,4,1) + y(3,1,2)` gives `s.shape = [5,3,4,2]`.
    seed000_5x1x4x1_plus_3x1x2: [5, 1, 4, 1] + [3, 1, 2] => [5, 3, 4, 2]
);
shape_row!(
    /// Seed 000: `y[None, :]` has shape `[1, 3, 1, 2]`; adding it explicitly
    /// padded gives the same result as the implicit padding.
    seed000_5x1x4x1_plus_1x3x1x2: [5, 1, 4, 1] + [1, 3, 1, 2] => [5, 3, 4, 2]
);

// Seed 002 (Japanese) table; rows marked バツ are compile-fail cases.
shape_row!(
    /// Seed 002: `(4, 1) + (1) -> (4, 1)`.
    seed002_4x1_plus_1: [4, 1] + [1] => [4, 1]
);
shape_row!(
    /// Seed 002: `(4, 1) + (3,) -> (4, 3)`.
    seed002_4x1_plus_3: [4, 1] + [3] => [4, 3]
);
shape_row!(
    /// Seed 002: `(2, 3, 4) + (1, 4) -> (2, 3, 4)`.
    seed002_2x3x4_plus_1x4: [2, 3, 4] + [1, 4] => [2, 3, 4]
);
shape_row!(
    /// Seed 002: `(2, 3, 4) + (3, 1) -> (2, 3, 4)`.
    seed002_2x3x4_plus_3x1: [2, 3, 4] + [3, 1] => [2, 3, 4]
);
shape_row!(
    /// Seed 002: `(2, 3, 4) + (2, 1, 1) -> (2, 3, 4)`.
    seed002_2x3x4_plus_2x1x1: [2, 3, 4] + [2, 1, 1] => [2, 3, 4]
);
shape_row!(
    /// Seed 002: `(4, 3) + (3,) -> (4, 3)` (and the duplicate row `(4, 3) + (3)`).
    seed002_4x3_plus_3: [4, 3] + [3] => [4, 3]
);
shape_row!(
    /// Seed 002 (quoting the PyTorch docs): `x(5,7,3)` and `y(5,7,3)`, the same
    /// shape, always broadcast.
    seed002_5x7x3_plus_5x7x3: [5, 7, 3] + [5, 7, 3] => [5, 7, 3]
);
shape_row!(
    /// Seed 002 backwards compatibility: `torch.add(torch.ones(4,1),
    /// torch.randn(4))` is now `[4, 4]`, no longer `[4, 1]`.
    seed002_legacy_4x1_plus_4: [4, 1] + [4] => [4, 4]
);

// Seed 003 (Chinese), example 1.
shape_row!(
    /// Seed 003 example 1: `x(5,1,4,1) + y(3,1,1)` has size `[5, 3, 4, 1]`.
    seed003_5x1x4x1_plus_3x1x1: [5, 1, 4, 1] + [3, 1, 1] => [5, 3, 4, 1]
);
shape_row!(
    /// Seed 003 example 1: `x(1) + y(3,1,7)` has size `[3, 1, 7]`.
    seed003_1_plus_3x1x7: [1] + [3, 1, 7] => [3, 1, 7]
);

// Seed 004 (section 1): X (64, 32, 8, 5) and Y (32, 8, 1) are broadcastable.
shape_row!(
    /// Seed 004: `X(64, 32, 8, 5) + Y(32, 8, 1)` (heap-sized result).
    seed004_64x32x8x5_plus_32x8x1: [64, 32, 8, 5] + [32, 8, 1] => [64, 32, 8, 5]
);

// The rules chapter's example table (section 1) (compatible rows not already above).
shape_row!(
    /// Rules chapter, section 1: `[1, 3, 2] + [2, 3, 1] = [2, 3, 2]`.
    semantics_1x3x2_plus_2x3x1: [1, 3, 2] + [2, 3, 1] => [2, 3, 2]
);

// The rules chapter's edge cases (section 1): rank 0 and size 0.
shape_row!(
    /// Rules chapter, section 1: `[] + [3, 4]` is `[3, 4]`.
    semantics_rank0_plus_3x4: [] + [3, 4] => [3, 4]
);
shape_row!(
    /// Rules chapter, section 1: `[] + []` is `[]`.
    semantics_rank0_plus_rank0: [] + [] => []
);
shape_row!(
    /// Rules chapter, section 1: `[0] + [1]` is `[0]`.
    semantics_0_plus_1: [0] + [1] => [0]
);
shape_row!(
    /// Rules chapter, section 1: `[1, 0] + [0, 1]` is `[0, 0]`.
    semantics_1x0_plus_0x1: [1, 0] + [0, 1] => [0, 0]
);
shape_row!(
    /// Rules chapter, section 1: 0 pairs with 0.
    semantics_0_plus_0: [0] + [0] => [0]
);

#[test]
fn rank0_scalar_values() {
    // [] + [3, 4] with values: the scalar is added to every element.
    let s = Tensor::<i64, shape![]>::full(100);
    assert_eq!(s.rank(), 0);
    assert_eq!(s.numel(), 1);
    assert_eq!(s.as_slice(), &[100]);
    assert_eq!(s.get(&[]), Some(&100));
    assert_eq!(s[[]], 100);
    let m = Tensor::<i64, shape![3, 4]>::arange();
    let r: Tensor<i64, shape![3, 4]> = s + m;
    check(
        &r,
        &[3, 4],
        &[100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111],
    );
    let r: Tensor<i64, shape![3, 4]> = m - s;
    check(
        &r,
        &[3, 4],
        &[-100, -99, -98, -97, -96, -95, -94, -93, -92, -91, -90, -89],
    );
    let r: Tensor<i64, shape![]> = s * Tensor::<i64, shape![]>::full(3);
    check(&r, &[], &[300]);
}

// ---------------------------------------------------------------------------
// Seed 003, examples 2 to 8: element values.
// ---------------------------------------------------------------------------

/// Seed 003, example 2: `x = arange(0,24).reshape(2,4,3)`,
/// `y = arange(0,3).reshape(1,3)`, `z = x + y`.
#[test]
fn seed003_example2() {
    #[rustfmt::skip]
    const X: [i64; 24] = [
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
        12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
    ];
    const Y: [i64; 3] = [0, 1, 2];
    #[rustfmt::skip]
    const Z: [i64; 24] = [
        0, 2, 4, 3, 5, 7, 6, 8, 10, 9, 11, 13,
        12, 14, 16, 15, 17, 19, 18, 20, 22, 21, 23, 25,
    ];
    let x = Tensor::<i64, shape![2, 4, 3]>::arange();
    let y = Tensor::<i64, shape![1, 3]>::arange();
    check(&x, &[2, 4, 3], &X);
    check(&y, &[1, 3], &Y);
    let z: Tensor<i64, shape![2, 4, 3]> = x + y;
    check(&z, &[2, 4, 3], &Z);
    let z: Tensor<i64, shape![2, 4, 3]> = &y + &x;
    check(&z, &[2, 4, 3], &Z);
    assert_eq!(z[[1, 3, 2]], 25);
    assert_eq!(z[[0, 1, 0]], 3);
}

/// Seed 003, example 3: `x = arange(0,24).reshape(2,4,3)`,
/// `y = arange(0,4).reshape(4,1)`.
#[test]
fn seed003_example3() {
    #[rustfmt::skip]
    const X: [i64; 24] = [
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
        12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
    ];
    const Y: [i64; 4] = [0, 1, 2, 3];
    #[rustfmt::skip]
    const Z: [i64; 24] = [
        0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14,
        12, 13, 14, 16, 17, 18, 20, 21, 22, 24, 25, 26,
    ];
    let x = Tensor::<i64, shape![2, 4, 3]>::arange();
    let y = Tensor::<i64, shape![4, 1]>::arange();
    check(&x, &[2, 4, 3], &X);
    check(&y, &[4, 1], &Y);
    let z: Tensor<i64, shape![2, 4, 3]> = x + y;
    check(&z, &[2, 4, 3], &Z);
    let z: Tensor<i64, shape![2, 4, 3]> = y + &x;
    check(&z, &[2, 4, 3], &Z);
}

#[rustfmt::skip]
const X48: [i64; 48] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
    24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
];

/// Seed 003, example 4: `x = arange(0,48).reshape(2,4,3,2)`,
/// `y = arange(0,3).reshape(3,1)`.
#[test]
fn seed003_example4() {
    const Y: [i64; 3] = [0, 1, 2];
    #[rustfmt::skip]
    const Z: [i64; 48] = [
        0, 1, 3, 4, 6, 7, 6, 7, 9, 10, 12, 13, 12, 13, 15, 16, 18, 19, 18, 19, 21, 22, 24, 25,
        24, 25, 27, 28, 30, 31, 30, 31, 33, 34, 36, 37, 36, 37, 39, 40, 42, 43, 42, 43, 45, 46, 48, 49,
    ];
    let x = Tensor::<i64, shape![2, 4, 3, 2]>::arange();
    let y = Tensor::<i64, shape![3, 1]>::arange();
    check(&x, &[2, 4, 3, 2], &X48);
    check(&y, &[3, 1], &Y);
    let z: Tensor<i64, shape![2, 4, 3, 2]> = x + y;
    check(&z, &[2, 4, 3, 2], &Z);
    let z: Tensor<i64, shape![2, 4, 3, 2]> = &y + x;
    check(&z, &[2, 4, 3, 2], &Z);
}

/// Seed 003, example 5: `x = arange(0,48).reshape(2,4,3,2)`,
/// `y = arange(0,8).reshape(4,1,2)`.
#[test]
fn seed003_example5() {
    const Y: [i64; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
    #[rustfmt::skip]
    const Z: [i64; 48] = [
        0, 2, 2, 4, 4, 6, 8, 10, 10, 12, 12, 14, 16, 18, 18, 20, 20, 22, 24, 26, 26, 28, 28, 30,
        24, 26, 26, 28, 28, 30, 32, 34, 34, 36, 36, 38, 40, 42, 42, 44, 44, 46, 48, 50, 50, 52, 52, 54,
    ];
    let x = Tensor::<i64, shape![2, 4, 3, 2]>::arange();
    let y = Tensor::<i64, shape![4, 1, 2]>::arange();
    check(&x, &[2, 4, 3, 2], &X48);
    check(&y, &[4, 1, 2], &Y);
    let z: Tensor<i64, shape![2, 4, 3, 2]> = x + y;
    check(&z, &[2, 4, 3, 2], &Z);
    let z: Tensor<i64, shape![2, 4, 3, 2]> = &y + &x;
    check(&z, &[2, 4, 3, 2], &Z);
}

/// Seed 003, example 6: `x = arange(0,48).reshape(2,4,3,2)`,
/// `y = arange(2,4).reshape(1,1,2)`.
#[test]
fn seed003_example6() {
    const Y: [i64; 2] = [2, 3];
    #[rustfmt::skip]
    const Z: [i64; 48] = [
        2, 4, 4, 6, 6, 8, 8, 10, 10, 12, 12, 14, 14, 16, 16, 18, 18, 20, 20, 22, 22, 24, 24, 26,
        26, 28, 28, 30, 30, 32, 32, 34, 34, 36, 36, 38, 38, 40, 40, 42, 42, 44, 44, 46, 46, 48, 48, 50,
    ];
    let x = Tensor::<i64, shape![2, 4, 3, 2]>::arange();
    let y = Tensor::<i64, shape![1, 1, 2]>::from_fn(|i| i as i64 + 2);
    check(&x, &[2, 4, 3, 2], &X48);
    check(&y, &[1, 1, 2], &Y);
    // arange(2, 4) written as arange + scalar gives the same tensor.
    let y2 = Tensor::<i64, shape![1, 1, 2]>::arange() + 2;
    check(&y2, &[1, 1, 2], &Y);
    let z: Tensor<i64, shape![2, 4, 3, 2]> = x + y;
    check(&z, &[2, 4, 3, 2], &Z);
    let z: Tensor<i64, shape![2, 4, 3, 2]> = y2 + x;
    check(&z, &[2, 4, 3, 2], &Z);
}

/// Seed 003, example 7: `x = arange(0,48).reshape(2,4,3,2)`,
/// `y = arange(2,8).reshape(2,1,3,1)`.
#[test]
fn seed003_example7() {
    const Y: [i64; 6] = [2, 3, 4, 5, 6, 7];
    #[rustfmt::skip]
    const Z: [i64; 48] = [
        2, 3, 5, 6, 8, 9, 8, 9, 11, 12, 14, 15, 14, 15, 17, 18, 20, 21, 20, 21, 23, 24, 26, 27,
        29, 30, 32, 33, 35, 36, 35, 36, 38, 39, 41, 42, 41, 42, 44, 45, 47, 48, 47, 48, 50, 51, 53, 54,
    ];
    let x = Tensor::<i64, shape![2, 4, 3, 2]>::arange();
    let y = Tensor::<i64, shape![2, 1, 3, 1]>::from_fn(|i| i as i64 + 2);
    check(&x, &[2, 4, 3, 2], &X48);
    check(&y, &[2, 1, 3, 1], &Y);
    let y2 = 2 + Tensor::<i64, shape![2, 1, 3, 1]>::arange();
    check(&y2, &[2, 1, 3, 1], &Y);
    let z: Tensor<i64, shape![2, 4, 3, 2]> = x + y;
    check(&z, &[2, 4, 3, 2], &Z);
    let z: Tensor<i64, shape![2, 4, 3, 2]> = &y2 + &x;
    check(&z, &[2, 4, 3, 2], &Z);
}

/// Seed 003, example 8: `x = arange(0,24).reshape(2,4,3,1)`,
/// `y = arange(0,12).reshape(2,1,3,2)`: both operands stretch.
#[test]
fn seed003_example8() {
    #[rustfmt::skip]
    const X: [i64; 24] = [
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
        12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
    ];
    const Y: [i64; 12] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    #[rustfmt::skip]
    const Z: [i64; 48] = [
        0, 1, 3, 4, 6, 7, 3, 4, 6, 7, 9, 10, 6, 7, 9, 10, 12, 13, 9, 10, 12, 13, 15, 16,
        18, 19, 21, 22, 24, 25, 21, 22, 24, 25, 27, 28, 24, 25, 27, 28, 30, 31, 27, 28, 30, 31, 33, 34,
    ];
    let x = Tensor::<i64, shape![2, 4, 3, 1]>::arange();
    let y = Tensor::<i64, shape![2, 1, 3, 2]>::arange();
    check(&x, &[2, 4, 3, 1], &X);
    check(&y, &[2, 1, 3, 2], &Y);
    let z: Tensor<i64, shape![2, 4, 3, 2]> = x + y;
    check(&z, &[2, 4, 3, 2], &Z);
    let z: Tensor<i64, shape![2, 4, 3, 2]> = y + x;
    check(&z, &[2, 4, 3, 2], &Z);
}

// ---------------------------------------------------------------------------
// Seed 001 (English): `a + b` examples, with `b = [1, 2]` (see the guide's rules chapter, section 7).
// ---------------------------------------------------------------------------

/// `a = torch.arange(4).reshape(2,2)`.
fn seed001_a() -> Tensor<i64, shape![2, 2]> {
    let a = Tensor::<i64, shape![2, 2]>::arange();
    check(&a, &[2, 2], &[0, 1, 2, 3]);
    a
}

/// `a + b[:, None]` -> `[[1, 2], [4, 5]]`.
#[test]
fn seed001_add_column() {
    let a = seed001_a();
    let b_col = Tensor::<i64, shape![2, 1]>::from_slice(&[1, 2]).unwrap();
    check(&b_col, &[2, 1], &[1, 2]);
    let c: Tensor<i64, shape![2, 2]> = a + b_col;
    check(&c, &[2, 2], &[1, 2, 4, 5]);
    let c: Tensor<i64, shape![2, 2]> = &b_col + &a;
    check(&c, &[2, 2], &[1, 2, 4, 5]);
}

/// `a + b[None]` -> `[[1, 3], [3, 5]]`.
#[test]
fn seed001_add_row() {
    let a = seed001_a();
    let b_row = Tensor::<i64, shape![1, 2]>::from_slice(&[1, 2]).unwrap();
    check(&b_row, &[1, 2], &[1, 2]);
    let c: Tensor<i64, shape![2, 2]> = a + b_row;
    check(&c, &[2, 2], &[1, 3, 3, 5]);
    let c: Tensor<i64, shape![2, 2]> = b_row + a;
    check(&c, &[2, 2], &[1, 3, 3, 5]);
}

/// `a + b` with `b` 1-D -> `[[1, 3], [3, 5]]` (padded as a row).
#[test]
fn seed001_add_vector() {
    let a = seed001_a();
    let b = Tensor::<i64, shape![2]>::from_slice(&[1, 2]).unwrap();
    check(&b, &[2], &[1, 2]);
    let c: Tensor<i64, shape![2, 2]> = a + b;
    check(&c, &[2, 2], &[1, 3, 3, 5]);
    let c: Tensor<i64, shape![2, 2]> = &b + a;
    check(&c, &[2, 2], &[1, 3, 3, 5]);
}

/// `A = arange(6).reshape(1,3,2)`, `B = arange(6).reshape(2,3,1)`, `A + B`.
#[test]
fn seed001_a132_plus_b231() {
    let a = Tensor::<i64, shape![1, 3, 2]>::arange();
    check(&a, &[1, 3, 2], &[0, 1, 2, 3, 4, 5]);
    let b = Tensor::<i64, shape![2, 3, 1]>::arange();
    check(&b, &[2, 3, 1], &[0, 1, 2, 3, 4, 5]);
    const AB: [i64; 12] = [0, 1, 3, 4, 6, 7, 3, 4, 6, 7, 9, 10];
    let c: Tensor<i64, shape![2, 3, 2]> = a + b;
    check(&c, &[2, 3, 2], &AB);
    let c: Tensor<i64, shape![2, 3, 2]> = &b + &a;
    check(&c, &[2, 3, 2], &AB);
}

/// `B = arange(6).reshape(2, 2, 1)` fails: `shape '[2, 2, 1]' is invalid for
/// input of size 6`.
#[test]
fn seed001_reshape_error() {
    let err = Tensor::<i64, shape![2, 2, 1]>::from_slice(&[0, 1, 2, 3, 4, 5]).unwrap_err();
    assert_eq!(
        err.to_string().lines().next().unwrap(),
        "shape '[2, 2, 1]' is invalid for input of size 6"
    );
}

/// `tensor([[1,2]]) + tensor([[1], [2]])` -> `[[2, 3], [3, 4]]`.
#[test]
fn seed001_row_plus_column() {
    let row = Tensor::<i64, shape![1, 2]>::from_slice(&[1, 2]).unwrap();
    let col = Tensor::<i64, shape![2, 1]>::from_slice(&[1, 2]).unwrap();
    let c: Tensor<i64, shape![2, 2]> = row + col;
    check(&c, &[2, 2], &[2, 3, 3, 4]);
    let c: Tensor<i64, shape![2, 2]> = col + row;
    check(&c, &[2, 2], &[2, 3, 3, 4]);
}

/// The 3-D example: `A (2, 2, 1) = [[[1], [2]], [[3], [4]]]`,
/// `B (1, 2, 2) = [[[1, 2], [2, 3]]]`, `A + B` ->
/// `[[[2, 3], [4, 5]], [[4, 5], [6, 7]]]`.
#[test]
fn seed001_3d() {
    let a = Tensor::<i64, shape![2, 2, 1]>::from_slice(&[1, 2, 3, 4]).unwrap();
    let b = Tensor::<i64, shape![1, 2, 2]>::from_slice(&[1, 2, 2, 3]).unwrap();
    let c: Tensor<i64, shape![2, 2, 2]> = a + b;
    check(&c, &[2, 2, 2], &[2, 3, 4, 5, 4, 5, 6, 7]);
    let c: Tensor<i64, shape![2, 2, 2]> = &b + a;
    check(&c, &[2, 2, 2], &[2, 3, 4, 5, 4, 5, 6, 7]);
}

/// The practical example: `(value - mean) / std` with `value` of shape
/// `[4, 3, 3]` and `mean`, `std` of shape `[4, 1, 1]`. The inputs are the
/// seed's printed (rounded to 4 decimals) values, so the result matches the
/// printed output to about 1e-3.
#[test]
fn seed001_standardize() {
    #[rustfmt::skip]
    let value = Tensor::<f64, shape![4, 3, 3]>::from_slice(&[
        12.8460, 11.6038, 8.2267, 13.3707, 13.0595, 9.3532, 10.6257, 10.8800, 5.5372,
        102.3054, 98.2987, 89.9491, 103.9013, 98.5896, 98.1971, 106.4493, 98.1544, 96.3743,
        501.0322, 499.2918, 504.5105, 496.8454, 498.7290, 499.3281, 499.4231, 504.0831, 499.4671,
        997.9377, 1001.2782, 1005.9980, 999.5461, 1001.3517, 997.5663, 1003.1572, 999.6476, 1001.6178,
    ])
    .unwrap();
    let mean = Tensor::<f64, shape![4, 1, 1]>::from_slice(&[10.6114, 99.1355, 500.3011, 1000.9001])
        .unwrap();
    let std =
        Tensor::<f64, shape![4, 1, 1]>::from_slice(&[2.5660, 4.7580, 2.5100, 2.6277]).unwrap();
    #[rustfmt::skip]
    const EXPECT: [f64; 36] = [
        0.8708, 0.3867, -0.9293, 1.0753, 0.9540, -0.4904, 0.0056, 0.1047, -1.9775,
        0.6662, -0.1759, -1.9307, 1.0016, -0.1147, -0.1972, 1.5372, -0.2062, -0.5803,
        0.2912, -0.4021, 1.6770, -1.3768, -0.6263, -0.3877, -0.3498, 1.5068, -0.3323,
        -1.1274, 0.1439, 1.9401, -0.5153, 0.1719, -1.2687, 0.8590, -0.4767, 0.2731,
    ];
    let z: Tensor<f64, shape![4, 3, 3]> = (&value - &mean) / &std;
    assert_eq!(&*z.shape(), &[4, 3, 3]);
    for (i, (&got, &want)) in z.as_slice().iter().zip(EXPECT.iter()).enumerate() {
        assert!(
            (got - want).abs() < 1e-3,
            "element {i}: got {got}, want {want}"
        );
    }
    assert_eq!(z.numel(), EXPECT.len());
}

// ---------------------------------------------------------------------------
// In-place (seed 002): `x(5,3,4,1).add_(y(3,1,1))` keeps `[5, 3, 4, 1]`.
// ---------------------------------------------------------------------------

#[test]
fn seed002_inplace_5x3x4x1_add_3x1x1() {
    let y = Tensor::<i64, shape![3, 1, 1]>::from_slice(&[100, 200, 300]).unwrap();
    let mut x = Tensor::<i64, shape![5, 3, 4, 1]>::arange();
    x += y;
    // Element [i, j, k, 0] is its flat index plus y[j], i.e. 100 * (j + 1).
    let mut expect = Vec::new();
    for i in 0..5 {
        for j in 0..3 {
            for k in 0..4 {
                expect.push((i * 12 + j * 4 + k) as i64 + 100 * (j as i64 + 1));
            }
        }
    }
    check(&x, &[5, 3, 4, 1], &expect);
    assert_eq!(x[[0, 0, 0, 0]], 100);
    assert_eq!(x[[0, 1, 0, 0]], 204);
    assert_eq!(x[[4, 2, 3, 0]], 59 + 300);

    // The other in-place operators, on references, undo / scale it.
    x -= &y;
    check(&x, &[5, 3, 4, 1], &(0..60).collect::<Vec<i64>>());
    let two = Tensor::<i64, shape![3, 1, 1]>::from_slice(&[1, 2, 3]).unwrap();
    x *= two;
    let scaled: Vec<i64> = (0..60).map(|f| f * (f / 4 % 3 + 1)).collect();
    check(&x, &[5, 3, 4, 1], &scaled);
    x /= &two;
    check(&x, &[5, 3, 4, 1], &(0..60).collect::<Vec<i64>>());
    x %= Tensor::<i64, shape![3, 1, 1]>::from_slice(&[7, 7, 7]).unwrap();
    check(
        &x,
        &[5, 3, 4, 1],
        &(0..60).map(|f| f % 7).collect::<Vec<i64>>(),
    );
}

/// `[4, 1] += [1]` and `[4, 3] += [3]` from seed 002's table also fit in place.
#[test]
fn seed002_inplace_table_rows() {
    let mut a = Tensor::<i64, shape![4, 1]>::arange();
    a += Tensor::<i64, shape![1]>::full(10);
    check(&a, &[4, 1], &[10, 11, 12, 13]);
    let mut b = Tensor::<i64, shape![4, 3]>::arange();
    b += Tensor::<i64, shape![3]>::from_slice(&[100, 200, 300]).unwrap();
    check(
        &b,
        &[4, 3],
        &[100, 201, 302, 103, 204, 305, 106, 207, 308, 109, 210, 311],
    );
    let mut c = Tensor::<i64, shape![2, 3, 4]>::zeros();
    c += Tensor::<i64, shape![2, 1, 1]>::from_slice(&[1, 2]).unwrap();
    let mut expect = vec![1; 12];
    expect.extend(vec![2; 12]);
    check(&c, &[2, 3, 4], &expect);
}

/// `t[[i, j]]` and `t.get(..)` on seed 001's `a = arange(4).reshape(2, 2)`:
/// row-major, `None` for a wrong rank or an out-of-range index.
#[test]
fn seed001_indexing() {
    let a = seed001_a();
    assert_eq!(a[[0, 0]], 0);
    assert_eq!(a[[0, 1]], 1);
    assert_eq!(a[[1, 0]], 2);
    assert_eq!(a[[1, 1]], 3);
    assert_eq!(a.get(&[1, 0]), Some(&2));
    assert_eq!(a.get(&[2, 0]), None);
    assert_eq!(a.get(&[0, 2]), None);
    assert_eq!(a.get(&[0]), None);
    assert_eq!(a.get(&[0, 0, 0]), None);
}

#[test]
#[should_panic]
fn seed001_index_out_of_range_panics() {
    let a = seed001_a();
    let _ = a[[0, 2]];
}
