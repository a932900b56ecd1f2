//! Issue 43, "typed all the way": each row of its table has a test here
//! (or a ui-test, named in the comment). The result types written out in
//! the `let`s are the assertions that no operation drops a static or
//! mixed layout.

// `&a + &b` is the form under test, as in the other operator tests.
#![allow(clippy::op_ref)]

use shaped::{Dyn, Tensor, shape};

// Row "annotation-driven constructors": the annotation alone picks the
// static constructor (no E0034 against the mixed layouts' `_sized` ones).
#[test]
fn static_constructors_from_the_annotation() {
    let z: Tensor<f32, shape![2, 3]> = Tensor::zeros();
    let o: Tensor<f32, shape![2, 3]> = Tensor::ones();
    let f: Tensor<f32, shape![2, 3]> = Tensor::full(2.5);
    let a: Tensor<i32, shape![2, 3]> = Tensor::arange();
    let g: Tensor<i32, shape![2, 3]> = Tensor::from_fn(|k| 10 * k as i32);
    let h: Tensor<usize, shape![2, 3]> = Tensor::from_fn_index(|[i, j]: [usize; 2]| 10 * i + j);
    assert_eq!(z.to_vec(), vec![0.0; 6]);
    assert_eq!(o.to_vec(), vec![1.0; 6]);
    assert_eq!(f.to_vec(), vec![2.5; 6]);
    assert_eq!(a.to_vec(), vec![0, 1, 2, 3, 4, 5]);
    assert_eq!(g.to_vec(), vec![0, 10, 20, 30, 40, 50]);
    assert_eq!(h.to_vec(), vec![0, 1, 2, 10, 11, 12]);
}

#[test]
fn mixed_constructors_take_the_dyn_sizes() {
    let z: Tensor<f32, shape![Dyn, 3]> = Tensor::zeros_sized(&[2]);
    let o: Tensor<f32, shape![Dyn, 3]> = Tensor::ones_sized(&[1]);
    let f: Tensor<f32, shape![2, Dyn]> = Tensor::full_sized(&[2], 7.0);
    let g: Tensor<i32, shape![Dyn, 2]> = Tensor::from_fn_sized(&[2], |k| k as i32);
    let h: Tensor<usize, shape![Dyn, 2]> =
        Tensor::from_fn_index_sized(&[2], |[i, j]: [usize; 2]| 10 * i + j);
    assert_eq!((&*z.shape(), z.to_vec()), (&[2, 3][..], vec![0.0; 6]));
    assert_eq!(o.to_vec(), vec![1.0; 3]);
    assert_eq!((&*f.shape(), f.to_vec()), (&[2, 2][..], vec![7.0; 4]));
    assert_eq!(g.to_vec(), vec![0, 1, 2, 3]);
    assert_eq!(h.to_vec(), vec![0, 1, 10, 11]);
    let e = Tensor::<f32, shape![Dyn, 3]>::try_zeros_sized(&[2, 2]).unwrap_err();
    assert!(e.to_string().contains("Dyn"), "{e}");
}

// Row "static reshape checked by `cargo check`": the bound holds for equal
// counts (named and large sizes included); the mismatch is the ui-tests
// `reshape_image_count` and `toolkit_reshape_count`, the missing bound
// `generic_reshape_missing_bound`.
#[test]
fn reshape_bound_holds_for_equal_counts() {
    use shaped::ReshapeTo;
    fn flat<S: ReshapeTo<shape![6]>>(t: &Tensor<i32, S>) -> Tensor<i32, shape![6]> {
        t.reshape()
    }
    let t = Tensor::<i32, shape![2, 3]>::arange();
    assert_eq!(flat(&t).to_vec(), vec![0, 1, 2, 3, 4, 5]);
    let x = Tensor::<f32, shape![48, 64, 3]>::from_fn(|k| k as f32);
    let y: Tensor<f32, shape![24, 2, 32, 2, 3]> = x.reshape();
    assert_eq!(y.as_slice(), x.as_slice());
    let big = Tensor::<u8, shape![1024, 1024, 8]>::zeros();
    let _: Tensor<u8, shape![8, 1024, 1024]> = big.reshape();
}

// Row "views as operands": `&view op x` keeps the layout the compiler
// tracked, and equals the same operation on `to_owned()` copies.
mod views_as_operands {
    use proptest::prelude::*;
    use shaped::{Axis, AxisFromEnd, Dyn, DynTensor, Tensor, TensorView, dim_names, narrow, shape};

    dim_names!(ROW, COL);

    fn config() -> ProptestConfig {
        ProptestConfig {
            cases: 48,
            failure_persistence: None,
            ..ProptestConfig::default()
        }
    }

