//! Compile-fail tests of `shaped::linalg` (`ui-tests/linalg/*.rs`, each with
//! its `.stderr` snapshot): a target of its own, built only with the
//! `linalg` feature, so that the crate-wide `ui` test keeps its default
//! features. Regenerate with `TRYBUILD=overwrite cargo test --features
//! linalg --test linalg_ui`, then read every changed snapshot.
#![cfg(feature = "linalg")]

#[test]
fn linalg_compile_errors() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui-tests/linalg/*.rs");
}
