//! Views with a negative step (NumPy's `a[::-1]`, a negative stride): every
//! consumer of a view gives, on a reversed view, what it gives on the same
//! elements materialised. The reference for each is built by hand here
//! (the reversed positions computed in the test), not by the code under
//! test; `to_vec` itself is checked against a naive slice in
//! tests/suite/views.rs's proptest, which includes negative steps. Clippy runs
//! on this file with no `allow`: NumPy's `a[5:1:-2]`, `s![5..1;-2]`, must
//! not trip its `reversed_empty_ranges` (denied by default).

use proptest::prelude::*;
use shaped::{DynTensor, DynView, SliceArg, Tensor, TensorView, s, shape, slice};

/// `[3, 4]`, no two elements equal.
fn m34() -> DynTensor<i64> {
    DynTensor::from_vec((0..12).map(|x| x * x + 1).collect(), &[3, 4]).unwrap()
}

/// The elements of `t` (row-major `[rows, cols]`) with the rows and/or the
/// columns in reverse order, computed by index.
fn reversed(t: &DynTensor<i64>, rows: bool, cols: bool) -> DynTensor<i64> {
    let (r, c) = (t.shape()[0], t.shape()[1]);
    let d = t.to_vec();
    let mut out = Vec::new();
    for i in 0..r {
        for j in 0..c {
            let ii = if rows { r - 1 - i } else { i };
            let jj = if cols { c - 1 - j } else { j };
            out.push(d[ii * c + jj]);
        }
    }
    DynTensor::from_vec(out, &[r, c]).unwrap()
}

#[test]
fn layout_operations_of_a_reversed_view() {
    let t = m34();
    let v = t.slice(s![.., ..;-1]);
    let want = reversed(&t, false, true);
    assert_eq!(v.to_owned(), want);
    assert_eq!(v.strides(), &[4, -1]);
    // Sub-slicing a reversed view (forwards and backwards again).
    assert_eq!(
        v.slice(s![1.., 1..3]).to_owned(),
        want.slice(s![1.., 1..3]).to_owned()
    );
    assert_eq!(v.slice(s![.., ..;-1]).to_owned(), t);
    assert_eq!(
        v.slice(s![.., ..;2]).to_vec(),
        want.slice(s![.., ..;2]).to_vec()
    );
    assert_eq!(
        v.slice(s![..;-1, 3..0;-2]).to_vec(),
        vec![65, 101, 17, 37, 1, 5]
    );
    // Transposes and permutes.
    assert_eq!(v.t().to_owned(), want.t().to_owned());
    assert_eq!(v.permute(&[1, 0]).to_owned(), want.t().to_owned());
    assert_eq!(v.transpose(0, 1).to_vec(), want.t().to_vec());
    // Indexing an axis, narrowing, unsqueeze/squeeze, broadcasting.
    assert_eq!(v.index_axis(1, 0).to_vec(), vec![10, 50, 122]);
    assert_eq!(v.index_axis(0, -1).to_vec(), vec![122, 101, 82, 65]);
    assert_eq!(v.narrow(1, 1, 2).to_vec(), want.narrow(1, 1, 2).to_vec());
    assert_eq!(v.unsqueeze(0).squeeze(0).to_vec(), want.to_vec());
    let row = t.slice(s![0, ..;-1]);
    assert_eq!(
        row.broadcast_to(&[2, 4]).to_vec(),
        vec![10, 5, 2, 1, 10, 5, 2, 1]
    );
    // A reversed axis narrowed to one position: contiguous, read as a
    // slice and by the kernels whatever its (unused) stride's sign.
    let x = DynTensor::<i64>::arange(10);
    let one = x.slice(s![..;-1]).narrow(0, 3, 1);
    assert_eq!(one.strides(), &[-1]);
    assert!(one.is_contiguous());
    assert_eq!(one.as_slice(), Some(&[6i64][..]));
    assert_eq!((&one + &one).to_vec(), vec![12]);
    assert_eq!(one.sum(), 6);
    // Rank above 4 (sizes and strides on the heap): reversing every axis
    // of a contiguous tensor reverses its flat order.
    let big = DynTensor::<i64>::arange(72)
        .reshape(&[2, 3, 2, 2, 3])
        .unwrap();
    let all = big.slice(s![..;-1, ..;-1, ..;-1, ..;-1, ..;-1]);
    assert_eq!(all.to_vec(), (0..72).rev().collect::<Vec<i64>>());
    assert_eq!(all.sum(), (0..72).sum::<i64>());
    assert_eq!((&all + &big).to_vec(), vec![71; 72]);
    let mut b2 = big.clone();
    b2.slice_mut(s![..;-1, .., .., .., ..;-1])
        .assign(big.view());
    assert_eq!(b2.slice(s![0, 0, 0, 0, ..]).to_vec(), vec![38, 37, 36]);
    // Elements one at a time.
    assert_eq!(v[[0, 0]], 10);
    assert_eq!(v.get(&[2, 3]), Some(&65));
    assert_eq!(v.get(&[2, 4]), None);
}

