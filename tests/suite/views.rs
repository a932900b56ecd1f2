//! Views against copies made by a naive reference written here: every
//! slicing form, transposes and permutations, broadcast views, as operands
//! and as outputs; proptests over random shapes, slices and permutations.

use proptest::prelude::*;
use shaped::{DynTensor, ShapeError, SliceArg, Tensor, s, shape};

/// A row-major tensor as the reference sees it: sizes and elements.
#[derive(Clone, Debug)]
struct Naive {
    dims: Vec<usize>,
    data: Vec<i64>,
}

impl Naive {
    fn arange(dims: &[usize]) -> Self {
        let n: usize = dims.iter().product();
        Naive {
            dims: dims.to_vec(),
            data: (0..n as i64).collect(),
        }
    }
    fn tensor(&self) -> DynTensor<i64> {
        DynTensor::from_vec(self.data.clone(), &self.dims).unwrap()
    }
    /// Element at a multi-index (row-major, computed here).
    fn at(&self, index: &[usize]) -> i64 {
        let mut flat = 0;
        for (i, d) in index.iter().zip(&self.dims) {
            assert!(i < d);
            flat = flat * d + i;
        }
        self.data[flat]
    }
    /// A new tensor of `dims` whose element at `index` is `f(index)`.
    fn build(dims: &[usize], mut f: impl FnMut(&[usize]) -> i64) -> Self {
        let n: usize = dims.iter().product();
        let mut data = Vec::with_capacity(n);
        let mut index = vec![0; dims.len()];
        for _ in 0..n {
            data.push(f(&index));
            for k in (0..dims.len()).rev() {
                index[k] += 1;
                if index[k] < dims[k] {
                    break;
                }
                index[k] = 0;
            }
        }
        Naive {
            dims: dims.to_vec(),
            data,
        }
    }
}

/// Python's slice positions of `start:end:step` on an axis of `size`, as
/// its documentation states them: a negative bound counts from the end;
/// bounds are then reduced to `len` (to `len - 1` for a negative step) and
/// raised to 0 (to "before 0" for a negative step); a missing bound is the
/// end the step walks from or towards; the positions are `start`,
/// `start + step`, .. up to `end` excluded.
fn positions(size: usize, start: Option<isize>, end: Option<isize>, step: isize) -> Vec<usize> {
    let n = size as isize;
    let fix = |b: isize| {
        let b = if b < 0 { b + n } else { b };
        if step > 0 {
            b.clamp(0, n)
        } else {
            b.clamp(-1, n - 1)
        }
    };
    let (s, e) = if step > 0 {
        (start.map_or(0, fix), end.map_or(n, fix))
    } else {
        (start.map_or(n - 1, fix), end.map_or(-1, fix))
    };
    let mut out = Vec::new();
    let mut i = s;
    while (step > 0 && i < e) || (step < 0 && i > e) {
        out.push(i as usize);
        i += step;
    }
    out
}

/// The naive slice: for each axis the list of source positions, or a fixed one.
fn naive_slice(t: &Naive, args: &[SliceArg]) -> Naive {
    enum Ax {
        Keep(Vec<usize>),
        Fixed(usize),
    }
    let axes: Vec<Ax> = (0..t.dims.len())
        .map(|k| match args.get(k) {
            None => Ax::Keep((0..t.dims[k]).collect()),
            Some(SliceArg::Range { start, end, step }) => {
                Ax::Keep(positions(t.dims[k], *start, *end, *step))
            }
            Some(SliceArg::Index(i)) => Ax::Fixed(if *i < 0 {
                (t.dims[k] as isize + i) as usize
            } else {
                *i as usize
            }),
        })
        .collect();
    let dims: Vec<usize> = axes
        .iter()
        .filter_map(|a| match a {
            Ax::Keep(p) => Some(p.len()),
            Ax::Fixed(_) => None,
        })
        .collect();
    Naive::build(&dims, |index| {
        let mut k = 0;
        let src: Vec<usize> = axes
            .iter()
            .map(|a| match a {
                Ax::Keep(p) => {
                    k += 1;
                    p[index[k - 1]]
                }
                Ax::Fixed(i) => *i,
            })
            .collect();
        t.at(&src)
    })
}

fn naive_permute(t: &Naive, perm: &[usize]) -> Naive {
    let dims: Vec<usize> = perm.iter().map(|&p| t.dims[p]).collect();
    Naive::build(&dims, |index| {
        let mut src = vec![0; perm.len()];
        for (k, &p) in perm.iter().enumerate() {
            src[p] = index[k];
        }
        t.at(&src)
    })
}

fn naive_broadcast(t: &Naive, dims: &[usize]) -> Naive {
    let pad = dims.len() - t.dims.len();
    Naive::build(dims, |index| {
        let src: Vec<usize> = (0..t.dims.len())
            .map(|k| if t.dims[k] == 1 { 0 } else { index[k + pad] })
            .collect();
        t.at(&src)
    })
}

fn naive_zip(a: &Naive, b: &Naive, f: impl Fn(i64, i64) -> i64) -> Naive {
    let rank = a.dims.len().max(b.dims.len());
    let dims: Vec<usize> = (0..rank)
        .map(|k| {
            let da = if k + a.dims.len() >= rank {
                a.dims[k + a.dims.len() - rank]
            } else {
                1
            };
            let db = if k + b.dims.len() >= rank {
                b.dims[k + b.dims.len() - rank]
            } else {
                1
            };
            if da == 1 { db } else { da }
        })
        .collect();
    let (ab, bb) = (naive_broadcast(a, &dims), naive_broadcast(b, &dims));
    Naive::build(&dims, |index| f(ab.at(index), bb.at(index)))
}

#[test]
fn slicing_forms() {
    let t = DynTensor::<i32>::arange(24).reshape(&[2, 3, 4]).unwrap();
    assert_eq!(t.slice(s![1, 1..3, ..;2]).to_vec(), vec![16, 18, 20, 22]);
    assert_eq!(t.slice(s![.., -1, -1]).to_vec(), vec![11, 23]);
    assert_eq!(t.slice(s![0, ..=1, 3]).to_vec(), vec![3, 7]);
    assert_eq!(t.slice(s![0, .., ..-2]).to_vec(), vec![0, 1, 4, 5, 8, 9]);
    assert_eq!(t.slice(s![0, 1..]).shape(), &[2, 4]);
    assert_eq!(t.slice(s![.., 5..]).shape(), &[2, 0, 4]);
    assert_eq!(t.slice(s![1..100]).shape(), &[1, 3, 4]);
    assert_eq!(t.slice(s![]).shape(), &[2, 3, 4]);
    // Views of views compose.
    let v = t.slice(s![.., 1..]).slice(s![1, ..;2]).t();
    assert_eq!(v.shape(), &[4, 1]);
    assert_eq!(v.to_vec(), vec![16, 17, 18, 19]);
    assert_eq!(
        t.narrow(2, 1, 2).narrow(-2, 2, 1).to_vec(),
        vec![9, 10, 21, 22]
    );
    assert_eq!(
        t.index_axis(-1, 0).index_axis(0, 1).to_vec(),
        vec![12, 16, 20]
    );
    let row = t.narrow(0, 1, 1);
    assert_eq!(row.squeeze(0).shape(), &[3, 4]);
    assert_eq!(row.squeeze(0).unsqueeze(-1).shape(), &[3, 4, 1]);
    assert_eq!(row.squeeze(0).to_vec(), (12..24).collect::<Vec<_>>());
}

