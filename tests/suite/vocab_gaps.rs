//! The smaller gaps of issue 44 against NumPy's and PyTorch's values
//! written here: `diff` with `n` (and `prepend`/`append`), `quantile` with
//! several `q`, N-D `searchsorted`, and the broadcasting of
//! `take_along_dim` and `masked_select`; naive references for the
//! repeated difference.

// The tests spell out the result layouts they check.
#![allow(clippy::type_complexity)]

use proptest::prelude::*;
use shaped::{Axis, Dyn, DynTensor, Tensor, shape};

fn first_line(e: shaped::ShapeError) -> String {
    e.to_string().lines().next().unwrap().to_string()
}

#[test]
fn diff_n_matches_numpy() {
    let x = DynTensor::from_vec(vec![1i32, 4, 9, 16, 25], &[5]).unwrap();
    // numpy.diff(x, n=k) for k = 0..=6
    assert_eq!(x.diff_n(0, 0).to_vec(), vec![1, 4, 9, 16, 25]);
    assert_eq!(x.diff_n(1, 0).to_vec(), vec![3, 5, 7, 9]);
    assert_eq!(x.diff_n(2, 0).to_vec(), vec![2, 2, 2]);
    assert_eq!(x.diff_n(3, -1).to_vec(), vec![0, 0]);
    assert_eq!(x.diff_n(4, 0).to_vec(), vec![0]);
    assert_eq!(x.diff_n(5, 0).shape(), &[0]);
    assert_eq!(x.diff_n(6, 0).shape(), &[0]);
    // numpy.diff([[1, 3, 6, 10], [0, 5, 6, 8]], n=2, axis=1) and axis=0
    let m = DynTensor::from_vec(vec![1i64, 3, 6, 10, 0, 5, 6, 8], &[2, 4]).unwrap();
    let d = m.diff_n(2, 1);
    assert_eq!((d.shape(), d.to_vec()), (&[2, 2][..], vec![1, 1, -4, 1]));
    assert_eq!(m.diff_n(1, -2).to_vec(), vec![-1, 2, 0, -2]);
    assert_eq!(m.diff_n(2, 0).shape(), &[0, 4]);
    // numpy.diff(np.array([1, 0, 3], np.uint8), n=2) == [4]: wraps as `-`.
    let u = DynTensor::from_vec(vec![1u8, 0, 3], &[3]).unwrap();
    assert_eq!(u.diff_n(2, 0).to_vec(), vec![4]);
    // NaN and infinities: numpy.diff([0, inf, 1], n=2) == [-inf]
    let f = DynTensor::from_vec(vec![0.0f64, f64::INFINITY, 1.0], &[3]).unwrap();
    assert_eq!(f.diff_n(2, 0).to_vec(), vec![f64::NEG_INFINITY]);
    // Static and mixed: the axis becomes `Dyn`.
    // numpy.diff([[1, 2], [4, 8], [9, 18]], n=2, axis=0) == [[2, 4]]
    let s = Tensor::<i32, shape![3, 2]>::from_slice(&[1, 2, 4, 8, 9, 18]).unwrap();
    let sd: Tensor<i32, shape![Dyn, 2]> = s.diff_n(2, Axis::<0>);
    assert_eq!((sd.shape().to_vec(), sd.to_vec()), (vec![1, 2], vec![2, 4]));
    let md = Tensor::<f32, shape![Dyn, 3]>::from_vec(vec![1.0, 2.0, 4.0], &[1]).unwrap();
    let r: Tensor<f32, shape![Dyn, Dyn]> = md.diff_n(2, Axis::<1>);
    assert_eq!(r.to_vec(), vec![1.0]);
    // Errors in PyTorch's words: a rank-0 tensor, an axis out of range.
    assert!(DynTensor::scalar(1.0f32).try_diff_n(2, 0).is_err());
    assert_eq!(
        first_line(x.try_diff_n(2, 1).unwrap_err()),
        "Dimension out of range (expected to be in range of [-1, 0], but got 1)"
    );
    // The names stay.
    let named = m.clone().with_names(["batch", "t"]).unwrap();
    assert_eq!(named.diff_n(2, 1).names(), named.names());
}

