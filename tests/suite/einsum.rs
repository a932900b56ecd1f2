//! `einsum`, `einsum!` and `contract` against a naive reference written
//! here: one loop over every combination of every label's values.

use proptest::prelude::*;
use shaped::{DynTensor, ShapeError, einsum};

/// The reference: for equations of letters only (`spell_out` rewrites
/// `...`). Returns the output's shape and elements.
fn naive(equation: &str, ops: &[(&[usize], &[i64])]) -> (Vec<usize>, Vec<i64>) {
    let eq: String = equation.chars().filter(|c| *c != ' ').collect();
    let (lhs, rhs) = match eq.split_once("->") {
        Some((l, r)) => (l.to_string(), Some(r.to_string())),
        None => (eq.clone(), None),
    };
    let inputs: Vec<Vec<char>> = lhs.split(',').map(|s| s.chars().collect()).collect();
    assert_eq!(inputs.len(), ops.len());
    let mut labels: Vec<char> = inputs.iter().flatten().copied().collect();
    labels.sort();
    labels.dedup();
    let output: Vec<char> = match rhs {
        Some(r) => r.chars().collect(),
        None => labels
            .iter()
            .copied()
            .filter(|c| inputs.iter().flatten().filter(|d| *d == c).count() == 1)
            .collect(),
    };
    // The largest size of a label: a size 1 broadcasts (only `...`
    // dimensions, rewritten to letters by `spell_out`, have one).
    let size_of = |c: char| {
        let mut size = None;
        for (subs, (shape, _)) in inputs.iter().zip(ops) {
            for (d, &n) in subs.iter().zip(*shape) {
                if *d == c && size.is_none_or(|s| s == 1) {
                    size = Some(n);
                }
            }
        }
        size.unwrap()
    };
    let sizes: Vec<usize> = labels.iter().map(|&c| size_of(c)).collect();
    let out_shape: Vec<usize> = output.iter().map(|&c| size_of(c)).collect();
    let mut out = vec![0i64; out_shape.iter().product()];
    if sizes.contains(&0) {
        return (out_shape, out);
    }
    let pos = |c: char| labels.iter().position(|d| *d == c).unwrap();
    let flat = |idx: &[usize], subs: &[char], shape: &[usize]| {
        subs.iter().zip(shape).fold(0, |acc, (&c, &n)| {
            acc * n + if n == 1 { 0 } else { idx[pos(c)] }
        })
    };
    let mut idx = vec![0usize; labels.len()];
    loop {
        let mut p = 1i64;
        for (subs, (shape, data)) in inputs.iter().zip(ops) {
            p = p.wrapping_mul(data[flat(&idx, subs, shape)]);
        }
        let o = flat(&idx, &output, &out_shape);
        out[o] = out[o].wrapping_add(p);
        let mut ax = labels.len();
        loop {
            if ax == 0 {
                return (out_shape, out);
            }
            ax -= 1;
            idx[ax] += 1;
            if idx[ax] < sizes[ax] {
                break;
            }
            idx[ax] = 0;
        }
    }
}

/// `equation` with each dimension `...` covers spelled out as a letter of
/// its own (right-aligned across the operands, `Z`, `Y`, ... from the
/// last), and the output made explicit: what the reference reads.
fn spell_out(equation: &str, shapes: &[&[usize]]) -> String {
    let eq: String = equation.chars().filter(|c| *c != ' ').collect();
    let (lhs, rhs) = match eq.split_once("->") {
        Some((l, r)) => (l.to_string(), Some(r.to_string())),
        None => (eq.clone(), None),
    };
    let inputs: Vec<&str> = lhs.split(',').collect();
    let covered: Vec<usize> = inputs
        .iter()
        .zip(shapes)
        .map(|(subs, shape)| {
            if subs.contains("...") {
                shape.len() - subs.replace("...", "").len()
            } else {
                0
            }
        })
        .collect();
    let ell = covered.iter().copied().max().unwrap_or(0);
    let letters: Vec<char> = (0..ell)
        .map(|j| (b'Z' - (ell - 1 - j) as u8) as char)
        .collect();
    let spell =
        |subs: &str, k: usize| subs.replace("...", &letters[ell - k..].iter().collect::<String>());
    let ins: Vec<String> = inputs
        .iter()
        .zip(&covered)
        .map(|(subs, &k)| {
            if subs.contains("...") {
                spell(subs, k)
            } else {
                subs.to_string()
            }
        })
        .collect();
    let out = match rhs {
        Some(r) => spell(&r, ell),
        None => {
            let all: String = ins.concat();
            let mut once: Vec<char> = inputs
                .concat()
                .chars()
                .filter(|&c| c != '.' && all.matches(c).count() == 1)
                .collect();
            once.sort();
            let mut out: String = letters.iter().collect();
            out.extend(once);
            out
        }
    };
    format!("{}->{out}", ins.join(","))
}

