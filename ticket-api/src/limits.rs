//! Rate limits (DESIGN §3) on the calls a bot gains by repeating (tokens, OTP sends and checks,
//! seat holds, the full-bus form), and one ceiling on every API call together; counted in front
//! of the calls by `http::limits`.
//!
//! They count per visitor first: the caller's token names a visitor (or, logged in, a user),
//! and a refresh names the visitor it refreshes. Bangladesh's mobile carriers put many
//! subscribers behind one public address, so a limit per address is only a backstop, sized for
//! thousands of honest travellers behind one address: new visitors' tokens from one address
//! ([`Limit::Token`]) and every limited call from one address together ([`Limit::Address`]).
//! Each key has a bucket of its own (governor's GCRA): a stranger spends only their own. A
//! limited call answers 429 in the envelope with `Retry-After`.
//!
//! Buckets live in each process: with N processes behind a balancer that spreads one client's
//! requests, a client may get up to N times a limit. The limits that must hold fleet-wide are
//! the store's (OTP sends and tries per phone, seats held per visitor and per address), counted
//! in the statement that claims.
//!
//! `RATE_LIMITS` sets them: `off`, or comma-separated `name=N/unit` (unit `s`, `min` or `h`),
//! each replacing its default. Buckets not used for a while are dropped by the janitor
//! (`lib.rs`), so memory stays bounded by the visitors and addresses of the last minutes.

use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::time::Duration;

use core_wasm::contract::calls::CallName;
use core_wasm::server_messages as say;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::error::ApiError;

/// What a limit counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Limit {
    /// New visitors' tokens, per address (a new visitor has nothing else to count by).
    Token,
    /// Refreshes of one visitor's token.
    Refresh,
    OtpSend,
    OtpCheck,
    SeatLock,
    FullBus,
    /// Every limited call and token from one address together: the backstop.
    Address,
    /// Every API call together, whoever sends it.
    Global,
}

/// What a limit's buckets are keyed by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Counted {
    /// The client address.
    PerAddress,
    /// The visitor or user a token names.
    PerCaller,
    /// One bucket for everyone.
    Once,
}