#[test]
fn diff_with_prepend_and_append_matches_numpy() {
    let x = DynTensor::from_vec(vec![1.0, 3.0, 6.0], &[3]).unwrap();
    let zero = DynTensor::from_vec(vec![0.0], &[1]).unwrap();
    let ten = DynTensor::from_vec(vec![10.0], &[1]).unwrap();
    // numpy.diff([1, 3, 6], prepend=0, append=10) and n=2
    assert_eq!(
        x.diff_with(1, 0, Some(&zero), Some(&ten)).to_vec(),
        vec![1.0, 2.0, 3.0, 4.0]
    );
    assert_eq!(
        x.diff_with(2, 0, Some(&zero), Some(&ten)).to_vec(),
        vec![1.0, 1.0, 1.0]
    );
    assert_eq!(
        x.diff_with(1, 0, None, Some(&ten)).to_vec(),
        vec![2.0, 3.0, 4.0]
    );
    // Along axis 1 of a matrix: numpy.diff(m, axis=1, prepend=[[0], [100]])
    let m = DynTensor::from_vec(vec![1, 2, 3, 4], &[2, 2]).unwrap();
    let p = DynTensor::from_vec(vec![0, 100], &[2, 1]).unwrap();
    let d = m.diff_with(1, -1, Some(&p), None);
    assert_eq!((d.shape(), d.to_vec()), (&[2, 2][..], vec![1, 1, -97, 1]));
    // PyTorch refuses another rank or other sizes off the axis (cat's error).
    assert!(
        m.try_diff_with(1, 1, Some(&DynTensor::scalar(0)), None)
            .is_err()
    );
    assert!(
        m.try_diff_with(1, 1, None, Some(&DynTensor::zeros(&[3, 1])))
            .is_err()
    );
}

/// The `n`th difference by the binomial formula:
/// `sum_j (-1)^(n - j) C(n, j) x[i + j]`.
fn naive_diff_n(x: &[i64], n: usize) -> Vec<i64> {
    let len = x.len().saturating_sub(n);
    (0..len)
        .map(|i| {
            let mut c = 1i64; // C(n, j)
            let mut s = 0i64;
            for j in 0..=n {
                let sign = if (n - j).is_multiple_of(2) { 1 } else { -1 };
                s += sign * c * x[i + j];
                c = c * (n - j) as i64 / (j as i64 + 1);
            }
            s
        })
        .collect()
}

proptest! {
    #[test]
    fn diff_n_matches_the_binomial_formula(
        rows in 0usize..4,
        x in proptest::collection::vec(-1000i64..1000, 0..9),
        n in 0usize..10,
    ) {
        // `rows` copies of `x` as the rows of a matrix, differenced along
        // axis 1, and the transpose along axis 0.
        let cols = x.len();
        let data: Vec<i64> = (0..rows).flat_map(|r| x.iter().map(move |&v| v + r as i64)).collect();
        let m = DynTensor::from_vec(data.clone(), &[rows, cols]).unwrap();
        let d = m.diff_n(n, 1);
        let want: Vec<i64> = (0..rows)
            .flat_map(|r| naive_diff_n(&data[r * cols..(r + 1) * cols], n))
            .collect();
        prop_assert_eq!(d.shape(), &[rows, cols.saturating_sub(n)][..]);
        prop_assert_eq!(d.to_vec(), want);
        let t = m.t().to_owned();
        prop_assert_eq!(t.diff_n(n, 0).t().to_owned().to_vec(), d.to_vec());
    }
}

fn close(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| (x.is_nan() && y.is_nan()) || (x - y).abs() <= 1e-12 * y.abs().max(1.0))
}

