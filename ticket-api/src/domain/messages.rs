//! Messages to travellers about their tickets (issue 37): the ticket when issued, the operator's
//! cancellation of the trip, a changed trip. A sale, a cancellation or a change only writes a
//! row to `messages` in its own transaction (one per topic: asking twice sends once); this
//! sender writes the text from the ticket as it then stands, in the traveller's language, and
//! sends it. A failed send is tried again with backoff and given up after [`MAX_ATTEMPTS`]: it
//! never blocks or undoes a sale.
//!
//! Each message is taken by one statement before it is sent, so of several processes one sends
//! it. In the demo the text goes to the outbox in the same transaction as its `sent_at`: exactly
//! once. Through a gateway, a process killed between the gateway's acceptance and the write of
//! `sent_at` sends it again after the lease: at least once, as every SMS gateway is.

use std::time::Duration;

use core_wasm::language::Language;
use core_wasm::sms;
use core_wasm::time::{DateTime, WireDateTime};

use super::sms::Sms;
use super::views;
use crate::AppState;
use crate::clock::now_unix_ms;
use crate::error::ApiError;
use crate::store::messages::{self as store, MessageRow, Topic};
use crate::store::tickets;

/// How often the sender looks for messages due.
pub const EVERY: Duration = Duration::from_secs(5);
/// Messages a pass takes at most.
const BATCH: i64 = 200;
/// How long a message is a process's to send before another may.
const LEASE_MS: i64 = 60_000;
/// Attempts before a message is given up (about a day of backoff).
pub const MAX_ATTEMPTS: i64 = 10;

/// Half a minute, doubling, at most four hours.
fn backoff_ms(attempts: i64) -> i64 {
    (30_000i64 << attempts.clamp(0, 9)).min(4 * 60 * 60 * 1000)
}

/// What one pass did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Pass {
    pub sent: u64,
    pub retrying: u64,
    pub given_up: u64,
}

/// The sender, while the pool is open.
pub async fn run(state: AppState) {
    let mut every = tokio::time::interval(EVERY);
    while !state.pool.is_closed() {
        every.tick().await;
        match send_due(&state).await {
            Ok(pass) if pass != Pass::default() => tracing::info!(?pass, "sent messages"),
            Ok(_) => {}
            Err(e) => tracing::warn!(error = ?e, "the message sender could not finish a pass"),
        }
    }
}

/// One pass over the messages due.
pub async fn send_due(state: &AppState) -> Result<Pass, ApiError> {
    let mut pass = Pass::default();
    let now = now_unix_ms();
    for message in store::due(&state.pool, now, BATCH).await? {
        if !store::claim(&state.pool, &message, now + LEASE_MS).await? {
            continue;
        }
        let attempts = message.attempts + 1;
        let outcome = match text_of(state, &message).await {
            Ok(Some(text)) => deliver(state, &message, &text).await,
            // Nothing to say any more (a ticket gone): done with it.
            Ok(None) => store::sent(&state.pool, &message.id, "", now_unix_ms()).await.map_err(|e| e.to_string()),
            Err(e) => Err(format!("{e:?}")),
        };
        match outcome {
            Ok(()) => pass.sent += 1,
            Err(error) if attempts >= MAX_ATTEMPTS => {
                tracing::error!(topic = message.topic, %error, "a message to a traveller was given up");
                let at = now_unix_ms();
                store::not_sent(&state.pool, &message.id, &error, at, Some(at)).await?;
                pass.given_up += 1;
            }
            Err(error) => {
                tracing::warn!(topic = message.topic, %error, attempts, "a message was not sent; trying again later");
                store::not_sent(&state.pool, &message.id, &error, now_unix_ms() + backoff_ms(attempts), None).await?;
                pass.retrying += 1;
            }
        }
    }
    Ok(pass)
}