#[test]
fn errors_in_pytorch_words() {
    let t = DynTensor::<f32>::zeros(&[4, 3]);
    let first = |e: ShapeError| e.to_string().lines().next().unwrap().to_string();
    assert_eq!(
        first(t.try_narrow(0, 3, 2).unwrap_err()),
        "start (3) + length (2) exceeds dimension size (4)."
    );
    assert_eq!(
        first(t.try_narrow(0, usize::MAX, 2).unwrap_err()),
        format!(
            "start ({}) + length (2) exceeds dimension size (4).",
            usize::MAX
        )
    );
    assert_eq!(
        first(t.try_index_axis(0, 5).unwrap_err()),
        "index 5 is out of bounds for dimension 0 with size 4"
    );
    assert_eq!(
        first(t.try_index_axis(1, -4).unwrap_err()),
        "index -4 is out of bounds for dimension 1 with size 3"
    );
    assert_eq!(
        first(t.try_index_axis(2, 0).unwrap_err()),
        "Dimension out of range (expected to be in range of [-2, 1], but got 2)"
    );
    assert_eq!(
        first(t.try_slice(s![..;0]).unwrap_err()),
        "step must be greater than zero (got 0)"
    );
    assert_eq!(
        first(t.try_slice(s![0, 0, 0]).unwrap_err()),
        "too many indices for tensor of dimension 2 (got 3)"
    );
    assert_eq!(
        first(t.view().try_squeeze(0).unwrap_err()),
        "cannot select an axis to squeeze out which has size not equal to one"
    );
    assert_eq!(
        first(t.view().try_broadcast_to(&[2, 5, 3]).unwrap_err()),
        first(t.broadcast_to(&[2, 5, 3]).unwrap_err())
    );
    assert!(matches!(
        t.try_index_axis(0, 4).unwrap_err(),
        ShapeError::IndexOutOfRange {
            axis: 0,
            index: 4,
            ..
        }
    ));
    // Operands that do not broadcast: the tensors' error.
    let a = DynTensor::<f32>::zeros(&[3, 4]);
    assert_eq!(
        first(t.t().try_add(a.t()).unwrap_err()),
        first(
            DynTensor::<f32>::zeros(&[3, 4])
                .try_add(&DynTensor::zeros(&[4, 3]))
                .unwrap_err()
        )
    );
    let mut out = DynTensor::<f32>::zeros(&[4, 3]);
    let before = out.clone();
    assert!(out.view_mut().try_add_assign(&a).is_err());
    assert_eq!(out, before);
    // Integer division by a zero in a view is refused.
    let d = DynTensor::<i32>::arange(4).reshape(&[2, 2]).unwrap();
    assert!(matches!(
        d.view().try_div(d.t()).unwrap_err(),
        ShapeError::DivisionByZero { .. }
    ));
}

#[test]
fn transposes_and_broadcasts_as_operands_and_outputs() {
    let a = Naive::arange(&[3, 4]);
    let b = Naive::arange(&[4, 3]);
    let (ta, tb) = (a.tensor(), b.tensor());
    let want = naive_zip(&naive_permute(&a, &[1, 0]), &b, |x, y| x + y);
    let got = &ta.t() + &tb;
    assert_eq!(
        (got.shape(), got.to_vec()),
        (&want.dims[..], want.data.clone())
    );
    let got = &tb + &ta.t();
    assert_eq!(got.to_vec(), want.data);
    // A column broadcast against a row, both views.
    let col = ta.slice(s![.., 1..2]);
    let row = tb.slice(s![0..1, ..]);
    let want = naive_zip(
        &naive_slice(&a, &s![.., 1..2]),
        &naive_slice(&b, &s![0..1, ..]),
        |x, y| x * 10 - y,
    );
    let got = &(&col * &DynTensor::scalar(10)) - &row;
    assert_eq!(
        (got.shape(), got.to_vec()),
        (&want.dims[..], want.data.clone())
    );
    let got = (&col * &DynTensor::scalar(10)).view() - row.clone();
    assert_eq!(got.to_vec(), want.data);
    // broadcast_to is a stride-0 view, equal to the copying form.
    let e = ta.index_axis(1, 2).unsqueeze(1).broadcast_to(&[2, 3, 5]);
    assert_eq!(e.strides(), &[0, 4, 0]);
    let naive = naive_broadcast(&naive_slice(&a, &s![.., 2..3]), &[2, 3, 5]);
    assert_eq!(e.to_vec(), naive.data);
    // Static tensors are operands too.
    let s34 = Tensor::<i64, shape![3, 4]>::arange();
    let got = &s34.view().t() + &tb;
    assert_eq!(got.to_vec(), (&ta.t() + &tb).to_vec());
    let got = &s34 + &ta.view();
    assert_eq!(got.to_vec(), (&ta + &ta).to_vec());

    // Outputs: a transposed mutable view, a column, a strided slice.
    let mut out = DynTensor::<i64>::zeros(&[3, 4]);
    let mut v = out.view_mut().t();
    v += &tb;
    assert_eq!(out.to_vec(), naive_permute(&b, &[1, 0]).data);
    let mut out = ta.clone();
    out.index_axis_mut(1, 1)
        .assign(DynTensor::from_vec(vec![7, 8, 9], &[3]).unwrap());
    let want = Naive::build(
        &[3, 4],
        |i| if i[1] == 1 { 7 + i[0] as i64 } else { a.at(i) },
    );
    assert_eq!(out.to_vec(), want.data);
    let mut out = ta.clone();
    let mut v = out.slice_mut(s![..;2, 1..;2]);
    v *= &DynTensor::scalar(-1);
    let want = Naive::build(&[3, 4], |i| {
        if i[0] % 2 == 0 && i[1] % 2 == 1 {
            -a.at(i)
        } else {
            a.at(i)
        }
    });
    assert_eq!(out.to_vec(), want.data);
    // A tensor += a view.
    let mut out = tb.clone();
    out -= &ta.t();
    let want = naive_zip(&b, &naive_permute(&a, &[1, 0]), |x, y| x - y);
    assert_eq!(out.to_vec(), want.data);
}

#[test]
fn iteration_and_elements() {
    let a = Naive::arange(&[3, 4]);
    let t = a.tensor();
    let cols: Vec<i64> = t.axis_iter(1).map(|c| c.sum()).collect();
    let want: Vec<i64> = (0..4)
        .map(|j| (0..3).map(|i| a.at(&[i, j])).sum())
        .collect();
    assert_eq!(cols, want);
    let rows: Vec<Vec<i64>> = t.t().rows().map(|r| r.to_vec()).collect();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[1], vec![1, 5, 9]);
    assert_eq!(t.outer_iter().len(), 3);
    assert_eq!(t.outer_iter().nth(2).unwrap().to_vec(), vec![8, 9, 10, 11]);
    let idx: Vec<(Vec<usize>, i64)> = t
        .slice(s![1.., ..;3])
        .indexed_iter()
        .map(|(i, &x)| (i.to_vec(), x))
        .collect();
    assert_eq!(
        idx,
        vec![
            (vec![0, 0], 4),
            (vec![0, 1], 7),
            (vec![1, 0], 8),
            (vec![1, 1], 11)
        ]
    );
    assert_eq!(t.t().get(&[3, 2]), Some(&11));
    assert_eq!(t.t().get(&[2, 3]), None);
    assert_eq!(t.t()[[1, 2]], 9);
    let mut m = t.clone();
    *m.get_mut(&[0, 1]).unwrap() = 100;
    assert_eq!(m[[0, 1]], 100);
    let mut v = m.view_mut().t();
    v[[1, 0]] = 5;
    *v.get_mut(&[3, 2]).unwrap() = -1;
    assert_eq!(m[[0, 1]], 5);
    assert_eq!(m[[2, 3]], -1);
    for x in m.view_mut().slice(s![.., ..;2]).iter_mut() {
        *x = 0;
    }
    assert_eq!(m.to_vec(), vec![0, 5, 0, 3, 0, 5, 0, 7, 0, 9, 0, -1]);
    assert_eq!(t.iter().copied().sum::<i64>(), 66);
    assert_eq!(t.slice(s![.., 1]).sum(), 1 + 5 + 9);
    assert_eq!(
        t.t().sum_dims(&[1], false).unwrap().to_vec(),
        vec![12, 15, 18, 21]
    );
}

