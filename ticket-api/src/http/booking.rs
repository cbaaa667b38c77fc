//! The booking calls of both services: extract, call the domain, answer.

use axum::Json;
use axum::extract::State;
use core_wasm::contract::booking::{
    PaymentPendingRequest, SeatLockRequest, SeatLockResponse, SeatRemoveRequest, SeatRemoveResponse, TxnRequest,
    UpdateGatewayRequest, UpdateGatewayResponse,
};
use core_wasm::contract::envelope::Envelope;
use core_wasm::contract::tickets::Ticket;
use core_wasm::server_messages as say;

use crate::AppState;
use crate::domain::booking;
use crate::domain::views::{self, BookingAnswer};
use crate::error::ApiError;
use crate::http::extract::{At, Body, ok};
use crate::store::tickets;

type Answer<T> = Result<Json<Envelope<T>>, ApiError>;

pub async fn seat_lock(
    State(state): State<AppState>,
    At(service): At,
    Body(request): Body<SeatLockRequest>,
) -> Answer<SeatLockResponse> {
    Ok(ok(booking::lock_seats(&state, service, &request).await?))
}

pub async fn payment_pending(
    State(state): State<AppState>,
    At(service): At,
    Body(request): Body<PaymentPendingRequest>,
) -> Answer<BookingAnswer> {
    Ok(ok(booking::book(&state, service, &request).await?))
}

pub async fn update_gateway(
    State(state): State<AppState>,
    Body(request): Body<UpdateGatewayRequest>,
) -> Answer<UpdateGatewayResponse> {
    Ok(ok(booking::choose_gateway(&state, &request).await?))
}

pub async fn confirm_ticket(State(state): State<AppState>, Body(request): Body<TxnRequest>) -> Answer<Ticket> {
    Ok(ok(booking::confirm(&state, &request.tnx_id).await?))
}

pub async fn ticket_info(State(state): State<AppState>, Body(request): Body<TxnRequest>) -> Answer<Ticket> {
    let id = tickets::id_of_tnx(&state.pool, request.tnx_id.trim())
        .await?
        .ok_or_else(|| ApiError::not_found(say::TICKET_NOT_FOUND))?;
    Ok(ok(views::ticket(&state, &id).await?))
}

pub async fn booking_info(State(state): State<AppState>, Body(request): Body<TxnRequest>) -> Answer<BookingAnswer> {
    Ok(ok(views::booking(&state, &request.tnx_id).await?))
}

pub async fn remove_seat(
    State(state): State<AppState>,
    Body(request): Body<SeatRemoveRequest>,
) -> Answer<SeatRemoveResponse> {
    Ok(ok(booking::remove_seat(&state, &request).await?))
}
