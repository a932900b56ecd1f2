//! Small static tensors never allocate; large ones live on the heap and never
//! on the stack.
//!
//! Allocations are counted by the allocator of `common/counting_alloc.rs`.

use crate::counting_alloc;

use counting_alloc::{count_allocs, refusing_above};
use std::hint::black_box;

use shaped::{Tensor, shape};

/// `[4, 3]`: inline, under the 256-element unrolled threshold.
type M4x3 = Tensor<f32, shape![4, 3]>;
/// `[32, 32]`: inline (1024 elements, the largest inline size).
type M32x32 = Tensor<f32, shape![32, 32]>;
/// `[4096, 1024]`: 16 MiB, on the heap.
type Huge = Tensor<f32, shape![4096, 1024]>;

#[test]
fn counter_sees_allocations() {
    let (n, v) = count_allocs(|| black_box(vec![1u8; 100]));
    assert!(n >= 1, "the counter missed a Vec allocation");
    assert_eq!(v.len(), 100);
    let (n, _) = count_allocs(|| black_box(1 + 1));
    assert_eq!(n, 0);
}

#[test]
fn construction_does_not_allocate() {
    let (n, ts) = count_allocs(|| {
        let a = black_box(Tensor::<f32, shape![4, 3]>::zeros());
        let b = black_box(Tensor::<f32, shape![4, 3]>::ones());
        let c = black_box(Tensor::<f32, shape![4, 3]>::full(2.5));
        let d = black_box(Tensor::<f32, shape![4, 3]>::arange());
        let e = black_box(Tensor::<f32, shape![4, 3]>::from_fn(|i| i as f32 * 2.0));
        let f = black_box(
            Tensor::<f32, shape![4, 3]>::from_slice(&[
                0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0,
            ])
            .unwrap(),
        );
        let g = black_box(Tensor::<f32, shape![1, 3]>::arange());
        let h = black_box(Tensor::<f32, shape![]>::full(7.0));
        let i = black_box(Tensor::<f32, shape![0, 3]>::zeros());
        (a, b, c, d, e, f, g, h, i)
    });
    assert_eq!(n, 0, "constructing small static tensors allocated");
    let (a, b, c, d, e, f, g, h, i) = ts;
    assert_eq!(a.as_slice(), &[0.0; 12]);
    assert_eq!(b.as_slice(), &[1.0; 12]);
    assert_eq!(c.as_slice(), &[2.5; 12]);
    assert_eq!(
        d.as_slice(),
        &[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0]
    );
    assert_eq!(
        e.as_slice(),
        &[
            0.0, 2.0, 4.0, 6.0, 8.0, 10.0, 12.0, 14.0, 16.0, 18.0, 20.0, 22.0
        ]
    );
    assert_eq!(d, f);
    assert_eq!(g.as_slice(), &[0.0, 1.0, 2.0]);
    assert_eq!(h.as_slice(), &[7.0]);
    assert_eq!(i.numel(), 0);
}

#[test]
fn broadcast_binary_ops_do_not_allocate() {
    let a = M4x3::arange();
    let b = Tensor::<f32, shape![1, 3]>::from_slice(&[10.0, 20.0, 30.0]).unwrap();
    let (n, out) = count_allocs(|| {
        let by_value: M4x3 = black_box(a) + black_box(b);
        let by_ref: M4x3 = black_box(&a) + black_box(&b);
        let mixed1: M4x3 = black_box(a) - black_box(&b);
        let mixed2: M4x3 = black_box(&b) * black_box(a);
        let div: M4x3 = black_box(&a) / black_box(&b);
        let rem: M4x3 = black_box(&a) % black_box(&b);
        (by_value, by_ref, mixed1, mixed2, div, rem)
    });
    assert_eq!(n, 0, "[4, 3] op [1, 3] allocated");
    let (by_value, by_ref, mixed1, mixed2, div, rem) = out;
    let sum = [
        10.0, 21.0, 32.0, 13.0, 24.0, 35.0, 16.0, 27.0, 38.0, 19.0, 30.0, 41.0,
    ];
    assert_eq!(by_value.as_slice(), &sum);
    assert_eq!(by_ref.as_slice(), &sum);
    assert_eq!(
        mixed1.as_slice(),
        &[
            -10.0, -19.0, -28.0, -7.0, -16.0, -25.0, -4.0, -13.0, -22.0, -1.0, -10.0, -19.0
        ]
    );
    assert_eq!(
        mixed2.as_slice(),
        &[
            0.0, 20.0, 60.0, 30.0, 80.0, 150.0, 60.0, 140.0, 240.0, 90.0, 200.0, 330.0
        ]
    );
    assert_eq!(div[[3, 0]], 0.9);
    assert_eq!(div[[1, 2]], 5.0 / 30.0);
    assert_eq!(rem[[3, 2]], 11.0);
}

