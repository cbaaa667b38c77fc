//! How many of a queue's places are let in by a given moment (issue 16).
//!
//! From the opening, the operator's rate: a minute's worth at once, then `per_minute` more each
//! minute, spread over the minute. Each admitted visitor who lets their admission lapse without
//! holding a seat (a no-show) gives their turn to the next in line, so the seats keep selling at
//! the rate the operator chose even when many who queued have gone. Never more than the places
//! there are.

/// A queue's pace: the rate an operator set for its sale window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pace {
    pub per_minute: u32,
}

const MINUTE_MS: i64 = 60_000;

impl Pace {
    /// How many places (from the first) are admitted at `now_ms`.
    pub fn admitted(self, opened_ms: i64, now_ms: i64, no_shows: u64, places: u64) -> u64 {
        if now_ms < opened_ms {
            return 0;
        }
        let elapsed = i128::from(now_ms - opened_ms) + i128::from(MINUTE_MS);
        let by_rate = elapsed * i128::from(self.per_minute) / i128::from(MINUTE_MS);
        let by_rate = u64::try_from(by_rate).unwrap_or(u64::MAX);
        by_rate.saturating_add(no_shows).min(places)
    }

    /// How long the place at `position` (0 = first) still waits at `now_ms`, in whole seconds
    /// rounded up: 0 once admitted. An estimate: it counts the no-shows so far, not later ones.
    pub fn wait_seconds(self, opened_ms: i64, now_ms: i64, no_shows: u64, position: u64) -> u64 {
        if self.per_minute == 0 {
            return u64::MAX;
        }
        // The place's turn comes when `admitted` first exceeds it.
        let need = u128::from(position.saturating_add(1).saturating_sub(no_shows));
        let rate = u128::from(self.per_minute);
        let after_open = (need * MINUTE_MS as u128).div_ceil(rate).saturating_sub(MINUTE_MS as u128);
        let turn = i128::from(opened_ms) + i128::try_from(after_open).unwrap_or(i128::MAX / 2);
        let wait_ms = turn - i128::from(now_ms);
        if wait_ms <= 0 { 0 } else { u64::try_from((wait_ms + 999) / 1000).unwrap_or(u64::MAX) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OPEN: i64 = 1_800_000_000_000;
    const PACE: Pace = Pace { per_minute: 120 };

    #[test]
    fn nobody_before_the_opening_then_a_minutes_worth_at_once() {
        assert_eq!(PACE.admitted(OPEN, OPEN - 1, 0, 10_000), 0);
        assert_eq!(PACE.admitted(OPEN, OPEN, 0, 10_000), 120);
    }

    #[test]
    fn then_the_rate_spread_over_each_minute() {
        assert_eq!(PACE.admitted(OPEN, OPEN + 30_000, 0, 10_000), 180);
        assert_eq!(PACE.admitted(OPEN, OPEN + 60_000, 0, 10_000), 240);
        assert_eq!(PACE.admitted(OPEN, OPEN + 10 * 60_000, 0, 10_000), 1_320);
    }

    #[test]
    fn a_no_show_gives_their_turn_to_the_next_in_line() {
        assert_eq!(PACE.admitted(OPEN, OPEN + 60_000, 15, 10_000), 255);
    }

    #[test]
    fn never_more_than_the_places_there_are() {
        assert_eq!(PACE.admitted(OPEN, OPEN + 60 * 60_000, 0, 500), 500);
        assert_eq!(PACE.admitted(OPEN, i64::MAX, u64::MAX, 7), 7);
    }

    #[test]
    fn the_wait_counts_down_to_the_turn() {
        assert_eq!(PACE.wait_seconds(OPEN, OPEN, 0, 0), 0);
        assert_eq!(PACE.wait_seconds(OPEN, OPEN, 0, 119), 0);
        // 1 place past the first minute's 120: half a second at 120 a minute, rounded up.
        assert_eq!(PACE.wait_seconds(OPEN, OPEN, 0, 120), 1);
        assert_eq!(PACE.wait_seconds(OPEN, OPEN, 0, 359), 120);
        // Before the opening: the time until it, then the place's turn.
        assert_eq!(PACE.wait_seconds(OPEN, OPEN - 600_000, 0, 0), 600);
        assert_eq!(PACE.wait_seconds(OPEN, OPEN - 600_000, 0, 359), 720);
        // No-shows move everyone behind them forward.
        assert_eq!(PACE.wait_seconds(OPEN, OPEN, 240, 359), 0);
        assert_eq!(Pace { per_minute: 0 }.wait_seconds(OPEN, OPEN, 0, 0), u64::MAX);
    }
}
