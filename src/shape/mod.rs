//! Shapes: what a shape is, at the type level and at run time. Nothing here
//! holds elements; every layer above builds on these definitions.
//!
//! - [`dim`] — one dimension of a static shape is a type (`D<3>`, `D1`,
//!   `Big<4096>`, `Dyn`); `log2_table` (generated) is each size's storage
//!   cost, `size_names` (generated) the name `shape!` writes for `D<N>`.
//! - [`list`] — a static shape is a type-level list of dimensions,
//!   `shape![4, 3]`; [`Shape`] and [`Layout`] are what it knows.
//! - [`mixed`] — layouts with runtime-sized dimensions, `shape![Dyn, 3]`.
//! - [`storage`] — where a tensor of a given layout keeps its elements
//!   (inline nested arrays or the heap); the layout names it, so it lives
//!   with the layouts.
//! - [`names`] — dimension names at the type level (`shape![10, H: 256]`),
//!   the by-name rule as list functions, and the same rule on runtime shapes
//!   ([`names::runtime`]).
//! - [`broadcast`] — the broadcasting rule, as trait impls for static shapes
//!   and as one small function for runtime shapes; `broadcast_table`
//!   (generated) is the rule, and the in-place check, for two static
//!   shapes of rank at most 8, one impl per pair of ranks.
//! - [`axes`] — axes at the type level (`Axis<K>`) and the shapes the static
//!   toolkit computes with them; [`axis`]: runtime axis arguments (negative
//!   ones count from the right) and their checks.
//! - [`toolkit`] — the public bounds generic code names for the toolkit
//!   on static and mixed layouts (`S: ReduceAxes<X>` giving
//!   `KeepDims<S, X>`, `S: Unsqueeze<K>`, ...).
//! - [`all_dyn`] — the layout of `repeat` and `flatten` on static and
//!   mixed tensors: the rank kept or known, the sizes at run time.
//! - [`diagonal`] and [`rank_bounds`] — the layouts and rank checks of
//!   the matrix helpers (`diagonal()`, `eye`, `tril`, `triu`, `trace`).
//! - [`flatten`], [`unflatten`], [`movedim`], [`kron`], [`repeat`] and
//!   [`grid`] — the layouts of `flatten()`, `unflatten`, `movedim`,
//!   `kron`, `repeat_static`, `outer` and `meshgrid`; [`product`]
//!   multiplies sizes for the first, `kron` and `repeat_static`.
//! - [`index`] — how many indices an element of a layout takes (`t[[i, j]]`).
//! - [`narrow`] — the layouts of narrowed views of static and mixed
//!   layouts (a compile-time range gives a static size, a runtime one `Dyn`).
//! - [`diagnostic`] — how a failed broadcast becomes a readable compile
//!   error, with the generated message table.
//!
//! Uses only [`error`](crate::error) and [`element`](crate::element).

/// Implements a public bound (`Unsqueeze<K>`, `MatMulWith<R>`, ...) once per
/// kind of layout (`Nil`, `Cons`, `Mixed`), each by the internal trait that
/// holds the rule. For a generic `S` rustc can then pick no impl, so a
/// missing bound in generic code is reported as the public bound itself;
/// for a concrete layout it follows the one impl that applies down to the
/// check that fails, as before (or stops at the public bound, where the
/// impls carry `#[diagnostic::do_not_recommend]`).
macro_rules! per_layout_kind {
    ($(#[$attr:meta])* impl[$($gen:tt)*] $tr:path as $rule:path {
        $(type $t:ident;)* $(const $c:ident: $ct:ty;)*
    }) => {
        $(#[$attr])*
        impl<$($gen)*> $tr for $crate::shape::Nil
        where
            $crate::shape::Nil: $crate::shape::Layout + $rule,
        {
            $(type $t = <$crate::shape::Nil as $rule>::$t;)*
            $(const $c: $ct = <$crate::shape::Nil as $rule>::$c;)*
        }
        $(#[$attr])*
        impl<Head, Tail, $($gen)*> $tr for $crate::shape::Cons<Head, Tail>
        where
            $crate::shape::Cons<Head, Tail>: $crate::shape::Layout + $rule,
        {
            $(type $t = <$crate::shape::Cons<Head, Tail> as $rule>::$t;)*
            $(const $c: $ct = <$crate::shape::Cons<Head, Tail> as $rule>::$c;)*
        }
        $(#[$attr])*
        impl<List, $($gen)*> $tr for $crate::shape::mixed::Mixed<List>
        where
            $crate::shape::mixed::Mixed<List>: $crate::shape::Layout + $rule,
        {
            $(type $t = <$crate::shape::mixed::Mixed<List> as $rule>::$t;)*
            $(const $c: $ct = <$crate::shape::mixed::Mixed<List> as $rule>::$c;)*
        }
    };
}
pub(crate) use per_layout_kind;

pub mod all_dyn;
pub mod append;
pub mod axes;
#[rustfmt::skip] // generated: see `storage.rs`
mod budget_table;
pub mod axis;
pub mod broadcast;
pub mod concat;
#[rustfmt::skip] // generated: see `broadcast_table_is_up_to_date` in broadcast.rs
mod broadcast_table;
pub mod diagnostic;
pub mod diagonal;
pub mod dim;
pub mod flatten;
pub mod grid;
pub mod index;
pub mod kron;
pub mod layout_axis;
#[cfg(feature = "linalg")]
pub mod linalg;
pub mod list;
#[rustfmt::skip] // generated: see `dim.rs`
mod log2_table;
pub mod matmul;
pub mod mixed;
pub mod movedim;
pub mod names;
pub mod narrow;
pub mod past_end;
pub mod product;
pub mod rank_bounds;
pub mod repeat;
pub mod reshape;
#[doc(hidden)]
#[rustfmt::skip] // generated: see `size_names_is_up_to_date` in dim.rs
pub mod size_names;
pub mod stack;
pub mod storage;
pub mod toolkit;
pub mod unflatten;

/// The check behind the committed generated files (`diagnostic/table.rs`,
/// `log2_table.rs`): `want` is what the generator writes now.
#[cfg(all(test, feature = "std"))]
pub(crate) fn check_generated(file: &str, want: &str, test: &str) {
    let path = std::format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("SHAPED_BLESS").is_some() {
        std::fs::write(&path, want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "{file} is stale: run `SHAPED_BLESS=1 cargo test --lib {test}`"
    );
}

pub use list::*;
