//! The sorting, searching and statistics vocabulary (issue 44) against
//! NumPy's and PyTorch's values (integers exact, floats to 1e-12 relative
//! where said), on runtime, static and mixed tensors; size-0 and rank-0
//! inputs, NaN and infinities, negative axes and errors in PyTorch's
//! words; and proptests of `sort`, `cumsum` and `gather` against naive
//! references written here.

// The tests spell out the result layouts they check.
#![allow(clippy::type_complexity)]

use proptest::prelude::*;
use shaped::{Axis, AxisFromEnd, Dyn, DynTensor, Tensor, shape, topk};

fn first_line(e: shaped::ShapeError) -> String {
    e.to_string().lines().next().unwrap().to_string()
}

#[test]
fn cumsum_and_cumprod_match_numpy() {
    // np.cumsum([[1,2,3],[4,5,6]], axis=0) / axis=1; np.cumprod(.., axis=1)
    let d = DynTensor::from_vec(vec![1i32, 2, 3, 4, 5, 6], &[2, 3]).unwrap();
    assert_eq!(d.cumsum(0).to_vec(), vec![1i64, 2, 3, 5, 7, 9]);
    assert_eq!(d.cumsum(1).to_vec(), vec![1i64, 3, 6, 4, 9, 15]);
    assert_eq!(d.cumsum(-1).to_vec(), d.cumsum(1).to_vec());
    assert_eq!(d.cumprod(1).to_vec(), vec![1i64, 2, 6, 4, 20, 120]);
    let s = Tensor::<i32, shape![2, 3]>::from_slice(d.as_slice()).unwrap();
    let c: Tensor<i64, shape![2, 3]> = s.cumsum(Axis::<0>);
    assert_eq!(c.to_vec(), vec![1, 2, 3, 5, 7, 9]);
    assert_eq!(
        s.cumprod(AxisFromEnd::<1>).to_vec(),
        vec![1, 2, 6, 4, 20, 120]
    );
    let m = Tensor::<i32, shape![Dyn, 3]>::from_vec(d.to_vec(), &[2]).unwrap();
    let c: Tensor<i64, shape![Dyn, 3]> = m.cumsum(Axis::<1>);
    assert_eq!(c.to_vec(), vec![1, 3, 6, 4, 9, 15]);

    // np.cumsum(np.array([200, 100, 50], np.uint8)) == [200, 300, 350] (uint64)
    let u = DynTensor::from_vec(vec![200u8, 100, 50], &[3]).unwrap();
    assert_eq!(u.cumsum(0).to_vec(), vec![200u64, 300, 350]);
    // np.cumprod(np.array([-100, 100, 100], np.int8)) == [-100, -10000, -1000000]
    let i = DynTensor::from_vec(vec![-100i8, 100, 100], &[3]).unwrap();
    assert_eq!(i.cumprod(0).to_vec(), vec![-100i64, -10000, -1000000]);

    // np.cumsum([1, inf, -inf, 2]) == [1, inf, nan, nan]
    let f = DynTensor::from_vec(vec![1.0f64, f64::INFINITY, f64::NEG_INFINITY, 2.0], &[4]).unwrap();
    let c = f.cumsum(0).to_vec();
    assert_eq!(c[..2], [1.0, f64::INFINITY]);
    assert!(c[2].is_nan() && c[3].is_nan());
}

#[test]
fn cumulative_edge_cases() {
    let e = DynTensor::<f32>::zeros(&[0, 3]);
    assert_eq!(e.cumsum(0).shape(), &[0, 3]);
    assert_eq!(e.cumprod(1).shape(), &[0, 3]);
    let e = DynTensor::<i16>::zeros(&[2, 0]);
    assert_eq!(e.cumsum(1).shape(), &[2, 0]);
    // Rank 0: axis 0 (and -1) is the scalar itself, as in PyTorch.
    let s = DynTensor::scalar(5u16);
    assert_eq!(s.cumsum(0).to_vec(), vec![5u64]);
    assert_eq!(s.try_cumprod(-1).unwrap().shape(), &[] as &[usize]);
    let d = DynTensor::<f32>::zeros(&[2, 3]);
    assert_eq!(
        first_line(d.try_cumsum(2).unwrap_err()),
        "Dimension out of range (expected to be in range of [-2, 1], but got 2)"
    );
    assert_eq!(
        first_line(d.try_cumprod(-3).unwrap_err()),
        "Dimension out of range (expected to be in range of [-2, 1], but got -3)"
    );
}

#[test]
fn diff_matches_numpy() {
    // np.diff([1, 4, 9, 16]) == [3, 5, 7]
    let d = DynTensor::from_vec(vec![1i64, 4, 9, 16], &[4]).unwrap();
    assert_eq!(d.diff(0).to_vec(), vec![3, 5, 7]);
    // np.diff(np.array([5, 3], np.uint8)) == [254] (wraps, as in PyTorch)
    let u = DynTensor::from_vec(vec![5u8, 3], &[2]).unwrap();
    assert_eq!(u.diff(-1).to_vec(), vec![254]);
    // np.diff([[1, 2], [4, 8]], axis=0) == [[3, 6]]
    let m = Tensor::<i32, shape![2, 2]>::from_slice(&[1, 2, 4, 8]).unwrap();
    let r: Tensor<i32, shape![Dyn, 2]> = m.diff(Axis::<0>);
    assert_eq!((r.shape().to_vec(), r.to_vec()), (vec![1, 2], vec![3, 6]));
    // Sizes 1 and 0 give 0; inf - inf is NaN.
    assert_eq!(DynTensor::<f32>::zeros(&[1]).diff(0).shape(), &[0]);
    assert_eq!(DynTensor::<f32>::zeros(&[3, 0]).diff(1).shape(), &[3, 0]);
    let f = DynTensor::from_vec(vec![f32::INFINITY, f32::INFINITY], &[2]).unwrap();
    assert!(f.diff(0).to_vec()[0].is_nan());
    // A rank-0 tensor has no axis to take differences along.
    assert!(DynTensor::scalar(1.0f32).try_diff(0).is_err());
    assert!(DynTensor::<f32>::zeros(&[2]).try_diff(1).is_err());
}