#[test]
fn quantiles_match_numpy() {
    let t = DynTensor::<f64>::arange(10).reshape(&[2, 5]).unwrap();
    // torch.quantile(t, torch.tensor([0.25, 0.9]), dim=1): shape (2, 2)
    let q = t.quantiles(&[0.25, 0.9], 1, false);
    assert_eq!(q.shape(), &[2, 2]);
    assert!(close(&q.to_vec(), &[1.0, 6.0, 3.6, 8.6]));
    // keepdim: (2, 2, 1); negative axis
    assert_eq!(t.quantiles(&[0.25, 0.9], -1, true).shape(), &[2, 2, 1]);
    // numpy.quantile(t, [0.5], axis=0)
    let m = t.quantiles(&[0.5], 0, false);
    assert_eq!(m.shape(), &[1, 5]);
    assert!(close(&m.to_vec(), &[2.5, 3.5, 4.5, 5.5, 6.5]));
    // numpy.quantile([1, 2, 3, 4, 5, 6, 7], [0.1, 0.33, 1]) == [1.6, 2.98, 7]
    let v = DynTensor::from_vec(vec![7.0, 1.0, 5.0, 3.0, 2.0, 6.0, 4.0], &[7]).unwrap();
    assert!(close(
        &v.quantiles(&[0.1, 0.33, 1.0], 0, false).to_vec(),
        &[1.6, 2.98, 7.0]
    ));
    // Each position is the one-q form.
    for (i, &q) in [0.0, 0.3, 0.75].iter().enumerate() {
        let all = t.quantiles(&[0.0, 0.3, 0.75], 1, false);
        assert_eq!(
            all.to_vec()[2 * i..2 * i + 2],
            t.quantile(q, 1, false).to_vec()[..]
        );
    }
    // NaN in a group, a size-0 axis (NaN), no q at all (a leading 0).
    let n = DynTensor::from_vec(vec![1.0, f64::NAN, 3.0, 4.0], &[2, 2]).unwrap();
    let nq = n.quantiles(&[0.0, 1.0], 1, false).to_vec();
    assert!(nq[0].is_nan() && nq[1] == 3.0 && nq[2].is_nan() && nq[3] == 4.0);
    let e = DynTensor::<f64>::zeros(&[0, 3]).quantiles(&[0.1, 0.5], 0, false);
    assert_eq!(e.shape(), &[2, 3]);
    assert!(e.to_vec().iter().all(|x| x.is_nan()));
    assert_eq!(t.quantiles(&[], 1, false).shape(), &[0, 2]);
    // PyTorch's error for a q tensor, and for the axis.
    assert_eq!(
        first_line(t.try_quantiles(&[0.5, -0.1], 1, false).unwrap_err()),
        "quantile() q values must be in the range [0, 1]"
    );
    assert!(t.try_quantiles(&[f64::NAN], 1, false).is_err());
    assert_eq!(
        first_line(t.try_quantiles(&[0.5], 2, false).unwrap_err()),
        "Dimension out of range (expected to be in range of [-2, 1], but got 2)"
    );
    // The names stay, the new axis unnamed.
    let named = t.clone().with_names(["b", "x"]).unwrap();
    assert_eq!(
        named.quantiles(&[0.5], 1, false).names(),
        vec![None, Some("b")]
    );
}