#[test]
fn in_place_scalar_and_unary_ops_do_not_allocate() {
    let b = Tensor::<f32, shape![1, 3]>::from_slice(&[10.0, 20.0, 30.0]).unwrap();
    let (n, out) = count_allocs(|| {
        let mut x = Tensor::<f32, shape![4, 3]>::arange();
        x += black_box(b);
        x += black_box(&b);
        x -= black_box(&b);
        x *= black_box(&b);
        x /= black_box(b);
        x %= black_box(Tensor::<f32, shape![3]>::full(100.0));
        let mut y = Tensor::<f32, shape![4, 3]>::ones();
        y += 1.0;
        y -= 0.5;
        y *= 4.0;
        y /= 2.0;
        y %= 2.0;
        let s1 = black_box(&x) * 2.0;
        let s2 = 2.0 * black_box(x);
        let s3 = black_box(&x) - 1.0;
        let s4 = 100.0 / black_box(&b);
        let s5 = 1.0 + black_box(b);
        let neg = -black_box(x);
        let neg_ref = -black_box(&b);
        (x, y, s1, s2, s3, s4, s5, neg, neg_ref)
    });
    assert_eq!(n, 0, "in-place, scalar or unary ops allocated");
    let (x, y, s1, s2, s3, s4, s5, neg, neg_ref) = out;
    // x = (arange + b) (rows: [10, 21, 32] + 3 * row) ... then % 100.
    let x_want = [
        10.0, 21.0, 32.0, 13.0, 24.0, 35.0, 16.0, 27.0, 38.0, 19.0, 30.0, 41.0,
    ];
    assert_eq!(x.as_slice(), &x_want);
    assert_eq!(y.as_slice(), &[1.0; 12]);
    assert_eq!(s1[[3, 2]], 82.0);
    assert_eq!(s2[[0, 1]], 42.0);
    assert_eq!(s3[[1, 0]], 12.0);
    assert_eq!(s4.as_slice(), &[10.0, 5.0, 100.0 / 30.0]);
    assert_eq!(s5.as_slice(), &[11.0, 21.0, 31.0]);
    assert_eq!(neg[[2, 1]], -27.0);
    assert_eq!(neg_ref.as_slice(), &[-10.0, -20.0, -30.0]);
}

#[test]
fn large_inline_ops_do_not_allocate() {
    // 1024 elements: the largest inline size, above the 256-element unrolled
    // path, so this runs the general kernel.
    let a = Tensor::<f32, shape![32, 32]>::ones();
    let b = Tensor::<f32, shape![32]>::arange();
    let (n, c) = count_allocs(|| {
        let mut c: M32x32 = black_box(&a) + black_box(&b);
        c *= black_box(&b);
        c
    });
    assert_eq!(n, 0, "[32, 32] + [32] allocated");
    assert_eq!(c[[0, 0]], 0.0);
    assert_eq!(c[[5, 3]], 12.0);
    assert_eq!(c[[31, 31]], 32.0 * 31.0);
}

#[test]
fn heap_tensors_do_allocate() {
    let (n, big) = count_allocs(|| black_box(Tensor::<f32, shape![4096, 1024]>::zeros()));
    assert!(n >= 1, "a 4096 x 1024 tensor must live on the heap");
    assert_eq!(big.numel(), 4096 * 1024);
    let v = Tensor::<f32, shape![1024]>::ones();
    let (n, sum) = count_allocs(|| black_box(&big) + black_box(&v));
    assert!(n >= 1, "the result of a heap-sized op must be allocated");
    assert_eq!(sum[[4095, 1023]], 1.0);
    // The tensor itself is a handle, not 16 MiB of inline data.
    assert!(std::mem::size_of::<Tensor<f32, shape![4096, 1024]>>() <= 64);
    // 4097 elements is already on the heap.
    let (n, t) = count_allocs(|| black_box(Tensor::<u8, shape![4097]>::zeros()));
    assert!(n >= 1, "a 4097-element tensor must live on the heap");
    assert_eq!(t.numel(), 4097);
}

