//! Choosing a content coding from `Accept-Encoding` (RFC 9110 §12.5.3).
//!
//! Only the three codings we keep in memory matter: brotli, gzip and identity. The client's
//! q-values decide; on a tie we prefer the smaller body (br, then gzip, then identity).

use axum::http::HeaderValue;

/// A stored representation of a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

impl Encoding {
    /// The `Content-Encoding` token; `None` for identity, which is never sent.
    pub fn token(self) -> Option<&'static str> {
        match self {
            Encoding::Brotli => Some("br"),
            Encoding::Gzip => Some("gzip"),
            Encoding::Identity => None,
        }
    }
}

/// The best of the available encodings for this `Accept-Encoding`. Identity is always available.
///
/// No header means "no preference" in the RFC, but we answer identity: clients that omit it
/// (scripts, old proxies) often cannot decode anything else.
pub fn negotiate(accept_encoding: Option<&HeaderValue>, has_brotli: bool, has_gzip: bool) -> Encoding {
    let Some(header) = accept_encoding.and_then(|v| v.to_str().ok()) else {
        return Encoding::Identity;
    };
    let weights = Weights::parse(header);
    let mut best = (Encoding::Identity, weights.identity());
    // Candidates come in rising preference, so on a tie the later (smaller) representation wins.
    for (encoding, available, q) in
        [(Encoding::Gzip, has_gzip, weights.gzip()), (Encoding::Brotli, has_brotli, weights.brotli())]
    {
        if available && q > 0 && q >= best.1 {
            best = (encoding, q);
        }
    }
    best.0
}

/// q-values in thousandths (0..=1000), as RFC 9110 allows at most three decimals.
#[derive(Debug, Default)]
struct Weights {
    brotli: Option<u16>,
    gzip: Option<u16>,
    identity: Option<u16>,
    any: Option<u16>,
}

impl Weights {
    fn parse(header: &str) -> Weights {
        let mut weights = Weights::default();
        for item in header.split(',') {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or("").trim().to_ascii_lowercase();
            let q = parts
                .find_map(|p| {
                    let (key, value) = p.split_once('=')?;
                    key.trim().eq_ignore_ascii_case("q").then(|| parse_q(value.trim()))
                })
                .unwrap_or(Some(1000));
            // An unreadable q-value makes the item meaningless; ignore it rather than guess.
            let Some(q) = q else { continue };
            let slot = match coding.as_str() {
                "br" => &mut weights.brotli,
                "gzip" | "x-gzip" => &mut weights.gzip,
                "identity" => &mut weights.identity,
                "*" => &mut weights.any,
                _ => continue,
            };
            *slot = Some(q);
        }
        weights
    }

    fn brotli(&self) -> u16 {
        self.brotli.or(self.any).unwrap_or(0)
    }

    fn gzip(&self) -> u16 {
        self.gzip.or(self.any).unwrap_or(0)
    }

    /// Identity is acceptable unless refused explicitly (or through `*;q=0`). Even then we send
    /// it when nothing else is available: a body the client might not want beats a 406.
    fn identity(&self) -> u16 {
        self.identity.or(self.any).unwrap_or(1).max(1)
    }
}

/// `1`, `1.000`, `0.5`, `0` ... to thousandths; `None` if it is not a valid q-value.
fn parse_q(value: &str) -> Option<u16> {
    let (whole, fraction) = value.split_once('.').unwrap_or((value, ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut thousandths: u16 = 0;
    for (i, digit) in fraction.bytes().enumerate() {
        thousandths += u16::from(digit - b'0') * [100, 10, 1][i];
    }
    match whole {
        "0" => Some(thousandths),
        "1" if thousandths == 0 => Some(1000),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pick(header: &str) -> Encoding {
        negotiate(Some(&HeaderValue::from_str(header).expect("ascii")), true, true)
    }

    #[test]
    fn browsers_get_brotli() {
        assert_eq!(pick("gzip, deflate, br, zstd"), Encoding::Brotli);
    }

    #[test]
    fn gzip_only_clients_get_gzip() {
        assert_eq!(pick("gzip"), Encoding::Gzip);
        assert_eq!(pick("x-gzip, deflate"), Encoding::Gzip);
    }

    #[test]
    fn no_header_or_identity_gets_identity() {
        assert_eq!(negotiate(None, true, true), Encoding::Identity);
        assert_eq!(pick("identity"), Encoding::Identity);
        assert_eq!(pick("deflate"), Encoding::Identity);
        assert_eq!(pick(""), Encoding::Identity);
    }

    #[test]
    fn q_values_decide_and_zero_refuses() {
        assert_eq!(pick("br;q=0, gzip"), Encoding::Gzip);
        assert_eq!(pick("br;q=0.5, gzip;q=0.8"), Encoding::Gzip);
        assert_eq!(pick("br;q=0, gzip;q=0"), Encoding::Identity);
        assert_eq!(pick("*"), Encoding::Brotli);
        assert_eq!(pick("*;q=0.1, br;q=0"), Encoding::Gzip);
        assert_eq!(pick("gzip;q=nonsense"), Encoding::Identity);
    }

    #[test]
    fn only_stored_encodings_are_chosen() {
        let header = HeaderValue::from_static("br, gzip");
        assert_eq!(negotiate(Some(&header), false, true), Encoding::Gzip);
        assert_eq!(negotiate(Some(&header), false, false), Encoding::Identity);
    }

    #[test]
    fn q_parsing() {
        assert_eq!(parse_q("1"), Some(1000));
        assert_eq!(parse_q("1.000"), Some(1000));
        assert_eq!(parse_q("0.25"), Some(250));
        assert_eq!(parse_q("1.5"), None);
        assert_eq!(parse_q("0.1234"), None);
    }
}