#[test]
fn contiguous_borrows_only_when_it_can() {
    let t = DynTensor::<f32>::arange(12).reshape(&[3, 4]).unwrap();
    assert!(t.slice(s![1..3, ..]).is_contiguous());
    assert!(matches!(
        t.slice(s![1..3]).contiguous(),
        std::borrow::Cow::Borrowed(_)
    ));
    assert!(matches!(
        t.slice(s![.., 1]).contiguous(),
        std::borrow::Cow::Owned(_)
    ));
    // A size-1 axis does not break contiguity, whatever its stride.
    assert!(t.slice(s![1..2, ..]).t().t().is_contiguous());
    // A column as a row: elements 4 apart.
    assert!(!t.slice(s![.., 2..3]).t().is_contiguous());
    let v = t.slice(s![.., 1..3]);
    assert_eq!(
        v.to_owned(),
        DynTensor::from_vec(vec![1.0, 2.0, 5.0, 6.0, 9.0, 10.0], &[3, 2]).unwrap()
    );
}

#[test]
fn named_views_keep_names() {
    let t = DynTensor::<f32>::zeros(&[2, 3, 4])
        .with_names(["N", "H", "W"])
        .unwrap();
    assert_eq!(
        t.slice(s![.., 1..]).names(),
        [Some("N"), Some("H"), Some("W")]
    );
    assert_eq!(t.slice(s![.., 1]).names(), [Some("N"), Some("W")]);
    assert_eq!(t.index_axis(0, 1).names(), [Some("H"), Some("W")]);
    assert_eq!(t.narrow(2, 0, 2).names(), [Some("N"), Some("H"), Some("W")]);
    assert_eq!(t.t().names(), [Some("W"), Some("H"), Some("N")]);
    assert_eq!(
        t.view().unsqueeze(1).names(),
        [Some("N"), None, Some("H"), Some("W")]
    );
    assert_eq!(
        t.index_axis(0, 0).to_owned().names(),
        [Some("H"), Some("W")]
    );
    // Named views broadcast by name, as tensors do.
    let hw = DynTensor::<f32>::ones(&[4, 3])
        .with_names(["W", "H"])
        .unwrap();
    let r = &t.index_axis(0, 1) + &hw.view();
    assert_eq!(r.shape(), &[3, 4]);
    assert_eq!(r.names(), [Some("H"), Some("W")]);
}

fn shape_strategy() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(0usize..5, 0..5)
}

fn slice_strategy(dims: Vec<usize>) -> impl Strategy<Value = (Vec<usize>, Vec<SliceArg>)> {
    let per_axis: Vec<_> = dims
        .iter()
        .map(|&d| {
            let idx = if d > 0 {
                (-(d as isize)..d as isize)
                    .prop_map(SliceArg::Index)
                    .boxed()
            } else {
                Just(SliceArg::FULL).boxed()
            };
            prop_oneof![
                (
                    prop::option::of(-7isize..7),
                    prop::option::of(-7isize..7),
                    prop_oneof![1isize..4, -4isize..0]
                )
                    .prop_map(|(start, end, step)| SliceArg::Range {
                        start,
                        end,
                        step
                    }),
                idx,
            ]
        })
        .collect();
    (Just(dims), per_axis).prop_flat_map(|(dims, args)| {
        let n = args.len();
        (Just(dims), Just(args), 0..=n).prop_map(|(d, a, k)| (d, a[..k].to_vec()))
    })
}

fn perm_strategy(rank: usize) -> impl Strategy<Value = Vec<usize>> {
    Just((0..rank).collect::<Vec<_>>()).prop_shuffle()
}

proptest! {
    #[test]
    fn slices_match_the_naive_copy((dims, args) in shape_strategy().prop_flat_map(slice_strategy)) {
        let t = Naive::arange(&dims);
        let want = naive_slice(&t, &args);
        let tensor = t.tensor();
        let v = tensor.slice(&args);
        prop_assert_eq!(v.shape(), &want.dims[..]);
        prop_assert_eq!(v.to_vec(), want.data.clone());
        prop_assert_eq!(v.iter().copied().collect::<Vec<_>>(), want.data.clone());
        // As an operand (with itself) and as an output.
        let doubled = &v + &v;
        prop_assert_eq!(doubled.to_vec(), want.data.iter().map(|x| 2 * x).collect::<Vec<_>>());
        let mut m = tensor.clone();
        m.slice_mut(&args).fill(-1);
        let mut expect = t.data.clone();
        let marks = naive_slice(&Naive { dims: dims.clone(), data: (0..t.data.len() as i64).collect() }, &args);
        for &i in &marks.data { expect[i as usize] = -1; }
        prop_assert_eq!(m.to_vec(), expect);
    }

    #[test]
    fn permuted_views_match((dims, perm) in shape_strategy().prop_flat_map(|d| { let r = d.len(); (Just(d), perm_strategy(r)) })) {
        let t = Naive::arange(&dims);
        let want = naive_permute(&t, &perm);
        let tensor = t.tensor();
        let v = tensor.view().permute(&perm);
        prop_assert_eq!(v.to_vec(), want.data.clone());
        prop_assert_eq!(v.to_owned(), tensor.permute(&perm).unwrap());
        // Permuted view + a contiguous tensor of its shape, and into a permuted output.
        let other = Naive::build(&want.dims, |i| i.iter().map(|&x| x as i64).sum());
        let sum = &v + &other.tensor();
        prop_assert_eq!(sum.to_vec(), naive_zip(&want, &other, |x, y| x + y).data);
        let mut out = DynTensor::<i64>::zeros(&dims);
        let mut ov = out.view_mut().permute(&perm);
        ov += &other.tensor();
        let back: Vec<usize> = (0..perm.len()).map(|k| perm.iter().position(|&p| p == k).unwrap()).collect();
        prop_assert_eq!(out.to_vec(), naive_permute(&other, &back).data);
    }

    #[test]
    fn broadcast_views_match(dims in prop::collection::vec(1usize..4, 0..4), extra in prop::collection::vec(1usize..4, 0..2), mask in prop::collection::vec(any::<bool>(), 4)) {
        // Some of `dims` set to 1 in the source; broadcast back to `extra ++ dims`.
        let src: Vec<usize> = dims.iter().zip(&mask).map(|(&d, &m)| if m { 1 } else { d }).collect();
        let target: Vec<usize> = extra.iter().chain(&dims).copied().collect();
        let t = Naive::arange(&src);
        let want = naive_broadcast(&t, &target);
        let tensor = t.tensor();
        let v = tensor.view().broadcast_to(&target);
        prop_assert_eq!(v.to_vec(), want.data.clone());
        prop_assert_eq!(v.to_owned(), tensor.broadcast_to(&target).unwrap());
        let other = Naive::arange(&target);
        prop_assert_eq!((&other.tensor() - &v).to_vec(), naive_zip(&other, &want, |x, y| x - y).data);
    }

    #[test]
    fn try_forms_never_panic(dims in shape_strategy(), axis in -6isize..6, start in 0usize..8, len in 0usize..8, index in -8isize..8, args in prop::collection::vec((-9isize..9, prop::option::of(-9isize..9), -2isize..3, any::<bool>()), 0..6)) {
        let t = DynTensor::<f32>::zeros(&dims);
        let _ = t.try_narrow(axis, start, len);
        let _ = t.try_index_axis(axis, index);
        let args: Vec<SliceArg> = args.into_iter().map(|(s, e, step, single)| if single { SliceArg::Index(s) } else { SliceArg::Range { start: Some(s), end: e, step } }).collect();
        if let Ok(v) = t.try_slice(&args) {
            let n: usize = v.shape().iter().product();
            prop_assert_eq!(v.to_vec().len(), n);
        }
        let _ = t.view().try_squeeze(axis);
        let _ = t.view().try_unsqueeze(axis);
        let _ = t.view().try_axis_iter(axis).map(|it| it.count());
    }
}

