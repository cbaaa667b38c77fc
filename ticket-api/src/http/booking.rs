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
use crate::domain::identity::Caller;
use crate::domain::views::{self, BookingAnswer};
use crate::domain::{access, booking, payments};
use crate::error::ApiError;
use crate::http::client_address::ClientAddress;
use crate::http::extract::{At, Body, Speaks, ok};
use crate::store::tickets;

type Answer<T> = Result<Json<Envelope<T>>, ApiError>;

pub async fn seat_lock(
    State(state): State<AppState>,
    At(service): At,
    caller: Caller,
    ClientAddress(address): ClientAddress,
    Body(request): Body<SeatLockRequest>,
) -> Answer<SeatLockResponse> {
    let owner = caller.acting_for(request.user_id.as_deref(), request.anonymous_id.as_deref())?;
    let queued_as = caller.queue_identity(&owner);
    Ok(ok(booking::lock_seats(&state, service, &owner, &queued_as, &address.to_string(), &request).await?))
}

pub async fn payment_pending(
    State(state): State<AppState>,
    At(service): At,
    caller: Caller,
    Speaks(language): Speaks,
    Body(request): Body<PaymentPendingRequest>,
) -> Answer<BookingAnswer> {
    let owner = caller.acting_for(request.user_id.as_deref(), request.anonymous_id.as_deref())?;
    Ok(ok(booking::book(&state, service, &owner, caller.logged_in_from().as_ref(), &request, language).await?))
}

pub async fn update_gateway(
    State(state): State<AppState>,
    caller: Caller,
    Body(request): Body<UpdateGatewayRequest>,
) -> Answer<UpdateGatewayResponse> {
    Ok(ok(booking::choose_gateway(&state, &caller, &request).await?))
}

pub async fn confirm_ticket(
    State(state): State<AppState>,
    caller: Caller,
    Body(request): Body<TxnRequest>,
) -> Answer<Ticket> {
    Ok(ok(payments::issuing::confirm(&state, &caller, &request.tnx_id).await?))
}

pub async fn ticket_info(
    State(state): State<AppState>,
    caller: Caller,
    Body(request): Body<TxnRequest>,
) -> Answer<Ticket> {
    let not_found = || ApiError::not_found(say::TICKET_NOT_FOUND);
    // Someone else's booking, or none, has no ticket to show; a store failure stays a 500.
    let booking = access::booking(&state, &caller, &request.tnx_id).await.map_err(|e| match e {
        ApiError::NotFound(_) => not_found(),
        other => other,
    })?;
    let row = tickets::of_booking(&state.pool, &booking.id).await?.ok_or_else(not_found)?;
    Ok(ok(views::ticket_of(&state, row).await?))
}

pub async fn booking_info(
    State(state): State<AppState>,
    caller: Caller,
    Body(request): Body<TxnRequest>,
) -> Answer<BookingAnswer> {
    let booking = access::booking(&state, &caller, &request.tnx_id).await?;
    Ok(ok(views::booking(&state, booking).await?))
}

pub async fn remove_seat(
    State(state): State<AppState>,
    caller: Caller,
    Body(request): Body<SeatRemoveRequest>,
) -> Answer<SeatRemoveResponse> {
    Ok(ok(booking::remove_seat(&state, &caller, &request).await?))
}
