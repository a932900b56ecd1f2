//! Compile-fail tests of `shaped::autograd` (`ui-tests/autograd/*.rs`,
//! each with its `.stderr` snapshot): gradients have their parameters'
//! layouts, and tracked tensors keep the compile-time checks of tensors.
//! A target of its own, built only with the `autograd` feature, so that
//! the crate-wide `ui` test keeps its default features. Regenerate with
//! `TRYBUILD=overwrite cargo test --features autograd --test
//! autograd_ui`, then read every changed snapshot.
#![cfg(feature = "autograd")]

#[test]
fn autograd_compile_errors() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui-tests/autograd/*.rs");
}
