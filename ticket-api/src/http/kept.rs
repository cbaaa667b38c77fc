//! Answers kept as the bytes they are served as. A search or seat view answers many askers with
//! the same claims, so its answer is encoded once, as the contract's success envelope
//! (`core_wasm::contract::envelope`, the same for every transport), and kept with the claims it
//! was made from (`claims`). The domain decides when an answer may be served again and hands
//! the answer to [`success`] to be made into bytes; only `http` makes answer bytes.

use axum::body::Bytes;
use core_wasm::contract::envelope::Envelope;
use serde::Serialize;

use crate::error::ApiError;

/// `data` in the success envelope, as JSON bytes.
pub fn success<T: Serialize>(data: T) -> Result<Bytes, ApiError> {
    serde_json::to_vec(&Envelope::ok(data)).map(Bytes::from).map_err(|e| ApiError::Internal(format!("answer: {e}")))
}
