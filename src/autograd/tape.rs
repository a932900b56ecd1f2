//! The define-by-run graph: each tracked result keeps the results it was
//! computed from and how to send a gradient back to them, so the graph is
//! exactly the set of tensors still alive and is freed with them.

use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::vec::Vec;
use core::cell::{Cell, RefCell};
use core::marker::PhantomData;
use std::collections::{HashMap, HashSet};

use crate::DynTensor;

use super::Real;
use super::layout::{TensorValue, VarLayout};

/// How a result sends its gradient back: given the result's gradient,
/// the inputs and the result itself, one gradient per input (`None` for an
/// input that needs none).
pub(crate) type BackwardFn<T> =
    Box<dyn Fn(&DynTensor<T>, &[Rc<Node<T>>], &DynTensor<T>) -> Vec<Option<DynTensor<T>>>>;

pub(crate) struct Step<T> {
    pub(crate) inputs: Vec<Rc<Node<T>>>,
    pub(crate) backward: BackwardFn<T>,
}

/// One tensor of the graph.
pub(crate) struct Node<T> {
    /// Creation order (an input is always older than its result); a
    /// parameter keeps its number across updates, as its identity.
    pub(crate) id: u64,
    pub(crate) value: DynTensor<T>,
    /// How it was computed, for a result that needs a gradient; taken
    /// (and the inputs it keeps released) by the backward pass through it.
    pub(crate) step: RefCell<Option<Step<T>>>,
    /// Whether a backward pass released `step`.
    pub(crate) freed: Cell<bool>,
    /// The gradient accumulated so far, for a parameter (a tracked leaf).
    pub(crate) grad: Option<RefCell<Option<Rc<DynTensor<T>>>>>,
}

std::thread_local! {
    static NEXT_ID: Cell<u64> = const { Cell::new(0) };
    static LIVE: Cell<usize> = const { Cell::new(0) };
    static NO_GRAD: Cell<usize> = const { Cell::new(0) };
}

fn next_id() -> u64 {
    NEXT_ID.with(|n| {
        let id = n.get();
        n.set(id + 1);
        id
    })
}

impl<T> Node<T> {
    fn new(
        id: u64,
        value: DynTensor<T>,
        step: Option<Step<T>>,
        grad: Option<RefCell<Option<Rc<DynTensor<T>>>>>,
    ) -> Rc<Self> {
        LIVE.with(|n| n.set(n.get() + 1));
        Rc::new(Node {
            id,
            value,
            step: RefCell::new(step),
            freed: Cell::new(false),
            grad,
        })
    }
    pub(crate) fn tracked(&self) -> bool {
        self.grad.is_some() || self.freed.get() || self.step.borrow().is_some()
    }
}

impl<T> Drop for Node<T> {
    fn drop(&mut self) {
        LIVE.with(|n| n.set(n.get() - 1));
        // Free a long chain of results iteratively, not by recursion.
        let mut stack: Vec<Rc<Node<T>>> = match self.step.get_mut().take() {
            Some(s) => s.inputs,
            None => return,
        };
        while let Some(rc) = stack.pop() {
            if let Ok(mut node) = Rc::try_unwrap(rc)
                && let Some(s) = node.step.get_mut().take()
            {
                stack.extend(s.inputs);
            }
        }
    }
}

/// The number of graph nodes (tracked or not) alive on this thread: what a
/// training loop's memory grows with if it keeps graphs alive. It returns
/// to the same value after each step of a loop that keeps none.
///
/// ```
/// use shaped::autograd::{live_nodes, Var};
/// use shaped::{shape, Tensor};
/// let w = Var::param(Tensor::<f64, shape![3]>::full(2.0));
/// let before = live_nodes();
/// for _ in 0..10 {
///     let loss = (&w * &w).sum();
///     loss.backward();
/// }
/// assert_eq!(live_nodes(), before);
/// ```
pub fn live_nodes() -> usize {
    LIVE.with(Cell::get)
}

