//! The fused, numerically stable cross-entropy from logits and class
//! indices (PyTorch's `cross_entropy` with `reduction='mean'`).

use alloc::vec;
use alloc::vec::Vec;

use crate::{DynTensor, Layout, Nil};

use super::Real;
use super::layout::{Runtime, VarLayout};
use super::ops::from_vec;
use super::tape::Var;
use super::unary::c;

impl<T: Real, L: VarLayout> Var<T, L> {
    #[track_caller]
    fn cross_entropy_core<M: VarLayout>(&self, targets: &[usize]) -> Var<T, M> {
        let x = self.value_dyn();
        let shape = x.shape();
        assert!(
            !shape.is_empty(),
            "cross_entropy: expected logits of rank at least 1, got rank 0"
        );
        let classes = shape[shape.len() - 1];
        let rows = x.numel().checked_div(classes).unwrap_or(0);
        assert!(
            targets.len() == rows,
            "Expected input batch_size ({rows}) to match target batch_size ({})",
            targets.len()
        );
        let mut probs: Vec<T> = Vec::with_capacity(x.numel());
        let mut total = T::zero();
        for (row, &t) in x.as_slice().chunks(classes.max(1)).zip(targets) {
            assert!(t < classes, "Target {t} is out of bounds.");
            let max = row.iter().fold(T::neg_infinity(), |m, &v| m.max(v));
            let sum = row.iter().fold(T::zero(), |s, &v| s + (v - max).exp());
            total = total + (sum.ln() + max - row[t]);
            probs.extend(row.iter().map(|&v| (v - max).exp() / sum));
        }
        // The mean over no rows is NaN, as in PyTorch.
        let loss = total / c::<T>(rows as f64);
        let targets = targets.to_vec();
        Var::<T, L>::from_op(
            DynTensor::scalar(loss),
            vec![self.node.clone()],
            move |g, ins, _| {
                let scale = g.as_slice()[0] / c::<T>(targets.len() as f64);
                let mut d: Vec<T> = probs.iter().map(|&p| p * scale).collect();
                for (r, &t) in targets.iter().enumerate() {
                    d[r * classes + t] = d[r * classes + t] - scale;
                }
                vec![Some(from_vec(d, ins[0].value.shape()))]
            },
        )
    }
}

impl<T: Real, S: Layout> Var<T, S> {
    /// The mean over rows of `-log_softmax(logits)[target]`: the classes
    /// along the last axis, one class index per row (every other axis).
    /// Computed stably, with the gradient `softmax - one_hot` in one pass.
    ///
    /// # Panics
    ///
    /// If the number of targets is not the number of rows, or a target is
    /// not a class (PyTorch's messages).
    #[track_caller]
    pub fn cross_entropy(&self, targets: &[usize]) -> Var<T, Nil> {
        self.cross_entropy_core(targets)
    }
}

impl<T: Real> Var<T, Runtime> {
    /// The cross-entropy as for static layouts, rank 0.
    #[track_caller]
    pub fn cross_entropy(&self, targets: &[usize]) -> Var<T, Runtime> {
        self.cross_entropy_core(targets)
    }
}
