//! Payment gateways (DESIGN §3 "Payments"): open a session with the booking's amount frozen, learn
//! its outcome from the gateway's own server (never from the browser), issue the ticket in the
//! same transaction that records the payment, and send refunds back through the gateway.
//!
//! - [`sandbox`]: the demo's gateway, served by the API itself (demo mode only).
//! - [`sslcommerz`]: SSLCommerz v4 (session, validation API, IPN signature, refund API).
//! - [`bkash`]: bKash tokenized checkout (grant token, create, execute, status query, refund).
//! - [`issuing`]: the ticket of a paid booking, issued once, decided by a pure plan.
//! - [`refunds`]: refunds sent back through the gateway that took the money.
//! - [`reconcile`]: what a crash or a lost callback leaves behind, repaired at start and every
//!   minute: paid bookings without a ticket, open sessions of unknown outcome, refunds to send.
//!
//! Every adapter call is bounded by GATEWAY_TIMEOUT_SECONDS; an error or a timeout leaves the
//! session open for the reconciler to ask again, so an unknown outcome is settled by the
//! gateway's answer, never by a guess.

pub mod bkash;
pub mod exchange;
pub mod funds;
pub mod issuing;
pub mod reconcile;
pub mod refunds;
pub mod sandbox;
pub mod sslcommerz;

use std::future::Future;
use std::time::Duration;

use core_wasm::contract::booking::BookingStatus;
use core_wasm::pricing::Taka;
use core_wasm::server_messages as say;
use core_wasm::service::Service;

use self::issuing::{Issued, issue_paid};
use crate::AppState;
use crate::clock::now_unix_ms;
use crate::config::PaymentSettings;
use crate::error::ApiError;
use crate::store::bookings::{self, BookingRow};
use crate::store::payments::{self, RefundReason, SessionRow, SessionState};

/// The one currency travellers pay in.
pub const CURRENCY: &str = "BDT";

/// How often the reconciler asks about a session still open.
pub const CHECK_EVERY: Duration = Duration::from_secs(60);

/// What the site asks a gateway to charge, with what the gateway wants to know of the trip.
#[derive(Debug, Clone)]
pub struct Charge<'a> {
    /// Our transaction id for this session (the gateway's tran_id / merchantInvoiceNumber).
    pub session_id: &'a str,
    pub tnx_id: &'a str,
    pub amount: Taka,
    pub currency: &'a str,
    pub service: Service,
    pub name: &'a str,
    pub phone: &'a str,
    pub email: Option<&'a str>,
    /// `Dhaka-Chittagong`, as travellers read it.
    pub journey: String,
    pub hours_till_departure: i64,
    /// Where the gateway sends the traveller back: `{PUBLIC_URL}/gateway/{gateway}/{session}`.
    pub return_url: String,
    /// Where the gateway's server notifies us (SSLCommerz's IPN).
    pub notify_url: String,
}

/// A session the gateway opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opened {
    pub redirect_url: String,
    /// The gateway's own handle of the session (sessionkey, paymentID).
    pub gateway_ref: Option<String>,
}

/// What the gateway's own server says of a session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Money was taken. Checked against the session before it is believed: the same
    /// transaction id, amount (in paisa) and currency.
    Paid {
        tran_id: String,
        amount_paisa: i64,
        currency: String,
        paid_ref: String,
    },
    Failed,
    Cancelled,
    /// Not ended yet, or the gateway does not know yet: ask again later.
    Pending,
}

/// Where a refund stands at the gateway.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RefundAnswer {
    /// The money is back with the traveller.
    Done { refund_ref: String },
    /// Accepted; the gateway is still moving it.
    Processing { refund_ref: String },
}

/// A gateway that did not answer usefully: retried (sessions and refunds stay where they were).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GatewayError {
    Timeout,
    Unreachable(String),
    /// The gateway answered, but not with what was asked (an error status, a refusal, a body
    /// that does not parse).
    Answer(String),
}

impl std::fmt::Display for GatewayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GatewayError::Timeout => write!(f, "the gateway did not answer in time"),
            GatewayError::Unreachable(e) => write!(f, "the gateway could not be reached: {e}"),
            GatewayError::Answer(e) => write!(f, "the gateway answered: {e}"),
        }
    }
}

impl std::error::Error for GatewayError {}

