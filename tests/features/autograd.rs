//! `shaped::autograd`: every operation's gradient against central finite
//! differences in f64 (property tests over shapes with broadcasting, size
//! 0 and rank 0), hand-derived gradients for a table of cases, the typed
//! layouts of gradients, accumulation, `no_grad`, the graph's memory, and
//! the optimizers against updates computed by hand.
#![cfg(feature = "autograd")]

use proptest::prelude::*;
use shaped::autograd::{
    Adam, DynVar, Optimizer, Parameters, Runtime, Sgd, Var, live_nodes, no_grad,
};
use shaped::{Axis, AxisFromEnd, Dyn, DynTensor, Tensor, parameters, shape};

// ---------------------------------------------------------------------------
// The finite-difference check.

/// Fixed weights for the result's elements, so that the checked scalar
/// `sum(out * w)` depends on every element differently.
fn weights(shape: &[usize]) -> DynTensor<f64> {
    DynTensor::from_fn(shape, |k| ((k * 7 + 3) % 11) as f64 / 11.0 - 0.45)
}

fn scalar_of(out: &DynVar<f64>, w: &DynTensor<f64>) -> f64 {
    out.value_dyn()
        .as_slice()
        .iter()
        .zip(w.as_slice())
        .map(|(a, b)| a * b)
        .sum()
}