#[test]
fn sort_matches_numpy() {
    // np.sort([3, nan, -1, inf, -inf, 0]); np.argsort(.., kind="stable")
    let x = vec![
        3.0f32,
        f32::NAN,
        -1.0,
        f32::INFINITY,
        f32::NEG_INFINITY,
        0.0,
    ];
    let d = DynTensor::from_vec(x.clone(), &[6]).unwrap();
    let (v, i) = d.sort(0, false);
    assert_eq!(i.to_vec(), vec![4, 2, 5, 0, 3, 1]);
    assert_eq!(
        v.to_vec()[..5],
        [f32::NEG_INFINITY, -1.0, 0.0, 3.0, f32::INFINITY]
    );
    assert!(v.to_vec()[5].is_nan());
    // torch.sort(descending=True, stable=True): NaN first.
    let (v, i) = d.sort(-1, true);
    assert_eq!(i.to_vec(), vec![1, 3, 0, 5, 2, 4]);
    assert!(v.to_vec()[0].is_nan());
    // Stable among equals, both directions.
    let t = DynTensor::from_vec(vec![2, 1, 2, 1], &[4]).unwrap();
    assert_eq!(t.argsort(0, false).to_vec(), vec![1, 3, 0, 2]);
    assert_eq!(t.argsort(0, true).to_vec(), vec![0, 2, 1, 3]);
    // np.sort([[3, 1], [2, 4]], axis=0) == [[2, 1], [3, 4]]
    let s = Tensor::<u64, shape![2, 2]>::from_slice(&[3, 1, 2, 4]).unwrap();
    let (v, i): (Tensor<u64, shape![2, 2]>, Tensor<usize, shape![2, 2]>) = s.sort(Axis::<0>, false);
    assert_eq!(
        (v.to_vec(), i.to_vec()),
        (vec![2, 1, 3, 4], vec![1, 0, 0, 1])
    );
    // Extremes of every width sort by value.
    let w = DynTensor::from_vec(vec![i64::MAX, i64::MIN, 0, -1], &[4]).unwrap();
    assert_eq!(w.sort(0, false).0.to_vec(), vec![i64::MIN, -1, 0, i64::MAX]);
    let w = DynTensor::from_vec(vec![u128::MAX, 0, 7], &[3]).unwrap();
    assert_eq!(w.argsort(0, true).to_vec(), vec![0, 2, 1]);
    let w = DynTensor::from_vec(vec![-5i128, 3, i128::MIN], &[3]).unwrap();
    assert_eq!(w.argsort(0, false).to_vec(), vec![2, 0, 1]);
}

#[test]
fn sort_edge_cases() {
    let e = DynTensor::<f64>::zeros(&[3, 0]);
    let (v, i) = e.sort(1, false);
    assert_eq!((v.shape(), i.shape()), (&[3, 0][..], &[3, 0][..]));
    assert_eq!(
        DynTensor::<f64>::zeros(&[0, 4]).argsort(1, true).shape(),
        &[0, 4]
    );
    let (v, i) = DynTensor::scalar(2.5f32).sort(0, false);
    assert_eq!((v.to_vec(), i.to_vec()), (vec![2.5], vec![0]));
    assert_eq!(
        first_line(
            DynTensor::<i32>::zeros(&[2])
                .try_argsort(1, false)
                .unwrap_err()
        ),
        "Dimension out of range (expected to be in range of [-1, 0], but got 1)"
    );
}

#[test]
fn topk_matches_pytorch() {
    // torch.topk(torch.tensor([1, 3, 2, 5, 4]), 2) == ([5, 4], [3, 4])
    let d = DynTensor::from_vec(vec![1, 3, 2, 5, 4], &[5]).unwrap();
    let (v, i) = d.topk(2, 0, true);
    assert_eq!((v.to_vec(), i.to_vec()), (vec![5, 4], vec![3, 4]));
    let (v, i) = d.topk(2, 0, false);
    assert_eq!((v.to_vec(), i.to_vec()), (vec![1, 2], vec![0, 2]));
    assert_eq!(d.topk(0, 0, true).0.shape(), &[0]);
    assert_eq!(
        first_line(d.try_topk(6, 0, true).unwrap_err()),
        "start (0) + length (6) exceeds dimension size (5)."
    );
    // A few of many (the selection path) agree with a full sort.
    let many: Vec<i32> = (0..1000).map(|i| (i * 7919) % 1009).collect();
    let t = DynTensor::from_vec(many.clone(), &[1000]).unwrap();
    let mut sorted = many.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(t.topk(5, 0, true).0.to_vec(), sorted[..5].to_vec());
    // Static k on static and mixed layouts.
    let s = Tensor::<f32, shape![2, 4]>::from_slice(&[0.5, 2.0, 1.0, -1.0, 3.0, 3.0, 0.0, 9.0])
        .unwrap();
    let (v, i): (Tensor<f32, shape![2, 2]>, Tensor<usize, shape![2, 2]>) = topk!(s, 2, Axis::<1>);
    assert_eq!(
        (v.to_vec(), i.to_vec()),
        (vec![2.0, 1.0, 9.0, 3.0], vec![1, 2, 3, 0])
    );
    let m = Tensor::<f32, shape![Dyn, 4]>::from_vec(s.to_vec(), &[2]).unwrap();
    let (v, _): (Tensor<f32, shape![Dyn, 3]>, _) = topk!(m, 3, AxisFromEnd::<1>, false);
    assert_eq!(v.to_vec(), vec![-1.0, 0.5, 1.0, 0.0, 3.0, 3.0]);
    let (v, _): (Tensor<f32, shape![1, 4]>, _) = topk!(m, 1, Axis::<0>);
    assert_eq!(v.to_vec(), vec![3.0, 3.0, 1.0, 9.0]);
}

