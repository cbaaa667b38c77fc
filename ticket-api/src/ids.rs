//! Identifiers: random ids for rows, transaction ids, and PNRs travellers can read aloud.

/// PNR letters (no 0/O or 1/I, which are confused when read aloud): the core's, which a
/// boarding code packs 5 bits a letter.
use core_wasm::boarding::PNR_ALPHABET;
pub const PNR_LENGTH: usize = 8;

/// The operating system gave no randomness. Ids, PNRs, OTP codes and secrets are then not made
/// at all: a guessable one (from the clock, say) would be worse than a failed call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoRandomness;

impl std::fmt::Display for NoRandomness {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the operating system gave no randomness")
    }
}

impl std::error::Error for NoRandomness {}

/// `N` random bytes from the operating system.
pub fn random_bytes<const N: usize>() -> Result<[u8; N], NoRandomness> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(|_| NoRandomness)?;
    Ok(bytes)
}

/// A row id: `prefix-` and 16 hex digits of randomness.
pub fn new_id(prefix: &str) -> Result<String, NoRandomness> {
    Ok(format!("{prefix}-{}", hex(&random_bytes::<8>()?)))
}

/// A row id that sorts as this process made them: `prefix-`, the time in milliseconds (13
/// digits), this process's count of such ids (so two of one millisecond keep their order: a
/// traveller's second code must read as the newer), then 8 hex digits of randomness so two
/// processes never make the same id.
pub fn ordered_id(prefix: &str, now_ms: i64) -> Result<String, NoRandomness> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static MADE: AtomicU64 = AtomicU64::new(0);
    let count = MADE.fetch_add(1, Ordering::Relaxed);
    Ok(format!("{prefix}-{now_ms:013}-{count:012}-{}", hex(&random_bytes::<4>()?)))
}

/// Bytes as lowercase hex digits.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// A transaction id as gateways expect: letters and digits only.
pub fn new_tnx_id() -> Result<String, NoRandomness> {
    Ok(format!("TNX{}", new_pnr()?))
}

/// A PNR: 8 characters from [`PNR_ALPHABET`] (40 bits).
pub fn new_pnr() -> Result<String, NoRandomness> {
    Ok(random_bytes::<PNR_LENGTH>()?.iter().map(|b| PNR_ALPHABET[(*b % 32) as usize] as char).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordered_ids_of_one_millisecond_sort_as_they_were_made() {
        let ids: Vec<String> = (0..50).map(|_| ordered_id("sms", 1_790_000_000_000).unwrap()).collect();
        let mut sorted = ids.clone();
        sorted.sort();
        assert_eq!(sorted, ids);
        assert!(ordered_id("sms", 1_790_000_000_001).unwrap() > ordered_id("sms", 1_790_000_000_000).unwrap());
    }

    #[test]
    fn pnrs_are_readable_aloud() {
        for _ in 0..200 {
            let pnr = new_pnr().unwrap();
            assert_eq!(pnr.len(), PNR_LENGTH);
            assert!(!pnr.contains(['0', 'O', '1', 'I']), "{pnr}");
        }
        assert_ne!(new_pnr(), new_pnr());
        assert!(new_id("t").unwrap().starts_with("t-"));
    }
}