/// Checks the gradients `f` gives its inputs against central differences
/// of `sum(f(inputs) * w)`.
fn check(
    inputs: impl AsRef<[DynTensor<f64>]>,
    f: &dyn Fn(&[DynVar<f64>]) -> DynVar<f64>,
) -> Result<(), TestCaseError> {
    let inputs = inputs.as_ref();
    let vars: Vec<DynVar<f64>> = inputs.iter().map(|t| Var::param(t.clone())).collect();
    let out = f(&vars);
    let w = weights(out.shape());
    let loss = (&out * &Var::constant(w.clone())).sum();
    prop_assert!((loss.item() - scalar_of(&out, &w)).abs() <= 1e-9 * (1.0 + loss.item().abs()));
    let grads = loss.backward();
    let eps = 1e-6;
    for (i, v) in vars.iter().enumerate() {
        let g = grads.get(v);
        prop_assert_eq!(g.shape(), inputs[i].shape());
        for k in 0..inputs[i].numel() {
            let at = |d: f64| {
                let mut moved: Vec<DynVar<f64>> =
                    inputs.iter().map(|t| Var::constant(t.clone())).collect();
                let mut t = inputs[i].clone();
                t.as_mut_slice()[k] += d;
                moved[i] = Var::constant(t);
                no_grad(|| scalar_of(&f(&moved), &w))
            };
            let numeric = (at(eps) - at(-eps)) / (2.0 * eps);
            let analytic = g.as_slice()[k];
            prop_assert!(
                (analytic - numeric).abs() <= 1e-5 * (1.0 + numeric.abs()),
                "input {i} element {k}: backward {analytic} vs finite differences {numeric}"
            );
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Shapes and values.

/// A shape of rank 0 to 3 with sizes 0 to 3.
fn shape_strategy() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(0usize..4, 0..4)
}

/// A shape and another that broadcasts with it: some sizes set to 1,
/// some leading axes dropped, possibly swapped.
fn pair_strategy() -> impl Strategy<Value = (Vec<usize>, Vec<usize>)> {
    (
        shape_strategy(),
        prop::collection::vec(any::<bool>(), 4),
        0usize..4,
        any::<bool>(),
    )
        .prop_map(|(a, ones, drop, swap)| {
            let mut b: Vec<usize> = a
                .iter()
                .zip(&ones)
                .map(|(&d, &one)| if one { 1 } else { d })
                .collect();
            let drop = drop.min(b.len());
            b.drain(..drop);
            if swap { (b, a) } else { (a, b) }
        })
}

/// Values in [-2, 2] (`seed` picks them), away from 0 by at least 0.05
/// so that the kinks of relu and abs are not crossed by the differences.
fn values(shape: &[usize], seed: u64) -> DynTensor<f64> {
    let mut s = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    DynTensor::from_fn(shape, |_| {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let u = (s >> 11) as f64 / (1u64 << 53) as f64;
        let v = u * 4.0 - 2.0;
        if v.abs() < 0.05 {
            v.signum() * 0.05 + v
        } else {
            v
        }
    })
}

/// Positive values in [0.5, 2.5].
fn positive(shape: &[usize], seed: u64) -> DynTensor<f64> {
    values(shape, seed).map(|v| v.abs() + 0.5)
}

// ---------------------------------------------------------------------------
// Property tests: every operation, runtime layouts (the static and mixed
// layouts share this code; the table below checks them).

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn arithmetic_broadcasts((a, b) in pair_strategy(), seed in any::<u64>()) {
        let (x, y, p) = (values(&a, seed), values(&b, seed ^ 1), positive(&b, seed ^ 2));
        check([x.clone(), y.clone()], &|v| &v[0] + &v[1])?;
        check([x.clone(), y.clone()], &|v| &v[0] - &v[1])?;
        check([x.clone(), y.clone()], &|v| &v[0] * &v[1])?;
        check([x.clone(), p.clone()], &|v| &v[0] / &v[1])?;
        check([x.clone(), y.clone()], &|v| v[0].maximum(&v[1]))?;
        check([x.clone(), y.clone()], &|v| v[0].minimum(&v[1]))?;
        check([positive(&a, seed), y.clone()], &|v| v[0].pow(&v[1]))?;
        // The same operand twice: both gradients add up.
        check([x.clone()], &|v| &(&v[0] * &v[0]) - &v[0])?;
    }

    #[test]
    fn scalars(a in shape_strategy(), seed in any::<u64>()) {
        let (x, p) = (values(&a, seed), positive(&a, seed));
        check([x.clone()], &|v| &v[0] + 1.5)?;
        check([x.clone()], &|v| 2.0 - &v[0])?;
        check([x.clone()], &|v| &v[0] * -3.0)?;
        check([x.clone()], &|v| &v[0] / 4.0)?;
        check([p.clone()], &|v| 3.0 / &v[0])?;
        check([x.clone()], &|v| -&v[0])?;
    }

    #[test]
    fn unary_math(a in shape_strategy(), seed in any::<u64>()) {
        let (x, p) = (values(&a, seed), positive(&a, seed));
        check([x.clone()], &|v| v[0].exp())?;
        check([p.clone()], &|v| v[0].ln())?;
        check([p.clone()], &|v| v[0].sqrt())?;
        check([x.clone()], &|v| v[0].tanh())?;
        check([x.clone()], &|v| v[0].sigmoid())?;
        check([x.clone()], &|v| v[0].relu())?;
        check([x.clone()], &|v| v[0].gelu())?;
        check([x.clone()], &|v| v[0].silu())?;
        check([x.clone()], &|v| v[0].softplus())?;
        check([x.clone()], &|v| v[0].abs())?;
        check([x.clone()], &|v| v[0].square())?;
        check([p.clone()], &|v| v[0].powf(1.7))?;
        check([x.clone()], &|v| v[0].clamp(-1.02, 0.97))?;
    }

    #[test]
    fn reductions(a in shape_strategy(), seed in any::<u64>(), mask in 0u8..16, keep in any::<bool>()) {
        let x = values(&a, seed);
        let axes: Vec<i64> = (0..a.len() as i64).filter(|k| mask >> k & 1 == 1).collect();
        let n: usize = axes.iter().map(|&k| a[k as usize]).product();
        check([x.clone()], &|v| v[0].sum_dims(&axes, keep).unwrap())?;
        check([x.clone()], &|v| v[0].sum())?;
        if n > 0 {
            check([x.clone()], &|v| v[0].mean_dims(&axes, keep).unwrap())?;
            check([x.clone()], &|v| v[0].max_dims(&axes, keep).unwrap())?;
            check([x.clone()], &|v| v[0].min_dims(&axes, keep).unwrap())?;
            check([x.clone()], &|v| v[0].logsumexp_dims(&axes, keep).unwrap())?;
        }
        if n > 1 {
            check([x.clone()], &|v| v[0].var_dims(&axes, keep).unwrap())?;
            check([x.clone()], &|v| v[0].std_dims(&axes, keep).unwrap())?;
        }
        if x.numel() > 0 {
            check([x.clone()], &|v| v[0].mean())?;
        }
    }

    #[test]
    fn softmax_and_cross_entropy(a in prop::collection::vec(0usize..4, 1..4), seed in any::<u64>(), axis in 0usize..3) {
        let x = values(&a, seed);
        let axis = axis % a.len();
        check([x.clone()], &|v| v[0].softmax(axis).unwrap())?;
        check([x.clone()], &|v| v[0].log_softmax(axis).unwrap())?;
        let classes = a[a.len() - 1];
        let rows = x.numel().checked_div(classes).unwrap_or(0);
        if classes > 0 && rows > 0 {
            let targets: Vec<usize> = (0..rows).map(|r| (r * 5 + seed as usize % 7) % classes).collect();
            check([x.clone()], &|v| v[0].cross_entropy(&targets))?;
        }
    }

    #[test]
    fn matmul_batched_and_broadcast(
        (n, k, m) in (0usize..4, 0usize..4, 0usize..4),
        (ba, bb) in pair_strategy(),
        form in 0u8..4,
        seed in any::<u64>(),
    ) {
        // Batches up to rank 2 (the pair's last two sizes, which broadcast),
        // or vectors on one side.
        let tail = |v: Vec<usize>| v[v.len().saturating_sub(2)..].to_vec();
        let (ba, bb) = (tail(ba), tail(bb));
        let mut sa = ba.clone();
        let mut sb = bb.clone();
        match form {
            0 => { sa.extend([n, k]); sb.extend([k, m]); }
            1 => { sa = vec![k]; sb.extend([k, m]); }
            2 => { sa.extend([n, k]); sb = vec![k]; }
            _ => { sa = vec![k]; sb = vec![k]; }
        }
        check([values(&sa, seed), values(&sb, seed ^ 3)], &|v| v[0].matmul(&v[1]))?;
    }

    #[test]
    fn shape_operations(a in shape_strategy(), seed in any::<u64>(), pick in any::<u64>()) {
        let x = values(&a, seed);
        let n = x.numel();
        check([x.clone()], &|v| v[0].reshape(&[n]).unwrap())?;
        let mut perm: Vec<usize> = (0..a.len()).collect();
        if a.len() > 1 { perm.rotate_left((pick % a.len() as u64) as usize); }
        check([x.clone()], &|v| v[0].permute(&perm).unwrap())?;
        check([x.clone()], &|v| v[0].t())?;
        if a.len() >= 2 {
            check([x.clone()], &|v| v[0].transpose(0, -1).unwrap())?;
        }
        if !a.is_empty() {
            let axis = (pick % a.len() as u64) as usize;
            let d = a[axis];
            // Positions with repeats: each gets both gradients.
            let positions: Vec<usize> = if d == 0 { vec![] } else { vec![d - 1, 0, d - 1] };
            check([x.clone()], &|v| v[0].index_select(axis, &positions).unwrap())?;
            let start = d / 2;
            check([x.clone()], &|v| v[0].narrow(axis, start, d - start).unwrap())?;
            if d > 0 {
                let index = DynTensor::<usize>::from_fn(&a, |k| (k * 3 + 1) % d);
                check([x.clone()], &|v| v[0].gather(axis, &index).unwrap())?;
            }
            let y = values(&a, seed ^ 5);
            check([x.clone(), y.clone()], &|v| DynVar::cat(&[&v[0], &v[1], &v[0]], axis).unwrap())?;
            check([x.clone(), y.clone()], &|v| DynVar::stack(&[&v[0], &v[1]], axis).unwrap())?;
        }
    }

    #[test]
    fn masks((a, b) in pair_strategy(), seed in any::<u64>()) {
        let (x, y) = (values(&a, seed), values(&b, seed ^ 9));
        let out = shaped::broadcast_shapes(&[&a, &b]).unwrap();
        let mask = DynTensor::<f64>::from_fn(&out, |k| (k % 3) as f64).to_dyn_mask();
        check([x.clone(), y.clone()], &|v| DynVar::where_cond(&mask, &v[0], &v[1]))?;
        let m = DynTensor::<f64>::from_fn(&a, |k| (k % 2) as f64).to_dyn_mask();
        check([x.clone()], &|v| v[0].masked_fill(&m, 7.0))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// einsum's gradient: products, traces and diagonals, labels summed
    /// within one operand, implicit outputs, and `...` broadcasting.
    #[test]
    fn einsum_equations(i in 0usize..4, j in 1usize..4, k in 0usize..4, b in 1usize..3, seed in any::<u64>()) {
        let cases: Vec<(&str, Vec<Vec<usize>>)> = vec![
            ("ij,jk->ik", vec![vec![i, j], vec![j, k]]),
            ("ij,jk", vec![vec![i, j], vec![j, k]]),
            ("ii", vec![vec![j, j]]),
            ("ii->i", vec![vec![j, j]]),
            ("iij->j", vec![vec![j, j, k]]),
            ("ij->", vec![vec![i, j]]),
            ("ij,ij->ij", vec![vec![i, j], vec![i, j]]),
            ("ijk->kj", vec![vec![i, j, k]]),
            ("i,j->ij", vec![vec![i], vec![j]]),
            ("bij,bjk->bik", vec![vec![b, i, j], vec![b, j, k]]),
            ("...ij,...jk", vec![vec![b, 1, i, j], vec![2, j, k]]),
            ("...ij,jk->...ik", vec![vec![b, i, j], vec![j, k]]),
            ("i...,i...->...", vec![vec![j, 1, k], vec![j, b, 1]]),
        ];
        for (n, (eq, shapes)) in cases.into_iter().enumerate() {
            let inputs: Vec<DynTensor<f64>> =
                shapes.iter().enumerate().map(|(m, s)| values(s, seed ^ (n * 4 + m) as u64)).collect();
            check(&inputs[..], &|v| {
                let refs: Vec<&DynVar<f64>> = v.iter().collect();
                DynVar::einsum(eq, &refs).unwrap()
            })?;
        }
    }
}

trait ToMask {
    fn to_dyn_mask(&self) -> DynTensor<bool>;
}
impl ToMask for DynTensor<f64> {
    fn to_dyn_mask(&self) -> DynTensor<bool> {
        self.try_gt(&DynTensor::scalar(0.5)).unwrap()
    }
}

// ---------------------------------------------------------------------------
// Hand-derived gradients, on static and mixed layouts.

fn close(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-12)
}

#[test]
fn hand_derived_table() {
    // d/dx sum(x^2) = 2x
    let x = Var::param(Tensor::<f64, shape![3]>::from_slice(&[1.0, -2.0, 3.0]).unwrap());
    let g: Tensor<f64, shape![3]> = x.square().sum().backward().get(&x);
    assert_eq!(g.to_vec(), vec![2.0, -4.0, 6.0]);

    // a [2, 3] + b [3]: b's gradient is summed over the rows (2 each),
    // a [2, 1] * c [3]: a's gradient is the sum of c, c's the sum of a.
    let a = Var::param(Tensor::<f64, shape![2, 1]>::from_slice(&[1.0, 2.0]).unwrap());
    let c = Var::param(Tensor::<f64, shape![3]>::from_slice(&[1.0, 10.0, 100.0]).unwrap());
    let grads = (&a * &c).sum().backward();
    let ga: Tensor<f64, shape![2, 1]> = grads.get(&a);
    let gc: Tensor<f64, shape![3]> = grads.get(&c);
    assert_eq!(
        (ga.to_vec(), gc.to_vec()),
        (vec![111.0, 111.0], vec![3.0, 3.0, 3.0])
    );

    // matmul: L = sum(X W), dW = X^T 1, dX = 1 W^T.
    let xw = Var::param(Tensor::<f64, shape![2, 2]>::from_slice(&[1.0, 2.0, 3.0, 4.0]).unwrap());
    let w = Var::param(
        Tensor::<f64, shape![2, 3]>::from_slice(&[1.0, 0.0, -1.0, 2.0, 1.0, 0.0]).unwrap(),
    );
    let grads = xw.matmul(&w).sum().backward();
    let gw: Tensor<f64, shape![2, 3]> = grads.get(&w);
    let gx: Tensor<f64, shape![2, 2]> = grads.get(&xw);
    assert_eq!(gw.to_vec(), vec![4.0, 4.0, 4.0, 6.0, 6.0, 6.0]);
    assert_eq!(gx.to_vec(), vec![0.0, 3.0, 0.0, 3.0]);

    // mean over a mixed batch: 1/n each.
    let m = Var::param(Tensor::<f64, shape![Dyn, 2]>::ones_sized(&[4]));
    let gm: Tensor<f64, shape![Dyn, 2]> = m.mean().backward().get(&m);
    assert_eq!(gm.to_vec(), vec![0.125; 8]);

    // Cross-entropy of logits [0, 0] with target 0: ln 2, gradient
    // (softmax - one_hot) / rows = [-0.5, 0.5].
    let l = Var::param(Tensor::<f64, shape![1, 2]>::zeros());
    let loss = l.cross_entropy(&[0]);
    assert!((loss.item() - 2f64.ln()).abs() < 1e-15);
    let gl: Tensor<f64, shape![1, 2]> = loss.backward().get(&l);
    assert_eq!(gl.to_vec(), vec![-0.5, 0.5]);

    // relu passes the gradient where x > 0; sigmoid'(0) = 1/4; tanh'(0) = 1.
    let r = Var::param(Tensor::<f64, shape![4]>::from_slice(&[-1.0, 0.0, 0.5, 2.0]).unwrap());
    let gr: Tensor<f64, shape![4]> = r.relu().sum().backward().get(&r);
    assert_eq!(gr.to_vec(), vec![0.0, 0.0, 1.0, 1.0]);
    let z = Var::param(Tensor::<f64, shape![]>::zeros());
    let gz: Tensor<f64, shape![]> = (z.sigmoid() + z.tanh()).sum().backward().get(&z);
    assert_eq!(gz.to_vec(), vec![1.25]);

    // softmax of equal logits: a uniform distribution; the gradient of its
    // first element is p(1 - p) there and -p q elsewhere.
    let s = Var::param(Tensor::<f64, shape![1, 4]>::zeros());
    let first = s.softmax(Axis::<1>).narrow(Axis::<1>, 0, 1).sum();
    let gs: Tensor<f64, shape![1, 4]> = first.backward().get(&s);
    assert!(close(&gs.to_vec(), &[0.1875, -0.0625, -0.0625, -0.0625]));

    // max over an axis with a tie: the two maxima share.
    let t = Var::param(Tensor::<f64, shape![2, 2]>::from_slice(&[3.0, 3.0, 1.0, 2.0]).unwrap());
    let gt: Tensor<f64, shape![2, 2]> = t.max_over(Axis::<1>).sum().backward().get(&t);
    assert_eq!(gt.to_vec(), vec![0.5, 0.5, 0.0, 1.0]);

    // var of [1, 2, 3, 4] (unbiased): d/dx = 2 (x - mean) / 3.
    let v = Var::param(Tensor::<f64, shape![4]>::from_slice(&[1.0, 2.0, 3.0, 4.0]).unwrap());
    let gv: Tensor<f64, shape![4]> = v.var_over(Axis::<0>).sum().backward().get(&v);
    assert!(close(&gv.to_vec(), &[-1.0, -1.0 / 3.0, 1.0 / 3.0, 1.0]));
}

/// The static and mixed layouts' operations (their compile-time folds)
/// give the runtime form's gradients.
#[test]
fn static_and_mixed_layouts_agree_with_runtime() {
    let xs = values(&[4, 1, 3], 1);
    let ys = values(&[2, 1], 2);
    let x = Var::param(Tensor::<f64, shape![4, 1, 3]>::try_from(xs.clone()).unwrap());
    let y = Var::param(Tensor::<f64, shape![2, 1]>::try_from(ys.clone()).unwrap());
    let out: Var<f64, shape![4, 2, 3]> = (&x * &y).tanh() / (&y.exp() + 1.0);
    let grads = out.sum_over((Axis::<0>, AxisFromEnd::<1>)).sum().backward();
    let gx: Tensor<f64, shape![4, 1, 3]> = grads.get(&x);
    let gy: Tensor<f64, shape![2, 1]> = grads.get(&y);

    let dx = Var::<f64, Runtime>::param(xs);
    let dy = Var::<f64, Runtime>::param(ys);
    let dout = (&dx * &dy).tanh() / (&dy.exp() + 1.0);
    let dgrads = dout.sum_dims(&[0, -1], false).unwrap().sum().backward();
    assert!(close(&gx.to_vec(), &dgrads.get(&dx).to_vec()));
    assert!(close(&gy.to_vec(), &dgrads.get(&dy).to_vec()));

    // A mixed batch through a layer; the bias is summed over the batch.
    let w = Var::param(Tensor::<f64, shape![3, 2]>::try_from(values(&[3, 2], 3)).unwrap());
    let b = Var::param(Tensor::<f64, shape![2]>::try_from(values(&[2], 4)).unwrap());
    let input = Var::constant(Tensor::<f64, shape![Dyn, 3]>::try_from(values(&[5, 3], 5)).unwrap());
    let h: Var<f64, shape![Dyn, 2]> = (input.matmul(&w) + &b).relu();
    let grads = h.log_softmax(Axis::<1>).mean().backward();
    let gw: Tensor<f64, shape![3, 2]> = grads.get(&w);
    let gb: Tensor<f64, shape![2]> = grads.get(&b);
    let (dw, db) = (
        Var::<f64, Runtime>::param(w.value().to_dyn()),
        Var::<f64, Runtime>::param(b.value().to_dyn()),
    );
    let dh = (Var::<f64, Runtime>::constant(input.value().into_dyn()).matmul(&dw) + &db).relu();
    let dgrads = dh.log_softmax(1).unwrap().mean().backward();
    assert!(close(&gw.to_vec(), &dgrads.get(&dw).to_vec()));
    assert!(close(&gb.to_vec(), &dgrads.get(&db).to_vec()));

    // Shape operations with the layout in the type.
    let p = Var::param(Tensor::<f64, shape![2, 3, 4]>::try_from(values(&[2, 3, 4], 6)).unwrap());
    let q: Var<f64, shape![4, 2, 3]> = p.permute((Axis::<2>, Axis::<0>, Axis::<1>));
    let r: Var<f64, shape![6, 4]> = p.reshape::<shape![6, 4]>();
    let s: Var<f64, shape![4, 3, 2]> = p.transpose(Axis::<0>, Axis::<2>);
    let loss = (q.sum() * 2.0) + (r.t().matmul(&r)).sum() + s.square().mean();
    let gp: Tensor<f64, shape![2, 3, 4]> = loss.backward().get(&p);
    let dp = Var::<f64, Runtime>::param(p.value().to_dyn());
    let dloss = (dp.permute(&[2, 0, 1]).unwrap().sum() * 2.0)
        + (dp
            .reshape(&[6, 4])
            .unwrap()
            .t()
            .matmul(&dp.reshape(&[6, 4]).unwrap()))
        .sum()
        + dp.transpose(0, 2).unwrap().square().mean();
    assert!(close(&gp.to_vec(), &dloss.backward().get(&dp).to_vec()));
    assert!((loss.item() - dloss.item()).abs() < 1e-12);
}

// ---------------------------------------------------------------------------
// Accumulation, no_grad, memory.

#[test]
fn gradients_accumulate_until_zeroed() {
    let w = Var::param(Tensor::<f64, shape![2]>::from_slice(&[1.0, 2.0]).unwrap());
    assert!(w.grad().is_none());
    (&w * 3.0).sum().backward();
    (&w * &w).sum().backward();
    assert_eq!(w.grad().unwrap().to_vec(), vec![3.0 + 2.0, 3.0 + 4.0]);
    w.zero_grad();
    assert!(w.grad().is_none());
    // A backward's own result holds this pass only.
    let g = (&w * 3.0).sum().backward();
    (&w * 3.0).sum().backward();
    assert_eq!(g.get(&w).to_vec(), vec![3.0, 3.0]);
    assert_eq!(w.grad().unwrap().to_vec(), vec![6.0, 6.0]);
}

#[test]
fn no_grad_records_nothing_and_constants_get_no_gradient() {
    let w = Var::param(Tensor::<f64, shape![2]>::ones());
    let x = Var::constant(Tensor::<f64, shape![2]>::full(2.0));
    let before = live_nodes();
    let y = no_grad(|| (&w * &x).exp());
    assert!(!y.requires_grad());
    // y keeps its own node only, not w's graph.
    assert_eq!(live_nodes(), before + 1);
    let grads = (&y * &w).sum().backward();
    assert_eq!(grads.get(&w).to_vec(), y.value().to_vec());
    assert!(grads.try_get(&x).is_none());
    assert_eq!(grads.len(), 1);
    let d = (&w * 2.0).detach();
    assert!(!d.requires_grad());
}

struct Mlp {
    w1: Var<f32, shape![4, 8]>,
    b1: Var<f32, shape![8]>,
    w2: Var<f32, shape![8, 3]>,
    b2: Var<f32, shape![3]>,
}
parameters!(Mlp<f32> { w1, b1, w2, b2 });

impl Mlp {
    fn new() -> Self {
        let init = |shape: &[usize], seed| {
            values(shape, seed)
                .map(|v| (v * 0.3) as f32 as f64)
                .cast::<f32>()
        };
        Mlp {
            w1: Var::param(Tensor::try_from(init(&[4, 8], 1)).unwrap()),
            b1: Var::param(Tensor::zeros()),
            w2: Var::param(Tensor::try_from(init(&[8, 3], 2)).unwrap()),
            b2: Var::param(Tensor::zeros()),
        }
    }
    fn forward(&self, x: &Var<f32, shape![Dyn, 4]>) -> Var<f32, shape![Dyn, 3]> {
        (x.matmul(&self.w1) + &self.b1).relu().matmul(&self.w2) + &self.b2
    }
}

#[test]
fn training_keeps_no_graph_between_steps() {
    let mut model = Mlp::new();
    let mut opt = Adam::new(0.05f32);
    let x = Var::constant(
        Tensor::<f32, shape![Dyn, 4]>::try_from(values(&[16, 4], 9).cast::<f32>()).unwrap(),
    );
    let targets: Vec<usize> = (0..16).map(|i| i % 3).collect();
    let mut first = 0.0;
    let mut counts = Vec::new();
    for step in 0..30 {
        model.zero_grad();
        let loss = model.forward(&x).cross_entropy(&targets);
        if step == 0 {
            first = loss.item();
        }
        loss.backward();
        opt.step(&mut model);
        drop(loss);
        counts.push(live_nodes());
    }
    // The parameters and the input: nothing else survives a step.
    assert!(counts.iter().all(|&n| n == counts[0]), "{counts:?}");
    let last = model.forward(&x).cross_entropy(&targets).item();
    assert!(last < first * 0.7, "{first} -> {last}");
    assert_eq!(model.names(), ["w1", "b1", "w2", "b2"]);
    assert_eq!(model.numel(), 4 * 8 + 8 + 8 * 3 + 3);
}

#[test]
fn backward_releases_the_graph_unless_retained() {
    let mut w = Var::param(Tensor::<f64, shape![2]>::from_slice(&[1.0, 2.0]).unwrap());
    let before = live_nodes();
    let loss = (&w * &w).exp().sum();
    let during = live_nodes();
    loss.backward();
    // The loss alone is left: its inputs were released, so an update
    // works on the parameter in place.
    assert_eq!((during - before, live_nodes() - before), (3, 1));
    assert_eq!(loss.item(), 1f64.exp() + 4f64.exp());
    Sgd::new(0.0).step(&mut w);
    let again = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| loss.backward()));
    let payload = again.unwrap_err();
    let message = match payload.downcast_ref::<&str>() {
        Some(s) => s.to_string(),
        None => payload.downcast_ref::<String>().unwrap().clone(),
    };
    assert!(
        message.starts_with("Trying to backward through the graph a second time"),
        "{message}"
    );

    // Retained: two passes, gradients added up.
    w.zero_grad();
    let loss = (&w * &w).sum();
    loss.backward_retain();
    loss.backward();
    assert_eq!(w.grad().unwrap().to_vec(), vec![4.0, 8.0]);
}