#[test]
fn into_forms_take_views() {
    let a = Naive::arange(&[3, 4]);
    let b = Naive::arange(&[4, 3]);
    let (ta, tb) = (a.tensor(), b.tensor());
    let want = naive_zip(&naive_permute(&a, &[1, 0]), &b, |x, y| x * y);
    // Contiguous output.
    let mut out = DynTensor::<i64>::zeros(&[4, 3]);
    shaped::try_mul_into(&ta.t(), &tb, &mut out).unwrap();
    assert_eq!(out.to_vec(), want.data);
    // A transposed (strided) output: written back through its strides.
    let mut out = DynTensor::<i64>::zeros(&[3, 4]);
    shaped::try_mul_into(&ta.t(), &tb, &mut out.view_mut().t()).unwrap();
    assert_eq!(out.to_vec(), naive_permute(&want, &[1, 0]).data);
    // A wrong output shape is an error and writes nothing.
    let mut out = DynTensor::<i64>::zeros(&[3, 4]);
    assert!(shaped::try_add_into(&ta.t(), &tb, &mut out.slice_mut(s![.., 1..])).is_err());
    assert_eq!(out.to_vec(), vec![0; 12]);
}

#[test]
fn static_views_compute_their_layouts() {
    use shaped::{Axis, Dyn, TensorView, narrow};
    let t = Tensor::<i64, shape![4, 3]>::arange();
    let naive = Naive::arange(&[4, 3]);
    let rows: TensorView<'_, i64, shape![2, 3]> = narrow!(t.view(), 0, 1..3);
    let rows: Tensor<i64, shape![2, 3]> = rows.to_owned();
    assert_eq!(rows.to_vec(), naive_slice(&naive, &s![1..3]).data);
    let cols: TensorView<'_, i64, shape![4, 2]> = narrow!(t.view(), 1, 1..3);
    assert_eq!(cols.to_vec(), naive_slice(&naive, &s![.., 1..3]).data);
    let some: TensorView<'_, i64, shape![Dyn, 3]> = t.view().narrow(Axis::<0>, 2, 2);
    assert_eq!(
        some.to_owned().to_vec(),
        naive_slice(&naive, &s![2..4]).data
    );
    assert!(t.view().try_narrow(Axis::<0>, 3, 2).is_err());
    let col: TensorView<'_, i64, shape![4]> = t.view().index_axis(Axis::<1>, 2);
    assert_eq!(col.to_vec(), naive_slice(&naive, &s![.., 2]).data);
    let tr: TensorView<'_, i64, shape![3, 4]> = t.view().transpose(Axis::<0>, Axis::<1>);
    assert_eq!(tr.to_vec(), naive_permute(&naive, &[1, 0]).data);
    // axis_iter yields views of the static shape without that axis.
    let mut n = 0;
    for (j, c) in t.view().axis_iter(Axis::<1>).enumerate() {
        let c: Tensor<i64, shape![4]> = c.to_owned();
        assert_eq!(
            c.to_vec(),
            naive_slice(&naive, &[SliceArg::FULL, SliceArg::Index(j as isize)]).data
        );
        n += 1;
    }
    assert_eq!(n, 3);
    // Mixed layouts too: the static axis stays static.
    let m = Tensor::<i64, shape![Dyn, 3]>::from_vec((0..12).collect(), &[4]).unwrap();
    let r: TensorView<'_, i64, shape![Dyn, 2]> = narrow!(m.view(), 1, 0..2);
    assert_eq!(r.to_vec(), naive_slice(&naive, &s![.., ..2]).data);
    // Typed views are operands and mutable typed views targets.
    let sum = &rows.view() + &t.view().index_axis(Axis::<0>, 0);
    assert_eq!(
        sum.to_vec(),
        naive_zip(
            &naive_slice(&naive, &s![1..3]),
            &naive_slice(&naive, &s![0]),
            |x, y| x + y
        )
        .data
    );
    let mut z = Tensor::<i64, shape![4, 3]>::zeros();
    let mut v = z.view_mut();
    v += &t.view().t().t();
    assert_eq!(z.to_vec(), naive.data);
}

proptest! {
    // Transposed operands large enough for the kernel's tiles (8 rows at a
    // time), with ragged edges, against a contiguous partner, a row
    // broadcast along the rows and a column, in both operand orders.
    #[test]
    fn large_transposes_match(m in 1usize..40, n in 1usize..40, which in 0usize..3) {
        let a = Naive::arange(&[n, m]); // a.t() is [m, n]
        let at = naive_permute(&a, &[1, 0]);
        let b = match which {
            0 => Naive::build(&[m, n], |i| (i[0] * 100 + i[1]) as i64 * 3),
            1 => Naive::build(&[1, n], |i| i[1] as i64 - 7),
            _ => Naive::build(&[m, 1], |i| i[0] as i64 * 11),
        };
        let (ta, tb) = (a.tensor(), b.tensor());
        let got = &ta.t() - &tb;
        prop_assert_eq!(got.to_vec(), naive_zip(&at, &b, |x, y| x - y).data);
        let got = &tb - &ta.t();
        prop_assert_eq!(got.to_vec(), naive_zip(&b, &at, |x, y| x - y).data);
        // Both operands transposed.
        let c = Naive::build(&[n, m], |i| (i[0] + 2 * i[1]) as i64);
        let got = &ta.t() * &c.tensor().t();
        prop_assert_eq!(got.to_vec(), naive_zip(&at, &naive_permute(&c, &[1, 0]), |x, y| x * y).data);
    }
}

proptest! {
    // Slices with long rows (the kernel cuts rows of more than 8 elements
    // into chunks of 32 and a remainder), each operand moving along the
    // rows or broadcast along them, rows contiguous or a block of several
    // rows (a leading axis that does not merge), in both operand orders.
    #[test]
    fn long_rows_in_every_form_match(rows in 1usize..5, n in 9usize..100, start in 0usize..4, which in 0usize..4, lead in 1usize..3) {
        let full = Naive::arange(&[lead, rows, n + 5]);
        let args = [SliceArg::FULL, SliceArg::FULL, SliceArg::Range { start: Some(start as isize), end: Some((start + n) as isize), step: 1 }];
        let a = naive_slice(&full, &args); // [lead, rows, n], rows not contiguous
        let b = match which {
            0 => Naive::build(&[lead, rows, n], |i| (i[0] * 1000 + i[1] * 100 + i[2]) as i64 * 3),
            1 => Naive::build(&[rows, 1], |i| i[0] as i64 - 7),
            2 => Naive::build(&[1, n], |i| i[1] as i64 * 11),
            _ => Naive::build(&[lead, 1, 1], |i| i[0] as i64 + 5),
        };
        let (tf, tb) = (full.tensor(), b.tensor());
        let view = tf.slice(args);
        prop_assert_eq!((&view - &tb).to_vec(), naive_zip(&a, &b, |x, y| x - y).data);
        prop_assert_eq!((&tb.view() - &view).to_vec(), naive_zip(&b, &a, |x, y| x - y).data);
        // Both broadcast along the rows: every row is one value.
        let first = [SliceArg::FULL, SliceArg::FULL, SliceArg::Range { start: Some(0), end: Some(1), step: 1 }];
        let col = naive_broadcast(&naive_slice(&full, &first), &[lead, rows, n]);
        let c = Naive::build(&[lead, 1, 1], |i| i[0] as i64 * 2 + 1);
        let got = &tf.slice(first).broadcast_to(&[lead, rows, n]) * &c.tensor();
        prop_assert_eq!(got.to_vec(), naive_zip(&col, &c, |x, y| x * y).data);
    }
}

/// Writes `f(item number, position in the item)` through every item of
/// `axis_iter_mut(axis)` as a naive loop would, and returns the tensor.
fn naive_write_axis(dims: &[usize], axis: usize) -> Naive {
    Naive::build(dims, |index| {
        let pos: Vec<usize> = (0..dims.len())
            .filter(|&k| k != axis)
            .map(|k| index[k])
            .collect();
        1000 * index[axis] as i64 + flat(&pos)
    })
}