#[test]
fn large_static_tensor_on_a_small_stack() {
    let handle = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let big = Tensor::<f32, shape![4096, 1024]>::ones();
            let row = Tensor::<f32, shape![1024]>::arange();
            let sum: Huge = &big + row;
            assert_eq!(sum[[0, 0]], 1.0);
            assert_eq!(sum[[4095, 1023]], 1024.0);
            assert_eq!(sum[[17, 5]], 6.0);
            let mut acc = sum.clone();
            acc += &row;
            acc *= 2.0;
            assert_eq!(acc[[100, 10]], 2.0 * (1.0 + 10.0 + 10.0));
            let neg = -acc;
            assert_eq!(neg[[4095, 0]], -2.0);
            let by_value: Huge = big + row;
            assert_eq!(by_value, sum);
            let filled = Tensor::<f32, shape![4096, 1024]>::from_fn(|i| (i % 7) as f32);
            assert_eq!(filled[[0, 8]], 1.0);
            drop(filled);
            sum.numel()
        })
        .expect("spawn a thread with a 256 KiB stack");
    assert_eq!(handle.join().expect("the thread panicked"), 4096 * 1024);
}

/// An owned `DynTensor` on the left whose shape is the result's lends its
/// storage: `(x - &mean) / &std`, `x * 2.0`, `-x` allocate nothing, and the
/// values are those of the borrowing forms.
#[test]
fn owned_dyn_operands_lend_their_buffer() {
    use shaped::DynTensor;
    let x = DynTensor::<f32>::arange(24).reshape(&[2, 3, 4]).unwrap();
    let mean = DynTensor::from_vec(vec![1.0f32, 2.0], &[2, 1, 1]).unwrap();
    let std = DynTensor::from_vec(vec![2.0f32, 4.0], &[2, 1, 1]).unwrap();
    let want = (&(&x - &mean) / &std) * 2.0;
    let want = -(&want);
    let owned = x.clone();
    let (n, got) = count_allocs(|| -(((owned - &mean) / &std) * 2.0));
    assert_eq!(
        n, 0,
        "an owned left operand of the result's shape allocated"
    );
    assert_eq!(got, want);
    // A left operand smaller than the result cannot lend: a new tensor.
    let (n, wide) = count_allocs(|| mean.clone() + &x);
    assert!(n >= 1);
    assert_eq!(wide, &mean + &x);
}

/// The inline capacity of a `DynTensor` (kept in step with
/// `src/tensor/buffer.rs`): runtime tensors of up to this many elements and
/// up to rank 8 live entirely inside the tensor.
const DYN_INLINE: usize = 16;

