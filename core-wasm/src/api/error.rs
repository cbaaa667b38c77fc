//! A failed call, as a typed value that carries the toast the traveller sees.

use serde::Serialize;

use crate::contract::envelope::ErrorBody;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum ErrorKind {
    /// No HTTP answer, even after retries.
    Network,
    /// The API answered with an error status (4xx, or 5xx after retries).
    Http,
    /// The API still refused our token after one re-authentication.
    Auth,
    /// The answer was not the JSON we expect.
    Decode,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiError {
    pub kind: ErrorKind,
    /// HTTP status, when there was an answer.
    pub status: Option<u16>,
    /// The server's error body, when it sent one.
    pub body: Option<ErrorBody>,
    /// The error body's text as the server sent it (the browser hands it to the page whole, codes
    /// included).
    #[serde(skip)]
    pub sent: Option<String>,
    /// What the traveller is told (SPEC §8, `crate::errors::toast_message`).
    pub toast: String,
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.toast)
    }
}

impl std::error::Error for ApiError {}