impl From<reqwest::Error> for GatewayError {
    fn from(e: reqwest::Error) -> GatewayError {
        if e.is_timeout() {
            GatewayError::Timeout
        } else if e.is_decode() || e.is_body() {
            GatewayError::Answer(e.without_url().to_string())
        } else {
            GatewayError::Unreachable(e.without_url().to_string())
        }
    }
}

/// What each gateway adapter does. The amount and currency travel with every call that moves
/// money; what a callback claims is never an argument: outcomes come from the gateway's server.
pub trait PaymentGateway {
    /// Opens a payment session for the charge.
    fn open(&self, charge: &Charge<'_>) -> impl Future<Output = Result<Opened, GatewayError>> + Send;
    /// Asks the gateway's server how the session ended.
    fn query(&self, session: &SessionRow) -> impl Future<Output = Result<Verdict, GatewayError>> + Send;
    /// Asks for `amount_paisa` of the session's payment back; `reference` is ours, the same on
    /// every retry, so the gateway can tell a retry from a second refund.
    fn refund(
        &self,
        session: &SessionRow,
        amount_paisa: i64,
        reference: &str,
    ) -> impl Future<Output = Result<RefundAnswer, GatewayError>> + Send;
    /// Where an accepted refund now stands.
    fn refund_status(
        &self,
        session: &SessionRow,
        refund_ref: &str,
    ) -> impl Future<Output = Result<RefundAnswer, GatewayError>> + Send;
}

/// A configured gateway.
#[derive(Debug)]
pub enum Gateway {
    Sandbox(sandbox::Sandbox),
    SslCommerz(sslcommerz::SslCommerz),
    Bkash(bkash::Bkash),
}

impl Gateway {
    pub fn name(&self) -> &'static str {
        match self {
            Gateway::Sandbox(_) => sandbox::NAME,
            Gateway::SslCommerz(_) => sslcommerz::NAME,
            Gateway::Bkash(_) => bkash::NAME,
        }
    }

    pub async fn open(&self, charge: &Charge<'_>) -> Result<Opened, GatewayError> {
        match self {
            Gateway::Sandbox(g) => g.open(charge).await,
            Gateway::SslCommerz(g) => g.open(charge).await,
            Gateway::Bkash(g) => g.open(charge).await,
        }
    }

    pub async fn query(&self, session: &SessionRow) -> Result<Verdict, GatewayError> {
        match self {
            Gateway::Sandbox(g) => g.query(session).await,
            Gateway::SslCommerz(g) => g.query(session).await,
            Gateway::Bkash(g) => g.query(session).await,
        }
    }

    pub async fn refund(
        &self,
        session: &SessionRow,
        amount_paisa: i64,
        reference: &str,
    ) -> Result<RefundAnswer, GatewayError> {
        match self {
            Gateway::Sandbox(g) => g.refund(session, amount_paisa, reference).await,
            Gateway::SslCommerz(g) => g.refund(session, amount_paisa, reference).await,
            Gateway::Bkash(g) => g.refund(session, amount_paisa, reference).await,
        }
    }

    pub async fn refund_status(&self, session: &SessionRow, refund_ref: &str) -> Result<RefundAnswer, GatewayError> {
        match self {
            Gateway::Sandbox(g) => g.refund_status(session, refund_ref).await,
            Gateway::SslCommerz(g) => g.refund_status(session, refund_ref).await,
            Gateway::Bkash(g) => g.refund_status(session, refund_ref).await,
        }
    }
}

/// The gateways this site offers, from configuration: the sandbox in demo mode only.
#[derive(Debug)]
pub struct Gateways {
    offered: Vec<Gateway>,
    public_url: String,
}

impl Gateways {
    pub fn from_settings(settings: &PaymentSettings, demo: bool) -> Result<Gateways, reqwest::Error> {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(u64::from(settings.timeout_seconds)))
            .connect_timeout(Duration::from_secs(u64::from(settings.timeout_seconds)))
            .build()?;
        let mut offered = Vec::new();
        if let Some(s) = &settings.sslcommerz {
            offered.push(Gateway::SslCommerz(sslcommerz::SslCommerz::new(client.clone(), s)));
        }
        if let Some(b) = &settings.bkash {
            offered.push(Gateway::Bkash(bkash::Bkash::new(client.clone(), b)));
        }
        if demo {
            offered.push(Gateway::Sandbox(sandbox::Sandbox));
        }
        Ok(Gateways { offered, public_url: settings.public_url.clone().unwrap_or_default() })
    }

    /// The names offered, in order.
    pub fn names(&self) -> Vec<String> {
        self.offered.iter().map(|g| g.name().to_owned()).collect()
    }

    pub fn get(&self, name: &str) -> Option<&Gateway> {
        self.offered.iter().find(|g| g.name() == name)
    }

    fn by_name(&self, name: &str) -> Result<&Gateway, ApiError> {
        self.get(name)
            .ok_or_else(|| ApiError::Internal(format!("gateway '{name}' of a session is no longer configured")))
    }
}