#[test]
fn a_deep_chain_is_freed_without_recursion() {
    let w = Var::param(Tensor::<f64, shape![1]>::ones());
    let before = live_nodes();
    let mut x = w.clone();
    for _ in 0..200_000 {
        x = &x * 1.0;
    }
    assert_eq!(live_nodes(), before + 200_000);
    drop(x);
    assert_eq!(live_nodes(), before);
}

// ---------------------------------------------------------------------------
// Optimizers against updates computed by hand (PyTorch's formulas).

#[test]
fn sgd_with_momentum_and_weight_decay() {
    let mut w = Var::param(Tensor::<f64, shape![2]>::from_slice(&[1.0, -1.0]).unwrap());
    let mut opt = Sgd::new(0.1).momentum(0.5).weight_decay(0.1);
    // loss = sum(3 w): gradient 3.
    // step 1: d = 3 + 0.1 w = [3.1, 2.9]; buf = d; w = [0.69, -1.29]
    // step 2: d = [3.069, 2.871]; buf = 0.5 [3.1, 2.9] + d = [4.619, 4.321];
    //         w = [0.69 - 0.4619, -1.29 - 0.4321] = [0.2281, -1.7221]
    for _ in 0..2 {
        w.zero_grad();
        (&w * 3.0).sum().backward();
        opt.step(&mut w);
    }
    assert!(
        close(&w.value().to_vec(), &[0.2281, -1.7221]),
        "{:?}",
        w.value().to_vec()
    );
}

