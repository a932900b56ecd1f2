//! The opt-in warning for broadcasts that old PyTorch treated differently
//! (the [rules chapter](crate::guide::rules), section 4).
//!
//! Before broadcasting, PyTorch treated two tensors with the same number of
//! elements as 1-D, so `ones(4, 1) + ones(4)` had shape `[4, 1]`; now it has
//! shape `[4, 4]`. Code ported from that era can silently change meaning. When
//! a hook is set, every runtime broadcast whose operands have different
//! shapes but the same number of elements, and whose result is larger than
//! either, is reported to it, for static and runtime tensors alike. Off by
//! default; needs the `std` feature. For static shapes whether an operation
//! qualifies is decided at compile time, so the check costs nothing elsewhere.
//!
//! ```
//! use shaped::{legacy, DynTensor};
//! use std::sync::atomic::{AtomicUsize, Ordering};
//! static SEEN: AtomicUsize = AtomicUsize::new(0);
//! legacy::set_hook(Some(|w: &legacy::LegacyBroadcast<'_>| {
//!     assert_eq!((w.a, w.b, w.result), (&[4, 1][..], &[4][..], &[4, 4][..]));
//!     SEEN.fetch_add(1, Ordering::Relaxed);
//! }));
//! let _ = DynTensor::<f32>::ones(&[4, 1]) + DynTensor::<f32>::ones(&[4]);
//! legacy::set_hook(None);
//! assert_eq!(SEEN.load(Ordering::Relaxed), 1);
//! ```

use crate::shape::list::Dims;
use core::fmt;
use core::sync::atomic::{AtomicBool, Ordering};
use std::sync::RwLock;

/// A broadcast that old PyTorch would have computed pointwise on 1-D views.
#[derive(Debug, Clone, Copy)]
pub struct LegacyBroadcast<'a> {
    /// The left operand's shape.
    pub a: &'a [usize],
    /// The right operand's shape.
    pub b: &'a [usize],
    /// The broadcast result's shape.
    pub result: &'a [usize],
}

impl fmt::Display for LegacyBroadcast<'_> {
    /// PyTorch's `UserWarning` text, then the shapes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "self and other do not have the same shape, but are broadcastable, and have the same number of elements. \
             Changing behavior in a backwards incompatible manner to broadcasting rather than viewing as 1-dimensional. \
             ({:?} with {:?} gives {:?})",
            self.a, self.b, self.result
        )
    }
}

/// The hook's type.
pub type Hook = fn(&LegacyBroadcast<'_>);

static ENABLED: AtomicBool = AtomicBool::new(false);
static HOOK: RwLock<Option<Hook>> = RwLock::new(None);

/// Sets (or with `None`, removes) the hook that receives legacy broadcasts.
pub fn set_hook(hook: Option<Hook>) {
    *HOOK.write().unwrap_or_else(|e| e.into_inner()) = hook;
    ENABLED.store(hook.is_some(), Ordering::Release);
}

/// Reports `a` op `b` -> `result` to the hook if it is a legacy broadcast.
#[inline(always)]
pub(crate) fn check(a: &[usize], b: &[usize], result: &[usize]) {
    // A single atomic load, inlined, when no hook is set.
    if ENABLED.load(Ordering::Acquire) {
        check_hooked(a, b, result);
    }
}

/// The rest of [`check`], out of line.
#[cold]
#[inline(never)]
fn check_hooked(a: &[usize], b: &[usize], result: &[usize]) {
    if a == b {
        return;
    }
    let numel = crate::error::numel;
    if let (Some(na), Some(nb), Some(nr)) = (numel(a), numel(b), numel(result))
        && na == nb
        && nr > na
    {
        let hook = *HOOK.read().unwrap_or_else(|e| e.into_inner());
        if let Some(hook) = hook {
            hook(&LegacyBroadcast { a, b, result });
        }
    }
}

/// Whether broadcasting shapes `a` and `b` to `result` is a legacy broadcast,
/// given the three element counts (saturating at `usize::MAX`, which a `Dyn`
/// size makes them, so a layout with one never qualifies). Evaluated at
/// compile time for static shapes, with each count a layout's constant.
pub(crate) const fn is_legacy(a: &Dims, b: &Dims, na: usize, nb: usize, nr: usize) -> bool {
    na == nb && nr > na && !a.same(b)
}

/// [`check`] for a static operation `S op R -> O`: whether it qualifies is a
/// compile-time constant, so operations that cannot pay nothing.
#[inline(always)]
pub(crate) fn check_static<S: crate::Layout, R: crate::Layout, O: crate::Layout>() {
    if const {
        is_legacy(
            &S::TEMPLATE,
            &R::TEMPLATE,
            S::TEMPLATE_NUMEL,
            R::TEMPLATE_NUMEL,
            O::TEMPLATE_NUMEL,
        )
    } {
        check(&S::TEMPLATE, &R::TEMPLATE, &O::TEMPLATE);
    }
}