#[test]
fn unique_matches_numpy() {
    // np.unique([3, 1, 3, 2, 1, 3], return_inverse=True, return_counts=True)
    let d = DynTensor::from_vec(vec![3u8, 1, 3, 2, 1, 3], &[2, 3]).unwrap();
    let u = d.unique();
    assert_eq!(u.values.to_vec(), vec![1, 2, 3]);
    assert_eq!(u.counts.to_vec(), vec![2, 1, 3]);
    assert_eq!(
        (u.inverse.shape(), u.inverse.to_vec()),
        (&[2, 3][..], vec![2, 0, 2, 1, 0, 2])
    );
    let e = DynTensor::<i32>::zeros(&[0]).unique();
    assert_eq!((e.values.shape(), e.counts.shape()), (&[0][..], &[0][..]));
    let s = DynTensor::scalar(4i32).unique();
    assert_eq!(
        (s.values.to_vec(), s.inverse.shape()),
        (vec![4], &[] as &[usize])
    );
    let m = Tensor::<f32, shape![Dyn]>::from_vec(vec![1.0, f32::INFINITY, 1.0], &[3]).unwrap();
    let u = m.unique();
    assert_eq!(u.values.to_vec(), vec![1.0, f32::INFINITY]);
    assert_eq!(u.inverse.to_vec(), vec![0, 1, 0]);
}

#[test]
fn median_and_quantile_match_pytorch_and_numpy() {
    // torch.median(torch.tensor([1., 2., 3., 4.])) == 2 (the lower one;
    // np.median gives 2.5, which is quantile(0.5)).
    let f = DynTensor::from_vec(vec![4.0f64, 1.0, 3.0, 2.0], &[4]).unwrap();
    assert_eq!(f.median(0, false).to_vec(), vec![2.0]);
    assert_eq!(f.quantile(0.5, 0, false).to_vec(), vec![2.5]);
    // np.quantile([1, 2, 3, 4], [0, .25, .5, .75, 1]) == [1, 1.75, 2.5, 3.25, 4]
    for (q, want) in [
        (0.0, 1.0),
        (0.25, 1.75),
        (0.5, 2.5),
        (0.75, 3.25),
        (1.0, 4.0),
    ] {
        assert_eq!(f.quantile(q, 0, true).to_vec(), vec![want], "q = {q}");
    }
    // np.quantile(np.arange(10.), 0.33) == 2.97
    let a = DynTensor::<f64>::arange(10);
    let got = a.quantile(0.33, 0, false).to_vec()[0];
    assert!((got - 2.97).abs() <= 1e-12 * 2.97, "{got}");
    // torch.median([[1, 5, 3], [4, 2, 6]], dim=1) == [3, 4]
    let i = Tensor::<i32, shape![2, 3]>::from_slice(&[1, 5, 3, 4, 2, 6]).unwrap();
    let m: Tensor<i32, shape![2]> = i.median_over(Axis::<1>);
    assert_eq!(m.to_vec(), vec![3, 4]);
    let k: Tensor<i32, shape![1, 3]> = i.median_keepdim(Axis::<0>);
    assert_eq!(k.to_vec(), vec![1, 2, 3]);
    // NaN in a group gives NaN, infinities are ordinary.
    let n = DynTensor::from_vec(vec![1.0f32, f32::NAN, f32::INFINITY, 0.0], &[2, 2]).unwrap();
    let q = n.quantile(1.0, 1, false).to_vec();
    assert!(q[0].is_nan() && q[1] == f32::INFINITY);
    let m = n.median(1, false).to_vec();
    assert!(m[0].is_nan() && m[1] == 0.0);
    // Size 0: median is an error, quantile NaN; rank 0 is its own median.
    let e = DynTensor::<f32>::zeros(&[2, 0]);
    assert_eq!(
        e.try_median(1, false).unwrap_err().to_string(),
        "median(): Expected reduction dim 1 to have non-zero size."
    );
    assert!(
        e.quantile(0.5, 1, false)
            .to_vec()
            .iter()
            .all(|v| v.is_nan())
    );
    assert_eq!(
        DynTensor::scalar(3.0f64).median(0, false).to_vec(),
        vec![3.0]
    );
    assert_eq!(
        f.try_quantile(-0.5, 0, false).unwrap_err().to_string(),
        "quantile() q must be in the range [0, 1] but got -0.5"
    );
    assert!(f.try_quantile(f64::NAN, 0, false).is_err());
    assert!(f.try_median(1, false).is_err());
    // Views: a column of a matrix.
    let t = DynTensor::from_vec(vec![5.0, 0.0, 1.0, 0.0, 3.0, 0.0], &[3, 2]).unwrap();
    let col = t.slice(shaped::s![.., 0]);
    assert_eq!(col.try_median(0, false).unwrap().to_vec(), vec![3.0]);
    assert_eq!(col.try_quantile(1.0, 0, false).unwrap().to_vec(), vec![5.0]);
    // Mixed, over the Dyn axis.
    let mx = Tensor::<f64, shape![Dyn, 2]>::from_vec(t.to_vec(), &[3]).unwrap();
    let q: Tensor<f64, shape![2]> = mx.quantile_over(0.5, Axis::<0>);
    assert_eq!(q.to_vec(), vec![3.0, 0.0]);
}

