//! Who may make a staff call (DESIGN §5c): the caller's grants, read from the store on every
//! staff call (never cached, so a grant taken away counts at once), against the roles the call's
//! row names. A role that needs a second factor counts only in a login that proved one; without
//! it such a holder may only set up their authenticator.

use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use core_wasm::contract::staff::{StaffCall, StaffCallName};
use core_wasm::staff::messages as say;
use core_wasm::staff::roles::{Grant, Reach, Role};

use crate::AppState;
use crate::domain::identity::{Caller, Login};
use crate::error::ApiError;
pub use crate::store::staff::{add, all_grants, grants_of, remove};

/// A staff call's caller, as the gate let them through.
#[derive(Debug, Clone)]
pub struct Staff {
    pub login: Login,
    pub grants: Vec<Grant>,
    /// Whose objects this call may reach.
    pub reach: Reach,
    /// The role it acts in, for the audit log: admin when the reach is everything, else the
    /// first of the call's roles the caller holds.
    pub role: Role,
    pub address: String,
    pub call: &'static StaffCall,
}

impl Staff {
    /// The operator a write is for: the one named, if the caller reaches it (404 otherwise, as
    /// for an object that does not exist), else the caller's only operator.
    pub fn operator_for(&self, named: Option<&str>) -> Result<Option<String>, ApiError> {
        match named.map(str::trim).filter(|n| !n.is_empty()) {
            Some(op) if self.reach.covers(Some(op)) => Ok(Some(op.to_owned())),
            Some(_) => Err(not_found("Operator")),
            None => match &self.reach {
                Reach::Everything => Ok(None),
                reach => reach
                    .single()
                    .map(|o| Some(o.to_owned()))
                    .ok_or_else(|| ApiError::bad(say::REQUIRED.with(&[("field", "operatorId")]))),
            },
        }
    }

    /// Whether the caller may read an object of `operator` (the site's own are read by all).
    pub fn reads(&self, operator: Option<&str>) -> bool {
        operator.is_none() || self.reach.covers(operator)
    }
}

pub fn not_found(what: &str) -> ApiError {
    ApiError::NotFound(say::NOT_FOUND.with(&[("what", what)]).into())
}

fn forbidden(message: say::StaffTemplate) -> ApiError {
    ApiError::Forbidden(message.with(&[]).into())
}

/// The grants that count in this login: a role needing a second factor only if it proved one.
pub fn usable(grants: &[Grant], second_factor: bool) -> Vec<Grant> {
    grants.iter().filter(|g| second_factor || !g.role.needs_second_factor()).cloned().collect()
}

/// Whether the call only sets up the caller's own authenticator (allowed before a second
/// factor exists).
fn sets_up_authenticator(call: &StaffCall) -> bool {
    matches!(call.name, StaffCallName::TotpEnrol | StaffCallName::TotpConfirm)
}

/// The gate of every staff call: a login (401), a role the call allows (403), a second factor
/// where the role needs one (403 `staff.totpEnrolFirst`). The [`Staff`] goes with the request.
pub async fn gate(
    State((state, name)): State<(AppState, StaffCallName)>,
    mut request: Request,
    next: Next,
) -> Response {
    let call = StaffCall::get(name);
    let Some(caller) = request.extensions().get::<Caller>().cloned() else {
        return ApiError::Unauthorized.into_response();
    };
    let Some(login) = caller.login else {
        return ApiError::NotLoggedIn(core_wasm::server_messages::LOGIN_REQUIRED.into()).into_response();
    };
    let grants = match grants_of(&state.pool, &login.user_id).await {
        Ok(g) => g,
        Err(e) => return ApiError::from(e).into_response(),
    };
    if grants.is_empty() {
        return forbidden(say::NOT_STAFF).into_response();
    }
    let counted = if sets_up_authenticator(call) { grants.clone() } else { usable(&grants, login.second_factor) };
    let reach = Reach::of(&counted, call.roles);
    if reach == Reach::Nothing {
        let message =
            if Reach::of(&grants, call.roles) == Reach::Nothing { say::ROLE_MISSING } else { say::TOTP_ENROL_FIRST };
        return forbidden(message).into_response();
    }
    let role = if reach == Reach::Everything {
        Role::Admin
    } else {
        call.roles.iter().copied().find(|r| counted.iter().any(|g| g.role == *r)).unwrap_or(Role::Admin)
    };
    let peer = request.extensions().get::<axum::extract::ConnectInfo<std::net::SocketAddr>>().map(|c| c.0.ip());
    let address =
        crate::http::client_address::resolve(peer, request.headers(), &state.config.trusted_proxies).to_string();
    request.extensions_mut().insert(Staff { login, grants, reach, role, address, call });
    next.run(request).await
}

impl<S: Send + Sync> FromRequestParts<S> for Staff {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Staff, ApiError> {
        parts.extensions.get::<Staff>().cloned().ok_or(ApiError::Unauthorized)
    }
}