fn tensor(shape: &[usize], seed: i64) -> DynTensor<i64> {
    let n: usize = shape.iter().product();
    let data: Vec<i64> = (0..n as i64)
        .map(|i| (i * 7 + seed * 13) % 11 - 5)
        .collect();
    DynTensor::from_vec(data, shape).unwrap()
}

/// `einsum` on integer tensors against the reference.
fn check(equation: &str, shapes: &[&[usize]]) {
    let ts: Vec<DynTensor<i64>> = shapes
        .iter()
        .enumerate()
        .map(|(i, s)| tensor(s, i as i64))
        .collect();
    let refs: Vec<&DynTensor<i64>> = ts.iter().collect();
    let got = einsum(equation, &refs).unwrap_or_else(|e| panic!("{equation}: {e}"));
    let data: Vec<Vec<i64>> = ts.iter().map(|t| t.to_vec()).collect();
    let ops: Vec<(&[usize], &[i64])> = shapes
        .iter()
        .copied()
        .zip(data.iter().map(|d| &d[..]))
        .collect();
    let (shape, want) = naive(&spell_out(equation, shapes), &ops);
    assert_eq!(got.shape(), &shape[..], "{equation} {shapes:?}");
    assert_eq!(got.to_vec(), want, "{equation} {shapes:?}");
    // f64 takes the matrix-product path where i64 takes the loop: same values.
    let tf: Vec<DynTensor<f64>> = ts.iter().map(|t| t.map_to(|x| x as f64)).collect();
    let rf: Vec<&DynTensor<f64>> = tf.iter().collect();
    let gotf = einsum(equation, &rf).unwrap();
    let wantf: Vec<f64> = want.iter().map(|&x| x as f64).collect();
    assert_eq!(gotf.to_vec(), wantf, "{equation} {shapes:?} (f64)");
}

#[test]
fn the_cases_of_the_issue() {
    check("bij,bjk->bik", &[&[3, 4, 5], &[3, 5, 6]]);
    check("bij,bjk->bik", &[&[2, 40, 30], &[2, 30, 20]]);
    check("ij,ij->i", &[&[7, 9], &[7, 9]]);
    check("ii->i", &[&[6, 6]]);
    check("bhqd,bhkd->bhqk", &[&[2, 3, 5, 4], &[2, 3, 6, 4]]);
    check("bhqd,bhkd->bhqk", &[&[2, 2, 17, 16], &[2, 2, 19, 16]]);
}

#[test]
fn classic_equations() {
    check("ij,jk->ik", &[&[20, 30], &[30, 25]]);
    check("ij,jk", &[&[4, 3], &[3, 5]]);
    check("ij,jk->ki", &[&[20, 30], &[30, 25]]);
    check("ij,kj->ik", &[&[20, 30], &[25, 30]]);
    check("ji,jk->ik", &[&[30, 20], &[30, 25]]);
    check("ij->ji", &[&[3, 5]]);
    check("ij->", &[&[3, 5]]);
    check("ij->j", &[&[3, 5]]);
    check("ii", &[&[4, 4]]);
    check("i,i->", &[&[40], &[40]]);
    check("i,j->ij", &[&[3], &[4]]);
    check("i,j", &[&[3], &[4]]);
    check("bi,bj->bij", &[&[2, 3], &[2, 4]]);
    check("iij->j", &[&[3, 3, 2]]);
    check("iji->ij", &[&[3, 2, 3]]);
    check("ij,jk,kl->il", &[&[3, 4], &[4, 5], &[5, 2]]);
    check("ij,jk,kl->il", &[&[13, 14], &[14, 15], &[15, 12]]);
    check("ab,bc,cd", &[&[2, 3], &[3, 4], &[4, 5]]);
    check("i,i,i->i", &[&[5], &[5], &[5]]);
    check("ijk,jl,km->ilm", &[&[2, 3, 4], &[3, 5], &[4, 6]]);
    check("bij,jk->bik", &[&[3, 12, 10], &[10, 11]]);
    check("ij,bjk->bik", &[&[12, 10], &[3, 10, 11]]);
    check("abcd,cdef->abef", &[&[2, 3, 9, 10], &[9, 10, 4, 5]]);
    check("abcd,dcef->abef", &[&[2, 3, 9, 10], &[10, 9, 4, 5]]);
    check("bik,bkj->bji", &[&[2, 12, 9], &[2, 9, 11]]);
    check("Ab,bA->A", &[&[3, 4], &[4, 3]]);
    check("", &[&[]]);
    check("->", &[&[]]);
    check(",->", &[&[], &[]]);
    check("i,->i", &[&[3], &[]]);
}

