//! The pre-queue's draw (issue 16): everyone who arrived in the half hour before a sale opens has
//! the same chance of any place, whether they came at 07:31 or 07:59, on a fast line or a slow one.
//!
//! The order comes from a seed the server commits to before the opening: its SHA-256 is published
//! from the moment the pre-queue opens, the seed itself once the draw is made. A place's draw key
//! is SHA-256(seed ‖ place id), and the pre-queue is the places sorted by key: anyone holding the
//! revealed seed and the list of place ids can redo the draw and check that it matches the
//! published hash, and no one (the server included, once the hash is out) can steer it.

use crate::ids::hex;
use sha2::{Digest, Sha256};

/// A queue's secret seed: 32 random bytes.
#[derive(Clone, PartialEq, Eq)]
pub struct Seed([u8; 32]);

impl std::fmt::Debug for Seed {
    // A seed in a log line before the draw would give the order away.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Seed(..)")
    }
}

impl Seed {
    pub fn new(bytes: [u8; 32]) -> Seed {
        Seed(bytes)
    }

    /// A seed as [`Seed::to_hex`] wrote it (64 hex digits).
    pub fn from_hex(text: &str) -> Option<Seed> {
        let text = text.trim();
        if text.len() != 64 || !text.is_ascii() {
            return None;
        }
        let mut bytes = [0u8; 32];
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
        }
        Some(Seed(bytes))
    }

    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    /// What is published before the draw: the seed's SHA-256, in hex.
    pub fn commitment(&self) -> String {
        hex(&Sha256::digest(self.0))
    }

    /// The draw key of one place.
    pub fn key(&self, place: &str) -> [u8; 32] {
        let mut hash = Sha256::new();
        hash.update(self.0);
        hash.update(place.as_bytes());
        hash.finalize().into()
    }
}

/// The pre-queue's places (their ids) in drawn order. Ties cannot happen between distinct ids
/// short of a SHA-256 collision; the id breaks them anyway, so the order is total.
pub fn draw<'a>(seed: &Seed, places: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let mut keyed: Vec<([u8; 32], &str)> = places.into_iter().map(|place| (seed.key(place), place)).collect();
    keyed.sort_unstable();
    keyed.into_iter().map(|(_, place)| place).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random_seed() -> Seed {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).expect("the system's randomness");
        Seed::new(bytes)
    }

    fn random_below(n: usize) -> usize {
        let mut bytes = [0u8; 8];
        getrandom::fill(&mut bytes).expect("the system's randomness");
        (u64::from_le_bytes(bytes) % n as u64) as usize
    }

    /// Pearson's chi-square of how often each arrival slot of `n` lands in each place over
    /// `openings` simulated openings of `order` (arrival slots in, places out), scaled by
    /// (n - 1) / n: the counts of a permutation are tied along rows and columns alike, so the
    /// plain sum is n / (n - 1) times a chi-square of (n - 1)² degrees of freedom (its mean is
    /// n(n - 1), not (n - 1)²), and unscaled a fair draw failed about one run in a hundred.
    fn chi_square(n: usize, openings: usize, order: impl Fn(&[usize]) -> Vec<usize>) -> f64 {
        let arrivals: Vec<usize> = (0..n).collect();
        let mut counts = vec![vec![0u32; n]; n];
        for _ in 0..openings {
            for (place, arrival) in order(&arrivals).into_iter().enumerate() {
                counts[arrival][place] += 1;
            }
        }
        let expected = openings as f64 / n as f64;
        let pearson: f64 = counts.iter().flatten().map(|&seen| (f64::from(seen) - expected).powi(2) / expected).sum();
        pearson * (n - 1) as f64 / n as f64
    }

    // 6 slots: (6 - 1)² = 25 degrees of freedom; 52.62 is chi-square's 0.999 quantile there, so a
    // fair draw fails this test once in a thousand runs.
    const SLOTS: usize = 6;
    const OPENINGS: usize = 30_000;
    const CRITICAL: f64 = 52.62;

    fn by_draw(arrivals: &[usize]) -> Vec<usize> {
        let ids: Vec<String> = arrivals.iter().map(|a| format!("place-{a}")).collect();
        let seed = random_seed();
        draw(&seed, ids.iter().map(String::as_str))
            .into_iter()
            .map(|id| id["place-".len()..].parse().unwrap_or(0))
            .collect()
    }

    #[test]
    fn every_arrival_slot_lands_in_every_place_equally_often() {
        let statistic = chi_square(SLOTS, OPENINGS, by_draw);
        assert!(statistic < CRITICAL, "chi-square {statistic:.1} over {CRITICAL}: the draw favours some arrivals");
    }

    #[test]
    fn the_test_catches_first_come_first_served_and_a_biased_shuffle() {
        let fifo = chi_square(SLOTS, OPENINGS, <[usize]>::to_vec);
        assert!(fifo > CRITICAL, "FIFO passed as fair ({fifo:.1})");
        // The classic mistake: swapping each place with any place, not only with those after it.
        let naive = |arrivals: &[usize]| {
            let mut order = arrivals.to_vec();
            let n = order.len();
            for i in 0..n {
                order.swap(i, random_below(n));
            }
            order
        };
        let biased = chi_square(SLOTS, OPENINGS, naive);
        assert!(biased > CRITICAL, "a biased shuffle passed as fair ({biased:.1})");
    }

    #[test]
    fn anyone_with_the_revealed_seed_redoes_the_draw_and_checks_the_commitment() {
        let seed = random_seed();
        let places = ["b", "a", "d", "c", "e"];
        let published = seed.commitment();
        let drawn = draw(&seed, places);
        let revealed = Seed::from_hex(&seed.to_hex()).expect("the revealed seed reads back");
        assert_eq!(revealed.commitment(), published);
        assert_eq!(
            draw(&revealed, places.iter().rev().copied()),
            drawn,
            "the order does not depend on the list's order"
        );
        assert_eq!(drawn.len(), places.len());
    }

    #[test]
    fn a_seed_is_64_hex_digits() {
        assert!(Seed::from_hex("00").is_none());
        assert!(Seed::from_hex(&"zz".repeat(32)).is_none());
        assert!(Seed::from_hex(&"ক".repeat(32)).is_none());
        assert_eq!(Seed::from_hex(&"ab".repeat(32)).map(|s| s.to_hex()), Some("ab".repeat(32)));
        assert_eq!(format!("{:?}", random_seed()), "Seed(..)");
    }
}