#[test]
fn adam_and_adamw_two_steps() {
    // Gradient 2w. Adam step t: m = 0.9 m + 0.1 g, v = 0.999 v + 0.001 g^2,
    // w -= lr (m / (1 - 0.9^t)) / (sqrt(v / (1 - 0.999^t)) + eps).
    let hand = |w0: f64, lr: f64, wd: f64, decoupled: bool| {
        let (mut w, mut m, mut v) = (w0, 0.0, 0.0);
        for t in 1..=2 {
            let mut g = 2.0 * w;
            if decoupled {
                w *= 1.0 - lr * wd;
            } else {
                g += wd * w;
            }
            m = 0.9 * m + 0.1 * g;
            v = 0.999 * v + 0.001 * g * g;
            let mh = m / (1.0 - 0.9f64.powi(t));
            let vh = v / (1.0 - 0.999f64.powi(t));
            w -= lr * mh / (vh.sqrt() + 1e-8);
        }
        w
    };
    // The first step's value by hand: m̂ = g, v̂ = g², so w1 = w0 - lr g/(|g| + eps)
    // = 1.5 - 0.1 = 1.4 (to 1e-8) for w0 = 1.5.
    assert!((hand(1.5, 0.1, 0.0, false) - 1.5).abs() > 0.1);
    for (mut opt, wd, decoupled) in [
        (Adam::new(0.1), 0.0, false),
        (Adam::new(0.1).weight_decay(0.2), 0.2, false),
        (Adam::adamw(0.1, 0.2), 0.2, true),
    ] {
        let mut w = Var::param(Tensor::<f64, shape![2]>::from_slice(&[1.5, -0.5]).unwrap());
        for _ in 0..2 {
            w.zero_grad();
            (&w * &w).sum().backward();
            opt.step(&mut w);
        }
        let want = [
            hand(1.5, 0.1, wd, decoupled),
            hand(-0.5, 0.1, wd, decoupled),
        ];
        assert!(
            close(&w.value().to_vec(), &want),
            "{:?} vs {want:?}",
            w.value().to_vec()
        );
    }
    // The first Adam step moves each weight by lr (m̂ / sqrt(v̂) = sign g).
    let mut w = Var::param(Tensor::<f64, shape![2]>::from_slice(&[1.5, -0.5]).unwrap());
    (&w * &w).sum().backward();
    Adam::new(0.1).step(&mut w);
    assert!(close(
        &w.value()
            .to_vec()
            .iter()
            .map(|v| (v * 1e6).round() / 1e6)
            .collect::<Vec<_>>(),
        &[1.4, -0.4]
    ));
}

