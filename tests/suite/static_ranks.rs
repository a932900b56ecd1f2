//! Static broadcasting at every pair of ranks: ranks up to 8 take one
//! generated impl per pair (`src/shape/broadcast_table.rs`), longer shapes
//! the walk. Each pair's result, shape and elements, is checked against a
//! naive reference written here, index by index; so is `a += b` at every
//! pair of ranks where the right side fits the left.

use shaped::{BroadcastTo, BroadcastWith, Shape, Tensor, shape};

/// The broadcast of `a` and `b` (right-aligned, 1 stretches), element by
/// element: `x + y` for the elements `x` of `a` and `y` of `b` that each
/// output index reads.
fn reference(a: &[usize], xa: &[i64], b: &[usize], xb: &[i64]) -> (Vec<usize>, Vec<i64>) {
    let rank = a.len().max(b.len());
    let pad = |s: &[usize]| [vec![1; rank - s.len()], s.to_vec()].concat();
    let (pa, pb) = (pad(a), pad(b));
    let dims: Vec<usize> = pa.iter().zip(&pb).map(|(&x, &y)| x.max(y)).collect();
    let mut out = Vec::new();
    for flat in 0..dims.iter().product::<usize>() {
        let (mut ia, mut ib, mut rest) = (0, 0, flat);
        let (mut sa, mut sb) = (1, 1);
        for d in (0..rank).rev() {
            let i = rest % dims[d];
            rest /= dims[d];
            if pa[d] != 1 {
                ia += i * sa;
            }
            if pb[d] != 1 {
                ib += i * sb;
            }
            sa *= pa[d];
            sb *= pb[d];
        }
        out.push(xa[ia] + xb[ib]);
    }
    (dims, out)
}

fn check<S: Shape + BroadcastWith<R>, R: Shape>() {
    let a = Tensor::<i64, S>::from_fn(|i| i as i64 + 1);
    let b = Tensor::<i64, R>::from_fn(|i| 1000 * (i as i64 + 1));
    let c = &a + &b;
    let (dims, want) = reference(&a.shape(), a.as_slice(), &b.shape(), b.as_slice());
    assert_eq!(
        &*c.shape(),
        &dims[..],
        "{:?} with {:?}",
        &*a.shape(),
        &*b.shape()
    );
    assert_eq!(
        c.as_slice(),
        &want[..],
        "{:?} with {:?}",
        &*a.shape(),
        &*b.shape()
    );
}