    #[test]
    fn issue_row_view_divided_by_view_is_typed() {
        // `let c = &t.view() / &w;`, t: [Dyn, 4], w: a view of [Dyn, 1].
        let t = Tensor::<f64, shape![Dyn, 4]>::from_fn_sized(&[3], |k| k as f64 + 1.0);
        let d = Tensor::<f64, shape![Dyn, 1]>::from_fn_sized(&[3], |k| k as f64 + 2.0);
        let w: TensorView<'_, f64, shape![Dyn, 1]> = d.view();
        let c: Tensor<f64, shape![Dyn, 4]> = &t.view() / &w;
        assert_eq!(c, &t / &d);
        // The next slice stays typed.
        let head: TensorView<'_, f64, shape![Dyn, Dyn]> = c.view().narrow(Axis::<1>, 0, 3);
        assert_eq!(head.shape(), &[3, 3]);
        let static_head: TensorView<'_, f64, shape![Dyn, 2]> = narrow!(c.view(), 1, 1..3);
        assert_eq!(static_head.to_owned()[[2, 1]], c[[2, 2]]);
    }

    #[test]
    fn runtime_operand_gives_dyn_tensor() {
        let t = Tensor::<f32, shape![2, 3]>::arange();
        let d = DynTensor::<f32>::ones(&[3]);
        let c: DynTensor<f32> = &t.view() + &d;
        assert_eq!(c.to_vec(), (&t + 1.0).to_vec());
    }

    #[test]
    fn scalar_and_in_place_on_views() {
        let t = Tensor::<i32, shape![2, 3]>::arange();
        let c: Tensor<i32, shape![2, 3]> = &t.view() * 3;
        assert_eq!(c, &t * 3);
        let mut m = Tensor::<i32, shape![2, 3]>::ones();
        let row = Tensor::<i32, shape![3]>::arange();
        {
            let mut v = m.view_mut();
            v += &row;
            v *= row.view();
            v -= 1;
        }
        let want = &(&(&Tensor::<i32, shape![2, 3]>::ones() + &row) * &row) - 1;
        assert_eq!(m, want);
    }

    #[test]
    fn t_and_transpose_axis_arguments() {
        let s = Tensor::<f32, shape![3, 4]>::arange();
        let kt: TensorView<'_, f32, shape![4, 3]> = s.t();
        assert_eq!(kt.to_owned(), s.transpose(Axis::<0>, Axis::<1>));
        let v: TensorView<'_, f32, shape![4, 3]> = s.view().t();
        assert_eq!(v.to_owned(), kt.to_owned());
        let k = Tensor::<f32, shape![Dyn, 16, 32]>::from_fn_sized(&[2], |i| i as f32);
        let kv: TensorView<'_, f32, shape![Dyn, 32, 16]> =
            k.view().transpose(AxisFromEnd::<2>, AxisFromEnd::<1>);
        assert_eq!(kv.to_owned(), k.transpose(Axis::<1>, Axis::<2>));
        let img = Tensor::<i32, shape![ROW: 2, COL: 3]>::arange();
        let by_name: TensorView<'_, i32, shape![COL: 3, ROW: 2]> = img.view().transpose(ROW, COL);
        assert_eq!(by_name.to_owned(), img.transpose(ROW, COL));
    }

    proptest! {
        #![proptest_config(config())]

        // Static and mixed: random row slices of a static tensor are mixed
        // views; every operator agrees with the owned copies.
        #[test]
        fn slices_as_operands(
            data in proptest::collection::vec(-50i32..50, 30),
            other in proptest::collection::vec(1i32..9, 30),
            start in 0usize..5, len in 0usize..6, col in 0usize..6,
        ) {
            let len = len.min(5 - start);
            let a = Tensor::<i32, shape![5, 6]>::from_slice(&data).unwrap();
            let b = Tensor::<i32, shape![5, 6]>::from_slice(&other).unwrap();
            let va: TensorView<'_, i32, shape![Dyn, 6]> = a.view().narrow(Axis::<0>, start, len);
            let vb: TensorView<'_, i32, shape![Dyn, 6]> = b.view().narrow(Axis::<0>, start, len);
            let (oa, ob) = (va.to_owned(), vb.to_owned());
            let sum: Tensor<i32, shape![Dyn, 6]> = &va + &vb;
            prop_assert_eq!(sum, &oa + &ob);
            prop_assert_eq!(&va - &ob, &oa - &ob);
            prop_assert_eq!(&oa * &vb, &oa * &ob);
            prop_assert_eq!(&va / &vb, &oa / &ob);
            prop_assert_eq!(&va % vb.clone(), &oa % &ob);
            // A static column against the rows: broadcasting.
            let column: TensorView<'_, i32, shape![5]> = b.view().index_axis(Axis::<1>, col as isize);
            let static_sum: Tensor<i32, shape![5, 6]> = &a.view() + &b.view();
            prop_assert_eq!(static_sum, &a + &b);
            let t_col: TensorView<'_, i32, shape![5, 1]> = column.unsqueeze(Axis::<1>);
            let bc: Tensor<i32, shape![5, 6]> = &a.view() * &t_col;
            prop_assert_eq!(bc, &a * &t_col.to_owned());
            // Transposed (strided) views.
            let at: Tensor<i32, shape![6, 5]> = &a.t() - &b.t();
            prop_assert_eq!(at, (&a - &b).transpose(Axis::<0>, Axis::<1>));
        }

        // Named: views keep their names and align by name.
        #[test]
        fn named_views_as_operands(
            data in proptest::collection::vec(-50i32..50, 6),
            other in proptest::collection::vec(-50i32..50, 3),
        ) {
            let a = Tensor::<i32, shape![ROW: 2, COL: 3]>::from_slice(&data).unwrap();
            let b = Tensor::<i32, shape![COL: 3]>::from_slice(&other).unwrap();
            let c: Tensor<i32, shape![ROW: 2, COL: 3]> = &a.view() + &b.view();
            prop_assert_eq!(c, &a + &b);
            let bt = Tensor::<i32, shape![COL: 3, ROW: 1]>::from_slice(&other).unwrap();
            let d: Tensor<i32, shape![ROW: 2, COL: 3]> = &a.view() - &bt.view();
            prop_assert_eq!(d, &a - &bt);
        }
    }
}