/// Runs `f` without recording: results computed inside need no gradient
/// and keep no graph (PyTorch's `torch.no_grad()`). Nests.
///
/// ```
/// use shaped::autograd::{no_grad, Var};
/// use shaped::{shape, Tensor};
/// let w = Var::param(Tensor::<f32, shape![2]>::ones());
/// let y = no_grad(|| &w * 3.0);
/// assert!(!y.requires_grad());
/// ```
pub fn no_grad<R>(f: impl FnOnce() -> R) -> R {
    struct Guard;
    impl Drop for Guard {
        fn drop(&mut self) {
            NO_GRAD.with(|n| n.set(n.get() - 1));
        }
    }
    NO_GRAD.with(|n| n.set(n.get() + 1));
    let _guard = Guard;
    f()
}

fn recording() -> bool {
    NO_GRAD.with(|n| n.get() == 0)
}

/// A tracked tensor: a value of layout `L` (`shape![64, 32]`,
/// `shape![Dyn, 32]` or [`Runtime`](super::Runtime)) and, when it needs a
/// gradient, the operations it was computed by.
///
/// Parameters are made with [`Var::param`], inputs that need no gradient
/// with [`Var::constant`]; every operation on them returns a `Var` whose
/// layout the compiler works out as it does for tensors.
pub struct Var<T: Real, L: VarLayout> {
    pub(crate) node: Rc<Node<T>>,
    _layout: PhantomData<L>,
}

impl<T: Real, L: VarLayout> Clone for Var<T, L> {
    fn clone(&self) -> Self {
        Var::wrap(self.node.clone())
    }
}

impl<T: Real, L: VarLayout> core::fmt::Debug for Var<T, L> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Var")
            .field("value", &self.node.value)
            .field("requires_grad", &self.requires_grad())
            .finish()
    }
}

impl<T: Real, L: VarLayout> Var<T, L> {
    pub(crate) fn wrap(node: Rc<Node<T>>) -> Self {
        Var {
            node,
            _layout: PhantomData,
        }
    }

    /// A parameter: a leaf whose gradient [`backward`](Var::backward)
    /// computes and accumulates (PyTorch's `requires_grad=True` leaf).
    pub fn param<V: TensorValue<T, Layout = L>>(value: V) -> Self {
        Var::wrap(Node::new(
            next_id(),
            value.into_tape(),
            None,
            Some(RefCell::new(None)),
        ))
    }

    /// A value that needs no gradient (data, targets, masks).
    pub fn constant<V: TensorValue<T, Layout = L>>(value: V) -> Self {
        Var::wrap(Node::new(next_id(), value.into_tape(), None, None))
    }

    /// The value.
    pub fn value(&self) -> L::Value<T> {
        L::from_dyn(self.node.value.clone())
    }

    /// The value as a runtime tensor, borrowed.
    pub fn value_dyn(&self) -> &DynTensor<T> {
        &self.node.value
    }

    /// The sizes, outermost first.
    pub fn shape(&self) -> &[usize] {
        self.node.value.shape()
    }

    /// The single element of a one-element value (a loss).
    ///
    /// # Panics
    ///
    /// If the value does not hold exactly one element.
    #[track_caller]
    pub fn item(&self) -> T {
        let s = self.node.value.as_slice();
        assert!(
            s.len() == 1,
            "a Tensor with {} elements cannot be converted to Scalar",
            s.len()
        );
        s[0]
    }

    /// Whether a gradient flows back through this value.
    pub fn requires_grad(&self) -> bool {
        self.node.tracked()
    }

    /// The same value, cut from the graph (PyTorch's `detach()`).
    pub fn detach(&self) -> Self {
        Var::wrap(Node::new(next_id(), self.node.value.clone(), None, None))
    }

    /// The gradient accumulated into this parameter by the backward
    /// passes since it was last zeroed; `None` if there was none.
    pub fn grad(&self) -> Option<L::Value<T>> {
        let cell = self.node.grad.as_ref()?;
        let g = cell.borrow();
        g.as_ref().map(|g| L::from_dyn((**g).clone()))
    }

    /// Forgets the accumulated gradient (PyTorch's `zero_grad`, which sets
    /// it to `None`).
    pub fn zero_grad(&self) {
        if let Some(cell) = &self.node.grad {
            *cell.borrow_mut() = None;
        }
    }