impl Limit {
    pub const ALL: [Limit; 8] = [
        Limit::Token,
        Limit::Refresh,
        Limit::OtpSend,
        Limit::OtpCheck,
        Limit::SeatLock,
        Limit::FullBus,
        Limit::Address,
        Limit::Global,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Limit::Token => "token",
            Limit::Refresh => "refresh",
            Limit::OtpSend => "otp-send",
            Limit::OtpCheck => "otp-check",
            Limit::SeatLock => "seat-lock",
            Limit::FullBus => "full-bus",
            Limit::Address => "address",
            Limit::Global => "global",
        }
    }

    fn counted(self) -> Counted {
        match self {
            Limit::Token | Limit::Address => Counted::PerAddress,
            Limit::Refresh | Limit::OtpSend | Limit::OtpCheck | Limit::SeatLock | Limit::FullBus => Counted::PerCaller,
            Limit::Global => Counted::Once,
        }
    }

    /// The default rate. Per caller: more than a traveller in a hurry needs, few enough that a
    /// bot's repeats cost it. Per address: 5,000 travellers behind one carrier address, each
    /// taking a token every few minutes and making a few limited calls a minute, never reach
    /// them.
    fn default_rate(self) -> Rate {
        match self {
            Limit::Token => Rate { count: 3_000, per: Per::Minute },
            Limit::Refresh => Rate { count: 10, per: Per::Minute },
            Limit::OtpSend => Rate { count: 5, per: Per::Minute },
            Limit::OtpCheck => Rate { count: 15, per: Per::Minute },
            Limit::SeatLock => Rate { count: 30, per: Per::Minute },
            Limit::FullBus => Rate { count: 3, per: Per::Minute },
            Limit::Address => Rate { count: 20_000, per: Per::Minute },
            Limit::Global => Rate { count: 20_000, per: Per::Second },
        }
    }

    /// The limit a call counts against (besides the global one); `None` for calls without one.
    /// Exactly the calls the table marks `limited` (checked below).
    pub fn of_call(name: CallName) -> Option<Limit> {
        match name {
            CallName::SendOtp | CallName::SendOtpByPhone | CallName::LoginOtp => Some(Limit::OtpSend),
            CallName::SearchTicket | CallName::CancelTicket | CallName::ChangeTicket | CallName::Login => {
                Some(Limit::OtpCheck)
            }
            CallName::SeatLock => Some(Limit::SeatLock),
            CallName::BusReservation => Some(Limit::FullBus),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Per {
    Second,
    Minute,
    Hour,
}

/// `count` requests per `per`, all of them allowed at once (the burst is the count).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    pub count: u32,
    pub per: Per,
}

impl Rate {
    fn quota(self) -> Option<Quota> {
        let count = NonZeroU32::new(self.count)?;
        Some(match self.per {
            Per::Second => Quota::per_second(count),
            Per::Minute => Quota::per_minute(count),
            Per::Hour => Quota::per_hour(count),
        })
    }
}

/// The configured rates: `None` is no limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RateLimits(pub HashMap<Limit, Option<Rate>>);

impl Default for RateLimits {
    fn default() -> Self {
        RateLimits(Limit::ALL.iter().map(|l| (*l, Some(l.default_rate()))).collect())
    }
}

impl RateLimits {
    /// Reads `RATE_LIMITS`: `off`, or `name=N/unit,...` over the defaults (`N` = 0 turns one off).
    pub fn parse(value: &str) -> Result<RateLimits, String> {
        let value = value.trim();
        if value.eq_ignore_ascii_case("off") {
            return Ok(RateLimits(Limit::ALL.iter().map(|l| (*l, None)).collect()));
        }
        let mut limits = RateLimits::default();
        for entry in value.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let wrong = || format!("'{entry}': each entry is name=N/s, name=N/min or name=N/h");
            let (name, rate) = entry.split_once('=').ok_or_else(wrong)?;
            let limit = Limit::ALL.into_iter().find(|l| l.name() == name.trim()).ok_or_else(|| {
                let names: Vec<&str> = Limit::ALL.iter().map(|l| l.name()).collect();
                format!("'{}' is not a limit ({})", name.trim(), names.join(", "))
            })?;
            let (count, unit) = rate.split_once('/').ok_or_else(wrong)?;
            let count: u32 = count.trim().parse().map_err(|_| wrong())?;
            let per = match unit.trim() {
                "s" => Per::Second,
                "min" => Per::Minute,
                "h" => Per::Hour,
                _ => return Err(wrong()),
            };
            limits.0.insert(limit, (count > 0).then_some(Rate { count, per }));
        }
        Ok(limits)
    }
}

/// The buckets.
pub struct Limiters {
    per_address: HashMap<Limit, DefaultKeyedRateLimiter<IpAddr>>,
    per_caller: HashMap<Limit, DefaultKeyedRateLimiter<String>>,
    global: Option<DefaultDirectRateLimiter>,
    /// Made once: making the clock reads the CPU's features, a few microseconds on each call.
    clock: DefaultClock,
}

impl std::fmt::Debug for Limiters {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Limiters").field("per_address", &self.per_address.keys()).finish_non_exhaustive()
    }
}

fn wait_seconds(wait: Duration) -> u64 {
    wait.as_millis().div_ceil(1000).max(1) as u64
}

impl Limiters {
    pub fn new(limits: &RateLimits) -> Limiters {
        let quota = |l: Limit| limits.0.get(&l).copied().flatten().and_then(Rate::quota);
        let keyed = |counted: Counted| Limit::ALL.into_iter().filter(move |l| l.counted() == counted);
        Limiters {
            per_address: keyed(Counted::PerAddress).filter_map(|l| Some((l, RateLimiter::keyed(quota(l)?)))).collect(),
            per_caller: keyed(Counted::PerCaller).filter_map(|l| Some((l, RateLimiter::keyed(quota(l)?)))).collect(),
            global: quota(Limit::Global).map(RateLimiter::direct),
            clock: DefaultClock::default(),
        }
    }

