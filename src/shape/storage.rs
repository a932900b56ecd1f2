//! Where a static tensor keeps its elements.
//!
//! Small tensors live inline as nested arrays (no allocation, `Copy`); large
//! ones in a boxed slice, so that `Tensor<f32, shape![4096, 1024]>` never
//! touches the stack. [`Layout::Data`](crate::Layout::Data) picks one by a
//! type-level count, [`Shape::Budget`]: each dimension spends
//! `ceil(log2(size))` of ten
//! doublings, and a shape that overspends ([`Over`]) goes to the heap. So a
//! shape is inline when the product of its sizes rounded up to powers of two
//! is at most 1024 (every shape of up to 256 elements qualifies). The limit
//! keeps debug builds, which copy values freely, well inside a thread's
//! stack.
//!
//! The count is unary ([`Succ`]`<..`[`Z`]`>`) rather than typenum's
//! binary numbers, and a dimension spends its cost in one step: its
//! [`Cost`] names the budget less that many doublings, one of a generated
//! table's ([`Budget`], `budget_table.rs`). typenum's sum and comparison
//! cost most of the type checking of a shape, and spending one doubling at
//! a time a tenth of `cargo check` of many.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::marker::PhantomData;
use core::mem::MaybeUninit;

use crate::element::Element;
use crate::shape::Shape;
use crate::shape::axes::{Succ, Z};

/// Contiguous, row-major elements of a tensor, whatever its storage.
pub trait Elements<T>: Clone {
    /// The elements, row-major.
    fn as_slice(&self) -> &[T];
    /// The elements, row-major, mutably.
    fn as_mut_slice(&mut self) -> &mut [T];
    /// The elements as a `Vec` (without copying, for heap storage).
    fn into_vec(self) -> Vec<T>;
}

/// Heap storage (see its [`Buffer`] impl).
impl<T: Copy> Elements<T> for Box<[T]> {
    #[inline(always)]
    fn as_slice(&self) -> &[T] {
        self
    }
    #[inline(always)]
    fn as_mut_slice(&mut self) -> &mut [T] {
        self
    }
    fn into_vec(self) -> Vec<T> {
        Vec::from(self)
    }
}

/// Contiguous, row-major element storage, built knowing its element count.
///
/// Each method is told the element count, `numel`: inline storage knows it
/// from its type; a boxed slice, the storage of runtime-sized layouts and of
/// large static shapes alike, does not. Were the heap storage of a static
/// shape a type of its own per shape, its functions would be compiled once
/// per shape: in a debug build of 500 operations, about 600 more.
pub trait Buffer<T>: Elements<T> {
    /// Builds the buffer of `numel` elements, calling `f` for each element
    /// in row-major order.
    fn from_fn(f: impl FnMut() -> T, numel: usize) -> Self;
    /// Builds the buffer of `numel` elements, every one equal to `value`.
    fn filled(value: T, numel: usize) -> Self;
    /// [`filled`](Buffer::filled), for a buffer that the caller overwrites
    /// whole before reading it (an operation's result): inline storage
    /// writes it in the caller's own code, at any size, so that an
    /// optimised build folds the fill into the writes that follow.
    fn filled_for_overwrite(value: T, numel: usize) -> Self {
        Self::filled(value, numel)
    }
    /// The buffer holding `v`'s elements (without copying, for heap
    /// storage); `v` must have exactly `numel` elements.
    fn from_vec(v: Vec<T>, numel: usize) -> Self;
}

/// Heap storage: runtime-sized layouts, and static shapes too large to be
/// inline.
impl<T: Copy> Buffer<T> for Box<[T]> {
    fn from_fn(mut f: impl FnMut() -> T, numel: usize) -> Self {
        (0..numel).map(|_| f()).collect()
    }
    /// Never inlined: one function per element type. Inlined, an
    /// optimised build pasted a fill loop, vectorised for its constant
    /// length, into every `ones()` and `full()` of every large static shape
    /// (6% of a release build of 250 operations on large shapes); beside
    /// the allocation the call costs nothing.
    #[inline(never)]
    fn filled(value: T, numel: usize) -> Self {
        // `vec![0; n]` asks the allocator for zeroed memory: no write pass.
        alloc::vec![value; numel].into_boxed_slice()
    }
    fn from_vec(v: Vec<T>, numel: usize) -> Self {
        if v.len() != numel {
            wrong_length(v.len(), numel);
        }
        v.into_boxed_slice()
    }
}

/// Inline storage: the nested arrays themselves.
pub struct Inline<T: Copy, S: Shape>(S::Array<T>, PhantomData<S>);

impl<T: Copy, S: Shape> Clone for Inline<T, S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: Copy, S: Shape> Copy for Inline<T, S> {}

