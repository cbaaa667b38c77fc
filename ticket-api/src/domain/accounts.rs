//! Accounts (issue 13): a traveller logs in with their phone and an OTP, and sees their trips
//! without an OTP each time. The phone is the identity (as Bangladeshi sellers and the railway
//! have it): the first login makes the user.
//!
//! Logging in is done with the visitor's own token, and whatever that visitor holds or is paying
//! for (holds, pending bookings) becomes the user's in the same transaction as the session, so
//! logging in mid-journey loses no seat: under both owners' quota locks, so a seat-lock in flight
//! finishes first and its hold moves too (one that starts after, with the visitor's token, is
//! adopted at payment-pending). Together the holds stay within the per-visitor cap. A user's trips are the tickets they own and the tickets
//! of their phone (proved by the login's OTP), never anyone else's.

use core_wasm::contract::accounts::{LoginRequest, LoginResponse, Me};
use core_wasm::contract::tickets::Ticket;
use core_wasm::server_messages as say;

use crate::AppState;
use crate::claims::ClaimsWrite;
use crate::clock::now_unix_ms;
use crate::domain::identity::{Caller, Login, Owner};
use crate::domain::otp::{self, Purpose};
use crate::domain::sessions::{SESSION_MS, SessionClaim};
use crate::domain::{tickets, views};
use crate::error::ApiError;
use crate::ids::new_id;
use crate::language::Language;
use crate::store::inventory::TripWrite;
use crate::store::{accounts, bookings, holds};

/// Tickets `my-tickets` answers at most (the newest).
pub const MY_TICKETS_MAX: i64 = 200;

/// `login-otp`: a login code to the phone, within the OTP limits; seconds until another.
pub async fn send_code(state: &AppState, phone: &str, address: &str, language: Language) -> Result<u32, ApiError> {
    let phone = tickets::phone(phone)?;
    otp::send(state, phone.as_str(), Purpose::Login, address, language).await
}

/// `login`: the OTP used up (one login per code, however many arrive at once), the user found or
/// made, a session opened, and the visitor's holds and pending bookings given to the user.
pub async fn log_in(state: &AppState, caller: &Caller, request: &LoginRequest) -> Result<LoginResponse, ApiError> {
    if !caller.is_public() {
        return Err(ApiError::Forbidden(say::LOGIN_PUBLIC_ONLY.into()));
    }
    // The visitor logging in is the token's; a body naming another is refused.
    caller.check_named(None, request.anonymous_id.as_deref())?;
    let phone = tickets::phone(&request.phone)?;
    otp::verify(state, phone.as_str(), Purpose::Login, &request.otp_code).await?;

    let now = now_unix_ms();
    let staff = staff_login(state, phone.as_str(), request.totp_code.as_deref(), now).await?;
    let session_id = new_id("session")?;
    let session_ms = if staff.is_staff { STAFF_SESSION_MS } else { SESSION_MS };
    let expires_at = now + session_ms;
    let mut tx = state.pool.begin().await?;
    let user_id = accounts::user_of_phone(&mut *tx, &new_id("user")?, phone.as_str(), now).await?;
    let session = accounts::NewSession {
        id: &session_id,
        user_id: &user_id,
        visitor: &caller.subject,
        created_at: now,
        expires_at,
        second_factor: staff.second_factor,
    };
    accounts::insert_session(&mut *tx, &session).await?;
    let (visitor, user) = (Owner::visitor(&caller.subject), Owner::user(&user_id));
    let mut trips = holds::move_owner(&mut tx, visitor.as_str(), user.as_str()).await?;
    bookings::move_pending(&mut *tx, visitor.as_str(), user.as_str()).await?;
    // The user may hold seats already (a login on another device): together, no more than one
    // visitor may hold. The newest stay; holds being paid for are never let go.
    let cap = i64::from(state.config.hold_seats_per_visitor);
    let released = holds::over_cap(holds::live_of_owner(&mut tx, user.as_str(), now).await?, cap);
    trips.extend(released.iter().map(|h| h.trip_id.clone()));
    trips.sort();
    trips.dedup();
    // The holds' owner is part of the claims search and seat view keep: announced before the
    // commit, kept until the transaction has ended.
    let writes: Vec<_> = trips.iter().map(|trip| state.claims.writing(trip)).collect();
    for hold in &released {
        if let Some(write) = writes.iter().find(|w| TripWrite::trip_id(*w) == hold.trip_id) {
            crate::store::inventory::release(&mut tx, write, &hold.id).await?;
        }
        let mut gone = crate::store::pool::Writes::new();
        holds::delete(&mut gone, &hold.id)?;
        gone.run_in(&mut tx).await?;
    }
    tx.commit().await?;
    writes.into_iter().for_each(ClaimsWrite::committed);

    let claim = SessionClaim { user_id: user_id.clone(), session_id };
    let access_token = state.tokens.issue_login(&caller.subject, &claim, (expires_at / 1000) as u64);
    Ok(LoginResponse { user_id, access_token, expires_in: (session_ms / 1000) as u32 })
}