#[test]
fn quantiles_on_static_and_mixed_layouts() {
    let t =
        Tensor::<f64, shape![4, 2]>::from_slice(&[1.0, 8.0, 2.0, 6.0, 3.0, 4.0, 4.0, 2.0]).unwrap();
    // numpy.quantile(t, [0, 0.5, 1], axis=0)
    let q: Tensor<f64, shape![Dyn, 2]> = t.quantiles_over(&[0.0, 0.5, 1.0], Axis::<0>);
    assert_eq!(q.to_vec(), vec![1.0, 2.0, 2.5, 5.0, 4.0, 8.0]);
    let k: Tensor<f64, shape![Dyn, 1, 2]> = t.quantiles_keepdim(&[0.25], Axis::<0>);
    assert!(close(&k.to_vec(), &[1.75, 3.5]));
    let m =
        Tensor::<f32, shape![Dyn, 3]>::from_vec(vec![1.0, 2.0, 3.0, 5.0, 6.0, 7.0], &[2]).unwrap();
    let mq: Tensor<f32, shape![Dyn, Dyn]> = m.quantiles_over(&[0.5, 1.0], Axis::<1>);
    assert_eq!(
        (mq.shape().to_vec(), mq.to_vec()),
        (vec![2, 2], vec![2.0, 6.0, 3.0, 7.0])
    );
    let v: Tensor<f32, shape![Dyn]> = Tensor::<f32, shape![3]>::from_slice(&[3.0, 1.0, 2.0])
        .unwrap()
        .quantiles_over(&[0.5, 0.0], Axis::<0>);
    assert_eq!(v.to_vec(), vec![2.0, 1.0]);
    assert!(t.try_quantiles_over(&[1.5], Axis::<1>).is_err());
}

#[test]
fn searchsorted_takes_batches_of_sequences() {
    // torch.searchsorted([[1, 3, 5, 7, 9], [2, 4, 6, 8, 10]], [[3, 6, 9], [3, 6, 9]])
    let seq = DynTensor::from_vec(vec![1, 3, 5, 7, 9, 2, 4, 6, 8, 10], &[2, 5]).unwrap();
    let v = DynTensor::from_vec(vec![3, 6, 9, 3, 6, 9], &[2, 3]).unwrap();
    assert_eq!(seq.searchsorted(&v, false).to_vec(), vec![1, 3, 4, 1, 2, 4]);
    assert_eq!(seq.searchsorted(&v, true).to_vec(), vec![2, 3, 5, 1, 3, 4]);
    // Three dimensions, one value per sequence.
    let s3 = DynTensor::from_vec(
        vec![
            0.0,
            1.0,
            2.0,
            10.0,
            20.0,
            30.0,
            -3.0,
            -2.0,
            -1.0,
            1.0,
            1.0,
            f64::NAN,
        ],
        &[2, 2, 3],
    )
    .unwrap();
    let v3 = DynTensor::from_vec(vec![1.5, 10.0, 0.0, f64::NAN], &[2, 2, 1]).unwrap();
    let r = s3.searchsorted(&v3, false);
    assert_eq!((r.shape(), r.to_vec()), (&[2, 2, 1][..], vec![2, 0, 3, 2]));
    assert_eq!(s3.searchsorted(&v3, true).to_vec(), vec![2, 1, 3, 3]);
    // Size 0: no values per sequence, or empty sequences.
    assert_eq!(
        seq.searchsorted(&DynTensor::zeros(&[2, 0]), false).shape(),
        &[2, 0]
    );
    let empty = DynTensor::<i32>::zeros(&[2, 0]);
    assert_eq!(empty.searchsorted(&v, true).to_vec(), vec![0; 6]);
    assert_eq!(
        DynTensor::<i32>::zeros(&[0, 4])
            .searchsorted(&DynTensor::zeros(&[0, 2]), false)
            .shape(),
        &[0, 2]
    );
    // A 1-D sequence keeps taking values of any shape, rank 0 included.
    let line = DynTensor::from_vec(vec![1, 3, 5], &[3]).unwrap();
    let at = line.searchsorted(&DynTensor::scalar(4), false);
    assert_eq!((at.shape(), at.to_vec()), (&[][..], vec![2]));
    assert_eq!(
        line.searchsorted(&v, false).to_vec(),
        vec![1, 3, 3, 1, 3, 3]
    );
}

