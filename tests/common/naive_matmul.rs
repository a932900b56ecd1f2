//! A naive reference for torch.matmul (the guide's rules chapter, section 6), written from the
//! rules and sharing no code with the crate: promotion of vectors, batch
//! broadcasting by multi-indices, a triple loop per matrix.
//! `#[path = "common/naive_matmul.rs"] mod naive_matmul;`.

/// torch.matmul by the book: `None` where it is an error.
pub fn naive(a: &[i64], ad: &[usize], b: &[i64], bd: &[usize]) -> Option<(Vec<usize>, Vec<i64>)> {
    if ad.is_empty() || bd.is_empty() {
        return None;
    }
    // Promote vectors to matrices.
    let a2: Vec<usize> = if ad.len() == 1 {
        vec![1, ad[0]]
    } else {
        ad.to_vec()
    };
    let b2: Vec<usize> = if bd.len() == 1 {
        vec![bd[0], 1]
    } else {
        bd.to_vec()
    };
    let (m, k) = (a2[a2.len() - 2], a2[a2.len() - 1]);
    let (k2, n) = (b2[b2.len() - 2], b2[b2.len() - 1]);
    if k != k2 {
        return None;
    }
    let (ab, bb) = (&a2[..a2.len() - 2], &b2[..b2.len() - 2]);
    let rank = ab.len().max(bb.len());
    let pad = |s: &[usize]| [vec![1; rank - s.len()], s.to_vec()].concat();
    let (pa, pb) = (pad(ab), pad(bb));
    let mut batch = vec![];
    for i in 0..rank {
        match (pa[i], pb[i]) {
            (x, y) if x == y => batch.push(x),
            (1, y) => batch.push(y),
            (x, 1) => batch.push(x),
            _ => return None,
        }
    }
    let count: usize = batch.iter().product();
    let mut out = vec![];
    for flat in 0..count {
        // The batch multi-index, then each operand's (1 where broadcast).
        let mut idx = vec![0; rank];
        let mut r = flat;
        for i in (0..rank).rev() {
            idx[i] = r % batch[i];
            r /= batch[i];
        }
        let offset = |p: &[usize], mat: usize| {
            let mut o = 0;
            for i in 0..rank {
                o = o * p[i] + if p[i] == 1 { 0 } else { idx[i] };
            }
            o * mat
        };
        let (oa, ob) = (offset(&pa, m * k), offset(&pb, k * n));
        for i in 0..m {
            for j in 0..n {
                let mut s = 0;
                for p in 0..k {
                    s += a[oa + i * k + p] * b[ob + p * n + j];
                }
                out.push(s);
            }
        }
    }
    let mut shape = batch;
    if ad.len() > 1 {
        shape.push(m);
    }
    if bd.len() > 1 {
        shape.push(n);
    }
    Some((shape, out))
}
