//! The `ndarray` feature: views both ways, moves without copies, element
//! order for non-standard layouts, shape errors.
#![cfg(feature = "ndarray")]

use ndarray::{
    Array, Array1, Array2, Array3, ArrayD, ArrayView0, ArrayView2, ArrayView3, ArrayViewD,
    ArrayViewMut2, Ix2, IxDyn, arr2, s,
};
use shaped::{Dyn, DynTensor, ShapeError, Tensor, dim_names, shape};

/// 2 x 3, no two elements equal, so that any transposition shows.
fn t23() -> Tensor<i32, shape![2, 3]> {
    Tensor::from_slice(&[3, 1, 4, 15, 9, 26]).unwrap()
}

#[test]
fn static_views_keep_element_order_and_rank() {
    let t = t23();
    let v: ArrayView2<i32> = t.as_array_view();
    assert_eq!(v, arr2(&[[3, 1, 4], [15, 9, 26]]));
    for i in 0..2 {
        for j in 0..3 {
            assert_eq!(v[[i, j]], t[[i, j]]);
        }
    }
    // Through `From` as well.
    let w = ArrayView2::from(&t);
    assert_eq!(w.column(2).to_vec(), vec![4, 26]);

    // Each rank gets its fixed dimension type; rank 7 a dynamic one.
    let r0 = Tensor::<f32, shape![]>::full(2.5);
    let v0: ArrayView0<f32> = r0.as_array_view();
    assert_eq!(v0[()], 2.5);
    let r3 = Tensor::<u8, shape![2, 3, 4]>::arange();
    let v3: ArrayView3<u8> = r3.as_array_view();
    assert_eq!(v3[[1, 2, 3]], 23);
    assert_eq!(v3[[1, 0, 2]], 14);
    let r7 = Tensor::<u8, shape![2, 1, 2, 1, 2, 1, 3]>::arange();
    let v7: ArrayViewD<u8> = r7.as_array_view();
    assert_eq!(v7.shape(), &[2, 1, 2, 1, 2, 1, 3]);
    assert_eq!(v7[[1, 0, 1, 0, 0, 0, 2]], 12 + 6 + 2);
}

#[test]
fn views_borrow_the_tensors_memory() {
    let mut t = t23();
    let p = t.as_slice().as_ptr();
    assert_eq!(t.as_array_view().as_ptr(), p);
    let mut m: ArrayViewMut2<i32> = t.as_array_view_mut();
    assert_eq!(m.as_ptr(), p);
    m[[1, 0]] = -1;
    m.column_mut(2).fill(0);
    assert_eq!(t.as_slice(), &[3, 1, 0, -1, 9, 0]);

    let mut d = DynTensor::from_vec(vec![1.0, 2.0, 3.0, 4.0], &[2, 2]).unwrap();
    assert_eq!(d.as_array_view().as_ptr(), d.as_slice().as_ptr());
    d.as_array_view_mut()[[0, 1]] = 20.0;
    assert_eq!(d.to_vec(), vec![1.0, 20.0, 3.0, 4.0]);
}

#[test]
fn mixed_tensors_view_with_the_static_rank() {
    let m =
        Tensor::<f64, shape![Dyn, 3]>::from_vec(vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0], &[2]).unwrap();
    let v: ArrayView2<f64> = m.as_array_view();
    assert_eq!(v.dim(), (2, 3));
    assert_eq!(v[[1, 0]], 4.0);
    let a: Array2<f64> = m.into();
    assert_eq!(a, arr2(&[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]));
}

#[test]
fn heap_tensors_move_into_arrays_without_copying() {
    // 40 x 30 = 1200 elements: on the heap.
    let t = Tensor::<f32, shape![40, 30]>::arange();
    let p = t.as_slice().as_ptr();
    let a: Array2<f32> = t.into();
    assert_eq!(a.as_ptr(), p);
    assert_eq!(a[[39, 29]], 1199.0);
    assert_eq!(a[[1, 0]], 30.0);

    // Small tensors are inline and copied, with the same elements.
    let small: Array2<i32> = t23().into_array();
    assert_eq!(small, arr2(&[[3, 1, 4], [15, 9, 26]]));
    assert_eq!(Array2::from(t23()), small);

    let d = DynTensor::<u16>::arange(24).reshape(&[2, 3, 4]).unwrap();
    let p = d.as_slice().as_ptr();
    let a = ArrayD::from(d);
    assert_eq!(a.as_ptr(), p);
    assert_eq!(a.shape(), &[2, 3, 4]);
    assert_eq!(a[[1, 2, 0]], 20);
}