#[test]
fn gather_take_along_dim_and_index_select_match_pytorch() {
    // torch.gather(torch.tensor([[1, 2], [3, 4]]), 1, torch.tensor([[0, 0], [1, 0]]))
    let x = DynTensor::from_vec(vec![1, 2, 3, 4], &[2, 2]).unwrap();
    let idx = DynTensor::from_vec(vec![0usize, 0, 1, 0], &[2, 2]).unwrap();
    assert_eq!(x.gather(1, &idx).to_vec(), vec![1, 1, 4, 3]);
    assert_eq!(x.gather(-2, &idx).to_vec(), vec![1, 2, 3, 2]);
    // An index smaller than the input off the axis.
    let y = DynTensor::<i32>::arange(12).reshape(&[3, 4]).unwrap();
    let small = DynTensor::from_vec(vec![3usize, 0], &[2, 1]).unwrap();
    assert_eq!(y.gather(1, &small).to_vec(), vec![3, 4]);
    assert_eq!(
        first_line(
            x.try_gather(1, &DynTensor::from_vec(vec![2usize], &[1, 1]).unwrap())
                .unwrap_err()
        ),
        "index 2 is out of bounds for dimension 1 with size 2"
    );
    assert!(
        x.try_gather(1, &DynTensor::from_vec(vec![0usize; 3], &[3, 1]).unwrap())
            .is_err()
    );
    assert!(
        x.try_gather(1, &DynTensor::from_vec(vec![0usize; 2], &[2]).unwrap())
            .is_err()
    );
    assert!(x.try_gather(2, &idx).is_err());
    // take_along_dim broadcasts the sizes off the axis: 3 and 2 do not.
    assert_eq!(
        first_line(y.try_take_along_dim(&small, 1).unwrap_err()),
        "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0"
    );
    let order = y.argsort(1, true);
    assert_eq!(y.take_along_dim(&order, 1).to_vec()[..4], [3, 2, 1, 0]);
    // Size 0.
    let none = DynTensor::<usize>::zeros(&[2, 0]);
    assert_eq!(x.gather(1, &none).shape(), &[2, 0]);
    // torch.index_select(x, 0, torch.tensor([0, 2])) on a 3x4
    let s = y.index_select(0, &[0, 2]);
    assert_eq!(s.to_vec(), vec![0, 1, 2, 3, 8, 9, 10, 11]);
    assert_eq!(y.index_select(-1, &[]).shape(), &[3, 0]);
    assert_eq!(
        first_line(y.try_index_select(1, &[4]).unwrap_err()),
        "index 4 is out of bounds for dimension 1 with size 4"
    );
    // Static and mixed.
    let st = Tensor::<i32, shape![3, 4]>::arange();
    let sel: Tensor<i32, shape![3, Dyn]> = st.index_select(Axis::<1>, &[3, 3, 0]);
    assert_eq!(sel.to_vec()[..3], [3, 3, 0]);
    let gi = Tensor::<usize, shape![1, 4]>::from_slice(&[2, 1, 0, 2]).unwrap();
    let g: Tensor<i32, shape![1, 4]> = st.gather(Axis::<0>, &gi);
    assert_eq!(g.to_vec(), vec![8, 5, 2, 11]);
    assert!(
        st.try_gather(
            Axis::<0>,
            &Tensor::<usize, shape![1]>::from_slice(&[0]).unwrap()
        )
        .is_err()
    );
}

#[test]
fn nonzero_count_and_masked_select_match_pytorch() {
    // torch.nonzero(torch.tensor([[0.6, 0, 0, 0], [0, 0.4, 0, 0],
    //                             [0, 0, 1.2, 0], [0, 0, 0, -0.4]]))
    let mut v = vec![0.0f32; 16];
    v[0] = 0.6;
    v[5] = 0.4;
    v[10] = 1.2;
    v[15] = -0.4;
    let d = DynTensor::from_vec(v, &[4, 4]).unwrap();
    let nz = d.nonzero();
    assert_eq!(
        (nz.shape(), nz.to_vec()),
        (&[4, 2][..], vec![0, 0, 1, 1, 2, 2, 3, 3])
    );
    assert_eq!(d.count_nonzero(), 4);
    assert_eq!(
        d.try_count_nonzero_dims(&[-1]).unwrap().to_vec(),
        vec![1, 1, 1, 1]
    );
    // Rank 0: [1, 0] or [0, 0], as PyTorch's.
    assert_eq!(DynTensor::scalar(3).nonzero().shape(), &[1, 0]);
    assert_eq!(DynTensor::scalar(0).nonzero().shape(), &[0, 0]);
    // NaN is non-zero; -0.0 is zero.
    let n = DynTensor::from_vec(vec![f64::NAN, -0.0], &[2]).unwrap();
    assert_eq!(n.count_nonzero(), 1);
    let st = Tensor::<i32, shape![2, 3]>::from_slice(&[0, 1, 0, 2, 3, 0]).unwrap();
    let c: Tensor<usize, shape![3]> = st.count_nonzero_over(Axis::<0>);
    assert_eq!(c.to_vec(), vec![1, 2, 0]);
    assert_eq!(st.nonzero().to_vec(), vec![0, 1, 1, 0, 1, 1]);
    let mask = st.gt(&Tensor::<i32, shape![]>::full(1));
    let sel: Tensor<i32, shape![Dyn]> = st.masked_select(&mask);
    assert_eq!(sel.to_vec(), vec![2, 3]);
    let x = DynTensor::from_vec(vec![1, 2, 3], &[3]).unwrap();
    let m = DynTensor::from_bools(vec![true, false, true], &[3]).unwrap();
    assert_eq!(x.masked_select(&m).to_vec(), vec![1, 3]);
    // The mask broadcasts (PyTorch's rule): [1] selects everything.
    let one = DynTensor::from_bools(vec![true], &[1]).unwrap();
    assert_eq!(x.masked_select(&one).to_vec(), vec![1, 2, 3]);
    let wrong = DynTensor::from_bools(vec![true; 2], &[2]).unwrap();
    assert!(x.try_masked_select(&wrong).is_err());
}

#[test]
fn searchsorted_matches_pytorch() {
    // torch.searchsorted([1, 3, 5, 7, 9], [3, 6, 9]) == [1, 3, 4]; right: [2, 3, 5]
    let seq = DynTensor::from_vec(vec![1, 3, 5, 7, 9], &[5]).unwrap();
    let v = DynTensor::from_vec(vec![3, 6, 9], &[3]).unwrap();
    assert_eq!(seq.searchsorted(&v, false).to_vec(), vec![1, 3, 4]);
    assert_eq!(seq.searchsorted(&v, true).to_vec(), vec![2, 3, 5]);
    let empty = DynTensor::<i32>::zeros(&[0]);
    assert_eq!(empty.searchsorted(&v, false).to_vec(), vec![0, 0, 0]);
    assert!(
        DynTensor::<i32>::zeros(&[2, 2])
            .try_searchsorted(&v, false)
            .is_err()
    );
}

