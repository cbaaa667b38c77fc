//! Values the server signs and reads back: `base64url(JSON).base64url(HMAC-SHA-256)`, the form of
//! bearer tokens (http/auth.rs) and queue admissions (waiting_room/admission.rs). A reader trusts
//! nothing in one it did not sign; each use keys its MAC with its own label, so a value made for
//! one use is never accepted by another.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use hmac::{Hmac, Mac};
use serde::Serialize;
use serde::de::DeserializeOwned;
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// Signs and reads values under one secret and label.
#[derive(Clone)]
pub struct Sealer {
    mac: HmacSha256,
}

impl std::fmt::Debug for Sealer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sealer(..)")
    }
}

impl Sealer {
    /// `None` for an empty secret. `label` sets the use apart (empty: bearer tokens, as issued
    /// before labels existed).
    pub fn new(secret: &[u8], label: &[u8]) -> Option<Sealer> {
        if secret.is_empty() {
            return None;
        }
        let mut mac = HmacSha256::new_from_slice(secret).ok()?;
        mac.update(label);
        Some(Sealer { mac })
    }

    pub fn seal<T: Serialize>(&self, value: &T) -> String {
        // The sealed values are structs of strings and numbers: serialising cannot fail.
        let payload = serde_json::to_vec(value).unwrap_or_default();
        let mut mac = self.mac.clone();
        mac.update(&payload);
        format!("{}.{}", B64.encode(&payload), B64.encode(mac.finalize().into_bytes()))
    }

    /// The value `text` carries, if this sealer signed it (the MAC compared in constant time).
    pub fn open<T: DeserializeOwned>(&self, text: &str) -> Option<T> {
        let (payload, tag) = text.trim().split_once('.')?;
        let payload = B64.decode(payload).ok()?;
        let mut mac = self.mac.clone();
        mac.update(&payload);
        mac.verify_slice(&B64.decode(tag).ok()?).ok()?;
        serde_json::from_slice(&payload).ok()
    }
}