#[test]
fn searchsorted_errors_in_pytorchs_words() {
    let seq = DynTensor::<i32>::zeros(&[2, 3]);
    assert_eq!(
        first_line(
            seq.try_searchsorted(&DynTensor::zeros(&[3, 1]), false)
                .unwrap_err()
        ),
        "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries tensor and input value tensor must match, but we got boundaries tensor [2, 3] and input value tensor [3, 1]"
    );
    assert!(
        seq.try_searchsorted(&DynTensor::zeros(&[2]), false)
            .is_err()
    );
    assert!(
        seq.try_searchsorted(&DynTensor::zeros(&[1, 2, 3]), false)
            .is_err()
    );
    assert_eq!(
        first_line(
            seq.try_searchsorted(&DynTensor::scalar(1), false)
                .unwrap_err()
        ),
        "torch.searchsorted(): input value can be a scalar only when boundaries tensor dimension is 1, but we got boundaries tensor dim(2) and input value's dim(0) numel(1)"
    );
    assert_eq!(
        first_line(
            DynTensor::scalar(1)
                .try_searchsorted(&DynTensor::zeros(&[2]), false)
                .unwrap_err()
        ),
        "torch.searchsorted(): boundaries tensor should have positive dimension, but got 0 dimension"
    );
    // Static and mixed layouts: the result has the values' layout; a
    // `Dyn` size is checked when the program runs.
    let s = Tensor::<i32, shape![2, 3]>::from_slice(&[1, 3, 5, 2, 4, 6]).unwrap();
    let v = Tensor::<i32, shape![2, 2]>::from_slice(&[3, 6, 3, 6]).unwrap();
    let r: Tensor<usize, shape![2, 2]> = s.searchsorted(&v, false);
    assert_eq!(r.to_vec(), vec![1, 3, 1, 2]);
    let m = Tensor::<i32, shape![Dyn, 3]>::from_vec(vec![1, 3, 5], &[1]).unwrap();
    let mv = Tensor::<i32, shape![Dyn, 1]>::from_vec(vec![4, 4], &[2]).unwrap();
    assert_eq!(
        m.try_searchsorted(&mv, false).unwrap_err().kind(),
        shaped::ShapeErrorKind::SearchSorted
    );
    let ok = Tensor::<i32, shape![Dyn, 1]>::from_vec(vec![4], &[1]).unwrap();
    assert_eq!(m.searchsorted(&ok, true).to_vec(), vec![2]);
}

proptest! {
    #[test]
    fn batched_searchsorted_counts_as_a_naive_loop(
        batch in 0usize..4,
        len in 0usize..6,
        m in 0usize..5,
        seed in proptest::collection::vec(-5i32..5, 40),
        right in any::<bool>(),
    ) {
        let mut seq: Vec<i32> = Vec::new();
        for b in 0..batch {
            let mut row: Vec<i32> = (0..len).map(|i| seed[(b * 7 + i) % 40]).collect();
            row.sort();
            seq.extend(row);
        }
        let vals: Vec<i32> = (0..batch * m).map(|i| seed[(i * 3 + 11) % 40]).collect();
        let s = DynTensor::from_vec(seq.clone(), &[batch, len]).unwrap();
        let v = DynTensor::from_vec(vals.clone(), &[batch, m]).unwrap();
        let got = s.searchsorted(&v, right).to_vec();
        let want: Vec<usize> = vals
            .iter()
            .enumerate()
            .map(|(i, &x)| {
                let row = &seq[(i / m) * len..(i / m + 1) * len];
                row.iter().filter(|&&e| if right { e <= x } else { e < x }).count()
            })
            .collect();
        prop_assert_eq!(got, want);
    }
}

