//! The `nalgebra` feature: nalgebra stores matrices column by column,
//! tensors row by row; element (i, j) must stay (i, j) both ways.
#![cfg(feature = "nalgebra")]

use nalgebra::{DMatrix, DVector, Matrix2x3, Matrix3x2, SMatrix, SVector, Vector3};
use shaped::{DynTensor, ShapeError, Tensor, dim_names, shape};

#[test]
fn static_matrices_keep_i_j() {
    // `new` takes the elements row by row; storage is column by column.
    let m = Matrix2x3::new(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);
    assert_eq!(m.as_slice(), &[1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
    let t: Tensor<f64, shape![2, 3]> = m.into();
    assert_eq!(t.as_slice(), &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    for i in 0..2 {
        for j in 0..3 {
            assert_eq!(t[[i, j]], m[(i, j)]);
        }
    }

    // Built from its columns: [[1, 2], [3, 4], [5, 6]] as a 3 x 2 matrix.
    let m = Matrix3x2::from_column_slice(&[1, 3, 5, 2, 4, 6]);
    let t = Tensor::<i32, shape![3, 2]>::from(m);
    assert_eq!(t.as_slice(), &[1, 2, 3, 4, 5, 6]);
    assert_eq!(t[[2, 0]], 5);
}

#[test]
fn tensors_become_matrices_with_i_j_kept() {
    let t = Tensor::<i64, shape![2, 3]>::from_slice(&[10, 11, 12, 20, 21, 22]).unwrap();
    let m: SMatrix<i64, 2, 3> = t.into();
    assert_eq!(m[(0, 2)], 12);
    assert_eq!(m[(1, 0)], 20);
    assert_eq!(m, Matrix2x3::new(10, 11, 12, 20, 21, 22));
    // The round trip is the identity.
    let back: Tensor<i64, shape![2, 3]> = m.into();
    assert_eq!(back, t);
    // Named by the target type rather than by inference (this form once
    // sent the trait solver into an endless search).
    assert_eq!(SMatrix::<i64, 2, 3>::from(back), m);
    // nalgebra's algebra on the result: the product with the transpose.
    let g = m * m.transpose();
    assert_eq!(g[(0, 1)], 10 * 20 + 11 * 21 + 12 * 22);
}

#[test]
fn size_1_large_and_named_dimensions() {
    let row = Tensor::<f32, shape![1, 4]>::arange();
    let m: SMatrix<f32, 1, 4> = row.into();
    assert_eq!(m[(0, 3)], 3.0);
    let col = Tensor::<f32, shape![4, 1]>::from(SMatrix::<f32, 4, 1>::new(4.0, 3.0, 2.0, 1.0));
    assert_eq!(col.as_slice(), &[4.0, 3.0, 2.0, 1.0]);

    // A static size above 1024 (a `Big` dimension, stored on the heap).
    let wide = Tensor::<u16, shape![2, 1100]>::from_fn(|k| (k % 1000) as u16);
    let m: SMatrix<u16, 2, 1100> = wide.clone().into();
    assert_eq!(m[(1, 5)], 105);
    assert_eq!(Tensor::<u16, shape![2, 1100]>::from(m), wide);

    dim_names!(ROW, COL);
    let named = Tensor::<i32, shape![ROW: 2, COL: 3]>::from(Matrix2x3::new(1, 2, 3, 4, 5, 6));
    assert_eq!(named[[1, 0]], 4);
    assert_eq!(named.names(), [Some("ROW"), Some("COL")]);
    let m = SMatrix::<i32, 2, 3>::from(named);
    assert_eq!(m[(0, 1)], 2);
}

#[test]
fn static_vectors() {
    let t: Tensor<f64, shape![3]> = Vector3::new(7.0, 8.0, 9.0).into();
    assert_eq!(t.as_slice(), &[7.0, 8.0, 9.0]);
    let v: SVector<f64, 3> = (t * 2.0).into();
    assert_eq!(v, Vector3::new(14.0, 16.0, 18.0));
    assert_eq!(Vector3::from(t), Vector3::new(7.0, 8.0, 9.0));
    // A rank-2 column and a rank-1 tensor give the same vector.
    let col = Tensor::<f64, shape![3, 1]>::from_slice(&[7.0, 8.0, 9.0]).unwrap();
    assert_eq!(SVector::<f64, 3>::from(col), Vector3::from(t));
}

#[test]
fn dynamic_matrices_keep_i_j() {
    let m = DMatrix::from_row_slice(2, 3, &[1, 2, 3, 4, 5, 6]);
    assert_eq!(m.as_slice(), &[1, 4, 2, 5, 3, 6]);
    let t = DynTensor::from(&m);
    assert_eq!(t.shape(), &[2, 3]);
    assert_eq!(t.to_vec(), vec![1, 2, 3, 4, 5, 6]);
    assert_eq!(DynTensor::from(m.clone()), t);

    let t = DynTensor::from_vec(vec![0.5, 1.5, 2.5, 3.5, 4.5, 5.5], &[3, 2]).unwrap();
    let m = DMatrix::try_from(&t).unwrap();
    assert_eq!((m.nrows(), m.ncols()), (3, 2));
    for i in 0..3 {
        for j in 0..2 {
            assert_eq!(m[(i, j)], *t.get(&[i, j]).unwrap());
        }
    }
    assert_eq!(m[(2, 1)], 5.5);
    assert_eq!(DMatrix::try_from(t).unwrap(), m);

    let empty = DynTensor::from(DMatrix::<f32>::zeros(0, 3));
    assert_eq!(empty.shape(), &[0, 3]);
    assert_eq!(DMatrix::try_from(empty).unwrap().shape(), (0, 3));
}

#[test]
fn dynamic_matrices_need_rank_2() {
    let err = DMatrix::try_from(DynTensor::<f64>::zeros(&[2, 3, 4])).unwrap_err();
    assert_eq!(
        err,
        ShapeError::Mismatch {
            expected: vec![usize::MAX, usize::MAX],
            got: vec![2, 3, 4]
        }
    );
    assert_eq!(
        err.to_string(),
        "expected a tensor of shape [Dyn, Dyn], got shape [2, 3, 4]"
    );
    assert!(DMatrix::try_from(&DynTensor::<f64>::zeros(&[6])).is_err());
    assert!(DMatrix::try_from(DynTensor::scalar(1.0)).is_err());
}

#[test]
fn dynamic_vectors() {
    let v = DVector::from_vec(vec![3u8, 1, 2]);
    let t = DynTensor::from(v.clone());
    assert_eq!((t.shape(), t.to_vec()), (&[3][..], vec![3, 1, 2]));
    assert_eq!(DVector::try_from(t).unwrap(), v);
    let err = DVector::try_from(DynTensor::<u8>::zeros(&[3, 1])).unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected a tensor of shape [Dyn], got shape [3, 1]"
    );
}