// Row "matmul with a transposed view": `q.matmul(&k.view().transpose(..))`
// is typed and equals the product with the owned transpose.
#[test]
fn matmul_takes_typed_views() {
    use shaped::{Axis, AxisFromEnd, TensorView};
    let q = Tensor::<f32, shape![Dyn, 16, 32]>::from_fn_sized(&[2], |k| (k % 7) as f32 - 3.0);
    let k = Tensor::<f32, shape![Dyn, 16, 32]>::from_fn_sized(&[2], |k| (k % 5) as f32 - 2.0);
    let kt = k.view().transpose(AxisFromEnd::<2>, AxisFromEnd::<1>);
    let s: Tensor<f32, shape![Dyn, 16, 16]> = q.matmul(&kt);
    assert_eq!(s, q.matmul(&kt.to_owned()));
    let st: Tensor<f32, shape![Dyn, 16, 16]> = q.view().matmul(&kt);
    assert_eq!(st, s);
    let m = Tensor::<f32, shape![3, 4]>::arange();
    let g: Tensor<f32, shape![3, 3]> = m.matmul(&m.t());
    assert_eq!(g, m.matmul(&m.transpose(Axis::<0>, Axis::<1>)));
    let v: TensorView<'_, f32, shape![4]> = m.view().index_axis(Axis::<0>, 1);
    let mv: Tensor<f32, shape![3]> = m.matmul(&v);
    assert_eq!(mv, m.matmul(&v.to_owned()));
}

// Row "scalars where PyTorch takes them": `where_cond` with a plain number
// on either side, `masked_fill` on every kind, `t.gt(0.0)`; checked against
// a loop over the elements.
mod scalars {
    use shaped::{Dyn, DynTensor, Tensor, dim_names, shape};

    dim_names!(Q, K);

    #[test]
    fn causal_attention_mask() {
        let scores = Tensor::<f32, shape![Dyn, 4]>::from_fn_sized(&[4], |k| k as f32 * 0.5 - 3.0);
        let row = Tensor::<i32, shape![Dyn, 1]>::from_fn_sized(&[4], |k| k as i32);
        let col = Tensor::<i32, shape![4]>::arange();
        let future = col.gt(&row); // [Dyn, 4]
        let a: Tensor<f32, shape![Dyn, 4]> = future.where_cond(f32::NEG_INFINITY, &scores);
        let b: Tensor<f32, shape![Dyn, 4]> = scores.masked_fill(&future, f32::NEG_INFINITY);
        let c: Tensor<f32, shape![Dyn, 4]> = scores.view().masked_fill(&future, f32::NEG_INFINITY);
        let s = scores.to_vec();
        let want: Vec<f32> = (0..16)
            .map(|k| {
                if k % 4 > k / 4 {
                    f32::NEG_INFINITY
                } else {
                    s[k]
                }
            })
            .collect();
        assert_eq!(a.to_vec(), want);
        assert_eq!(b.to_vec(), want);
        assert_eq!(c.to_vec(), want);
        let mut d = scores.clone();
        d.view_mut().masked_fill_(&future, f32::NEG_INFINITY);
        assert_eq!(d.to_vec(), want);
        let r = DynTensor::from_vec(s.clone(), &[4, 4]).unwrap();
        let dm = DynTensor::from_bools(future.to_vec(), &future.shape()).unwrap();
        let e = r.masked_fill(&dm, f32::NEG_INFINITY);
        assert_eq!(e.to_vec(), want);
        // A mask of another batch size is PyTorch's error at run time.
        let other = Tensor::<i32, shape![Dyn, 4]>::zeros_sized(&[3]).gt(0);
        assert!(scores.try_masked_fill(&other, 0.0).is_err());
    }

