//! Optimizers: SGD (momentum, weight decay) and Adam / AdamW, with
//! PyTorch's update rules. Each keeps its state per parameter identity,
//! so one optimizer serves one model for its whole training.

use std::collections::HashMap;

use crate::DynTensor;

use super::Real;
use super::params::Parameters;

/// An update of every parameter from its accumulated gradient.
pub trait Optimizer<T: Real> {
    /// Updates each parameter of `model` that has a gradient.
    fn step<P: Parameters<T> + ?Sized>(&mut self, model: &mut P);
}

/// Stochastic gradient descent, PyTorch's `SGD`: with weight decay `wd`
/// the gradient is `g + wd * p`; with momentum `mu` the step follows
/// `buf = mu * buf + g` (the first `buf` is `g`); then `p -= lr * buf`.
///
/// ```
/// use shaped::autograd::{Optimizer, Parameters, Sgd, Var};
/// use shaped::{shape, Tensor};
/// let mut w = Var::param(Tensor::<f64, shape![2]>::from_slice(&[1.0, -2.0]).unwrap());
/// let mut opt = Sgd::new(0.1).momentum(0.9);
/// for _ in 0..2 {
///     w.zero_grad();
///     (&w * &w).sum().backward(); // gradient 2w
///     opt.step(&mut w);
/// }
/// // step 1: buf = 2w0 = [2, -4], w1 = [0.8, -1.6];
/// // step 2: buf = 0.9 * [2, -4] + [1.6, -3.2] = [3.4, -6.8], w2 = [0.46, -0.92]
/// let v = w.value().to_vec();
/// assert!((v[0] - 0.46).abs() < 1e-12 && (v[1] + 0.92).abs() < 1e-12);
/// ```
pub struct Sgd<T> {
    lr: T,
    momentum: T,
    weight_decay: T,
    buffers: HashMap<u64, DynTensor<T>>,
}

impl<T: Real> Sgd<T> {
    /// Plain SGD with learning rate `lr`.
    pub fn new(lr: T) -> Self {
        Sgd {
            lr,
            momentum: T::zero(),
            weight_decay: T::zero(),
            buffers: HashMap::new(),
        }
    }
    /// With momentum `mu` (PyTorch's `momentum`, no dampening).
    pub fn momentum(mut self, mu: T) -> Self {
        self.momentum = mu;
        self
    }
    /// With L2 weight decay `wd` added to the gradient.
    pub fn weight_decay(mut self, wd: T) -> Self {
        self.weight_decay = wd;
        self
    }
    /// Changes the learning rate (a schedule).
    pub fn set_lr(&mut self, lr: T) {
        self.lr = lr;
    }
}

impl<T: Real> Optimizer<T> for Sgd<T> {
    fn step<P: Parameters<T> + ?Sized>(&mut self, model: &mut P) {
        let (lr, mu, wd) = (self.lr, self.momentum, self.weight_decay);
        let buffers = &mut self.buffers;
        model.visit("", &mut |_, p| {
            let id = p.param_id();
            let (value, grad) = p.value_and_grad();
            let Some(grad) = grad else { return };
            let (v, g) = (value.as_mut_slice(), grad.as_slice());
            if mu == T::zero() {
                for (p, &g) in v.iter_mut().zip(g) {
                    *p = *p - lr * (g + wd * *p);
                }
                return;
            }
            match buffers.get_mut(&id) {
                Some(buf) => {
                    for ((p, b), &g) in v.iter_mut().zip(buf.as_mut_slice()).zip(g) {
                        *b = mu * *b + g + wd * *p;
                        *p = *p - lr * *b;
                    }
                }
                None => {
                    let mut buf = (*grad).clone();
                    for (p, b) in v.iter_mut().zip(buf.as_mut_slice()) {
                        *b = *b + wd * *p;
                        *p = *p - lr * *b;
                    }
                    buffers.insert(id, buf);
                }
            }
        });
    }
}

