//! Compile-fail and compile-pass tests for static shapes.
//!
//! `ui-tests/*.rs` must not compile; their `.stderr` snapshots hold the
//! compiler's messages (regenerate with `TRYBUILD=overwrite cargo test --test
//! ui`, then read every changed snapshot). `ui-tests/pass/*.rs` must compile
//! and run: each asserts the shapes and values it computes.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui-tests/*.rs");
    t.pass("ui-tests/pass/*.rs");
}