    #[test]
    fn where_cond_and_comparisons_with_numbers() {
        let x =
            Tensor::<f32, shape![2, 3]>::from_slice(&[1.0, -2.0, 3.0, -4.0, 5.0, -6.0]).unwrap();
        let pos = x.gt(0.0);
        assert_eq!(pos.to_vec(), vec![true, false, true, false, true, false]);
        let relu: Tensor<f32, shape![2, 3]> = pos.where_cond(&x, 0.0);
        assert_eq!(relu.to_vec(), vec![1.0, 0.0, 3.0, 0.0, 5.0, 0.0]);
        let both: Tensor<f32, shape![2, 3]> = pos.where_cond(1.0, -1.0);
        assert_eq!(both.to_vec(), vec![1.0, -1.0, 1.0, -1.0, 1.0, -1.0]);
        assert_eq!(x.le(-4.0).count(), 2);
        assert_eq!(x.eq_elem(3.0).count(), 1);
        assert_eq!(x.view().ge(5.0).count(), 1);
        let m = DynTensor::from_bools(vec![true, false], &[2]).unwrap();
        assert_eq!(m.where_cond(7, 8).unwrap().to_vec(), vec![7, 8]);
        // Named layouts keep their names.
        let n = Tensor::<i32, shape![Q: 2, K: 2]>::arange();
        let keep: Tensor<i32, shape![Q: 2, K: 2]> = n.gt(1).where_cond(&n, -1);
        assert_eq!(keep.to_vec(), vec![-1, -1, 2, 3]);
    }
}

// Row "the BroadcastWith<S> hint": the bound the note gives compiles (the
// note itself is the ui-test `generic_square_missing_bound`).
#[test]
fn square_with_the_hinted_bound() {
    use shaped::BroadcastWith;
    fn square<S: BroadcastWith<S, Output = S>>(x: &Tensor<f32, S>) -> Tensor<f32, S> {
        x * x
    }
    let x = Tensor::<f32, shape![Dyn, 2]>::from_fn_sized(&[2], |k| k as f32);
    assert_eq!(square(&x).to_vec(), vec![0.0, 1.0, 4.0, 9.0]);
}

// Row "cat of parts of different layouts": sizes along the axis add at
// compile time, a `Dyn` part gives `Dyn`, a runtime mismatch is PyTorch's
// error; the compile error is the ui-test `cat_tuple_axis_mismatch`.
mod cat_tuples {
    use shaped::{Axis, AxisFromEnd, Dyn, DynTensor, Tensor, dim_names, shape};

    dim_names!(N, F);

    #[test]
    fn homogeneous_coordinates() {
        let points = Tensor::<f64, shape![Dyn, 3]>::from_fn_sized(&[3], |k| k as f64);
        let ones = Tensor::<f64, shape![Dyn, 1]>::ones_sized(&[3]);
        let h: Tensor<f64, shape![Dyn, 4]> = Tensor::cat((&points, &ones), Axis::<1>);
        let want: DynTensor<f64> = DynTensor::cat([points.to_dyn(), ones.to_dyn()], 1).unwrap();
        assert_eq!(h.to_vec(), want.to_vec());
        let e: Tensor<f64, shape![Dyn, 4]> = Tensor::cat((&points.view(), &ones), AxisFromEnd::<1>);
        assert_eq!(e, h);
    }

    #[test]
    fn static_sizes_add() {
        let a = Tensor::<i32, shape![2, 3]>::arange();
        let b = Tensor::<i32, shape![3, 3]>::from_fn(|k| 100 + k as i32);
        let c: Tensor<i32, shape![5, 3]> = Tensor::cat((&a, &b), Axis::<0>);
        assert_eq!(&c.to_vec()[..6], a.as_slice());
        assert_eq!(&c.to_vec()[6..], b.as_slice());
        let one = Tensor::<i32, shape![1, 3]>::zeros();
        let d: Tensor<i32, shape![8, 3]> = Tensor::cat((&a, &one, &b, &one, &one), Axis::<0>);
        assert_eq!(d[[7, 2]], 0);
        assert_eq!(d[[5, 0]], 106);
        assert_eq!(d[[2, 1]], 0);
        // A strided view as a part.
        let t: Tensor<i32, shape![3, 5]> = Tensor::cat((&a.t(), &b.t()), Axis::<1>);
        assert_eq!(
            t.to_owned(),
            Tensor::cat((&a, &b), Axis::<0>).transpose(Axis::<0>, Axis::<1>)
        );
        // Named dimensions keep their names.
        let x = Tensor::<i32, shape![N: 2, F: 3]>::arange();
        let y = Tensor::<i32, shape![N: 2, F: 1]>::ones();
        let z: Tensor<i32, shape![N: 2, F: 4]> = Tensor::cat((&x, &y), F);
        assert_eq!(z.to_vec(), vec![0, 1, 2, 1, 3, 4, 5, 1]);
    }

