//! Parity of the six kinds of tensor, generated from the same tables that
//! stamp the methods (`shaped::__reduction_table!`, `__softmax_table!`,
//! `__unary_table!`):
//! every row of a table
//! is called on a `Tensor`, a contiguous, a sliced, a transposed and a
//! reversed `TensorView`, a sliced `TensorViewMut`, and the same on the
//! runtime side (`DynTensor`, `DynView`, `DynViewMut`), and each result is
//! checked against the same function of the kind's elements copied into
//! an owned tensor (`to_owned`), the typed and runtime owned results
//! against each other, and, for the typed kinds, the result's type (the
//! owned tensor's and the view's results must have the same type).
//!
//! The owned tensors' values of `nansum` and `nanmean` are checked against
//! NumPy's (`np.nansum`, `np.nanmean`, computed here and pasted).

use shaped::{Axis, AxisFromEnd, DynTensor, Layout, Mask, Tensor, s, shape, slice};

/// `[3, 4]` values, integers (so that sums in any order are exact), with
/// a NaN at `[1, 2]` when `nan`.
fn values(nan: bool) -> Vec<f64> {
    let mut v = vec![
        3.0, -1.0, 4.0, 1.0, 5.0, 9.0, 2.0, -6.0, 5.0, 3.0, -5.0, 8.0,
    ];
    if nan {
        v[6] = f64::NAN;
    }
    v
}

/// `values` inside a `[3, 6]` (columns 1..5), for a sliced view.
fn wide(v: &[f64]) -> Vec<f64> {
    (0..18)
        .map(|k| {
            let (i, j) = (k / 6, k % 6);
            if (1..5).contains(&j) {
                v[i * 4 + j - 1]
            } else {
                100.0 + k as f64
            }
        })
        .collect()
}

/// `values` transposed, `[4, 3]`, for a transposed view.
fn tall(v: &[f64]) -> Vec<f64> {
    (0..12).map(|k| v[(k % 3) * 4 + k / 3]).collect()
}

/// Values that compare equal: NaN equal to NaN, floats within 1e-12.
trait Same: Copy + core::fmt::Debug {
    fn same(self, other: Self) -> bool;
}
impl Same for f64 {
    fn same(self, o: f64) -> bool {
        (self.is_nan() && o.is_nan())
            || self == o
            || (self - o).abs() <= 1e-12 * self.abs().max(1.0)
    }
}
macro_rules! exact {
    ($($t:ty),*) => {$(
        impl Same for $t {
            fn same(self, o: $t) -> bool {
                self == o
            }
        }
    )*};
}
exact!(usize, i32);
fn all_same<U: Same>(a: &[U], b: &[U]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same(*y))
}

/// A typed result against the owned tensor's: the same layout `L` (the
/// compiler checks it, by this signature), the same values.
#[track_caller]
fn same_typed<U: Same + shaped::Element, L: Layout>(want: &Tensor<U, L>, got: &Tensor<U, L>) {
    assert_eq!(want.shape(), got.shape());
    assert!(
        all_same(&want.to_vec(), &got.to_vec()),
        "{:?} != {:?}",
        want.to_vec(),
        got.to_vec()
    );
}

#[track_caller]
fn same_dyn<U: Same + shaped::Element>(want: &DynTensor<U>, got: &DynTensor<U>) {
    assert_eq!(want.shape(), got.shape());
    assert!(
        all_same(&want.to_vec(), &got.to_vec()),
        "{:?} != {:?}",
        want.to_vec(),
        got.to_vec()
    );
}

/// An extra argument's value in the tests (`correction`: 0, the
/// population variance, which differs from the default).
trait Sample {
    fn sample() -> Self;
}
impl Sample for usize {
    fn sample() -> usize {
        0
    }
}
impl Sample for f64 {
    fn sample() -> f64 {
        2.0
    }
}

/// The element type of the tables' rows (`T` in their argument types).
type T = f64;

/// A runtime mask against the owned tensor's.
#[track_caller]
fn same_dyn_mask(want: &DynTensor<bool>, got: &DynTensor<bool>) {
    assert_eq!(want.shape(), got.shape());
    assert!(want.iter().eq(got.iter()));
}