/// Sessions update-gateway may open for one booking, ever: each is a call to the gateway's API
/// and a row the reconciler asks about (one open session per gateway is given again, so an
/// honest traveller switching gateways and back needs few).
pub const MAX_SESSIONS_PER_BOOKING: i64 = 8;

/// An open session is given again for this long after it opened; older, a gateway may have
/// ended its page, so a new one is opened.
const REUSE_MS: i64 = 5 * 60 * 1000;

/// How often a caller waiting for another's opening looks again.
const OPENING_POLL: Duration = Duration::from_millis(50);

/// `update-gateway`'s work: the booking's open session at the gateway for its current amount,
/// or a new one opened there. One caller opens at a time per booking (the others wait for its
/// session and are given it), and a booking opens at most [`MAX_SESSIONS_PER_BOOKING`]. A
/// gateway that fails or is slow answers 503 and leaves the booking as it was.
pub async fn open_session(state: &AppState, booking: &BookingRow, gateway_name: &str) -> Result<SessionRow, ApiError> {
    if state.gateways.offered.is_empty() {
        return Err(ApiError::Unavailable(say::PAYMENT_UNAVAILABLE.into()));
    }
    let gateway = state
        .gateways
        .get(gateway_name)
        .ok_or_else(|| ApiError::bad(say::GATEWAY_UNKNOWN.with(&[("gateway", gateway_name)])))?;
    // The lease outlives the gateway's answer (bounded by its timeout) and the write after it.
    let lease_ms = i64::from(state.config.payments.timeout_seconds) * 1000 + 5_000;
    let deadline = tokio::time::Instant::now() + Duration::from_millis(lease_ms as u64) * 2;
    loop {
        let now = now_unix_ms();
        if let Some(open) =
            payments::reusable(&state.pool, &booking.tnx_id, gateway.name(), booking.payable(), now - REUSE_MS).await?
        {
            return Ok(open);
        }
        let mut tx = state.pool.begin().await?;
        let claim =
            bookings::claim_opening(&mut tx, &booking.id, MAX_SESSIONS_PER_BOOKING, now, now + lease_ms).await?;
        tx.commit().await?;
        match claim {
            bookings::Opening::Claimed => break,
            bookings::Opening::Spent => {
                return Err(ApiError::TooMany(say::PAYMENT_ATTEMPTS.into(), u64::from(state.config.hold_seconds)));
            }
            bookings::Opening::Busy { .. } if tokio::time::Instant::now() >= deadline => {
                return Err(ApiError::Unavailable(say::GATEWAY_DOWN.into()));
            }
            bookings::Opening::Busy { .. } => tokio::time::sleep(OPENING_POLL).await,
        }
    }
    // A caller that opened one while this one waited or looked has just let the lease go: its
    // session is given, not another (looked at under the lease, so no one opens meanwhile), and
    // the opening this caller claimed is given back.
    let reused =
        payments::reusable(&state.pool, &booking.tnx_id, gateway.name(), booking.payable(), now_unix_ms() - REUSE_MS)
            .await;
    let (opened, used) = match reused {
        Ok(Some(open)) => (Ok(open), false),
        Ok(None) => (open_at_gateway(state, gateway, booking).await, true),
        Err(e) => (Err(e.into()), false),
    };
    // Whatever came of it, the next caller may go on (and is given this session if it opened).
    if let Err(e) = bookings::end_opening(&state.pool, &booking.id, used).await {
        tracing::warn!(tnx_id = booking.tnx_id, error = %e, "could not end a booking's opening lease: it runs out");
    }
    opened
}