/// `[4, 3]`, `[1, 3]` and `[16]` runtime tensors and every operation on
/// them allocate nothing; the values are those of plain loops.
#[test]
fn small_dyn_tensors_do_not_allocate() {
    use shaped::{DynTensor, try_add_into};
    let av: Vec<f32> = (0..12).map(|i| i as f32).collect();
    let bv = vec![10.0f32, 20.0, 30.0];
    let a = DynTensor::from_vec(av.clone(), &[4, 3]).unwrap();
    let b = DynTensor::from_vec(bv.clone(), &[1, 3]).unwrap();
    let mut out = DynTensor::<f32>::zeros(&[4, 3]);
    let (n, got) = count_allocs(|| {
        let zeros = black_box(DynTensor::<f32>::zeros(&[2, 2]));
        let full = black_box(DynTensor::<f32>::full(&[DYN_INLINE], 2.5));
        let ar = black_box(DynTensor::<f32>::arange(DYN_INLINE));
        let sc = black_box(DynTensor::<f32>::scalar(4.0));
        let deep = black_box(DynTensor::<f32>::ones(&[1, 1, 1, 1, 1, 1, 2, 2]));
        let c = black_box(&a).clone();
        let sum = black_box(&a) + black_box(&b);
        let diff = black_box(&a).try_sub(black_box(&b)).unwrap();
        let quot = black_box(&b) / black_box(&a);
        let scaled = black_box(&a) * 2.0;
        let neg = -black_box(&b);
        let mapped = black_box(&a).map(|x| x * x);
        let deep_sum = &deep + &sc;
        try_add_into(black_box(&a), black_box(&b), &mut out).unwrap();
        let mut acc = black_box(&a).clone();
        acc += &b;
        acc -= 1.0;
        (
            zeros, full, ar, sc, c, sum, diff, quot, scaled, neg, mapped, deep_sum, acc,
        )
    });
    assert_eq!(n, 0, "small runtime tensors allocated");
    let (zeros, full, ar, sc, c, sum, diff, quot, scaled, neg, mapped, deep_sum, acc) = got;
    let at = |i: usize, j: usize| av[i * 3 + j];
    let each = |f: &dyn Fn(usize, usize) -> f32| -> Vec<f32> {
        (0..4)
            .flat_map(|i| (0..3).map(move |j| (i, j)))
            .map(|(i, j)| f(i, j))
            .collect()
    };
    assert_eq!(zeros.to_vec(), vec![0.0; 4]);
    assert_eq!(full.to_vec(), vec![2.5; DYN_INLINE]);
    assert_eq!(
        ar.to_vec(),
        (0..DYN_INLINE).map(|i| i as f32).collect::<Vec<_>>()
    );
    assert_eq!((sc.shape(), sc.to_vec()), (&[][..], vec![4.0]));
    assert_eq!(c.to_vec(), av);
    assert_eq!(sum.shape(), &[4, 3]);
    assert_eq!(sum.to_vec(), each(&|i, j| at(i, j) + bv[j]));
    assert_eq!(diff.to_vec(), each(&|i, j| at(i, j) - bv[j]));
    assert_eq!(quot.to_vec(), each(&|i, j| bv[j] / at(i, j)));
    assert_eq!(scaled.to_vec(), each(&|i, j| at(i, j) * 2.0));
    assert_eq!(neg.to_vec(), vec![-10.0, -20.0, -30.0]);
    assert_eq!(mapped.to_vec(), each(&|i, j| at(i, j) * at(i, j)));
    assert_eq!(
        (deep_sum.shape(), deep_sum.to_vec()),
        (&[1, 1, 1, 1, 1, 1, 2, 2][..], vec![5.0; 4])
    );
    assert_eq!(out.to_vec(), each(&|i, j| at(i, j) + bv[j]));
    assert_eq!(acc.to_vec(), each(&|i, j| at(i, j) + bv[j] - 1.0));
    // One element more than the inline size is on the heap.
    let (n, big) = count_allocs(|| black_box(DynTensor::<f32>::zeros(&[DYN_INLINE + 1])));
    assert!(n >= 1, "{} elements cannot be inline", DYN_INLINE + 1);
    assert_eq!(big.numel(), DYN_INLINE + 1);
}

/// An owned operand on the right whose shape is the result's lends its
/// storage too, with the operands in the right order for `-` and `/`.
#[test]
fn owned_dyn_right_operands_lend_their_buffer() {
    use shaped::DynTensor;
    let rows = vec![1.0f32, 2.0, 4.0];
    let m = DynTensor::from_vec(rows.clone(), &[3, 1]).unwrap();
    let xv: Vec<f32> = (0..3 * 40).map(|i| 1.0 + i as f32).collect();
    let x = DynTensor::from_vec(xv.clone(), &[3, 40]).unwrap();
    let (x1, x2, x3) = (x.clone(), x.clone(), x.clone());
    // `m.clone()`, of 3 elements, is inline: no allocation either.
    let (n, (d, q, s)) = count_allocs(|| (&m - x1, &m / x2, m.clone() + x3));
    assert_eq!(
        n, 0,
        "an owned right operand of the result's shape allocated"
    );
    let each = |f: &dyn Fn(f32, f32) -> f32| -> Vec<f32> {
        (0..3 * 40).map(|k| f(rows[k / 40], xv[k])).collect()
    };
    assert_eq!(d.to_vec(), each(&|m, x| m - x));
    assert_eq!(q.to_vec(), each(&|m, x| m / x));
    assert_eq!(s.to_vec(), each(&|m, x| m + x));
    // `into_map` works in place.
    let (n, sq) = count_allocs(|| x.clone().into_map(|v| v * v));
    assert_eq!(n, 1, "only the clone allocates");
    assert_eq!(sq.to_vec(), xv.iter().map(|v| v * v).collect::<Vec<_>>());
}

