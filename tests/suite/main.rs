//! The integration tests of the default build, one module per family or
//! technique: one binary, so the library is linked once.

#[path = "../common/counting_alloc.rs"]
mod counting_alloc;
#[path = "../common/huge.rs"]
mod huge;
#[path = "../common/naive.rs"]
mod naive;
#[path = "../common/naive_matmul.rs"]
mod naive_matmul;
#[path = "../common/shapes.rs"]
mod shapes;

mod alloc;
mod dim_macro;
mod display;
mod docs;
mod dynamic;
mod dynamic_properties;
mod einsum;
mod from_fn;
mod fuzz_regressions;
mod huge_empty;
mod integer_reductions;
mod into;
mod kinds;
mod layouts;
mod matmul;
mod matmul_views;
mod mixed;
mod named;
mod negative_steps;
mod no_panic;
mod properties;
mod reduce_properties;
mod repeat_static;
mod seeds;
mod small_properties;
mod static_axes;
mod static_named;
mod static_ranks;
mod static_toolkit;
mod strided_reductions;
mod toolkit;
mod typed_closure;
mod view_elementwise;
mod views;
mod vocab;
mod vocab_bitwise;
mod vocab_creation;
mod vocab_elementwise;
mod vocab_gaps;
mod vocab_manipulation;
mod vocab_matrix;
mod vocab_typed;
mod zip;