    #[test]
    fn runtime_mismatch_is_pytorch_error() {
        let a = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[2]);
        let b = Tensor::<f32, shape![Dyn, 1]>::zeros_sized(&[3]);
        let e = Tensor::try_cat_parts((&a, &b), Axis::<1>).map(|t: Tensor<f32, shape![Dyn, 4]>| t);
        assert_eq!(
            e.unwrap_err().to_string(),
            "Sizes of tensors must match except in dimension 1. Expected size 2 but got size 3 for tensor number 1 in the list."
        );
    }
}

// "Reductions and softmax on typed views": typed results, equal to the
// same reduction of the owned copy (compared with a loop for the mean).
#[test]
fn reductions_on_typed_views() {
    use shaped::{Axis, AxisFromEnd, TensorView};
    let t = Tensor::<f64, shape![Dyn, 4]>::from_fn_sized(&[5], |k| ((k * 7) % 11) as f64);
    let rows: TensorView<'_, f64, shape![Dyn, 4]> = t.view().narrow(Axis::<0>, 1, 3);
    let cols = rows.t();
    let m: Tensor<f64, shape![4]> = cols.mean_over(AxisFromEnd::<1>);
    let v = t.to_vec();
    for j in 0..4 {
        let want = (1..4).map(|i| v[i * 4 + j]).sum::<f64>() / 3.0;
        assert!((m[[j]] - want).abs() < 1e-12);
    }
    let mx: Tensor<f64, shape![Dyn]> = rows.max_over(Axis::<1>);
    assert_eq!(mx, rows.to_owned().max_over(Axis::<1>));
    let am: Tensor<usize, shape![4]> = rows.argmax_over(Axis::<0>);
    assert_eq!(am, rows.to_owned().argmax_over(Axis::<0>));
    let p: Tensor<f64, shape![4, Dyn]> = cols.softmax(AxisFromEnd::<1>);
    assert_eq!(p, cols.to_owned().softmax(AxisFromEnd::<1>));
}

// "`_into` with typed views": the views of static, mixed and named
// tensors are operands of `add_into` and friends, the output's layout the
// operator's; equal to the same operation on `to_owned()` copies.
mod into_with_views {
    use proptest::prelude::*;
    use shaped::{
        Axis, Dyn, DynTensor, Tensor, TensorView, add_into, dim_names, div_into, mul_into,
        rem_into, shape, sub_into, try_add_into, try_mul_into,
    };

    dim_names!(ROW, COL);

    #[test]
    fn static_views_and_tensors_mix() {
        let a = Tensor::<i32, shape![3, 2]>::arange();
        let b = Tensor::<i32, shape![2, 1]>::from_slice(&[1, 2]).unwrap();
        let mut out = Tensor::<i32, shape![2, 3]>::zeros();
        add_into(&a.t(), &b, &mut out);
        assert_eq!(out, &a.t().to_owned() + &b);
        mul_into(&b.view(), &a.t(), &mut out);
        assert_eq!(out, &b * &a.t().to_owned());
        // A mutable view reads as an operand too.
        let mut m = Tensor::<i32, shape![2, 3]>::full(7);
        sub_into(&m.view_mut(), &a.t(), &mut out);
        assert_eq!(out, &m - &a.t().to_owned());
        // And is the output of the `try_` form.
        let (x, y) = (m, a.t().to_owned());
        try_mul_into(&x.view(), &y.view(), &mut m.view_mut()).unwrap();
        assert_eq!(m, &x * &y);
    }

    #[test]
    fn named_views_align_by_name() {
        let a = Tensor::<i32, shape![ROW: 2, COL: 3]>::arange();
        let b = Tensor::<i32, shape![COL: 3]>::from_slice(&[10, 20, 30]).unwrap();
        let mut out = Tensor::<i32, shape![ROW: 2, COL: 3]>::zeros();
        add_into(&a.view(), &b.view(), &mut out);
        assert_eq!(out, &a + &b);
    }

