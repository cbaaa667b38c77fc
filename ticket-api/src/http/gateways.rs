//! Where the gateways come back: the traveller's browser after paying, and the gateway's own
//! server (SSLCommerz's IPN). Nothing a browser brings is believed: each handler asks the
//! gateway's server (validation API, execute, status query) and settles by its answer, then
//! sends the browser to the site's result page. No bearer token: these are visited, not called.

use std::collections::BTreeMap;

use axum::Form;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use core_wasm::server_messages as say;
use core_wasm::service::Service;
use serde::Deserialize;

use crate::AppState;
use crate::domain::payments::{self, Gateway, Settled, Verdict, ask_and_settle, settle};
use crate::error::ApiError;
use crate::store::payments as store;

/// The session `id` of `gateway`, with its booking's service; a 404 for anything else.
pub async fn session_of(state: &AppState, gateway: &str, id: &str) -> Result<(store::SessionRow, Service), ApiError> {
    let found = store::session_with_service(&state.pool, id)
        .await?
        .filter(|s| s.session.gateway == gateway)
        .ok_or_else(|| ApiError::not_found(say::BOOKING_NOT_FOUND))?;
    Ok((found.session, found.service))
}

/// The site's page for how the payment stands: `/{bus|launch}/payment/{page}?tnxId=...`.
pub fn result_page(service: Service, tnx_id: &str, settled: &Settled) -> Response {
    redirect(service, tnx_id, settled.page())
}

fn redirect(service: Service, tnx_id: &str, page: &str) -> Response {
    let tnx = serde_urlencoded::to_string([("tnxId", tnx_id)]).unwrap_or_default();
    Redirect::to(&format!("/{}/payment/{page}?{tnx}", service.path_segment())).into_response()
}

fn gateway<'a>(state: &'a AppState, name: &str) -> Result<&'a Gateway, ApiError> {
    state.gateways.get(name).ok_or_else(ApiError::no_page)
}

/// SSLCommerz's success, fail and cancel URLs (the browser's POST). The claim only picks the page
/// while the gateway has no answer yet.
pub async fn sslcommerz_return(
    State(state): State<AppState>,
    Path((session_id, claim)): Path<(String, String)>,
    Form(fields): Form<BTreeMap<String, String>>,
) -> Response {
    let shown_while_unknown = match claim.as_str() {
        "success" => "success",
        "fail" => "failed",
        "cancel" => "cancel",
        _ => return ApiError::no_page().into_response(),
    };
    let outcome = async {
        let Gateway::SslCommerz(ssl) = gateway(&state, payments::sslcommerz::NAME)? else {
            return Err(ApiError::no_page());
        };
        let (session, service) = session_of(&state, payments::sslcommerz::NAME, &session_id).await?;
        if let Some(ended) = payments::ended(&state, &session).await? {
            return Ok((session, service, ended));
        }
        // The return is unsigned: its `val_id` may be anyone's, or made up. Validated, it can
        // prove a payment of this session (`settle` checks the transaction id, amount and
        // currency); it never proves a failure: that is asked of the transaction query by our
        // own transaction id.
        let validated = match fields.get("val_id").filter(|v| !v.is_empty()) {
            Some(val_id) => ssl.validate(val_id).await.unwrap_or(Verdict::Pending),
            None => Verdict::Pending,
        };
        let settled = match validated {
            paid @ Verdict::Paid { .. } => settle(&state, &session, paid).await?,
            _ => Settled::Pending,
        };
        let settled = match settled {
            Settled::Pending => ask_and_settle(&state, &session).await?,
            settled => settled,
        };
        Ok::<_, ApiError>((session, service, settled))
    }
    .await;
    match outcome {
        Ok((session, service, Settled::Pending)) => redirect(service, &session.tnx_id, shown_while_unknown),
        Ok((session, service, settled)) => result_page(service, &session.tnx_id, &settled),
        Err(e) => e.into_response(),
    }
}

/// SSLCommerz's IPN: believed only with the store's signature, then validated like a return.
pub async fn sslcommerz_notify(
    State(state): State<AppState>,
    Form(fields): Form<BTreeMap<String, String>>,
) -> Response {
    let Ok(Gateway::SslCommerz(ssl)) = gateway(&state, payments::sslcommerz::NAME) else {
        return ApiError::no_page().into_response();
    };
    if !ssl.signed(&fields) {
        tracing::warn!(tran_id = fields.get("tran_id").map(String::as_str), "an IPN without a valid signature");
        return (StatusCode::BAD_REQUEST, "bad signature").into_response();
    }
    let (Some(tran_id), Some(val_id)) = (fields.get("tran_id"), fields.get("val_id")) else {
        return (StatusCode::BAD_REQUEST, "tran_id and val_id are required").into_response();
    };
    let settled = async {
        let (session, _) = session_of(&state, payments::sslcommerz::NAME, tran_id).await?;
        if let Some(ended) = payments::ended(&state, &session).await? {
            return Ok(ended);
        }
        match ssl.validate(val_id).await {
            Ok(verdict) => settle(&state, &session, verdict).await,
            Err(e) => {
                tracing::warn!(session = session.id, error = %e, "IPN validation failed: the reconciler asks again");
                Ok(Settled::Pending)
            }
        }
    }
    .await;
    match settled {
        Ok(_) => (StatusCode::OK, "OK").into_response(),
        Err(e) => e.into_response(),
    }
}

#[derive(Debug, Deserialize)]
pub struct BkashReturn {
    #[serde(rename = "paymentID", default)]
    payment_id: String,
    #[serde(default)]
    status: String,
}

/// bKash's callback URL: `?paymentID=..&status=success|failure|cancel`. Success is executed
/// (which is what takes the money), once per session, and settled by bKash's answer; a failure
/// or cancel is asked of bKash too, and ends the session only while no execute was sent.
pub async fn bkash_return(
    State(state): State<AppState>,
    Path(session_id): Path<String>,
    Query(back): Query<BkashReturn>,
) -> Response {
    let outcome = async {
        let Gateway::Bkash(bkash) = gateway(&state, payments::bkash::NAME)? else {
            return Err(ApiError::no_page());
        };
        let (session, service) = session_of(&state, payments::bkash::NAME, &session_id).await?;
        if session.gateway_ref.as_deref() != Some(back.payment_id.as_str()) {
            return Err(ApiError::not_found(say::BOOKING_NOT_FOUND));
        }
        if let Some(ended) = payments::ended(&state, &session).await? {
            return Ok((session, service, ended));
        }
        let settled = match back.status.as_str() {
            // One execute per session however many returns come at once: the others ask bKash
            // how it stands.
            "success" if payments::claim_execution(&state, &session).await? => {
                match bkash.execute(&session).await.unwrap_or(Verdict::Pending) {
                    Verdict::Pending => ask_and_settle(&state, &session).await?,
                    verdict => settle(&state, &session, verdict).await?,
                }
            }
            "success" => ask_and_settle(&state, &session).await?,
            // Anyone holding both ids can send these: asked of bKash, never believed after an
            // execute was sent.
            "cancel" => payments::settle_return_unpaid(&state, &session, Verdict::Cancelled).await?,
            _ => payments::settle_return_unpaid(&state, &session, Verdict::Failed).await?,
        };
        Ok::<_, ApiError>((session, service, settled))
    }
    .await;
    match outcome {
        // Still unknown: the success page waits for the ticket the reconciler will issue.
        Ok((session, service, Settled::Pending)) => redirect(service, &session.tnx_id, "success"),
        Ok((session, service, settled)) => result_page(service, &session.tnx_id, &settled),
        Err(e) => e.into_response(),
    }
}