#[test]
fn long_lanes_sort_as_a_naive_stable_sort() {
    // Lanes long enough for the radix path, with ties, NaN, -0.0 and
    // infinities, in both directions, as floats and as integers.
    let pool = [
        0.0,
        -0.0,
        1.5,
        -2.0,
        f64::NAN,
        f64::INFINITY,
        -1e300,
        7.25,
        1.5,
    ];
    let x: Vec<f64> = (0..5000usize)
        .map(|i| pool[(i * 7919 + i / 3) % pool.len()])
        .collect();
    for descending in [false, true] {
        let want = naive_argsort(&x, descending);
        let t = DynTensor::from_vec(x.clone(), &[5000]).unwrap();
        let (v, i) = t.sort(0, descending);
        assert_eq!(i.to_vec(), want);
        for (a, &j) in v.to_vec().iter().zip(&want) {
            assert_eq!(a.to_bits(), x[j].to_bits());
        }
        let xf: Vec<f32> = x.iter().map(|&v| v as f32).collect();
        let wf = naive_argsort(
            &xf.iter().map(|&v| f64::from(v)).collect::<Vec<_>>(),
            descending,
        );
        let tf = DynTensor::from_vec(xf.clone(), &[2, 2500])
            .unwrap()
            .reshape(&[5000])
            .unwrap();
        assert_eq!(tf.argsort(0, descending).to_vec(), wf);
        let xi: Vec<i16> = (0..3000i32)
            .map(|i| ((i * 7919) % 601 - 300) as i16)
            .collect();
        let wi = naive_argsort(
            &xi.iter().map(|&v| f64::from(v)).collect::<Vec<_>>(),
            descending,
        );
        let ti = DynTensor::from_vec(xi.clone(), &[3000]).unwrap();
        let (vi, ii) = ti.sort(0, descending);
        assert_eq!(ii.to_vec(), wi);
        assert_eq!(vi.to_vec(), wi.iter().map(|&j| xi[j]).collect::<Vec<_>>());
        let xu: Vec<u64> = (0..2000u64)
            .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (i % 64))
            .collect();
        let tu = DynTensor::from_vec(xu.clone(), &[2000]).unwrap();
        let mut wu: Vec<usize> = (0..2000).collect();
        wu.sort_by_key(|&j| if descending { u64::MAX - xu[j] } else { xu[j] });
        assert_eq!(tu.argsort(0, descending).to_vec(), wu);
    }
}

/// NumPy's order: NaN after everything, then by position (stable).
fn naive_argsort(x: &[f64], descending: bool) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..x.len()).collect();
    idx.sort_by(|&a, &b| {
        let (va, vb) = (x[a], x[b]);
        let ord = match (va.is_nan(), vb.is_nan()) {
            (true, true) => std::cmp::Ordering::Equal,
            (true, false) => std::cmp::Ordering::Greater,
            (false, true) => std::cmp::Ordering::Less,
            _ => va.partial_cmp(&vb).unwrap(),
        };
        if descending { ord.reverse() } else { ord }
    });
    idx
}

fn shape_and_axis() -> impl Strategy<Value = (Vec<usize>, usize)> {
    prop::collection::vec(0usize..5, 1..4).prop_flat_map(|dims| {
        let r = dims.len();
        (Just(dims), 0..r)
    })
}