/// Static heap tensors lend their storage as runtime ones do: an owned
/// operand of the result's shape, on either side, and `into_map`, `* 2.0`,
/// `-x`.
#[test]
fn owned_static_heap_operands_lend_their_buffer() {
    type X = Tensor<f32, shape![64, 64]>; // 4096 elements: on the heap
    let xv: Vec<f32> = (0..64 * 64).map(|i| (i % 97) as f32).collect();
    let mv: Vec<f32> = (0..64).map(|i| i as f32).collect();
    let sv: Vec<f32> = (0..64).map(|i| 1.0 + i as f32 * 0.5).collect();
    let x = X::from_slice(&xv).unwrap();
    let mean = Tensor::<f32, shape![64, 1]>::from_slice(&mv).unwrap();
    let std = Tensor::<f32, shape![64, 1]>::from_slice(&sv).unwrap();
    let (x1, x2, x3) = (x.clone(), x.clone(), x.clone());
    let (x4, x5) = (x.clone(), x.clone());
    let (n, (norm, flipped, mapped, sum, product)) = count_allocs(|| {
        let norm: X = -(((x1 - mean) / std) * 2.0);
        let flipped: X = mean - x2; // lends the right operand
        let mapped = (2.0 * x3).into_map(|v| v + 1.0);
        // `+` and `*` commute: the right operand lends through the same
        // kernel as `x op= mean`.
        let sum: X = mean + x4;
        let product: X = std * x5;
        (norm, flipped, mapped, sum, product)
    });
    assert_eq!(
        n, 0,
        "owned heap static tensors of the result's shape allocated"
    );
    for k in [0, 1, 63, 64, 65, 2000, 4095] {
        let (r, v) = (k / 64, xv[k]);
        assert_eq!(norm.as_slice()[k], -((v - mv[r]) / sv[r] * 2.0));
        assert_eq!(flipped.as_slice()[k], mv[r] - v);
        assert_eq!(mapped.as_slice()[k], 2.0 * v + 1.0);
        assert_eq!(sum.as_slice()[k], mv[r] + v);
        assert_eq!(product.as_slice()[k], sv[r] * v);
    }
    // A borrowed left operand and a smaller owned right one: a new tensor.
    let (n, wide) = count_allocs(|| &x + mean);
    assert!(n >= 1);
    assert_eq!(wide.as_slice()[65], xv[65] + mv[1]);
}

/// Issue 20: static reductions, softmax and math compute on their own
/// storage: nothing allocated for small shapes (the results are inline),
/// one allocation (the result's) for a heap shape and for a mixed one.
#[test]
fn toolkit_allocates_only_the_result() {
    use shaped::{Axis, Dyn};
    let t = M4x3::arange();
    let (n, r) = count_allocs(|| {
        let a = black_box(&t).sum_over(Axis::<0>);
        let b = black_box(&t).mean_keepdim(Axis::<1>);
        let c = black_box(&t).std_over((Axis::<0>, Axis::<1>));
        let d = black_box(&t).argmax_over(Axis::<1>);
        let e = black_box(&t).softmax(Axis::<1>);
        let f = black_box(&t).exp().sigmoid().relu();
        let g = black_box(&t).logsumexp_over(Axis::<0>);
        (a, b, c, d, e, f, g)
    });
    assert_eq!(n, 0, "a small static reduction or math function allocated");
    assert_eq!(r.0.as_slice(), &[18.0, 22.0, 26.0]);
    assert_eq!(r.3.as_slice(), &[2, 2, 2, 2]);

    let huge = Huge::ones();
    let (n, s) = count_allocs(|| black_box(&huge).sum_over(Axis::<1>));
    assert_eq!(
        n, 1,
        "a heap static reduction allocated more than its result"
    );
    assert_eq!(s[[4095]], 1024.0);
    let mixed = Tensor::<f32, shape![Dyn, 1024]>::ones_sized(&[64]);
    let (n, m) = count_allocs(|| black_box(&mixed).mean_over(Axis::<0>));
    assert_eq!(n, 0, "a mixed reduction to a small static result allocated");
    assert_eq!(m.as_slice()[0], 1.0);
    let (n, _) = count_allocs(|| black_box(&mixed).sum_over(Axis::<1>));
    assert_eq!(n, 1, "a mixed reduction allocated more than its result");
    let (n, _) = count_allocs(|| black_box(&mixed).softmax(Axis::<1>));
    assert_eq!(n, 1, "a mixed softmax allocated more than its result");
}