/// A multi-index as one number, for the values written through views.
fn flat(index: &[usize]) -> i64 {
    index.iter().fold(0i64, |a, &i| a * 10 + i as i64)
}

#[test]
fn mutable_axis_iteration_writes_where_the_views_lie() {
    // Outer axis of a tensor: disjoint pieces; every item written.
    let dims = [3, 2, 4];
    let mut t = DynTensor::<i64>::zeros(&dims);
    for (i, mut item) in t.axis_iter_mut(0).enumerate() {
        assert_eq!(item.shape(), &[2, 4]);
        for a in 0..2 {
            for b in 0..4 {
                *item.get_mut(&[a, b]).unwrap() = 1000 * i as i64 + flat(&[a, b]);
            }
        }
    }
    assert_eq!(t.to_vec(), naive_write_axis(&dims, 0).data);
    // Axis 1 of a transposed view: its items are the storage's rows.
    let mut t = DynTensor::<i64>::zeros(&[4, 3]);
    {
        let v = t.view_mut().t(); // [3, 4], axis 1 is outer in memory
        for (j, mut col) in v.axis_iter_mut(1).enumerate() {
            assert_eq!(col.shape(), &[3]);
            for i in 0..3 {
                col[[i]] = 1000 * j as i64 + i as i64;
            }
        }
    }
    // Element [j, i] of t is [i, j] of the view, item j position i.
    let want = Naive::build(&[4, 3], |ix| 1000 * ix[0] as i64 + ix[1] as i64);
    assert_eq!(t.to_vec(), want.data);
    // Rows of a slice with a step: rows of every other column.
    let mut t = DynTensor::<i64>::zeros(&[3, 6]);
    for (r, mut row) in t.slice_mut(s![.., 1..;2]).rows_mut().enumerate() {
        assert_eq!(row.shape(), &[3]);
        row.fill(r as i64 + 1);
    }
    let want = Naive::build(
        &[3, 6],
        |ix| {
            if ix[1] % 2 == 1 { ix[0] as i64 + 1 } else { 0 }
        },
    );
    assert_eq!(t.to_vec(), want.data);
    // Columns of a row-major matrix interleave: refused by the iterator,
    // written one at a time by axis_for_each_mut.
    let mut t = DynTensor::<i64>::zeros(&[3, 4]);
    let err = t.view_mut().try_axis_iter_mut(1).err().unwrap();
    assert!(matches!(err, ShapeError::InterleavedViews { axis: 1, .. }));
    assert!(t.view_mut().t().try_rows_mut().is_err());
    assert!(t.view_mut().try_axis_iter_mut(2).is_err());
    t.view_mut()
        .axis_for_each_mut(1, |j, mut col| {
            for i in 0..3 {
                col[[i]] = 1000 * j as i64 + i as i64;
            }
        })
        .unwrap();
    let want = Naive::build(&[3, 4], |ix| 1000 * ix[1] as i64 + ix[0] as i64);
    assert_eq!(t.to_vec(), want.data);
    // Empty and size-1 cases.
    let mut e = DynTensor::<i64>::zeros(&[0, 3]);
    assert_eq!(e.outer_iter_mut().len(), 0);
    assert_eq!(e.view_mut().axis_iter_mut(1).len(), 3);
    let mut one = DynTensor::<i64>::zeros(&[1, 3]);
    for mut c in one.view_mut().axis_iter_mut(1) {
        c.fill(7);
    }
    assert_eq!(one.to_vec(), vec![7, 7, 7]);
    let mut s = DynTensor::<i64>::scalar(1);
    for mut r in s.rows_mut() {
        r.fill(5);
    }
    assert_eq!(s.to_vec(), vec![5]);
    // Names ride along, the iterated axis's dropped.
    let mut n = DynTensor::<i64>::zeros(&[2, 3])
        .with_names(["R", "C"])
        .unwrap();
    assert_eq!(n.outer_iter_mut().next().unwrap().names(), [Some("C")]);
}

#[test]
fn static_mutable_axis_iteration() {
    use shaped::{Axis, TensorViewMut};
    let mut t = Tensor::<i64, shape![3, 2, 4]>::zeros();
    for (i, item) in t.view_mut().axis_iter_mut(Axis::<0>).enumerate() {
        let mut item: TensorViewMut<'_, i64, shape![2, 4]> = item;
        for a in 0..2 {
            for b in 0..4 {
                item[[a, b]] = 1000 * i as i64 + flat(&[a, b]);
            }
        }
    }
    assert_eq!(t.to_vec(), naive_write_axis(&[3, 2, 4], 0).data);
    let mut t = Tensor::<i64, shape![3, 1, 4]>::zeros();
    // Axis 1 has size 1: one item, the whole tensor.
    for item in t.view_mut().axis_iter_mut(Axis::<1>) {
        let mut item: TensorViewMut<'_, i64, shape![3, 4]> = item;
        item.fill(2);
    }
    assert_eq!(t.to_vec(), vec![2; 12]);
    let mut t = Tensor::<i64, shape![2, 3]>::zeros();
    for (i, mut row) in t.view_mut().outer_iter_mut().enumerate() {
        row += &DynTensor::from_vec(vec![1, 2, 3], &[3]).unwrap();
        row *= &DynTensor::scalar(i as i64 + 1);
    }
    assert_eq!(t.to_vec(), vec![1, 2, 3, 2, 4, 6]);
    for mut r in t.view_mut().rows_mut() {
        r.fill(0);
    }
    assert_eq!(t.to_vec(), vec![0; 6]);
    assert!(t.view_mut().try_axis_iter_mut(Axis::<1>).is_err());
}

proptest! {
    // Every permuted view, every axis: either the mutable items are handed
    // out and writing through them gives the naive result, or they
    // interleave (checked here on their offsets) and axis_for_each_mut
    // gives it.
    #[test]
    fn mutable_items_match_the_naive_writes((dims, perm, axis) in prop::collection::vec(1usize..4, 1..4).prop_flat_map(|d| {
        let r = d.len();
        (Just(d), perm_strategy(r), 0..r)
    })) {
        let pd: Vec<usize> = perm.iter().map(|&p| dims[p]).collect();
        let want_view = naive_write_axis(&pd, axis);
        // Back to storage order: element `src` of the tensor is element
        // `index` of the view, where index[k] = src[perm[k]].
        let want = Naive::build(&dims, |src| {
            let index: Vec<usize> = perm.iter().map(|&p| src[p]).collect();
            want_view.at(&index)
        });
        let write = |k: usize, mut item: shaped::DynViewMut<'_, i64>| {
            let shape = item.shape().to_vec();
            let n: usize = shape.iter().product();
            for f in 0..n {
                let mut pos = vec![0; shape.len()];
                let mut r = f;
                for d in (0..shape.len()).rev() {
                    pos[d] = r % shape[d];
                    r /= shape[d];
                }
                *item.get_mut(&pos).unwrap() = 1000 * k as i64 + flat(&pos);
            }
        };
        let mut t = DynTensor::<i64>::zeros(&dims);
        let strides: Vec<isize> = {
            let v = t.view_mut().permute(&perm);
            v.strides().to_vec()
        };
        let res = t.view_mut().permute(&perm).try_axis_iter_mut(axis);
        // Naive interleaving check: the offset ranges of the items overlap.
        let extent: usize = (0..pd.len()).filter(|&k| k != axis).map(|k| (pd[k] - 1) * strides[k] as usize).sum::<usize>() + 1;
        let interleaved = pd[axis] > 1 && (strides[axis] as usize) < extent;
        match res {
            Ok(items) => {
                prop_assert!(!interleaved);
                for (k, item) in items.enumerate() {
                    write(k, item);
                }
            }
            Err(e) => {
                prop_assert!(interleaved);
                let kind = e.kind();
                prop_assert_eq!(kind, shaped::ShapeErrorKind::InterleavedViews);
                t.view_mut().permute(&perm).axis_for_each_mut(axis, write).unwrap();
            }
        }
        prop_assert_eq!(t.to_vec(), want.data);
    }
}