#[test]
fn iterating_a_reversed_view() {
    let t = m34();
    let v = t.slice(s![..;-1, ..;-1]);
    let want = reversed(&t, true, true);
    assert_eq!(v.iter().copied().collect::<Vec<_>>(), want.to_vec());
    let idx: Vec<(Vec<usize>, i64)> = v.indexed_iter().map(|(i, &x)| (i.to_vec(), x)).collect();
    assert_eq!(idx[5], (vec![1, 1], want[[1, 1]]));
    let rows: Vec<Vec<i64>> = v.rows().map(|r| r.to_vec()).collect();
    let want_rows: Vec<Vec<i64>> = want.rows().map(|r| r.to_vec()).collect();
    assert_eq!(rows, want_rows);
    let cols: Vec<Vec<i64>> = v.axis_iter(1).map(|c| c.to_vec()).collect();
    let want_cols: Vec<Vec<i64>> = want.axis_iter(1).map(|c| c.to_vec()).collect();
    assert_eq!(cols, want_cols);
    let sums: Vec<i64> = v.outer_iter().map(|r| r.sum()).collect();
    assert_eq!(
        sums,
        vec![122 + 101 + 82 + 65, 50 + 37 + 26 + 17, 10 + 5 + 2 + 1]
    );
    // A 3-D view walks its rows by the odometer.
    let c = DynTensor::<i64>::arange(24).reshape(&[2, 3, 4]).unwrap();
    let r: Vec<i64> = c
        .slice(s![..;-1, 1..;-1, ..;-2])
        .rows()
        .map(|r| r.sum())
        .collect();
    assert_eq!(r, vec![19 + 17, 15 + 13, 7 + 5, 3 + 1]);
}

#[test]
fn writing_through_a_reversed_mutable_view() {
    // iter_mut, fill, map_inplace, IndexMut.
    let mut t = DynTensor::<i64>::zeros(&[3, 4]);
    for (k, x) in t.slice_mut(s![.., ..;-1]).iter_mut().enumerate() {
        *x = k as i64;
    }
    assert_eq!(t.to_vec(), vec![3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8]);
    t.slice_mut(s![..;-2, ..]).fill(-1);
    assert_eq!(t.to_vec(), vec![-1, -1, -1, -1, 7, 6, 5, 4, -1, -1, -1, -1]);
    t.slice_mut(s![1, ..;-1]).map_inplace(|x| x * 10);
    assert_eq!(t.slice(s![1, ..]).to_vec(), vec![70, 60, 50, 40]);
    let mut m = t.slice_mut(s![..;-1, ..;-1]);
    m[[0, 0]] = 99;
    assert_eq!(t[[2, 3]], 99);
    // assign (a copy into the view) and `op=` with every mix of
    // reversed target and reversed operand, against index arithmetic.
    let src = m34();
    let mut t = DynTensor::<i64>::zeros(&[3, 4]);
    t.slice_mut(s![.., ..;-1]).assign(src.view());
    assert_eq!(t, reversed(&src, false, true));
    let mut t = DynTensor::<i64>::zeros(&[3, 4]);
    t.slice_mut(s![..;-1, ..]).assign(src.slice(s![..;-1, ..]));
    assert_eq!(t, src);
    let mut t = src.clone();
    let mut tv = t.slice_mut(s![..;-1, ..;-1]);
    tv += &src.slice(s![.., ..;-1]);
    let expect: Vec<i64> = src
        .to_vec()
        .iter()
        .zip(reversed(&src, true, false).to_vec())
        .map(|(a, b)| a + b)
        .collect();
    assert_eq!(t.to_vec(), expect);
    // A broadcast operand onto a reversed target: the row meets every
    // row, each column its own element.
    let mut t = DynTensor::<i64>::zeros(&[3, 4]);
    let row = DynTensor::from_vec(vec![1i64, 2, 3, 4], &[4]).unwrap();
    let mut tv = t.slice_mut(s![.., ..;-1]);
    tv -= &row.view();
    assert_eq!(t.slice(s![0, ..]).to_vec(), vec![-4, -3, -2, -1]);
    assert_eq!(t.slice(s![2, ..]).to_vec(), vec![-4, -3, -2, -1]);
    // Mutable sub-views of a reversed view.
    let mut t = DynTensor::<i64>::zeros(&[3, 4]);
    for (i, mut r) in t.slice_mut(s![..;-1, ..;-1]).rows_mut().enumerate() {
        r[[0]] = i as i64 + 1;
    }
    assert_eq!(t.slice(s![.., 3]).to_vec(), vec![3, 2, 1]);
    let mut t = DynTensor::<i64>::zeros(&[3, 4]);
    for (i, mut r) in t.slice_mut(s![..;-1, ..]).axis_iter_mut(0).enumerate() {
        r.fill(i as i64);
    }
    assert_eq!(t.slice(s![.., 0]).to_vec(), vec![2, 1, 0]);
    // Reversed columns still interleave in memory: refused as columns are.
    let mut t = DynTensor::<i64>::zeros(&[3, 4]);
    assert!(t.slice_mut(s![.., ..;-1]).try_axis_iter_mut(1).is_err());
    assert!(t.slice_mut(s![..;-1, ..;-1]).try_axis_iter_mut(0).is_ok());
    t.slice_mut(s![.., ..;-1])
        .axis_for_each_mut(1, |j, mut c| c.fill(j as i64))
        .unwrap();
    assert_eq!(t.slice(s![0, ..]).to_vec(), vec![3, 2, 1, 0]);
}

