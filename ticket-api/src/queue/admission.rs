//! Admissions (issue 16): the proof a visitor's turn in a queue has come, which seat-lock asks for
//! on a sale window's trips while the window is open.
//!
//! An admission names the queue, the visitor (the server's identity of them, never a string the
//! client chose) and when it ends, signed with HMAC-SHA-256 under the server's secret. The site
//! keeps it as an opaque string and sends it back; the server trusts nothing in it it did not
//! sign, and refuses it for another visitor, another queue or after its end.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// What an admission says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Admission {
    #[serde(rename = "q")]
    pub queue: String,
    #[serde(rename = "v")]
    pub visitor: String,
    /// Unix milliseconds.
    #[serde(rename = "e")]
    pub expires_ms: i64,
}

/// Why an admission is refused. The site shows the queue again for each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Not one this server signed (edited, truncated, another server's secret).
    Forged,
    /// Signed for someone else, or for another queue.
    NotYours,
    Expired,
}

/// Signs and checks admissions under one secret.
#[derive(Clone)]
pub struct Admissions {
    mac: HmacSha256,
}

impl std::fmt::Debug for Admissions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Admissions(..)")
    }
}

impl Admissions {
    /// `None` for an empty secret.
    pub fn new(secret: &[u8]) -> Option<Admissions> {
        if secret.is_empty() {
            return None;
        }
        // Kept apart from the tokens' MACs made under the same secret.
        let mut mac = HmacSha256::new_from_slice(secret).ok()?;
        mac.update(b"queue-admission\0");
        Some(Admissions { mac })
    }

    pub fn sign(&self, admission: &Admission) -> String {
        // Serialising strings and a number cannot fail.
        let payload = serde_json::to_vec(admission).unwrap_or_default();
        let mut mac = self.mac.clone();
        mac.update(&payload);
        format!("{}.{}", B64.encode(&payload), B64.encode(mac.finalize().into_bytes()))
    }

    /// The admission `text` carries, if this server signed it for `visitor` in `queue` and it
    /// has not ended at `now_ms`.
    pub fn check(&self, text: &str, visitor: &str, queue: &str, now_ms: i64) -> Result<Admission, Refusal> {
        let (payload, tag) = text.trim().split_once('.').ok_or(Refusal::Forged)?;
        let payload = B64.decode(payload).map_err(|_| Refusal::Forged)?;
        let tag = B64.decode(tag).map_err(|_| Refusal::Forged)?;
        let mut mac = self.mac.clone();
        mac.update(&payload);
        mac.verify_slice(&tag).map_err(|_| Refusal::Forged)?;
        let admission: Admission = serde_json::from_slice(&payload).map_err(|_| Refusal::Forged)?;
        if admission.visitor != visitor || admission.queue != queue {
            return Err(Refusal::NotYours);
        }
        if admission.expires_ms <= now_ms {
            return Err(Refusal::Expired);
        }
        Ok(admission)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn admissions() -> Admissions {
        Admissions::new(b"a secret of the server's").unwrap()
    }

    fn admitted() -> Admission {
        Admission { queue: "eid@1800000000000".into(), visitor: "v1".into(), expires_ms: 1_000 }
    }

    #[test]
    fn the_visitor_it_was_made_for_gets_in_until_it_ends() {
        let signed = admissions().sign(&admitted());
        assert_eq!(admissions().check(&signed, "v1", "eid@1800000000000", 999), Ok(admitted()));
        assert_eq!(admissions().check(&signed, "v1", "eid@1800000000000", 1_000), Err(Refusal::Expired));
    }

    #[test]
    fn another_visitor_or_queue_is_refused() {
        let signed = admissions().sign(&admitted());
        assert_eq!(admissions().check(&signed, "v2", "eid@1800000000000", 0), Err(Refusal::NotYours));
        assert_eq!(admissions().check(&signed, "v1", "eid@1800003600000", 0), Err(Refusal::NotYours));
    }

    #[test]
    fn an_edited_or_foreign_admission_is_forged() {
        let signed = admissions().sign(&admitted());
        let (_, tag) = signed.split_once('.').unwrap();
        let longer = Admission { expires_ms: i64::MAX, ..admitted() };
        let edited = format!("{}.{tag}", B64.encode(serde_json::to_vec(&longer).unwrap()));
        assert_eq!(admissions().check(&edited, "v1", "eid@1800000000000", 0), Err(Refusal::Forged));
        let foreign = Admissions::new(b"another server").unwrap().sign(&admitted());
        assert_eq!(admissions().check(&foreign, "v1", "eid@1800000000000", 0), Err(Refusal::Forged));
        for junk in ["", ".", "abc", "a.b", "ক.খ", &signed[..signed.len() - 2]] {
            assert_eq!(admissions().check(junk, "v1", "eid@1800000000000", 0), Err(Refusal::Forged), "{junk:?}");
        }
        assert!(Admissions::new(b"").is_none());
    }
}
