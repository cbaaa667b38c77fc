//! The domain layer: the rules of booking, paying and ticketing over the store. Handlers in
//! `http` call these; these call `store` for every statement and the core for every rule.

pub mod access;
pub mod accounts;
pub mod boarding;
pub mod booking;
pub mod changes;
pub mod identity;
pub mod messages;
pub mod network;
pub mod otp;
pub mod payments;
pub mod policies;
pub mod promos;
pub mod search;
pub mod seat_view;
pub mod sessions;
pub mod sms;
pub mod tickets;
pub mod tokens;
pub mod totp;
pub mod trip;
pub mod views;