#[test]
fn updating_a_parameter_keeps_a_live_graph_intact() {
    let mut w = Var::param(Tensor::<f64, shape![1]>::full(2.0));
    let y = &w * &w; // keeps w = 2
    w.zero_grad();
    (&w * 1.0).sum().backward();
    Sgd::new(1.0).step(&mut w); // w = 1, a new value: y's graph keeps 2
    assert_eq!(w.value().to_vec(), vec![1.0]);
    w.zero_grad();
    let g = y.sum().backward();
    assert_eq!(g.get(&w).to_vec(), vec![4.0]);
}

// ---------------------------------------------------------------------------
// Checkpoints (the `safetensors` feature).

#[cfg(feature = "safetensors")]
mod checkpoints {
    use shaped::autograd::checkpoint::{
        CheckpointError, from_safetensors, load_safetensors, to_safetensors,
    };
    use shaped::autograd::{DynVar, Parameters, Var};
    use shaped::{Dyn, DynTensor, ShapeError, Tensor, parameters, shape};

    struct Mlp {
        w1: Var<f32, shape![4, 8]>,
        b1: Var<f32, shape![8]>,
        w2: Var<f32, shape![8, 3]>,
        b2: Var<f32, shape![3]>,
    }
    parameters!(Mlp<f32> { w1, b1, w2, b2 });

