//! Who is asking, and for whom (DESIGN §3 "Identity and ownership").
//!
//! A token is no boundary by itself (anyone can get one), so it carries an identity the server
//! made: the public site's token names a visitor id the server generated and signed at issue; a
//! service account's names its user. Bookings, holds and tickets belong to an [`Owner`], made
//! only here from the token: a body's `anonymousId` or `userId` never chooses whom a public
//! token acts for, and one that disagrees with the token is refused.

use core_wasm::server_messages as say;

use crate::error::ApiError;

/// The public web client: no secret; no secret is ever shipped to the browser.
pub const PUBLIC_CLIENT: &str = "web";

/// The holder of a valid token: the client it was issued to and its subject (the visitor id for
/// the public client, the account's user for a service account).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    pub client: String,
    pub subject: String,
}

/// Whom a call acts for: the owner of the holds, bookings and tickets it makes or reads.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Owner(String);

impl Owner {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

fn given(id: Option<&str>) -> Option<&str> {
    id.map(str::trim).filter(|v| !v.is_empty())
}

impl Caller {
    pub fn is_public(&self) -> bool {
        self.client == PUBLIC_CLIENT
    }

    /// Where this caller's Idempotency-Keys live: two callers never share one.
    pub fn scope(&self) -> String {
        format!("{}/{}", self.client, self.subject)
    }

    /// The owner a call acts for, given the ids its body names (SPEC §6: userId and/or
    /// anonymousId). The public site acts for the token's visitor only: a body naming another
    /// visitor, or a user (no public token carries a login yet), is refused. A service account
    /// acts for the visitors of its own site, named in the body and kept apart from everyone
    /// else's by the account's name.
    pub fn acting_for(&self, user_id: Option<&str>, anonymous_id: Option<&str>) -> Result<Owner, ApiError> {
        if self.is_public() {
            let disagrees = given(user_id).is_some() || given(anonymous_id).is_some_and(|id| id != self.subject);
            if disagrees {
                return Err(ApiError::Forbidden(say::VISITOR_NOT_YOURS.into()));
            }
            return Ok(Owner(format!("v:{}", self.subject)));
        }
        let named = given(user_id).or(given(anonymous_id)).ok_or_else(|| ApiError::bad(say::VISITOR_REQUIRED))?;
        Ok(Owner(format!("a:{}:{named}", self.client)))
    }

    /// Refuses a body that names someone other than this caller, where the call needs no owner
    /// (a search): the same rule as [`Caller::acting_for`], nothing required.
    pub fn check_named(&self, user_id: Option<&str>, anonymous_id: Option<&str>) -> Result<(), ApiError> {
        let names_anyone = given(user_id).is_some() || given(anonymous_id).is_some();
        if self.is_public() && names_anyone {
            self.acting_for(user_id, anonymous_id)?;
        }
        Ok(())
    }

    /// The owner of a call whose body names nobody (a booking's transaction id, a ticket id).
    pub fn owner(&self) -> Owner {
        if self.is_public() { Owner(format!("v:{}", self.subject)) } else { Owner(format!("a:{}", self.client)) }
    }

    /// Whether `owner` is this caller's: the public visitor itself, or any visitor of a service
    /// account's own site.
    pub fn owns(&self, owner: &str) -> bool {
        if self.is_public() {
            owner == self.owner().as_str()
        } else {
            owner
                .strip_prefix("a:")
                .and_then(|rest| rest.strip_prefix(self.client.as_str()))
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(':'))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn visitor(id: &str) -> Caller {
        Caller { client: PUBLIC_CLIENT.into(), subject: id.into() }
    }

    #[test]
    fn a_public_token_acts_for_its_own_visitor_only() {
        let a = visitor("va");
        assert_eq!(a.acting_for(None, Some("va")).unwrap(), a.owner());
        assert_eq!(a.acting_for(None, None).unwrap(), a.owner());
        assert!(matches!(a.acting_for(None, Some("vb")), Err(ApiError::Forbidden(_))));
        assert!(matches!(a.acting_for(Some("user-1"), None), Err(ApiError::Forbidden(_))));
        assert!(a.owns(a.owner().as_str()) && !a.owns(visitor("vb").owner().as_str()));
    }

    #[test]
    fn a_service_account_acts_for_its_own_sites_visitors() {
        let partner = Caller { client: "partner".into(), subject: "agent".into() };
        let owner = partner.acting_for(None, Some("guest-7")).unwrap();
        assert!(partner.owns(owner.as_str()));
        assert!(!visitor("guest-7").owns(owner.as_str()), "a public visitor of the same name is someone else");
        let other = Caller { client: "partnerx".into(), subject: "agent".into() };
        assert!(!other.owns(owner.as_str()), "a longer account name is another account");
        assert!(matches!(partner.acting_for(None, None), Err(ApiError::BadRequest(_))));
    }
}