#[test]
fn every_pair_of_ranks() {
    check::<shape![1], shape![3]>();
    check::<shape![1], shape![1, 3]>();
    check::<shape![1], shape![3, 1, 3]>();
    check::<shape![1], shape![1, 3, 1, 3]>();
    check::<shape![1], shape![3, 1, 3, 1, 3]>();
    check::<shape![1], shape![1, 3, 1, 3, 1, 3]>();
    check::<shape![1], shape![3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![1], shape![1, 3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![1], shape![3, 1, 3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![1], shape![1, 3, 1, 3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![2, 1], shape![3]>();
    check::<shape![2, 1], shape![1, 3]>();
    check::<shape![2, 1], shape![3, 1, 3]>();
    check::<shape![2, 1], shape![1, 3, 1, 3]>();
    check::<shape![2, 1], shape![3, 1, 3, 1, 3]>();
    check::<shape![2, 1], shape![1, 3, 1, 3, 1, 3]>();
    check::<shape![2, 1], shape![3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![2, 1], shape![1, 3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![2, 1], shape![3, 1, 3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![1, 2, 1], shape![3]>();
    check::<shape![1, 2, 1], shape![1, 3]>();
    check::<shape![1, 2, 1], shape![3, 1, 3]>();
    check::<shape![1, 2, 1], shape![1, 3, 1, 3]>();
    check::<shape![1, 2, 1], shape![3, 1, 3, 1, 3]>();
    check::<shape![1, 2, 1], shape![1, 3, 1, 3, 1, 3]>();
    check::<shape![1, 2, 1], shape![3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![1, 2, 1], shape![1, 3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![1, 2, 1], shape![3, 1, 3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![2, 1, 2, 1], shape![3]>();
    check::<shape![2, 1, 2, 1], shape![1, 3]>();
    check::<shape![2, 1, 2, 1], shape![3, 1, 3]>();
    check::<shape![2, 1, 2, 1], shape![1, 3, 1, 3]>();
    check::<shape![2, 1, 2, 1], shape![3, 1, 3, 1, 3]>();
    check::<shape![2, 1, 2, 1], shape![1, 3, 1, 3, 1, 3]>();
    check::<shape![2, 1, 2, 1], shape![3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![2, 1, 2, 1], shape![1, 3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![2, 1, 2, 1], shape![3, 1, 3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![1, 2, 1, 2, 1], shape![3]>();
    check::<shape![1, 2, 1, 2, 1], shape![1, 3]>();
    check::<shape![1, 2, 1, 2, 1], shape![3, 1, 3]>();
    check::<shape![1, 2, 1, 2, 1], shape![1, 3, 1, 3]>();
    check::<shape![1, 2, 1, 2, 1], shape![3, 1, 3, 1, 3]>();
    check::<shape![1, 2, 1, 2, 1], shape![1, 3, 1, 3, 1, 3]>();
    check::<shape![1, 2, 1, 2, 1], shape![3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![1, 2, 1, 2, 1], shape![1, 3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![1, 2, 1, 2, 1], shape![3, 1, 3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![2, 1, 2, 1, 2, 1], shape![3]>();
    check::<shape![2, 1, 2, 1, 2, 1], shape![1, 3]>();
    check::<shape![2, 1, 2, 1, 2, 1], shape![3, 1, 3]>();
    check::<shape![2, 1, 2, 1, 2, 1], shape![1, 3, 1, 3]>();
    check::<shape![2, 1, 2, 1, 2, 1], shape![3, 1, 3, 1, 3]>();
    check::<shape![2, 1, 2, 1, 2, 1], shape![1, 3, 1, 3, 1, 3]>();
    check::<shape![2, 1, 2, 1, 2, 1], shape![3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![2, 1, 2, 1, 2, 1], shape![1, 3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![2, 1, 2, 1, 2, 1], shape![3, 1, 3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![1, 2, 1, 2, 1, 2, 1], shape![3]>();
    check::<shape![1, 2, 1, 2, 1, 2, 1], shape![1, 3]>();
    check::<shape![1, 2, 1, 2, 1, 2, 1], shape![3, 1, 3]>();
    check::<shape![1, 2, 1, 2, 1, 2, 1], shape![1, 3, 1, 3]>();
    check::<shape![1, 2, 1, 2, 1, 2, 1], shape![3, 1, 3, 1, 3]>();
    check::<shape![1, 2, 1, 2, 1, 2, 1], shape![1, 3, 1, 3, 1, 3]>();
    check::<shape![1, 2, 1, 2, 1, 2, 1], shape![3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![1, 2, 1, 2, 1, 2, 1], shape![1, 3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![1, 2, 1, 2, 1, 2, 1], shape![3, 1, 3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![2, 1, 2, 1, 2, 1, 2, 1], shape![3]>();
    check::<shape![2, 1, 2, 1, 2, 1, 2, 1], shape![1, 3]>();
    check::<shape![2, 1, 2, 1, 2, 1, 2, 1], shape![3, 1, 3]>();
    check::<shape![2, 1, 2, 1, 2, 1, 2, 1], shape![1, 3, 1, 3]>();
    check::<shape![2, 1, 2, 1, 2, 1, 2, 1], shape![3, 1, 3, 1, 3]>();
    check::<shape![2, 1, 2, 1, 2, 1, 2, 1], shape![1, 3, 1, 3, 1, 3]>();
    check::<shape![2, 1, 2, 1, 2, 1, 2, 1], shape![3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![2, 1, 2, 1, 2, 1, 2, 1], shape![1, 3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![2, 1, 2, 1, 2, 1, 2, 1], shape![3, 1, 3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![2, 1, 2, 1, 2, 1, 2, 1], shape![1, 3, 1, 3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![1, 2, 1, 2, 1, 2, 1, 2, 1], shape![3]>();
    check::<shape![1, 2, 1, 2, 1, 2, 1, 2, 1], shape![1, 3]>();
    check::<shape![1, 2, 1, 2, 1, 2, 1, 2, 1], shape![3, 1, 3]>();
    check::<shape![1, 2, 1, 2, 1, 2, 1, 2, 1], shape![1, 3, 1, 3]>();
    check::<shape![1, 2, 1, 2, 1, 2, 1, 2, 1], shape![3, 1, 3, 1, 3]>();
    check::<shape![1, 2, 1, 2, 1, 2, 1, 2, 1], shape![1, 3, 1, 3, 1, 3]>();
    check::<shape![1, 2, 1, 2, 1, 2, 1, 2, 1], shape![3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![1, 2, 1, 2, 1, 2, 1, 2, 1], shape![1, 3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![1, 2, 1, 2, 1, 2, 1, 2, 1], shape![3, 1, 3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![2, 1, 2, 1, 2, 1, 2, 1, 2, 1], shape![3]>();
    check::<shape![2, 1, 2, 1, 2, 1, 2, 1, 2, 1], shape![1, 3, 1, 3, 1, 3, 1, 3]>();
    check::<shape![2, 1, 2, 1, 2, 1, 2, 1, 2, 1], shape![1, 3, 1, 3, 1, 3, 1, 3, 1, 3]>();
}

fn check_assign<S: Shape, R: Shape + BroadcastTo<S>>() {
    let mut a = Tensor::<i64, S>::from_fn(|i| i as i64 + 1);
    let b = Tensor::<i64, R>::from_fn(|i| 1000 * (i as i64 + 1));
    let (dims, want) = reference(&a.shape(), a.as_slice(), &b.shape(), b.as_slice());
    assert_eq!(
        &*a.shape(),
        &dims[..],
        "{:?} into {:?}",
        &*b.shape(),
        &*a.shape()
    );
    a += &b;
    assert_eq!(
        a.as_slice(),
        &want[..],
        "{:?} into {:?}",
        &*b.shape(),
        &*a.shape()
    );
}

#[test]
fn every_pair_of_ranks_in_place() {
    check_assign::<shape![3], shape![3]>();
    check_assign::<shape![2, 3], shape![3]>();
    check_assign::<shape![2, 3], shape![1, 3]>();
    check_assign::<shape![3, 2, 3], shape![3]>();
    check_assign::<shape![3, 2, 3], shape![1, 3]>();
    check_assign::<shape![3, 2, 3], shape![3, 1, 3]>();
    check_assign::<shape![2, 3, 2, 3], shape![3]>();
    check_assign::<shape![2, 3, 2, 3], shape![1, 3]>();
    check_assign::<shape![2, 3, 2, 3], shape![3, 1, 3]>();
    check_assign::<shape![2, 3, 2, 3], shape![1, 3, 1, 3]>();
    check_assign::<shape![3, 2, 3, 2, 3], shape![3]>();
    check_assign::<shape![3, 2, 3, 2, 3], shape![1, 3]>();
    check_assign::<shape![3, 2, 3, 2, 3], shape![3, 1, 3]>();
    check_assign::<shape![3, 2, 3, 2, 3], shape![1, 3, 1, 3]>();
    check_assign::<shape![3, 2, 3, 2, 3], shape![3, 1, 3, 1, 3]>();
    check_assign::<shape![2, 3, 2, 3, 2, 3], shape![3]>();
    check_assign::<shape![2, 3, 2, 3, 2, 3], shape![1, 3]>();
    check_assign::<shape![2, 3, 2, 3, 2, 3], shape![3, 1, 3]>();
    check_assign::<shape![2, 3, 2, 3, 2, 3], shape![1, 3, 1, 3]>();
    check_assign::<shape![2, 3, 2, 3, 2, 3], shape![3, 1, 3, 1, 3]>();
    check_assign::<shape![2, 3, 2, 3, 2, 3], shape![1, 3, 1, 3, 1, 3]>();
    check_assign::<shape![3, 2, 3, 2, 3, 2, 3], shape![3]>();
    check_assign::<shape![3, 2, 3, 2, 3, 2, 3], shape![1, 3]>();
    check_assign::<shape![3, 2, 3, 2, 3, 2, 3], shape![3, 1, 3]>();
    check_assign::<shape![3, 2, 3, 2, 3, 2, 3], shape![1, 3, 1, 3]>();
    check_assign::<shape![3, 2, 3, 2, 3, 2, 3], shape![3, 1, 3, 1, 3]>();
    check_assign::<shape![3, 2, 3, 2, 3, 2, 3], shape![1, 3, 1, 3, 1, 3]>();
    check_assign::<shape![3, 2, 3, 2, 3, 2, 3], shape![3, 1, 3, 1, 3, 1, 3]>();
    check_assign::<shape![2, 3, 2, 3, 2, 3, 2, 3], shape![3]>();
    check_assign::<shape![2, 3, 2, 3, 2, 3, 2, 3], shape![1, 3]>();
    check_assign::<shape![2, 3, 2, 3, 2, 3, 2, 3], shape![3, 1, 3]>();
    check_assign::<shape![2, 3, 2, 3, 2, 3, 2, 3], shape![1, 3, 1, 3]>();
    check_assign::<shape![2, 3, 2, 3, 2, 3, 2, 3], shape![3, 1, 3, 1, 3]>();
    check_assign::<shape![2, 3, 2, 3, 2, 3, 2, 3], shape![1, 3, 1, 3, 1, 3]>();
    check_assign::<shape![2, 3, 2, 3, 2, 3, 2, 3], shape![3, 1, 3, 1, 3, 1, 3]>();
    check_assign::<shape![2, 3, 2, 3, 2, 3, 2, 3], shape![1, 3, 1, 3, 1, 3, 1, 3]>();
    check_assign::<shape![3, 2, 3, 2, 3, 2, 3, 2, 3], shape![3]>();
    check_assign::<shape![3, 2, 3, 2, 3, 2, 3, 2, 3], shape![1, 3]>();
    check_assign::<shape![3, 2, 3, 2, 3, 2, 3, 2, 3], shape![3, 1, 3]>();
    check_assign::<shape![3, 2, 3, 2, 3, 2, 3, 2, 3], shape![1, 3, 1, 3]>();
    check_assign::<shape![3, 2, 3, 2, 3, 2, 3, 2, 3], shape![3, 1, 3, 1, 3]>();
    check_assign::<shape![3, 2, 3, 2, 3, 2, 3, 2, 3], shape![1, 3, 1, 3, 1, 3]>();
    check_assign::<shape![3, 2, 3, 2, 3, 2, 3, 2, 3], shape![3, 1, 3, 1, 3, 1, 3]>();
    check_assign::<shape![3, 2, 3, 2, 3, 2, 3, 2, 3], shape![1, 3, 1, 3, 1, 3, 1, 3]>();
    check_assign::<shape![3, 2, 3, 2, 3, 2, 3, 2, 3], shape![3, 1, 3, 1, 3, 1, 3, 1, 3]>();
    check_assign::<shape![2, 3, 2, 3, 2, 3, 2, 3, 2, 3], shape![3]>();
    check_assign::<shape![2, 3, 2, 3, 2, 3, 2, 3, 2, 3], shape![1, 3, 1, 3, 1, 3, 1, 3]>();
    check_assign::<shape![2, 3, 2, 3, 2, 3, 2, 3, 2, 3], shape![1, 3, 1, 3, 1, 3, 1, 3, 1, 3]>();
}