#[test]
fn size_zero_labels() {
    check("ij,jk->ik", &[&[3, 0], &[0, 4]]); // k = 0: zeros
    check("ij,jk->ik", &[&[0, 3], &[3, 4]]); // empty result
    check("ii->", &[&[0, 0]]);
    check("ij->i", &[&[3, 0]]);
}

#[test]
fn ellipsis_broadcasts_and_leads_the_implicit_output() {
    let a = tensor(&[5, 1, 3, 4], 1);
    let b = tensor(&[2, 4, 6], 2);
    let c = einsum("...ij,...jk", &[&a, &b]).unwrap();
    assert_eq!(c.shape(), &[5, 2, 3, 6]);
    // The same as a batched matrix product (batch dimensions broadcast).
    assert_eq!(c, a.matmul(&b));
    let d = einsum("...ij,...jk->ik", &[&a, &b]).unwrap();
    assert_eq!(d, c.sum_dims(&[0, 1], false).unwrap());
    let e = einsum("i...->...", &[&a]).unwrap();
    assert_eq!(e, a.sum_dims(&[0], false).unwrap());
    check("...ij,...jk", &[&[5, 1, 3, 4], &[2, 4, 6]]);
    check("...ij,...jk->k...i", &[&[5, 1, 3, 4], &[2, 4, 6]]);
    check("i...->...", &[&[3, 2, 4]]);
    check("...,...->...", &[&[3, 1], &[1, 4]]);
    check("i...i", &[&[3, 2, 3]]);
    check("...i,i...,...", &[&[2, 3], &[3, 1, 1], &[4, 1]]);
    let f = einsum("...ii->...i", &[&tensor(&[2, 3, 3], 0)]).unwrap();
    assert_eq!(f.shape(), &[2, 3]);
    assert_eq!(f.get(&[1, 2]), tensor(&[2, 3, 3], 0).get(&[1, 2, 2]));
}

fn first_line(e: ShapeError) -> String {
    e.to_string().lines().next().unwrap().to_string()
}

fn err(equation: &str, shapes: &[&[usize]]) -> String {
    let ts: Vec<DynTensor<f32>> = shapes.iter().map(|s| DynTensor::zeros(s)).collect();
    let refs: Vec<&DynTensor<f32>> = ts.iter().collect();
    first_line(einsum(equation, &refs).unwrap_err())
}

