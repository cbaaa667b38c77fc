//! Who is asking, and for whom (DESIGN §3 "Identity and ownership").
//!
//! A token is no boundary by itself (anyone can get one), so it carries an identity the server
//! made: the public site's token names a visitor id the server generated and signed at issue; a
//! logged-in visitor's token names the user and their session too (issue 13); a service
//! account's names its user. Bookings, holds and tickets belong to an [`Owner`], made only here
//! from the token: a body's `anonymousId` or `userId` never chooses whom a public token acts
//! for, and one that disagrees with the token is refused.
//!
//! Owners as stored: `v:{visitor}` (an anonymous visitor), `u:{user}` (a logged-in user),
//! `a:{client}:{named}` (a service account's own visitors).

use core_wasm::server_messages as say;

use crate::error::ApiError;

/// The public web client: no secret; no secret is ever shipped to the browser.
pub const PUBLIC_CLIENT: &str = "web";

/// A logged-in visitor's login, as the store confirmed it for this request (its session live).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Login {
    pub user_id: String,
    pub session_id: String,
    /// The phone the user proved by OTP at login: its tickets are theirs to read.
    pub phone: String,
    /// The login also proved a TOTP code (staff whose roles need it, issue 35).
    pub second_factor: bool,
}

/// The holder of a valid token: the client it was issued to and its subject (the visitor id for
/// the public client, the account's user for a service account), and the login if the visitor
/// logged in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    pub client: String,
    pub subject: String,
    pub login: Option<Login>,
}

/// Whom a call acts for: the owner of the holds, bookings and tickets it makes or reads.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Owner(String);

impl Owner {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// An anonymous visitor of the public site.
    pub fn visitor(visitor_id: &str) -> Owner {
        Owner(format!("v:{visitor_id}"))
    }

    /// A logged-in user.
    pub fn user(user_id: &str) -> Owner {
        Owner(format!("u:{user_id}"))
    }
}

fn given(id: Option<&str>) -> Option<&str> {
    id.map(str::trim).filter(|v| !v.is_empty())
}

impl Caller {
    /// A caller without a login: a visitor of the public site, or a service account's user.
    pub fn new(client: &str, subject: &str) -> Caller {
        Caller { client: client.to_owned(), subject: subject.to_owned(), login: None }
    }

    pub fn is_public(&self) -> bool {
        self.client == PUBLIC_CLIENT
    }

    /// Who the caller is to the Eid waiting room (issue 16): the visitor the public site's token
    /// was issued to, the same before and after logging in (a login mid-queue keeps the place);
    /// a service account's visitor as `owner` names them.
    pub fn queue_identity(&self, owner: &Owner) -> String {
        if self.is_public() { format!("v:{}", self.subject) } else { owner.as_str().to_owned() }
    }

    /// Where this caller's Idempotency-Keys live: two callers never share one. A logged-in
    /// visitor's are the user's (a key sent from another visitor or user never matches).
    pub fn scope(&self) -> String {
        match &self.login {
            Some(login) => format!("{}/u:{}", self.client, login.user_id),
            None => format!("{}/{}", self.client, self.subject),
        }
    }

    /// The owner a call acts for, given the ids its body names (SPEC §6: userId and/or
    /// anonymousId). The public site acts for the token's user when logged in, else for its
    /// visitor: a body naming another visitor, or another user (any user, without a login), is
    /// refused. A service account acts for the visitors of its own site, named in the body and
    /// kept apart from everyone else's by the account's name.
    pub fn acting_for(&self, user_id: Option<&str>, anonymous_id: Option<&str>) -> Result<Owner, ApiError> {
        if self.is_public() {
            let own_user = self.login.as_ref().map(|l| l.user_id.as_str());
            let other_user = given(user_id).is_some_and(|id| Some(id) != own_user);
            let other_visitor = given(anonymous_id).is_some_and(|id| id != self.subject);
            if other_user || other_visitor {
                return Err(ApiError::Forbidden(say::VISITOR_NOT_YOURS.into()));
            }
            return Ok(self.owner());
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

    /// The visitor a logged-in traveller logged in from (their token's subject), whose holds
    /// became theirs at the login.
    pub fn logged_in_from(&self) -> Option<Owner> {
        self.login.as_ref().filter(|_| self.is_public()).map(|_| Owner::visitor(&self.subject))
    }

    /// The owner of a call whose body names nobody (a booking's transaction id, a ticket id).
    pub fn owner(&self) -> Owner {
        match &self.login {
            Some(login) => Owner::user(&login.user_id),
            None if self.is_public() => Owner::visitor(&self.subject),
            None => Owner(format!("a:{}", self.client)),
        }
    }

    /// Whether `owner` is this caller's: the public visitor itself; a logged-in visitor's user,
    /// and what the same visitor owned before logging in (their token carries that visitor id,
    /// so nothing opens to them that their own visitor token did not open already); any visitor
    /// of a service account's own site.
    pub fn owns(&self, owner: &str) -> bool {
        if let Some(login) = &self.login {
            return owner == Owner::user(&login.user_id).as_str() || owner == Owner::visitor(&self.subject).as_str();
        }
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
        Caller::new(PUBLIC_CLIENT, id)
    }

    fn user(visitor_id: &str, user_id: &str) -> Caller {
        let login = Login {
            user_id: user_id.into(),
            session_id: "s1".into(),
            phone: "01712345678".into(),
            second_factor: false,
        };
        Caller { login: Some(login), ..visitor(visitor_id) }
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
    fn a_logged_in_visitor_acts_for_their_user_only() {
        let a = user("va", "user-a");
        assert_eq!(a.owner(), Owner::user("user-a"));
        assert_eq!(a.acting_for(Some("user-a"), Some("va")).unwrap(), Owner::user("user-a"));
        assert_eq!(a.acting_for(None, None).unwrap(), Owner::user("user-a"));
        assert!(matches!(a.acting_for(Some("user-b"), None), Err(ApiError::Forbidden(_))));
        assert!(matches!(a.acting_for(None, Some("vb")), Err(ApiError::Forbidden(_))));
        assert!(matches!(a.check_named(Some("user-b"), None), Err(ApiError::Forbidden(_))));
        assert!(a.owns("u:user-a") && a.owns("v:va"), "the user's, and the same visitor's from before the login");
        assert!(!a.owns("u:user-b") && !a.owns("v:vb") && !a.owns("a:web"));
        assert!(!visitor("va").owns("u:user-a"), "the visitor's token without the login is not the user");
        assert_ne!(a.scope(), visitor("va").scope());
        assert_eq!(a.scope(), user("another-visitor", "user-a").scope(), "the user's keys, from any visitor");
    }

    #[test]
    fn a_service_account_acts_for_its_own_sites_visitors() {
        let partner = Caller::new("partner", "agent");
        let owner = partner.acting_for(None, Some("guest-7")).unwrap();
        assert!(partner.owns(owner.as_str()));
        assert!(!visitor("guest-7").owns(owner.as_str()), "a public visitor of the same name is someone else");
        let other = Caller::new("partnerx", "agent");
        assert!(!other.owns(owner.as_str()), "a longer account name is another account");
        assert!(matches!(partner.acting_for(None, None), Err(ApiError::BadRequest(_))));
    }
}