    fn zeros() -> Mlp {
        Mlp {
            w1: Var::param(Tensor::zeros()),
            b1: Var::param(Tensor::zeros()),
            w2: Var::param(Tensor::zeros()),
            b2: Var::param(Tensor::zeros()),
        }
    }

    /// `(arange(n) - n / 2) / 16`, what tests/data/autograd/make_fixture.py
    /// stores in each tensor.
    fn fixture_values(n: usize) -> Vec<f32> {
        (0..n).map(|k| (k as f32 - n as f32 / 2.0) / 16.0).collect()
    }

    #[test]
    fn a_file_written_by_python_loads() {
        let mut m = zeros();
        load_safetensors(&mut m, "tests/data/autograd/python_written.safetensors").unwrap();
        assert_eq!(m.w1.value().to_vec(), fixture_values(32));
        assert_eq!(m.b1.value().to_vec(), fixture_values(8));
        assert_eq!(m.w2.value().to_vec(), fixture_values(24));
        assert_eq!(m.b2.value().to_vec(), fixture_values(3));
        // Written back here, the bytes are Python's: both sort the names
        // and pad the header alike.
        let python = std::fs::read("tests/data/autograd/python_written.safetensors").unwrap();
        assert_eq!(to_safetensors(&mut m).unwrap(), python);
    }

