//! The sandbox gateway's pages, served by the API itself in demo mode: a page with Pay / Fail /
//! Cancel whose forms post back here; the server validates the outcome, settles it (the ticket is
//! issued right then), and only then redirects the browser to the site's result page.

use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use core_wasm::contract::booking::BookingStatus;
use core_wasm::server_messages as say;

use crate::AppState;
use crate::domain::booking::{Issued, issue};
use crate::domain::gateway::{Outcome, PaymentGateway, Sandbox, settle};
use crate::error::ApiError;
use crate::store::bookings;

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
