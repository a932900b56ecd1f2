//! `dim!`/`shape!` classify a literal size while expanding and any other
//! expression through a const function; both must give the same type.

// `Dyn` is imported for `shape![Dyn, ..]` alone: the expansion must use it.
#![deny(unused_imports)]

use core::any::TypeId;
use shaped::{Big, D, D1, Dyn, Layout, Shape, dim, dim_names, shape};

/// `dim!` of a literal against `dim!` of the same value in braces (an
/// expression, so the const-function path).
macro_rules! same_type {
    ($($n:tt),*) => {$(
        assert_eq!(
            TypeId::of::<dim!($n)>(),
            TypeId::of::<dim!({ $n })>(),
            "dim!({}) differs between the literal and the expression path",
            stringify!($n)
        );
    )*};
}

#[test]
fn literal_and_expression_paths_agree() {
    same_type!(
        0, 1, 2, 3, 1023, 1024, 1025, 4096, 1_000, 3usize, 0x10, 1_048_576
    );
    const BATCH: usize = 64;
    assert_eq!(TypeId::of::<dim!(BATCH)>(), TypeId::of::<D<64>>());
}

#[test]
fn literals_pick_the_dimension_type() {
    assert_eq!(TypeId::of::<dim!(1)>(), TypeId::of::<D1>());
    assert_eq!(TypeId::of::<dim!(0)>(), TypeId::of::<D<0>>());
    assert_eq!(TypeId::of::<dim!(1024)>(), TypeId::of::<D<1024>>());
    assert_eq!(TypeId::of::<dim!(1025)>(), TypeId::of::<Big<1025>>());
    assert_eq!(TypeId::of::<dim!(Dyn)>(), TypeId::of::<Dyn>());
    assert_eq!(
        <shape![2, 1, 1025] as Shape>::DIMS.as_slice(),
        &[2, 1, 1025]
    );
}

#[test]
fn named_literals_and_expressions_agree() {
    dim_names!(B, H, W, C);
    const ONE: usize = 1;
    const HEIGHT: usize = 256;
    const WIDTH: usize = 384;
    const WIDE: usize = 2048;
    assert_eq!(
        TypeId::of::<shape![B: 1, H: 256, W: 384, C: 2048]>(),
        TypeId::of::<shape![B: ONE, H: HEIGHT, W: WIDTH, C: WIDE]>()
    );
}

#[test]
fn dyn_is_the_callers_dyn() {
    type M = shape![Dyn, 3];
    assert_eq!(<M as Layout>::TEMPLATE.as_slice(), &[usize::MAX, 3]);
}

/// The largest of two sizes: a size written with a turbofish of two
/// generic arguments, whose comma is not the shape's.
const fn larger<const A: usize, const B: usize>() -> usize {
    if A > B { A } else { B }
}

mod sizes {
    pub const TWO: usize = 2;
}

#[test]
fn shape_items_split_as_rust_parses_them() {
    use shaped::Cons;
    fn same<A: 'static, B: 'static>() -> bool {
        TypeId::of::<A>() == TypeId::of::<B>()
    }
    // A turbofish's comma and a path's `::` belong to the size.
    assert!(same::<shape![larger::<2, 3>(), 4], shape![3, 4]>());
    assert!(same::<shape![sizes::TWO, 5], shape![2, 5]>());
    // A trailing comma, and the empty shape.
    assert!(same::<shape![4, 3,], shape![4, 3]>());
    assert!(same::<shape![], shaped::Nil>());
    // Longer than the flat aliases: the list itself.
    assert!(same::<
        shape![1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        Cons<D1, shape![2, 3, 4, 5, 6, 7, 8, 9, 10]>,
    >());
    assert_eq!(
        <shape![1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as Shape>::DIMS.as_slice(),
        &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    );
    // `Dyn` in any place makes the shape mixed; a name with one colon.
    assert_eq!(
        <shape![2, Dyn, 3] as Layout>::TEMPLATE.as_slice(),
        &[2, usize::MAX, 3]
    );
    const { assert!(!<shape![2, Dyn] as Layout>::STATIC) };
    dim_names!(H);
    assert!(same::<shape![H:4], shape![H: 4]>());
}

/// `Shape::SATURATING_NUMEL`, kept per dimension for the compiler's sake,
/// agrees with the product of the sizes: saturating at `usize::MAX`, and 0
/// as soon as any size is 0 (even after the product saturates).
#[test]
fn the_per_dimension_element_count_is_the_saturating_product() {
    fn product(dims: &[usize]) -> usize {
        if dims.contains(&0) {
            0
        } else {
            dims.iter().fold(1usize, |n, &d| n.saturating_mul(d))
        }
    }
    fn check<S: Shape>() {
        assert_eq!(
            S::SATURATING_NUMEL,
            product(S::DIMS.as_slice()),
            "{:?}",
            S::DIMS
        );
    }
    check::<shape![]>();
    check::<shape![1]>();
    check::<shape![2, 3, 4]>();
    check::<shape![4096, 1, 1025]>();
    check::<shape![3, 0, 5]>();
    check::<shape![4294967296, 4294967296, 7]>();
    check::<shape![0, 4294967296, 4294967296]>();
}