impl<T: Copy, S: Shape> Inline<T, S> {
    /// The element count, checked once per element type and shape at
    /// compile time: the nested arrays are exactly that many elements, with
    /// `T`'s alignment (what the flat views below rely on, see their
    /// `SAFETY` comments). The saturating count is [`Shape::NUMEL`] here (an
    /// inline shape has at most 1024 elements) and is the one every
    /// operation's plan has already worked out for the shape; one constant
    /// rather than a check and a count, each a separate evaluation.
    const LEN: usize = {
        assert!(
            size_of::<S::Array<T>>() == S::SATURATING_NUMEL * size_of::<T>()
                && align_of::<S::Array<T>>() == align_of::<T>(),
            "the storage of a static shape is its elements, row-major"
        );
        S::SATURATING_NUMEL
    };
}

// The flat views are one function per element type and shape: they look at
// the nested arrays as the `LEN` elements they are, where a recursion
// through the dimensions (`as_flattened` per dimension) compiled a
// function per dimension of every shape, about five per operation.
impl<T: Copy, S: Shape> Elements<T> for Inline<T, S> {
    #[inline(always)]
    fn as_slice(&self) -> &[T] {
        // SAFETY: `S::Array<T>` is `[[..[T; dN]..]; d0]` (`Nil`'s is `T`,
        // `Cons<H, _>`'s `H`'s array of the tail's), and an array is its
        // elements laid out contiguously with no padding, so the nested
        // arrays are `LEN` initialised `T`s in row-major order; `LEN`
        // checks the size and alignment at compile time. The slice borrows
        // `self`, so it lives no longer than the storage.
        unsafe { core::slice::from_raw_parts(&raw const self.0 as *const T, Self::LEN) }
    }
    #[inline(always)]
    fn as_mut_slice(&mut self) -> &mut [T] {
        // SAFETY: as in `as_slice`; the slice borrows `self` mutably, so it
        // is the only access to the elements while it lives.
        unsafe { core::slice::from_raw_parts_mut(&raw mut self.0 as *mut T, Self::LEN) }
    }
    fn into_vec(self) -> Vec<T> {
        self.as_slice().to_vec()
    }
}

impl<T: Copy + Default, S: Shape> Buffer<T> for Inline<T, S> {
    #[inline(always)]
    fn from_fn(mut f: impl FnMut() -> T, numel: usize) -> Self {
        // Fill, then overwrite in place: no nested temporaries on the stack.
        let mut buf = Self::filled(T::default(), numel);
        for x in buf.as_mut_slice() {
            *x = f();
        }
        buf
    }
    /// Written element by element through the flat view, in place (no
    /// nested temporaries in debug builds). In an optimised build, a shape
    /// of at most 128 elements (`INLINE_FILL`) is filled by a loop of its
    /// own, which the caller inlines and folds; a larger one calls `fill`,
    /// one function per element type for every shape. `#[inline]`, not
    /// `always`: a debug build compiles this once per shape, not once into
    /// every operation whose result has the shape.
    #[inline]
    fn filled(value: T, _numel: usize) -> Self {
        let mut a = Uninit::<S::Array<T>> { none: () };
        // SAFETY: the nested arrays are `LEN` contiguous `T`s (see
        // `as_slice`) at the start of the union, so the view is in bounds
        // and aligned; `MaybeUninit<T>` has `T`'s layout and may hold
        // anything, so viewing elements not yet written is sound; the view
        // is the only access to `a` until its last use, before `a.array` is
        // read below. Here rather than in a helper of `Inline`, which a
        // debug build compiled once per shape.
        let slots = unsafe {
            core::slice::from_raw_parts_mut(&raw mut a as *mut MaybeUninit<T>, Self::LEN)
        };
        if FILL_IN_CALLER && Self::LEN <= INLINE_FILL {
            for x in slots {
                x.write(value);
            }
        } else {
            fill(slots, value);
        }
        // SAFETY: every one of the `LEN` elements, which are all of the
        // nested arrays' bytes (no padding), was written above.
        Inline(unsafe { a.array }, PhantomData)
    }
    #[inline]
    fn filled_for_overwrite(value: T, _numel: usize) -> Self {
        let mut a = Uninit::<S::Array<T>> { none: () };
        // SAFETY: as in `filled`.
        let slots = unsafe {
            core::slice::from_raw_parts_mut(&raw mut a as *mut MaybeUninit<T>, Self::LEN)
        };
        for x in slots {
            x.write(value);
        }
        // SAFETY: as in `filled`.
        Inline(unsafe { a.array }, PhantomData)
    }
    fn from_vec(v: Vec<T>, numel: usize) -> Self {
        let mut buf = Self::filled(T::default(), numel);
        buf.as_mut_slice().copy_from_slice(&v);
        buf
    }
}

/// The most elements [`Buffer::filled`] writes by a loop in the caller's
/// code ([`FILL_IN_CALLER`]); larger inline shapes call [`fill`]. At least
/// the unrolled kernel's limit (`kernel::SMALL`, which checks this), so
/// that an unrolled operation's result is filled where it is computed and
/// the fill folded away.
pub(crate) const INLINE_FILL: usize = 128;

/// Whether small shapes are filled in the caller's code: not in a debug
/// build, which folds nothing, so that every shape calls [`fill`] there.
const FILL_IN_CALLER: bool = !cfg!(all(debug_assertions, not(test)));

