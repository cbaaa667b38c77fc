//! The domain core of the bus and launch ticketing site.
//!
//! Every business rule of `SPEC.md` lives here as a pure function or a pure state transition
//! `(state, event) -> state`, one module per concern. The React site calls these rules through the
//! wasm bindings in [`wasm`] (behind the `wasm` feature); the ticket API and the static server use
//! the same crate natively, so a rule exists once.

pub mod api;
pub mod boarding;
pub mod cities;
pub mod contract;
pub mod deal;
pub mod digits;
pub mod email;
pub mod errors;
pub mod identity;
pub mod invoice;
pub mod language;
pub mod message;
pub mod names;
pub mod otp;
pub mod passenger;
pub mod phone;
pub mod policy;
pub mod pricing;
pub mod reservation;
pub mod rollout;
pub mod routes;
pub mod seats;
pub mod server_messages;
pub mod service;
pub mod sms;
pub mod staff;
pub mod tickets;
pub mod time;
#[cfg(any(feature = "wasm", test))]
mod tree;
pub mod trips;

#[cfg(feature = "wasm")]
pub mod wasm;
