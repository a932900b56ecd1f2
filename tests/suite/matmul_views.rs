//! Matrix products of views (transposed, sliced, stepped, broadcast,
//! batched): each compared with the naive reference (`common/naive_matmul.rs`) over the
//! views' `to_owned()` copies, for every element type the issue names.

use proptest::prelude::*;
use shaped::view::SliceArg;
use shaped::{Axis, Dyn, DynTensor, DynView, ShapeErrorKind, Tensor, narrow, s, shape};

use crate::naive_matmul;
use naive_matmul::naive;

/// The views' product against the reference over their copies, at `$t`.
macro_rules! check_views {
    ($t:ty, $a:expr, $b:expr) => {{
        let (a, b): (&DynView<'_, $t>, &DynView<'_, $t>) = ($a, $b);
        let to_i = |v: &DynView<'_, $t>| -> Vec<i64> {
            v.to_owned()
                .to_vec()
                .into_iter()
                .map(|x| x as i64)
                .collect()
        };
        let want = naive(&to_i(a), a.shape(), &to_i(b), b.shape());
        match (want, a.try_matmul(b)) {
            (Some((shape, values)), Ok(c)) => {
                assert_eq!(c.shape(), &shape[..], "{:?} @ {:?}", a.shape(), b.shape());
                let values: Vec<$t> = values.into_iter().map(|x| x as $t).collect();
                assert_eq!(
                    c.to_vec(),
                    values,
                    "{:?} (strides {:?}) @ {:?} (strides {:?}), {}",
                    a.shape(),
                    a.strides(),
                    b.shape(),
                    b.strides(),
                    stringify!($t)
                );
            }
            (None, Err(_)) => {}
            (w, g) => panic!(
                "{:?} @ {:?}: reference {w:?}, crate {g:?}",
                a.shape(),
                b.shape()
            ),
        }
    }};
}

/// Small integers, so that every product is exact in `f32` too.
fn tensor<T: shaped::Element + From<i8>>(dims: &[usize], seed: usize) -> DynTensor<T> {
    let n = dims.iter().product::<usize>();
    let v = (0..n)
        .map(|i| <T as From<i8>>::from(((i * 7 + seed * 3) % 11) as i8 - 5))
        .collect();
    DynTensor::from_vec(v, dims).unwrap()
}

#[test]
fn transposed_and_sliced_matrices() {
    macro_rules! case {
        ($t:ty) => {{
            // Large enough for `matrixmultiply` (f32, f64) to take them.
            let x = tensor::<$t>(&[40, 30], 1);
            let y = tensor::<$t>(&[40, 50], 2);
            // xᵀ y: [30, 40] @ [40, 50], the first operand column-major.
            check_views!($t, &x.t(), &y.view());
            // x yᵀ... with y's rows sliced to fit: [40, 30] @ [30, 40].
            let ys = y.slice(s![.., 5..35]);
            check_views!($t, &x.view(), &ys.t());
            // Both transposed: [30, 40] @ [40, 40] with steps.
            check_views!($t, &x.t(), &y.slice(s![.., ..;1]).slice(s![.., 0..40]));
            // Every other row and column: [20, 15] @ [15, 25].
            let xs = x.slice(s![..;2, ..;2]);
            let yz = y.slice(s![..;3, ..;2]).slice(s![0..15, 0..25]);
            check_views!($t, &xs, &yz);
            // Matrix · vector and vector · matrix through strided vectors.
            check_views!($t, &x.t(), &y.index_axis(1, 3));
            check_views!($t, &y.index_axis(1, 7), &x.view());
            // A single column of a matrix times a row: [40] . [40].
            check_views!($t, &x.index_axis(1, 0), &y.index_axis(1, 1));
            // A mismatch.
            check_views!($t, &x.view(), &y.view());
        }};
    }
    case!(f32);
    case!(f64);
    case!(i32);
    case!(i64);
}

#[test]
fn batched_views() {
    macro_rules! case {
        ($t:ty) => {{
            let x = tensor::<$t>(&[4, 3, 12, 10], 3);
            let w = tensor::<$t>(&[3, 12, 10], 4);
            // Batch of transposed matrices: [4, 3, 10, 12] @ [3, 12, 10].
            check_views!($t, &x.view().transpose(-1, -2), &w.view());
            // The batch axes permuted: [3, 4, 12, 10] @ [3, 10, 12] (a
            // batch stride larger than the next one's extent).
            check_views!(
                $t,
                &x.view().permute(&[1, 0, 2, 3]),
                &w.view().transpose(1, 2).unsqueeze(1)
            );
            // A sliced batch against one matrix: the rows do not fold.
            let xb = x.slice(s![.., 1, 2..8, ..]); // [4, 6, 10]
            check_views!($t, &xb, &w.index_axis(0, 0).t()); // @ [10, 12]
            // Rows that fold: a contiguous slice of whole matrices.
            check_views!($t, &x.slice(s![1..3]), &w.index_axis(0, 2).t());
            // Broadcast batch (stride 0) and broadcast matrix rows.
            let row = tensor::<$t>(&[10], 5);
            let wb = row.view().broadcast_to(&[5, 12, 10]);
            check_views!($t, &x.slice(s![0]), &wb.transpose(1, 2).unsqueeze(0));
            check_views!($t, &wb, &x.index_axis(0, 1).index_axis(0, 0).t());
        }};
    }
    case!(f32);
    case!(f64);
    case!(i32);
    case!(i64);
}

