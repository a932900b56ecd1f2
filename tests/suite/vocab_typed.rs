//! The typed (static and mixed) forms of `movedim`, `unflatten`,
//! `flatten`, `kron`, `meshgrid`, `arange_step`, `eye_sized`,
//! `linspace_sized`, `arange_sized` and `outer` (issue 44): each layout
//! the compiler computes is asserted by a type annotation, each value
//! against NumPy's (computed with NumPy 2.4 and written here) and against
//! the `DynTensor` form, size-0 sizes included.

use shaped::{Axis, AxisFromEnd, Dyn, DynTensor, ShapeError, Tensor, dim_names, meshgrid, shape};

#[test]
fn movedim_matches_numpy_moveaxis() {
    let a = Tensor::<i32, shape![2, 3, 4]>::arange();
    // numpy.moveaxis(arange(24).reshape(2, 3, 4), 0, -1): shape (3, 4, 2)
    let m: Tensor<i32, shape![3, 4, 2]> = a.movedim(Axis::<0>, AxisFromEnd::<1>);
    let want = [
        0, 12, 1, 13, 2, 14, 3, 15, 4, 16, 5, 17, 6, 18, 7, 19, 8, 20, 9, 21, 10, 22, 11, 23,
    ];
    assert_eq!(m.to_vec(), want);
    assert_eq!(m.to_vec(), a.to_dyn().movedim(0, -1).to_vec());
    // numpy.moveaxis(a, 2, 0): shape (4, 2, 3)
    let n: Tensor<i32, shape![4, 2, 3]> = a.movedim(Axis::<2>, Axis::<0>);
    assert_eq!(
        &n.to_vec()[..12],
        &[0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21]
    );
    assert_eq!(n.to_vec(), a.to_dyn().movedim(2, 0).to_vec());
    // An axis onto itself changes nothing.
    let same: Tensor<i32, shape![2, 3, 4]> = a.movedim(Axis::<1>, Axis::<1>);
    assert_eq!(same, a);
    // Mixed: the `Dyn` size moves with its axis; size 0 included.
    for rows in [0, 3] {
        let x = Tensor::<i32, shape![Dyn, 2, 5]>::arange_sized(&[rows]);
        let y: Tensor<i32, shape![2, 5, Dyn]> = x.movedim(Axis::<0>, Axis::<2>);
        let d = x.to_dyn().movedim(0, 2);
        assert_eq!((y.shape().as_slice(), y.to_vec()), (d.shape(), d.to_vec()));
    }
    // Names move with their axes.
    dim_names!(H, W);
    let img = Tensor::<i32, shape![H: 2, W: 3, 4]>::arange();
    let c: Tensor<i32, shape![4, H: 2, W: 3]> = img.movedim(AxisFromEnd::<1>, H);
    assert_eq!(c[[3, 1, 2]], img[[1, 2, 3]]);
}