#[test]
fn pytorch_error_messages() {
    assert_eq!(err("i", &[]), "einsum(): must provide at least one operand");
    assert_eq!(
        err("i,i", &[&[2]]),
        "einsum(): fewer operands were provided than specified in the equation"
    );
    assert_eq!(
        err("i", &[&[2], &[2]]),
        "einsum(): more operands were provided than specified in the equation"
    );
    assert_eq!(
        err("i2", &[&[2, 2]]),
        "einsum(): invalid subscript given at index 1 in the equation string, subscripts must be in [a-zA-Z]"
    );
    assert_eq!(
        err("i->i2", &[&[2]]),
        "einsum(): invalid subscript given at index 4 in the equation string, subscripts must be in [a-zA-Z]"
    );
    assert_eq!(
        err("...i...", &[&[2]]),
        "einsum(): found '.' for operand 0 for which an ellipsis was already found"
    );
    assert_eq!(
        err("i,..i", &[&[2], &[2]]),
        "einsum(): found '.' for operand 1 that is not part of any ellipsis"
    );
    assert_eq!(
        err("...i->......", &[&[2]]),
        "einsum(): found '.' for output but an ellipsis (...) was already found"
    );
    assert_eq!(
        err("...i->.i", &[&[2]]),
        "einsum(): found '.' for output that is not part of any ellipsis (...)"
    );
    assert_eq!(
        err("ij", &[&[2]]),
        "einsum(): the number of subscripts in the equation (2) does not match the number of dimensions (1) for operand 0 and no ellipsis was given"
    );
    assert_eq!(
        err("i,ij...k", &[&[2], &[2, 2]]),
        "einsum(): the number of subscripts in the equation (3) is more than the number of dimensions (2) for operand 1"
    );
    assert_eq!(
        err("ij->ii", &[&[2, 2]]),
        "einsum(): output subscript i appears more than once in the output"
    );
    assert_eq!(
        err("ij->k", &[&[2, 2]]),
        "einsum(): output subscript k does not appear in the equation for any input operand"
    );
    assert_eq!(
        err("bij,bjk->bik", &[&[2, 3, 4], &[2, 5, 6]]),
        "einsum(): subscript j has size 5 for operand 1 which does not broadcast with previously seen size 4"
    );
    assert_eq!(
        err("iij->j", &[&[2, 3, 4]]),
        "einsum(): subscript i is repeated for operand 0 but the sizes don't match, 3 != 2"
    );
    // PyTorch's sentence, its missing space included.
    assert_eq!(
        err("...i,...i", &[&[2, 3], &[4, 3]]),
        "einsum(): dimension 0 covered by ellipsis in operand 1has size 4 which does not broadcast with previously seen ellipsis with size 2 for the respective dimension"
    );
}

#[test]
fn a_label_of_size_one_does_not_broadcast() {
    // PyTorch would sum the column of `a` against every row of `b`; a label
    // is one dimension here, as the inner size of `matmul` is.
    let e = err("ij,jk->ik", &[&[3, 1], &[4, 5]]);
    assert_eq!(
        e,
        "einsum(): subscript j has size 4 for operand 1 which does not broadcast with previously seen size 1"
    );
    // `...` dimensions do broadcast.
    assert!(
        einsum(
            "...i,...i",
            &[
                &DynTensor::<f32>::zeros(&[1, 3]),
                &DynTensor::zeros(&[4, 3])
            ]
        )
        .is_ok()
    );
}

const POOL: [char; 6] = ['a', 'b', 'c', 'd', 'e', 'B'];

/// A random equation over `POOL`: operands of rank 0 to 3 (labels may
/// repeat within one: diagonals), an implicit or an explicit output.
fn equation() -> impl Strategy<Value = (String, Vec<Vec<usize>>)> {
    let sizes = prop::collection::vec(prop_oneof![9 => 1usize..5, 1 => Just(0usize)], POOL.len());
    let ops = prop::collection::vec(prop::collection::vec(0..POOL.len(), 0..4), 1..4);
    let out = prop::option::of(prop::collection::vec(any::<bool>(), POOL.len()));
    let order = any::<u64>();
    (sizes, ops, out, order).prop_map(|(sizes, ops, out, order)| {
        let subs: Vec<String> = ops
            .iter()
            .map(|o| o.iter().map(|&l| POOL[l]).collect())
            .collect();
        let mut eq = subs.join(",");
        if let Some(mask) = out {
            let mut used: Vec<usize> = ops.iter().flatten().copied().collect();
            used.sort();
            used.dedup();
            let mut chosen: Vec<usize> = used.into_iter().filter(|&l| mask[l]).collect();
            // A deterministic shuffle from `order`.
            let n = chosen.len();
            for i in (1..n).rev() {
                chosen.swap(i, (order >> (i * 3)) as usize % (i + 1));
            }
            eq.push_str("->");
            eq.extend(chosen.iter().map(|&l| POOL[l]));
        }
        let shapes = ops
            .iter()
            .map(|o| o.iter().map(|&l| sizes[l]).collect())
            .collect();
        (eq, shapes)
    })
}