    #[test]
    fn mismatches_name_the_tensor_and_change_nothing() {
        let bytes = std::fs::read("tests/data/autograd/python_written.safetensors").unwrap();

        struct Transposed {
            w1: Var<f32, shape![8, 4]>,
            b1: Var<f32, shape![8]>,
            w2: Var<f32, shape![8, 3]>,
            b2: Var<f32, shape![3]>,
        }
        parameters!(Transposed<f32> { w1, b1, w2, b2 });
        let mut t = Transposed {
            w1: Var::param(Tensor::full(1.0)),
            b1: Var::param(Tensor::full(1.0)),
            w2: Var::param(Tensor::full(1.0)),
            b2: Var::param(Tensor::full(1.0)),
        };
        let err = from_safetensors(&mut t, &bytes).unwrap_err();
        assert_eq!(
            err.to_string(),
            "tensor 'w1': expected a tensor of shape [8, 4], got shape [4, 8]"
        );
        match err {
            CheckpointError::Shape {
                name,
                error: ShapeError::Mismatch { expected, got },
            } => {
                assert_eq!(
                    (name.as_str(), expected, got),
                    ("w1", vec![8, 4], vec![4, 8])
                );
            }
            other => panic!("{other}"),
        }
        // Nothing loaded, not even the tensors that fit.
        assert_eq!(t.b1.value().to_vec(), vec![1.0; 8]);

        // f64 parameters do not take F32 tensors.
        struct Wide {
            w1: Var<f64, shape![4, 8]>,
        }
        parameters!(Wide<f64> { w1 });
        let mut w = Wide {
            w1: Var::param(Tensor::zeros()),
        };
        let err = from_safetensors(&mut w, &bytes).unwrap_err();
        assert_eq!(err.to_string(), "tensor 'w1': expected dtype F64, got F32");

        // A model with fewer parameters: the file's others are unexpected.
        struct First {
            w1: Var<f32, shape![4, 8]>,
        }
        parameters!(First<f32> { w1 });
        let err = from_safetensors(
            &mut First {
                w1: Var::param(Tensor::zeros()),
            },
            &bytes,
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "the checkpoint has a tensor 'b1' that the model does not"
        );

        // A parameter the file lacks.
        struct Extra {
            w1: Var<f32, shape![4, 8]>,
            w3: Var<f32, shape![2]>,
        }
        parameters!(Extra<f32> { w1, w3 });
        let mut e = Extra {
            w1: Var::param(Tensor::zeros()),
            w3: Var::param(Tensor::zeros()),
        };
        let err = from_safetensors(&mut e, &bytes).unwrap_err();
        assert_eq!(
            err.to_string(),
            "tensor 'w3' is missing from the checkpoint"
        );

        // Not a safetensors file at all.
        assert!(matches!(
            from_safetensors(&mut zeros(), b"not a file"),
            Err(CheckpointError::Format(_))
        ));
        assert!(matches!(
            load_safetensors(&mut zeros(), "no/such/file"),
            Err(CheckpointError::Io(_))
        ));
    }

