//! Staff grants and authenticators (issue 35): an admin grants managers, a manager their own
//! operator's roles (`core_wasm::staff::roles::may_grant`); taking a grant away ends the holder's
//! logins at once. A holder sets up their authenticator by scanning a QR and confirming a code,
//! and gets recovery codes.

use core_wasm::contract::staff::{GrantChange, RecoveryCodes, StaffList, StaffMember, TotpEnrolment};
use core_wasm::staff::messages as say;
use core_wasm::staff::roles::{Reach, may_grant};

use super::access::{self, Staff};
use super::write;
use crate::AppState;
use crate::domain::totp;
use crate::error::ApiError;
use crate::store::accounts;

/// `GET staff/grants`: everyone for an admin; a manager's operator's staff for a manager.
pub async fn list(state: &AppState, staff: &Staff) -> Result<StaffList, ApiError> {
    let mut members: Vec<StaffMember> = Vec::new();
    for (user_id, phone, grant, enrolled) in access::all_grants(&state.pool).await? {
        let shown = match &staff.reach {
            Reach::Everything => true,
            reach => grant.operator_id.as_deref().is_some_and(|o| reach.covers(Some(o))),
        };
        if !shown {
            continue;
        }
        match members.last_mut() {
            Some(last) if last.user_id == user_id => last.grants.push(grant),
            _ => members.push(StaffMember { user_id, phone, grants: vec![grant], totp_enrolled: enrolled }),
        }
    }
    Ok(StaffList { staff: members })
}

async fn member(state: &AppState, user_id: &str, phone: &str) -> Result<StaffMember, ApiError> {
    let grants = access::grants_of(&state.pool, user_id).await?;
    let enrolled = totp::stored(&state.pool, user_id).await?.is_some_and(|t| t.confirmed_at.is_some());
    Ok(StaffMember { user_id: user_id.to_owned(), phone: phone.to_owned(), grants, totp_enrolled: enrolled })
}

fn checked(staff: &Staff, change: &GrantChange) -> Result<String, ApiError> {
    let phone = crate::domain::tickets::phone(&change.phone)?;
    if !may_grant(&access::usable(&staff.grants, staff.login.second_factor), &change.grant) {
        return Err(ApiError::Forbidden(say::CANNOT_GRANT.with(&[]).into()));
    }
    Ok(phone.as_str().to_owned())
}

/// `POST staff/grants/add`: the phone's user is made if it never logged in.
pub async fn add(state: &AppState, staff: &Staff, change: &GrantChange) -> Result<StaffMember, ApiError> {
    let phone = checked(staff, change)?;
    if let Some(op) = &change.grant.operator_id {
        let exists: Option<String> =
            sqlx::query_scalar("SELECT id FROM operators WHERE id = $1").bind(op).fetch_optional(&state.pool).await?;
        if exists.is_none() {
            return Err(access::not_found("Operator"));
        }
    }
    let now = crate::clock::now_unix_ms();
    let mut w = write::begin(state).await?;
    let user_id = accounts::user_of_phone(&mut *w.tx, &crate::ids::new_id("user")?, &phone, now).await?;
    let new = access::add(&mut *w.tx, &user_id, &change.grant, &staff.login.user_id, now).await?;
    let object = format!("grant {} {}", phone, change.grant.role.as_str());
    let after = new.then_some(&change.grant);
    w.finish(state, staff, change.grant.operator_id.as_deref(), &object, None, after).await?;
    member(state, &user_id, &phone).await
}

/// `POST staff/grants/remove`: the holder's logins end (their next call asks them to log in).
pub async fn remove(state: &AppState, staff: &Staff, change: &GrantChange) -> Result<StaffMember, ApiError> {
    let phone = checked(staff, change)?;
    let user_id =
        accounts::user_by_phone(&state.pool, &phone).await?.ok_or_else(|| access::not_found("Staff member"))?;
    let mut w = write::begin(state).await?;
    if !access::remove(&mut *w.tx, &user_id, &change.grant).await? {
        return Err(access::not_found("Grant"));
    }
    let now = crate::clock::now_unix_ms();
    accounts::end_all_sessions(&mut *w.tx, &user_id, now).await?;
    let object = format!("grant {} {}", phone, change.grant.role.as_str());
    w.finish(state, staff, change.grant.operator_id.as_deref(), &object, Some(&change.grant), None).await?;
    state.sessions.forget_user(&user_id);
    member(state, &user_id, &phone).await
}

/// `POST staff/totp/enrol`: a new secret, until confirmed (a confirmed one is never replaced here).
pub async fn enrol(state: &AppState, staff: &Staff) -> Result<TotpEnrolment, ApiError> {
    let secret = totp::new_secret()?;
    let mut w = write::begin(state).await?;
    if !totp::begin(&mut *w.tx, &staff.login.user_id, &secret).await? {
        return Err(write::conflict(say::TOTP_ALREADY, &[]));
    }
    let object = format!("authenticator {}", staff.login.phone);
    w.finish::<()>(state, staff, None, &object, None, None).await?;
    let uri = totp::otpauth_uri(&secret, &staff.login.phone).ok_or_else(|| ApiError::Internal("otpauth uri".into()))?;
    let qr_svg = totp::qr_svg(&uri).ok_or_else(|| ApiError::Internal("qr".into()))?;
    Ok(TotpEnrolment { secret, otpauth_uri: uri, qr_svg })
}

/// `POST staff/totp/confirm`: the app's code proves the secret; the login counts as having
/// proved a second factor, and ten recovery codes are answered once.
pub async fn confirm(state: &AppState, staff: &Staff, code: &str) -> Result<RecoveryCodes, ApiError> {
    let user_id = &staff.login.user_id;
    let now = crate::clock::now_unix_ms();
    let mut w = write::begin(state).await?;
    let stored = totp::stored(&mut *w.tx, user_id).await?.ok_or_else(|| write::conflict(say::TOTP_NOT_STARTED, &[]))?;
    if stored.confirmed_at.is_some() {
        return Err(write::conflict(say::TOTP_ALREADY, &[]));
    }
    let step = totp::step_of(&stored.secret, code, (now / 1000) as u64)
        .ok_or_else(|| ApiError::bad(say::TOTP_WRONG.with(&[])))?;
    if !totp::use_step(&mut *w.tx, user_id, step).await? || !totp::confirm(&mut *w.tx, user_id, now).await? {
        return Err(ApiError::bad(say::TOTP_WRONG.with(&[])));
    }
    let mut codes = Vec::with_capacity(totp::RECOVERY_CODES);
    for _ in 0..totp::RECOVERY_CODES {
        let code = totp::new_recovery_code()?;
        totp::insert_recovery(&mut *w.tx, user_id, &totp::recovery_hash(user_id, &code)).await?;
        codes.push(code);
    }
    accounts::confirm_second_factor(&mut *w.tx, &staff.login.session_id).await?;
    let object = format!("authenticator {}", staff.login.phone);
    w.finish::<()>(state, staff, None, &object, None, None).await?;
    state.sessions.forget(&staff.login.session_id);
    Ok(RecoveryCodes { codes })
}