#[test]
fn unflatten_matches_numpy_reshape() {
    let t = Tensor::<i32, shape![2, 6]>::arange();
    // numpy: arange(12).reshape(2, 6).reshape(2, 2, 3) keeps the order.
    let u: Tensor<i32, shape![2, 2, 3]> = t.unflatten::<shape![2, 3], _>(Axis::<1>);
    assert_eq!(u.to_vec(), (0..12).collect::<Vec<_>>());
    assert_eq!(u[[1, 1, 0]], 9);
    assert_eq!(u.to_vec(), t.to_dyn().unflatten(1, &[2, 3]).to_vec());
    let v: Tensor<i32, shape![1, 2, 6]> = t.unflatten::<shape![1, 2], _>(AxisFromEnd::<2>);
    assert_eq!(v.to_vec(), t.to_vec());
    // Into one size (a no-op) and into a leading 1.
    let w: Tensor<i32, shape![2, 1, 6]> = t.unflatten::<shape![1, 6], _>(Axis::<1>);
    assert_eq!(w.to_vec(), t.to_vec());
    // A size-0 axis splits into sizes whose product is 0.
    let z = Tensor::<i32, shape![0, 3]>::zeros();
    let zu: Tensor<i32, shape![0, 5, 3]> = z.unflatten::<shape![0, 5], _>(Axis::<0>);
    assert_eq!((zu.numel(), zu.shape().as_slice()), (0, &[0, 5, 3][..]));
    // A `Dyn` axis is checked when the program runs, with PyTorch's message.
    let m = Tensor::<i32, shape![3, Dyn]>::arange_sized(&[4]);
    let mu: Tensor<i32, shape![3, 2, 2]> = m.try_unflatten::<shape![2, 2], _>(Axis::<1>).unwrap();
    assert_eq!(mu.to_vec(), m.to_dyn().unflatten(1, &[2, 2]).to_vec());
    let err = m.try_unflatten::<shape![3, 2], _>(Axis::<1>).unwrap_err();
    assert!(matches!(err, ShapeError::Reshape { .. }));
    assert_eq!(
        err.to_string(),
        "shape '[3, 2]' is invalid for input of size 4"
    );
    assert_eq!(
        m.to_dyn()
            .try_unflatten(1, &[3, 2])
            .unwrap_err()
            .to_string(),
        err.to_string()
    );
    let e = Tensor::<i32, shape![Dyn]>::zeros_sized(&[0]);
    let eu: Tensor<i32, shape![4, 0]> = e.unflatten::<shape![4, 0], _>(Axis::<0>);
    assert_eq!(eu.numel(), 0);
}

#[test]
#[should_panic(expected = "shape '[4]' is invalid for input of size 5")]
fn unflatten_of_a_dyn_axis_panics_with_the_message() {
    let m = Tensor::<i32, shape![Dyn]>::zeros_sized(&[5]);
    let _ = m.unflatten::<shape![4], _>(Axis::<0>);
}

#[test]
fn flatten_keeps_static_sizes() {
    let t = Tensor::<i32, shape![2, 3, 4]>::arange();
    let f: Tensor<i32, shape![24]> = t.flatten();
    assert_eq!(f.to_vec(), (0..24).collect::<Vec<_>>());
    assert_eq!(f.to_vec(), t.to_dyn().flatten(0, -1).to_vec());
    // Rank 0 is one element (numpy.ravel of a 0-d array has shape (1,)).
    let s: Tensor<f32, shape![1]> = Tensor::<f32, shape![]>::full(2.5).flatten();
    assert_eq!(s.to_vec(), vec![2.5]);
    // Size 0 is a static size 0.
    let z: Tensor<i32, shape![0]> = Tensor::<i32, shape![3, 0, 2]>::zeros().flatten();
    assert_eq!(z.numel(), 0);
    // 1024 is the largest static result; past it, and with a `Dyn` or
    // `Big` size, the size is `Dyn`.
    let k: Tensor<u8, shape![1024]> = Tensor::<u8, shape![32, 32]>::zeros().flatten();
    assert_eq!(k.numel(), 1024);
    let big: Tensor<u8, shape![Dyn]> = Tensor::<u8, shape![48, 64, 3]>::zeros().flatten();
    assert_eq!(big.shape().as_slice(), &[9216]);
    let b: Tensor<u8, shape![Dyn]> = Tensor::<u8, shape![2000]>::zeros().flatten();
    assert_eq!(b.numel(), 2000);
    let m = Tensor::<i32, shape![Dyn, 3]>::arange_sized(&[2]);
    let mf: Tensor<i32, shape![Dyn]> = m.flatten();
    assert_eq!(mf.to_vec(), vec![0, 1, 2, 3, 4, 5]);
    // Names are dropped.
    dim_names!(ROW);
    let n: Tensor<i32, shape![6]> = Tensor::<i32, shape![ROW: 2, 3]>::arange().flatten();
    assert_eq!(n.names(), Tensor::<i32, shape![6]>::zeros().names());
}

