//! flip, roll, repeat, repeat_interleave, chunk, split, unbind, flatten,
//! unflatten, movedim against NumPy's values, and a proptest of `flip`
//! against a naive reference.

use proptest::prelude::*;
use shaped::{Axis, Dyn, DynTensor, ShapeError, ShapeErrorKind, Tensor, shape};

fn a234() -> DynTensor<i32> {
    DynTensor::<i32>::arange(24).reshape(&[2, 3, 4]).unwrap()
}

#[test]
fn flip_matches_numpy() {
    let a = a234();
    // numpy.flip(a, 1)[0] = [[8..11], [4..7], [0..3]]
    assert_eq!(
        &a.flip(&[1]).to_vec()[..12],
        &[8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3]
    );
    assert_eq!(
        a.flip(&[0, 1, 2]).to_vec(),
        (0..24).rev().collect::<Vec<_>>()
    );
    assert_eq!(a.flip(&[-1]).to_vec()[..4], [3, 2, 1, 0]);
    assert_eq!(a.flip::<i32>(&[]).to_vec(), a.to_vec());
    assert!(matches!(
        a.try_flip(&[0, -3]),
        Err(ShapeError::DuplicateAxis { axis: 0, .. })
    ));
    assert_eq!(
        a.try_flip(&[3])
            .unwrap_err()
            .to_string()
            .lines()
            .next()
            .unwrap(),
        "Dimension out of range (expected to be in range of [-3, 2], but got 3)"
    );
    let s = Tensor::<i32, shape![2, 3, 4]>::arange();
    assert_eq!(s.flip(&[1, 2]).to_vec(), a.flip(&[1, 2]).to_vec());
    let m = Tensor::<f32, shape![Dyn, 2]>::from_vec(vec![1.0, 2.0, 3.0, 4.0], &[2]).unwrap();
    assert_eq!(m.flip(&[0]).to_vec(), vec![3.0, 4.0, 1.0, 2.0]);
    assert_eq!(DynTensor::scalar(5).flip(&[0]).to_vec(), vec![5]);
    assert_eq!(DynTensor::<i32>::zeros(&[0, 3]).flip(&[1]).shape(), &[0, 3]);
    let named = a.clone().with_names(["b", "r", "c"]).unwrap();
    assert_eq!(named.flip(&[2]).names(), named.names());
}

fn naive_flip(data: &[i32], dims: &[usize], axes: &[bool]) -> Vec<i32> {
    let n = data.len();
    let mut out = vec![0; n];
    let strides: Vec<usize> = (0..dims.len())
        .map(|k| dims[k + 1..].iter().product())
        .collect();
    for (i, o) in out.iter_mut().enumerate() {
        let mut src = 0;
        for k in 0..dims.len() {
            let idx = i / strides[k] % dims[k];
            let idx = if axes[k] { dims[k] - 1 - idx } else { idx };
            src += idx * strides[k];
        }
        *o = data[src];
    }
    out
}

proptest! {
    #[test]
    fn flip_agrees_with_a_naive_reference(
        dims in prop::collection::vec(0usize..4, 0..5),
        mask in prop::collection::vec(any::<bool>(), 5),
    ) {
        let n: usize = dims.iter().product();
        let t = DynTensor::from_vec((0..n as i32).collect(), &dims).unwrap();
        let axes: Vec<usize> = (0..dims.len()).filter(|&k| mask[k]).collect();
        let got = t.flip(&axes).to_vec();
        prop_assert_eq!(got, naive_flip(t.as_slice(), &dims, &mask[..dims.len()]));
    }
}

#[test]
fn roll_matches_numpy() {
    let a = a234();
    // numpy.roll(a, 1, axis=1)[0] = [[8..11], [0..3], [4..7]]
    assert_eq!(
        &a.roll(1, 1).to_vec()[..12],
        &[8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 6, 7]
    );
    assert_eq!(a.roll(-5, -1).to_vec()[..4], [1, 2, 3, 0]);
    assert_eq!(a.roll(8, 2).to_vec(), a.to_vec());
    assert_eq!(a.roll(isize::MIN, 2).to_vec(), a.to_vec()); // MIN is a multiple of 4
    let s = Tensor::<i32, shape![5]>::arange();
    assert_eq!(s.roll(2, 0).as_slice(), &[3, 4, 0, 1, 2]);
    assert_eq!(DynTensor::<i32>::zeros(&[0]).roll(3, 0).numel(), 0);
    assert!(a.try_roll(1, 3).is_err());
}

