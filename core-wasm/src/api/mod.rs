//! The ticket-API client (DESIGN §3): bearer token from `POST /oauth/access_token` kept in a
//! cookie; one re-authentication and retry on a 401; retries with backoff after network errors
//! and 5xx, only for calls that are safe to repeat (GETs and POSTs with an `Idempotency-Key`).
//! A login (issue 13) is kept beside the visitor: its token in the same cookie, its user named in
//! the calls that name one; a refused login ends with `auth.sessionEnded`, never silently as a
//! visitor (`client`).
//!
//! The transport and the token store are traits, so the same client runs on gloo-net and
//! `document.cookie` in the browser (`crate::wasm::client`) and on fakes in native tests.

pub mod client;
pub mod cookie;
pub mod error;
pub mod transport;

pub use client::{Call, Client, InvalidLogin};
pub use error::{ApiError, ErrorKind};
pub use transport::{Codec, HttpRequest, HttpResponse, Method, SerdeJson, TokenStore, Transport, TransportError};