/// Issue 58: results and lists of pieces whose size comes from the
/// caller are allocated fallibly. With every allocation over 1 GiB
/// refused (as an allocator out of memory refuses, whatever the machine's
/// overcommit policy), each `try_` form returns `TooLarge` and each
/// panicking form panics with its message instead of aborting the process.
#[test]
fn refused_allocations_of_the_split_repeat_unbind_family_are_errors() {
    use shaped::{DynTensor, ShapeErrorKind};
    use std::panic::{AssertUnwindSafe, catch_unwind};
    let too_large = |kind: Option<ShapeErrorKind>| assert_eq!(kind, Some(ShapeErrorKind::TooLarge));
    let panics = |f: &dyn Fn()| {
        let e = catch_unwind(AssertUnwindSafe(f)).expect_err("expected a panic");
        let msg = e.downcast_ref::<String>().cloned().unwrap_or_default();
        assert!(msg.contains("is too large"), "{msg}");
    };
    refusing_above(1 << 30, || {
        let scalar = DynTensor::<i32>::from_vec(vec![-3], &[]).unwrap();
        // 2^42 i32: 16 TiB.
        too_large(scalar.try_repeat(&[1 << 40, 2, 2]).err().map(|e| e.kind()));
        panics(&|| drop(scalar.repeat(&[1 << 40, 2, 2])));
        // A copy of a refused size (reps of 1 on a large tensor) too.
        too_large(
            scalar
                .try_repeat_interleave(1 << 40, 0)
                .err()
                .map(|e| e.kind()),
        );
        panics(&|| drop(scalar.repeat_interleave(1 << 40, 0)));
        // 2^40 / 7 pieces of an empty tensor: the list itself is refused.
        let wide = DynTensor::<i32>::from_vec(vec![], &[1 << 40, 0]).unwrap();
        too_large(wide.try_split(7, -2).err().map(|e| e.kind()));
        too_large(wide.try_chunk(1 << 39, 0).err().map(|e| e.kind()));
        panics(&|| drop(wide.split(7, -2)));
        panics(&|| drop(wide.chunk(1 << 39, 0)));
        // 2^40 pieces of unbind.
        let tall = DynTensor::<i32>::from_vec(vec![], &[0, 1 << 40]).unwrap();
        too_large(tall.try_unbind(1).err().map(|e| e.kind()));
        panics(&|| drop(tall.unbind(1)));
        // 2^40 positions selected from a huge empty tensor: the result
        // is empty, nothing to refuse.
        let sel = wide.try_split_sizes(&[1 << 39, 1 << 39], 0).unwrap();
        assert_eq!(sel.len(), 2);
        assert_eq!(sel[1].shape(), &[1 << 39, 0]);
    });
    // Within the limit, the same calls give the values (NumPy's tile and
    // repeat): the refusal above was the allocator's, not a size check.
    let scalar = DynTensor::<i32>::from_vec(vec![-3], &[]).unwrap();
    assert_eq!(scalar.repeat(&[2, 2]).to_vec(), vec![-3; 4]);
    assert_eq!(scalar.repeat_interleave(3, 0).to_vec(), vec![-3; 3]);
    let wide = DynTensor::<i32>::from_vec(vec![], &[20, 0]).unwrap();
    assert_eq!(wide.split(7, -2).len(), 3);
    assert_eq!(wide.chunk(3, 0).len(), 3);
}