#[test]
fn standard_arrays_move_into_tensors_without_copying() {
    let array = || Array::from_shape_vec((50, 40), (0..2000).collect::<Vec<i64>>()).unwrap();
    let a = array();
    let p = a.as_ptr();
    let t = Tensor::<i64, shape![50, 40]>::try_from(a).unwrap();
    assert_eq!(t.as_slice().as_ptr(), p);
    assert_eq!(t[[49, 0]], 1960);
    assert_eq!(t[[0, 39]], 39);

    let a = array();
    let p = a.as_ptr();
    let m = Tensor::<i64, shape![Dyn, 40]>::try_from(a).unwrap();
    assert_eq!(m.as_slice().as_ptr(), p);
    assert_eq!(&*m.shape(), &[50, 40]);

    let a = array();
    let p = a.as_ptr();
    let d = DynTensor::try_from(a).unwrap();
    assert_eq!(d.as_slice().as_ptr(), p);
    assert_eq!(d.shape(), &[50, 40]);
}

#[test]
fn non_standard_layouts_are_copied_in_row_major_order() {
    // Transposed in place: strides reversed, no copy by ndarray.
    let a = arr2(&[[1, 2, 3], [4, 5, 6]]).reversed_axes(); // [[1, 4], [2, 5], [3, 6]]
    assert!(!a.is_standard_layout());
    let t = Tensor::<i32, shape![3, 2]>::try_from(a.clone()).unwrap();
    assert_eq!(t.as_slice(), &[1, 4, 2, 5, 3, 6]);
    assert_eq!(t[[2, 0]], 3);
    let d = DynTensor::try_from(a.view()).unwrap();
    assert_eq!(d.to_vec(), vec![1, 4, 2, 5, 3, 6]);

    // Every other column: not contiguous at all.
    let b = Array2::from_shape_fn((3, 4), |(i, j)| 10 * i + j).slice_move(s![.., ..;2]);
    let t = Tensor::<usize, shape![3, 2]>::try_from(b).unwrap();
    assert_eq!(t.as_slice(), &[0, 2, 10, 12, 20, 22]);

    // Standard layout, but starting past the front of its buffer.
    let c = Array2::from_shape_fn((3, 2), |(i, j)| 10 * i + j).slice_move(s![1.., ..]);
    assert!(c.is_standard_layout());
    let t = Tensor::<usize, shape![2, 2]>::try_from(c).unwrap();
    assert_eq!(t.as_slice(), &[10, 11, 20, 21]);

    // Axes permuted in three dimensions: element [i, j, k] of the result is
    // element [j, k, i] of the source.
    let src = Array3::from_shape_fn((2, 3, 4), |(i, j, k)| 100 * i + 10 * j + k);
    let p = src.permuted_axes([2, 0, 1]); // shape [4, 2, 3]
    let d = DynTensor::try_from(p).unwrap();
    assert_eq!(d.shape(), &[4, 2, 3]);
    assert_eq!(&d.to_vec()[..7], &[0, 10, 20, 100, 110, 120, 1]);
    assert_eq!(d.get(&[3, 1, 2]), Some(&123));
}

#[test]
fn shapes_are_checked_with_a_shape_error() {
    let a = arr2(&[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]);
    let err = Tensor::<f64, shape![3, 2]>::try_from(a.clone()).unwrap_err();
    assert_eq!(
        err,
        ShapeError::Mismatch {
            expected: vec![3, 2],
            got: vec![2, 3]
        }
    );
    let err = Tensor::<f64, shape![Dyn, 2]>::try_from(a.view()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected a tensor of shape [Dyn, 2], got shape [2, 3]"
    );
    // Rank differs.
    let r3 = a.clone().into_shape_with_order((2, 3, 1)).unwrap();
    assert!(Tensor::<f64, shape![2, 3]>::try_from(r3).is_err());
    let flat: Array1<f64> = Array1::from(vec![1.0; 6]);
    assert!(Tensor::<f64, shape![Dyn, 6]>::try_from(flat).is_err());
    // A runtime-rank array of the right shape converts.
    let dynamic = a.clone().into_dimensionality::<IxDyn>().unwrap();
    let t = Tensor::<f64, shape![2, 3]>::try_from(dynamic).unwrap();
    assert_eq!(t[[1, 1]], 5.0);
    // And the fixed-rank view type of a runtime tensor's conversion back.
    let back = t.as_array_view().into_dimensionality::<Ix2>().unwrap();
    assert_eq!(back, a);
}

#[test]
fn empty_and_named_tensors() {
    let e = Array2::<f32>::zeros((0, 3));
    let t = Tensor::<f32, shape![0, 3]>::try_from(e.clone()).unwrap();
    assert_eq!(t.numel(), 0);
    let d = DynTensor::try_from(e).unwrap();
    assert_eq!(d.shape(), &[0, 3]);
    assert_eq!(d.into_array().shape(), &[0, 3]);

    dim_names!(ROW, COL);
    let n = Tensor::<i32, shape![ROW: 2, COL: 3]>::from_slice(&[3, 1, 4, 15, 9, 26]).unwrap();
    assert_eq!(n.as_array_view(), arr2(&[[3, 1, 4], [15, 9, 26]]));
    let named_back = Tensor::<i32, shape![ROW: 2, COL: 3]>::try_from(n.into_array()).unwrap();
    assert_eq!(named_back.names(), [Some("ROW"), Some("COL")]);
}
