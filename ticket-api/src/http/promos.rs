//! Promo calls: extract, call the domain, answer.

use axum::Json;
use axum::extract::State;
use core_wasm::contract::booking::{PromoRequest, PromoResponse, SurpriseDeal, TxnRequest};
use core_wasm::contract::envelope::Envelope;

use crate::AppState;
use crate::domain::identity::Caller;
use crate::domain::promos;
use crate::error::ApiError;
use crate::http::extract::{Body, ok};

type Answer<T> = Result<Json<Envelope<T>>, ApiError>;

pub async fn check(
    State(state): State<AppState>,
    caller: Caller,
    Body(request): Body<PromoRequest>,
) -> Answer<Option<PromoResponse>> {
    Ok(ok(promos::check(&state, &caller, &request.tnx_id, &request.promo_code).await?))
}

pub async fn apply(
    State(state): State<AppState>,
    caller: Caller,
    Body(request): Body<PromoRequest>,
) -> Answer<Option<PromoResponse>> {
    Ok(ok(promos::apply(&state, &caller, &request.tnx_id, &request.promo_code).await?))
}

pub async fn remove(
    State(state): State<AppState>,
    caller: Caller,
    Body(request): Body<TxnRequest>,
) -> Answer<Option<PromoResponse>> {
    Ok(ok(Some(promos::remove(&state, &caller, &request.tnx_id).await?)))
}

pub async fn surprise_deal(
    State(state): State<AppState>,
    caller: Caller,
    Body(request): Body<TxnRequest>,
) -> Answer<SurpriseDeal> {
    Ok(ok(promos::surprise_deal(&state, &caller, &request.tnx_id).await?))
}