#[test]
fn repeat_is_numpy_tile() {
    let t = DynTensor::from_vec(vec![1, 2, 3, 4], &[2, 2]).unwrap();
    // numpy.tile(t, (2, 3)) / torch t.repeat(2, 3)
    let r = t.repeat(&[2, 3]);
    assert_eq!(r.shape(), &[4, 6]);
    assert_eq!(r.to_vec()[..12], [1, 2, 1, 2, 1, 2, 3, 4, 3, 4, 3, 4]);
    assert_eq!(r.to_vec()[12..], r.to_vec()[..12]);
    let r3 = t.repeat(&[2, 1, 1]);
    assert_eq!(r3.shape(), &[2, 2, 2]);
    assert_eq!(r3.to_vec(), vec![1, 2, 3, 4, 1, 2, 3, 4]);
    assert_eq!(t.repeat(&[0, 2]).shape(), &[0, 4]);
    assert_eq!(DynTensor::scalar(7).repeat(&[3]).to_vec(), vec![7, 7, 7]);
    // torch.tensor([[1, 2], [3, 4]]).repeat(2)
    let e = t.try_repeat(&[2]).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::RepeatRank);
    assert_eq!(
        e.to_string().lines().next(),
        Some(
            "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor"
        )
    );
    assert!(DynTensor::scalar(1).try_repeat(&[]).is_ok());
    assert!(matches!(
        t.try_repeat(&[usize::MAX, 3]),
        Err(ShapeError::TooLarge { .. })
    ));
}