/// Opens a session at the gateway for what the booking has left to pay and records it.
async fn open_at_gateway(state: &AppState, gateway: &Gateway, booking: &BookingRow) -> Result<SessionRow, ApiError> {
    let now = now_unix_ms();
    let mut session = SessionRow {
        id: crate::ids::new_tnx_id()?,
        tnx_id: booking.tnx_id.clone(),
        gateway: gateway.name().to_owned(),
        amount: booking.payable(),
        currency: CURRENCY.to_owned(),
        gateway_ref: None,
        redirect_url: None,
        paid_ref: None,
        state: SessionState::Open,
        opened_at: now,
        check_at: now + CHECK_EVERY.as_millis() as i64,
        executing_since: None,
        recheck_until: None,
    };
    let network = state.network.get(&state.pool).await?;
    let trip = crate::domain::trip::TripInfo::find(&state.pool, &network, &booking.trip_id).await?;
    let names = crate::domain::views::trip_names(state, &network, &trip, booking.from_stop, booking.to_stop).await?;
    let departs_ms = trip.departs_at + trip.stop_offset(booking.from_stop);
    let charge = Charge {
        session_id: &session.id,
        tnx_id: &booking.tnx_id,
        amount: session.amount,
        currency: CURRENCY,
        service: booking.service,
        name: &booking.passenger_name,
        phone: &booking.phone,
        email: booking.email.as_deref(),
        journey: format!(
            "{}-{}",
            core_wasm::cities::display_name(&names.from_name),
            core_wasm::cities::display_name(&names.to_name)
        ),
        hours_till_departure: ((departs_ms - now) / 3_600_000).max(0),
        return_url: format!("{}/gateway/{}/{}", state.gateways.public_url, gateway.name(), session.id),
        notify_url: format!("{}/gateway/{}/notify", state.gateways.public_url, gateway.name()),
    };
    // Recorded once the gateway has opened it, in one write (the booking's gateway is its latest
    // session's). A session can only be paid at the page its redirect URL names, and that URL
    // reaches the traveller only after this write: a session the gateway opened but we never
    // recorded (a crash in between, a gateway answer lost) is one nobody can pay.
    match gateway.open(&charge).await {
        Ok(opened) => {
            session.gateway_ref = opened.gateway_ref;
            session.redirect_url = Some(opened.redirect_url);
            payments::open_session(&state.pool, &session).await?;
            Ok(session)
        }
        Err(e) => {
            tracing::warn!(gateway = gateway.name(), tnx_id = booking.tnx_id, error = %e, "could not open a payment session");
            Err(ApiError::Unavailable(say::GATEWAY_DOWN.into()))
        }
    }
}

/// How a session was settled, for the page the traveller is sent to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Settled {
    Ticket(String),
    /// Paid, but no ticket: the money is on its way back (seats lost, another amount, a second
    /// payment of a booking already paid).
    Refunding,
    Failed,
    Cancelled,
    /// The gateway does not say yet.
    Pending,
}

impl Settled {
    /// The site's result page for it: `/{bus|launch}/payment/{page}`.
    pub fn page(&self) -> &'static str {
        match self {
            Settled::Ticket(_) => "success",
            Settled::Refunding | Settled::Failed | Settled::Pending => "failed",
            Settled::Cancelled => "cancel",
        }
    }
}

/// Whole taka in paisa.
pub fn to_paisa(amount: Taka) -> i64 {
    amount * 100
}

/// Believes a verdict of the gateway's server for a session, once: a payment issues the ticket
/// in the transaction that records it; a payment that does not match the session (another
/// amount or currency), or that comes for a booking already paid or no longer priced so, is
/// refunded; a failure or cancel ends the booking when no other session of it is open.
/// Repeated, reordered and concurrent verdicts settle to the same state.
pub async fn settle(state: &AppState, session: &SessionRow, verdict: Verdict) -> Result<Settled, ApiError> {
    let now = now_unix_ms();
    match verdict {
        Verdict::Pending => Ok(Settled::Pending),
        Verdict::Paid { tran_id, amount_paisa, currency, paid_ref } => {
            if tran_id != session.id {
                // A validation of someone else's transaction: it proves nothing about this one.
                tracing::warn!(session = session.id, tran_id, "a gateway answer names another transaction");
                return Ok(Settled::Pending);
            }
            if amount_paisa != to_paisa(session.amount) || currency != session.currency {
                tracing::error!(
                    session = session.id,
                    amount_paisa,
                    currency,
                    expected = session.amount,
                    "paid another amount than the session's: refunding, no ticket"
                );
                let mut tx = state.pool.begin().await?;
                payments::close_session(&mut *tx, &session.id, SessionState::Paid, Some(&paid_ref)).await?;
                payments::request_refund(
                    &mut *tx,
                    session,
                    &session.tnx_id,
                    amount_paisa,
                    RefundReason::AmountMismatch,
                    now,
                )
                .await?;
                tx.commit().await?;
                return Ok(Settled::Refunding);
            }
            // Whether the booking is still priced as the session froze is asked under its row,
            // in the transaction that would issue its ticket.
            Ok(match issue_paid(state, &session.tnx_id, Some((session, &paid_ref))).await? {
                Issued::Ticket(id) => Settled::Ticket(id),
                Issued::Refunded | Issued::Duplicate | Issued::Repriced => Settled::Refunding,
            })
        }
        Verdict::Failed | Verdict::Cancelled => end_unpaid(state, session, verdict, None).await,
    }
}