/// Products above the `rayon` feature's threshold (2^20 multiply-adds), so
/// that with the feature they are cut into pieces: rows of a strided
/// operand (row stride 100, 80 columns), and a batch of transposed matrices.
#[test]
fn large_views() {
    macro_rules! case {
        ($t:ty) => {{
            let x = tensor::<$t>(&[2, 160, 100], 6);
            let w = tensor::<$t>(&[96, 80], 7);
            // [2, 160, 80] @ [80, 96]: the rows fold (320 rows, 100 apart).
            check_views!($t, &x.slice(s![.., .., 0..80]), &w.t());
            // [2, 100, 160] @ [160, 70]: columns of x, one product per matrix.
            let v = tensor::<$t>(&[160, 70], 8);
            check_views!($t, &x.view().transpose(1, 2), &v.view());
        }};
    }
    case!(f32);
    case!(i64);
}

#[test]
fn errors_and_names() {
    let a = DynTensor::<f32>::ones(&[4, 3]);
    let b = DynTensor::<f32>::ones(&[5, 4]);
    let e = a.view().try_matmul(&b.view()).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::MatMulInner);
    assert_eq!(
        e.to_string(),
        "mat1 and mat2 shapes cannot be multiplied (4x3 and 5x4)"
    );
    assert_eq!(a.t().matmul(&b.t()).to_vec(), vec![4.0; 15]);
    let scalar = DynTensor::<f32>::ones(&[]);
    let e = scalar.view().try_matmul(&a.view()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "both arguments to matmul need to be at least 1D, but they are 0D and 2D"
    );

    let x = DynTensor::<f32>::ones(&[2, 3, 4])
        .with_names(["B", "K", "N"])
        .unwrap();
    let w = DynTensor::<f32>::ones(&[3, 5])
        .with_names(["K", "P"])
        .unwrap();
    // xᵀ over the last two axes: [2, 4, 3] named (B, N, K).
    let y = x.view().transpose(1, 2).try_matmul(&w.view()).unwrap();
    assert_eq!(y.names(), [Some("B"), Some("N"), Some("P")]);
    assert_eq!(y.to_vec(), vec![3.0; 40]);
    let j = DynTensor::<f32>::ones(&[3, 5])
        .with_names(["J", "P"])
        .unwrap();
    let e = x.view().transpose(1, 2).try_matmul(&j.view()).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::MatMulNames);
}

#[test]
fn static_views() {
    let a = Tensor::<f32, shape![5, 4]>::from_slice(&tensor::<f32>(&[5, 4], 1).to_vec()).unwrap();
    let b = Tensor::<f32, shape![5, 6]>::from_slice(&tensor::<f32>(&[5, 6], 2).to_vec()).unwrap();
    // aᵀ b, typed: [4, 5] @ [5, 6].
    let at = a.view().transpose(Axis::<0>, Axis::<1>);
    let c: Tensor<f32, shape![4, 6]> = at.matmul(&b.view());
    check_views!(f32, &at.as_dyn(), &b.view().as_dyn());
    let want = naive_of(&at.as_dyn(), &b.view().as_dyn());
    assert_eq!(c.as_slice(), &want[..]);
    // A compile-time slice of b's columns: [4, 5] @ [5, 3].
    let cols = narrow!(b.view(), 1, 2..5);
    let c: Tensor<f32, shape![4, 3]> = at.matmul(&cols);
    assert_eq!(c.as_slice(), &naive_of(&at.as_dyn(), &cols.as_dyn())[..]);
    // A runtime slice gives a `Dyn` size, checked when the product runs.
    let rows = a.view().narrow(Axis::<0>, 1, 4); // [Dyn, 4]
    let c: Tensor<f32, shape![4, 4]> = at.narrow(Axis::<1>, 0, 4).matmul(&rows);
    assert_eq!(
        c.as_slice(),
        &naive_of(&at.narrow(Axis::<1>, 0, 4).as_dyn(), &rows.as_dyn())[..]
    );
    let short = a.view().narrow(Axis::<0>, 0, 3); // [Dyn = 3, 4]
    let at_all: shaped::TensorView<'_, f32, shape![4, Dyn]> = at.narrow(Axis::<1>, 0, 5);
    let e = at_all.try_matmul(&short).unwrap_err();
    assert_eq!(
        e.to_string(),
        "mat1 and mat2 shapes cannot be multiplied (4x5 and 3x4)"
    );
}

