//! `bookings` and `booking_seats`: a traveller's booking from its pending payment to its end.

use super::pool::Tx;
use core_wasm::contract::booking::{BookingStatus, Gender};
use core_wasm::pricing::Quote;
use core_wasm::service::Service;

use super::Exec;
use super::pool::Writes;

/// A booking as stored. The table's `gateway` column is left unread and unwritten (a booking's
/// gateway is its sessions': `payments::gateway_of`) until a later release drops it (docs/deployment.md,
/// releases).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BookingRow {
    pub id: String,
    pub tnx_id: String,
    #[sqlx(try_from = "String")]
    pub service: Service,
    pub trip_id: String,
    pub hold_id: String,
    pub visitor: String,
    pub from_stop: i64,
    pub to_stop: i64,
    pub boarding_point: Option<String>,
    pub dropping_point: Option<String>,
    pub passenger_name: String,
    pub phone: String,
    pub email: Option<String>,
    #[sqlx(try_from = "String")]
    pub gender: Gender,
    pub sub_total: i64,
    pub discount: i64,
    pub promo_code: Option<String>,
    pub service_charge: i64,
    pub gateway_commission: i64,
    pub amount: i64,
    #[sqlx(try_from = "String")]
    pub status: BookingStatus,
    pub created_at: i64,
    pub paid_at: Option<i64>,
    /// The cancellation and date-change policy the traveller was shown, as JSON (issue 37).
    pub policy: Option<String>,
    /// `bn` or `en`: the language of the messages about the ticket.
    pub language: Option<String>,
    /// The ticket this booking changes the date of (issue 37), and the taka that ticket brings
    /// (what was paid less the fee, `change_fee`): the gateway is asked for the rest.
    #[sqlx(default)]
    pub changes_ticket: Option<String>,
    #[sqlx(default)]
    pub credit: i64,
    #[sqlx(default)]
    pub change_fee: i64,
}

impl BookingRow {
    /// What is left to pay through a gateway: the amount, less what a changed ticket brings.
    pub fn payable(&self) -> i64 {
        (self.amount - self.credit).max(0)
    }

    /// The amounts as stored (computed by the core's pricing when they were written).
    pub fn quote(&self) -> Quote {
        Quote {
            sub_total: self.sub_total,
            discount: self.discount,
            service_charge: self.service_charge,
            commission: self.gateway_commission,
            amount: self.amount,
        }
    }
}

pub async fn by_tnx<'c>(e: impl Exec<'c>, tnx_id: &str) -> Result<Option<BookingRow>, sqlx::Error> {
    sqlx::query_as("SELECT * FROM bookings WHERE tnx_id = $1").bind(tnx_id).fetch_optional(e).await
}

/// A booking with where its payment stands: when its hold ends (while the hold exists), and how
/// its payment came out (once one was recorded).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BookingStanding {
    #[sqlx(flatten)]
    pub booking: BookingRow,
    pub hold_expires_at: Option<i64>,
    pub payment_outcome: Option<String>,
}

impl AsRef<BookingRow> for BookingStanding {
    fn as_ref(&self) -> &BookingRow {
        &self.booking
    }
}

impl AsRef<BookingRow> for BookingRow {
    fn as_ref(&self) -> &BookingRow {
        self
    }
}

/// The booking of `tnx_id` with where its payment stands, in one read (every payment step and
/// confirm-ticket check one or the other; a booking has one hold and at most one payment).
pub async fn standing_by_tnx<'c>(e: impl Exec<'c>, tnx_id: &str) -> Result<Option<BookingStanding>, sqlx::Error> {
    sqlx::query_as(
        "SELECT b.*, h.expires_at AS hold_expires_at, p.outcome AS payment_outcome FROM bookings b \
         LEFT JOIN holds h ON h.id = b.hold_id LEFT JOIN payments p ON p.tnx_id = b.tnx_id \
         WHERE b.tnx_id = $1",
    )
    .bind(tnx_id)
    .fetch_optional(e)
    .await
}

/// The booking's seats in the order chosen.
pub async fn seats<'c>(e: impl Exec<'c>, booking_id: &str) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT seat_no FROM booking_seats WHERE booking_id = $1 ORDER BY ordinal")
        .bind(booking_id)
        .fetch_all(e)
        .await
}