#[test]
fn arithmetic_with_reversed_views() {
    let a = m34();
    let b = DynTensor::<i64>::arange(12).reshape(&[3, 4]).unwrap();
    let (ra, rb) = (reversed(&a, true, false), reversed(&b, false, true));
    let (va, vb) = (a.slice(s![..;-1, ..]), b.slice(s![.., ..;-1]));
    let zip = |f: fn(i64, i64) -> i64| -> Vec<i64> {
        ra.to_vec()
            .iter()
            .zip(rb.to_vec())
            .map(|(&x, y)| f(x, y))
            .collect()
    };
    assert_eq!((&va + &vb).to_vec(), zip(|x, y| x + y));
    assert_eq!((&va - &vb).to_vec(), zip(|x, y| x - y));
    assert_eq!((&va * &vb).to_vec(), zip(|x, y| x * y));
    let d = b.map(|x| x + 1);
    assert_eq!((&va / &d.slice(s![.., ..;-1])).to_vec(), {
        ra.to_vec()
            .iter()
            .zip(rb.to_vec())
            .map(|(&x, y)| x / (y + 1))
            .collect::<Vec<_>>()
    });
    // With a tensor, and broadcast against a reversed row.
    assert_eq!((&va + &b).to_vec(), {
        ra.to_vec()
            .iter()
            .zip(b.to_vec())
            .map(|(&x, y)| x + y)
            .collect::<Vec<_>>()
    });
    let row = b.slice(s![0, ..;-1]); // [3, 2, 1, 0]
    let got = &a.view() + &row;
    assert_eq!(
        got.slice(s![1, ..]).to_vec(),
        vec![17 + 3, 26 + 2, 37 + 1, 50]
    );
}

/// Operands large enough that a reversed one is read in blocks of the
/// outermost axis (several rows per block, and one row longer than a
/// block), against the elements computed by index.
#[test]
fn arithmetic_with_large_reversed_views() {
    for (r, c) in [(300, 100), (3, 20_000), (1, 40_000), (5000, 7)] {
        let a = DynTensor::from_vec((0..(r * c) as i64).collect(), &[r, c]).unwrap();
        let b = DynTensor::from_vec((0..c as i64).map(|x| 7 * x).collect(), &[c]).unwrap();
        let both = a.slice(s![..;-1, ..;-1]);
        let want: Vec<i64> = (0..r)
            .flat_map(|i| (0..c).map(move |j| ((r - 1 - i) * c + (c - 1 - j)) as i64))
            .collect();
        assert_eq!(both.to_vec(), want, "[{r}, {c}]");
        // A reversed operand with a forward broadcast row, and a forward
        // operand with a reversed broadcast row.
        let got = (&both + &b.view()).to_vec();
        let mut k = 0;
        for i in 0..r {
            for j in 0..c {
                assert_eq!(got[k], want[k] + 7 * j as i64, "[{r}, {c}] at ({i}, {j})");
                k += 1;
            }
        }
        let got = (&a.view() - &b.slice(s![..;-1])).to_vec();
        for (k, g) in got.iter().enumerate() {
            let j = k % c;
            assert_eq!(*g, k as i64 - 7 * (c - 1 - j) as i64, "[{r}, {c}] at {k}");
        }
    }
}