/// The reference's values for two views, as `f32`.
fn naive_of(a: &DynView<'_, f32>, b: &DynView<'_, f32>) -> Vec<f32> {
    let i = |v: &DynView<'_, f32>| -> Vec<i64> { v.to_vec().iter().map(|&x| x as i64).collect() };
    let (_, v) = naive(&i(a), a.shape(), &i(b), b.shape()).unwrap();
    v.into_iter().map(|x| x as f32).collect()
}

/// How one operand is cut out of a larger tensor.
#[derive(Clone, Debug)]
struct Cut {
    /// The operand's shape.
    dims: Vec<usize>,
    /// Per axis: (offset, step) in the larger tensor.
    cuts: Vec<(usize, usize)>,
    /// Whether the last two axes are stored swapped (the view transposes them).
    transposed: bool,
}

impl Cut {
    /// A view of shape `dims` into `base` (made by [`Cut::base`]).
    fn view<'t, T>(&self, base: &'t DynTensor<T>) -> DynView<'t, T> {
        let r = self.dims.len();
        let stored = self.stored();
        let args: Vec<SliceArg> = stored
            .iter()
            .zip(&self.stored_cuts())
            .map(|(&d, &(o, st))| {
                SliceArg::from(o as isize..(o + d * st) as isize).with_step(st as isize)
            })
            .collect();
        let v = base.slice(&args);
        if self.transposed && r >= 2 {
            v.transpose(r - 2, r - 1)
        } else {
            v
        }
    }
    fn stored(&self) -> Vec<usize> {
        let mut d = self.dims.clone();
        let r = d.len();
        if self.transposed && r >= 2 {
            d.swap(r - 2, r - 1);
        }
        d
    }
    fn stored_cuts(&self) -> Vec<(usize, usize)> {
        let mut c = self.cuts.clone();
        let r = c.len();
        if self.transposed && r >= 2 {
            c.swap(r - 2, r - 1);
        }
        c
    }
    /// The larger tensor's shape.
    fn base(&self) -> Vec<usize> {
        self.stored()
            .iter()
            .zip(self.stored_cuts())
            .map(|(&d, (o, st))| o + d * st)
            .collect()
    }
}

fn cut(dims: Vec<usize>) -> impl Strategy<Value = Cut> {
    let r = dims.len();
    (
        prop::collection::vec((0usize..3, 1usize..4), r),
        any::<bool>(),
    )
        .prop_map(move |(cuts, transposed)| Cut {
            dims: dims.clone(),
            cuts,
            transposed,
        })
}

/// Two shapes that mostly multiply: ranks 1-4, batch sizes 0-3 (or 1),
/// matrix sizes 0-12 (products above 512 multiply-adds reach `matrixmultiply`).
fn shapes() -> impl Strategy<Value = (Vec<usize>, Vec<usize>)> {
    (
        prop::collection::vec(0usize..4, 0..3),
        prop::collection::vec(0usize..4, 0..3),
        0usize..13,
        0usize..13,
        0usize..13,
        1usize..3,
        1usize..3,
        any::<bool>(),
    )
        .prop_map(|(ba, bb, m, k, n, ra, rb, fit)| {
            let mut a = ba;
            if ra == 2 {
                a.push(m);
            }
            a.push(k);
            let mut b = bb;
            b.push(if fit { k } else { (k + 1) % 13 });
            if rb == 2 {
                b.push(n);
            }
            (a, b)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Random shapes, offsets, steps and transposes: the product of the
    /// views is the reference's over their copies, or an error where it
    /// errs.
    #[test]
    fn random_views(
        (ca, cb) in shapes().prop_flat_map(|(a, b)| (cut(a), cut(b))),
    ) {
        let (ta, tb) = (tensor::<f32>(&ca.base(), 1), tensor::<f32>(&cb.base(), 2));
        check_views!(f32, &ca.view(&ta), &cb.view(&tb));
        let (ta, tb) = (tensor::<f64>(&ca.base(), 1), tensor::<f64>(&cb.base(), 2));
        check_views!(f64, &ca.view(&ta), &cb.view(&tb));
        let (ta, tb) = (tensor::<i32>(&ca.base(), 1), tensor::<i32>(&cb.base(), 2));
        check_views!(i32, &ca.view(&ta), &cb.view(&tb));
    }
}