#[test]
fn flatten_dims_matches_torch_flatten() {
    let t = Tensor::<i32, shape![2, 3, 4, 5]>::arange();
    // torch.arange(120).reshape(2, 3, 4, 5).flatten(1, 2) has shape (2, 12, 5),
    // the elements in the same order.
    let f: Tensor<i32, shape![2, 12, 5]> = t.flatten_dims(Axis::<1>, Axis::<2>);
    assert_eq!(f.to_vec(), (0..120).collect::<Vec<_>>());
    assert_eq!(f.to_vec(), t.to_dyn().flatten(1, 2).to_vec());
    let all: Tensor<i32, shape![120]> = t.flatten_dims(Axis::<0>, Axis::<3>);
    assert_eq!(all.to_vec(), t.flatten().to_vec());
    let one: Tensor<i32, shape![2, 3, 4, 5]> = t.flatten_dims(Axis::<2>, Axis::<2>);
    assert_eq!(one, t);
    // Past 1024, or with a `Dyn` factor, the merged size is `Dyn`.
    let big = Tensor::<u8, shape![2, 40, 30]>::zeros();
    let b: Tensor<u8, shape![2, Dyn]> = big.flatten_dims(Axis::<1>, Axis::<2>);
    assert_eq!(b.shape().as_slice(), &[2, 1200]);
    for rows in [0, 3] {
        let m = Tensor::<i32, shape![4, Dyn, 2]>::arange_sized(&[rows]);
        let mf: Tensor<i32, shape![Dyn, 2]> = m.flatten_dims(Axis::<0>, Axis::<1>);
        let d = m.to_dyn().flatten(0, 1);
        assert_eq!(
            (mf.shape().as_slice(), mf.to_vec()),
            (d.shape(), d.to_vec())
        );
    }
    // The other axes keep their names.
    dim_names!(B);
    let n = Tensor::<i32, shape![B: 2, 3, 4]>::arange();
    let nf: Tensor<i32, shape![B: 2, 12]> = n.flatten_dims(Axis::<1>, Axis::<2>);
    assert_eq!(nf.to_vec(), n.to_vec());
}

#[test]
fn kron_matches_numpy() {
    let a = Tensor::<i32, shape![2, 2]>::from_slice(&[1, 2, 3, 4]).unwrap();
    let b = Tensor::<i32, shape![2, 2]>::from_slice(&[0, 5, 6, 7]).unwrap();
    // numpy.kron([[1, 2], [3, 4]], [[0, 5], [6, 7]])
    let k: Tensor<i32, shape![4, 4]> = a.kron(&b);
    assert_eq!(
        k.to_vec(),
        vec![0, 5, 0, 10, 6, 7, 12, 14, 0, 15, 0, 20, 18, 21, 24, 28]
    );
    assert_eq!(k.to_vec(), a.to_dyn().kron(&b.to_dyn()).to_vec());
    // Ranks padded with leading 1s: numpy.kron([1, 2, 3], [[1], [10]]) is (2, 3).
    let x = Tensor::<i32, shape![3]>::from_slice(&[1, 2, 3]).unwrap();
    let c = Tensor::<i32, shape![2, 1]>::from_slice(&[1, 10]).unwrap();
    let xc: Tensor<i32, shape![2, 3]> = x.kron(&c);
    assert_eq!(xc.to_vec(), vec![1, 2, 3, 10, 20, 30]);
    // numpy.kron(arange(2).reshape(2, 1, 1) + 1, arange(6).reshape(2, 3)): (2, 2, 3)
    let p = Tensor::<i32, shape![2, 1, 1]>::from_slice(&[1, 2]).unwrap();
    let q = Tensor::<i32, shape![2, 3]>::arange();
    let pq: Tensor<i32, shape![2, 2, 3]> = p.kron(&q);
    assert_eq!(pq.to_vec(), vec![0, 1, 2, 3, 4, 5, 0, 2, 4, 6, 8, 10]);
    assert_eq!(pq.to_vec(), p.to_dyn().kron(&q.to_dyn()).to_vec());
    // A `Dyn` factor, a product past 1024 and a `Big` size give `Dyn`.
    for rows in [0, 2] {
        let m = Tensor::<i32, shape![Dyn, 2]>::arange_sized(&[rows]);
        let mk: Tensor<i32, shape![Dyn, 4]> = m.kron(&b);
        let d = m.to_dyn().kron(&b.to_dyn());
        assert_eq!(
            (mk.shape().as_slice(), mk.to_vec()),
            (d.shape(), d.to_vec())
        );
    }
    let wide: Tensor<u8, shape![Dyn]> =
        Tensor::<u8, shape![64]>::zeros().kron(&Tensor::<u8, shape![32]>::zeros());
    assert_eq!(wide.numel(), 2048);
    let one_big: Tensor<u8, shape![2000]> =
        Tensor::<u8, shape![1]>::ones().kron(&Tensor::<u8, shape![2000]>::ones());
    assert_eq!(one_big.numel(), 2000);
    // Size 0 stays static.
    let z: Tensor<i32, shape![0, 4]> = Tensor::<i32, shape![0, 2]>::zeros().kron(&b);
    assert_eq!(z.numel(), 0);
}