#[test]
fn typed_slices_compute_their_layouts() {
    use shaped::{AxisFromEnd, Dyn, TensorView, dim_names, narrow, slice};
    dim_names!(H, W);
    let t = Tensor::<i64, shape![4, 5, 6]>::arange();
    let naive = Naive::arange(&[4, 5, 6]);
    let a: TensorView<'_, i64, shape![2, 6]> = slice!(t.view(), 1..3, 2);
    assert_eq!(a.to_vec(), naive_slice(&naive, &s![1..3, 2]).data);
    let b: TensorView<'_, i64, shape![5]> = slice!(t.view(), 3, .., -1);
    assert_eq!(b.to_vec(), naive_slice(&naive, &s![3, .., -1]).data);
    let b2: TensorView<'_, i64, shape![4, 2, 6]> = slice!(t.view(), .., ..2);
    assert_eq!(b2.to_vec(), naive_slice(&naive, &s![.., ..2]).data);
    let (i, j, k) = (1usize, 4usize, 2usize);
    let c: TensorView<'_, i64, shape![Dyn, 6]> = slice!(t.view(), i..j, k);
    assert_eq!(c.to_vec(), naive_slice(&naive, &s![1..4, 2]).data);
    let d: TensorView<'_, i64, shape![4, Dyn, Dyn]> = slice!(t.view(), .., 1.., ..;2);
    assert_eq!(d.to_vec(), naive_slice(&naive, &s![.., 1.., ..;2]).data);
    let e: TensorView<'_, i64, shape![Dyn, 3]> = slice!(t.view(), 1..j;2, 0, 3..6);
    assert_eq!(e.to_vec(), naive_slice(&naive, &s![1..4;2, 0, 3..6]).data);
    let f: TensorView<'_, i64, shape![5, 6]> = slice!(t.view(), k);
    assert_eq!(f.to_vec(), naive_slice(&naive, &s![2]).data);
    // The whole view when nothing is sliced; a slice of a slice.
    let g: TensorView<'_, i64, shape![4, 5, 6]> = slice!(t.view(), .., .., ..);
    assert_eq!(g.to_vec(), naive.data);
    let h: TensorView<'_, i64, shape![2]> = slice!(slice!(t.view(), 1..3, 2), .., 5);
    assert_eq!(h.to_vec(), naive_slice(&naive, &s![1..3, 2, 5]).data);
    // Runtime arguments out of range: the runtime error.
    let err = t
        .view()
        .try_slice_axis(shaped::Axis::<0>, 7usize)
        .err()
        .unwrap();
    assert_eq!(
        err.to_string().lines().next().unwrap(),
        "index 7 is out of bounds for dimension 0 with size 4"
    );
    // Mixed layouts: a static range gives a static size, on a `Dyn` axis
    // too (checked when it runs).
    let m = Tensor::<i64, shape![Dyn, 6]>::from_vec((0..24).collect(), &[4]).unwrap();
    let r: TensorView<'_, i64, shape![2, 2]> = slice!(m.view(), 1..3, 2..4);
    assert!(std::panic::catch_unwind(|| slice!(m.view(), 3..5).to_vec()).is_err());
    let r2: TensorView<'_, i64, shape![Dyn, 2]> = slice!(m.view(), .., 2..4);
    assert_eq!(r2.shape(), &[4, 2]);
    let n4 = Naive::arange(&[4, 6]);
    assert_eq!(r.to_vec(), naive_slice(&n4, &s![1..3, 2..4]).data);
    // Names stay with their axes; by-name narrowing keeps the name.
    let img = Tensor::<i64, shape![H: 4, W: 6]>::arange();
    let band: TensorView<'_, i64, shape![H: 2, W: 6]> = narrow!(img.view(), H, 1..3);
    assert_eq!(band.names(), [Some("H"), Some("W")]);
    assert_eq!(band.to_vec(), naive_slice(&n4, &s![1..3]).data);
    let cols: TensorView<'_, i64, shape![H: 4, W: 3]> = narrow!(img.view(), W, 3..6);
    assert_eq!(cols.to_vec(), naive_slice(&n4, &s![.., 3..6]).data);
    let last: TensorView<'_, i64, shape![H: 4, W: 2]> = narrow!(img.view(), AxisFromEnd::<1>, 0..2);
    assert_eq!(last.to_vec(), naive_slice(&n4, &s![.., 0..2]).data);
    // A `Dyn` dimension has no name in a layout; the view keeps it.
    let some: TensorView<'_, i64, shape![Dyn, W: 6]> = img.view().narrow(H, 1, 2);
    assert_eq!(some.names(), [Some("H"), Some("W")]);
    let row: TensorView<'_, i64, shape![W: 6]> = img.view().index_axis(H, 2);
    assert_eq!(row.to_vec(), naive_slice(&n4, &s![2]).data);
    let s1: TensorView<'_, i64, shape![W: 3]> = slice!(img.view(), 1, ..3);
    assert_eq!(s1.names(), [Some("W")]);
    assert_eq!(s1.to_vec(), naive_slice(&n4, &s![1, ..3]).data);
    let s2: TensorView<'_, i64, shape![Dyn, W: 2]> = slice!(img.view(), ..;2, 4..6);
    assert_eq!(s2.to_vec(), naive_slice(&n4, &s![..;2, 4..6]).data);
    assert_eq!(s2.names(), [Some("H"), Some("W")]);
    for c in img.view().axis_iter(W) {
        let c: TensorView<'_, i64, shape![H: 4]> = c;
        assert_eq!(c.names(), [Some("H")]);
    }
}

/// The naive reduction of `t` over the axes in `mask` with `f` folding
/// each group (in row-major order), reduced axes dropped.
fn naive_reduce(t: &Naive, mask: &[bool], f: impl Fn(&[i64]) -> i64) -> Naive {
    let kept: Vec<usize> = (0..t.dims.len()).filter(|&k| !mask[k]).collect();
    let red: Vec<usize> = (0..t.dims.len()).filter(|&k| mask[k]).collect();
    let out_dims: Vec<usize> = kept.iter().map(|&k| t.dims[k]).collect();
    let red_dims: Vec<usize> = red.iter().map(|&k| t.dims[k]).collect();
    Naive::build(&out_dims, |o| {
        let mut group = Vec::new();
        Naive::build(&red_dims, |r| {
            let mut src = vec![0; t.dims.len()];
            for (j, &k) in kept.iter().enumerate() {
                src[k] = o[j];
            }
            for (j, &k) in red.iter().enumerate() {
                src[k] = r[j];
            }
            group.push(t.at(&src));
            0
        });
        f(&group)
    })
}