/// A random equation of [`equation`] with `...` put into some operands
/// (and into an explicit output or not), covering the last 0 to 3 of up
/// to 3 batch dimensions, some of them 1 (broadcast).
fn ellipsis_equation() -> impl Strategy<Value = (String, Vec<Vec<usize>>)> {
    let batch = prop::collection::vec(1usize..4, 0..4);
    let per_op = prop::collection::vec((any::<bool>(), 0usize..4, any::<u8>(), 0usize..4), 3);
    (equation(), batch, per_op, any::<bool>(), 0usize..4).prop_map(
        |((eq, shapes), batch, per_op, out_ell, out_at)| {
            let (lhs, rhs) = match eq.split_once("->") {
                Some((l, r)) => (l.to_string(), Some(r.to_string())),
                None => (eq.clone(), None),
            };
            let mut subs = Vec::new();
            let mut new_shapes = Vec::new();
            for ((op, shape), &(has, at, ones, k)) in lhs.split(',').zip(&shapes).zip(&per_op) {
                if !has {
                    subs.push(op.to_string());
                    new_shapes.push(shape.clone());
                    continue;
                }
                let at = at.min(op.len());
                subs.push(format!("{}...{}", &op[..at], &op[at..]));
                let k = k.min(batch.len());
                let covered = batch[batch.len() - k..]
                    .iter()
                    .enumerate()
                    .map(|(i, &n)| if ones >> i & 1 == 1 { 1 } else { n });
                let mut sh: Vec<usize> = shape[..at].to_vec();
                sh.extend(covered);
                sh.extend(&shape[at..]);
                new_shapes.push(sh);
            }
            let mut eq = subs.join(",");
            if let Some(r) = rhs {
                let r = if out_ell {
                    let at = out_at.min(r.len());
                    format!("{}...{}", &r[..at], &r[at..])
                } else {
                    r
                };
                eq = format!("{eq}->{r}");
            }
            (eq, new_shapes)
        },
    )
}

proptest! {
    #[test]
    fn random_equations_match_the_reference((eq, shapes) in equation()) {
        let s: Vec<&[usize]> = shapes.iter().map(|s| &s[..]).collect();
        check(&eq, &s);
    }

    /// `...` in some operands, broadcast, in the output or summed.
    #[test]
    fn random_ellipsis_equations_match_the_reference((eq, shapes) in ellipsis_equation()) {
        let s: Vec<&[usize]> = shapes.iter().map(|s| &s[..]).collect();
        check(&eq, &s);
    }

    /// Larger sizes, two operands: the matrix-product lowering with every
    /// arrangement of batch, row, column and summed labels.
    #[test]
    fn random_pairs_with_large_sizes(
        (eq, shapes) in equation().prop_filter("two operands", |(_, s)| s.len() == 2),
        scale in 3usize..7,
    ) {
        let shapes: Vec<Vec<usize>> = shapes.iter().map(|s| s.iter().map(|&d| if d > 1 { d * scale } else { d }).collect()).collect();
        // Keep the reference's loop small.
        let total: usize = shapes.iter().map(|s| s.iter().product::<usize>()).product();
        prop_assume!(total < 400_000);
        let s: Vec<&[usize]> = shapes.iter().map(|s| &s[..]).collect();
        check(&eq, &s);
    }
}

fn named(shape: &[usize], names: &[Option<&str>], seed: i64) -> DynTensor<i64> {
    tensor(shape, seed)
        .with_names(names.iter().copied())
        .unwrap()
}

/// Seed 004's tensors, scaled down: img (?, CHANNEL, H, W) against
/// lbl (?, H, W) contracts H and W, keeps the batch and CHANNEL.
#[test]
fn contract_seed004_img_with_lbl() {
    let (n, c, h, w) = (3, 2, 4, 5);
    let img = named(
        &[n, c, h, w],
        &[None, Some("CHANNEL"), Some("H"), Some("W")],
        1,
    );
    let lbl = named(&[n, h, w], &[None, Some("H"), Some("W")], 2);
    let r = img.try_contract(&lbl).unwrap();
    assert_eq!(r.shape(), &[n, c]);
    assert_eq!(r.names(), [None, Some("CHANNEL")]);
    let (x, y) = (img.to_vec(), lbl.to_vec());
    for b in 0..n {
        for ch in 0..c {
            let mut s = 0i64;
            for i in 0..h {
                for j in 0..w {
                    s += x[((b * c + ch) * h + i) * w + j] * y[(b * h + i) * w + j];
                }
            }
            assert_eq!(r.get(&[b, ch]), Some(&s));
        }
    }
    // The other way round: lbl's dimensions first, then img's CHANNEL.
    let r2 = lbl.try_contract(&img).unwrap();
    assert_eq!(r2.names(), [None, Some("CHANNEL")]);
    assert_eq!(r2, r);
}