/// Sends `text` and records it sent.
async fn deliver(state: &AppState, message: &MessageRow, text: &str) -> Result<(), String> {
    let db = |e: sqlx::Error| e.to_string();
    match &state.sms {
        Sms::Outbox => {
            let mut tx = state.pool.begin().await.map_err(db)?;
            let now = now_unix_ms();
            let id = crate::ids::ordered_id("sms", now).map_err(|e| e.to_string())?;
            crate::store::otp::queue_sms(&mut *tx, &id, &message.phone, text, now).await.map_err(db)?;
            store::sent(&mut *tx, &message.id, text, now_unix_ms()).await.map_err(db)?;
            tx.commit().await.map_err(db)
        }
        Sms::Gateway(gateway) => {
            gateway.send(&message.phone, text).await?;
            store::sent(&state.pool, &message.id, text, now_unix_ms()).await.map_err(db)
        }
        Sms::Unavailable => Err("no SMS gateway is configured".to_owned()),
    }
}

/// The message's text from its ticket as it stands; none when there is nothing to say.
async fn text_of(state: &AppState, message: &MessageRow) -> Result<Option<String>, ApiError> {
    let Some(topic) = store::parse_topic(&message.topic) else {
        return Err(ApiError::Internal(format!("a message of unknown topic {}", message.topic)));
    };
    let ticket_id = match topic {
        Topic::Ticket(id) | Topic::Cancelled(id) | Topic::Changed(id, _) => id,
    };
    let Some(row) = tickets::by_id(&state.pool, ticket_id).await? else { return Ok(None) };
    let language = row.language.as_deref().and_then(Language::from_tag).unwrap_or_default();
    let refund = row.refund_amount.unwrap_or(row.amount);
    let reason = row.trip_cancel_reason.clone().unwrap_or_default();
    let ticket = views::ticket_of(state, row).await?;
    let at_counter = core_wasm::tickets::refund_at_counter(&ticket);
    let bn = language == Language::Bangla;
    let pick = |en: &Option<String>, bangla: &Option<String>| {
        if bn { bangla.clone().or_else(|| en.clone()) } else { en.clone() }.unwrap_or_default()
    };
    let from = pick(&ticket.from, &ticket.from_bn);
    let to = pick(&ticket.to, &ticket.to_bn);
    let operator = pick(&ticket.company_name, &ticket.company_name_bn);
    let boarding = Some(pick(&ticket.boarding_point, &ticket.boarding_point_bn)).filter(|p| !p.is_empty());
    let departs = ticket
        .departure_date_time
        .as_deref()
        .and_then(|w| WireDateTime::parse(w).ok())
        .map(WireDateTime::to_dhaka)
        .unwrap_or_else(|| DateTime::from_epoch_minutes(0));
    let pnr = ticket.pnr.clone().unwrap_or_default();
    Ok(Some(match topic {
        Topic::Ticket(_) => sms::ticket(
            &sms::TicketNote {
                pnr: &pnr,
                operator: &operator,
                from: &from,
                to: &to,
                departs,
                seats: &ticket.seats,
                boarding_point: boarding.as_deref(),
            },
            language,
        ),
        Topic::Cancelled(_) => sms::trip_cancelled(
            &sms::CancelNote {
                pnr: &pnr,
                operator: &operator,
                from: &from,
                to: &to,
                departs,
                reason: &reason,
                refund,
                at_counter,
            },
            language,
        ),
        Topic::Changed(..) => sms::trip_changed(
            &sms::ChangeNote { pnr: &pnr, from: &from, to: &to, departs, boarding_point: boarding.as_deref() },
            language,
        ),
    }))
}

#[cfg(test)]
mod tests {
    #[test]
    fn backoff_doubles_from_half_a_minute_to_four_hours() {
        assert_eq!(super::backoff_ms(1), 60_000);
        assert_eq!(super::backoff_ms(2), 120_000);
        assert_eq!(super::backoff_ms(9), 4 * 60 * 60 * 1000);
        assert_eq!(super::backoff_ms(40), 4 * 60 * 60 * 1000);
    }
}
