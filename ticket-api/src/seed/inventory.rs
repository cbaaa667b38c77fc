//! Seats already sold on the demo trips, so seat maps look like a real week of sales.
//!
//! Deterministic: a small xorshift generator seeded from the trip id's hash picks 10-35% of a
//! trip's seats (fewer the further ahead the trip) and groups them into sales of 1-4 seats. A sale claims one row per leg it covers
//! (DESIGN §3 "Inventory"): most cover the whole route; on a route with intermediate stops some
//! cover only the first or the last leg, and a seat sold only as far as the first stop is often
//! sold on for the rest of the way by a second sale. Some trips also have one seat blocked by
//! the operator. No two rows share (trip, seat, leg), the constraint the schema enforces.

pub const SOLD: &str = "sold";
pub const BLOCKED: &str = "blocked";

pub struct Claim<'a> {
    pub seat_no: &'a str,
    pub leg: i64,
    pub claim_id: String,
    pub state: &'static str,
}

/// xorshift64 (Marsaglia): enough to look random, and the same on every run and machine.
struct Rng(u64);

impl Rng {
    /// Seeded from the FNV-1a hash of `seed` (never zero, which xorshift cannot leave).
    fn new(seed: &str) -> Rng {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in seed.bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        Rng(if hash == 0 { 0x9e37_79b9_7f4a_7c15 } else { hash })
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A number in 0..n (n > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// The seed claims of one trip whose vehicle has `seats` and whose route has `legs` legs,
/// `days_ahead` days from today. Sales thin out with distance, as they do: 10-35% of the seats
/// of today's trips, 10-20% from a fortnight on.
pub fn claims<'a>(trip_id: &str, seats: &'a [String], legs: usize, days_ahead: usize) -> Vec<Claim<'a>> {
    let mut out = Vec::new();
    let total = seats.len();
    if total == 0 || legs == 0 {
        return out;
    }
    let mut rng = Rng::new(trip_id);
    let percent = 10 + rng.below(26 - days_ahead.min(15));
    let target = (total * percent / 100).max(1);
    // A partial Fisher-Yates shuffle: the first `target` are sold, the next may be blocked.
    let mut order: Vec<usize> = (0..total).collect();
    for i in 0..(target + 1).min(total) {
        let j = i + rng.below(total - i);
        order.swap(i, j);
    }
    let push =
        |out: &mut Vec<Claim<'a>>, group: &[usize], from: usize, to: usize, claim_id: String, state: &'static str| {
            for &seat in group {
                for leg in from..to {
                    out.push(Claim { seat_no: &seats[seat], leg: leg as i64, claim_id: claim_id.clone(), state });
                }
            }
        };
    let mut sale = 0;
    let mut next = 0;
    while next < target {
        let size = (1 + rng.below(4)).min(target - next);
        let group = &order[next..next + size];
        next += size;
        let (from, to) = if legs == 1 {
            (0, 1)
        } else {
            match rng.below(100) {
                0..70 => (0, legs),
                70..85 => (0, 1),
                _ => (legs - 1, legs),
            }
        };
        sale += 1;
        push(&mut out, group, from, to, format!("seed-{trip_id}-{sale}"), SOLD);
        if from == 0 && to < legs && rng.below(2) == 0 {
            sale += 1;
            push(&mut out, group, to, legs, format!("seed-{trip_id}-{sale}"), SOLD);
        }
    }
    if target < total && rng.below(4) == 0 {
        push(&mut out, &order[target..=target], 0, legs, format!("seed-{trip_id}-blocked"), BLOCKED);
    }
    out
}
