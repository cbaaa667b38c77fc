//! Which cancellation and date-change policy a ticket follows (issue 37), and what it says about
//! a cancellation: the amounts come from the core (`core_wasm::policy`), the same for the web and
//! the counter. A booking keeps the policy its operator had when the traveller booked (shown on
//! the payment page); bookings made before policies follow the site's flat rule
//! (`CANCEL_CUTOFF_HOURS`, `CANCEL_FEE_PERCENT`).

use core_wasm::policy::{self, Policy, PolicyQuote, PolicyRefusal};
use core_wasm::pricing::Taka;
use core_wasm::server_messages as say;
use core_wasm::time::DateTime;

use crate::config::Config;
use crate::error::ApiError;

/// The site's rule, for operators without their own.
pub fn site(config: &Config) -> Policy {
    policy::flat(config.cancel_cutoff_hours, config.cancel_fee_percent)
}

/// The policy a booking keeps: its operator's (stored JSON, saved valid), else the site's.
pub fn for_sale(config: &Config, operator_policy: Option<&str>) -> String {
    match operator_policy {
        Some(json) => json.to_owned(),
        None => serde_json::to_string(&site(config)).unwrap_or_default(),
    }
}

/// A stored policy read back; one that does not read (never saved so) is the site's, said in
/// the log.
pub fn read(config: &Config, stored: Option<&str>) -> Policy {
    match stored.map(serde_json::from_str::<Policy>) {
        Some(Ok(p)) => p,
        Some(Err(e)) => {
            tracing::error!(error = %e, "a stored policy does not read: the site's rule applies");
            site(config)
        }
        None => site(config),
    }
}

/// The fee and refund of an allowed cancellation, or the message of a refused one.
/// A dated period as a message names it: its name, or its dates.
pub fn period_name(period: Option<&policy::Period>) -> String {
    period
        .map(|p| if p.name.is_empty() { format!("{} to {}", p.from, p.to) } else { p.name.clone() })
        .unwrap_or_default()
}

pub fn allowed(policy: &Policy, quote: PolicyQuote, departs: DateTime) -> Result<(Taka, Taka), ApiError> {
    match quote {
        PolicyQuote::Allowed { fee, refund, .. } => Ok((fee, refund)),
        PolicyQuote::Refused { reason: PolicyRefusal::Departed, .. } => Err(ApiError::bad(say::CANCEL_DEPARTED)),
        PolicyQuote::Refused { reason: PolicyRefusal::NotInPeriod, .. } => {
            let period = period_name(policy::period_of(policy, departs));
            Err(ApiError::bad(say::CANCEL_PERIOD.with(&[("period", &period)])))
        }
        PolicyQuote::Refused { .. } => {
            let period = policy::period_of(policy, departs).and_then(|p| p.slabs.as_deref());
            let hours = period.unwrap_or(&policy.slabs).iter().map(|s| s.hours).min().unwrap_or(0).to_string();
            Err(ApiError::bad(say::CANCEL_CUTOFF.with(&[("hours", &hours)])))
        }
    }
}
