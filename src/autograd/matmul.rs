//! The matrix product (torch.matmul's rules: vectors, matrices, batches
//! that broadcast), with the gradient of each operand folded back over
//! the batch axes it was broadcast along.

use alloc::borrow::Cow;
use alloc::vec;
use alloc::vec::Vec;

use crate::DynTensor;

use super::Real;
use super::layout::{MatMulVar, VarLayout, fold, reshaped};
use super::ops::or_panic;
use super::tape::Var;

impl<T: Real, A: VarLayout> Var<T, A> {
    /// The matrix product `self @ rhs` (PyTorch's `matmul`): the layout
    /// is the one `Tensor::matmul` gives, checked by the compiler for
    /// static sizes.
    #[track_caller]
    pub fn matmul<B: VarLayout>(&self, rhs: &Var<T, B>) -> Var<T, A::Out>
    where
        A: MatMulVar<B>,
    {
        let value = or_panic(self.value_dyn().try_matmul(rhs.value_dyn()));
        Var::<T, A>::from_op(
            value,
            vec![self.node.clone(), rhs.node.clone()],
            |g, ins, _| {
                let (a, b) = (&ins[0].value, &ins[1].value);
                // Vectors as matrices: [k] @ .. as [1, k], .. @ [k] as [k, 1].
                let a2 = as_matrix(a, true);
                let b2 = as_matrix(b, false);
                let (n, m) = (a2[a2.len() - 2], b2[b2.len() - 1]);
                let mut out2: Vec<usize> = batch(&a2, &b2);
                out2.extend([n, m]);
                let g2 = as_shape(g, &out2);
                let ga = ins[0].tracked().then(|| {
                    let bv = as_shape(b, &b2);
                    let gab = g2.view().matmul(&bv.view().transpose(-1i64, -2i64));
                    reshaped(fold(gab, &a2, None), a.shape())
                });
                let gb = ins[1].tracked().then(|| {
                    let av = as_shape(a, &a2);
                    let gbb = av.view().transpose(-1i64, -2i64).matmul(&g2.view());
                    reshaped(fold(gbb, &b2, None), b.shape())
                });
                vec![ga, gb]
            },
        )
    }
}

fn as_matrix<T: Real>(t: &DynTensor<T>, left: bool) -> Vec<usize> {
    match (t.shape(), left) {
        (&[k], true) => vec![1, k],
        (&[k], false) => vec![k, 1],
        (s, _) => s.to_vec(),
    }
}

/// The broadcast batch sizes of two (at least 2-D) operands.
fn batch(a: &[usize], b: &[usize]) -> Vec<usize> {
    let (ba, bb) = (&a[..a.len() - 2], &b[..b.len() - 2]);
    let r = ba.len().max(bb.len());
    (0..r)
        .map(|i| {
            let x = if i + ba.len() >= r {
                ba[i + ba.len() - r]
            } else {
                1
            };
            let y = if i + bb.len() >= r {
                bb[i + bb.len() - r]
            } else {
                1
            };
            if x == 1 { y } else { x }
        })
        .collect()
}

/// `t` with sizes `to` (a vector as a matrix): a copy only when they
/// differ.
fn as_shape<'a, T: Real>(t: &'a DynTensor<T>, to: &[usize]) -> Cow<'a, DynTensor<T>> {
    if t.shape() == to {
        Cow::Borrowed(t)
    } else {
        Cow::Owned(reshaped(t.clone(), to))
    }
}
