//! The HTTP layer: one thin handler per call (extract, call the domain, answer), routed from the
//! core's call table (`lib.rs`).

pub mod booking;
pub mod promos;