    /// The parameter's value and gradient for an update in place. A graph
    /// still alive keeps the value it was computed from: the value is then
    /// copied first (PyTorch would refuse the backward pass instead).
    pub(crate) fn parts_mut(&mut self) -> (&mut DynTensor<T>, Option<Rc<DynTensor<T>>>) {
        let grad = self.node.grad.as_ref().and_then(|c| c.borrow().clone());
        if Rc::get_mut(&mut self.node).is_none() {
            let cell = self
                .node
                .grad
                .as_ref()
                .map(|c| RefCell::new(c.borrow().clone()));
            self.node = Node::new(self.node.id, self.node.value.clone(), None, cell);
        }
        let node = Rc::get_mut(&mut self.node).expect("just made unique");
        (&mut node.value, grad)
    }

    /// Replaces the value of a parameter (a checkpoint load, a manual
    /// update), keeping its identity and gradient.
    pub fn set_value<V: TensorValue<T, Layout = L>>(&mut self, value: V) {
        *self.parts_mut().0 = value.into_tape();
    }

    pub(crate) fn id(&self) -> u64 {
        self.node.id
    }

    /// A result computed from `inputs`, recorded with `backward` when an
    /// input needs a gradient and recording is on.
    pub(crate) fn from_op<M: VarLayout>(
        value: DynTensor<T>,
        inputs: Vec<Rc<Node<T>>>,
        backward: impl Fn(&DynTensor<T>, &[Rc<Node<T>>], &DynTensor<T>) -> Vec<Option<DynTensor<T>>>
        + 'static,
    ) -> Var<T, M> {
        let step = if recording() && inputs.iter().any(|n| n.tracked()) {
            Some(Step {
                inputs,
                backward: Box::new(backward),
            })
        } else {
            None
        };
        Var::wrap(Node::new(next_id(), value, step, None))
    }

    /// The gradients of this value's elements' sum with respect to every
    /// parameter it depends on (for a one-element loss, its gradient). Each
    /// parameter's gradient is also added to the one it has accumulated
    /// (see [`grad`](Var::grad)), so that two backward passes before an
    /// update add up, as in PyTorch.
    ///
    /// As in PyTorch, the pass releases the graph it goes through (the
    /// values each result kept for it), so that an optimizer can update
    /// the parameters in place while the loss is still alive; a second
    /// backward pass through the same results panics with PyTorch's
    /// message. [`backward_retain`](Var::backward_retain) keeps the graph.
    pub fn backward(&self) -> Grads<T> {
        let seed = DynTensor::full(self.shape(), T::one());
        backward_from(&self.node, seed, false)
    }

    /// [`backward`](Var::backward), keeping the graph for another pass
    /// (PyTorch's `retain_graph=True`).
    pub fn backward_retain(&self) -> Grads<T> {
        let seed = DynTensor::full(self.shape(), T::one());
        backward_from(&self.node, seed, true)
    }
}

/// The gradients of one backward pass, by parameter.
///
/// ```
/// use shaped::autograd::Var;
/// use shaped::{shape, Tensor};
/// let w = Var::param(Tensor::<f64, shape![2, 3]>::full(2.0));
/// let loss = (&w * &w).sum();
/// let g: Tensor<f64, shape![2, 3]> = loss.backward().get(&w);
/// assert_eq!(g.to_vec(), vec![4.0; 6]);
/// ```
pub struct Grads<T> {
    by_id: HashMap<u64, Rc<DynTensor<T>>>,
}

impl<T> core::fmt::Debug for Grads<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Grads({} parameters)", self.by_id.len())
    }
}

impl<T: Real> Grads<T> {
    /// The gradient of `param`, with its layout; zeros if the loss does
    /// not depend on it.
    pub fn get<L: VarLayout>(&self, param: &Var<T, L>) -> L::Value<T> {
        match self.by_id.get(&param.id()) {
            Some(g) => L::from_dyn((**g).clone()),
            None => L::from_dyn(DynTensor::zeros(param.shape())),
        }
    }
    /// The gradient of `param`, or `None` if the loss does not depend on
    /// it.
    pub fn try_get<L: VarLayout>(&self, param: &Var<T, L>) -> Option<L::Value<T>> {
        self.by_id
            .get(&param.id())
            .map(|g| L::from_dyn((**g).clone()))
    }
    /// The number of parameters with a gradient.
    pub fn len(&self) -> usize {
        self.by_id.len()
    }
    /// Whether no parameter has a gradient.
    pub fn is_empty(&self) -> bool {
        self.by_id.is_empty()
    }
}

