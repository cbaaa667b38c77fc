//! The sandbox gateway's pages, served by the API itself in demo mode only: a page with Pay /
//! Fail / Cancel whose forms post back here; the button is the sandbox's verdict, settled at once
//! (the ticket is issued right then), and only then is the browser sent to the site's result page.

use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};

use crate::AppState;
use crate::domain::payments::sandbox::verdict_of;
use crate::domain::payments::settle;
use crate::error::ApiError;
use crate::http::gateways::{result_page, session_of};
use crate::http::html::escape;
use crate::store::payments::SessionState;

/// The sandbox's payment page: no script, three buttons.
pub async fn page(State(state): State<AppState>, Path(session_id): Path<String>) -> Response {
    let session = match crate::store::payments::session(&state.pool, &session_id).await {
        Ok(Some(session)) if session.gateway == crate::domain::payments::sandbox::NAME => session,
        Ok(_) => {
            return (StatusCode::NOT_FOUND, Html("<h1>Payment session not found</h1>".to_owned())).into_response();
        }
        Err(e) => return ApiError::from(e).into_response(),
    };
    let amount = core_wasm::pricing::format_taka(session.amount as f64);
    let id = escape(&session.id);
    let body = if session.state == SessionState::Open {
        format!(
            "<form method=\"post\" action=\"/gateway/sandbox/{id}/pay\"><button class=\"pay\">Pay {amount}</button></form>\
             <form method=\"post\" action=\"/gateway/sandbox/{id}/fail\"><button>Fail</button></form>\
             <form method=\"post\" action=\"/gateway/sandbox/{id}/cancel\"><button>Cancel</button></form>"
        )
    } else {
        format!("<p>This payment is already {}.</p>", session.state)
    };
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">\
         <link rel=\"icon\" href=\"data:,\">\
         <title>Sandbox payment</title></head><body><main><h1>Sandbox payment gateway</h1>\
         <p>Transaction <strong>{tnx}</strong>: {amount}. No real money moves.</p>{body}</main></body></html>",
        tnx = escape(&session.tnx_id)
    );
    ([(header::CACHE_CONTROL, "no-store")], Html(html)).into_response()
}

/// A button of the sandbox page: settle its verdict, then send the browser to the site.
pub async fn callback(State(state): State<AppState>, Path((session_id, action)): Path<(String, String)>) -> Response {
    let (session, service) = match session_of(&state, crate::domain::payments::sandbox::NAME, &session_id).await {
        Ok(found) => found,
        Err(e) => return e.into_response(),
    };
    let Some(verdict) = verdict_of(&session, &action) else {
        return ApiError::no_page().into_response();
    };
    match settle(&state, &session, verdict).await {
        Ok(settled) => result_page(service, &session.tnx_id, &settled),
        Err(e) => e.into_response(),
    }
}