#[test]
fn take_along_dim_broadcasts_as_pytorch() {
    let x = DynTensor::from_vec(vec![10, 30, 20, 60, 40, 50], &[2, 3]).unwrap();
    // torch.take_along_dim(x, torch.tensor([[2, 0]]), dim=1): the indices
    // broadcast over the rows.
    let i = DynTensor::from_vec(vec![2usize, 0], &[1, 2]).unwrap();
    let r = x.take_along_dim(&i, 1);
    assert_eq!((r.shape(), r.to_vec()), (&[2, 2][..], vec![20, 10, 50, 60]));
    assert_eq!(x.take_along_dim(&i, -1).to_vec(), r.to_vec());
    // The input broadcasts over the indices' rows.
    let row = DynTensor::from_vec(vec![5, 6, 7], &[1, 3]).unwrap();
    let j = DynTensor::from_vec(vec![0usize, 2, 1, 1], &[2, 2]).unwrap();
    let r = row.take_along_dim(&j, 1);
    assert_eq!((r.shape(), r.to_vec()), (&[2, 2][..], vec![5, 7, 6, 6]));
    // Both at once, in three dimensions: [2, 1, 3] by [1, 2, 1] along 2.
    let x3 = DynTensor::<i32>::arange(6).reshape(&[2, 1, 3]).unwrap();
    let i3 = DynTensor::from_vec(vec![2usize, 0], &[1, 2, 1]).unwrap();
    let r = x3.take_along_dim(&i3, 2);
    assert_eq!((r.shape(), r.to_vec()), (&[2, 2, 1][..], vec![2, 0, 5, 3]));
    // argmax with keepdim gives the maxima.
    let m = DynTensor::from_vec(vec![1.0, 9.0, 3.0, 7.0, 2.0, 8.0], &[3, 2]).unwrap();
    let am = DynTensor::from_vec(vec![1usize, 0, 1], &[3, 1]).unwrap();
    assert_eq!(m.take_along_dim(&am, 1).to_vec(), vec![9.0, 3.0, 8.0]);
    // Size 0 and rank 0.
    assert_eq!(
        x.take_along_dim(&DynTensor::zeros(&[1, 0]), 1).shape(),
        &[2, 0]
    );
    let e = DynTensor::<i32>::zeros(&[0, 3]).take_along_dim(&DynTensor::zeros(&[1, 2]), 1);
    assert_eq!(e.shape(), &[0, 2]);
    let s = DynTensor::scalar(7).take_along_dim(&DynTensor::scalar(0usize), 0);
    assert_eq!((s.shape(), s.to_vec()), (&[][..], vec![7]));
    // Errors in PyTorch's words.
    assert_eq!(
        first_line(
            x.try_take_along_dim(&DynTensor::zeros(&[3]), 1)
                .unwrap_err()
        ),
        "torch.take_along_dim(): input and indices should have the same number of dimensions, but got 2 dimensions for input, and 1 dimensions for indices"
    );
    assert_eq!(
        first_line(
            x.try_take_along_dim(&DynTensor::zeros(&[3, 1]), 1)
                .unwrap_err()
        ),
        "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0"
    );
    assert_eq!(
        first_line(
            x.try_take_along_dim(&DynTensor::full(&[1, 1], 3), 1)
                .unwrap_err()
        ),
        "index 3 is out of bounds for dimension 1 with size 3"
    );
    assert_eq!(
        first_line(
            DynTensor::<i32>::zeros(&[2, 0])
                .try_take_along_dim(&DynTensor::zeros(&[2, 1]), 1)
                .unwrap_err()
        ),
        "index 0 is out of bounds for dimension 1 with size 0"
    );
    assert!(x.try_take_along_dim(&i, 2).is_err());
}