/// Adam (PyTorch's `Adam`, and `AdamW` with [`decoupled`](Adam::adamw)
/// weight decay): `m = b1 m + (1 - b1) g`, `v = b2 v + (1 - b2) g^2`,
/// `p -= lr * (m / (1 - b1^t)) / (sqrt(v / (1 - b2^t)) + eps)`.
///
/// ```
/// use shaped::autograd::{Adam, Optimizer, Var};
/// use shaped::{shape, Tensor};
/// let mut w = Var::param(Tensor::<f64, shape![1]>::full(1.0));
/// let mut opt = Adam::new(0.1);
/// (&w * 3.0).sum().backward(); // gradient 3
/// opt.step(&mut w);
/// // m̂ = 3, v̂ = 9: the first step is lr * 3 / (3 + 1e-8)
/// assert!((w.value().to_vec()[0] - (1.0 - 0.1 * 3.0 / (3.0 + 1e-8))).abs() < 1e-15);
/// ```
pub struct Adam<T> {
    lr: T,
    betas: (T, T),
    eps: T,
    weight_decay: T,
    decoupled: bool,
    state: HashMap<u64, (u32, DynTensor<T>, DynTensor<T>)>,
}

impl<T: Real> Adam<T> {
    /// Adam with learning rate `lr`, PyTorch's defaults otherwise
    /// (`betas` 0.9 and 0.999, `eps` 1e-8, no weight decay).
    pub fn new(lr: T) -> Self {
        let c = super::unary::c::<T>;
        Adam {
            lr,
            betas: (c(0.9), c(0.999)),
            eps: c(1e-8),
            weight_decay: T::zero(),
            decoupled: false,
            state: HashMap::new(),
        }
    }
    /// AdamW: weight decay `wd` applied to the parameter (`p *= 1 - lr *
    /// wd`) rather than added to the gradient. PyTorch's `AdamW` default
    /// is `wd = 0.01`.
    pub fn adamw(lr: T, wd: T) -> Self {
        let mut a = Adam::new(lr);
        a.weight_decay = wd;
        a.decoupled = true;
        a
    }
    /// The decay rates of the two moments.
    pub fn betas(mut self, b1: T, b2: T) -> Self {
        self.betas = (b1, b2);
        self
    }
    /// The term added to the denominator.
    pub fn eps(mut self, eps: T) -> Self {
        self.eps = eps;
        self
    }
    /// L2 weight decay added to the gradient (Adam's; see
    /// [`adamw`](Adam::adamw) for the decoupled form).
    pub fn weight_decay(mut self, wd: T) -> Self {
        self.weight_decay = wd;
        self
    }
    /// Changes the learning rate (a schedule).
    pub fn set_lr(&mut self, lr: T) {
        self.lr = lr;
    }
}

impl<T: Real> Optimizer<T> for Adam<T> {
    fn step<P: Parameters<T> + ?Sized>(&mut self, model: &mut P) {
        let (lr, (b1, b2), eps, wd, decoupled) = (
            self.lr,
            self.betas,
            self.eps,
            self.weight_decay,
            self.decoupled,
        );
        let state = &mut self.state;
        model.visit("", &mut |_, p| {
            let id = p.param_id();
            let (value, grad) = p.value_and_grad();
            let Some(grad) = grad else { return };
            let (t, m, v) = state.entry(id).or_insert_with(|| {
                (
                    0,
                    DynTensor::zeros(grad.shape()),
                    DynTensor::zeros(grad.shape()),
                )
            });
            *t += 1;
            let bc1 = T::one() - b1.powi(*t as i32);
            let bc2 = T::one() - b2.powi(*t as i32);
            let it = value
                .as_mut_slice()
                .iter_mut()
                .zip(grad.as_slice())
                .zip(m.as_mut_slice().iter_mut().zip(v.as_mut_slice()));
            for ((p, &g), (m, v)) in it {
                let g = if decoupled {
                    *p = *p * (T::one() - lr * wd);
                    g
                } else {
                    g + wd * *p
                };
                *m = b1 * *m + (T::one() - b1) * g;
                *v = b2 * *v + (T::one() - b2) * g * g;
                *p = *p - lr * (*m / bc1) / ((*v / bc2).sqrt() + eps);
            }
        });
    }
}