/// `value` in every element of `s`: one function per element type, not
/// per shape. Never inlined: filling a few hundred elements costs far more
/// than the call, and a fill loop pasted into every operation of a large
/// function was a large part of what an optimised build spent on it.
#[inline(never)]
fn fill<T: Copy>(s: &mut [MaybeUninit<T>], value: T) {
    for x in s {
        x.write(value);
    }
}

/// Nested arrays not yet written: a union rather than `MaybeUninit`, whose
/// methods would be compiled once per shape.
#[repr(C)]
union Uninit<A: Copy> {
    none: (),
    array: A,
}

/// The panic of a buffer built from the wrong number of elements (a bug in
/// the crate): one function, not a formatting of the message per shape.
#[cold]
#[inline(never)]
#[track_caller]
fn wrong_length(len: usize, numel: usize) -> ! {
    panic!("a buffer of {numel} elements built from {len}")
}

/// A budget overspent: the shape has more than 1024 elements (or may have).
pub struct Over;

/// Ten doublings: the budget of an empty shape, 1024 elements.
pub type InlineBudget = Succ<Succ<Succ<Succ<Succ<Succ<Succ<Succ<Succ<Succ<Z>>>>>>>>>>;

/// What is left of a shape's inline budget: a count ([`Z`], [`Succ`]) or
/// [`Over`]; it picks the storage. The impls are a table (`budget_table.rs`).
pub trait Budget {
    /// Whether the storage is inline.
    const INLINE: bool;
    /// The storage for elements `T` of shape `Sh`.
    type Storage<T: Element, Sh: Shape>: Buffer<T>;
    // This budget less 1 to 10 doublings, [`Over`] once that is more than is
    // left: looked up in the table, so that a dimension spends its cost in
    // two steps. Spent one doubling at a time (two projections each), the
    // budgets were a tenth of `cargo check` of 500 operations.
    /// Less one doubling.
    type Less1: Budget;
    /// Less two doublings.
    type Less2: Budget;
    /// Less three doublings.
    type Less3: Budget;
    /// Less four doublings.
    type Less4: Budget;
    /// Less five doublings.
    type Less5: Budget;
    /// Less six doublings.
    type Less6: Budget;
    /// Less seven doublings.
    type Less7: Budget;
    /// Less eight doublings.
    type Less8: Budget;
    /// Less nine doublings.
    type Less9: Budget;
    /// Less ten doublings.
    type Less10: Budget;
}

/// What a dimension takes from a shape's budget: `ceil(log2(size))`
/// doublings, all of it ([`Over`]) for a size above 1024. Implemented by
/// every dimension; `D<N>`'s is a table of one impl per size
/// (`log2_table.rs`), so that a shape's budget costs one impl per
/// dimension and one per step of the count ([`Budget::Less1`] to
/// [`Budget::Less10`]).
///
/// A table rather than arithmetic: deriving the count from `N` took
/// typenum's binary number for `N` (itself an impl per value) and a
/// type-level subtraction and bit count on it, and that was a third of the
/// type checking of a program with hundreds of static shapes.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a dimension: `D<N>` is for sizes 0 and 2 to 1024",
    label = "not a dimension",
    note = "write sizes with `shape![..]` or `dim!(..)`, which pick `D1`, `D<N>` or `Big<N>`"
)]
pub trait Cost {
    /// The budget `B` less `Self`.
    type TakeFrom<B: Budget>: Budget;
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use std::fmt::Write;
    use std::string::{String, ToString};

    /// `Succ<..Z..>` with `k` `Succ`s, as the table spells it.
    fn count(k: usize) -> String {
        "S<".repeat(k) + "Z" + &">".repeat(k)
    }

    /// The committed table, regenerated (`SHAPED_BLESS=1 cargo test --lib budget_table`).
    #[test]
    fn budget_table_is_up_to_date() {
        let mut want = String::from(
            "// @generated by `budget_table_is_up_to_date` in src/shape/storage.rs: do not edit.\n\
             // Regenerate with `SHAPED_BLESS=1 cargo test --lib budget_table`.\n\n\
             use alloc::boxed::Box;\n\n\
             use super::Shape;\n\
             use super::axes::{Succ as S, Z};\n\
             use super::storage::{Budget, Inline, Over};\n\
             use crate::element::Element;\n\n",
        );
        // Budgets of 0 to 10 doublings, then `Over`.
        for left in (0..=10).map(Some).chain([None]) {
            let (name, inline, storage) = match left {
                Some(k) => (count(k), true, "Inline<T, Sh>"),
                None => ("Over".to_string(), false, "Box<[T]>"),
            };
            write!(
                want,
                "impl Budget for {name} {{ const INLINE: bool = {inline}; \
                 type Storage<T: Element, Sh: Shape> = {storage};"
            )
            .unwrap();
            for spent in 1..=10 {
                let rest = match left {
                    Some(k) if k >= spent => count(k - spent),
                    _ => "Over".to_string(),
                };
                write!(want, " type Less{spent} = {rest};").unwrap();
            }
            want.push_str(" }\n");
        }
        crate::shape::check_generated("src/shape/budget_table.rs", &want, "budget_table");
    }
}
