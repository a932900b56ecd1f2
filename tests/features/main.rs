//! The integration tests of the optional features (each module is gated on
//! its feature: `cargo test --all-features --test features` runs them all).

#[path = "../common/counting_alloc.rs"]
mod counting_alloc;

mod autograd;
mod interop_approx;
mod interop_nalgebra;
mod interop_ndarray;
mod interop_serde;
mod linalg;
mod linalg_parallel;
mod linalg_props;
mod linalg_robust;
mod parallel;
mod random;
mod track_caller;
