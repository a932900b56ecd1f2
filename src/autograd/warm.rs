//! The tape's work for `f32`, compiled once here in debug builds.
//!
//! The operations' bodies are generic over the element type; a program
//! using them compiled its own copy of the runtime kernels they call
//! (`examples/train_mlp.rs`: 1,080 functions of the small-operation
//! kernel alone). A debug build shares the generic functions a
//! dependency has already compiled, so running every operation once
//! here, on runtime tensors of `f32` (the element type training uses),
//! leaves user crates only the layout-specific wrappers to compile. A
//! release build shares nothing, so this is compiled in debug builds
//! only.

use alloc::vec::Vec;

use crate::DynTensor;

use super::{Adam, DynVar, Optimizer, Real, Sgd, Var, no_grad};

fn every_op<T: Real>() {
    let t = || DynTensor::<T>::zeros(&[1, 1]);
    let mut a: DynVar<T> = Var::param(t());
    let b: DynVar<T> = Var::param(t());
    let one = T::one();
    let mut parts: Vec<DynVar<T>> = Vec::new();
    parts.extend([
        &a + &b,
        &a - &b,
        &a * &b,
        &a / &b,
        &a + one,
        &a - one,
        &a * one,
        &a / one,
        -&a,
    ]);
    parts.extend([
        a.exp(),
        a.ln(),
        a.sqrt(),
        a.tanh(),
        a.sigmoid(),
        a.relu(),
        a.gelu(),
    ]);
    parts.extend([
        a.silu(),
        a.softplus(),
        a.abs(),
        a.square(),
        a.powf(one),
        a.clamp(one, one),
    ]);
    parts.extend([a.maximum(&b), a.minimum(&b), a.pow(&b), a.matmul(&b), a.t()]);
    parts.extend([a.sum(), a.mean()]);
    for (k, r) in [
        a.sum_dims(&[0], true),
        a.mean_dims(&[0], true),
        a.var_dims(&[0], true),
        a.std_dims(&[0], true),
        a.max_dims(&[0], true),
        a.min_dims(&[0], true),
        a.logsumexp_dims(&[0], true),
        a.softmax(1),
        a.log_softmax(1),
        a.reshape(&[1]),
        a.permute(&[1, 0]),
        a.transpose(0, 1),
        a.index_select(0, &[0]),
        a.narrow(0, 0, 1),
        DynVar::cat(&[&a, &b], 0),
        DynVar::stack(&[&a, &b], 0),
        DynVar::einsum("ij,jk->ik", &[&a, &b]),
    ]
    .into_iter()
    .enumerate()
    {
        if let Ok(v) = r {
            parts.push(if k % 2 == 0 { v } else { v.detach() });
        }
    }
    let loss = parts
        .iter()
        .fold(a.cross_entropy(&[0]), |acc, p| acc + p.sum());
    loss.backward();
    Sgd::new(one).momentum(one).step(&mut a);
    Adam::new(one).step(&mut a);
    no_grad(|| a.exp());
}

/// Compiles [`every_op`] for `f32` (see the module's comment); never
/// called.
#[doc(hidden)]
pub fn __compile_for_f32() {
    every_op::<f32>();
}
