//! The HTTP layer: one thin handler per call (extract, call the domain, answer), routed from the
//! core's call table (`lib.rs`).

pub mod accounts;
pub mod auth;
pub mod booking;
pub mod client_address;
pub mod content;
pub mod extract;
pub mod gateways;
pub mod html;
pub mod idempotency;
pub mod kept;
pub mod limits;
pub mod openapi;
pub mod promos;
pub mod reservation;
pub mod retry;
pub mod sandbox;
pub mod search;
pub mod seat_view;
pub mod serve;
pub mod strict_heads;
pub mod ticket_pdf;
pub mod tickets;
pub mod waiting_room;
