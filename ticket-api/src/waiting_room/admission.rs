//! Admissions (issue 16): the proof a visitor's turn in a queue has come, which seat-lock asks for
//! on a sale window's trips while the window is open.
//!
//! An admission names the queue, the visitor (the server's identity of them, never a string the
//! client chose) and when it ends, signed with HMAC-SHA-256 under the server's secret. The site
//! keeps it as an opaque string and sends it back; the server trusts nothing in it it did not
//! sign, and refuses it for another visitor, another queue or after its end.

use serde::{Deserialize, Serialize};

use crate::sealed::Sealer;

/// What an admission says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Admission {
    #[serde(rename = "q")]
    pub queue: String,
    #[serde(rename = "v")]
    pub visitor: String,
    /// The trip it opens (issue 39: one visitor used one turn on two trips). Absent from an
    /// admission signed before trips were named: it opens none.
    #[serde(rename = "t", default)]
    pub trip: String,
    /// Unix milliseconds.
    #[serde(rename = "e")]
    pub expires_ms: i64,
}

/// Why an admission is refused. The site shows the queue again for each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Not one this server signed (edited, truncated, another server's secret).
    Forged,
    /// Signed for someone else, another queue or another trip.
    NotYours,
    Expired,
}

/// Signs and checks admissions under one secret.
#[derive(Debug, Clone)]
pub struct Admissions {
    sealer: Sealer,
}

impl Admissions {
    /// `None` for an empty secret. Kept apart from the tokens signed under the same secret.
    pub fn new(secret: &[u8]) -> Option<Admissions> {
        Some(Admissions { sealer: Sealer::new(secret, b"queue-admission\0")? })
    }

    pub fn sign(&self, admission: &Admission) -> String {
        self.sealer.seal(admission)
    }

    /// The admission `text` carries, if this server signed it for `visitor` in `queue` for
    /// `trip` and it has not ended at `now_ms`.
    pub fn check(&self, text: &str, visitor: &str, queue: &str, trip: &str, now_ms: i64) -> Result<Admission, Refusal> {
        let admission: Admission = self.sealer.open(text).ok_or(Refusal::Forged)?;
        if admission.visitor != visitor || admission.queue != queue || admission.trip != trip {
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
    use base64::Engine;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;

    use super::*;

    fn admissions() -> Admissions {
        Admissions::new(b"a secret of the server's").unwrap()
    }

    fn admitted() -> Admission {
        Admission { queue: "eid@1800000000000".into(), visitor: "v1".into(), trip: "t1".into(), expires_ms: 1_000 }
    }

    #[test]
    fn the_visitor_it_was_made_for_gets_in_until_it_ends() {
        let signed = admissions().sign(&admitted());
        assert_eq!(admissions().check(&signed, "v1", "eid@1800000000000", "t1", 999), Ok(admitted()));
        assert_eq!(admissions().check(&signed, "v1", "eid@1800000000000", "t1", 1_000), Err(Refusal::Expired));
    }

    #[test]
    fn another_visitor_queue_or_trip_is_refused() {
        let signed = admissions().sign(&admitted());
        assert_eq!(admissions().check(&signed, "v1", "eid@1800000000000", "t2", 0), Err(Refusal::NotYours));
        assert_eq!(admissions().check(&signed, "v2", "eid@1800000000000", "t1", 0), Err(Refusal::NotYours));
        assert_eq!(admissions().check(&signed, "v1", "eid@1800003600000", "t1", 0), Err(Refusal::NotYours));
    }

    #[test]
    fn an_edited_or_foreign_admission_is_forged() {
        let signed = admissions().sign(&admitted());
        let (_, tag) = signed.split_once('.').unwrap();
        let longer = Admission { expires_ms: i64::MAX, ..admitted() };
        let edited = format!("{}.{tag}", B64.encode(serde_json::to_vec(&longer).unwrap()));
        assert_eq!(admissions().check(&edited, "v1", "eid@1800000000000", "t1", 0), Err(Refusal::Forged));
        let foreign = Admissions::new(b"another server").unwrap().sign(&admitted());
        assert_eq!(admissions().check(&foreign, "v1", "eid@1800000000000", "t1", 0), Err(Refusal::Forged));
        for junk in ["", ".", "abc", "a.b", "ক.খ", &signed[..signed.len() - 2]] {
            assert_eq!(admissions().check(junk, "v1", "eid@1800000000000", "t1", 0), Err(Refusal::Forged), "{junk:?}");
        }
        assert!(Admissions::new(b"").is_none());
    }
}