#[test]
fn reductions_of_reversed_views() {
    let a = m34();
    let v = a.slice(s![..;-1, 3..0;-1]);
    let want = DynTensor::from_vec(v.iter().copied().collect(), v.shape()).unwrap();
    assert_eq!(v.to_vec(), vec![122, 101, 82, 50, 37, 26, 10, 5, 2]);
    assert_eq!(v.sum(), want.sum());
    assert_eq!(v.sum(), 435);
    assert_eq!(v.prod(), want.prod());
    assert_eq!(
        v.sum_dims(&[0], false).unwrap(),
        want.sum_dims(&[0], false).unwrap()
    );
    assert_eq!(
        v.sum_dims(&[1], true).unwrap(),
        want.sum_dims(&[1], true).unwrap()
    );
    assert_eq!(v.max_dims(&[1], false).unwrap().to_vec(), vec![122, 50, 10]);
    assert_eq!(v.min_dims(&[0], false).unwrap().to_vec(), vec![10, 5, 2]);
    assert_eq!(v.argmax(1, false).unwrap().to_vec(), vec![0, 0, 0]);
    assert_eq!(v.argmin(0, false).unwrap().to_vec(), vec![2, 2, 2]);
    assert_eq!(v.try_median(1, false).unwrap().to_vec(), vec![101, 37, 5]);
    // Floats: the mean, and sums that differ from a copy's only in rounding.
    let f = DynTensor::<f64>::arange(20).reshape(&[4, 5]).unwrap();
    let fv = f.slice(s![..;-1, ..;-2]);
    let fw: Vec<f64> = vec![
        19.0, 17.0, 15.0, 14.0, 12.0, 10.0, 9.0, 7.0, 5.0, 4.0, 2.0, 0.0,
    ];
    assert_eq!(fv.to_vec(), fw);
    assert_eq!(fv.sum(), fw.iter().sum::<f64>());
    assert_eq!(fv.mean(), fw.iter().sum::<f64>() / 12.0);
    let m = fv.mean_dims(&[0], false).unwrap();
    assert_eq!(m.to_vec(), vec![11.5, 9.5, 7.5]);
    assert_eq!(fv.var_dims(&[1], false).unwrap().to_vec(), vec![4.0; 4]);
    // Empty reversed views.
    let e = f.slice(s![2..1;-1, ..]);
    assert_eq!(e.shape(), &[1, 5]);
    let e = f.slice(s![1..2;-1, ..]);
    assert_eq!(e.shape(), &[0, 5]);
    assert_eq!(e.sum(), 0.0);
    assert_eq!(e.sum_dims(&[0], false).unwrap().to_vec(), vec![0.0; 5]);
}

#[test]
fn matmul_of_reversed_views() {
    let a = DynTensor::<f64>::arange(6).reshape(&[2, 3]).unwrap();
    let b = DynTensor::<f64>::arange(12).reshape(&[3, 4]).unwrap();
    let ra = a.slice(s![.., ..;-1]); // [[2, 1, 0], [5, 4, 3]]
    let rb = b.slice(s![..;-1, ..]); // rows 2, 1, 0
    let naive = |x: &DynView<'_, f64>, y: &DynView<'_, f64>| -> Vec<f64> {
        let (m, k, n) = (x.shape()[0], x.shape()[1], y.shape()[1]);
        let mut out = vec![0.0; m * n];
        for i in 0..m {
            for j in 0..n {
                for p in 0..k {
                    out[i * n + j] += x[[i, p]] * y[[p, j]];
                }
            }
        }
        out
    };
    assert_eq!(ra.matmul(&rb).to_vec(), naive(&ra, &rb));
    assert_eq!(ra.matmul(&b.view()).to_vec(), naive(&ra, &b.view()));
    assert_eq!(
        a.view().matmul(&rb.slice(s![.., ..;-1])).to_vec(),
        naive(&a.view(), &rb.slice(s![.., ..;-1]))
    );
    // [2, 3] reversed @ [3] reversed.
    let v = DynTensor::from_vec(vec![1.0, 10.0, 100.0], &[3]).unwrap();
    assert_eq!(
        ra.matmul(&v.slice(s![..;-1])).to_vec(),
        vec![2.0 * 100.0 + 10.0, 5.0 * 100.0 + 4.0 * 10.0 + 3.0]
    );
}

