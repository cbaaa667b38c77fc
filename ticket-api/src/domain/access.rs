//! Who may read or change a booking or a ticket (DESIGN §3 "Identity and ownership"): its owner
//! (the visitor, user or service account that booked it) changes it; its owner, whoever proved
//! its phone by OTP in the last [`GRANT_MS`], or a user logged in with its phone (the login's
//! OTP proved it), reads it. Anyone else gets the very 404 an unknown id
//! gets, so a guessed or leaked transaction id, ticket id or PNR tells nothing.

use core_wasm::phone::Phone;
use core_wasm::server_messages as say;

use crate::AppState;
use crate::clock::now_unix_ms;
use crate::domain::identity::Caller;
use crate::error::ApiError;
use crate::store::bookings::{self, BookingRow};
use crate::store::grants;
use crate::store::tickets::{self, TicketRow};

/// How long proving a phone by OTP opens its tickets (the PDF, details, cancel's OTP).
pub const GRANT_MS: i64 = 30 * 60 * 1000;

/// Whether `caller` may read what `owner` booked for `phone`.
async fn may_read(state: &AppState, caller: &Caller, owner: &str, phone: &str) -> Result<bool, ApiError> {
    if caller.owns(owner) || caller.login.as_ref().is_some_and(|login| login.phone == phone) {
        return Ok(true);
    }
    Ok(grants::holds(&state.pool, caller.owner().as_str(), phone, now_unix_ms()).await?)
}

/// Whether `caller` may read the ticket (as they may its booking).
pub async fn may_read_ticket(state: &AppState, caller: &Caller, ticket: &TicketRow) -> Result<bool, ApiError> {
    may_read(state, caller, &ticket.visitor, &ticket.phone).await
}

/// The caller's own booking of `tnx_id`, to change.
pub async fn own_booking(state: &AppState, caller: &Caller, tnx_id: &str) -> Result<BookingRow, ApiError> {
    own(caller, bookings::by_tnx(&state.pool, tnx_id.trim()).await?)
}

/// A booking read (maybe with more), if it is the caller's own: anyone else's gets the 404 of
/// one that does not exist.
pub fn own<T: AsRef<BookingRow>>(caller: &Caller, found: Option<T>) -> Result<T, ApiError> {
    match found {
        Some(found) if caller.owns(&found.as_ref().visitor) => Ok(found),
        _ => Err(ApiError::not_found(say::BOOKING_NOT_FOUND)),
    }
}

/// The booking of `tnx_id`, to read: the caller's own, or one of a phone it proved.
pub async fn booking(state: &AppState, caller: &Caller, tnx_id: &str) -> Result<BookingRow, ApiError> {
    readable(state, caller, bookings::by_tnx(&state.pool, tnx_id.trim()).await?).await
}

/// A booking read (maybe with more), if the caller may read it.
pub async fn readable<T: AsRef<BookingRow>>(
    state: &AppState,
    caller: &Caller,
    found: Option<T>,
) -> Result<T, ApiError> {
    let not_found = || ApiError::not_found(say::BOOKING_NOT_FOUND);
    let found = found.ok_or_else(not_found)?;
    let row = found.as_ref();
    if may_read(state, caller, &row.visitor, &row.phone).await? { Ok(found) } else { Err(not_found()) }
}

/// The ticket `ticket_id`, to read: the caller's own, or one of a phone it proved.
pub async fn ticket(state: &AppState, caller: &Caller, ticket_id: &str) -> Result<TicketRow, ApiError> {
    let not_found = || ApiError::not_found(say::TICKET_NOT_FOUND);
    let ticket = tickets::by_id(&state.pool, ticket_id.trim()).await?.ok_or_else(not_found)?;
    if may_read_ticket(state, caller, &ticket).await? { Ok(ticket) } else { Err(not_found()) }
}

/// The caller proved `phone` by OTP: its tickets open to them for [`GRANT_MS`].
pub async fn grant_phone(state: &AppState, caller: &Caller, phone: &Phone) -> Result<(), ApiError> {
    grants::grant(&state.pool, caller.owner().as_str(), phone.as_str(), now_unix_ms() + GRANT_MS).await?;
    Ok(())
}