    #[test]
    fn every_layout_round_trips() {
        struct Layouts {
            fixed: Var<f64, shape![2, 3]>,
            mixed: Var<f64, shape![Dyn, 2]>,
            runtime: DynVar<f64>,
            scalar: Var<f64, shape![]>,
            empty: Var<f64, shape![0, 4]>,
            layers: Vec<Var<f64, shape![2]>>,
        }
        parameters!(Layouts<f64> { fixed, mixed, runtime, scalar, empty, layers });
        let make = |v: f64| Layouts {
            fixed: Var::param(Tensor::full(v)),
            mixed: Var::param(Tensor::full_sized(&[3], v + 1.0)),
            runtime: Var::param(DynTensor::full(&[2, 2, 2], v + 2.0)),
            scalar: Var::param(Tensor::full(v + 3.0)),
            empty: Var::param(Tensor::zeros()),
            layers: vec![
                Var::param(Tensor::full(v + 4.0)),
                Var::param(Tensor::full(v + 5.0)),
            ],
        };
        let mut a = make(10.0);
        let bytes = to_safetensors(&mut a).unwrap();
        let mut b = make(0.0);
        from_safetensors(&mut b, &bytes).unwrap();
        assert_eq!(
            b.names(),
            [
                "fixed", "mixed", "runtime", "scalar", "empty", "layers.0", "layers.1"
            ]
        );
        assert_eq!(b.fixed.value().to_vec(), vec![10.0; 6]);
        assert_eq!(b.mixed.value().to_vec(), vec![11.0; 6]);
        assert_eq!(b.runtime.value().to_vec(), vec![12.0; 8]);
        assert_eq!(b.scalar.value().to_vec(), vec![13.0]);
        assert_eq!(b.layers[1].value().to_vec(), vec![15.0; 2]);
        // A runtime parameter keeps its shape: [2, 2, 2] does not load
        // into [8].
        let mut c = make(0.0);
        c.runtime = Var::param(DynTensor::zeros(&[8]));
        let err = from_safetensors(&mut c, &bytes).unwrap_err();
        assert_eq!(
            err.to_string(),
            "tensor 'runtime': expected a tensor of shape [8], got shape [2, 2, 2]"
        );
    }
}