#[test]
fn repeat_interleave_is_numpy_repeat() {
    let t = DynTensor::from_vec(vec![1, 2, 3, 4], &[2, 2]).unwrap();
    // numpy.repeat(t, 2, axis=0)
    assert_eq!(
        t.repeat_interleave(2, 0).to_vec(),
        vec![1, 2, 1, 2, 3, 4, 3, 4]
    );
    assert_eq!(
        t.repeat_interleave(3, 1).to_vec(),
        vec![1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
    );
    assert_eq!(t.repeat_interleave(0, 1).shape(), &[2, 0]);
    assert_eq!(
        DynTensor::scalar(1).repeat_interleave(2, 0).to_vec(),
        vec![1, 1]
    );
    assert!(t.try_repeat_interleave(2, 2).is_err());
}

#[test]
fn chunk_split_unbind_match_torch() {
    let t = DynTensor::<i32>::arange(6);
    // torch.arange(6).chunk(4) -> 3 pieces of 2
    assert_eq!(t.chunk(4, 0).len(), 3);
    assert_eq!(t.chunk(4, 0)[2].to_vec(), vec![4, 5]);
    assert_eq!(t.chunk(6, 0).len(), 6);
    assert_eq!(t.chunk(10, 0).len(), 6);
    // torch.arange(6).chunk(0)
    let e = t.try_chunk(0, 0).unwrap_err();
    assert_eq!(e, ShapeError::ChunkCount { chunks: 0 });
    assert_eq!(
        e.to_string(),
        "chunk expects `chunks` to be greater than 0, got: 0"
    );
    let m = DynTensor::<i32>::arange(12).reshape(&[3, 4]).unwrap();
    let parts = m.split(3, -1);
    assert_eq!(parts.len(), 2);
    assert_eq!(parts[1].shape(), &[3, 1]);
    assert_eq!(parts[1].to_vec(), vec![3, 7, 11]);
    let sized = m.split_sizes(&[1, 2], 0);
    assert_eq!(sized[1].to_vec(), (4..12).collect::<Vec<_>>());
    assert_eq!(
        m.try_split_sizes(&[1, 1], 0).unwrap_err().to_string(),
        "shape '[1, 1]' is invalid for input of size 3"
    );
    let e = DynTensor::<i32>::zeros(&[0, 2]);
    assert_eq!(e.split(2, 0).len(), 1);
    assert_eq!(e.try_split(0, 0).unwrap()[0].shape(), &[0, 2]);
    // torch.arange(12).reshape(3, 4).split(0)
    assert_eq!(
        m.try_split(0, 0).unwrap_err().to_string(),
        "split_size can only be 0 if dimension size is 0, but got dimension size of 3"
    );
    assert_eq!(
        m.try_split(0, -1).unwrap_err(),
        ShapeError::SplitSize { size: 4 }
    );
    assert!(DynTensor::scalar(1).try_chunk(1, 0).is_err());
    let cols = m.unbind(1);
    assert_eq!(cols.len(), 4);
    assert_eq!(cols[3].to_vec(), vec![3, 7, 11]);
    assert_eq!(e.unbind(0).len(), 0);
    let s = Tensor::<i32, shape![3, 4]>::arange();
    let rows: Vec<Tensor<i32, shape![4]>> = s.unbind(Axis::<0>);
    assert_eq!(rows[2].as_slice(), &[8, 9, 10, 11]);
    let mixed = Tensor::<i32, shape![Dyn, 2]>::from_vec(vec![1, 2, 3, 4, 5, 6], &[3]).unwrap();
    let cols: Vec<Tensor<i32, shape![Dyn]>> = mixed.unbind(Axis::<1>);
    assert_eq!(cols[1].to_vec(), vec![2, 4, 6]);
}

#[test]
fn flatten_unflatten_movedim() {
    let a = a234();
    assert_eq!(a.flatten(0, -1).shape(), &[24]);
    assert_eq!(a.flatten(0, 1).shape(), &[6, 4]);
    assert_eq!(a.flatten(2, 1).shape(), &[2, 3, 4]);
    assert_eq!(DynTensor::scalar(3).flatten(0, -1).shape(), &[1]);
    assert!(a.try_flatten(0, 3).is_err());
    assert_eq!(a.unflatten(-1, &[2, 2]).shape(), &[2, 3, 2, 2]);
    assert_eq!(a.unflatten(1, &[3]).to_vec(), a.to_vec());
    assert!(matches!(
        a.try_unflatten(1, &[2, 2]),
        Err(ShapeError::Reshape { .. })
    ));
    // numpy.moveaxis(a, 0, -1)
    let m = a.movedim(0, -1);
    assert_eq!(m.shape(), &[3, 4, 2]);
    assert_eq!(m.to_vec()[..4], [0, 12, 1, 13]);
    assert_eq!(a.movedim(2, 0).shape(), &[4, 2, 3]);
    assert_eq!(a.movedim(1, 1).to_vec(), a.to_vec());
    assert!(a.try_movedim(0, 5).is_err());
}

#[test]
fn typed_repeat_flatten_and_diagonal() {
    let t = Tensor::<i32, shape![2, 2]>::from_slice(&[1, 2, 3, 4]).unwrap();
    let r: Tensor<i32, shape![Dyn, Dyn]> = t.repeat(&[2, 3]);
    assert_eq!(
        r.to_vec(),
        DynTensor::from_vec(vec![1, 2, 3, 4], &[2, 2])
            .unwrap()
            .repeat(&[2, 3])
            .to_vec()
    );
    assert!(matches!(
        t.try_repeat(&[2]),
        Err(ShapeError::RepeatRank { .. })
    ));
    // The result keeps the rank, so more repeats are refused too.
    let e = t.try_repeat(&[1, 2, 3]).unwrap_err();
    assert_eq!(e.kind(), ShapeErrorKind::RepeatRank);
    assert!(
        e.to_string()
            .starts_with("repeat of a tensor of static rank 2 takes exactly 2 repeats (got 3)")
    );
    let m = Tensor::<i32, shape![Dyn, 2]>::from_vec(vec![1, 2], &[1]).unwrap();
    assert_eq!(m.repeat(&[3, 1]).shape().as_slice(), &[3, 2]);
    // A static shape flattens to a static size (issue 44: was `shape![Dyn]`).
    let f: Tensor<i32, shape![4]> = t.flatten();
    assert_eq!(f.to_vec(), vec![1, 2, 3, 4]);
    assert_eq!(
        Tensor::<f32, shape![]>::full(2.0).flatten().to_vec(),
        vec![2.0]
    );
    let d: Tensor<i32, shape![2]> = t.diagonal();
    assert_eq!(d.as_slice(), &[1, 4]);
    // numpy.diagonal(arange(18).reshape(3, 3, 2)) has shape (2, 3)
    let b = Tensor::<i32, shape![3, 3, 2]>::arange();
    let bd: Tensor<i32, shape![2, 3]> = b.diagonal();
    assert_eq!(bd.to_vec(), b.to_dyn().diagonal(0, 0, 1).to_vec());
    let e = Tensor::<i32, shape![Dyn, Dyn]>::zeros_sized(&[0, 3]);
    assert_eq!(e.diagonal().numel(), 0);
}

#[test]
fn typed_chunk_split_and_repeat_interleave() {
    let t = Tensor::<i32, shape![3, 4]>::arange();
    let c: Vec<Tensor<i32, shape![3, Dyn]>> = t.chunk(3, Axis::<1>);
    assert_eq!(c.len(), 2);
    assert_eq!(c[1].to_vec(), vec![2, 3, 6, 7, 10, 11]);
    let s: Vec<Tensor<i32, shape![Dyn, 4]>> = t.split(2, Axis::<0>);
    assert_eq!(s[1].shape().as_slice(), &[1, 4]);
    let z = t.split_sizes(&[0, 3], Axis::<0>);
    assert_eq!((z[0].numel(), z[1].numel()), (0, 12));
    assert!(t.try_split_sizes(&[1], Axis::<0>).is_err());
    assert_eq!(
        t.try_chunk(0, Axis::<0>).unwrap_err(),
        ShapeError::ChunkCount { chunks: 0 }
    );
    let r: Tensor<i32, shape![Dyn, 4]> = t.repeat_interleave(2, Axis::<0>);
    assert_eq!(r.to_vec(), t.to_dyn().repeat_interleave(2, 0).to_vec());
    let m = Tensor::<i32, shape![Dyn, 2]>::from_vec(vec![1, 2, 3, 4], &[2]).unwrap();
    let p: Vec<Tensor<i32, shape![Dyn, 2]>> = m.chunk(2, Axis::<0>);
    assert_eq!(p[1].to_vec(), vec![3, 4]);
}

// Typed axes for flip and roll on static and mixed tensors (issue 56),
// against NumPy 2.4: np.flip(a, 1), np.flip(a, (0, 1)), np.roll(a, 1, 1),
// np.roll(a, -1, 0) for a = np.arange(6).reshape(2, 3).
#[test]
fn flip_and_roll_take_typed_axes() {
    use shaped::AxisFromEnd;
    let a = Tensor::<i32, shape![2, 3]>::arange();
    assert_eq!(a.flip(&[Axis::<1>]).to_vec(), vec![2, 1, 0, 5, 4, 3]);
    assert_eq!(a.flip(&[AxisFromEnd::<1>]).to_vec(), vec![2, 1, 0, 5, 4, 3]);
    assert_eq!(
        a.flip(&(Axis::<0>, Axis::<1>)).to_vec(),
        vec![5, 4, 3, 2, 1, 0]
    );
    assert_eq!(a.flip(&[0, -1]).to_vec(), vec![5, 4, 3, 2, 1, 0]);
    assert_eq!(a.flip(&vec![1usize]).to_vec(), vec![2, 1, 0, 5, 4, 3]);
    assert_eq!(a.roll(1, Axis::<1>).to_vec(), vec![2, 0, 1, 5, 3, 4]);
    assert_eq!(a.roll(-1, Axis::<0>).to_vec(), vec![3, 4, 5, 0, 1, 2]);
    let m: Tensor<i32, shape![Dyn, 3]> = a.into_mixed();
    let fm: Tensor<i32, shape![Dyn, 3]> = m.flip(&[Axis::<0>]);
    assert_eq!(fm.to_vec(), vec![3, 4, 5, 0, 1, 2]);
    assert_eq!(m.roll(1, AxisFromEnd::<1>).to_vec(), vec![2, 0, 1, 5, 3, 4]);
    // Numbers are still checked at run time.
    assert!(a.try_flip(&[2]).is_err());
    assert!(a.try_roll(1, -3).is_err());
    assert!(a.try_flip(&[1, -2, 0]).is_err()); // listed twice
}