/// lbl_prob (?, CLASS, H, W) against lbl_truth (?, H, W), and lbl_pred
/// (?, SCALE1, SCALE2, SCALE3, H, W) against lbl_prob: what broadcasting
/// refuses (CLASS has no match) contracts into an outer product over the
/// names only one side has.
#[test]
fn contract_seed004_pred_and_prob() {
    let (n, k, h, w) = (2, 3, 4, 4);
    let truth = named(&[n, h, w], &[None, Some("H"), Some("W")], 3);
    let prob = named(
        &[n, k, h, w],
        &[None, Some("CLASS"), Some("H"), Some("W")],
        4,
    );
    let pred_names = [
        None,
        Some("SCALE1"),
        Some("SCALE2"),
        Some("SCALE3"),
        Some("H"),
        Some("W"),
    ];
    let pred = named(&[n, 1, 3, 2, h, w], &pred_names, 5);
    let pt = prob.try_contract(&truth).unwrap();
    assert_eq!(
        (pt.shape(), pt.names()),
        (&[n, k][..], vec![None, Some("CLASS")])
    );
    // The same as einsum with one letter per name.
    let e = einsum(
        "nkhw,nhw->nk",
        &[&prob.clone().drop_names(), &truth.clone().drop_names()],
    )
    .unwrap();
    assert_eq!(pt.clone().drop_names(), e);
    let pp = pred.try_contract(&prob).unwrap();
    assert_eq!(pp.shape(), &[n, 1, 3, 2, k]);
    assert_eq!(
        pp.names(),
        [
            None,
            Some("SCALE1"),
            Some("SCALE2"),
            Some("SCALE3"),
            Some("CLASS")
        ]
    );
    let (x, y) = (pred.to_vec(), prob.to_vec());
    for b in 0..n {
        for s2 in 0..3 {
            for s3 in 0..2 {
                for c in 0..k {
                    let mut s = 0i64;
                    for i in 0..h {
                        for j in 0..w {
                            s += x[(((b * 3 + s2) * 2 + s3) * h + i) * w + j]
                                * y[((b * k + c) * h + i) * w + j];
                        }
                    }
                    assert_eq!(pp.get(&[b, 0, s2, s3, c]), Some(&s));
                }
            }
        }
    }
    assert!(prob.try_add(&pred).is_err()); // broadcasting refuses what contract accepts
}

#[test]
fn contract_errors_name_the_dimension() {
    let a = named(&[2, 3], &[Some("I"), Some("J")], 0);
    let b = named(&[4, 5], &[Some("J"), Some("K")], 0);
    let e = first_line(a.try_contract(&b).unwrap_err());
    assert_eq!(
        e,
        "contract(): dimension 'J' has size 3 in a and 4 in b; a shared name is summed over, so its sizes must be equal"
    );
    // A shared name of size 1 against 4 is an error too: it is one dimension.
    let one = named(&[1, 5], &[Some("J"), Some("K")], 0);
    let a4 = named(&[2, 4], &[Some("I"), Some("J")], 0);
    assert!(a4.try_contract(&one).is_err());
    // Unnamed dimensions broadcast (1 against 3) and mismatch as broadcasting does.
    let u = named(&[1, 3], &[None, Some("J")], 0);
    let v = named(&[3, 3, 6], &[None, Some("J"), Some("K")], 0);
    assert_eq!(u.try_contract(&v).unwrap().shape(), &[3, 6]);
    let bad = named(&[2, 3, 6], &[None, Some("J"), Some("K")], 0);
    let e = first_line(
        named(&[5, 3], &[None, Some("J")], 0)
            .try_contract(&bad)
            .unwrap_err(),
    );
    assert!(
        e.starts_with(
            "The size of tensor a (5) must match the size of tensor b (2) at an unnamed dimension"
        ),
        "{e}"
    );
}

#[test]
fn contract_matrix_product_by_names() {
    let a = named(&[20, 30], &[Some("I"), Some("J")], 1);
    let b = named(&[25, 30], &[Some("K"), Some("J")], 2);
    let r = a.try_contract(&b).unwrap();
    assert_eq!(r.names(), [Some("I"), Some("K")]);
    let want = einsum(
        "ij,kj->ik",
        &[&a.clone().drop_names(), &b.clone().drop_names()],
    )
    .unwrap();
    assert_eq!(r.drop_names(), want);
}