proptest! {
    #[test]
    fn sort_agrees_with_a_naive_stable_sort(
        (dims, axis) in shape_and_axis(),
        seed in any::<u64>(),
        descending in any::<bool>(),
    ) {
        let n: usize = dims.iter().product();
        // Few distinct values (ties), NaN and -0.0 among them.
        let pool = [0.0, -0.0, 1.5, -2.0, f64::NAN, f64::INFINITY, 1.5];
        let x: Vec<f64> = (0..n)
            .map(|i| pool[((seed >> (i % 48)) as usize + i * 3) % pool.len()])
            .collect();
        let t = DynTensor::from_vec(x.clone(), &dims).unwrap();
        let (v, idx) = t.sort(axis, descending);
        let inner: usize = dims[axis + 1..].iter().product();
        let len = dims[axis];
        let outer: usize = dims[..axis].iter().product();
        for o in 0..outer {
            for i in 0..inner {
                let at = |r: usize| o * len * inner + r * inner + i;
                let lane: Vec<f64> = (0..len).map(|r| x[at(r)]).collect();
                let want = naive_argsort(&lane, descending);
                let got: Vec<usize> = (0..len).map(|r| idx.as_slice()[at(r)]).collect();
                prop_assert_eq!(&got, &want);
                for r in 0..len {
                    let (a, b) = (v.as_slice()[at(r)], lane[want[r]]);
                    prop_assert!(a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()) || a == b);
                }
            }
        }
    }

    #[test]
    fn cumsum_agrees_with_a_naive_sum(
        (dims, axis) in shape_and_axis(),
        seed in any::<u64>(),
    ) {
        let n: usize = dims.iter().product();
        let x: Vec<i32> = (0..n)
            .map(|i| (seed.rotate_left(i as u32 % 64) as i32).wrapping_mul(i as i32 + 1))
            .collect();
        let t = DynTensor::from_vec(x.clone(), &dims).unwrap();
        let c = t.cumsum(axis);
        let inner: usize = dims[axis + 1..].iter().product();
        let len = dims[axis];
        for (flat, got) in c.as_slice().iter().enumerate() {
            let (o, rest) = (flat / (len * inner), flat % (len * inner));
            let (r, i) = (rest / inner, rest % inner);
            let want: i64 = (0..=r).map(|q| i64::from(x[o * len * inner + q * inner + i])).sum();
            prop_assert_eq!(*got, want);
        }
        // The static-layout path runs the same loop: the same result.
        let s = Tensor::<i32, shape![Dyn]>::from_vec(x.clone(), &[n]).unwrap();
        let flat = t.reshape(&[n]).unwrap().cumsum(0);
        prop_assert_eq!(s.cumsum(Axis::<0>).to_vec(), flat.to_vec());
    }

    #[test]
    fn gather_agrees_with_naive_indexing(
        (dims, axis) in shape_and_axis(),
        seed in any::<u64>(),
        shrink in any::<bool>(),
    ) {
        let n: usize = dims.iter().product();
        let x: Vec<i64> = (0..n as i64).map(|i| i * 10 + 1).collect();
        let t = DynTensor::from_vec(x.clone(), &dims).unwrap();
        // The index's sizes: any length along the axis (when it can hold
        // a position), at most the input's elsewhere.
        let idims: Vec<usize> = dims
            .iter()
            .enumerate()
            .map(|(d, &s)| {
                if d == axis {
                    if s == 0 { 0 } else { (seed as usize % 4) + 1 }
                } else if shrink {
                    s.min(((seed >> (8 * d)) as usize) % (s + 1))
                } else {
                    s
                }
            })
            .collect();
        let m: usize = idims.iter().product();
        let len = dims[axis];
        let idx: Vec<usize> = (0..m).map(|i| ((seed >> (i % 60)) as usize + i) % len.max(1)).collect();
        let index = DynTensor::from_vec(idx.clone(), &idims).unwrap();
        let got = t.gather(axis, &index);
        prop_assert_eq!(got.shape(), &idims[..]);
        let strides: Vec<usize> = (0..dims.len()).map(|d| dims[d + 1..].iter().product()).collect();
        let istrides: Vec<usize> = (0..idims.len()).map(|d| idims[d + 1..].iter().product()).collect();
        for (flat, g) in got.as_slice().iter().enumerate() {
            let pos: Vec<usize> = (0..idims.len()).map(|d| flat / istrides[d] % idims[d]).collect();
            let off: usize = (0..dims.len())
                .map(|d| if d == axis { idx[flat] } else { pos[d] } * strides[d])
                .sum();
            prop_assert_eq!(*g, x[off]);
        }
    }
}

// One-hot rows and writing at indices (issue 56). Expected values from
// NumPy 2.4: np.eye(n, dtype=np.int64)[labels] for one_hot,
// np.put_along_axis for scatter (repeated positions: the last write), np.add.at
// for scatter_add, index_add and index_put with accumulate, fancy
// assignment for index_put without it.

#[test]
fn one_hot_matches_numpy_eye_on_every_layout() {
    // np.eye(4, dtype=np.int64)[[[2, 0], [1, 3]]]
    let want = vec![0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1];
    let y = Tensor::<usize, shape![2, 2]>::from_slice(&[2, 0, 1, 3]).unwrap();
    let s: Tensor<i64, shape![2, 2, 4]> = y.one_hot::<4>();
    assert_eq!(s.to_vec(), want);
    let m: Tensor<usize, shape![Dyn, 2]> = y.into_mixed();
    let ms: Tensor<i64, shape![Dyn, 2, 4]> = m.one_hot::<4>();
    assert_eq!(
        (ms.shape().to_vec(), ms.to_vec()),
        (vec![2, 2, 4], want.clone())
    );
    let md: Tensor<i64, shape![Dyn, 2, Dyn]> = m.one_hot_sized(4);
    assert_eq!(md.to_vec(), want);
    let d = y.to_dyn().one_hot(4);
    assert_eq!((d.shape(), d.to_vec()), (&[2, 2, 4][..], want.clone()));
    let f: Tensor<f32, shape![2, 2, 4]> = s.cast::<f32>();
    assert_eq!(f.sum(), 4.0);
    // Rank 0 labels and no labels.
    let r0 = DynTensor::scalar(1usize).one_hot(3);
    assert_eq!((r0.shape(), r0.to_vec()), (&[3][..], vec![0, 1, 0]));
    let empty = DynTensor::<usize>::zeros(&[0]).one_hot(5);
    assert_eq!(empty.shape(), &[0, 5]);
}

#[test]
fn one_hot_rejects_labels_out_of_range_in_pytorchs_words() {
    let y = DynTensor::from_vec(vec![0usize, 4, 2], &[3]).unwrap();
    let err = y.try_one_hot(4).unwrap_err();
    assert_eq!(
        first_line(err.clone()),
        "Class values must be smaller than num_classes."
    );
    assert!(matches!(
        err,
        shaped::ShapeError::OneHotClass {
            label: 4,
            num_classes: 4,
            ..
        }
    ));
    let s = Tensor::<usize, shape![3]>::from_slice(&[0, 4, 2]).unwrap();
    assert!(s.try_one_hot::<4>().is_err());
    assert!(s.try_one_hot_sized(5).is_ok());
    assert!(std::panic::catch_unwind(|| s.one_hot::<3>()).is_err());
}

