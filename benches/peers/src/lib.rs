//! The peer comparison lives in `benches/peers.rs`; this crate has no
//! library of its own.