#[test]
fn einsum_macro_against_the_reference() {
    use shaped::{Tensor, einsum as einsum_m, shape};
    let a = Tensor::<i64, shape![2, 3, 4]>::from_fn(|i| (i as i64 * 7) % 11 - 5);
    let b = Tensor::<i64, shape![2, 4, 5]>::from_fn(|i| (i as i64 * 5) % 13 - 6);
    let c: Tensor<i64, shape![2, 3, 5]> = einsum_m!("bij,bjk->bik", a, b);
    let (shape, want) = naive(
        "bij,bjk->bik",
        &[(&[2, 3, 4], a.as_slice()), (&[2, 4, 5], b.as_slice())],
    );
    assert_eq!((&*c.shape(), c.as_slice()), (&shape[..], &want[..]));
    let m = Tensor::<i64, shape![4, 4]>::from_fn(|i| i as i64);
    let d: Tensor<i64, shape![4]> = einsum_m!("ii->i", m);
    assert_eq!(d.as_slice(), &[0, 5, 10, 15]);
    let q = Tensor::<i64, shape![2, 2, 3, 4]>::from_fn(|i| (i as i64 * 3) % 7 - 3);
    let k = Tensor::<i64, shape![2, 2, 5, 4]>::from_fn(|i| (i as i64 * 2) % 5 - 2);
    let s: Tensor<i64, shape![2, 2, 3, 5]> = einsum_m!("bhqd,bhkd->bhqk", q, k);
    let (_, want) = naive(
        "bhqd,bhkd->bhqk",
        &[(&[2, 2, 3, 4], q.as_slice()), (&[2, 2, 5, 4], k.as_slice())],
    );
    assert_eq!(s.as_slice(), &want[..]);
    let v = Tensor::<i64, shape![4]>::from_fn(|i| i as i64 + 1);
    let t: Tensor<i64, shape![]> = einsum_m!("i,ij,j", v, m, v);
    let (_, want) = naive(
        "i,ij,j",
        &[
            (&[4], v.as_slice()),
            (&[4, 4], m.as_slice()),
            (&[4], v.as_slice()),
        ],
    );
    assert_eq!(t.as_slice(), &want[..]);
}

/// The static contraction: result type computed, values as at run time.
#[test]
fn static_contract_seed004() {
    use shaped::{Tensor, dim_names, shape};
    dim_names!(CHANNEL, CLASS, SCALE1, SCALE2, SCALE3, H, W);
    let img =
        Tensor::<i64, shape![3, CHANNEL: 2, H: 4, W: 5]>::from_fn(|i| (i as i64 * 7) % 11 - 5);
    let lbl = Tensor::<i64, shape![3, H: 4, W: 5]>::from_fn(|i| (i as i64 * 3) % 7 - 3);
    let r: Tensor<i64, shape![3, CHANNEL: 2]> = img.contract(&lbl);
    let want = img.into_dyn().try_contract(&lbl.into_dyn()).unwrap();
    assert_eq!(r.into_dyn(), want);
    // pred (?, SCALE1, SCALE2, SCALE3, H, W) with prob (?, CLASS, H, W).
    let pred =
        Tensor::<i64, shape![2, SCALE1: 1, SCALE2: 3, SCALE3: 2, H: 4, W: 4]>::from_fn(|i| {
            i as i64 % 5
        });
    let prob = Tensor::<i64, shape![2, CLASS: 3, H: 4, W: 4]>::from_fn(|i| i as i64 % 3 - 1);
    type Scales = shape![2, SCALE1: 1, SCALE2: 3, SCALE3: 2, CLASS: 3];
    let pp: Tensor<i64, Scales> = pred.contract(&prob);
    assert_eq!(
        pp.into_dyn(),
        pred.into_dyn().try_contract(&prob.into_dyn()).unwrap()
    );
    // `b` with more unnamed dimensions than `a`: its extra ones lead.
    let hw = Tensor::<i64, shape![H: 4, W: 5]>::from_fn(|i| i as i64 % 3);
    let r: Tensor<i64, shape![3, CHANNEL: 2]> = hw.contract(&img);
    assert_eq!(
        r.into_dyn(),
        hw.into_dyn().try_contract(&img.into_dyn()).unwrap()
    );
    let many = Tensor::<i64, shape![5, 1, H: 4, W: 5]>::from_fn(|i| i as i64 % 7 - 2);
    let r: Tensor<i64, shape![5, 3, CHANNEL: 2]> = img.contract(&many);
    let want = img.into_dyn().try_contract(&many.into_dyn()).unwrap();
    assert_eq!(want.shape(), &[5, 3, 2]);
    assert_eq!(r.into_dyn(), want);
    // An unnamed size 1 broadcasts against 3.
    let one = Tensor::<i64, shape![1, H: 4, W: 5]>::ones();
    let s: Tensor<i64, shape![3, CHANNEL: 2]> = img.contract(&one);
    assert_eq!(
        s[[2, 1]],
        img.into_dyn()
            .sum_dims(&[2, 3], false)
            .unwrap()
            .get(&[2, 1])
            .copied()
            .unwrap()
    );
}