#[test]
fn display_and_debug_of_reversed_views() {
    let t = DynTensor::<i32>::arange(4).reshape(&[2, 2]).unwrap();
    let v = t.slice(s![.., ..;-1]);
    let copy = DynTensor::from_vec(vec![1, 0, 3, 2], &[2, 2]).unwrap();
    assert_eq!(format!("{v}"), format!("{}", copy.view()));
    let dbg = format!("{v:?}");
    assert!(dbg.contains("strides: [2, -1]"), "{dbg}");
    assert!(dbg.contains("[1, 0, 3, 2]"), "{dbg}");
}

#[test]
fn static_views_take_negative_steps() {
    let t = Tensor::<i32, shape![3, 4]>::arange();
    let n = -1isize;
    let v: TensorView<'_, i32, shape![3, shaped::Dyn]> = slice!(t.view(), .., ..;n);
    assert_eq!(v.to_vec(), vec![3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8]);
    let w: TensorView<'_, i32, shape![shaped::Dyn, 4]> = slice!(t.view(), ..;-2);
    assert_eq!(w.to_vec(), vec![8, 9, 10, 11, 0, 1, 2, 3]);
    assert_eq!(w.to_owned().to_vec(), w.to_vec());
    let r = slice!(t.view(), 1, ..;-1);
    assert_eq!(r.to_vec(), vec![7, 6, 5, 4]);
    let (hi, lo) = (3usize, 1usize);
    let r = slice!(t.view(), 0, hi..=lo;-1);
    assert_eq!(r.to_vec(), vec![3, 2, 1]);
    // einsum reads a typed reversed view as its elements in order.
    let vt: Tensor<i32, shape![shaped::Dyn, 3]> = shaped::einsum!("ij->ji", v);
    assert_eq!(vt.to_vec(), vec![3, 7, 11, 2, 6, 10, 1, 5, 9, 0, 4, 8]);
    let rs: Tensor<i32, shape![3]> = shaped::einsum!("ij->i", v);
    assert_eq!(rs.to_vec(), vec![6, 22, 38]);
    // Arithmetic and a matrix product of typed reversed views.
    let s = &v + &v;
    assert_eq!(s.to_vec(), vec![6, 4, 2, 0, 14, 12, 10, 8, 22, 20, 18, 16]);
    let f = Tensor::<f32, shape![2, 2]>::arange();
    let fr = slice!(f.view(), ..;-1); // [[2, 3], [0, 1]]
    assert_eq!(fr.matmul(&f.view()).to_vec(), vec![6.0, 11.0, 2.0, 3.0]);
    let mut m = Tensor::<i32, shape![3, 4]>::zeros();
    slice!(m.view_mut(), ..;-1, 0).fill(5);
    assert_eq!(m.to_vec()[..5], [5, 0, 0, 0, 5]);
}

#[cfg(feature = "ndarray")]
#[test]
fn ndarray_reversed_views_convert() {
    // ndarray's own negative strides: its view converts with its elements
    // in its order.
    let a = ndarray::Array2::from_shape_vec((2, 3), (0..6).collect::<Vec<i32>>()).unwrap();
    let r = a.slice(ndarray::s![.., ..;-1]);
    let t = DynTensor::try_from(r).unwrap();
    assert_eq!(t.to_vec(), vec![2, 1, 0, 5, 4, 3]);
    // And a reversed view of ours, materialised, converts to ndarray.
    let ours = t.slice(s![..;-1, ..]).to_owned();
    assert_eq!(
        ours.into_array(),
        ndarray::arr2(&[[5, 4, 3], [2, 1, 0]]).into_dyn()
    );
}