/// Ends a session that took no money, as the gateway's server said (`word` None) or on a
/// browser's word that the gateway did not contradict (`word` Some: asked of the gateway again
/// until then, and only while no execute was ever sent for it); the booking ends with it when
/// no other session of it is open and nothing was paid.
async fn end_unpaid(
    state: &AppState,
    session: &SessionRow,
    verdict: Verdict,
    word: Option<i64>,
) -> Result<Settled, ApiError> {
    let (to, status, settled) = if verdict == Verdict::Failed {
        (SessionState::Failed, BookingStatus::Failed, Settled::Failed)
    } else {
        (SessionState::Cancelled, BookingStatus::Cancelled, Settled::Cancelled)
    };
    let booking = bookings::by_tnx(&state.pool, &session.tnx_id)
        .await?
        .ok_or_else(|| ApiError::not_found(say::BOOKING_NOT_FOUND))?;
    let write = state.claims.writing(&booking.trip_id);
    let mut tx = state.pool.begin().await?;
    let closed = match word {
        None => payments::close_session(&mut *tx, &session.id, to, None).await?,
        Some(recheck_until) => payments::close_on_word(&mut *tx, &session.id, to, recheck_until).await?,
    };
    if word.is_some() && !closed {
        // An execute was sent meanwhile (or the session ended otherwise): not the
        // browser's to end.
        tx.rollback().await?;
        return standing(state, session, Settled::Pending).await;
    }
    // Another session of the booking still open (the traveller tried another gateway)
    // keeps the booking waiting; so does a payment already recorded.
    let others_open = payments::latest_open(&mut *tx, &session.tnx_id).await?.is_some();
    let unpaid = payments::outcome(&mut *tx, &session.tnx_id).await?.is_none();
    if closed
        && !others_open
        && unpaid
        && bookings::transition(&mut *tx, &booking.id, BookingStatus::Pending, status).await?
    {
        crate::store::inventory::release(&mut tx, &write, &booking.hold_id).await?;
    }
    tx.commit().await?;
    write.committed();
    // What stands may be a ticket bought through this session or another.
    standing(state, session, settled).await
}

/// How the booking of a session stands now, `otherwise` when it has neither ticket nor refund.
async fn standing(state: &AppState, session: &SessionRow, otherwise: Settled) -> Result<Settled, ApiError> {
    Ok(match bookings::by_tnx(&state.pool, &session.tnx_id).await?.map(|b| b.status) {
        Some(BookingStatus::Ticketed) => match crate::store::tickets::id_of_tnx(&state.pool, &session.tnx_id).await? {
            Some(id) => Settled::Ticket(id),
            None => otherwise,
        },
        Some(BookingStatus::Refunded) => Settled::Refunding,
        _ => otherwise,
    })
}

/// A session already paid stands as it was settled: a repeated return or notification (a reload,
/// a bot) costs a read, never another call to the gateway. A failed or cancelled one is still
/// asked: a payment the gateway confirms late must be recorded, never lost.
pub async fn ended(state: &AppState, session: &SessionRow) -> Result<Option<Settled>, ApiError> {
    if session.state != SessionState::Paid {
        return Ok(None);
    }
    // Paid without a ticket of this booking: another amount or a second payment, refunded.
    standing(state, session, Settled::Refunding).await.map(Some)
}

/// Asks the gateway about a session and settles by its answer: what a browser's return, a
/// notification without proof, or the reconciler does. An error leaves it open.
pub async fn ask_and_settle(state: &AppState, session: &SessionRow) -> Result<Settled, ApiError> {
    if let Some(ended) = ended(state, session).await? {
        return Ok(ended);
    }
    let gateway = state.gateways.by_name(&session.gateway)?;
    match gateway.query(session).await {
        Ok(verdict) => settle(state, session, verdict).await,
        Err(e) => {
            tracing::warn!(session = session.id, gateway = session.gateway, error = %e, "could not ask about a session");
            Ok(Settled::Pending)
        }
    }
}