/// A typed mask against the owned tensor's: the same layout `L`.
#[track_caller]
fn same_mask<L: Layout>(want: &Mask<L>, got: &Mask<L>) {
    assert_eq!(want.to_vec(), got.to_vec());
}

/// Calls `$body!` with each kind's operand and the owned tensor holding
/// its elements: `typed` kinds of layout `[3, 4]` (and one `[Dyn, 4]`),
/// then `runtime` ones, for the values with and without a NaN.
macro_rules! each_kind {
    ($typed:ident, $runtime:ident) => {
        for nan in [false, true] {
            let v = values(nan);
            let owned = Tensor::<f64, shape![3, 4]>::from_slice(&v).unwrap();
            let wide_t = Tensor::<f64, shape![3, 6]>::from_slice(&wide(&v)).unwrap();
            let tall_t = Tensor::<f64, shape![4, 3]>::from_slice(&tall(&v)).unwrap();
            let mut wide_m = wide_t.clone();
            // The typed kinds: each against its elements copied.
            $typed!(owned, owned);
            $typed!(owned.view(), owned);
            let sliced = slice!(wide_t.view(), .., 1..5);
            assert!(all_same(&sliced.to_vec(), &owned.to_vec()));
            $typed!(sliced, owned);
            let transposed = tall_t.t();
            assert!(all_same(&transposed.to_vec(), &owned.to_vec()));
            $typed!(transposed, owned);
            let reversed = slice!(owned.view(), ..;-1, ..);
            $typed!(reversed, reversed.to_owned());
            {
                let m = slice!(wide_m.view_mut(), .., 1..5);
                $typed!(m, owned);
            }
            // The runtime kinds.
            let d = DynTensor::from_vec(v.clone(), &[3, 4]).unwrap();
            let dw = DynTensor::from_vec(wide(&v), &[3, 6]).unwrap();
            let dt = DynTensor::from_vec(tall(&v), &[4, 3]).unwrap();
            let mut dm = dw.clone();
            $runtime!(d, d, owned);
            $runtime!(d.view(), d, owned);
            $runtime!(dw.slice(s![.., 1..5]), d, owned);
            $runtime!(dt.t(), d, owned);
            let drev = d.slice(s![..;-1, ..]);
            $runtime!(drev, drev.to_owned(), reversed.to_owned());
            {
                let m = dm.slice_mut(s![.., 1..5]);
                $runtime!(m, d, owned);
            }
        }
    };
}