/// Writes a booking and its seats, with the other writes of its call.
pub fn insert(writes: &mut Writes, b: &BookingRow, seats: &[String]) -> Result<(), sqlx::Error> {
    writes.push(
        sqlx::query(
            "INSERT INTO bookings (id, tnx_id, service, trip_id, hold_id, visitor, from_stop, to_stop, boarding_point, \
         dropping_point, passenger_name, phone, email, gender, sub_total, discount, promo_code, service_charge, \
         gateway_commission, amount, status, created_at, paid_at, policy, language) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, \
         $23, $24, $25)",
        )
        .bind(&b.id)
        .bind(&b.tnx_id)
        .bind(b.service.as_str())
        .bind(&b.trip_id)
        .bind(&b.hold_id)
        .bind(&b.visitor)
        .bind(b.from_stop)
        .bind(b.to_stop)
        .bind(b.boarding_point.as_deref())
        .bind(b.dropping_point.as_deref())
        .bind(&b.passenger_name)
        .bind(&b.phone)
        .bind(b.email.as_deref())
        .bind(b.gender.as_str())
        .bind(b.sub_total)
        .bind(b.discount)
        .bind(b.promo_code.as_deref())
        .bind(b.service_charge)
        .bind(b.gateway_commission)
        .bind(b.amount)
        .bind(b.status.as_str())
        .bind(b.created_at)
        .bind(b.paid_at)
        .bind(b.policy.as_deref())
        .bind(b.language.as_deref()),
    )?;
    if let Some(seats) = super::seats_insert("booking_seats", "booking_id", &b.id, seats) {
        writes.push(seats)?;
    }
    Ok(())
}

/// Takes a pending booking's row for the transaction and answers it as it now stands; `None`
/// when it is no longer pending (paid, ended). A write first, as [`mark_paid`] is: a change of
/// the booking's seats or amounts and its payment wait for one another (a row lock on
/// PostgreSQL, the write lock on SQLite), so neither reads what the other is changing.
pub async fn lock_pending<'c>(e: impl Exec<'c>, booking_id: &str) -> Result<Option<BookingRow>, sqlx::Error> {
    sqlx::query_as("UPDATE bookings SET status = status WHERE id = $1 AND status = $2 RETURNING *")
        .bind(booking_id)
        .bind(BookingStatus::Pending.as_str())
        .fetch_optional(e)
        .await
}

/// Makes a pending booking the new date of `ticket_id`, bringing `credit` taka after a `fee`
/// (issue 37); false when it is no longer pending or is another ticket's new date already.
pub async fn mark_change<'c>(
    e: impl Exec<'c>,
    booking_id: &str,
    ticket_id: &str,
    credit: i64,
    fee: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE bookings SET changes_ticket = $1, credit = $2, change_fee = $3 \
         WHERE id = $4 AND status = $5 AND (changes_ticket IS NULL OR changes_ticket = $1)",
    )
    .bind(ticket_id)
    .bind(credit)
    .bind(fee)
    .bind(booking_id)
    .bind(BookingStatus::Pending.as_str())
    .execute(e)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Replaces a pending booking's seats and amounts (a seat removed).
pub async fn reprice(tx: &mut Tx, booking_id: &str, seats: &[String], quote: &Quote) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE bookings SET sub_total = $1, service_charge = $2, gateway_commission = $3, discount = $4, amount = $5 \
         WHERE id = $6",
    )
    .bind(quote.sub_total)
    .bind(quote.service_charge)
    .bind(quote.commission)
    .bind(quote.discount)
    .bind(quote.amount)
    .bind(booking_id)
    .execute(&mut **tx)
    .await?;
    sqlx::query("DELETE FROM booking_seats WHERE booking_id = $1").bind(booking_id).execute(&mut **tx).await?;
    if let Some(insert) = super::seats_insert("booking_seats", "booking_id", booking_id, seats) {
        insert.execute(&mut **tx).await?;
    }
    Ok(())
}

/// A promo applied (its code and the new quote) or removed (no code) on a pending booking.
pub async fn set_promo<'c>(
    e: impl Exec<'c>,
    tnx_id: &str,
    code: Option<&str>,
    quote: &Quote,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE bookings SET discount = $1, promo_code = $2, amount = $3 WHERE tnx_id = $4 AND status = $5")
        .bind(quote.discount)
        .bind(code)
        .bind(quote.amount)
        .bind(tnx_id)
        .bind(BookingStatus::Pending.as_str())
        .execute(e)
        .await?;
    Ok(())
}

/// Notes when a payment first came (kept if it is refunded) and answers the booking as it now
/// stands. Also the first write of issuing, which serialises concurrent issuers of the booking,
/// and changes of its seats or amounts ([`lock_pending`]), before anything is read (a row lock on
/// PostgreSQL, the write lock on SQLite).
pub async fn mark_paid<'c>(e: impl Exec<'c>, tnx_id: &str, now_ms: i64) -> Result<Option<BookingRow>, sqlx::Error> {
    sqlx::query_as("UPDATE bookings SET paid_at = COALESCE(paid_at, $1) WHERE tnx_id = $2 RETURNING *")
        .bind(now_ms)
        .bind(tnx_id)
        .fetch_optional(e)
        .await
}

/// Moves a booking from `from` to `to`; false when it was not in `from` (someone else moved it).
pub async fn transition<'c>(
    e: impl Exec<'c>,
    booking_id: &str,
    from: BookingStatus,
    to: BookingStatus,
) -> Result<bool, sqlx::Error> {
    Ok(transition_query(booking_id, from, to).execute(e).await?.rows_affected() == 1)
}