/// A browser's return that says the payment failed or was cancelled (bKash's callback with
/// `status=failure|cancel`): asked of the gateway first, as a success is. When the gateway does
/// not know yet, the session ends on the browser's word only if no execute was ever sent for it
/// (no money can move then), and is asked again until it can no longer be paid
/// ([`session_lifetime_ms`]); after an execute it stays open for the reconciler.
pub async fn settle_return_unpaid(state: &AppState, session: &SessionRow, said: Verdict) -> Result<Settled, ApiError> {
    if let Some(ended) = ended(state, session).await? {
        return Ok(ended);
    }
    let gateway = state.gateways.by_name(&session.gateway)?;
    match gateway.query(session).await {
        Ok(Verdict::Pending) => {
            let recheck_until = session.opened_at + session_lifetime_ms(state);
            end_unpaid(state, session, said, Some(recheck_until)).await
        }
        Ok(verdict) => settle(state, session, verdict).await,
        Err(e) => {
            tracing::warn!(session = session.id, error = %e, "could not ask about a returned session: left open");
            Ok(Settled::Pending)
        }
    }
}

/// Claims the session for the one execute that takes its money; false when another caller has
/// (it is running, or ran: its outcome is asked of the gateway instead).
pub async fn claim_execution(state: &AppState, session: &SessionRow) -> Result<bool, ApiError> {
    // An execute, then a status query, each bounded by the gateway's timeout.
    let lease_ms = 3 * i64::from(state.config.payments.timeout_seconds) * 1000 + 5_000;
    let now = now_unix_ms();
    Ok(payments::claim_execution(&state.pool, &session.id, now, now - lease_ms).await?)
}

/// The longest a gateway session can take to be paid: the whole life of a hold, and half an
/// hour more. An open session older than this is abandoned; a closed one is no longer asked.
pub fn session_lifetime_ms(state: &AppState) -> i64 {
    i64::from(state.config.hold_max_seconds) * 1000 + 30 * 60 * 1000
}

/// Parses a gateway's decimal amount (`"1250.00"`, `"1250"`, `"1250.5"`) to paisa; None when it
/// is not one.
pub fn paisa_of(amount: &str) -> Option<i64> {
    let amount = amount.trim();
    let (whole, fraction) = amount.split_once('.').unwrap_or((amount, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || fraction.len() > 2 {
        return None;
    }
    if !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let fraction: i64 = format!("{fraction:0<2}").parse().ok()?;
    whole.checked_mul(100)?.checked_add(fraction)
}

/// A gateway's JSON answer; anything but a 2xx with a body that parses is the gateway's error.
async fn read_json<T: serde::de::DeserializeOwned>(response: reqwest::Response) -> Result<T, GatewayError> {
    let status = response.status();
    let body = response.text().await?;
    if !status.is_success() {
        return Err(GatewayError::Answer(format!("HTTP {status}")));
    }
    serde_json::from_str(&body).map_err(|e| GatewayError::Answer(format!("unreadable answer: {e}")))
}

/// An amount as gateways take it: `1250.00`.
pub fn decimal(amount: Taka) -> String {
    format!("{amount}.00")
}

/// An amount in paisa as gateways take it: `10.50`.
pub fn decimal_paisa(amount_paisa: i64) -> String {
    format!("{}.{:02}", amount_paisa / 100, amount_paisa % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gateway_amounts_read_to_paisa_exactly() {
        assert_eq!(paisa_of("1250.00"), Some(125_000));
        assert_eq!(paisa_of("1250"), Some(125_000));
        assert_eq!(paisa_of("1250.5"), Some(125_050));
        assert_eq!(paisa_of(" 99.99 "), Some(9_999));
        for bad in ["", "abc", "-5", "1.234", "1e3", ".5", "1.-2"] {
            assert_eq!(paisa_of(bad), None, "{bad}");
        }
        assert_eq!(decimal(1250), "1250.00");
        assert_eq!(decimal_paisa(1050), "10.50");
        assert_eq!(decimal_paisa(7), "0.07");
        assert_eq!(decimal_paisa(125_000), "1250.00");
    }
}