/// A staff login lasts at most a working day (issue 35).
pub const STAFF_SESSION_MS: i64 = 12 * 60 * 60 * 1000;

/// What a login is, beside a traveller's.
#[derive(Debug, Clone, Copy, Default)]
struct StaffLogin {
    is_staff: bool,
    second_factor: bool,
}

/// A staff member whose roles need a second factor and who has an authenticator must give its
/// code (or a recovery code): 401 `login.totpRequired` without one, `login.totpWrong` for a
/// wrong or used one. Checked after the OTP, so neither answer tells a stranger the phone is
/// staff. Someone granted such a role who has not set up an authenticator logs in without it,
/// and may only set one up (`staff::access`).
async fn staff_login(state: &AppState, phone: &str, totp: Option<&str>, now: i64) -> Result<StaffLogin, ApiError> {
    use core_wasm::staff::messages as staff_say;
    let Some(user_id) = accounts::user_by_phone(&state.pool, phone).await? else { return Ok(StaffLogin::default()) };
    let grants = crate::store::staff::grants_of(&state.pool, &user_id).await?;
    if grants.is_empty() {
        return Ok(StaffLogin::default());
    }
    let enrolled = crate::domain::totp::stored(&state.pool, &user_id).await?.is_some_and(|t| t.confirmed_at.is_some());
    if !core_wasm::staff::roles::needs_second_factor(&grants) || !enrolled {
        return Ok(StaffLogin { is_staff: true, second_factor: false });
    }
    let Some(code) = totp.map(str::trim).filter(|c| !c.is_empty()) else {
        return Err(ApiError::NotLoggedIn(staff_say::TOTP_REQUIRED.with(&[]).into()));
    };
    if !crate::domain::totp::prove(&state.pool, &user_id, code, now).await? {
        return Err(ApiError::NotLoggedIn(staff_say::TOTP_WRONG.with(&[]).into()));
    }
    Ok(StaffLogin { is_staff: true, second_factor: true })
}

/// `me`: the user, and the name they last booked under.
pub async fn me(state: &AppState, login: &Login) -> Result<Me, ApiError> {
    let owner = Owner::user(&login.user_id);
    let name = bookings::latest_name(&state.pool, owner.as_str(), &login.phone).await?;
    let grants = crate::store::staff::grants_of(&state.pool, &login.user_id).await?;
    Ok(Me { user_id: login.user_id.clone(), phone: login.phone.clone(), name, grants })
}

/// `my-tickets`: the user's tickets and their phone's, both services, newest first.
pub async fn my_tickets(state: &AppState, login: &Login) -> Result<Vec<Ticket>, ApiError> {
    let owner = Owner::user(&login.user_id);
    let ids = crate::store::tickets::ids_of_user(&state.pool, owner.as_str(), &login.phone, MY_TICKETS_MAX).await?;
    let mut found = Vec::with_capacity(ids.len());
    for id in &ids {
        found.push(views::ticket(state, id).await?);
    }
    Ok(found)
}

/// `logout`: the session ends, and this process stops believing it at once.
pub async fn log_out(state: &AppState, login: &Login) -> Result<(), ApiError> {
    accounts::end_session(&state.pool, &login.session_id, &login.user_id, now_unix_ms()).await?;
    state.sessions.forget(&login.session_id);
    Ok(())
}