    #[test]
    fn dyn_size_mismatch_panics_with_the_operators_message() {
        let a = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[2]);
        let mut out = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[4]);
        let r = std::panic::catch_unwind(move || add_into(&a.view(), &a, &mut out));
        let msg = *r.unwrap_err().downcast::<String>().unwrap();
        let e = try_add_into(
            &DynTensor::<f32>::zeros(&[2, 3]),
            &DynTensor::<f32>::zeros(&[2, 3]),
            &mut DynTensor::<f32>::zeros(&[4, 3]),
        );
        assert_eq!(msg, e.unwrap_err().to_string());
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

        // Random row slices (mixed views) and transposes (strided views).
        #[test]
        fn slices_into(
            data in proptest::collection::vec(-50i32..50, 30),
            other in proptest::collection::vec(1i32..9, 30),
            start in 0usize..5, len in 0usize..6,
        ) {
            let len = len.min(5 - start);
            let a = Tensor::<i32, shape![5, 6]>::from_slice(&data).unwrap();
            let b = Tensor::<i32, shape![5, 6]>::from_slice(&other).unwrap();
            let va: TensorView<'_, i32, shape![Dyn, 6]> = a.view().narrow(Axis::<0>, start, len);
            let vb: TensorView<'_, i32, shape![Dyn, 6]> = b.view().narrow(Axis::<0>, start, len);
            let (oa, ob) = (va.to_owned(), vb.to_owned());
            let mut out = Tensor::<i32, shape![Dyn, 6]>::zeros_sized(&[len]);
            add_into(&va, &vb, &mut out);
            prop_assert_eq!(&out, &(&oa + &ob));
            div_into(&oa, &vb, &mut out);
            prop_assert_eq!(&out, &(&oa / &ob));
            rem_into(&va, &ob, &mut out);
            prop_assert_eq!(&out, &(&oa % &ob));
            let mut t = Tensor::<i32, shape![6, 5]>::zeros();
            sub_into(&a.t(), &b.t(), &mut t);
            prop_assert_eq!(t, (&a - &b).transpose(Axis::<0>, Axis::<1>));
        }
    }
}

// "`stack` of a tuple": parts of different kinds (tensors, typed views;
// static, mixed, named) of equal layouts; a new axis of size = the number
// of parts; compared with the runtime `DynTensor::stack` of the owned copies.
mod stack_tuples {
    use shaped::{Axis, Dyn, DynTensor, Tensor, TensorView, dim_names, shape};

    dim_names!(N, F);

    #[test]
    fn static_parts_and_views() {
        let a = Tensor::<i32, shape![2, 3]>::arange();
        let b = Tensor::<i32, shape![3, 2]>::from_fn(|k| 100 + k as i32);
        let bt: TensorView<'_, i32, shape![2, 3]> = b.t();
        let s: Tensor<i32, shape![3, 2, 3]> = Tensor::stack((&a, &bt, &a.view()), Axis::<0>);
        let want = DynTensor::stack([a.to_dyn(), bt.to_owned().to_dyn(), a.to_dyn()], 0).unwrap();
        assert_eq!(s.to_vec(), want.to_vec());
        let m: Tensor<i32, shape![2, 3, 2]> = Tensor::stack((&a, &bt), Axis::<2>);
        let want = DynTensor::stack([a.to_dyn(), bt.to_owned().to_dyn()], 2).unwrap();
        assert_eq!(m.to_vec(), want.to_vec());
        // The array form is unchanged.
        let r: Tensor<i32, shape![2, 2, 3]> = Tensor::stack([&a, &a], Axis::<1>);
        assert_eq!(
            r.to_vec(),
            DynTensor::stack([a.to_dyn(), a.to_dyn()], 1)
                .unwrap()
                .to_vec()
        );
    }

    #[test]
    fn mixed_and_named_parts() {
        let a = Tensor::<f64, shape![Dyn, 3]>::from_fn_sized(&[4], |k| k as f64);
        let b = Tensor::<f64, shape![Dyn, 3]>::ones_sized(&[4]);
        let s: Tensor<f64, shape![Dyn, 2, 3]> = Tensor::stack((&a.view(), &b), Axis::<1>);
        let want = DynTensor::stack([a.to_dyn(), b.to_dyn()], 1).unwrap();
        assert_eq!((&*s.shape(), s.to_vec()), (want.shape(), want.to_vec()));
        let x = Tensor::<i32, shape![N: 2, F: 3]>::arange();
        let y = Tensor::<i32, shape![N: 2, F: 3]>::ones();
        let z: Tensor<i32, shape![2, N: 2, F: 3]> = Tensor::stack((&x, &y.view()), Axis::<0>);
        assert_eq!(z.to_vec(), vec![0, 1, 2, 3, 4, 5, 1, 1, 1, 1, 1, 1]);
    }

    #[test]
    fn runtime_mismatch_is_pytorch_error() {
        let a = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[2]);
        let b = Tensor::<f32, shape![Dyn, 3]>::zeros_sized(&[4]);
        let e = Tensor::try_stack_parts((&a, &b.view()), Axis::<0>)
            .map(|t: Tensor<f32, shape![2, Dyn, 3]>| t);
        assert_eq!(
            e.unwrap_err().to_string(),
            "stack expects each tensor to be equal size, but got [2, 3] at entry 0 and [4, 3] at entry 1"
        );
    }
}

// "No method of a typed view silently returns an untyped one": the typed
// methods added so that these names no longer reach the runtime forms
// through `Deref`. Each result's type is asserted by its annotation and
// its values against the same method on the `to_owned()` copy.
mod typed_view_methods {
    use shaped::{Axis, AxisFromEnd, Dyn, Tensor, TensorView, TensorViewMut, shape};