#[test]
fn meshgrid_matches_numpy_ij() {
    let x = Tensor::<i32, shape![2]>::from_slice(&[1, 2]).unwrap();
    let y = Tensor::<i32, shape![3]>::from_slice(&[10, 20, 30]).unwrap();
    let z = Tensor::<i32, shape![Dyn]>::from_vec(vec![5, 6], &[2]).unwrap();
    // numpy.meshgrid([1, 2], [10, 20, 30], [5, 6], indexing="ij"): (2, 3, 2) each
    type G = shape![2, 3, Dyn];
    let (gx, gy, gz): (Tensor<i32, G>, Tensor<i32, G>, Tensor<i32, G>) = meshgrid((&x, &y, &z));
    assert_eq!(gx.to_vec(), vec![1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2]);
    assert_eq!(
        gy.to_vec(),
        vec![10, 10, 20, 20, 30, 30, 10, 10, 20, 20, 30, 30]
    );
    assert_eq!(gz.to_vec(), vec![5, 6, 5, 6, 5, 6, 5, 6, 5, 6, 5, 6]);
    let d = DynTensor::meshgrid(&[&x.to_dyn(), &y.to_dyn(), &z.to_dyn()]);
    assert_eq!(
        [gx.to_vec(), gy.to_vec(), gz.to_vec()],
        [d[0].to_vec(), d[1].to_vec(), d[2].to_vec()]
    );
    // Two and four inputs; a size-0 input gives empty grids.
    type G2 = Tensor<i32, shape![2, 3]>;
    let (a, b): (G2, G2) = meshgrid((&x, &y));
    assert_eq!(
        (a.to_vec(), b.to_vec()),
        (vec![1, 1, 1, 2, 2, 2], vec![10, 20, 30, 10, 20, 30])
    );
    let e = Tensor::<i32, shape![0]>::zeros();
    type G4 = Tensor<i32, shape![2, 0, 3, Dyn]>;
    let (p, _, _, s): (G4, _, _, _) = meshgrid((&x, &e, &y, &z));
    assert_eq!((p.numel(), s.shape().as_slice()), (0, &[2, 0, 3, 2][..]));
    let ze = Tensor::<i32, shape![Dyn]>::zeros_sized(&[0]);
    let (q, r) = meshgrid((&ze, &y));
    assert_eq!((q.shape().as_slice(), r.numel()), (&[0, 3][..], 0));
}

#[test]
fn outer_of_mixed_vectors_matches_numpy() {
    // numpy.outer([1, 2, 3], [4, 5])
    let a = Tensor::<i32, shape![Dyn]>::from_vec(vec![1, 2, 3], &[3]).unwrap();
    let b = Tensor::<i32, shape![2]>::from_slice(&[4, 5]).unwrap();
    let o: Tensor<i32, shape![Dyn, 2]> = a.outer(&b);
    assert_eq!(o.to_vec(), vec![4, 5, 8, 10, 12, 15]);
    let p: Tensor<i32, shape![2, Dyn]> = b.outer(&a);
    assert_eq!(p.to_vec(), b.to_dyn().outer(&a.to_dyn()).to_vec());
    let s: Tensor<i32, shape![3, 2]> = Tensor::<i32, shape![3]>::from_slice(&[1, 2, 3])
        .unwrap()
        .outer(&b);
    assert_eq!(s.to_vec(), o.to_vec());
    let e = Tensor::<i32, shape![Dyn]>::zeros_sized(&[0]);
    let eo: Tensor<i32, shape![Dyn, Dyn]> = e.outer(&a);
    assert_eq!(eo.shape().as_slice(), &[0, 3]);
}