proptest! {
    // Reductions of sliced and permuted views (read in place or through a
    // copy, whichever the layout allows) against the naive reduction of
    // the naive slice; float sums within rounding of those of a tensor
    // holding the view's elements (to the bit when not permuted).
    #[test]
    fn view_reductions_match((dims, args) in shape_strategy().prop_flat_map(slice_strategy), perm_seed in any::<u64>(), mask_bits in any::<u8>()) {
        let naive = Naive::arange(&dims);
        let t = naive.tensor();
        let v = t.slice(&args);
        let sliced = naive_slice(&naive, &args);
        let rank = sliced.dims.len();
        // A permutation from the seed.
        let mut perm: Vec<usize> = (0..rank).collect();
        let mut s = perm_seed;
        for k in (1..rank).rev() {
            perm.swap(k, (s % (k as u64 + 1)) as usize);
            s /= k as u64 + 1;
        }
        let v = v.permute(&perm);
        let sliced = naive_permute(&sliced, &perm);
        let mask: Vec<bool> = (0..rank).map(|k| mask_bits >> k & 1 == 1).collect();
        let axes: Vec<usize> = (0..rank).filter(|&k| mask[k]).collect();
        let want = naive_reduce(&sliced, &mask, |g| g.iter().sum());
        let got = v.sum_dims(&axes, false).unwrap();
        prop_assert_eq!(got.shape(), &want.dims[..]);
        prop_assert_eq!(got.to_vec(), want.data);
        let keep = v.sum_dims(&axes, true).unwrap();
        prop_assert_eq!(keep.numel(), got.numel());
        let nonempty = axes.iter().all(|&k| sliced.dims[k] > 0);
        if nonempty {
            let want = naive_reduce(&sliced, &mask, |g| *g.iter().max().unwrap());
            prop_assert_eq!(v.max_dims(&axes, false).unwrap().to_vec(), want.data);
            let want = naive_reduce(&sliced, &mask, |g| *g.iter().min().unwrap());
            prop_assert_eq!(v.min_dims(&axes, false).unwrap().to_vec(), want.data);
        } else {
            prop_assert!(v.max_dims(&axes, false).is_err());
        }
        if let Some(&a) = axes.first().filter(|&&a| sliced.dims[a] > 0) {
                let one: Vec<bool> = (0..rank).map(|k| k == a).collect();
                let want = naive_reduce(&sliced, &one, |g| {
                    let m = g.iter().max().unwrap();
                    g.iter().position(|x| x == m).unwrap() as i64
                });
                let got: Vec<i64> = v.argmax(a, false).unwrap().to_vec().iter().map(|&i| i as i64).collect();
                prop_assert_eq!(got, want.data);
        }
        // Floats: a view is read in memory order, so a permuted one may
        // round differently from a contiguous copy (as in NumPy), within
        // the error of the sum; a view whose axes are in memory order
        // gives the copy's bits.
        let tf = DynTensor::from_vec(naive.data.iter().map(|&x| (x as f64).sin()).collect(), &dims).unwrap();
        let vf = tf.slice(&args).permute(&perm);
        let copy = vf.to_owned();
        let identity = perm.iter().enumerate().all(|(k, &p)| k == p);
        let pairs = [
            (vf.sum_dims(&axes, false).unwrap(), copy.sum_dims(&axes, false).unwrap()),
            (vf.mean_dims(&axes, true).unwrap(), copy.mean_dims(&axes, true).unwrap()),
            (vf.var_dims(&axes, false).unwrap(), copy.var_dims(&axes, false).unwrap()),
        ];
        for (got, want) in pairs {
            for (a, b) in got.to_vec().into_iter().zip(want.to_vec()) {
                if identity || a.is_nan() {
                    prop_assert_eq!(a.to_bits(), b.to_bits());
                } else {
                    // Elements in [-1, 1], groups of at most a few thousand.
                    prop_assert!((a - b).abs() <= 1e-9, "{} vs {}", a, b);
                }
            }
        }
    }
}

proptest! {
    // `sum()` and `mean()` of views that are not contiguous (slices with
    // steps, transposes, permutations, broadcasts), read in place in memory
    // order: within the pairwise sum's error of a wide sum, and the same
    // value to the bit as the sum of a copy where the axes are in memory
    // order already; past the short-slice cut, one block (256) and two.
    #[test]
    fn strided_sums_equal_the_sum_of_a_copy(dims in prop::collection::vec(1usize..12, 1..4), extra in 1usize..70, start in 0usize..3, step in 1isize..3, perm_seed in any::<u64>(), bcast in any::<bool>()) {
        let mut dims = dims;
        dims[0] *= extra; // up to ~9000 elements
        let rank = dims.len();
        let n = Naive::build(&dims, |i| i.iter().fold(7i64, |h, &x| (h * 31 + x as i64) % 1009));
        let value = |v: i64| v as f32 * 0.37 - 150.25;
        let t = DynTensor::from_vec(n.data.iter().map(|&v| value(v)).collect(), &dims).unwrap();
        // A step along axis 0 and a shuffle of the axes.
        let args = [SliceArg::Range { start: Some(start as isize), end: None, step }];
        let mut perm: Vec<usize> = (0..rank).collect();
        let mut seed = perm_seed;
        for k in (1..rank).rev() {
            perm.swap(k, (seed % (k as u64 + 1)) as usize);
            seed /= 7;
        }
        let naive = naive_permute(&naive_slice(&n, &args), &perm);
        let mut view = t.slice(args).permute(&perm);
        let mut naive_dims = naive.dims.clone();
        if bcast {
            // A broadcast axis in front: every element read three times.
            naive_dims.insert(0, 3);
            view = view.broadcast_to(&naive_dims);
        }
        let copy: Vec<f32> = if bcast {
            (0..3).flat_map(|_| naive.data.iter().map(|&v| value(v))).collect()
        } else {
            naive.data.iter().map(|&v| value(v)).collect()
        };
        let count = copy.len();
        let copied = DynTensor::from_vec(copy.clone(), &naive_dims).unwrap();
        // In memory order: the copy's bits when the axes are in memory
        // order already (no shuffle, no broadcast axis in front).
        if !bcast && perm.iter().enumerate().all(|(k, &p)| k == p) {
            prop_assert_eq!(view.sum().to_bits(), copied.sum().to_bits(), "{:?} {:?}", naive_dims, perm);
            prop_assert_eq!(view.mean().to_bits(), copied.mean().to_bits());
        }
        let wide_mean = copy.iter().map(|&v| f64::from(v)).sum::<f64>() / count as f64;
        let abs_mean = copy.iter().map(|&v| f64::from(v).abs()).sum::<f64>() / count as f64;
        if count == 0 {
            prop_assert!(view.mean().is_nan());
        } else {
            prop_assert!((f64::from(view.mean()) - wide_mean).abs() <= 1e-5 * abs_mean + 1e-6);
        }
        // And close to a wide sum of the copy.
        let wide: f64 = copy.iter().map(|&v| f64::from(v)).sum();
        let scale: f64 = copy.iter().map(|&v| f64::from(v).abs()).sum();
        prop_assert!((f64::from(view.sum()) - wide).abs() <= 1e-5 * scale + 1e-3, "{} elements", count);
        // Integers: exact.
        let ti = n.tensor();
        let vi = ti.slice(args).permute(&perm);
        prop_assert_eq!(vi.sum(), naive.data.iter().sum::<i64>());
    }
}

#[test]
fn large_view_reductions_read_in_place() {
    // Sizes past the short-slice cut and the pairwise blocks, in the
    // layouts the strided reduction takes: rows of a column slice, columns
    // of a row slice, a middle axis of a batch.
    let n = Naive::build(&[64, 600], |i| ((i[0] * 7 + i[1] * 13) % 101) as i64 - 50);
    let t = n.tensor();
    for (args, axes) in [
        (s![.., 50..590], vec![1]),
        (s![.., 50..590], vec![0]),
        (s![3..60, ..], vec![1]),
        (s![3..60;2, 7..], vec![1]),
        (s![.., ..;3], vec![0, 1]),
    ] {
        let sliced = naive_slice(&n, &args);
        let mask: Vec<bool> = (0..2).map(|k| axes.contains(&k)).collect();
        let want = naive_reduce(&sliced, &mask, |g| g.iter().sum());
        assert_eq!(
            t.slice(args).sum_dims(&axes, false).unwrap().to_vec(),
            want.data
        );
    }
    let b = Naive::build(&[3, 40, 50], |i| {
        (i[0] * 1000 + i[1] * 50 + i[2]) as i64 % 97
    });
    let bt = b.tensor();
    let v = bt.slice(s![.., 5..35, 10..40]);
    let sliced = naive_slice(&b, &s![.., 5..35, 10..40]);
    let want = naive_reduce(&sliced, &[false, true, false], |g| g.iter().sum());
    assert_eq!(v.sum_dims(&[1], false).unwrap().to_vec(), want.data);
    let want = naive_reduce(&sliced, &[false, true, true], |g| *g.iter().max().unwrap());
    assert_eq!(v.max_dims(&[1, 2], false).unwrap().to_vec(), want.data);
}