/// The parity test of one table: a test per row.
macro_rules! parity {
    ({ $($row:tt)* }) => { $(parity!(@row $row);)* };
    (@row { axes $bound:path: $over:ident $keep:ident $dims:ident
        [$($arg:ident: $aty:ty),*] ($r:expr) ($op:expr) => $out:ty; $what:literal }) => {
        #[test]
        fn $over() {
            $(let $arg: $aty = Sample::sample();)*
            macro_rules! typed {
                ($x:expr, $own:expr) => {{
                    let (x, own) = (&$x, &$own);
                    same_typed(&own.$over(Axis::<0>, $($arg),*), &x.$over(Axis::<0>, $($arg),*));
                    same_typed(&own.$over(AxisFromEnd::<1>, $($arg),*), &x.$over(AxisFromEnd::<1>, $($arg),*));
                    same_typed(&own.$over((Axis::<0>, Axis::<1>), $($arg),*), &x.$over((Axis::<0>, Axis::<1>), $($arg),*));
                    same_typed(&own.$keep(Axis::<1>, $($arg),*), &x.$keep(Axis::<1>, $($arg),*));
                    same_typed(&own.$keep((Axis::<1>, Axis::<0>), $($arg),*), &x.$keep((Axis::<1>, Axis::<0>), $($arg),*));
                }};
            }
            macro_rules! runtime {
                ($x:expr, $own:expr, $typed_own:expr) => {{
                    let (x, own, t) = (&$x, &$own, &$typed_own);
                    for (axes, keepdim) in [(&[0][..], false), (&[-1][..], true), (&[0, 1][..], false), (&[][..], false)] {
                        same_dyn(&own.$dims(axes, $($arg,)* keepdim).unwrap(), &x.$dims(axes, $($arg,)* keepdim).unwrap());
                    }
                    assert_eq!(x.$dims(&[2], $($arg,)* false).unwrap_err().to_string(),
                        own.$dims(&[2], $($arg,)* false).unwrap_err().to_string());
                    // The runtime owned result is the typed owned result.
                    assert!(all_same(&own.$dims(&[0], $($arg,)* false).unwrap().to_vec(), &t.$over(Axis::<0>, $($arg),*).to_vec()));
                }};
            }
            each_kind!(typed, runtime);
        }
    };
    (@row { arg $max:literal: $over:ident $keep:ident $rt:ident; $what:literal }) => {
        #[test]
        fn $over() {
            macro_rules! typed {
                ($x:expr, $own:expr) => {{
                    let (x, own) = (&$x, &$own);
                    same_typed(&own.$over(Axis::<0>), &x.$over(Axis::<0>));
                    same_typed(&own.$over(AxisFromEnd::<1>), &x.$over(AxisFromEnd::<1>));
                    same_typed(&own.$keep(Axis::<1>), &x.$keep(Axis::<1>));
                }};
            }
            macro_rules! runtime {
                ($x:expr, $own:expr, $typed_own:expr) => {{
                    let (x, own, t) = (&$x, &$own, &$typed_own);
                    for (axis, keepdim) in [(0, false), (-1, true), (1, false)] {
                        same_dyn(&own.$rt(axis, keepdim).unwrap(), &x.$rt(axis, keepdim).unwrap());
                    }
                    assert!(all_same(&own.$rt(1, false).unwrap().to_vec(), &t.$over(Axis::<1>).to_vec()));
                }};
            }
            each_kind!(typed, runtime);
        }
    };
    (@row { all $bound:path: $name:ident ($r:expr) => $out:ty; $what:literal }) => {
        #[test]
        fn $name() {
            macro_rules! typed {
                ($x:expr, $own:expr) => {{
                    assert!($own.$name().same($x.$name()));
                }};
            }
            macro_rules! runtime {
                ($x:expr, $own:expr, $typed_own:expr) => {{
                    assert!($own.$name().same($x.$name()));
                    assert!($typed_own.$name().same($x.$name()));
                }};
            }
            each_kind!(typed, runtime);
        }
    };
}

shaped::__reduction_table!(parity []);

/// `nansum` and `nanmean` of the owned tensors against NumPy's:
/// `a = np.array([[3, -1, 4, 1], [5, 9, np.nan, -6], [5, 3, -5, 8]])`.
#[test]
fn nansum_nanmean_match_numpy() {
    let t = Tensor::<f64, shape![3, 4]>::from_slice(&values(true)).unwrap();
    // np.nansum(a) = 26.0, np.nanmean(a) = 2.3636363636363638
    assert_eq!(t.nansum(), 26.0);
    assert_eq!(t.nanmean(), 2.3636363636363638);
    // np.nansum(a, axis=0) = [13., 11., -1., 3.]
    assert_eq!(
        t.nansum_over(Axis::<0>).to_vec(),
        vec![13.0, 11.0, -1.0, 3.0]
    );
    // np.nanmean(a, axis=1) = [1.75, 2.6666666666666665, 2.75]
    assert_eq!(
        t.nanmean_over(Axis::<1>).to_vec(),
        vec![1.75, 2.6666666666666665, 2.75]
    );
    // np.nanmean(a, axis=0, keepdims=True) = [[4.333333333333333, 3.6666666666666665, -0.5, 1.]]
    let k: Tensor<f64, shape![1, 4]> = t.nanmean_keepdim(Axis::<0>);
    assert_eq!(
        k.to_vec(),
        vec![4.333333333333333, 3.6666666666666665, -0.5, 1.0]
    );
    // All NaN: np.nansum = 0.0, np.nanmean = nan (with a warning).
    let n = DynTensor::from_vec(vec![f64::NAN; 4], &[2, 2]).unwrap();
    assert_eq!(n.nansum_dims(&[1], false).unwrap().to_vec(), vec![0.0, 0.0]);
    assert!(n.nanmean_dims(&[0, 1], false).unwrap().to_vec()[0].is_nan());
    // Integers are never NaN: nansum is sum, in i64 (torch.nansum of int32 gives int64).
    let i = Tensor::<i32, shape![2, 2]>::from_slice(&[1, 2, 3, 4]).unwrap();
    let s: i64 = i.nansum();
    assert_eq!(s, 10);
}