    /// A strided mixed view: rows 1..4 of a [Dyn, 4] tensor, transposed.
    fn cols(t: &Tensor<f64, shape![Dyn, 4]>) -> TensorView<'_, f64, shape![4, Dyn]> {
        t.view().narrow(Axis::<0>, 1, 3).t()
    }

    fn data() -> Tensor<f64, shape![Dyn, 4]> {
        Tensor::from_fn_sized(&[5], |k| ((k * 7) % 11) as f64 - 3.0)
    }

    fn ints() -> Tensor<u8, shape![3, 4]> {
        Tensor::from_fn(|k| 200 + k as u8)
    }

    #[test]
    fn sum_over_in_acc() {
        let t = ints();
        let s: Tensor<u64, shape![3]> = t.t().sum_over(Axis::<0>);
        assert_eq!(s, t.t().to_owned().sum_over(Axis::<0>));
        assert_eq!(s[[2]], 208 + 209 + 210 + 211); // past u8: no wrapping
    }

    #[test]
    fn sum_keepdim_in_acc() {
        let t = ints();
        let s: Tensor<u64, shape![4, 1]> = t.t().sum_keepdim(AxisFromEnd::<1>);
        assert_eq!(s, t.t().to_owned().sum_keepdim(AxisFromEnd::<1>));
        assert_eq!(s[[0, 0]], 200 + 204 + 208);
    }

    #[test]
    fn prod_over_in_acc() {
        let t = ints();
        let p: Tensor<u64, shape![4]> = t.t().prod_over(Axis::<1>);
        assert_eq!(p, t.t().to_owned().prod_over(Axis::<1>));
        assert_eq!(p[[1]], 201 * 205 * 209);
    }

    #[test]
    fn prod_keepdim_in_acc() {
        let t = ints();
        let p: Tensor<u64, shape![1, 3]> = t.t().prod_keepdim(Axis::<0>);
        assert_eq!(p, t.t().to_owned().prod_keepdim(Axis::<0>));
    }

    #[test]
    fn var_std_logsumexp_keepdim() {
        let t = data();
        let c = cols(&t);
        let v: Tensor<f64, shape![4, 1]> = c.var_keepdim(AxisFromEnd::<1>);
        assert_eq!(v, c.to_owned().var_keepdim(AxisFromEnd::<1>));
        let s: Tensor<f64, shape![4, 1]> = c.std_keepdim(AxisFromEnd::<1>);
        assert_eq!(s, c.to_owned().std_keepdim(AxisFromEnd::<1>));
        let l: Tensor<f64, shape![1, Dyn]> = c.logsumexp_keepdim(Axis::<0>);
        assert_eq!(l, c.to_owned().logsumexp_keepdim(Axis::<0>));
    }

    #[test]
    fn argmax_argmin_keepdim() {
        let t = data();
        let c = cols(&t);
        let a: Tensor<usize, shape![4, 1]> = c.argmax_keepdim(AxisFromEnd::<1>);
        assert_eq!(a, c.to_owned().argmax_keepdim(AxisFromEnd::<1>));
        let b: Tensor<usize, shape![1, Dyn]> = c.argmin_keepdim(Axis::<0>);
        assert_eq!(b, c.to_owned().argmin_keepdim(Axis::<0>));
    }

    #[test]
    fn median_and_quantile() {
        let t = data();
        let c = cols(&t);
        let m: Tensor<f64, shape![4]> = c.median_over(Axis::<1>);
        assert_eq!(m, c.to_owned().median_over(Axis::<1>));
        let mk: Tensor<f64, shape![1, Dyn]> = c.median_keepdim(Axis::<0>);
        assert_eq!(mk, c.to_owned().median_keepdim(Axis::<0>));
        let q: Tensor<f64, shape![Dyn]> = c.quantile_over(0.25, Axis::<0>);
        assert_eq!(q, c.to_owned().quantile_over(0.25, Axis::<0>));
        let qk: Tensor<f64, shape![4, 1]> = c.quantile_keepdim(0.75, Axis::<1>);
        assert_eq!(qk, c.to_owned().quantile_keepdim(0.75, Axis::<1>));
    }

    #[test]
    fn view_of_a_view_is_typed() {
        let t = data();
        let c = cols(&t);
        let v: TensorView<'_, f64, shape![4, Dyn]> = c.view();
        assert_eq!(v.to_owned(), c.to_owned());
    }

    #[test]
    fn view_mut_and_t_of_a_mutable_view_are_typed() {
        let mut t = Tensor::<i32, shape![2, 3]>::arange();
        let want = t.t().to_owned();
        let mut m = t.view_mut();
        let kt: TensorView<'_, i32, shape![3, 2]> = m.t();
        assert_eq!(kt.to_owned(), want);
        let mut again: TensorViewMut<'_, i32, shape![2, 3]> = m.view_mut();
        again.fill(7);
        assert_eq!(t.to_vec(), vec![7; 6]);
    }
}

