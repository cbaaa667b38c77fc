//! Payment gateways (DESIGN §3 "Payments"), shaped like SSLCommerz: open a session (a redirect
//! URL), validate the outcome server-side, refund. The sandbox gateway is served by the API
//! itself: a page with Pay / Fail / Cancel whose forms post back here; the server validates the
//! outcome, records one charge per transaction, issues the ticket right then, and only then
//! redirects the browser to `/{bus|launch}/payment/{success|failed|cancel}?tnxId=...`.

use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use core_wasm::contract::booking::BookingStatus;
use core_wasm::server_messages as say;

use crate::AppState;
use crate::domain::booking::{Issued, SANDBOX, issue};
use crate::error::ApiError;
use crate::store::bookings;
use crate::store::payments::{self, PaymentOutcome};
use crate::wire::now_unix_ms;

/// What the traveller did on the gateway's page, as its callback claims.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Paid,
    Failed,
    Cancelled,
}

impl Outcome {
    fn parse(action: &str) -> Option<Outcome> {
        match action {
            "pay" => Some(Outcome::Paid),
            "fail" => Some(Outcome::Failed),
            "cancel" => Some(Outcome::Cancelled),
            _ => None,
        }
    }

    fn recorded(self) -> PaymentOutcome {
        match self {
            Outcome::Paid => PaymentOutcome::Paid,
            Outcome::Failed => PaymentOutcome::Failed,
            Outcome::Cancelled => PaymentOutcome::Cancelled,
        }
    }
}

/// What a gateway adapter does. Real gateways validate with their own server (SSLCommerz's
/// validation API, bKash's query); the sandbox trusts its own page.
pub trait PaymentGateway {
    /// Where the traveller pays for `tnx_id`.
    fn session_url(&self, tnx_id: &str) -> String;
    /// The gateway's own word on what happened to `tnx_id`, given what the callback claims.
    fn validate(&self, tnx_id: &str, claimed: Outcome) -> Outcome;
}

#[derive(Debug, Clone, Copy, Default)]
pub struct Sandbox;

impl PaymentGateway for Sandbox {
    fn session_url(&self, tnx_id: &str) -> String {
        format!("/gateway/sandbox/{tnx_id}")
    }

    fn validate(&self, _tnx_id: &str, claimed: Outcome) -> Outcome {
        claimed
    }
}

/// Records the validated outcome once (a repeated or reordered callback changes nothing) and
/// settles the booking: a payment issues the ticket, a failure or cancel releases the seats.
/// Returns the outcome that stands.
pub async fn settle(state: &AppState, tnx_id: &str, outcome: Outcome) -> Result<Outcome, ApiError> {
    let pool = &state.pool;
    let booking = bookings::by_tnx(pool, tnx_id).await?.ok_or_else(|| ApiError::not_found(say::BOOKING_NOT_FOUND))?;
    payments::record_once(pool, tnx_id, SANDBOX, booking.amount, outcome.recorded(), now_unix_ms()).await?;
    let standing = payments::outcome(pool, tnx_id)
        .await?
        .ok_or_else(|| ApiError::Internal(format!("payment of {tnx_id} not recorded")))?;
    let (status, outcome) = match standing {
        PaymentOutcome::Paid | PaymentOutcome::Refunded => {
            issue(state, tnx_id).await?;
            return Ok(Outcome::Paid);
        }
        PaymentOutcome::Cancelled => (BookingStatus::Cancelled, Outcome::Cancelled),
        PaymentOutcome::Failed => (BookingStatus::Failed, Outcome::Failed),
    };
    let write = state.claims.writing(&booking.trip_id);
    let mut tx = pool.begin().await?;
    bookings::transition(&mut *tx, &booking.id, BookingStatus::Pending, status).await?;
    crate::inventory::release(&mut tx, &write, &booking.hold_id).await?;
    tx.commit().await?;
    Ok(outcome)
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The sandbox's payment page: no script, three buttons.
pub async fn page(State(state): State<AppState>, Path(tnx_id): Path<String>) -> Response {
    let booking = match bookings::by_tnx(&state.pool, &tnx_id).await {
        Ok(Some(booking)) => booking,
        Ok(None) => {
            return (StatusCode::NOT_FOUND, Html("<h1>Payment session not found</h1>".to_owned())).into_response();
        }
        Err(e) => return ApiError::from(e).into_response(),
    };
    let amount = core_wasm::pricing::format_taka(booking.amount as f64);
    let tnx = escape(&tnx_id);
    let body = if booking.status == BookingStatus::Pending {
        format!(
            "<form method=\"post\" action=\"/gateway/sandbox/{tnx}/pay\"><button class=\"pay\">Pay {amount}</button></form>\
             <form method=\"post\" action=\"/gateway/sandbox/{tnx}/fail\"><button>Fail</button></form>\
             <form method=\"post\" action=\"/gateway/sandbox/{tnx}/cancel\"><button>Cancel</button></form>"
        )
    } else {
        format!("<p>This payment is already {}.</p>", booking.status)
    };
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">\
         <link rel=\"icon\" href=\"data:,\">\
         <title>Sandbox payment</title></head><body><main><h1>Sandbox payment gateway</h1>\
         <p>Transaction <strong>{tnx}</strong>: {amount}. No real money moves.</p>{body}</main></body></html>"
    );
    ([(header::CACHE_CONTROL, "no-store")], Html(html)).into_response()
}

/// A button of the sandbox page: validate, settle, then send the browser to the site.
pub async fn callback(State(state): State<AppState>, Path((tnx_id, action)): Path<(String, String)>) -> Response {
    let Some(claimed) = Outcome::parse(&action) else {
        return ApiError::no_page().into_response();
    };
    let service = match bookings::by_tnx(&state.pool, &tnx_id).await {
        Ok(Some(booking)) => booking.service,
        Ok(None) => return ApiError::not_found(say::BOOKING_NOT_FOUND).into_response(),
        Err(e) => return ApiError::from(e).into_response(),
    };
    let outcome = Sandbox.validate(&tnx_id, claimed);
    let standing = match settle(&state, &tnx_id, outcome).await {
        Ok(o) => o,
        Err(e) => return e.into_response(),
    };
    let page = match standing {
        Outcome::Paid => match issue(&state, &tnx_id).await {
            Ok(Issued::Ticket(_)) => "success",
            Ok(Issued::Refunded) => "failed",
            Err(e) => return e.into_response(),
        },
        Outcome::Failed => "failed",
        Outcome::Cancelled => "cancel",
    };
    Redirect::to(&format!("/{}/payment/{page}?tnxId={}", service.path_segment(), escape(&tnx_id))).into_response()
}
