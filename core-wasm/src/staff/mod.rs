//! The back office's rules (issue 35): who may do what ([`roles`]), what a seat layout must be
//! ([`layout`]), a route ([`route`]) and a promo code ([`promo`]), when a schedule runs ([`schedule`]), what a counter's
//! drawer should hold ([`shift`]) and what it may sell ([`counter`]), and the messages staff are answered with
//! ([`messages`]). Pure, like the rest of the core: the ticket API's staff wing applies them to
//! the store, and the staff site checks a form with the same rules before it is sent.

pub mod board;
pub mod content;
pub mod counter;
pub mod layout;
pub mod messages;
pub mod promo;
pub mod roles;
pub mod route;
pub mod schedule;
pub mod shift;

/// An object's code, chosen by its manager: lower-case letters, digits and '-', 1 to 40.
pub fn code_ok(code: &str) -> bool {
    !code.is_empty()
        && code.len() <= 40
        && code.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}