/// The parity test of the softmax table: a test per row.
macro_rules! softmax_parity {
    ({ $($row:tt)* }) => { $(softmax_parity!(@row $row);)* };
    (@row { $name:ident $log:literal; $what:literal }) => {
        #[test]
        fn $name() {
            macro_rules! typed {
                ($x:expr, $own:expr) => {{
                    let (x, own) = (&$x, &$own);
                    same_typed(&own.$name(Axis::<0>), &x.$name(Axis::<0>));
                    same_typed(&own.$name(AxisFromEnd::<1>), &x.$name(AxisFromEnd::<1>));
                }};
            }
            macro_rules! runtime {
                ($x:expr, $own:expr, $typed_own:expr) => {{
                    let (x, own, t) = (&$x, &$own, &$typed_own);
                    for axis in [0, -1, 1] {
                        same_dyn(&own.$name(axis).unwrap(), &x.$name(axis).unwrap());
                    }
                    assert_eq!(x.$name(2).unwrap_err().to_string(), own.$name(2).unwrap_err().to_string());
                    assert!(all_same(&own.$name(1).unwrap().to_vec(), &t.$name(Axis::<1>).to_vec()));
                }};
            }
            each_kind!(typed, runtime);
        }
    };
}

shaped::__softmax_table!(softmax_parity []);

/// The parity test of the elementwise table: a test per row.
macro_rules! unary_parity {
    ({ $($row:tt)* }) => { $(unary_parity!(@row $row);)* };
    (@row { map $bound:path: $name:ident [$($arg:ident: $aty:ty),*] ($f:expr); $what:literal }) => {
        #[test]
        fn $name() {
            $(let $arg: $aty = Sample::sample();)*
            macro_rules! typed {
                ($x:expr, $own:expr) => {{
                    same_typed(&$own.$name($($arg),*), &$x.$name($($arg),*));
                }};
            }
            macro_rules! runtime {
                ($x:expr, $own:expr, $typed_own:expr) => {{
                    same_dyn(&$own.$name($($arg),*), &$x.$name($($arg),*));
                    assert!(all_same(&$typed_own.$name($($arg),*).to_vec(), &$x.$name($($arg),*).to_vec()));
                }};
            }
            each_kind!(typed, runtime);
        }
    };
    (@row { test $name:ident ($f:expr); $what:literal }) => {
        #[test]
        fn $name() {
            macro_rules! typed {
                ($x:expr, $own:expr) => {{
                    same_mask(&$own.$name(), &$x.$name());
                }};
            }
            macro_rules! runtime {
                ($x:expr, $own:expr, $typed_own:expr) => {{
                    same_dyn_mask(&$own.$name(), &$x.$name());
                    assert!($typed_own.$name().to_vec().iter().eq($x.$name().iter()));
                }};
            }
            each_kind!(typed, runtime);
        }
    };
    (@row { cast; $what:literal }) => {
        #[test]
        fn cast() {
            macro_rules! typed {
                ($x:expr, $own:expr) => {{
                    same_typed(&$own.cast::<i32>(), &$x.cast::<i32>());
                }};
            }
            macro_rules! runtime {
                ($x:expr, $own:expr, $typed_own:expr) => {{
                    same_dyn(&$own.cast::<i32>(), &$x.cast::<i32>());
                    assert_eq!($typed_own.cast::<i32>().to_vec(), $x.cast::<i32>().to_vec());
                }};
            }
            each_kind!(typed, runtime);
        }
    };
}

shaped::__unary_table!(unary_parity []);