#[test]
fn scatter_matches_numpy_put_along_axis() {
    // out = np.zeros((3, 5)); np.put_along_axis(out, idx, src[:, :4], axis=1)
    let idx = DynTensor::from_vec(vec![0usize, 1, 2, 0, 1, 2, 0, 3, 4, 0, 1, 2], &[3, 4]).unwrap();
    let src: Vec<f64> = (1..=15).map(f64::from).collect();
    let want = vec![
        4.0, 2.0, 3.0, 0.0, 0.0, 8.0, 6.0, 7.0, 9.0, 0.0, 12.0, 13.0, 14.0, 0.0, 11.0,
    ];
    let d = DynTensor::<f64>::zeros(&[3, 5]);
    let dsrc = DynTensor::from_vec(src.clone(), &[3, 5]).unwrap();
    assert_eq!(d.scatter(1, &idx, &dsrc).to_vec(), want);
    assert_eq!(d.scatter(-1, &idx, &dsrc).to_vec(), want);
    let s = Tensor::<f64, shape![3, 5]>::zeros();
    let ssrc = Tensor::<f64, shape![3, 5]>::from_slice(&src).unwrap();
    let out: Tensor<f64, shape![3, 5]> = s.scatter(Axis::<1>, &idx, &ssrc);
    assert_eq!(out.to_vec(), want);
    let m: Tensor<f64, shape![Dyn, 5]> = s.into_mixed();
    assert_eq!(m.scatter(AxisFromEnd::<1>, &idx, &ssrc).to_vec(), want);
    // Along axis 0, index [2, 3] into [3, 3]; a number as the source.
    let idx0 = DynTensor::from_vec(vec![0usize, 1, 2, 2, 0, 0], &[2, 3]).unwrap();
    let src0 = DynTensor::from_vec((1..=9).map(f64::from).collect(), &[3, 3]).unwrap();
    let z = DynTensor::<f64>::zeros(&[3, 3]);
    assert_eq!(
        z.scatter(0, &idx0, &src0).to_vec(),
        vec![1.0, 5.0, 6.0, 0.0, 2.0, 0.0, 4.0, 0.0, 3.0]
    );
    assert_eq!(z.scatter(0, &idx0, &7.0).to_vec()[..3], [7.0, 7.0, 7.0]);
}

#[test]
fn scatter_add_accumulates_as_numpy_add_at() {
    // out = np.ones((3, 3)); np.add.at(out, (idx0, cols), src0[:2])
    let idx0 = DynTensor::from_vec(vec![0usize, 1, 2, 2, 0, 0], &[2, 3]).unwrap();
    let src0 = DynTensor::from_vec((1..=9).map(f64::from).collect(), &[3, 3]).unwrap();
    let want = vec![2.0, 6.0, 7.0, 1.0, 3.0, 1.0, 5.0, 1.0, 4.0];
    let d = DynTensor::<f64>::ones(&[3, 3]);
    assert_eq!(d.scatter_add(0, &idx0, &src0).to_vec(), want);
    let mut s = Tensor::<f64, shape![3, 3]>::ones();
    s.scatter_add_(Axis::<0>, &idx0, &src0);
    assert_eq!(s.to_vec(), want);
    // Integer counts of repeated positions: a histogram.
    let bins = DynTensor::from_vec(vec![1usize, 1, 3, 1], &[4]).unwrap();
    let h = DynTensor::<i64>::zeros(&[4]).scatter_add(0, &bins, &DynTensor::<i64>::ones(&[4]));
    assert_eq!(h.to_vec(), vec![0, 3, 0, 1]);
}

#[test]
fn index_add_accumulates_whole_slices() {
    // t = np.ones((5, 3)); np.add.at(t, ([0, 4, 2, 0],), s)
    let src = DynTensor::from_vec((1..=12).map(f64::from).collect(), &[4, 3]).unwrap();
    let want = vec![
        12.0, 14.0, 16.0, 1.0, 1.0, 1.0, 8.0, 9.0, 10.0, 1.0, 1.0, 1.0, 5.0, 6.0, 7.0,
    ];
    assert_eq!(
        DynTensor::<f64>::ones(&[5, 3])
            .index_add(0, &[0, 4, 2, 0], &src)
            .to_vec(),
        want
    );
    let s = Tensor::<f64, shape![5, 3]>::ones();
    let out: Tensor<f64, shape![5, 3]> = s.index_add(Axis::<0>, &[0, 4, 2, 0], &src);
    assert_eq!(out.to_vec(), want);
    // t = np.zeros((2, 4)); np.add.at(t, (slice(None), [3, 1, 3]), s)
    let src1 = Tensor::<f64, shape![2, 3]>::from_slice(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]).unwrap();
    let mut m = Tensor::<f64, shape![Dyn, 4]>::zeros_sized(&[2]);
    m.index_add_(Axis::<1>, &[3, 1, 3], &src1);
    assert_eq!(m.to_vec(), vec![0.0, 2.0, 0.0, 4.0, 0.0, 5.0, 0.0, 10.0]);
}

#[test]
fn index_put_matches_numpy_fancy_assignment_and_add_at() {
    // g = np.full((3, 4), 0.5); g[np.arange(3), [2, 0, 2]] -= 1
    let want = vec![
        0.5, 0.5, -0.5, 0.5, -0.5, 0.5, 0.5, 0.5, 0.5, 0.5, -0.5, 0.5,
    ];
    let rows = DynTensor::<usize>::arange(3);
    let y = DynTensor::from_vec(vec![2usize, 0, 2], &[3]).unwrap();
    let mut g = Tensor::<f32, shape![3, 4]>::full(0.5);
    g.index_put_(&[&rows, &y], -1.0, true);
    assert_eq!(g.to_vec(), want);
    let mut gd = DynTensor::<f32>::full(&[3, 4], 0.5);
    gd.index_put_(&[&rows, &y], -1.0, true);
    assert_eq!(gd.to_vec(), want);
    // Static index tensors.
    let ys = Tensor::<usize, shape![3]>::from_slice(&[2, 0, 2]).unwrap();
    let rs = Tensor::<usize, shape![3]>::arange();
    let gm =
        Tensor::<f32, shape![Dyn, 4]>::full_sized(&[3], 0.5).index_put(&[&rs, &ys], -1.0, true);
    assert_eq!(gm.to_vec(), want);
    // np.add.at(c, [2, 0, 2], 1)
    let c = DynTensor::<i64>::zeros(&[3]).index_put(&[&y], 1, true);
    assert_eq!(c.to_vec(), vec![1, 0, 2]);
    // t = np.zeros((3, 2, 2)); t[[0, 2]] = [[1, 2], [3, 4]]: the values broadcast over the rows.
    let v = DynTensor::from_vec(vec![1.0, 2.0, 3.0, 4.0], &[2, 2]).unwrap();
    let sel = DynTensor::from_vec(vec![0usize, 2], &[2]).unwrap();
    let t = DynTensor::<f64>::zeros(&[3, 2, 2]).index_put(&[&sel], &v, false);
    assert_eq!(
        t.to_vec(),
        vec![1.0, 2.0, 3.0, 4.0, 0.0, 0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 4.0]
    );
    // t = np.zeros((2, 3)); t[[[0], [1]], [0, 2]] = [7, 8]: the index tensors broadcast.
    let i0 = DynTensor::from_vec(vec![0usize, 1], &[2, 1]).unwrap();
    let i1 = DynTensor::from_vec(vec![0usize, 2], &[2]).unwrap();
    let vals = DynTensor::from_vec(vec![7.0, 8.0], &[2]).unwrap();
    let t = DynTensor::<f64>::zeros(&[2, 3]).index_put(&[&i0, &i1], &vals, false);
    assert_eq!(t.to_vec(), vec![7.0, 0.0, 8.0, 7.0, 0.0, 8.0]);
}