#[test]
fn named_views_align_by_name_without_copies() {
    // a: [N, H, W] sliced; b: [W, H] (names in the other order), a view
    // with a step; the result by name: r[n, h, w] = a[n, h, w] + b[w, h].
    let na = Naive::build(&[3, 4, 6], |i| (i[0] * 100 + i[1] * 10 + i[2]) as i64);
    let a = na.tensor().with_names(["N", "H", "W"]).unwrap();
    let nb = Naive::build(&[10, 4], |i| (i[0] * 1000 + i[1] * 7) as i64);
    let b = nb.tensor().with_names(["W", "H"]).unwrap();
    let av = a.slice(s![1.., .., 1..4]); // [2, 4, 3]
    let bv = b.slice(s![2..;3]); // [3, 4]: W positions 2, 5, 8
    let sa = naive_slice(&na, &s![1.., .., 1..4]);
    let sb = naive_slice(&nb, &s![2..;3]);
    let want = Naive::build(&[2, 4, 3], |i| sa.at(i) + sb.at(&[i[2], i[1]]));
    let r = &av + &bv;
    assert_eq!(r.shape(), &[2, 4, 3]);
    assert_eq!(r.names(), [Some("N"), Some("H"), Some("W")]);
    assert_eq!(r.to_vec(), want.data);
    // The longer operand on the right: its order and names win.
    let r = &bv - &av;
    let want = Naive::build(&[2, 4, 3], |i| sb.at(&[i[2], i[1]]) - sa.at(i));
    assert_eq!(r.to_vec(), want.data);
    assert_eq!(r.names(), [Some("N"), Some("H"), Some("W")]);
    // In place, through a named mutable view.
    let mut t = na.tensor().with_names(["N", "H", "W"]).unwrap();
    {
        let mut tv = t.slice_mut(s![1.., .., 1..4]);
        tv += &bv;
    }
    let want = Naive::build(&[3, 4, 6], |i| {
        let base = na.at(i);
        if i[0] >= 1 && (1..4).contains(&i[2]) {
            base + sb.at(&[i[2] - 1, i[1]])
        } else {
            base
        }
    });
    assert_eq!(t.to_vec(), want.data);
    // A name missing on one side: the tensors' error.
    let c = DynTensor::<i64>::zeros(&[4]).with_names(["C"]).unwrap();
    let e = av.try_add(c.view()).unwrap_err();
    assert_eq!(e.kind(), shaped::ShapeErrorKind::NoMatch);
    // One named side: positional, the names carried over.
    let u = DynTensor::<i64>::ones(&[3]);
    let r = &av + &u.view();
    assert_eq!(r.names(), [Some("N"), Some("H"), Some("W")]);
    assert_eq!(
        r.to_vec(),
        sa.data.iter().map(|x| x + 1).collect::<Vec<_>>()
    );
}

#[test]
fn typed_slices_of_mutable_views_write_through() {
    use shaped::{TensorViewMut, slice};
    let mut t = Tensor::<i64, shape![4, 5, 6]>::zeros();
    {
        let v: TensorViewMut<'_, i64, shape![2, 6]> = slice!(t.view_mut(), 1..3, 2);
        let mut v = v;
        v.fill(7);
    }
    let k = 4usize;
    slice!(t.view_mut(), 0, 1..k, ..;2).fill(-1);
    let want = Naive::build(&[4, 5, 6], |i| {
        if (1..3).contains(&i[0]) && i[1] == 2 {
            7
        } else if i[0] == 0 && (1..4).contains(&i[1]) && i[2] % 2 == 0 {
            -1
        } else {
            0
        }
    });
    assert_eq!(t.to_vec(), want.data);
}

/// NumPy's negative steps (`a[::-1]`) are views with NumPy's elements
/// (the values NumPy's and Python's documentation give for
/// `x = np.arange(10)`); a step of 0 is PyTorch's error.
#[test]
fn negative_steps_are_numpy_views() {
    use shaped::{DynTensor, ShapeError, s};
    let x = DynTensor::<i32>::arange(10);
    let got = |args: &[SliceArg]| x.slice(args).to_vec();
    assert_eq!(got(&s![..;-1]), vec![9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    assert_eq!(got(&s![-1..0;-1]), vec![9, 8, 7, 6, 5, 4, 3, 2, 1]);
    assert_eq!(got(&s![5..2;-1]), vec![5, 4, 3]);
    assert_eq!(got(&s![2..5;-1]), Vec::<i32>::new());
    assert_eq!(got(&s![..7;-1]), vec![9, 8]);
    assert_eq!(got(&s![7..;-1]), vec![7, 6, 5, 4, 3, 2, 1, 0]);
    assert_eq!(got(&s![1..;-1]), vec![1, 0]);
    assert_eq!(got(&s![..-3;-1]), vec![9, 8]);
    assert_eq!(got(&s![-3..;-1]), vec![7, 6, 5, 4, 3, 2, 1, 0]);
    assert_eq!(got(&s![5..1;-2]), vec![5, 3]);
    assert_eq!(got(&s![..;-3]), vec![9, 6, 3, 0]);
    assert_eq!(got(&s![100..-100;-1]).len(), 10);
    assert_eq!(got(&s![-100..100;-1]), Vec::<i32>::new());
    assert_eq!(got(&s![..;-100]), vec![9]);
    // An inclusive end keeps its position whatever the step's sign, and
    // an index with a step keeps its one position.
    assert_eq!(got(&s![3..=1;-1]), vec![3, 2, 1]);
    assert_eq!(got(&s![..=0;-1]).len(), 10);
    assert_eq!(got(&s![..=5;-2]), vec![9, 7, 5]);
    assert_eq!(got(&s![-1..=-3;-1]), vec![9, 8, 7]);
    assert_eq!(got(&s![..=-10;-1]).len(), 10);
    assert_eq!(got(&s![1..=3;-1]), Vec::<i32>::new());
    assert_eq!(got(&s![1..=3;1]), vec![1, 2, 3]);
    assert_eq!(got(&s![4;-1]), vec![4]);
    assert_eq!(got(&s![0;-1]), vec![0]);
    assert_eq!(got(&s![-1;-1]), vec![9]);
    assert_eq!(got(&s![-1;2]), vec![9]);
    // Every layout: a reversed axis of a 2-D tensor, of a transposed and
    // of a sliced view, and a reversed empty axis.
    let t = DynTensor::<i32>::arange(6).reshape(&[2, 3]).unwrap();
    assert_eq!(t.slice(s![.., ..;-1]).to_vec(), vec![2, 1, 0, 5, 4, 3]);
    assert_eq!(t.slice(s![..;-1, ..;-2]).to_vec(), vec![5, 3, 2, 0]);
    assert_eq!(t.t().slice(s![..;-1]).to_vec(), vec![2, 5, 1, 4, 0, 3]);
    assert_eq!(
        t.slice(s![.., 1..]).slice(s![.., ..;-1]).to_vec(),
        vec![2, 1, 5, 4]
    );
    assert_eq!(t.slice(s![.., ..;-1]).strides(), &[3, -1]);
    assert!(!t.slice(s![.., ..;-1]).is_contiguous());
    assert!(t.slice(s![.., 1..2;-1]).is_contiguous()); // one column: order-free
    let e = DynTensor::<i32>::zeros(&[0, 3]);
    assert_eq!(e.slice(s![..;-1, ..;-1]).shape(), &[0, 3]);
    // A step of 0 keeps PyTorch's one line, from `try_slice` and `slice`.
    let e = x.try_slice(s![..;0]).unwrap_err();
    assert_eq!(e, ShapeError::SliceStep { step: 0 });
    assert_eq!(e.to_string(), "step must be greater than zero (got 0)");
    let got = std::panic::catch_unwind(|| x.slice(s![..;0]).shape().to_vec());
    let msg = got.unwrap_err();
    let msg = msg.downcast_ref::<String>().unwrap();
    assert_eq!(msg, "step must be greater than zero (got 0)");
}