#[test]
fn arange_step_matches_numpy() {
    // numpy.arange(10, 0, -3), numpy.arange(1.0, 2.0, 0.3), numpy.arange(0, 5, -1)
    let r = Tensor::<i32, shape![Dyn]>::arange_step(10, 0, -3);
    assert_eq!(r.to_vec(), vec![10, 7, 4, 1]);
    let f = Tensor::<f64, shape![Dyn]>::arange_step(1.0, 2.0, 0.3);
    assert_eq!(f.to_vec(), vec![1.0, 1.3, 1.6, 1.9000000000000001]);
    assert_eq!(
        f.to_vec(),
        DynTensor::<f64>::arange_step(1.0, 2.0, 0.3).to_vec()
    );
    assert_eq!(Tensor::<i32, shape![Dyn]>::arange_step(0, 5, -1).numel(), 0);
    let err = Tensor::<i32, shape![Dyn]>::try_arange_step(0, 5, 0).unwrap_err();
    assert_eq!(err, ShapeError::ArangeStep);
    assert_eq!(err.to_string(), "step must be nonzero"); // PyTorch's arange check
    assert_eq!(
        err.to_string(),
        DynTensor::<i32>::try_arange_step(0, 5, 0)
            .unwrap_err()
            .to_string()
    );
    assert!(Tensor::<f32, shape![Dyn]>::try_arange_step(0.0, f32::INFINITY, 1.0).is_err());
}

#[test]
fn mixed_constructors_match_numpy() {
    // numpy.eye(3, 2)
    let i = Tensor::<f32, shape![Dyn, 2]>::eye_sized(&[3]);
    assert_eq!(i.to_vec(), vec![1.0, 0.0, 0.0, 1.0, 0.0, 0.0]);
    assert_eq!(i.to_vec(), DynTensor::<f32>::eye(3, 2).to_vec());
    let j = Tensor::<i32, shape![Dyn, Dyn]>::eye_sized(&[2, 3]);
    assert_eq!(j.to_vec(), vec![1, 0, 0, 0, 1, 0]);
    assert_eq!(Tensor::<i32, shape![Dyn, 4]>::eye_sized(&[0]).numel(), 0);
    assert!(Tensor::<i32, shape![Dyn, 4]>::try_eye_sized(&[]).is_err());
    // numpy.linspace(-1, 1, 4), numpy.linspace(2, 3, 1), numpy.linspace(0, 1, 0)
    let l = Tensor::<f64, shape![Dyn]>::linspace_sized(-1.0, 1.0, &[4]);
    assert_eq!(
        l.to_vec(),
        vec![-1.0, -0.33333333333333337, 0.33333333333333326, 1.0]
    );
    assert_eq!(
        l.to_vec(),
        DynTensor::<f64>::linspace(-1.0, 1.0, 4).to_vec()
    );
    assert_eq!(
        Tensor::<f64, shape![Dyn]>::linspace_sized(2.0, 3.0, &[1]).to_vec(),
        vec![2.0]
    );
    assert_eq!(
        Tensor::<f64, shape![Dyn]>::linspace_sized(0.0, 1.0, &[0]).numel(),
        0
    );
    let g = Tensor::<f32, shape![Dyn, 3]>::linspace_sized(0.0, 5.0, &[2]);
    assert_eq!(g.to_vec(), vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
    // numpy.arange(5)
    let a = Tensor::<i64, shape![Dyn]>::arange_sized(&[5]);
    assert_eq!(a.to_vec(), vec![0, 1, 2, 3, 4]);
    assert_eq!(a.to_vec(), DynTensor::<i64>::arange(5).to_vec());
    assert_eq!(Tensor::<u8, shape![Dyn]>::arange_sized(&[0]).numel(), 0);
    assert!(Tensor::<u8, shape![Dyn]>::try_arange_sized(&[1, 2]).is_err());
}