// "`contract` and `einsum!` take typed views": a transposed or sliced
// operand, static, mixed or named, gives the typed result, equal to the
// same call on the `to_owned()` copies.
mod contract_and_einsum_views {
    use proptest::prelude::*;
    use shaped::{Axis, Dyn, Tensor, TensorView, dim_names, einsum, shape};

    dim_names!(I, J, K);

    #[test]
    fn contract_with_views() {
        let a = Tensor::<i64, shape![J: 3, I: 2]>::arange();
        let b = Tensor::<i64, shape![K: 4, J: 3]>::from_fn(|k| k as i64 - 5);
        let c: Tensor<i64, shape![I: 2, K: 4]> = a.t().contract(&b.t());
        assert_eq!(c, a.t().to_owned().contract(&b.t().to_owned()));
        let d: Tensor<i64, shape![I: 2, K: 4]> = a.t().to_owned().contract(&b.view());
        assert_eq!(d, c);
        // By hand: c[i, k] = sum_j a[j, i] * b[k, j].
        for i in 0..2 {
            for k in 0..4 {
                let want: i64 = (0..3).map(|j| a[[j, i]] * b[[k, j]]).sum();
                assert_eq!(c[[i, k]], want);
            }
        }
    }

    #[test]
    fn einsum_with_views() {
        let q = Tensor::<f64, shape![Dyn, 4, 3]>::from_fn_sized(&[2], |k| k as f64 * 0.5);
        let k = Tensor::<f64, shape![Dyn, 4, 3]>::from_fn_sized(&[2], |k| 1.0 - k as f64);
        let kt: TensorView<'_, f64, shape![Dyn, 3, 4]> = k.view().transpose(Axis::<1>, Axis::<2>);
        let s: Tensor<f64, shape![Dyn, 4, 4]> = einsum!("bij,bjk->bik", q.view(), kt);
        let want: Tensor<f64, shape![Dyn, 4, 4]> = einsum!("bij,bjk->bik", q, kt.to_owned());
        assert_eq!(s, want);
        assert_eq!(s, q.matmul(&kt));
        // A tensor and a view mixed, one operand borrowed.
        let tr: Tensor<f64, shape![Dyn]> = einsum!("bii->b", &s.view());
        assert_eq!(tr, einsum!("bii->b", s));
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

        // Random row slices (mixed views) as einsum operands.
        #[test]
        fn sliced_einsum(
            data in proptest::collection::vec(-20i64..20, 30),
            start in 0usize..5, len in 0usize..6,
        ) {
            let len = len.min(5 - start);
            let a = Tensor::<i64, shape![5, 6]>::from_slice(&data).unwrap();
            let rows: TensorView<'_, i64, shape![Dyn, 6]> = a.view().narrow(Axis::<0>, start, len);
            let g: Tensor<i64, shape![6, 6]> = einsum!("ij,ik->jk", rows, rows);
            let o = rows.to_owned();
            prop_assert_eq!(&g, &einsum!("ij,ik->jk", o, o));
            prop_assert_eq!(g, o.t().matmul(&o));
        }
    }
}

// "`zip`/`zip_into` take typed views": static and mixed views (sliced,
// transposed) as operands of the fused pass, against the operators on the
// `to_owned()` copies.
mod zip_views {
    use proptest::prelude::*;
    use shaped::{Axis, Dyn, Tensor, TensorView, shape, zip, zip_into};

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn sliced_and_transposed(
            data in proptest::collection::vec(-50i32..50, 30),
            other in proptest::collection::vec(-50i32..50, 30),
            start in 0usize..5, len in 0usize..6,
        ) {
            let len = len.min(5 - start);
            let a = Tensor::<i32, shape![5, 6]>::from_slice(&data).unwrap();
            let b = Tensor::<i32, shape![6, 5]>::from_slice(&other).unwrap();
            let rows: TensorView<'_, i32, shape![Dyn, 6]> = a.view().narrow(Axis::<0>, start, len);
            let brows: TensorView<'_, i32, shape![Dyn, 6]> = b.t().narrow(Axis::<0>, start, len);
            let bias = Tensor::<i32, shape![6]>::arange();
            let z: Tensor<i32, shape![Dyn, 6]> =
                zip((rows.clone(), &brows, &bias), |[x, y, c]| x * y - c);
            let (ro, bo) = (rows.to_owned(), brows.to_owned());
            prop_assert_eq!(&z, &(&(&ro * &bo) - &bias));
            let mut out = Tensor::<i32, shape![Dyn, 6]>::zeros_sized(&[len]);
            zip_into((&rows, brows), &mut out, |[x, y]| x - y);
            prop_assert_eq!(out, &ro - &bo);
            let full: Tensor<i32, shape![6, 5]> = zip((a.t(), &b), |[x, y]| x + 2 * y);
            prop_assert_eq!(full, &a.t().to_owned() + &(&b * 2));
        }
    }
}