/// [`transition`] with the other writes of its call, where whether it moved is known already
/// (the booking's row is the transaction's).
pub fn transition_with(
    writes: &mut Writes,
    booking_id: &str,
    from: BookingStatus,
    to: BookingStatus,
) -> Result<(), sqlx::Error> {
    writes.push(transition_query(booking_id, from, to))
}

fn transition_query(
    booking_id: &str,
    from: BookingStatus,
    to: BookingStatus,
) -> sqlx::query::Query<'static, sqlx::Any, sqlx::any::AnyArguments> {
    sqlx::query("UPDATE bookings SET status = $1 WHERE id = $2 AND status = $3")
        .bind(to.as_str())
        .bind(booking_id)
        .bind(from.as_str())
}

/// Gives the pending bookings of owner `from` to owner `to` (a login): their payment goes on
/// for the user. Paid and ended ones stay where they were.
pub async fn move_pending<'c>(e: impl Exec<'c>, from: &str, to: &str) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("UPDATE bookings SET visitor = $1 WHERE visitor = $2 AND status = $3")
        .bind(to)
        .bind(from)
        .bind(BookingStatus::Pending.as_str())
        .execute(e)
        .await?;
    Ok(done.rows_affected())
}

/// The passenger name of the latest booking for `phone`, or else of the latest booking of
/// `owner`: the name a traveller gave for themselves, as far as the store knows it.
pub async fn latest_name<'c>(e: impl Exec<'c>, owner: &str, phone: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT passenger_name FROM bookings WHERE phone = $2 OR visitor = $1 \
         ORDER BY CASE WHEN phone = $2 THEN 0 ELSE 1 END, created_at DESC, id LIMIT 1",
    )
    .bind(owner)
    .bind(phone)
    .fetch_optional(e)
    .await
}

/// How many live bookings (pending or ticketed) other than `tnx_id` use the promo code, in all
/// and with this phone.
pub async fn promo_uses<'c>(
    e: impl Exec<'c>,
    code: &str,
    phone: &str,
    tnx_id: &str,
) -> Result<(i64, i64), sqlx::Error> {
    sqlx::query_as(
        "SELECT COUNT(*), COALESCE(SUM(CASE WHEN phone = $2 THEN 1 ELSE 0 END), 0) FROM bookings \
         WHERE promo_code = $1 AND status IN ($4, $5) AND tnx_id <> $3",
    )
    .bind(code)
    .bind(phone)
    .bind(tnx_id)
    .bind(BookingStatus::Pending.as_str())
    .bind(BookingStatus::Ticketed.as_str())
    .fetch_one(e)
    .await
}

/// How a claim to open a gateway session for a booking came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opening {
    /// This caller may open one (counted).
    Claimed,
    /// Another caller is opening one until then: wait for it.
    Busy { until_ms: i64 },
    /// The booking has opened as many as it may.
    Spent,
}

/// Counts one more gateway session for the booking and takes its opening lease until
/// `lease_until`, in one statement: at most `max` ever, one opening at a time. The refusal says
/// which limit stood in the way.
pub async fn claim_opening(
    tx: &mut Tx,
    booking_id: &str,
    max: i64,
    now_ms: i64,
    lease_until: i64,
) -> Result<Opening, sqlx::Error> {
    let claimed = sqlx::query(
        "UPDATE bookings SET sessions_opened = sessions_opened + 1, opening_until = $1 \
         WHERE id = $2 AND sessions_opened < $3 AND (opening_until IS NULL OR opening_until <= $4)",
    )
    .bind(lease_until)
    .bind(booking_id)
    .bind(max)
    .bind(now_ms)
    .execute(&mut **tx)
    .await?;
    if claimed.rows_affected() == 1 {
        return Ok(Opening::Claimed);
    }
    let (opened, until): (i64, Option<i64>) =
        sqlx::query_as("SELECT sessions_opened, opening_until FROM bookings WHERE id = $1")
            .bind(booking_id)
            .fetch_one(&mut **tx)
            .await?;
    Ok(match until {
        _ if opened >= max => Opening::Spent,
        Some(until_ms) if until_ms > now_ms => Opening::Busy { until_ms },
        // The lease ended between the two statements: try again.
        _ => Opening::Busy { until_ms: now_ms },
    })
}

/// Ends the booking's opening lease: the next caller may open (or reuse what was opened). An
/// opening not `used` (another caller's session was given instead) is given back.
pub async fn end_opening<'c>(e: impl Exec<'c>, booking_id: &str, used: bool) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE bookings SET opening_until = NULL, \
         sessions_opened = sessions_opened - CASE WHEN $2 THEN 0 ELSE 1 END WHERE id = $1",
    )
    .bind(booking_id)
    .bind(used)
    .execute(e)
    .await?;
    Ok(())
}
