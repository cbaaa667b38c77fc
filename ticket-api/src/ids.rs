//! Identifiers: random ids for rows, transaction ids, and PNRs travellers can read aloud.

/// PNR letters: no 0/O or 1/I, which are confused when read aloud or written down.
const PNR_ALPHABET: &[u8; 32] = b"23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
pub const PNR_LENGTH: usize = 8;

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    if getrandom::fill(&mut bytes).is_err() {
        // No OS randomness: mix the clock in. Ids stay unique through the database's UNIQUE
        // constraints, which the callers retry on.
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(7, |d| d.as_nanos());
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = (nanos >> ((i % 16) * 8)) as u8 ^ (i as u8).wrapping_mul(31);
        }
    }
    bytes
}

/// A row id: `prefix-` and 16 hex digits of randomness.
pub fn new_id(prefix: &str) -> String {
    let bytes: [u8; 8] = random_bytes();
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("{prefix}-{hex}")
}

/// A transaction id as gateways expect: letters and digits only.
pub fn new_tnx_id() -> String {
    format!("TNX{}", new_pnr())
}

/// A PNR: 8 characters from [`PNR_ALPHABET`] (40 bits).
pub fn new_pnr() -> String {
    random_bytes::<PNR_LENGTH>().iter().map(|b| PNR_ALPHABET[(*b % 32) as usize] as char).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pnrs_are_readable_aloud() {
        for _ in 0..200 {
            let pnr = new_pnr();
            assert_eq!(pnr.len(), PNR_LENGTH);
            assert!(!pnr.contains(['0', 'O', '1', 'I']), "{pnr}");
        }
        assert_ne!(new_pnr(), new_pnr());
    }
}