#[test]
fn take_along_dim_on_static_and_mixed_layouts() {
    let x = Tensor::<i32, shape![2, 3]>::from_slice(&[10, 30, 20, 60, 40, 50]).unwrap();
    let i = Tensor::<usize, shape![1, 2]>::from_slice(&[2, 0]).unwrap();
    // The compiler computes the broadcast layout.
    let r: Tensor<i32, shape![2, 2]> = x.take_along_dim(&i, Axis::<1>);
    assert_eq!(r.to_vec(), vec![20, 10, 50, 60]);
    let order = x.argsort(Axis::<1>, false);
    let sorted: Tensor<i32, shape![2, 3]> = x.take_along_dim(&order, Axis::<1>);
    assert_eq!(sorted.to_vec(), vec![10, 20, 30, 40, 50, 60]);
    let m = Tensor::<i32, shape![Dyn, 3]>::from_vec(vec![1, 2, 3, 4, 5, 6], &[2]).unwrap();
    let first = Tensor::<usize, shape![1, 1]>::from_slice(&[0]).unwrap();
    let f: Tensor<i32, shape![Dyn, 1]> = m.take_along_dim(&first, Axis::<1>);
    assert_eq!(f.to_vec(), vec![1, 4]);
    let three = Tensor::<usize, shape![Dyn, 1]>::from_vec(vec![0, 0, 0], &[3]).unwrap();
    assert!(m.try_take_along_dim(&three, Axis::<1>).is_err());
}

/// `take_along_dim` by its definition: the broadcast of the input with
/// the axis of size 1 and the indices, each position read from the input
/// at the index's position (size-1 axes of either read at 0).
fn naive_take_along(
    x: &[i32],
    dims: &[usize],
    idx: &[usize],
    idims: &[usize],
    axis: usize,
) -> (Vec<i32>, Vec<usize>) {
    let rank = dims.len();
    let out: Vec<usize> = (0..rank)
        .map(|d| {
            if d == axis {
                idims[d]
            } else {
                dims[d].max(idims[d])
            }
        })
        .collect();
    let n: usize = out.iter().product();
    let flat = |pos: &[usize], sizes: &[usize]| {
        pos.iter()
            .zip(sizes)
            .fold(0, |acc, (&p, &s)| acc * s + if s == 1 { 0 } else { p })
    };
    let mut v = Vec::new();
    for k in 0..n {
        let mut pos = vec![0; rank];
        let mut r = k;
        for d in (0..rank).rev() {
            pos[d] = r % out[d];
            r /= out[d];
        }
        let i = idx[flat(&pos, idims)];
        let mut xp = pos.clone();
        xp[axis] = i;
        let xs: Vec<usize> = dims.to_vec();
        // The axis of the input is indexed, never broadcast.
        let off = xp
            .iter()
            .zip(&xs)
            .enumerate()
            .fold(0, |acc, (d, (&p, &s))| {
                acc * s + if d != axis && s == 1 { 0 } else { p }
            });
        v.push(x[off]);
    }
    (v, out)
}

proptest! {
    #[test]
    fn take_along_dim_matches_its_definition(
        sizes in proptest::collection::vec(1usize..4, 3),
        ones_x in proptest::collection::vec(any::<bool>(), 3),
        ones_i in proptest::collection::vec(any::<bool>(), 3),
        m in 0usize..4,
        axis in 0usize..3,
        seed in proptest::collection::vec(0usize..1000, 64),
    ) {
        let dims: Vec<usize> = (0..3).map(|d| if ones_x[d] { 1 } else { sizes[d] }).collect();
        let idims: Vec<usize> = (0..3)
            .map(|d| if d == axis { m } else if ones_i[d] { 1 } else { sizes[d] })
            .collect();
        let x: Vec<i32> = (0..dims.iter().product::<usize>() as i32).collect();
        let idx: Vec<usize> = (0..idims.iter().product::<usize>())
            .map(|k| seed[k % 64] % dims[axis])
            .collect();
        let t = DynTensor::from_vec(x.clone(), &dims).unwrap();
        let i = DynTensor::from_vec(idx.clone(), &idims).unwrap();
        let got = t.take_along_dim(&i, axis);
        let (want, out) = naive_take_along(&x, &dims, &idx, &idims, axis);
        prop_assert_eq!(got.shape(), &out[..]);
        prop_assert_eq!(got.to_vec(), want);
    }
}