#[cfg(feature = "linalg")]
#[test]
fn linalg_of_reversed_views() {
    // det of a matrix with its rows in reverse order: the sign flips
    // (two rows swapped).
    let a = DynTensor::from_vec(
        vec![2.0f64, 1.0, 0.0, 1.0, 3.0, 1.0, 0.0, 1.0, 4.0],
        &[3, 3],
    )
    .unwrap();
    let d = shaped::linalg::det(&a).to_vec()[0];
    let dr = shaped::linalg::det(&a.slice(s![..;-1, ..])).to_vec()[0];
    assert!((d - 18.0).abs() < 1e-12, "{d}");
    assert!((dr + 18.0).abs() < 1e-12, "{dr}");
}

fn reversing_args() -> impl Strategy<Value = (Vec<usize>, Vec<SliceArg>)> {
    prop::collection::vec(0usize..5, 1..4).prop_flat_map(|dims| {
        let args: Vec<_> = dims
            .iter()
            .map(|_| {
                (
                    prop::option::of(-6isize..6),
                    prop::option::of(-6isize..6),
                    prop_oneof![-3isize..0, 1isize..3],
                )
                    .prop_map(|(start, end, step)| SliceArg::Range {
                        start,
                        end,
                        step,
                    })
            })
            .collect();
        (Just(dims), args)
    })
}

proptest! {
    /// Every consumer on a view with negative steps gives what it gives on
    /// the same elements materialised (`to_vec`, itself checked against a
    /// naive slice in tests/suite/views.rs).
    #[test]
    fn consumers_match_the_materialised_copy((dims, args) in reversing_args()) {
        let n: usize = dims.iter().product();
        let t = DynTensor::from_vec((0..n as i64).map(|x| (x * 7919) % 101 - 50).collect(), &dims).unwrap();
        let v = t.slice(&args);
        let copy = DynTensor::from_vec(v.to_vec(), v.shape()).unwrap();
        prop_assert_eq!(v.to_owned(), copy.clone());
        prop_assert_eq!(v.iter().copied().collect::<Vec<_>>(), copy.to_vec());
        prop_assert_eq!(v.sum(), copy.sum());
        prop_assert_eq!(&v + &v, &copy + &copy);
        prop_assert_eq!((&v * &copy).to_vec(), (&copy * &copy).to_vec());
        for axis in 0..dims.len() {
            prop_assert_eq!(v.sum_dims(&[axis], false).unwrap(), copy.sum_dims(&[axis], false).unwrap());
            if v.shape()[axis] > 0 {
                prop_assert_eq!(v.argmax(axis, false).unwrap(), copy.argmax(axis, false).unwrap());
            }
            let items: Vec<Vec<i64>> = v.axis_iter(axis).map(|x| x.to_vec()).collect();
            let want: Vec<Vec<i64>> = copy.axis_iter(axis).map(|x| x.to_vec()).collect();
            prop_assert_eq!(items, want);
        }
        let rows: Vec<Vec<i64>> = v.rows().map(|x| x.to_vec()).collect();
        let want: Vec<Vec<i64>> = copy.rows().map(|x| x.to_vec()).collect();
        prop_assert_eq!(rows, want);
        prop_assert_eq!(v.t().to_vec(), copy.t().to_vec());
        // Writing through: each position of the view gets its index in
        // the view's order; the tensor's untouched elements stay.
        let mut w = t.clone();
        for (k, x) in w.slice_mut(&args).iter_mut().enumerate() {
            *x = 1000 + k as i64;
        }
        prop_assert_eq!(w.slice(&args).to_vec(), (0..v.numel() as i64).map(|k| 1000 + k).collect::<Vec<_>>());
        prop_assert_eq!(w.iter().filter(|&&x| x < 1000).count(), n - v.numel());
        // Mutable sub-views along each axis, where they do not interleave:
        // each writes its own elements, read back through the shared view.
        for axis in 0..dims.len() {
            let mut u = t.clone();
            let Ok(items) = u.slice_mut(&args).try_axis_iter_mut(axis) else { continue };
            for (k, mut item) in items.enumerate() {
                for (i, x) in item.view_mut().iter_mut().enumerate() {
                    *x = 10_000 * k as i64 + i as i64;
                }
            }
            for (k, item) in u.slice(&args).axis_iter(axis).enumerate() {
                prop_assert_eq!(item.to_vec(), (0..item.numel() as i64).map(|i| 10_000 * k as i64 + i).collect::<Vec<_>>());
            }
        }
        let mut z = t.clone();
        let mut zv = z.slice_mut(&args);
        zv += &copy.view();
        prop_assert_eq!(z.slice(&args).to_vec(), (&copy + &copy).to_vec());
    }
}