fn add_into<T: Real>(map: &mut HashMap<u64, DynTensor<T>>, id: u64, g: DynTensor<T>) {
    match map.get_mut(&id) {
        Some(acc) => super::ops::add_assign(acc, &g),
        None => {
            map.insert(id, g);
        }
    }
}

fn backward_from<T: Real>(root: &Rc<Node<T>>, seed: DynTensor<T>, retain: bool) -> Grads<T> {
    // The results to visit, newest first (a result is newer than its
    // inputs, so this is a topological order), and the parameters reached.
    let mut steps: Vec<Rc<Node<T>>> = Vec::new();
    let mut leaves: Vec<Rc<Node<T>>> = Vec::new();
    let mut seen: HashSet<*const Node<T>> = HashSet::new();
    let mut stack = alloc::vec![root.clone()];
    while let Some(n) = stack.pop() {
        if !seen.insert(Rc::as_ptr(&n)) {
            continue;
        }
        let step = n.step.borrow();
        if let Some(s) = &*step {
            stack.extend(s.inputs.iter().filter(|i| i.tracked()).cloned());
            drop(step);
            steps.push(n);
        } else if n.freed.get() {
            panic!(
                "Trying to backward through the graph a second time (or directly access saved tensors after they have already been freed). Call backward_retain() the first time if you need to."
            );
        } else if n.grad.is_some() {
            drop(step);
            leaves.push(n);
        }
    }
    steps.sort_unstable_by_key(|n| core::cmp::Reverse(n.id));
    let mut pending: HashMap<*const Node<T>, DynTensor<T>> = HashMap::new();
    let mut at_leaf: HashMap<u64, DynTensor<T>> = HashMap::new();
    if !steps.is_empty() {
        pending.insert(Rc::as_ptr(root), seed);
    } else if root.grad.is_some() {
        at_leaf.insert(root.id, seed);
    }
    for n in steps {
        let Some(g) = pending.remove(&Rc::as_ptr(&n)) else {
            continue;
        };
        let outs = {
            let step = n.step.borrow();
            let s = step.as_ref().expect("steps have a step");
            (s.backward)(&g, &s.inputs, &n.value)
        };
        drop(g);
        let step = n.step.borrow();
        let s = step.as_ref().expect("steps have a step");
        for (input, gi) in s.inputs.iter().zip(outs) {
            let Some(gi) = gi else { continue };
            debug_assert_eq!(
                gi.shape(),
                input.value.shape(),
                "gradient of the input's shape"
            );
            if input.grad.is_none() {
                let key = Rc::as_ptr(input);
                match pending.get_mut(&key) {
                    Some(acc) => super::ops::add_assign(acc, &gi),
                    None => {
                        pending.insert(key, gi);
                    }
                }
            } else {
                add_into(&mut at_leaf, input.id, gi);
            }
        }
        drop(step);
        if !retain {
            // Release the inputs this result kept (PyTorch frees the graph
            // as its backward pass goes, unless asked to retain it).
            let released = n.step.borrow_mut().take();
            n.freed.set(true);
            drop(released);
        }
    }
    let mut by_id = HashMap::with_capacity(at_leaf.len());
    for leaf in leaves {
        if let Some(g) = at_leaf.remove(&leaf.id) {
            let g = Rc::new(g);
            let cell = leaf.grad.as_ref().expect("a parameter");
            let mut acc = cell.borrow_mut();
            match acc.as_mut() {
                Some(a) => super::ops::add_assign(Rc::make_mut(a), &g),
                None => *acc = Some(g.clone()),
            }
            by_id.insert(leaf.id, g);
        }
    }
    Grads { by_id }
}