    /// Counts one request against the global ceiling and, for a limited one, against `limit`
    /// for its caller (`caller`: the visitor or user the token names; the address for a new
    /// visitor's token) and against the backstop of `address`.
    pub fn check(&self, limit: Option<Limit>, address: IpAddr, caller: Option<&str>) -> Result<(), ApiError> {
        let now = self.clock.now();
        let slow_down = |wait: governor::NotUntil<_>| {
            let seconds = wait_seconds(wait.wait_time_from(now));
            ApiError::TooMany(say::SLOW_DOWN.with(&[("seconds", &seconds.to_string())]), seconds)
        };
        if let Some(global) = &self.global {
            global
                .check()
                .map_err(|wait| ApiError::TooMany(say::BUSY.into(), wait_seconds(wait.wait_time_from(now))))?;
        }
        let Some(limit) = limit else { return Ok(()) };
        if let Some(backstop) = self.per_address.get(&Limit::Address) {
            backstop.check_key(&address).map_err(slow_down)?;
        }
        match limit.counted() {
            Counted::PerAddress => {
                if let Some(bucket) = self.per_address.get(&limit).filter(|_| limit != Limit::Address) {
                    bucket.check_key(&address).map_err(slow_down)?;
                }
            }
            Counted::PerCaller => {
                if let Some(bucket) = self.per_caller.get(&limit) {
                    // A call without a caller cannot reach here (tokens come first); should one,
                    // its address stands for it.
                    let key = caller.map_or_else(|| address.to_string(), str::to_owned);
                    bucket.check_key(&key).map_err(slow_down)?;
                }
            }
            Counted::Once => {}
        }
        Ok(())
    }

    /// Drops the buckets that are full again (nothing to remember about them).
    pub fn forget_idle(&self) {
        for bucket in self.per_address.values() {
            bucket.retain_recent();
            bucket.shrink_to_fit();
        }
        for bucket in self.per_caller.values() {
            bucket.retain_recent();
            bucket.shrink_to_fit();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core_wasm::contract::calls::{CALLS, CallSpec};

    #[test]
    fn the_limited_calls_are_the_tables() {
        for call in CALLS {
            assert_eq!(Limit::of_call(call.name).is_some(), CallSpec::get(call.name).limited, "{}", call.purpose);
        }
    }

    #[test]
    fn rates_are_read_over_the_defaults() {
        let limits = RateLimits::parse("otp-send=3/min, global=0/s").unwrap();
        assert_eq!(limits.0[&Limit::OtpSend], Some(Rate { count: 3, per: Per::Minute }));
        assert_eq!(limits.0[&Limit::Global], None);
        assert_eq!(limits.0[&Limit::Token], Some(Limit::Token.default_rate()));
        assert!(RateLimits::parse("off").unwrap().0.values().all(Option::is_none));
        assert!(RateLimits::parse("otp=3/min").unwrap_err().contains("not a limit"));
        assert!(RateLimits::parse("token=3/day").is_err());
    }

    #[test]
    fn one_visitor_spends_only_its_own_bucket_whatever_address_it_shares() {
        let limiters = Limiters::new(&RateLimits::parse("otp-send=3/min").unwrap());
        let a: IpAddr = "198.51.100.1".parse().unwrap();
        for _ in 0..3 {
            assert!(limiters.check(Some(Limit::OtpSend), a, Some("web/v1")).is_ok());
        }
        let refused = limiters.check(Some(Limit::OtpSend), a, Some("web/v1")).unwrap_err();
        assert!(matches!(refused, ApiError::TooMany(_, seconds) if (1..=20).contains(&seconds)));
        assert!(limiters.check(Some(Limit::OtpSend), a, Some("web/v2")).is_ok(), "another visitor, same address");
        assert!(
            limiters.check(None, a, Some("web/v1")).is_ok(),
            "calls without a limit only count against the ceiling"
        );
    }

    #[test]
    fn the_address_is_a_backstop_over_every_caller_behind_it() {
        let limiters = Limiters::new(&RateLimits::parse("address=5/min,token=3/min").unwrap());
        let (a, b): (IpAddr, IpAddr) = ("198.51.100.1".parse().unwrap(), "198.51.100.2".parse().unwrap());
        for n in 0..3 {
            assert!(limiters.check(Some(Limit::Token), a, None).is_ok(), "token {n}");
        }
        assert!(limiters.check(Some(Limit::Token), a, None).is_err(), "new visitors' tokens per address");
        assert!(limiters.check(Some(Limit::SeatLock), a, Some("web/v1")).is_ok());
        assert!(limiters.check(Some(Limit::SeatLock), a, Some("web/v2")).is_err(), "the address's backstop is spent");
        assert!(limiters.check(Some(Limit::SeatLock), b, Some("web/v2")).is_ok(), "another address has its own");
    }
}