#[test]
fn writing_at_indices_fails_in_pytorchs_words_and_writes_nothing() {
    let mut t = DynTensor::<f64>::ones(&[2, 3]);
    let far = DynTensor::from_vec(vec![0usize, 3], &[1, 2]).unwrap();
    let err = t
        .try_scatter_(1, &far, &DynTensor::<f64>::zeros(&[2, 3]))
        .unwrap_err();
    assert_eq!(
        first_line(err),
        "index 3 is out of bounds for dimension 1 with size 3"
    );
    assert_eq!(t.to_vec(), vec![1.0; 6]);
    let flat = DynTensor::from_vec(vec![0usize], &[1]).unwrap();
    let err = t
        .try_scatter_add(1, &flat, &DynTensor::<f64>::zeros(&[2, 3]))
        .unwrap_err();
    assert_eq!(
        first_line(err),
        "Index tensor must have the same number of dimensions as self tensor"
    );
    let wide = DynTensor::from_vec(vec![0usize; 8], &[2, 4]).unwrap();
    let err = t
        .try_scatter(0, &wide, &DynTensor::<f64>::zeros(&[2, 3]))
        .unwrap_err();
    assert_eq!(
        first_line(err),
        "Expected index [2, 4] to be smaller than self [2, 3] apart from dimension 0 and to be smaller size than src [2, 3]"
    );
    let err = t
        .try_index_add(0, &[0, 1, 1], &DynTensor::<f64>::ones(&[2, 3]))
        .unwrap_err();
    assert_eq!(
        first_line(err),
        "index_add_(): Number of indices (3) should be equal to source.size(dim) (2)"
    );
    let err = t
        .try_index_add(1, &[0], &DynTensor::<f64>::ones(&[3, 1]))
        .unwrap_err();
    assert!(
        first_line(err)
            .starts_with("index_add_(): Source/destination tensor must have same slice shapes.")
    );
    let err = t
        .try_index_add(0, &[2], &DynTensor::<f64>::ones(&[1, 3]))
        .unwrap_err();
    assert_eq!(
        first_line(err),
        "index 2 is out of bounds for dimension 0 with size 2"
    );
    let i = DynTensor::from_vec(vec![0usize, 1], &[2]).unwrap();
    let j = DynTensor::from_vec(vec![0usize, 1, 2], &[3]).unwrap();
    let err = t.try_index_put_(&[&i, &j], 5.0, false).unwrap_err();
    assert_eq!(
        first_line(err),
        "shape mismatch: indexing tensors could not be broadcast together with shapes [2], [3]"
    );
    let err = t.try_index_put_(&[&i, &i, &i], 5.0, false).unwrap_err();
    assert_eq!(
        first_line(err),
        "too many indices for tensor of dimension 2"
    );
    let err = t
        .try_index_put_(&[&i], DynTensor::<f64>::ones(&[2]), false)
        .unwrap_err();
    assert_eq!(
        first_line(err),
        "shape mismatch: value tensor of shape [2] cannot be broadcast to indexing result of shape [2, 3]"
    );
    assert_eq!(t.to_vec(), vec![1.0; 6]);
    let s = Tensor::<f64, shape![2, 3]>::ones();
    assert!(std::panic::catch_unwind(|| s.index_put(&[&j], 0.0, false)).is_err());
}

#[test]
fn writing_at_indices_through_mutable_views() {
    use shaped::s;
    // t = np.zeros((3, 4)); v = t[:, ::-2] (columns 3 and 1); np.add.at(v, ([0, 2, 0], [1, 0, 1]), 1)
    let mut t = DynTensor::<i64>::zeros(&[3, 4]);
    let r = DynTensor::from_vec(vec![0usize, 2, 0], &[3]).unwrap();
    let c = DynTensor::from_vec(vec![1usize, 0, 1], &[3]).unwrap();
    t.slice_mut(s![.., ..;-2]).index_put_(&[&r, &c], 1, true);
    assert_eq!(t.to_vec(), vec![0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    // A typed mutable view (a TensorViewMut): s = np.zeros((3, 2)); np.add.at(s, ([1, 2],), src)
    let mut s = Tensor::<f64, shape![3, 2]>::zeros();
    let src = DynTensor::from_vec(vec![1.0, 2.0, 3.0, 4.0], &[2, 2]).unwrap();
    s.view_mut().index_add_(0, &[1, 2], &src);
    assert_eq!(s.to_vec(), vec![0.0, 0.0, 1.0, 2.0, 3.0, 4.0]);
    // A failed check leaves the view's tensor unchanged.
    let mut u = DynTensor::<f64>::ones(&[2, 2]);
    let far = DynTensor::from_vec(vec![5usize], &[1, 1]).unwrap();
    assert!(u.view_mut().try_scatter_(0, &far, &0.0).is_err());
    assert_eq!(u.to_vec(), vec![1.0; 4]);
}