/// `einsum!` with `...`: result types computed (broadcast, in the output
/// where `...` is, first in an implicit output), values as the reference.
#[test]
fn einsum_macro_with_ellipsis() {
    use shaped::{Dyn, Tensor, dim_names, einsum as einsum_m, shape};
    fn against<S: shaped::Layout>(eq: &str, got: &Tensor<i64, S>, ops: &[(&[usize], &[i64])]) {
        let shapes: Vec<&[usize]> = ops.iter().map(|o| o.0).collect();
        let (shape, want) = naive(&spell_out(eq, &shapes), ops);
        assert_eq!(
            (&*got.shape(), got.as_slice()),
            (&shape[..], &want[..]),
            "{eq}"
        );
    }
    let a = Tensor::<i64, shape![5, 1, 3, 4]>::from_fn(|i| (i as i64 * 7) % 11 - 5);
    let b = Tensor::<i64, shape![2, 4, 6]>::from_fn(|i| (i as i64 * 5) % 13 - 6);
    let ops: [(&[usize], &[i64]); 2] = [(&[5, 1, 3, 4], a.as_slice()), (&[2, 4, 6], b.as_slice())];
    let c: Tensor<i64, shape![5, 2, 3, 6]> = einsum_m!("...ij,...jk", a, b);
    against("...ij,...jk", &c, &ops);
    let c: Tensor<i64, shape![6, 5, 2, 3]> = einsum_m!("...ij,...jk->k...i", a, b);
    against("...ij,...jk->k...i", &c, &ops);
    let c: Tensor<i64, shape![3, 6]> = einsum_m!("...ij,...jk->ik", a, b); // `...` summed
    against("...ij,...jk->ik", &c, &ops);
    let d: Tensor<i64, shape![1, 3, 4]> = einsum_m!("i...->...", a);
    against("i...->...", &d, &ops[..1]);
    let m = Tensor::<i64, shape![3, 2, 3]>::from_fn(|i| i as i64);
    let t: Tensor<i64, shape![2]> = einsum_m!("i...i", m);
    against("i...i", &t, &[(&[3, 2, 3], m.as_slice())]);
    // Three operands, `...` in two of them.
    let v = Tensor::<i64, shape![4]>::from_fn(|i| i as i64 - 1);
    let w: Tensor<i64, shape![5, 2, 6]> = einsum_m!("...ij,j,...jk->...k", a, v, b);
    against(
        "...ij,j,...jk->...k",
        &w,
        &[ops[0], (&[4], v.as_slice()), ops[1]],
    );
    // A `Dyn` size under `...`: the static size wins, 1 against `Dyn` stays `Dyn`.
    let x = Tensor::<i64, shape![Dyn, 4]>::from_vec((0..12).collect(), &[3]).unwrap();
    let y: Tensor<i64, shape![Dyn]> = einsum_m!("...i,...i", x, x);
    against(
        "...i,...i",
        &y,
        &[(&[3, 4], x.as_slice()), (&[3, 4], x.as_slice())],
    );
    let z = Tensor::<i64, shape![3, 4]>::from_fn(|i| i as i64);
    let y: Tensor<i64, shape![3]> = einsum_m!("...i,...i", x, z);
    against(
        "...i,...i",
        &y,
        &[(&[3, 4], x.as_slice()), (&[3, 4], z.as_slice())],
    );
    // Names under `...` ride along.
    dim_names!(CHANNEL);
    let img = Tensor::<i64, shape![2, CHANNEL: 3, 4]>::from_fn(|i| i as i64 % 5);
    let s: Tensor<i64, shape![2, CHANNEL: 3]> = einsum_m!("...w->...", img);
    assert_eq!(s.names(), [None, Some("CHANNEL")]);
    against("...w->...", &s, &[(&[2, 3, 4], img.as_slice())]);
}