#[test]
fn masked_select_broadcasts_as_pytorch() {
    let x = DynTensor::<i32>::arange(6).reshape(&[2, 3]).unwrap();
    // torch.masked_select(x, torch.tensor([True, False, True]))
    let cols = DynTensor::from_bools(vec![true, false, true], &[3]).unwrap();
    assert_eq!(x.masked_select(&cols).to_vec(), vec![0, 2, 3, 5]);
    let rows = DynTensor::from_bools(vec![true, false], &[2, 1]).unwrap();
    assert_eq!(x.masked_select(&rows).to_vec(), vec![0, 1, 2]);
    // The input broadcasts to a larger mask.
    let v = DynTensor::from_vec(vec![1, 2, 3], &[3]).unwrap();
    let big = DynTensor::from_bools(vec![true, false, false, false, true, true], &[2, 3]).unwrap();
    assert_eq!(v.masked_select(&big).to_vec(), vec![1, 2, 3]);
    // Rank-0 masks, size 0.
    assert_eq!(
        x.masked_select(&DynTensor::from_bools(vec![true], &[]).unwrap())
            .to_vec(),
        (0..6).collect::<Vec<_>>()
    );
    assert_eq!(
        x.masked_select(&DynTensor::from_bools(vec![false], &[]).unwrap())
            .shape(),
        &[0]
    );
    assert_eq!(
        DynTensor::<i32>::zeros(&[0, 3])
            .masked_select(&cols)
            .shape(),
        &[0]
    );
    // PyTorch's error, the mask as tensor a.
    let two = DynTensor::from_bools(vec![true, true], &[2]).unwrap();
    assert_eq!(
        first_line(v.try_masked_select(&two).unwrap_err()),
        "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0"
    );
    // Static and mixed layouts: the mask's layout broadcasts with the
    // tensor's (a static mismatch does not compile).
    let s = Tensor::<i32, shape![2, 3]>::arange();
    let odd = Tensor::<i32, shape![3]>::from_slice(&[0, 1, 0])
        .unwrap()
        .ne_elem(&Tensor::<i32, shape![]>::zeros());
    let sel: Tensor<i32, shape![Dyn]> = s.masked_select(&odd);
    assert_eq!(sel.to_vec(), vec![1, 4]);
    let md = Tensor::<i32, shape![Dyn]>::from_vec(vec![1, 0], &[2])
        .unwrap()
        .ne_elem(&Tensor::<i32, shape![]>::zeros());
    assert!(s.try_masked_select(&md).is_err());
    let m3 = Tensor::<i32, shape![Dyn]>::from_vec(vec![1, 0, 1], &[3])
        .unwrap()
        .ne_elem(&Tensor::<i32, shape![]>::zeros());
    assert_eq!(s.masked_select(&m3).to_vec(), vec![0, 2, 3, 5]);
}

#[test]
fn quantiles_of_views() {
    let t = DynTensor::<f64>::arange(10).reshape(&[2, 5]).unwrap();
    // A transposed (strided) view: numpy.quantile(t.T, [0.5, 1], axis=0)
    let tt = t.view().t();
    let q = tt.try_quantiles(&[0.5, 1.0], 0, false).unwrap();
    assert_eq!(
        (q.shape(), q.to_vec()),
        (&[2, 2][..], vec![2.0, 7.0, 4.0, 9.0])
    );
    let s =
        Tensor::<f64, shape![4, 2]>::from_slice(&[1.0, 8.0, 2.0, 6.0, 3.0, 4.0, 4.0, 2.0]).unwrap();
    let v: Tensor<f64, shape![Dyn, 2]> = s.view().quantiles_over(&[0.0, 1.0], Axis::<0>);
    assert_eq!(v.to_vec(), vec![1.0, 2.0, 4.0, 8.0]);
    let k: Tensor<f64, shape![Dyn, 4, 1]> = s.view().quantiles_keepdim(&[0.5], Axis::<1>);
    assert_eq!(k.to_vec(), vec![4.5, 4.0, 3.5, 3.0]);
}
